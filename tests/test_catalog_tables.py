"""Session-catalog and Hive tables (Hive metastore on embedded Derby): identity, symlinks, lifecycle, one run each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets
from tests.support.spark_versions import PLANNING


def warehouse(spark: SparkSession) -> str:
    """The warehouse location as the symlink namespace: a file: URI without trailing slash."""
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/")


def table_path(spark: SparkSession, table: str) -> str:
    location = spark.sql(f"DESCRIBE TABLE EXTENDED {table}").where("col_name = 'Location'").collect()[0]["data_type"]
    return location.removeprefix("file:")


def only_runs(lineage: LineageLog, spark: SparkSession) -> list[list[dict[str, Any]]]:
    runs = list(child_runs(lineage.events(spark)).values())
    for evs in runs:
        assert [e["eventType"] for e in evs] in (["START", "COMPLETE"], ["START", "FAIL"])
        assert len({e["job"]["name"] for e in evs}) == 1
    return runs


def lifecycle(dataset: dict[str, Any]) -> str | None:
    return (dataset["facets"].get("lifecycleStateChange") or {}).get("lifecycleStateChange")


def symlinks(dataset: dict[str, Any]) -> list[dict[str, str]]:
    return dataset["facets"]["symlinks"]["identifiers"]


@pytest.fixture
def db(spark_session: SparkSession, request: pytest.FixtureRequest) -> str:
    name = "hw_" + request.node.name.replace("[", "_").replace("]", "").replace("-", "_")[:40]
    spark_session.sql(f"CREATE DATABASE IF NOT EXISTS {name}")
    yield name
    spark_session.sql(f"DROP DATABASE IF EXISTS {name} CASCADE")


def test_ctas_is_one_run_with_symlink_and_create(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.createDataFrame([(1, "a"), (2, "b")], "id INT, name STRING").write.saveAsTable(f"{db}.src")
    src = table_path(spark_session, f"{db}.src")
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE TABLE {db}.dst USING parquet AS SELECT id, upper(name) AS name FROM {db}.src")

    runs = only_runs(lineage, spark_session)
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    complete = runs[0][-1]
    dst = table_path(spark_session, f"{db}.dst")
    assert complete["job"]["name"] == f"{APP_JOB}.execute_create_data_source_table_as_select_command.{db}_dst"
    assert datasets(complete, "inputs") == [("file", src)]
    assert datasets(complete, "outputs") == [("file", dst)]
    output = complete["outputs"][0]
    assert symlinks(output) == [{"namespace": warehouse(spark_session), "name": f"{db}.dst", "type": "TABLE"}]
    assert symlinks(complete["inputs"][0]) == [
        {"namespace": warehouse(spark_session), "name": f"{db}.src", "type": "TABLE"}
    ]
    assert lifecycle(output) == "CREATE"
    assert output["facets"]["schema"]["fields"] == [
        {"name": "id", "type": "integer"},
        {"name": "name", "type": "string"},
    ]


@pytest.mark.parametrize(("mode", "state"), [("errorifexists", "CREATE"), ("overwrite", "OVERWRITE"), ("append", None)])
def test_save_as_table_modes(
    spark_session: SparkSession, lineage: LineageLog, db: str, mode: str, state: str | None
) -> None:
    if mode != "errorifexists":
        spark_session.range(1).write.saveAsTable(f"{db}.t")
        lineage.mark(spark_session)

    spark_session.range(3).write.mode(mode).saveAsTable(f"{db}.t")

    runs = only_runs(lineage, spark_session)
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    output = runs[0][-1]["outputs"]
    assert datasets(runs[0][-1], "outputs") == [("file", table_path(spark_session, f"{db}.t"))]
    assert lifecycle(output[0]) == state
    suffix = f"{db}_t" if PLANNING.save_as_table_keeps_case else f"{db.lower()}_t"
    assert runs[0][0]["job"]["name"] == f"{APP_JOB}.{PLANNING.save_as_table_root}.{suffix}"


def test_insert_into_and_overwrite_partitions(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.src (id INT, d STRING) USING parquet")
    spark_session.sql(f"INSERT INTO {db}.src VALUES (1, 'x'), (2, 'y')")
    spark_session.sql(f"CREATE TABLE {db}.p (id INT, d STRING) USING parquet PARTITIONED BY (d)")
    lineage.mark(spark_session)

    spark_session.sql(f"INSERT INTO {db}.p PARTITION (d = 'x') SELECT id FROM {db}.src")
    spark_session.sql(f"INSERT OVERWRITE TABLE {db}.p PARTITION (d) SELECT id, d FROM {db}.src")

    runs = only_runs(lineage, spark_session)
    p = table_path(spark_session, f"{db}.p")
    src = table_path(spark_session, f"{db}.src")
    assert [(datasets(e[-1], "inputs"), datasets(e[-1], "outputs"), lifecycle(e[-1]["outputs"][0])) for e in runs] == [
        ([("file", src)], [("file", p)], None),
        ([("file", src)], [("file", p)], "OVERWRITE"),
    ]
    assert {e[0]["job"]["name"] for e in runs} == {f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{db}_p"}


@pytest.mark.usefixtures("ddl_runs")
def test_ddl_lifecycle_as_runs(spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path) -> None:
    """With staticLineage.ddl=run_event, DDL is a START/COMPLETE run with lifecycleStateChange (the static default is
    in tests/test_static_lineage.py)."""
    spark_session.sql(f"CREATE TABLE {db}.t (id INT) USING parquet")
    spark_session.sql(f"ALTER TABLE {db}.t ADD COLUMNS (note STRING)")
    spark_session.sql(f"INSERT INTO {db}.t VALUES (1, 'n')")
    spark_session.sql(f"TRUNCATE TABLE {db}.t")
    spark_session.sql(f"ALTER TABLE {db}.t RENAME TO {db}.t2")
    spark_session.sql(f"DROP TABLE {db}.t2")
    spark_session.sql(f"CREATE TABLE {db}.t3 (id INT) USING parquet")
    moved = tmp_path / "moved"
    spark_session.sql(f"ALTER TABLE {db}.t3 SET LOCATION '{moved}'")

    runs = only_runs(lineage, spark_session)
    wh = warehouse(spark_session).removeprefix("file:")
    t, t2 = f"{wh}/{db}.db/t", f"{wh}/{db}.db/t2"
    summary = [
        (e[-1]["job"]["name"].split(".", 1)[1], datasets(e[-1], "outputs"), lifecycle(e[-1]["outputs"][0]))
        for e in runs
    ]
    assert summary == [
        (f"execute_create_data_source_table_command.{db}_t", [("file", t)], "CREATE"),
        (f"execute_alter_table_add_columns_command.{db}_t", [("file", t)], "ALTER"),
        (f"execute_insert_into_hadoop_fs_relation_command.{db}_t", [("file", t)], None),
        (f"execute_truncate_table_command.{db}_t", [("file", t)], "TRUNCATE"),
        (f"execute_alter_table_rename_command.{db}_t2", [("file", t2)], "RENAME"),
        (f"drop_table.{db}_t2", [("file", t2)], "DROP"),
        (f"execute_create_data_source_table_command.{db}_t3", [("file", f"{wh}/{db}.db/t3")], "CREATE"),
        (f"execute_alter_table_set_location_command.{db}_t3", [("file", str(moved))], "ALTER"),
    ]
    create, add_columns = runs[0][-1]["outputs"][0], runs[1][-1]["outputs"][0]
    assert create["facets"]["schema"]["fields"] == [{"name": "id", "type": "integer"}]
    assert add_columns["facets"]["schema"]["fields"] == [
        {"name": "id", "type": "integer"},
        {"name": "note", "type": "string"},
    ]
    rename = runs[4][-1]["outputs"][0]["facets"]["lifecycleStateChange"]
    assert rename["previousIdentifier"] == {"namespace": "file", "name": t}
    for event in runs[4]:  # the renamed table keeps its schema, on START as on COMPLETE
        assert event["outputs"][0]["facets"]["schema"]["fields"] == [
            {"name": "id", "type": "integer"},
            {"name": "note", "type": "string"},
        ]


def test_load_data(spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path) -> None:
    spark_session.sql(f"CREATE TABLE {db}.lines (line STRING) STORED AS TEXTFILE")
    source = tmp_path / "incoming.txt"
    source.write_text("one\ntwo\n")
    lineage.mark(spark_session)

    spark_session.sql(f"LOAD DATA LOCAL INPATH '{source}' OVERWRITE INTO TABLE {db}.lines")

    (run,) = only_runs(lineage, spark_session)
    assert datasets(run[-1], "inputs") == [("file", str(source))]
    assert datasets(run[-1], "outputs") == [("file", table_path(spark_session, f"{db}.lines"))]
    assert lifecycle(run[-1]["outputs"][0]) == "OVERWRITE"
    assert spark_session.table(f"{db}.lines").count() == 2


@pytest.mark.usefixtures("ddl_runs")
def test_hive_tables(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.h1 (id INT, name STRING) STORED AS PARQUET")
    spark_session.sql(f"CREATE TABLE {db}.htext (id INT, name STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY ','")
    spark_session.sql(f"INSERT INTO {db}.htext VALUES (1, 'a'), (2, 'b')")
    spark_session.sql(f"INSERT INTO {db}.h1 SELECT * FROM {db}.htext")
    spark_session.sql(f"CREATE TABLE {db}.h2 STORED AS ORC AS SELECT id FROM {db}.h1")
    assert spark_session.sql(f"SELECT count(*) AS n FROM {db}.htext").collect()[0]["n"] == 2

    runs = only_runs(lineage, spark_session)
    path = {t: table_path(spark_session, f"{db}.{t}") for t in ("h1", "htext", "h2")}
    summary = [(datasets(e[-1], "inputs"), datasets(e[-1], "outputs")) for e in runs]
    assert summary == [
        ([], [("file", path["h1"])]),
        ([], [("file", path["htext"])]),
        ([], [("file", path["htext"])]),
        ([("file", path["htext"])], [("file", path["h1"])]),
        ([("file", path["h1"])], [("file", path["h2"])]),
        ([("file", path["htext"])], []),
    ]
    assert lifecycle(runs[0][-1]["outputs"][0]) == "CREATE"
    assert lifecycle(runs[4][-1]["outputs"][0]) == "CREATE"
    for evs in runs:
        for dataset in evs[-1]["inputs"] + evs[-1]["outputs"]:
            assert symlinks(dataset)[0]["namespace"] == warehouse(spark_session)


def test_temp_views_and_cached_dataframes(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    path = tmp_path / "events"
    spark_session.range(10).write.parquet(str(path))
    spark_session.read.parquet(str(path)).createOrReplaceTempView("events_view")
    cached = spark_session.read.parquet(str(path)).where("id > 2").cache()
    assert cached.count() == 7
    lineage.mark(spark_session)

    assert spark_session.sql("SELECT count(*) AS n FROM events_view").collect()[0]["n"] == 10
    assert cached.where("id > 5").count() == 4
    cached.unpersist()

    runs = only_runs(lineage, spark_session)
    assert [datasets(evs[-1], "inputs") for evs in runs] == [[("file", str(path))], [("file", str(path))]]


def test_schema_inference_reads_emit_nothing(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    csv_dir, json_dir = tmp_path / "csv", tmp_path / "json"
    df = spark_session.createDataFrame([(1, "a"), (2, "b")], "id INT, name STRING")
    df.write.option("header", True).csv(str(csv_dir))
    df.write.json(str(json_dir))
    lineage.mark(spark_session)

    inferred = spark_session.read.csv(str(csv_dir), header=True, inferSchema=True)
    sampled = spark_session.read.json(str(json_dir))
    assert inferred.schema.simpleString() == "struct<id:int,name:string>"
    assert sampled.schema.simpleString() == "struct<id:bigint,name:string>"
    assert only_runs(lineage, spark_session) == []

    assert inferred.count() == 2  # the user's own read is still a run
    (run,) = only_runs(lineage, spark_session)
    assert datasets(run[-1], "inputs") == [("file", str(csv_dir))]


@pytest.mark.usefixtures("ddl_runs")
def test_failing_ddl_and_ctas_end_with_fail(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.exists (id INT) USING parquet")
    lineage.mark(spark_session)

    with pytest.raises(Exception, match="already exists"):
        spark_session.sql(f"CREATE TABLE {db}.exists (id INT) USING parquet")
    with pytest.raises(Exception, match="no negative ids"):
        spark_session.sql(
            f"CREATE TABLE {db}.broken USING parquet AS "
            "SELECT IF(id < 3, id, raise_error('no negative ids')) AS id FROM range(5)"
        )

    runs = only_runs(lineage, spark_session)
    assert [[e["eventType"] for e in evs] for evs in runs] == [["START", "FAIL"], ["START", "FAIL"]]
    assert "already exists" in runs[0][-1]["run"]["facets"]["errorMessage"]["message"]
    assert "no negative ids" in runs[1][-1]["run"]["facets"]["errorMessage"]["message"]
    assert runs[1][-1]["job"]["name"] == f"{APP_JOB}.execute_create_data_source_table_as_select_command.{db}_broken"


def test_hive_directory_inserts_write_the_directory(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    spark_session.sql(f"CREATE TABLE {db}.src (id INT, name STRING) STORED AS PARQUET")
    spark_session.sql(f"INSERT INTO {db}.src VALUES (1, 'a'), (2, 'b')")
    src = table_path(spark_session, f"{db}.src")
    values_dir, select_dir = tmp_path / "dirs" / "values_out", tmp_path / "dirs" / "select_out"
    lineage.mark(spark_session)

    spark_session.sql(f"INSERT OVERWRITE DIRECTORY '{values_dir}' USING hive VALUES (1, 'a'), (2, 'b')")
    spark_session.sql(
        f"INSERT OVERWRITE DIRECTORY '{select_dir}' STORED AS TEXTFILE SELECT id, upper(name) AS up FROM {db}.src"
    )

    runs = only_runs(lineage, spark_session)
    assert [evs[-1]["job"]["name"] for evs in runs] == [
        f"{APP_JOB}.execute_insert_into_hive_dir_command.dirs_values_out",
        f"{APP_JOB}.execute_insert_into_hive_dir_command.dirs_select_out",
    ]
    values, select = (evs[-1] for evs in runs)
    assert datasets(values, "inputs") == []
    assert datasets(values, "outputs") == [("file", str(values_dir))]
    assert datasets(select, "inputs") == [("file", src)]
    assert datasets(select, "outputs") == [("file", str(select_dir))]
    for event in (values, select):
        output = event["outputs"][0]
        assert output["facets"]["dataSource"]["uri"] == "file:///"
        assert lifecycle(output) == "OVERWRITE"
        assert output["facets"]["catalog"]["framework"] == "hive"
        assert output["outputFacets"]["outputStatistics"]["rowCount"] == 2
    assert [f["name"] for f in values["outputs"][0]["facets"]["schema"]["fields"]] == ["col1", "col2"]
    lineage_fields = select["outputs"][0]["facets"]["columnLineage"]["fields"]
    assert {name: [i["field"] for i in f["inputFields"]] for name, f in lineage_fields.items()} == {
        "id": ["id"],
        "up": ["name"],
    }
    assert any(select_dir.iterdir())  # the write really happened
