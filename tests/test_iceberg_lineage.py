"""Apache Iceberg tables in a Hadoop catalog on local disk, on the shared session.

The Iceberg release of the running Spark line (1.12, ``iceberg-spark-runtime-4.1_2.13``, on the primary one; pulled by
``spark.jars.packages``) is the catalog ``iceberg`` of type ``hadoop`` with its warehouse under build/pytest
(conftest.py, tests/support/spark_versions.py). A table is named by its location,
``file`` + ``<warehouse>/<namespace>/<table>`` (the only location a Hadoop catalog gives a table, so CREATE and DROP
name it the same way as writes), with a ``symlinks`` entry ``{namespace: iceberg, name: <namespace>.<table>}``.
Outputs carry the ``version`` facet, the table's current snapshot id after the operation, on the terminal event;
reads carry the snapshot they read, time travel included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from conftest import ICEBERG_WAREHOUSE
from tests.support.column_lineage import exact_facet, facet_of
from tests.support.events import APP_JOB, LineageLog, child_runs, schema_fields
from tests.support.table_runs import assert_datasets, lifecycle, only_run, symlinks, table_symlink, version

pytestmark = pytest.mark.iceberg

SCHEMA = [{"name": "id", "type": "integer"}, {"name": "v", "type": "string"}]
ICEBERG_CATALOG = {
    "framework": "iceberg",
    "type": "hadoop",
    "name": "iceberg",
    "warehouseUri": str(ICEBERG_WAREHOUSE),
    "source": "spark",
}


def catalog(dataset: dict[str, Any]) -> dict[str, Any] | None:
    """The dataset's ``catalog`` facet without ``_producer`` and ``_schemaURL``, or None."""
    facet = dataset["facets"].get("catalog")
    return None if facet is None else {k: v for k, v in facet.items() if not k.startswith("_")}


def snapshots(spark: SparkSession, table: str) -> list[str]:
    """The table's snapshot ids, oldest first (following ``parent_id``), from Iceberg's own ``snapshots`` table."""
    child_of = {
        r.parent_id: r.snapshot_id for r in spark.sql(f"SELECT snapshot_id, parent_id FROM {table}.snapshots").collect()
    }
    chain, parent = [], None
    while parent in child_of:
        parent = child_of[parent]
        chain.append(str(parent))
    return chain


def source(spark: SparkSession, tmp_path: Path) -> str:
    path = str(tmp_path / "src")
    spark.createDataFrame([(1, "a"), (2, "b"), (3, "c")], "id INT, v STRING").write.parquet(path)
    return path


def test_create_ctas_writes_reads_and_time_travel(
    spark_session: SparkSession, lineage: LineageLog, ddl_runs: None, tmp_path: Path
) -> None:
    src = source(spark_session, tmp_path)
    events, copy = "iceberg.hw_writes.events", "iceberg.hw_writes.copy"
    events_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_writes/events")]
    copy_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_writes/copy")]
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE TABLE {events} (id INT, v STRING) USING iceberg")
    create = only_run(lineage, spark_session)
    spark_session.sql(f"CREATE TABLE {copy} USING iceberg AS SELECT * FROM parquet.`{src}`")
    ctas = only_run(lineage, spark_session)
    spark_session.sql(f"INSERT INTO {events} SELECT * FROM {copy}")
    insert = only_run(lineage, spark_session)
    spark_session.sql(f"INSERT OVERWRITE {events} SELECT * FROM {copy} WHERE id > 1")
    overwrite = only_run(lineage, spark_session)
    spark_session.read.parquet(src).where("id = 1").writeTo(events).append()
    append = only_run(lineage, spark_session)
    rows = spark_session.table(events).collect()
    read = only_run(lineage, spark_session)
    events_snapshots = snapshots(spark_session, events)
    metadata_read = only_run(lineage, spark_session)
    copy_snapshots = snapshots(spark_session, copy)
    lineage.mark(spark_session)
    old_rows = spark_session.sql(f"SELECT * FROM {events} VERSION AS OF {events_snapshots[0]}").collect()
    time_travel = only_run(lineage, spark_session)

    assert sorted(r.id for r in rows) == [1, 2, 3]
    assert sorted(r.id for r in old_rows) == [1, 2, 3]
    assert len(events_snapshots) == 3 and len(copy_snapshots) == 1
    # the catalog facet as openlineage-spark 1.53 gives it (compared side by side in integration/test_peer_parity.py)
    for run in (ctas, insert, overwrite, append, read):
        for dataset in [*run[-1]["inputs"], *run[-1]["outputs"]]:
            if dataset["name"].startswith(str(ICEBERG_WAREHOUSE)):
                assert catalog(dataset) == ICEBERG_CATALOG, run[-1]["job"]["name"]

    assert_datasets(create, [], events_path)
    assert create[-1]["job"]["name"] == f"{APP_JOB}.create_table.hw_writes_events"
    # a new Iceberg table has no snapshot yet: no version
    assert version(create[-1]["outputs"][0]) is None
    assert_datasets(ctas, [("file", src)], copy_path)
    assert ctas[-1]["job"]["name"] == f"{APP_JOB}.atomic_create_table_as_select.hw_writes_copy"
    assert_datasets(insert, copy_path, events_path)
    assert insert[-1]["job"]["name"] == f"{APP_JOB}.append_data.iceberg_hw_writes_events"
    assert_datasets(overwrite, copy_path, events_path)
    assert overwrite[-1]["job"]["name"] == f"{APP_JOB}.overwrite_by_expression.iceberg_hw_writes_events"
    assert_datasets(append, [("file", src)], events_path)
    assert append[-1]["job"]["name"] == f"{APP_JOB}.append_data.iceberg_hw_writes_events"
    for run, state, after in (
        (create, "CREATE", None),
        (ctas, "CREATE", copy_snapshots[0]),
        (insert, None, events_snapshots[0]),
        (overwrite, "OVERWRITE", events_snapshots[1]),
        (append, None, events_snapshots[2]),
    ):
        start, complete = run[0]["outputs"][0], run[-1]["outputs"][0]
        assert symlinks(complete) == table_symlink("iceberg", "hw_writes.copy" if run is ctas else "hw_writes.events")
        assert schema_fields(complete) == SCHEMA
        assert lifecycle(start) == lifecycle(complete) == state
        assert version(start) is None
        assert version(complete) == after
    for run in (insert, overwrite):
        assert symlinks(run[-1]["inputs"][0]) == table_symlink("iceberg", "hw_writes.copy")
        assert version(run[-1]["inputs"][0]) == copy_snapshots[0]

    assert_datasets(read, events_path, [])
    assert schema_fields(read[-1]["inputs"][0]) == SCHEMA
    assert version(read[-1]["inputs"][0]) == events_snapshots[2]
    assert_datasets(time_travel, events_path, [])
    assert version(time_travel[-1]["inputs"][0]) == events_snapshots[0]
    # a metadata table is not the table: it has no location of its own, so it is named by the catalog
    assert_datasets(metadata_read, [("iceberg", "hw_writes.events.snapshots")], [])
    assert symlinks(metadata_read[-1]["inputs"][0]) is None
    assert version(metadata_read[-1]["inputs"][0]) == events_snapshots[-1]


def test_partition_overwrites_and_replace_table_as_select_keep_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    """INSERT OVERWRITE ... PARTITION (static, and dynamic in dynamic mode), CREATE OR REPLACE TABLE ... AS SELECT and
    DataFrameWriterV2's createOrReplace (REPLACE TABLE AS SELECT): each output has the facet of its query. Must not:
    the source's ``note`` column, which no query reads, is never a source; a static partition value is a literal, so
    its field has no entry."""
    src = str(tmp_path / "wide")
    spark_session.createDataFrame(
        [(1, "a", "eu", "x"), (2, "b", "us", "y")], "id INT, v STRING, p STRING, note STRING"
    ).write.parquet(src)
    parts, copy = "iceberg.hw_rewrites.parts", "iceberg.hw_rewrites.copy"
    parts_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_rewrites/parts")]
    copy_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_rewrites/copy")]
    spark_session.sql(f"CREATE TABLE {parts} (id INT, v STRING, p STRING) USING iceberg PARTITIONED BY (p)")
    lineage.mark(spark_session)

    spark_session.sql(f"INSERT OVERWRITE {parts} PARTITION (p = 'eu') SELECT id, upper(v) FROM parquet.`{src}`")
    static = only_run(lineage, spark_session)
    spark_session.conf.set("spark.sql.sources.partitionOverwriteMode", "dynamic")
    try:
        spark_session.sql(f"INSERT OVERWRITE {parts} PARTITION (p) SELECT id, upper(v), p FROM parquet.`{src}`")
        dynamic = only_run(lineage, spark_session)
    finally:
        spark_session.conf.unset("spark.sql.sources.partitionOverwriteMode")
    replaced = []
    for _ in range(2):  # creates, then replaces
        spark_session.sql(
            f"CREATE OR REPLACE TABLE {copy} USING iceberg AS SELECT id, upper(v) AS v FROM parquet.`{src}`"
        )
        replaced.append(only_run(lineage, spark_session))
    spark_session.read.parquet(src).selectExpr("id + 1 AS id", "v").writeTo(copy).createOrReplace()
    writer_v2 = only_run(lineage, spark_session)

    assert sorted(tuple(r) for r in spark_session.table(parts).collect()) == [(1, "A", "eu"), (2, "B", "us")]
    assert sorted(tuple(r) for r in spark_session.table(copy).collect()) == [(2, "a"), (3, "b")]
    for run, job, expected in (
        ("static", "overwrite_by_expression.iceberg_hw_rewrites_parts", {"id": [("id", "ID")], "v": [("v", "TR")]}),
        (
            "dynamic",
            "overwrite_partitions_dynamic.iceberg_hw_rewrites_parts",
            {"id": [("id", "ID")], "v": [("v", "TR")], "p": [("p", "ID")]},
        ),
    ):
        events = static if run == "static" else dynamic
        assert_datasets(events, [("file", src)], parts_path)
        assert events[-1]["job"]["name"] == f"{APP_JOB}.{job}"
        for event in events:
            assert lifecycle(event["outputs"][0]) == "OVERWRITE"
            assert facet_of(event["outputs"][0]) == exact_facet("file", src, expected)
    for events, expected in (
        *((r, {"id": [("id", "ID")], "v": [("v", "TR")]}) for r in replaced),
        (writer_v2, {"id": [("id", "TR")], "v": [("v", "ID")]}),
    ):
        assert_datasets(events, [("file", src)], copy_path)
        assert events[-1]["job"]["name"] == f"{APP_JOB}.atomic_replace_table_as_select.hw_rewrites_copy"
        for event in events:
            assert symlinks(event["outputs"][0]) == table_symlink("iceberg", "hw_rewrites.copy")
            assert facet_of(event["outputs"][0]) == exact_facet("file", src, expected)
    spark_session.sql(f"DROP TABLE {parts}")
    spark_session.sql(f"DROP TABLE {copy}")


def test_stream_to_table_names_the_table_with_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    """``writeStream.toTable`` into an Iceberg table (a DataSourceV2 streaming write): the streaming run's output is the
    table, named as a batch write to it is, with the stream's column lineage. Must not: the source's ``note`` column,
    never selected, is no source."""
    source = tmp_path / "arrivals"
    source.mkdir()
    (source / "a.json").write_text('{"id": 1, "v": "a", "note": "x"}\n{"id": 2, "v": "b", "note": "y"}\n')
    table = "iceberg.hw_stream.arrivals"
    spark_session.sql(f"CREATE TABLE {table} (id INT, v STRING) USING iceberg")
    lineage.mark(spark_session)

    query = (
        spark_session.readStream.schema("id INT, v STRING, note STRING")
        .json(str(source))
        .selectExpr("id * 10 AS id", "v")
        .writeStream.option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .toTable(table)
    )
    query.awaitTermination()

    runs = list(child_runs(lineage.events(spark_session)).values())
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    assert [e["eventType"] for e in runs[0]] == ["START", "RUNNING", "COMPLETE"]
    assert sorted(tuple(r) for r in spark_session.table(table).collect()) == [(10, "a"), (20, "b")]
    for event in runs[0]:
        assert event["job"]["name"] == f"{APP_JOB}.write_to_micro_batch_data_source.iceberg_hw_stream_arrivals"
        (output,) = event["outputs"]
        assert (output["namespace"], output["name"]) == ("file", f"{ICEBERG_WAREHOUSE}/hw_stream/arrivals")
        assert symlinks(output) == table_symlink("iceberg", "hw_stream.arrivals")
        assert schema_fields(output) == SCHEMA
        assert facet_of(output) == exact_facet("file", str(source), {"id": [("id", "TR")], "v": [("v", "ID")]})
    spark_session.sql(f"DROP TABLE {table}")


def test_merge_update_delete_and_drop(
    spark_session: SparkSession, lineage: LineageLog, ddl_runs: None, tmp_path: Path
) -> None:
    src = source(spark_session, tmp_path)
    target, updates = "iceberg.hw_rows.target", "iceberg.hw_rows.updates"
    target_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_rows/target")]
    updates_path = ("file", f"{ICEBERG_WAREHOUSE}/hw_rows/updates")
    spark_session.sql(f"CREATE TABLE {target} USING iceberg AS SELECT * FROM parquet.`{src}` WHERE id < 3")
    spark_session.sql(f"CREATE TABLE {updates} USING iceberg AS SELECT id, concat(v, '!') AS v FROM parquet.`{src}`")
    lineage.mark(spark_session)

    spark_session.sql(
        f"MERGE INTO {target} t USING {updates} s ON t.id = s.id "
        "WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *"
    )
    merge = only_run(lineage, spark_session)
    spark_session.sql(f"UPDATE {target} SET v = 'z' WHERE id = 1")
    update = only_run(lineage, spark_session)
    spark_session.sql(f"DELETE FROM {target} WHERE id = 2")
    delete = only_run(lineage, spark_session)
    rows = sorted(tuple(r) for r in spark_session.table(target).collect())
    target_snapshots, updates_snapshots = snapshots(spark_session, target), snapshots(spark_session, updates)
    lineage.mark(spark_session)
    spark_session.sql(f"DROP TABLE {updates}")
    drop = only_run(lineage, spark_session)

    assert rows == [(1, "z"), (3, "c!")]
    assert len(target_snapshots) == 4  # the CTAS, then one per row-level operation
    # Copy-on-write row-level operations (Iceberg's default) are Spark's ReplaceData: they read the target table
    # (MERGE also the source) and write it anew
    assert_datasets(merge, [*target_path, updates_path], target_path)
    assert_datasets(update, target_path, target_path)
    assert_datasets(delete, target_path, target_path)
    for run, before, after in (
        (merge, target_snapshots[0], target_snapshots[1]),
        (update, target_snapshots[1], target_snapshots[2]),
        (delete, target_snapshots[2], target_snapshots[3]),
    ):
        assert run[-1]["job"]["name"] == f"{APP_JOB}.replace_data.iceberg_hw_rows_target"
        output = run[-1]["outputs"][0]
        assert symlinks(output) == table_symlink("iceberg", "hw_rows.target")
        assert schema_fields(output) == SCHEMA
        assert lifecycle(output) is None
        assert version(run[0]["outputs"][0]) is None
        assert version(output) == after
        assert version(run[-1]["inputs"][0]) == before
        assert schema_fields(run[-1]["inputs"][0]) == SCHEMA  # the table's columns, not _file/_pos
        assert "columnLineage" in output["facets"]  # row-level writes: tests/test_row_level_lineage.py
    assert symlinks(merge[-1]["inputs"][1]) == table_symlink("iceberg", "hw_rows.updates")
    assert version(merge[-1]["inputs"][1]) == updates_snapshots[0]

    assert_datasets(drop, [], [updates_path])
    assert drop[-1]["job"]["name"] == f"{APP_JOB}.drop_table.hw_rows_updates"
    assert symlinks(drop[-1]["outputs"][0]) == table_symlink("iceberg", "hw_rows.updates")
    assert lifecycle(drop[-1]["outputs"][0]) == "DROP"
    assert version(drop[-1]["outputs"][0]) is None


def test_merge_on_read_delete_writes_deltas(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    src = source(spark_session, tmp_path)
    table = "iceberg.hw_mor.t"
    table_path = [("file", f"{ICEBERG_WAREHOUSE}/hw_mor/t")]
    spark_session.sql(
        f"CREATE TABLE {table} USING iceberg TBLPROPERTIES ('format-version' = '2', 'write.delete.mode' = "
        f"'merge-on-read', 'write.update.mode' = 'merge-on-read') AS SELECT * FROM parquet.`{src}`"
    )
    lineage.mark(spark_session)

    spark_session.sql(f"DELETE FROM {table} WHERE id = 2")
    delete = only_run(lineage, spark_session)
    spark_session.sql(f"UPDATE {table} SET v = 'z' WHERE id = 3")
    update = only_run(lineage, spark_session)
    rows = sorted(tuple(r) for r in spark_session.table(table).collect())
    table_snapshots = snapshots(spark_session, table)

    assert rows == [(1, "a"), (3, "z")]
    # merge-on-read writes delete files (and new rows) instead of rewriting data files: Spark's WriteDelta
    for run, before, after in (
        (delete, table_snapshots[0], table_snapshots[1]),
        (update, table_snapshots[1], table_snapshots[2]),
    ):
        assert_datasets(run, table_path, table_path)
        assert run[-1]["job"]["name"] == f"{APP_JOB}.write_delta.iceberg_hw_mor_t"
        output = run[-1]["outputs"][0]
        assert symlinks(output) == table_symlink("iceberg", "hw_mor.t")
        assert schema_fields(output) == SCHEMA
        assert lifecycle(output) is None
        assert version(run[-1]["inputs"][0]) == before
        assert version(output) == after


def test_metadata_only_ddl_emits_dataset_events(spark_session: SparkSession, lineage: LineageLog) -> None:
    """By default (staticLineage.ddl=dataset_event) CREATE TABLE without data and DROP TABLE of an Iceberg table are
    DatasetEvents of the table, named like its runs: its location in the Hadoop catalog's warehouse."""
    table = "iceberg.hw_static.declared_only"
    lineage.mark(spark_session)

    spark_session.sql(f"CREATE TABLE {table} (id INT, v STRING) USING iceberg")
    spark_session.sql(f"DROP TABLE {table}")
    events = lineage.events(spark_session)

    assert [event["schemaURL"].rsplit("/", 1)[-1] for event in events] == ["DatasetEvent", "DatasetEvent"]
    create, drop = (event["dataset"] for event in events)
    for dataset in (create, drop):
        assert (dataset["namespace"], dataset["name"]) == ("file", f"{ICEBERG_WAREHOUSE}/hw_static/declared_only")
    assert create["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "CREATE"
    assert [f["name"] for f in create["facets"]["schema"]["fields"]] == ["id", "v"]
    assert drop["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "DROP"


def test_a_table_read_by_path_is_the_table_read_by_name(spark_session: SparkSession, lineage: LineageLog) -> None:
    # Iceberg names a path-loaded table by a PathIdentifier whose namespace is the parent folder: the table's
    # symlink is the catalog's `<namespace>.<table>` all the same when the path is in a Hadoop catalog's warehouse
    table, location = "iceberg.hw_by_path.t", f"{ICEBERG_WAREHOUSE}/hw_by_path/t"
    spark_session.sql(f"CREATE TABLE {table} (id INT, v STRING) USING iceberg")
    spark_session.sql(f"INSERT INTO {table} VALUES (1, 'a')")
    lineage.mark(spark_session)
    spark_session.table(table).collect()
    by_name = only_run(lineage, spark_session)
    spark_session.read.format("iceberg").load(location).collect()
    by_path = only_run(lineage, spark_session)
    spark_session.sql(f"DROP TABLE {table}")
    lineage.mark(spark_session)

    (name_read,), (path_read,) = by_name[-1]["inputs"], by_path[-1]["inputs"]
    assert (path_read["namespace"], path_read["name"]) == (name_read["namespace"], name_read["name"])
    assert (path_read["namespace"], path_read["name"]) == ("file", location)
    assert symlinks(path_read) == symlinks(name_read) == table_symlink("iceberg", "hw_by_path.t")
