"""Static lineage from Spark: DatasetEvents for metadata-only DDL, a JobEvent for a view definition (the default
``spark.openlineage.staticLineage.ddl=dataset_event``); the run-event mode is tested beside the runs it produces
(tests/test_catalog_tables.py, tests/test_v2_lineage.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets

DATASET_EVENT = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetEvent"
JOB_EVENT = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/JobEvent"


def warehouse(spark: SparkSession) -> str:
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/")


def execution_runs(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return list(child_runs(events).values())


def dataset_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = [e for e in events if "dataset" in e]
    for event in found:
        assert event["schemaURL"] == DATASET_EVENT
        assert "run" not in event and "job" not in event
    return found


def lifecycle(dataset: dict[str, Any]) -> str | None:
    return (dataset["facets"].get("lifecycleStateChange") or {}).get("lifecycleStateChange")


@pytest.fixture
def db(spark_session: SparkSession, request: pytest.FixtureRequest) -> str:
    name = "hws_" + request.node.name[:40]
    spark_session.sql(f"CREATE DATABASE IF NOT EXISTS {name}")
    yield name
    spark_session.sql(f"DROP DATABASE IF EXISTS {name} CASCADE")


def test_metadata_ddl_emits_dataset_events(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    lineage.mark(spark_session)
    spark_session.sql(f"CREATE TABLE {db}.t (id INT) USING parquet")
    spark_session.sql(f"ALTER TABLE {db}.t ADD COLUMNS (note STRING)")
    spark_session.sql(f"ALTER TABLE {db}.t SET TBLPROPERTIES ('quality' = 'gold')")
    spark_session.sql(f"ALTER TABLE {db}.t UNSET TBLPROPERTIES ('quality')")
    spark_session.sql(f"COMMENT ON TABLE {db}.t IS 'daily flights'")
    spark_session.sql(f"ALTER TABLE {db}.t ALTER COLUMN note COMMENT 'free text'")
    spark_session.sql(f"INSERT INTO {db}.t VALUES (1, 'n')")  # moves data: still a run
    spark_session.sql(f"TRUNCATE TABLE {db}.t")  # removes data: still a run
    spark_session.sql(f"ALTER TABLE {db}.t RENAME TO {db}.t2")
    spark_session.sql(f"DROP TABLE {db}.t2")
    spark_session.sql(f"CREATE TABLE {db}.t3 (id INT) USING parquet")
    moved = tmp_path / "moved"
    spark_session.sql(f"ALTER TABLE {db}.t3 SET LOCATION '{moved}'")

    events = lineage.events(spark_session)
    wh = warehouse(spark_session)
    t, t2 = f"{wh.removeprefix('file:')}/{db}.db/t", f"{wh.removeprefix('file:')}/{db}.db/t2"
    static = dataset_events(events)
    summary = [(e["dataset"]["namespace"], e["dataset"]["name"], lifecycle(e["dataset"])) for e in static]
    assert summary == [
        ("file", t, "CREATE"),
        ("file", t, "ALTER"),
        ("file", t, "ALTER"),
        ("file", t, "ALTER"),
        ("file", t, "ALTER"),
        ("file", t, "ALTER"),
        ("file", t2, "RENAME"),
        ("file", t2, "DROP"),
        ("file", f"{t}3", "CREATE"),
        ("file", str(moved), "ALTER"),
    ]
    create, add, *_ = static
    assert create["dataset"]["facets"]["schema"]["fields"] == [{"name": "id", "type": "integer"}]
    assert add["dataset"]["facets"]["schema"]["fields"] == [
        {"name": "id", "type": "integer"},
        {"name": "note", "type": "string"},
    ]
    assert create["dataset"]["facets"]["symlinks"]["identifiers"] == [
        {"namespace": wh, "name": f"{db}.t", "type": "TABLE"}
    ]
    comment = static[5]["dataset"]["facets"]["schema"]["fields"]
    assert comment == [
        {"name": "id", "type": "integer"},
        {"name": "note", "type": "string", "description": "free text"},
    ]
    assert static[6]["dataset"]["facets"]["lifecycleStateChange"]["previousIdentifier"] == {
        "namespace": "file",
        "name": t,
    }
    runs = execution_runs(events)
    assert [(r[-1]["job"]["name"].split(".")[1], datasets(r[-1], "outputs")) for r in runs] == [
        ("execute_insert_into_hadoop_fs_relation_command", [("file", t)]),
        ("execute_truncate_table_command", [("file", t)]),
    ]


def test_create_table_over_existing_files_reports_the_schema_spark_infers(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    files = tmp_path / "flights"
    spark_session.createDataFrame([("AA", 12)], "carrier STRING, delay INT").write.parquet(str(files))
    lineage.mark(spark_session)
    spark_session.sql(f"CREATE TABLE {db}.over_files USING parquet LOCATION '{files}'")

    (event,) = dataset_events(lineage.events(spark_session))
    assert (event["dataset"]["name"], lifecycle(event["dataset"])) == (str(files), "CREATE")
    assert event["dataset"]["facets"]["schema"]["fields"] == [
        {"name": "carrier", "type": "string"},
        {"name": "delay", "type": "integer"},
    ]


def test_failed_ddl_emits_nothing(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.exists (id INT) USING parquet")
    lineage.mark(spark_session)

    with pytest.raises(Exception, match="already exists"):
        spark_session.sql(f"CREATE TABLE {db}.exists (id INT) USING parquet")

    assert [e for e in lineage.events(spark_session) if e.get("job", {}).get("name") != APP_JOB] == []


def test_v2_create_and_drop_emit_dataset_events(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.static.orders (id INT, region STRING)")
    spark_session.sql("DROP TABLE testcat.static.orders")

    events = lineage.events(spark_session)
    create, drop = dataset_events(events)
    assert (create["dataset"]["namespace"], create["dataset"]["name"], lifecycle(create["dataset"])) == (
        "testcat",
        "static.orders",
        "CREATE",
    )
    assert create["dataset"]["facets"]["schema"]["fields"] == [
        {"name": "id", "type": "integer"},
        {"name": "region", "type": "string"},
    ]
    assert (drop["dataset"]["name"], lifecycle(drop["dataset"])) == ("static.orders", "DROP")
    assert execution_runs(events) == []


def test_create_view_emits_a_job_event(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.flights (carrier STRING, delay INT) USING parquet")
    spark_session.sql(f"INSERT INTO {db}.flights VALUES ('AA', 3)")
    src = spark_session.sql(f"DESCRIBE TABLE EXTENDED {db}.flights").where("col_name = 'Location'").collect()[0][1]
    lineage.mark(spark_session)

    spark_session.sql(
        f"CREATE VIEW {db}.delays (airline, total) AS SELECT carrier, sum(delay) AS s FROM {db}.flights GROUP BY carrier"
    )
    spark_session.sql(f"CREATE TEMP VIEW temp_delays AS SELECT * FROM {db}.flights")  # not a dataset: no event

    events = lineage.events(spark_session)
    assert execution_runs(events) == []
    (job_event,) = [e for e in events if e["schemaURL"] == JOB_EVENT]
    assert "run" not in job_event
    wh = warehouse(spark_session)
    assert job_event["job"]["name"] == f"{APP_JOB}.execute_create_view_command.{db}_delays"
    assert job_event["job"]["namespace"] == "headwater-tests"
    assert job_event["job"]["facets"]["jobType"] == {**job_event["job"]["facets"]["jobType"], "jobType": "VIEW"}
    assert (
        job_event["job"]["facets"]["sql"]["query"]
        == f"SELECT carrier, sum(delay) AS s FROM {db}.flights GROUP BY carrier"
    )
    assert datasets(job_event, "inputs") == [("file", src.removeprefix("file:"))]
    assert datasets(job_event, "outputs") == [(wh, f"{db}.delays")]
    view = job_event["outputs"][0]
    assert view["facets"]["schema"]["fields"] == [
        {"name": "airline", "type": "string"},
        {"name": "total", "type": "long"},
    ]
    fields = view["facets"]["columnLineage"]["fields"]
    assert sorted(fields) == ["airline", "total"]
    assert [(f["name"], f["field"]) for f in fields["total"]["inputFields"]] == [(src.removeprefix("file:"), "delay")]
    assert fields["total"]["inputFields"][0]["transformations"][0]["subtype"] == "AGGREGATION"


def test_v2_alter_table_emits_dataset_events_with_the_new_state(
    spark_session: SparkSession, lineage: LineageLog
) -> None:
    spark_session.sql("CREATE TABLE testcat.static.accounts (id INT)")
    spark_session.sql("INSERT INTO testcat.static.accounts VALUES (1)")
    lineage.mark(spark_session)

    spark_session.sql("ALTER TABLE testcat.static.accounts SET TBLPROPERTIES ('openlineage.tags.tier' = 'gold')")
    spark_session.sql("ALTER TABLE testcat.static.accounts ADD COLUMNS (email STRING)")
    spark_session.sql("COMMENT ON TABLE testcat.static.accounts IS 'customer accounts'")

    events = lineage.events(spark_session)
    assert execution_runs(events) == []
    props, add, comment = (e["dataset"] for e in dataset_events(events))
    for dataset in (props, add, comment):
        assert (dataset["namespace"], dataset["name"], lifecycle(dataset)) == ("testcat", "static.accounts", "ALTER")
        assert dataset["facets"]["tags"]["tags"] == [{"key": "tier", "value": "gold", "source": "SPARK"}]
    assert props["facets"]["schema"]["fields"] == [{"name": "id", "type": "integer"}]
    assert add["facets"]["schema"]["fields"] == [{"name": "id", "type": "integer"}, {"name": "email", "type": "string"}]
    assert "documentation" not in add["facets"]
    assert comment["facets"]["documentation"]["description"] == "customer accounts"
    assert spark_session.table("testcat.static.accounts").collect()[0].asDict() == {"id": 1, "email": None}
    spark_session.sql("DROP TABLE testcat.static.accounts")


@pytest.mark.usefixtures("ddl_runs")
def test_create_view_as_a_run_with_run_event(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.src (id INT) USING parquet")
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE VIEW {db}.v AS SELECT id FROM {db}.src")

    events = lineage.events(spark_session)
    assert [e for e in events if "run" not in e] == []
    (run,) = execution_runs(events)
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    assert run[-1]["job"]["name"] == f"{APP_JOB}.execute_create_view_command.{db}_v"
    assert datasets(run[-1], "outputs") == [(warehouse(spark_session), f"{db}.v")]
