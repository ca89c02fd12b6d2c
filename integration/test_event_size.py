"""Events larger than their transport takes are reduced, never lost (docs/configuration.md, "Event size").

One spark-submit driver per transport runs integration/jobs/wide_write_job.py: a write of 990 columns, each the sum
of 12 of 120 input columns, whose events carry about 2 MiB of column lineage. The HTTP endpoint refuses bodies over
1 MiB with 413 (as API gateways do); the Kafka broker takes records of at most 1 MiB (``message.max.bytes``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

import headwater
from integration.lineage_server import LineageServer
from integration.support import JOBS, spark_submit
from tests.support import spark_versions
from tests.support.events import runs_by_id
from tests.support.kafka_broker import MESSAGE_MAX_BYTES
from tests.support.openlineage_schema import validate_event

if TYPE_CHECKING:
    from pathlib import Path

    from tests.support.kafka_broker import KafkaBroker

MIB = 1024 * 1024
REDUCED = "headwater_eventReduced"


def _submit(tmp_path: Path, transport: list[str]) -> dict[str, Any]:
    finished = spark_submit(
        [
            "--jars", headwater.jar_path(),
            "--driver-memory", "1g",
            "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
            "--conf", f"spark.openlineage.spool.dir={tmp_path / 'spool'}",
            "--conf", "spark.openlineage.namespace=event-size-tests",
            # the column lineage of the wide write must not be skipped on a loaded machine
            "--conf", "spark.openlineage.columnLineage.timeBudgetMillis=600000",
            *transport,
            str(JOBS / "wide_write_job.py"), str(tmp_path),
        ],
        cwd=tmp_path,
        master="local[1]",
        timeout=900,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    [status] = [line.split(" ", 1)[1] for line in finished.stdout.splitlines() if line.startswith("STATUS ")]
    return dict(json.loads(status))


def _assert_every_run_whole_and_the_wide_write_reduced(events: list[dict[str, Any]], tmp_path: Path) -> None:
    for event in events:
        validate_event(event)
    runs = runs_by_id(events)
    for run in runs.values():
        assert run[0]["eventType"] == "START", run[0]["job"]["name"]
        assert run[-1]["eventType"] in {"COMPLETE", "FAIL"}, run[0]["job"]["name"]
    wide_out = str(tmp_path / "wide_out")
    [wide] = [run for run in runs.values() if any(o["name"] == wide_out for e in run for o in e["outputs"])]
    assert [e["eventType"] for e in wide] == ["START", "COMPLETE"]
    facets = [e["run"]["facets"][REDUCED] for e in wide]
    for event, facet in zip(wide, facets, strict=True):
        assert [d["name"] for d in event["inputs"]] == [str(tmp_path / "wide_in")]
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
    small = [run for run in runs.values() if any(o["name"] == str(tmp_path / "small_out") for o in run[-1]["outputs"])]
    assert small and all(REDUCED not in e["run"]["facets"] for run in small for e in run)


def test_http_413_reduces_the_event_and_every_run_is_accepted(tmp_path: Path) -> None:
    with LineageServer(max_body=MIB) as server:
        status = _submit(
            tmp_path,
            [
                "--conf",
                "spark.openlineage.transport.type=http",
                "--conf",
                f"spark.openlineage.transport.url={server.url}",
            ],
        )
        refused = [r for r in server.requests if len(r.body) > MIB]
        accepted = server.events()
    assert refused, "the wide write's first event is refused as too large"
    assert all(len(r.body) <= MIB for r in server.accepted)
    _assert_every_run_whole_and_the_wide_write_reduced(accepted, tmp_path)
    assert status["dropped"] == 0
    assert status["spooled"] == 0
    assert status["reduced"] >= 2


@pytest.mark.kafka
def test_kafka_broker_refusal_is_learnt_and_the_broker_takes_every_run(
    kafka_broker: KafkaBroker, tmp_path: Path
) -> None:
    """The producer's ``max.request.size`` is 4 MiB, above the broker's ``message.max.bytes`` (1 MiB): only the broker
    refuses the wide write's events (``RecordTooLargeException``); the agent learns its limit and sends them reduced."""
    topic = "openlineage-event-size"
    status = _submit(
        tmp_path,
        [
            "--packages", str(spark_versions.CONNECTOR.kafka),
            "--conf", "spark.openlineage.transport.type=kafka",
            "--conf", f"spark.openlineage.transport.topicName={topic}",
            "--conf", f"spark.openlineage.transport.properties.bootstrap.servers={kafka_broker.bootstrap_servers}",
            "--conf", f"spark.openlineage.transport.properties.max.request.size={4 * MIB}",
        ],
    )  # fmt: skip
    values = [value for _, value in kafka_broker.consume(topic)]
    assert all(len(value.encode()) <= MESSAGE_MAX_BYTES for value in values)
    _assert_every_run_whole_and_the_wide_write_reduced([json.loads(v) for v in values], tmp_path)
    assert status["reduced"] >= 2
    assert status["dropped"] == 0
