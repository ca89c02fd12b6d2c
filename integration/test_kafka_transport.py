"""The ``kafka`` transport: a spark-submit driver delivers its events to a topic of a real broker on loopback.

The broker is the session-scoped ``kafka_broker`` (tests/support/kafka_broker.py); kafka-clients reaches the driver's
class path through ``--packages`` with Spark's Kafka connector, as docs/configuration.md says. The events are read back
by Kafka's own console consumer.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

import headwater
from integration.support import JOBS, spark_submit, write_flights_csv
from tests.support import spark_versions
from tests.support.events import datasets, runs_by_id
from tests.support.openlineage_schema import validate_event

if TYPE_CHECKING:
    from pathlib import Path

    from tests.support.kafka_broker import KafkaBroker

pytestmark = pytest.mark.kafka

TOPIC = "openlineage-events"


def test_kafka_transport_delivers_every_event_keyed_by_run(kafka_broker: KafkaBroker, tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    target = tmp_path / "out"
    result = tmp_path / "result.json"
    finished = spark_submit(
        [
            "--jars", headwater.jar_path(),
            "--packages", str(spark_versions.CONNECTOR.kafka),
            "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
            "--conf", "spark.openlineage.transport.type=kafka",
            "--conf", f"spark.openlineage.transport.topicName={TOPIC}",
            "--conf", f"spark.openlineage.transport.properties.bootstrap.servers={kafka_broker.bootstrap_servers}",
            "--conf", "spark.openlineage.namespace=kafka-transport-tests",
            str(JOBS / "etl_job.py"), str(source), str(target), str(result),
        ],
        cwd=tmp_path,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert json.loads(result.read_text())[0] == {"carrier": "AA", "total_delay": 15}

    records = kafka_broker.consume(TOPIC)
    events = [json.loads(value) for _, value in records]
    for event in events:
        validate_event(event)
    runs = runs_by_id(events)
    [app] = [evs for evs in runs.values() if evs[0]["job"]["name"] == "integration_etl"]
    assert [e["eventType"] for e in app] == ["START", "COMPLETE"]
    children = [evs for evs in runs.values() if evs[0]["job"]["name"] != "integration_etl"]
    write_name = f"integration_etl.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out"
    [write] = [evs for evs in children if evs[0]["job"]["name"] == write_name]
    assert [e["eventType"] for e in write] == ["START", "COMPLETE"]
    assert datasets(write[-1], "inputs") == [("file", str(source))]
    assert datasets(write[-1], "outputs") == [("file", str(target))]
    assert all(e["job"]["namespace"] == "kafka-transport-tests" for evs in children for e in evs)

    # every record is keyed by the run's root job (the application, for the child runs), so one application's
    # events land in one partition, in order
    keys = {key for key, _ in records}
    assert keys == {"run:kafka-transport-tests/integration_etl"}
