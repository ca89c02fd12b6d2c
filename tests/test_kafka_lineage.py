"""End-to-end: Kafka reads and writes through Spark's Kafka connector, batch and streaming, against a real broker.

The broker is the session-scoped ``kafka_broker`` (tests/support/kafka_broker.py, Apache Kafka in KRaft mode on
loopback); the connector (``spark-sql-kafka-0-10`` of the running Spark line) is on the shared session's
``spark.jars.packages`` (tests/support/spark_versions.py). Every topic is named per the OpenLineage naming spec:
namespace ``kafka://<first bootstrap server>``, name the topic.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, schema_fields

if TYPE_CHECKING:
    from pathlib import Path

    from pyspark.sql import DataFrame, SparkSession

    from tests.support.kafka_broker import KafkaBroker

pytestmark = pytest.mark.kafka

WRITE_JOB = f"{APP_JOB}.execute_save_into_data_source_command"
# The Kafka source's fixed schema (without headers), as the schema facet gives it.
KAFKA_RECORD_FIELDS = [
    {"name": "key", "type": "binary"},
    {"name": "value", "type": "binary"},
    {"name": "topic", "type": "string"},
    {"name": "partition", "type": "integer"},
    {"name": "offset", "type": "long"},
    {"name": "timestamp", "type": "timestamp"},
    {"name": "timestampType", "type": "integer"},
]


def write(spark: SparkSession, broker: KafkaBroker, rows: list[tuple[str, str]], topic: str | None) -> None:
    """Write ``rows`` (key, value) with a batch Kafka write; ``topic`` None: each row's ``topic`` column decides."""
    frame = spark.createDataFrame(rows, "key STRING, value STRING")
    writer = frame.write.format("kafka").option("kafka.bootstrap.servers", broker.bootstrap_servers)
    if topic is not None:
        writer = writer.option("topic", topic)
    writer.save()


def read(spark: SparkSession, broker: KafkaBroker, **options: str) -> DataFrame:
    """A batch Kafka read with ``options`` (subscribe, assign or subscribePattern)."""
    reader = spark.read.format("kafka").option("kafka.bootstrap.servers", broker.bootstrap_servers)
    for key, value in options.items():
        reader = reader.option(key, value)
    return reader.load()


def records(frame: DataFrame) -> list[tuple[str, str, str]]:
    """(topic, key, value) of each record, sorted."""
    rows = frame.selectExpr("topic", "CAST(key AS STRING)", "CAST(value AS STRING)").collect()
    return sorted((r[0], r[1], r[2]) for r in rows)


def dataset_ids(run: list[dict[str, Any]], side: str) -> set[tuple[str, str]]:
    """Every (namespace, name) of one side over all events of a run."""
    return {d for event in run for d in datasets(event, side)}


def runs_with(events: list[dict[str, Any]], side: str) -> list[list[dict[str, Any]]]:
    """The runs with any dataset on ``side``."""
    return [run for run in child_runs(events).values() if dataset_ids(run, side)]


def test_batch_write_and_subscribe_read_name_the_topic(
    spark_session: SparkSession, lineage: LineageLog, kafka_broker: KafkaBroker
) -> None:
    write(spark_session, kafka_broker, [("k1", "Oslo"), ("k2", "Lima")], "orders")
    assert records(read(spark_session, kafka_broker, subscribe="orders")) == [
        ("orders", "k1", "Oslo"),
        ("orders", "k2", "Lima"),
    ]

    events = lineage.events(spark_session)
    [write_run] = runs_with(events, "outputs")
    assert {e["job"]["name"] for e in write_run} == {WRITE_JOB}
    assert dataset_ids(write_run, "outputs") == {(kafka_broker.namespace, "orders")}
    assert dataset_ids(write_run, "inputs") == set()
    output = next(d for e in write_run if e["eventType"] == "COMPLETE" for d in e["outputs"])
    assert schema_fields(output) == [{"name": "key", "type": "string"}, {"name": "value", "type": "string"}]
    assert output["facets"]["dataSource"]["uri"] == kafka_broker.namespace

    [read_run] = runs_with(events, "inputs")
    assert dataset_ids(read_run, "inputs") == {(kafka_broker.namespace, "orders")}
    read_input = next(d for e in read_run if e["eventType"] == "COMPLETE" for d in e["inputs"])
    assert schema_fields(read_input) == KAFKA_RECORD_FIELDS


def test_assign_names_every_assigned_topic_and_a_pattern_names_none(
    spark_session: SparkSession, lineage: LineageLog, kafka_broker: KafkaBroker
) -> None:
    write(spark_session, kafka_broker, [("a", "1")], "stock-eu")
    write(spark_session, kafka_broker, [("b", "2")], "stock-us")
    lineage.mark(spark_session)

    assigned = read(spark_session, kafka_broker, assign=json.dumps({"stock-eu": [0], "stock-us": [0]}))
    assert records(assigned) == [("stock-eu", "a", "1"), ("stock-us", "b", "2")]
    [assign_run] = runs_with(lineage.events(spark_session), "inputs")
    assert dataset_ids(assign_run, "inputs") == {
        (kafka_broker.namespace, "stock-eu"),
        (kafka_broker.namespace, "stock-us"),
    }

    # A batch read by pattern: the topics it matches are listed by the executors' consumers, not the plan, so it has
    # no input (docs/supported-operations.md) — no made-up dataset named after the pattern; a read of nothing with no
    # output is no run at all.
    lineage.mark(spark_session)
    assert records(read(spark_session, kafka_broker, subscribePattern="stock-.*")) == [
        ("stock-eu", "a", "1"),
        ("stock-us", "b", "2"),
    ]
    assert runs_with(lineage.events(spark_session), "inputs") == []


def test_write_routed_by_a_topic_column_names_no_output(
    spark_session: SparkSession, lineage: LineageLog, kafka_broker: KafkaBroker
) -> None:
    frame = spark_session.createDataFrame([("routed-a", "k", "v")], "topic STRING, key STRING, value STRING")
    frame.write.format("kafka").option("kafka.bootstrap.servers", kafka_broker.bootstrap_servers).save()

    # the topics are data, known only as the rows are written: no output, and a write with no dataset is no run
    assert runs_with(lineage.events(spark_session), "outputs") == []
    assert records(read(spark_session, kafka_broker, subscribe="routed-a")) == [("routed-a", "k", "v")]


def test_streaming_query_from_a_pattern_to_a_topic(
    spark_session: SparkSession, lineage: LineageLog, kafka_broker: KafkaBroker, tmp_path: Path
) -> None:
    write(spark_session, kafka_broker, [("1", "north")], "clicks-web")
    write(spark_session, kafka_broker, [("2", "south"), ("3", "east")], "clicks-app")
    lineage.mark(spark_session)

    stream = (
        spark_session.readStream.format("kafka")
        .option("kafka.bootstrap.servers", kafka_broker.bootstrap_servers)
        .option("subscribePattern", "clicks-.*")
        .option("startingOffsets", "earliest")
        .load()
    )
    query = (
        stream.selectExpr("key", "upper(CAST(value AS STRING)) AS value")
        .writeStream.format("kafka")
        .option("kafka.bootstrap.servers", kafka_broker.bootstrap_servers)
        .option("topic", "clicks-upper")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .start()
    )
    query.awaitTermination()
    assert query.exception() is None

    runs = child_runs(lineage.events(spark_session))
    [run] = [r for r in runs.values() if r[0]["job"]["facets"]["jobType"]["processingType"] == "STREAMING"]
    assert run[0]["eventType"] == "START"
    assert run[-1]["eventType"] == "COMPLETE"
    # the topics the pattern matched when the micro-batch was planned, not the pattern
    assert dataset_ids(run, "inputs") == {
        (kafka_broker.namespace, "clicks-web"),
        (kafka_broker.namespace, "clicks-app"),
    }
    assert dataset_ids(run, "outputs") == {(kafka_broker.namespace, "clicks-upper")}
    output = next(d for e in run for d in e.get("outputs") or [])
    assert schema_fields(output) == [{"name": "key", "type": "binary"}, {"name": "value", "type": "string"}]

    assert records(read(spark_session, kafka_broker, subscribe="clicks-upper")) == [
        ("clicks-upper", "1", "NORTH"),
        ("clicks-upper", "2", "SOUTH"),
        ("clicks-upper", "3", "EAST"),
    ]


def test_a_cluster_id_starting_with_a_dash_formats_the_broker_storage(tmp_path: Path) -> None:
    """One random KRaft cluster id in 64 starts with ``-``; passed as a separate argument, ``kafka-storage`` took it
    for an option and the session's broker failed to start (CI on 53f338d). It formats like any other id."""
    from tests.support import kafka_broker as broker

    _, config = broker.write_config(tmp_path)
    cluster_id = "-" + broker.new_cluster_id()[1:]
    broker.format_storage(["java", "-cp", f"{broker.ensure_resolved()}/*"], config, cluster_id)
    meta = (tmp_path / "data" / "meta.properties").read_text()
    assert f"cluster.id={cluster_id}\n" in meta
