"""The Python static-lineage API on the shared session: emit_job_event, emit_dataset_event, emit."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from openlineage.client import event_v2
from openlineage.client.facet_v2 import documentation_job, tags_job, tags_run
from pyspark.sql import SparkSession

import headwater
from tests.support.events import LineageLog, datasets

APP = "headwater_tests"
JOB_EVENT = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/JobEvent"
DATASET_EVENT = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetEvent"


def warehouse(spark: SparkSession) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/")


def table_path(spark: SparkSession, table: str) -> str:
    location = spark.sql(f"DESCRIBE TABLE EXTENDED {table}").where("col_name = 'Location'").collect()[0]["data_type"]
    return location.removeprefix("file:")


def not_application(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e.get("job", {}).get("name") != APP]


@pytest.fixture
def db(spark_session: SparkSession) -> str:
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_static_api")
    yield "hw_static_api"
    spark_session.sql("DROP DATABASE IF EXISTS hw_static_api CASCADE")


def test_emit_job_event_declares_lineage_without_running(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    flights_dir = tmp_path / "flights"
    spark_session.createDataFrame([("AA", 3), ("UA", 5)], "carrier STRING, delay INT").write.parquet(str(flights_dir))
    spark_session.createDataFrame([("AA", "American")], "code STRING, name STRING").write.saveAsTable(f"{db}.airlines")
    flights = spark_session.read.parquet(str(flights_dir))
    airlines = spark_session.table(f"{db}.airlines")
    report = flights.join(airlines, flights.carrier == airlines.code).groupBy("name").sum("delay")
    sc = spark_session.sparkContext
    lineage.mark(spark_session)

    sc.setJobGroup("hw-declared", "emit_job_event must not run a job")
    try:
        returned = headwater.emit_job_event(
            spark_session,
            report,
            job_name="nightly.delay_report",
            output=f"{db}.delay_report",
            facets={"documentation": documentation_job.DocumentationJobFacet(description="Delays per airline")},
        )
    finally:
        # setJobGroup sets three local properties; a description left behind would name every later execution
        for prop in ("spark.jobGroup.id", "spark.job.description", "spark.job.interruptOnCancel"):
            sc.setLocalProperty(prop, None)  # type: ignore[arg-type]

    assert list(sc.statusTracker().getJobIdsForGroup("hw-declared")) == []  # nothing was executed
    events = not_application(lineage.events(spark_session))
    assert events == [returned]  # one event, the JobEvent, exactly as returned; no run
    event = returned
    assert event["schemaURL"] == JOB_EVENT
    assert event["job"]["namespace"] == "headwater-tests"
    assert event["job"]["name"] == "nightly.delay_report"
    assert event["job"]["facets"]["jobType"]["jobType"] == "JOB"
    assert event["job"]["facets"]["documentation"]["description"] == "Delays per airline"
    airlines_path = table_path(spark_session, f"{db}.airlines")
    assert datasets(event, "inputs") == [("file", str(flights_dir)), ("file", airlines_path)]
    assert datasets(event, "outputs") == [
        ("file", f"{warehouse(spark_session).removeprefix('file:')}/{db}.db/delay_report")
    ]
    output = event["outputs"][0]
    assert output["facets"]["symlinks"]["identifiers"] == [
        {"namespace": warehouse(spark_session), "name": f"{db}.delay_report", "type": "TABLE"}
    ]
    assert output["facets"]["schema"]["fields"] == [
        {"name": "name", "type": "string"},
        {"name": "sum(delay)", "type": "long"},
    ]
    fields = output["facets"]["columnLineage"]["fields"]
    assert [(f["name"], f["field"]) for f in fields["name"]["inputFields"]] == [(airlines_path, "name")]
    assert [(f["name"], f["field"]) for f in fields["sum(delay)"]["inputFields"]] == [(str(flights_dir), "delay")]


def test_emit_job_event_to_a_path_and_namespace(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "src"
    spark_session.range(3).write.parquet(str(source))
    lineage.mark(spark_session)

    event = headwater.emit_job_event(
        spark_session,
        spark_session.read.parquet(str(source)),
        job_name="copy",
        output=str(tmp_path / "dst"),
        namespace="etl",
    )

    assert (event["job"]["namespace"], event["job"]["name"]) == ("etl", "copy")
    assert datasets(event, "inputs") == [("file", str(source))]
    assert datasets(event, "outputs") == [("file", str(tmp_path / "dst"))]
    assert not_application(lineage.events(spark_session)) == [event]


def test_emit_job_event_bad_input_emits_nothing(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    with pytest.raises(headwater.LineageError, match="no input dataset could be resolved from the DataFrame's plan"):
        headwater.emit_job_event(spark_session, spark_session.range(5), job_name="j", output=str(tmp_path / "o"))
    source = tmp_path / "src"
    spark_session.range(1).write.parquet(str(source))
    lineage.mark(spark_session)
    df = spark_session.read.parquet(str(source))
    with pytest.raises(headwater.LineageError, match="job_name must be a non-empty string"):
        headwater.emit_job_event(spark_session, df, job_name=" ", output="x")
    with pytest.raises(headwater.LineageError, match=re.escape("'no such..name' is neither a table name nor a path")):
        headwater.emit_job_event(spark_session, df, job_name="j", output="no such..name")
    with pytest.raises(headwater.LineageError, match="facet 'doc' has no _schemaURL"):
        headwater.emit_job_event(spark_session, df, job_name="j", output="db.t", facets={"doc": {"description": "x"}})
    with pytest.raises(TypeError, match="df must be a pyspark DataFrame"):
        headwater.emit_job_event(spark_session, "SELECT 1", job_name="j", output="db.t")  # type: ignore[arg-type]
    assert not_application(lineage.events(spark_session)) == []


def test_emit_dataset_event_for_a_table_and_a_path(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    spark_session.sql(f"CREATE TABLE {db}.users (id INT, email STRING) USING parquet")
    files = tmp_path / "files"
    spark_session.createDataFrame([(1, 2.5)], "k INT, v DOUBLE").write.parquet(str(files))
    lineage.mark(spark_session)

    table_event = headwater.emit_dataset_event(
        spark_session, f"{db}.users", tags={"pii": True, "meta": {"nr_config": {"team": "X"}}}
    )
    path_event = headwater.emit_dataset_event(spark_session, str(files))

    assert not_application(lineage.events(spark_session)) == [table_event, path_event]
    assert table_event["schemaURL"] == DATASET_EVENT
    dataset = table_event["dataset"]
    assert (dataset["namespace"], dataset["name"]) == ("file", table_path(spark_session, f"{db}.users"))
    assert dataset["facets"]["schema"]["fields"] == [
        {"name": "id", "type": "integer"},
        {"name": "email", "type": "string"},
    ]
    assert dataset["facets"]["symlinks"]["identifiers"] == [
        {"namespace": warehouse(spark_session), "name": f"{db}.users", "type": "TABLE"}
    ]
    assert dataset["facets"]["tags"]["tags"] == [
        {"key": "pii", "value": "true", "source": "USER"},
        {"key": "meta_nr_config_team", "value": "X", "source": "USER"},
    ]
    assert (path_event["dataset"]["namespace"], path_event["dataset"]["name"]) == ("file", str(files))
    assert path_event["dataset"]["facets"]["schema"]["fields"] == [
        {"name": "k", "type": "integer"},
        {"name": "v", "type": "double"},
    ]


def test_emit_dataset_event_unknown_dataset_emits_nothing(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    with pytest.raises(
        headwater.LineageError, match=re.escape("no table named 'nowhere.nothing' exists in the catalog")
    ):
        headwater.emit_dataset_event(spark_session, "nowhere.nothing")
    missing = tmp_path / "missing"
    with pytest.raises(headwater.LineageError, match=f"path '{missing}' does not exist"):
        headwater.emit_dataset_event(spark_session, str(missing))
    assert not_application(lineage.events(spark_session)) == []


def test_emit_any_openlineage_python_event(spark_session: SparkSession, lineage: LineageLog) -> None:
    producer = "https://example.com/my-scheduler"
    run_event = event_v2.RunEvent(
        eventType=event_v2.RunState.COMPLETE,
        eventTime="2026-01-02T03:04:05.000Z",
        run=event_v2.Run(
            runId=str(uuid.uuid4()),
            facets={"tags": tags_run.TagsRunFacet(tags=[tags_run.TagsRunFacetFields("Attempt", "1", "SCHEDULER")])},
        ),
        job=event_v2.Job(
            namespace="scheduler",
            name="load",
            facets={"tags": tags_job.TagsJobFacet(tags=[tags_job.TagsJobFacetFields("team", "x", "SCHEDULER")])},
        ),
        producer=producer,
        inputs=[event_v2.InputDataset("file", "/in")],
        outputs=[event_v2.OutputDataset("file", "/out")],
    )
    job_event = event_v2.JobEvent(
        eventTime="2026-01-02T03:04:05.000Z", job=event_v2.Job(namespace="scheduler", name="load"), producer=producer
    )
    dataset_event = event_v2.DatasetEvent(
        eventTime="2026-01-02T03:04:05.000Z", dataset=event_v2.StaticDataset("file", "/out"), producer=producer
    )

    returned = [headwater.emit(spark_session, e) for e in (run_event, job_event, dataset_event)]

    events = not_application(lineage.events(spark_session))
    assert events == returned
    assert [e["schemaURL"].rsplit("/", 1)[1] for e in events] == ["RunEvent", "JobEvent", "DatasetEvent"]
    assert events[0]["run"]["facets"]["tags"]["tags"] == [{"key": "Attempt", "value": "1", "source": "SCHEDULER"}]
    assert events[0]["producer"] == producer
    assert datasets(events[0], "outputs") == [("file", "/out")]
    with pytest.raises(TypeError, match=re.escape("emit() takes an openlineage.client.event_v2")):
        headwater.emit(spark_session, {"eventType": "START"})
