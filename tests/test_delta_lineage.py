"""Delta Lake tables on the shared session: DeltaCatalog as the session catalog, and path tables.

The Delta release of the running Spark line (4.4, ``delta-spark_4.1_2.13``, on the primary one; pulled by
``spark.jars.packages``) is configured by conftest.py from tests/support/spark_versions.py. A catalog
table is named like every session-catalog table: its location (``file`` + ``<warehouse>/<db>.db/<table>``) with a
``symlinks`` entry ``<db>.<table>`` in the warehouse namespace; a path table by its path. Outputs carry the
``version`` facet (the Delta table version after the operation) on the terminal event; reads carry the version they
read, time travel included. Delta's reads of its own transaction log are never inputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from tests.support.column_lineage import exact_facet, facet_of
from tests.support.events import APP_JOB, LineageLog, child_runs, schema_fields
from tests.support.table_runs import assert_datasets, lifecycle, only_run, symlinks, table_symlink, version

pytestmark = pytest.mark.delta

SCHEMA = [{"name": "id", "type": "integer"}, {"name": "v", "type": "string"}]


def warehouse(spark: SparkSession) -> str:
    """The warehouse location as Spark qualified it, the symlink namespace of session-catalog tables."""
    return spark.conf.get("spark.sql.warehouse.dir").rstrip("/")


@pytest.fixture
def db(spark_session: SparkSession, request: pytest.FixtureRequest) -> Iterator[str]:
    name = "hw_delta_" + re.sub(r"\W", "_", request.node.name.removeprefix("test_")).lower()[:40]
    spark_session.sql(f"CREATE DATABASE IF NOT EXISTS {name}")
    yield name
    spark_session.sql(f"DROP DATABASE IF EXISTS {name} CASCADE")


@pytest.fixture
def src(spark_session: SparkSession, tmp_path: Path) -> str:
    """A parquet source with the tables' schema, read through ``parquet.`path```."""
    path = str(tmp_path / "src")
    spark_session.createDataFrame([(1, "a"), (2, "b"), (3, "c")], SCHEMA_DDL).write.parquet(path)
    return path


SCHEMA_DDL = "id INT, v STRING"


def test_catalog_table_create_ctas_insert_overwrite_read_and_time_travel(
    spark_session: SparkSession, lineage: LineageLog, ddl_runs: None, db: str, src: str
) -> None:
    wh = warehouse(spark_session)
    events_path = f"{wh.removeprefix('file:')}/{db}.db/events"
    copy_path = f"{wh.removeprefix('file:')}/{db}.db/copy"
    events_link = table_symlink(wh, f"{db}.events")
    copy_link = table_symlink(wh, f"{db}.copy")
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE TABLE {db}.events ({SCHEMA_DDL}) USING delta")
    create = only_run(lineage, spark_session)
    spark_session.sql(f"CREATE TABLE {db}.copy USING delta AS SELECT * FROM parquet.`{src}`")
    ctas = only_run(lineage, spark_session)
    spark_session.sql(f"INSERT INTO {db}.events SELECT * FROM {db}.copy")
    insert = only_run(lineage, spark_session)
    spark_session.sql(f"INSERT OVERWRITE {db}.events SELECT * FROM {db}.copy WHERE id > 1")
    overwrite = only_run(lineage, spark_session)
    rows = spark_session.table(f"{db}.events").collect()
    read = only_run(lineage, spark_session)
    old_rows = spark_session.sql(f"SELECT * FROM {db}.events VERSION AS OF 1").collect()
    time_travel = only_run(lineage, spark_session)

    assert sorted(r.id for r in rows) == [2, 3]
    assert sorted(r.id for r in old_rows) == [1, 2, 3]

    assert_datasets(create, [], [("file", events_path)])
    assert create[-1]["job"]["name"] == f"{APP_JOB}.create_table.{db}_events"
    assert_datasets(ctas, [("file", src)], [("file", copy_path)])
    assert ctas[-1]["job"]["name"] == f"{APP_JOB}.atomic_create_table_as_select.{db}_copy"
    assert_datasets(insert, [("file", copy_path)], [("file", events_path)])
    assert insert[-1]["job"]["name"] == f"{APP_JOB}.append_data_exec_v1.{db}_events"
    assert_datasets(overwrite, [("file", copy_path)], [("file", events_path)])
    assert overwrite[-1]["job"]["name"] == f"{APP_JOB}.overwrite_by_expression_exec_v1.{db}_events"
    # (state, version after) per write: CREATE TABLE commits version 0 of an empty table
    for run, state, after in (
        (create, "CREATE", "0"),
        (ctas, "CREATE", "0"),
        (insert, None, "1"),
        (overwrite, "OVERWRITE", "2"),
    ):
        start, complete = run[0]["outputs"][0], run[-1]["outputs"][0]
        assert symlinks(complete) == (copy_link if run is ctas else events_link)
        assert schema_fields(complete) == SCHEMA
        assert lifecycle(start) == lifecycle(complete) == state
        assert version(start) is None  # known only once the write has committed
        assert version(complete) == after
    for run in (insert, overwrite):
        assert symlinks(run[-1]["inputs"][0]) == copy_link
        assert version(run[-1]["inputs"][0]) == "0"
    # the catalog facet of a Delta table of DeltaCatalog as openlineage-spark 1.53 gives it; the runs that create the
    # table have none (it is not in the catalog when their START is read, and DeltaCatalog also holds other tables)
    delta_catalog = {"framework": "delta", "type": "delta", "name": "spark_catalog", "source": "spark"}
    for run in (create, ctas):
        assert "catalog" not in run[-1]["outputs"][0]["facets"]
    for run in (insert, overwrite):
        facet = run[-1]["outputs"][0]["facets"]["catalog"]
        assert {k: v for k, v in facet.items() if not k.startswith("_")} == delta_catalog
    facet = read[-1]["inputs"][0]["facets"][
        "catalog"
    ]  # Headwater's reads have it too (openlineage-spark's: not always)
    assert {k: v for k, v in facet.items() if not k.startswith("_")} == delta_catalog
    identity = [{"type": "DIRECT", "subtype": "IDENTITY", "masking": False}]
    assert insert[-1]["outputs"][0]["facets"]["columnLineage"]["fields"] == {
        col: {"inputFields": [{"namespace": "file", "name": copy_path, "field": col, "transformations": identity}]}
        for col in ("id", "v")
    }

    assert_datasets(read, [("file", events_path)], [])
    assert_datasets(time_travel, [("file", events_path)], [])
    assert symlinks(read[-1]["inputs"][0]) == events_link
    assert schema_fields(read[-1]["inputs"][0]) == SCHEMA
    assert version(read[-1]["inputs"][0]) == "2"
    assert version(time_travel[-1]["inputs"][0]) == "1"


@pytest.mark.parametrize(
    ("mode", "state", "root", "after"),
    [
        ("errorifexists", "CREATE", "atomic_create_table_as_select", "0"),
        ("append", None, "append_data_exec_v1", "1"),
        ("overwrite", "OVERWRITE", "atomic_replace_table_as_select", "1"),
    ],
)
def test_save_as_table_modes(
    spark_session: SparkSession,
    lineage: LineageLog,
    db: str,
    src: str,
    mode: str,
    state: str | None,
    root: str,
    after: str,
) -> None:
    table_path = f"{warehouse(spark_session).removeprefix('file:')}/{db}.db/t"
    if mode != "errorifexists":
        spark_session.read.parquet(src).write.format("delta").saveAsTable(f"{db}.t")
    lineage.mark(spark_session)

    spark_session.read.parquet(src).write.format("delta").mode(mode).saveAsTable(f"{db}.t")

    run = only_run(lineage, spark_session)
    assert_datasets(run, [("file", src)], [("file", table_path)])
    assert run[-1]["job"]["name"] == f"{APP_JOB}.{root}.{db}_t"
    output = run[-1]["outputs"][0]
    assert symlinks(output) == table_symlink(warehouse(spark_session), f"{db}.t")
    assert schema_fields(output) == SCHEMA
    assert lifecycle(output) == state
    assert version(output) == after


def test_merge_update_delete_and_drop(
    spark_session: SparkSession, lineage: LineageLog, ddl_runs: None, db: str, src: str
) -> None:
    wh = warehouse(spark_session)
    target_path = f"{wh.removeprefix('file:')}/{db}.db/target"
    updates_path = f"{wh.removeprefix('file:')}/{db}.db/updates"
    spark_session.sql(f"CREATE TABLE {db}.target USING delta AS SELECT * FROM parquet.`{src}` WHERE id < 3")  # v0
    spark_session.sql(f"CREATE TABLE {db}.updates USING delta AS SELECT id, concat(v, '!') AS v FROM parquet.`{src}`")
    lineage.mark(spark_session)

    spark_session.sql(
        f"MERGE INTO {db}.target t USING {db}.updates s ON t.id = s.id "
        "WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *"
    )
    merge = only_run(lineage, spark_session)
    spark_session.sql(f"UPDATE {db}.target SET v = 'z' WHERE id = 1")
    update = only_run(lineage, spark_session)
    spark_session.sql(f"DELETE FROM {db}.target WHERE id = 2")
    delete = only_run(lineage, spark_session)
    rows = sorted(tuple(r) for r in spark_session.table(f"{db}.target").collect())
    lineage.mark(spark_session)
    spark_session.sql(f"DROP TABLE {db}.target")
    drop = only_run(lineage, spark_session)

    assert rows == [(1, "z"), (3, "c!")]
    target = [("file", target_path)]
    # MERGE reads the source and the target table; it writes the target
    assert_datasets(merge, [("file", updates_path), ("file", target_path)], target)
    assert merge[-1]["job"]["name"] == f"{APP_JOB}.execute_merge_into_command.{db}_target"
    assert [version(d) for d in merge[-1]["inputs"]] == ["0", "0"]
    assert symlinks(merge[-1]["inputs"][0]) == table_symlink(wh, f"{db}.updates")
    assert_datasets(update, target, target)
    assert update[-1]["job"]["name"] == f"{APP_JOB}.execute_update_command.{db}_target"
    assert_datasets(delete, target, target)
    assert delete[-1]["job"]["name"] == f"{APP_JOB}.execute_delete_command.{db}_target"
    # (run, version read, version written)
    for run, before, after in ((merge, "0", "1"), (update, "1", "2"), (delete, "2", "3")):
        output = run[-1]["outputs"][0]
        assert symlinks(output) == table_symlink(wh, f"{db}.target")
        assert schema_fields(output) == SCHEMA
        assert lifecycle(output) is None
        assert version(run[0]["outputs"][0]) is None
        assert version(output) == after
        assert version(run[-1]["inputs"][-1]) == before
        assert "columnLineage" in output["facets"]  # row-level writes: tests/test_row_level_lineage.py

    assert_datasets(drop, [], target)
    assert drop[-1]["job"]["name"] == f"{APP_JOB}.drop_table.{db}_target"
    assert lifecycle(drop[-1]["outputs"][0]) == "DROP"
    assert version(drop[-1]["outputs"][0]) is None


def test_partition_rewrites_and_create_or_replace_keep_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    """replaceWhere, dynamic partition overwrite (writer option, SQL in dynamic mode, overwritePartitions), a static
    INSERT OVERWRITE ... PARTITION and CREATE OR REPLACE TABLE ... AS SELECT: each output has the facet of its query.
    Must not: the source's ``note`` column, which no query reads, is never a source; a static partition value is a
    literal, so its field has no entry."""
    src = str(tmp_path / "wide")
    spark_session.createDataFrame(
        [(1, "a", "eu", "x"), (2, "b", "us", "y")], "id INT, v STRING, p STRING, note STRING"
    ).write.parquet(src)
    wh = warehouse(spark_session)
    table_path = f"{wh.removeprefix('file:')}/{db}.db/parts"
    copy_path = f"{wh.removeprefix('file:')}/{db}.db/copy"
    spark_session.sql(f"CREATE TABLE {db}.parts (id INT, v STRING, p STRING) USING delta PARTITIONED BY (p)")
    rows = spark_session.read.parquet(src).selectExpr("id", "upper(v) AS v", "p")
    lineage.mark(spark_session)

    rows.where("p = 'eu'").write.format("delta").mode("overwrite").option("replaceWhere", "p = 'eu'").saveAsTable(
        f"{db}.parts"
    )
    replace_where = only_run(lineage, spark_session)
    rows.write.format("delta").mode("overwrite").option("partitionOverwriteMode", "dynamic").saveAsTable(f"{db}.parts")
    dynamic_option = only_run(lineage, spark_session)
    spark_session.conf.set("spark.sql.sources.partitionOverwriteMode", "dynamic")
    try:
        spark_session.sql(f"INSERT OVERWRITE {db}.parts PARTITION (p) SELECT id, upper(v), p FROM parquet.`{src}`")
        dynamic_sql = only_run(lineage, spark_session)
    finally:
        spark_session.conf.unset("spark.sql.sources.partitionOverwriteMode")
    rows.writeTo(f"{db}.parts").overwritePartitions()
    overwrite_partitions = only_run(lineage, spark_session)
    spark_session.sql(f"INSERT OVERWRITE {db}.parts PARTITION (p = 'eu') SELECT id, upper(v) FROM parquet.`{src}`")
    static = only_run(lineage, spark_session)
    create_or_replace = []
    for _ in range(2):  # creates, then replaces
        spark_session.sql(
            f"CREATE OR REPLACE TABLE {db}.copy USING delta AS SELECT id, upper(v) AS v FROM parquet.`{src}`"
        )
        create_or_replace.append(only_run(lineage, spark_session))

    assert sorted(tuple(r) for r in spark_session.table(f"{db}.parts").collect()) == [
        (1, "A", "eu"),
        (2, "B", "eu"),
        (2, "B", "us"),
    ]
    written = {"id": [("id", "ID")], "v": [("v", "TR")], "p": [("p", "ID")]}
    for run, expected, state in (
        (replace_where, exact_facet("file", src, written, dataset=[("p", "FILTER")]), "OVERWRITE"),
        (dynamic_option, exact_facet("file", src, written), "OVERWRITE"),
        (dynamic_sql, exact_facet("file", src, written), "OVERWRITE"),
        (overwrite_partitions, exact_facet("file", src, written), "OVERWRITE"),
        (static, exact_facet("file", src, {"id": [("id", "ID")], "v": [("v", "TR")]}), "OVERWRITE"),
    ):
        assert_datasets(run, [("file", src)], [("file", table_path)])
        for event in run:
            output = event["outputs"][0]
            assert symlinks(output) == table_symlink(wh, f"{db}.parts")
            assert lifecycle(output) == state
            assert facet_of(output) == expected, run[-1]["job"]["name"]
    # Delta plans a dynamic overwrite as a command of its own; it writes the table like any overwrite
    for run in (dynamic_sql, overwrite_partitions):
        assert run[-1]["job"]["name"] == f"{APP_JOB}.execute_delta_dynamic_partition_overwrite_command.{db}_parts"
        assert version(run[-1]["outputs"][0]) is not None
    for run in create_or_replace:
        assert_datasets(run, [("file", src)], [("file", copy_path)])
        assert run[-1]["job"]["name"] == f"{APP_JOB}.atomic_replace_table_as_select.{db}_copy"
        assert facet_of(run[-1]["outputs"][0]) == exact_facet("file", src, {"id": [("id", "ID")], "v": [("v", "TR")]})


def test_stream_to_table_names_the_table_with_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    """``writeStream.toTable`` into a Delta table: the streaming run's output is the table, named as a batch write to
    it is, with the stream's column lineage. Must not: the source's ``note`` column, never selected, is no source."""
    source = tmp_path / "arrivals"
    source.mkdir()
    (source / "a.json").write_text('{"id": 1, "v": "a", "note": "x"}\n{"id": 2, "v": "b", "note": "y"}\n')
    wh = warehouse(spark_session)
    spark_session.sql(f"CREATE TABLE {db}.arrivals ({SCHEMA_DDL}) USING delta")
    lineage.mark(spark_session)

    query = (
        spark_session.readStream.schema("id INT, v STRING, note STRING")
        .json(str(source))
        .selectExpr("id * 10 AS id", "v")
        .writeStream.format("delta")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .toTable(f"{db}.arrivals")
    )
    query.awaitTermination()

    runs = list(child_runs(lineage.events(spark_session)).values())
    assert sorted(tuple(r) for r in spark_session.table(f"{db}.arrivals").collect()) == [(10, "a"), (20, "b")]
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    assert [e["eventType"] for e in runs[0]] == ["START", "RUNNING", "COMPLETE"]
    for event in runs[0]:
        assert event["job"]["name"] == f"{APP_JOB}.write_to_micro_batch_data_source_v1.{db}_arrivals"
        (output,) = event["outputs"]
        assert (output["namespace"], output["name"]) == ("file", f"{wh.removeprefix('file:')}/{db}.db/arrivals")
        assert symlinks(output) == table_symlink(wh, f"{db}.arrivals")
        assert schema_fields(output) == SCHEMA
        assert facet_of(output) == exact_facet("file", str(source), {"id": [("id", "TR")], "v": [("v", "ID")]})


def test_path_tables(spark_session: SparkSession, lineage: LineageLog, src: str, tmp_path: Path) -> None:
    table = str(tmp_path / "lake" / "events")
    lineage.mark(spark_session)

    spark_session.read.parquet(src).write.format("delta").save(table)
    create = only_run(lineage, spark_session)
    spark_session.read.parquet(src).write.format("delta").mode("append").save(table)
    append = only_run(lineage, spark_session)
    spark_session.read.parquet(src).where("id > 1").write.format("delta").mode("overwrite").save(table)
    overwrite = only_run(lineage, spark_session)
    spark_session.sql(f"UPDATE delta.`{table}` SET v = 'z' WHERE id = 2")
    update = only_run(lineage, spark_session)
    spark_session.sql(f"DELETE FROM delta.`{table}` WHERE id = 3")
    delete = only_run(lineage, spark_session)
    current = spark_session.read.format("delta").load(table).collect()
    read = only_run(lineage, spark_session)
    first = spark_session.read.format("delta").option("versionAsOf", 0).load(table).collect()
    time_travel = only_run(lineage, spark_session)

    assert [tuple(r) for r in current] == [(2, "z")]
    assert len(first) == 3
    path = [("file", table)]
    for run, state, after in ((create, "CREATE", "0"), (append, None, "1"), (overwrite, "OVERWRITE", "2")):
        assert_datasets(run, [("file", src)], path)
        assert run[-1]["job"]["name"] == f"{APP_JOB}.execute_save_into_data_source_command.lake_events"
        output = run[-1]["outputs"][0]
        assert symlinks(output) is None  # a path table has no name but its path
        assert schema_fields(output) == SCHEMA
        assert lifecycle(output) == state
        assert version(run[0]["outputs"][0]) is None
        assert version(output) == after
    for run, root, before, after in (
        (update, "execute_update_command", "2", "3"),
        (delete, "execute_delete_command", "3", "4"),
    ):
        assert_datasets(run, path, path)
        assert run[-1]["job"]["name"] == f"{APP_JOB}.{root}.lake_events"
        assert version(run[-1]["inputs"][0]) == before
        assert version(run[-1]["outputs"][0]) == after
        assert lifecycle(run[-1]["outputs"][0]) is None
    assert_datasets(read, path, [])
    assert_datasets(time_travel, path, [])
    assert schema_fields(read[-1]["inputs"][0]) == SCHEMA
    assert version(read[-1]["inputs"][0]) == "4"
    assert version(time_travel[-1]["inputs"][0]) == "0"


def test_failing_merge_ends_with_fail(spark_session: SparkSession, lineage: LineageLog, db: str, src: str) -> None:
    wh = warehouse(spark_session)
    target_path = f"{wh.removeprefix('file:')}/{db}.db/target"
    spark_session.sql(f"CREATE TABLE {db}.target USING delta AS SELECT * FROM parquet.`{src}`")  # version 0
    lineage.mark(spark_session)

    # two source rows match one target row: Delta refuses the MERGE while running it
    with pytest.raises(Exception, match="DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE"):
        spark_session.sql(
            f"MERGE INTO {db}.target t USING (SELECT * FROM parquet.`{src}` UNION ALL SELECT * FROM parquet.`{src}`) s "
            "ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v"
        )

    runs = list(child_runs(lineage.events(spark_session)).values())
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    start, fail = runs[0]
    assert (start["eventType"], fail["eventType"]) == ("START", "FAIL")
    assert fail["job"]["name"] == f"{APP_JOB}.execute_merge_into_command.{db}_target"
    assert_datasets([start, fail], [("file", src), ("file", target_path)], [("file", target_path)])
    assert "DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE" in fail["run"]["facets"]["errorMessage"]["message"]
    assert version(fail["outputs"][0]) == "0"  # nothing was committed: the table is still at version 0


def test_metadata_only_ddl_emits_dataset_events(spark_session: SparkSession, lineage: LineageLog, db: str) -> None:
    """By default (staticLineage.ddl=dataset_event) CREATE TABLE without data and DROP TABLE of a Delta table are
    DatasetEvents of the table, named like its runs: its location with the db.table symlink."""
    wh = warehouse(spark_session)
    path = f"{wh.removeprefix('file:')}/{db}.db/declared_only"
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE TABLE {db}.declared_only ({SCHEMA_DDL}) USING delta")
    spark_session.sql(f"DROP TABLE {db}.declared_only")
    events = lineage.events(spark_session)

    assert [event["schemaURL"].rsplit("/", 1)[-1] for event in events] == ["DatasetEvent", "DatasetEvent"]
    create, drop = (event["dataset"] for event in events)
    for dataset in (create, drop):
        assert (dataset["namespace"], dataset["name"]) == ("file", path)
        assert dataset["facets"]["symlinks"]["identifiers"] == table_symlink(wh, f"{db}.declared_only")
    assert create["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "CREATE"
    assert [f["name"] for f in create["facets"]["schema"]["fields"]] == ["id", "v"]
    assert drop["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "DROP"
