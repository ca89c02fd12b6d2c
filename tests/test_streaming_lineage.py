"""End-to-end: a structured streaming query on the shared session is one STREAMING run.

START with the first micro-batch, RUNNING after each micro-batch, COMPLETE when the query stops (FAIL when it dies).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.utils import StreamingQueryException

from tests.support.column_lineage import exact_facet, facet_of
from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, only_run, schema_fields
from tests.support.streams import start_foreach_batch

NAMESPACE = "headwater-tests"
STREAMING_JOB_TYPE = {"jobType": "SQL_JOB", "processingType": "STREAMING", "integration": "SPARK"}
SCHEMA = "id INT, city STRING"
SCHEMA_FACET = [{"name": "id", "type": "integer"}, {"name": "city", "type": "string"}]


def write_json_rows(directory: Path, name: str, rows: list[tuple[int, str]]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    staging = directory.parent / f".{name}.tmp"
    staging.write_text("".join(f'{{"id": {i}, "city": "{c}"}}\n' for i, c in rows))
    staging.rename(directory / name)  # appear atomically, as a file source expects


def assert_streaming_job(event: dict[str, Any], name: str) -> None:
    assert event["job"]["name"] == name
    assert event["job"]["namespace"] == NAMESPACE
    assert event["job"]["facets"]["jobType"] == {**event["job"]["facets"]["jobType"], **STREAMING_JOB_TYPE}


def test_file_source_to_file_sink_is_one_run_with_running_per_micro_batch(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "arrivals"
    write_json_rows(source, "a.json", [(1, "Oslo"), (2, "Lima")])
    write_json_rows(source, "b.json", [(3, "Pune")])
    out = tmp_path / "out"
    stream = spark_session.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1).json(str(source))

    query = (
        stream.where("id > 0")
        .writeStream.format("parquet")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .start(str(out))
    )
    query.awaitTermination()

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "RUNNING", "COMPLETE"]  # two files, one per batch
    assert len({e["run"]["runId"] for e in run}) == 1
    app_start = next(e for e in lineage.all_events() if e["job"]["name"] == APP_JOB and e["eventType"] == "START")
    for event in run:
        assert_streaming_job(event, f"{APP_JOB}.write_to_micro_batch_data_source_v1.{tmp_path.name}_out")
        assert datasets(event, "inputs") == [("file", str(source))]
        assert datasets(event, "outputs") == [("file", str(out))]
        assert schema_fields(event["inputs"][0]) == SCHEMA_FACET
        assert schema_fields(event["outputs"][0]) == SCHEMA_FACET
        assert event["run"]["facets"]["parent"]["run"]["runId"] == app_start["run"]["runId"]
    assert spark_session.read.parquet(str(out)).count() == 3
    # statistics: each RUNNING has its micro-batch's rows (a.json's 2, then b.json's 1), COMPLETE the totals
    assert [row_counts(event) for event in run] == [(None, None), (2, 2), (1, 1), (3, 3)]
    complete = run[-1]["outputs"][0]["outputFacets"]["outputStatistics"]
    assert complete["size"] == sum(part.stat().st_size for part in out.glob("part-*.parquet"))


def row_counts(event: dict[str, Any]) -> tuple[int | None, int | None]:
    """The event's (input rowCount, output rowCount), None where it has no statistics facet."""
    read = (event["inputs"][0].get("inputFacets") or {}).get("inputStatistics") or {}
    written = (event["outputs"][0].get("outputFacets") or {}).get("outputStatistics") or {}
    return read.get("rowCount"), written.get("rowCount")


def test_stop_ends_a_named_query_with_complete(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "clicks"
    write_json_rows(source, "1.json", [(1, "Rome")])
    out = tmp_path / "clicks_csv"

    query = (
        spark_session.readStream.schema(SCHEMA)
        .json(str(source))
        .writeStream.queryName("clicksToCsv")
        .format("csv")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(processingTime="100 milliseconds")
        .start(str(out))
    )
    try:
        query.processAllAvailable()
        write_json_rows(source, "2.json", [(2, "Kyiv")])
        query.processAllAvailable()
    finally:
        query.stop()

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "RUNNING", "COMPLETE"]
    for event in run:
        assert_streaming_job(event, f"{APP_JOB}.clicks_to_csv.{tmp_path.name}_clicks_csv")
        assert datasets(event, "inputs") == [("file", str(source))]
        assert datasets(event, "outputs") == [("file", str(out))]


def test_foreach_batch_writes_are_the_queries_outputs(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "orders"
    write_json_rows(source, "o.json", [(1, "Baku"), (2, "Doha")])
    parquet_out = tmp_path / "orders_parquet"
    json_out = tmp_path / "orders_json"

    def write_both(batch: DataFrame, batch_id: int) -> None:
        batch.write.mode("append").parquet(str(parquet_out))
        batch.where("id > 1").write.mode("append").json(str(json_out))

    query = start_foreach_batch(spark_session, SCHEMA, source, "orders_fan_out", write_both, tmp_path / "checkpoint")
    query.awaitTermination()

    run = only_run(lineage.events(spark_session))  # the batch's two writes are no runs of their own
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "COMPLETE"]
    start, running, complete = run
    for event in run:
        assert_streaming_job(event, f"{APP_JOB}.orders_fan_out")
        assert datasets(event, "inputs") == [("file", str(source))]
    # the writes the function makes are only known once the batch has run them
    assert datasets(start, "outputs") == []
    for event in (running, complete):
        assert datasets(event, "outputs") == [("file", str(parquet_out)), ("file", str(json_out))]
        assert [schema_fields(o) for o in event["outputs"]] == [SCHEMA_FACET, SCHEMA_FACET]
    assert spark_session.read.parquet(str(parquet_out)).count() == 2


def test_foreach_batch_writing_one_dataset_counts_each_row_once(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "refunds"
    write_json_rows(source, "a.json", [(1, "Lagos"), (2, "Quito")])
    write_json_rows(source, "b.json", [(3, "Hanoi")])
    out = tmp_path / "refunds_parquet"

    def write_one(batch: DataFrame, batch_id: int) -> None:
        batch.write.mode("append").parquet(str(out))

    query = start_foreach_batch(
        spark_session, SCHEMA, source, "refunds_copy", write_one, tmp_path / "checkpoint", maxFilesPerTrigger=1
    )
    query.awaitTermination()

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "RUNNING", "COMPLETE"]
    assert spark_session.read.parquet(str(out)).count() == 3
    # the batch's own write is its only output: its rows are counted once, per micro-batch and in the total
    assert [row_counts(event) for event in run[1:]] == [(2, 2), (1, 1), (3, 3)]


def test_failing_query_gives_fail_with_error_message(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "payments"
    write_json_rows(source, "p.json", [(1, "Accra")])

    def reject(batch: DataFrame, batch_id: int) -> None:
        raise RuntimeError(f"payment batch {batch_id} rejected")

    query = start_foreach_batch(spark_session, SCHEMA, source, "payments", reject, tmp_path / "checkpoint")
    with pytest.raises(StreamingQueryException, match="payment batch 0 rejected"):
        query.awaitTermination()

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "FAIL"]
    fail = run[1]
    assert_streaming_job(fail, f"{APP_JOB}.payments")
    assert datasets(fail, "inputs") == [("file", str(source))]
    error = fail["run"]["facets"]["errorMessage"]
    # the exception's text before its first stack frame: here py4j's wrapper with the Python traceback inside
    assert error["message"].startswith("py4j.Py4JException: An exception was raised by the Python Proxy.")
    assert error["message"].rstrip().endswith("RuntimeError: payment batch 0 rejected")
    assert "\tat " not in error["message"]
    assert error["stackTrace"].startswith(error["message"])
    assert "\tat org.apache.spark.sql.execution.streaming" in error["stackTrace"]
    assert error["programmingLanguage"] == "JAVA"


def test_query_that_runs_no_micro_batch_emits_nothing(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "empty"
    source.mkdir()

    query = (
        spark_session.readStream.schema(SCHEMA)
        .json(str(source))
        .writeStream.format("parquet")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .start(str(tmp_path / "never"))
    )
    query.awaitTermination()

    assert query.lastProgress is None or query.lastProgress["numInputRows"] == 0
    assert child_runs(lineage.events(spark_session)) == {}


def test_text_stream_source_is_not_taken_for_schema_inference(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "lines"
    source.mkdir()
    (source / "l.txt").write_text("first\nsecond\n")
    out = tmp_path / "lines_json"

    query = (
        spark_session.readStream.text(str(source))
        .writeStream.format("json")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .start(str(out))
    )
    query.awaitTermination()

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "COMPLETE"]
    for event in run:
        assert_streaming_job(event, f"{APP_JOB}.write_to_micro_batch_data_source_v1.{tmp_path.name}_lines_json")
        assert datasets(event, "inputs") == [("file", str(source))]
        assert datasets(event, "outputs") == [("file", str(out))]
        assert schema_fields(event["outputs"][0]) == [{"name": "value", "type": "string"}]


def test_to_table_names_the_catalog_table_with_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    """``writeStream.toTable`` into a parquet catalog table: the output is the table as a batch write names it (its
    location with the ``db.table`` symlink), not a bare path, with the stream's column lineage. Must not: the ``city``
    column only filters, so it is a dataset-wide FILTER source and no field's."""
    source = tmp_path / "trips"
    write_json_rows(source, "t.json", [(1, "Oslo"), (2, "Lima")])
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_stream_tables")
    spark_session.sql("CREATE TABLE hw_stream_tables.trips (id INT, twice INT) USING parquet")
    warehouse = spark_session.conf.get("spark.sql.warehouse.dir").rstrip("/")
    try:
        query = (
            spark_session.readStream.schema(SCHEMA)
            .json(str(source))
            .where("city <> 'Lima'")
            .selectExpr("id", "id * 2 AS twice")
            .writeStream.format("parquet")
            .option("checkpointLocation", str(tmp_path / "checkpoint"))
            .trigger(availableNow=True)
            .toTable("hw_stream_tables.trips")
        )
        query.awaitTermination()
        run = only_run(lineage.events(spark_session))
        rows = [tuple(r) for r in spark_session.table("hw_stream_tables.trips").collect()]
    finally:
        spark_session.sql("DROP DATABASE hw_stream_tables CASCADE")

    assert rows == [(1, 2)]
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "COMPLETE"]
    for event in run:
        assert_streaming_job(event, f"{APP_JOB}.write_to_micro_batch_data_source_v1.hw_stream_tables_trips")
        assert datasets(event, "outputs") == [("file", f"{warehouse.removeprefix('file:')}/hw_stream_tables.db/trips")]
        output = event["outputs"][0]
        assert output["facets"]["symlinks"]["identifiers"] == [
            {"namespace": warehouse, "name": "hw_stream_tables.trips", "type": "TABLE"}
        ]
        assert facet_of(output) == exact_facet(
            "file", str(source), {"id": [("id", "ID")], "twice": [("id", "TR")]}, dataset=[("city", "FILTER")]
        )
