"""Events larger than their transport takes are reduced, never lost (docs/configuration.md, "Event size").

One spark-submit driver runs integration/jobs/wide_write_job.py: a write of 990 columns, each the sum of 12 of 120
input columns, whose events carry about 2 MiB of column lineage. Its transport is a ``composite`` of three destinations,
each with its own size budget, so each case below is one destination of that single run:

- ``http``: an endpoint that refuses bodies over 1 MiB with 413 (as API gateways do): the budget is learnt;
- ``broker``: Kafka with the producer's ``max.request.size`` at 4 MiB, above the test broker's ``message.max.bytes``
  (1 MiB), so only the broker refuses (``RecordTooLargeException``): the budget is learnt;
- ``producer``: Kafka with ``max.request.size`` at 768 KiB: the budget is the producer's, taken before any send.

On a Spark line without Kafka connector the composite has the ``http`` child alone, and the Kafka cases are skipped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

import headwater
from integration.lineage_server import LineageServer, Request
from integration.support import JOBS, spark_submit
from tests.support import spark_versions
from tests.support.events import runs_by_id
from tests.support.kafka_broker import MESSAGE_MAX_BYTES
from tests.support.openlineage_schema import validate_event

if TYPE_CHECKING:
    from pathlib import Path

    from tests.support.kafka_broker import KafkaBroker

KIB = 1024
MIB = 1024 * KIB
REDUCED = "headwater_eventReduced"
BROKER_TOPIC = "openlineage-event-size-broker"
PRODUCER_TOPIC = "openlineage-event-size-producer"
PRODUCER_MAX_REQUEST_SIZE = 768 * KIB
KAFKA_RECORD_OVERHEAD = 1024
"""What the agent keeps of ``max.request.size`` for a record's key and framing (docs/configuration.md)."""


@dataclass
class WideWrite:
    """The single driver's run: its work directory, ``headwater.status`` at its end, what the HTTP endpoint was sent,
    and the number of destinations of its composite transport."""

    work: Path
    status: dict[str, Any]
    requests: list[Request]
    accepted: list[Request]
    destinations: int


def _kafka_child(name: str, topic: str, broker: KafkaBroker, max_request_size: int) -> list[str]:
    prefix = f"spark.openlineage.transport.transports.{name}"
    return [
        "--conf", f"{prefix}.type=kafka",
        "--conf", f"{prefix}.topicName={topic}",
        "--conf", f"{prefix}.properties.bootstrap.servers={broker.bootstrap_servers}",
        "--conf", f"{prefix}.properties.max.request.size={max_request_size}",
    ]  # fmt: skip


@pytest.fixture(scope="module")
def wide_write(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> WideWrite:
    work = tmp_path_factory.mktemp("event-size")
    kafka: list[str] = []
    if not spark_versions.CONNECTOR.no_kafka:
        broker: KafkaBroker = request.getfixturevalue("kafka_broker")
        kafka = [
            "--packages", str(spark_versions.CONNECTOR.kafka),
            *_kafka_child("broker", BROKER_TOPIC, broker, 4 * MIB),
            *_kafka_child("producer", PRODUCER_TOPIC, broker, PRODUCER_MAX_REQUEST_SIZE),
        ]  # fmt: skip
    with LineageServer(max_body=MIB) as server:
        finished = spark_submit(
            [
                "--jars", headwater.jar_path(),
                "--driver-memory", "1g",
                "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
                "--conf", f"spark.openlineage.spool.dir={work / 'spool'}",
                "--conf", "spark.openlineage.namespace=event-size-tests",
                # the column lineage of the wide write must not be skipped on a loaded machine
                "--conf", "spark.openlineage.columnLineage.timeBudgetMillis=600000",
                "--conf", "spark.openlineage.transport.type=composite",
                "--conf", "spark.openlineage.transport.transports.http.type=http",
                "--conf", f"spark.openlineage.transport.transports.http.url={server.url}",
                *kafka,
                str(JOBS / "wide_write_job.py"), str(work),
            ],
            cwd=work,
            master="local[1]",
            timeout=900,
        )  # fmt: skip
        requests, accepted = list(server.requests), list(server.accepted)
    assert finished.returncode == 0, finished.stderr[-3000:]
    [status] = [line.split(" ", 1)[1] for line in finished.stdout.splitlines() if line.startswith("STATUS ")]
    return WideWrite(work, dict(json.loads(status)), requests, accepted, 3 if kafka else 1)


def _wide_write_reduced(events: list[dict[str, Any]], work: Path) -> list[dict[str, Any]]:
    """Checks that every run is whole and that the wide write's START and COMPLETE were reduced alike, keeping their
    input and output; returns their ``headwater_eventReduced`` facets."""
    for event in events:
        validate_event(event)
    runs = runs_by_id(events)
    for run in runs.values():
        assert run[0]["eventType"] == "START", run[0]["job"]["name"]
        assert run[-1]["eventType"] in {"COMPLETE", "FAIL"}, run[0]["job"]["name"]
    wide_out = str(work / "wide_out")
    [wide] = [run for run in runs.values() if any(o["name"] == wide_out for e in run for o in e["outputs"])]
    assert [e["eventType"] for e in wide] == ["START", "COMPLETE"]
    facets = [e["run"]["facets"][REDUCED] for e in wide]
    for event, facet in zip(wide, facets, strict=True):
        assert [d["name"] for d in event["inputs"]] == [str(work / "wide_in")]
        assert [d["name"] for d in event["outputs"]] == [wide_out]
        assert facet["originalSizeBytes"] > 2 * MIB * 0.9
        assert facet["budgetBytes"] < facet["originalSizeBytes"]
        assert "columnLineageFields" in facet["cuts"]
    assert facets[0]["cuts"] == facets[1]["cuts"]  # START and COMPLETE reduced the same way
    # the dataset-level column lineage still names the inputs of the write
    lineage = wide[-1]["outputs"][0]["facets"]["columnLineage"]
    assert lineage["fields"] == {}
    assert {f["field"] for f in lineage["dataset"]} >= {f"input_column_{i:03d}" for i in range(120)}
    # the small write is not changed
    small_out = str(work / "small_out")
    small = [run for run in runs.values() if any(o["name"] == small_out for o in run[-1]["outputs"])]
    assert small and all(REDUCED not in e["run"]["facets"] for run in small for e in run)
    return facets


def test_http_413_reduces_the_event_and_every_run_is_accepted(wide_write: WideWrite) -> None:
    refused = [r for r in wide_write.requests if len(r.body) > MIB]
    assert refused, "the wide write's first event is refused as too large"
    assert all(len(r.body) <= MIB for r in wide_write.accepted)
    _wide_write_reduced([r.event() for r in wide_write.accepted], wide_write.work)
    status = wide_write.status
    assert status["dropped"] == 0
    assert status["spooled"] == 0
    # the wide write's START and COMPLETE, counted once by each destination however often it refused them
    assert status["reduced"] == 2 * wide_write.destinations


@pytest.mark.kafka
def test_kafka_broker_refusal_is_learnt_and_the_broker_takes_every_run(
    wide_write: WideWrite, kafka_broker: KafkaBroker
) -> None:
    """The producer would send records of up to 4 MiB; the broker refuses those over 1 MiB, and the agent learns that."""
    values = [value for _, value in kafka_broker.consume(BROKER_TOPIC)]
    assert all(len(value.encode()) <= MESSAGE_MAX_BYTES for value in values)
    _wide_write_reduced([json.loads(v) for v in values], wide_write.work)


@pytest.mark.kafka
def test_kafka_events_fit_the_producer_max_request_size(wide_write: WideWrite, kafka_broker: KafkaBroker) -> None:
    """The budget is the producer's ``max.request.size`` less 1 KiB from the first event on: nothing is refused."""
    budget = PRODUCER_MAX_REQUEST_SIZE - KAFKA_RECORD_OVERHEAD
    values = [value for _, value in kafka_broker.consume(PRODUCER_TOPIC)]
    assert all(len(value.encode()) <= budget for value in values)
    for facet in _wide_write_reduced([json.loads(v) for v in values], wide_write.work):
        assert facet["budgetBytes"] == budget
