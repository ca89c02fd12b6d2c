"""Column lineage of row-level writes: MERGE INTO, UPDATE and DELETE on Delta Lake and Apache Iceberg tables.

Each case runs on a Delta catalog table (Delta's MergeIntoCommand, UpdateCommand, DeleteCommand) and on Iceberg tables
in copy-on-write (Spark's ReplaceData) and merge-on-read (WriteDelta) modes, and expects the same facet from all three,
written out by hand (docs/column-lineage.md, "Row-level writes"): every field lists its own column as IDENTITY (the rows
no clause changes keep their value) beside the sources of what the clauses assign it; the merge condition's columns are
JOIN, a clause's condition CONDITIONAL, an UPDATE's or DELETE's WHERE (its subqueries included) FILTER; a MERGE's
source is traced as any query. Expectations use tests/support/column_lineage.py's codes; ``tgt``, ``src``... name
the tables.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

from conftest import ICEBERG_WAREHOUSE
from tests.support.column_lineage import compact_dataset, compact_fields
from tests.support.events import APP_JOB, LineageLog, child_runs
from tests.support.streams import start_foreach_batch
from tests.support.table_runs import only_run

MODES = ("copy-on-write", "merge-on-read")


@dataclass(frozen=True)
class Tables:
    """Where one case's tables live: ``name(t)`` for SQL, ``path(t)`` as the datasets name them."""

    format: str
    namespace: str
    root: str
    properties: str

    def name(self, table: str) -> str:
        return f"{self.namespace}.{table}" if self.format == "delta" else f"iceberg.{self.namespace}.{table}"

    def path(self, table: str) -> str:
        return f"{self.root}/{table}"

    def create(self, spark: SparkSession, table: str, columns: str, rows: str, partitioned_by: str = "") -> None:
        partitioning = f" PARTITIONED BY ({partitioned_by})" if partitioned_by else ""
        spark.sql(f"CREATE TABLE {self.name(table)} ({columns}) USING {self.format}{partitioning}{self.properties}")
        spark.sql(f"INSERT INTO {self.name(table)} VALUES {rows}")


@pytest.fixture(
    params=[
        pytest.param("delta", marks=pytest.mark.delta),
        pytest.param("copy-on-write", marks=pytest.mark.iceberg),
        pytest.param("merge-on-read", marks=pytest.mark.iceberg),
    ]
)
def tables(spark_session: SparkSession, request: pytest.FixtureRequest) -> Iterator[Tables]:
    namespace = "hw_rows_" + re.sub(r"\W", "_", request.node.name.removeprefix("test_")).lower()[:40]
    if request.param == "delta":
        warehouse = spark_session.conf.get("spark.sql.warehouse.dir").rstrip("/").removeprefix("file:")
        spark_session.sql(f"CREATE DATABASE IF NOT EXISTS {namespace}")
        yield Tables("delta", namespace, f"{warehouse}/{namespace}.db", "")
        spark_session.sql(f"DROP DATABASE IF EXISTS {namespace} CASCADE")
        return
    mode = request.param
    properties = (
        " TBLPROPERTIES ('format-version' = '2', "
        + ", ".join(f"'write.{op}.mode' = '{mode}'" for op in ("merge", "update", "delete"))
        + ")"
    )
    yield Tables("iceberg", namespace, f"{ICEBERG_WAREHOUSE}/{namespace}", properties)
    for table in spark_session.sql(f"SHOW TABLES IN iceberg.{namespace}").collect():
        spark_session.sql(f"DROP TABLE iceberg.{namespace}.{table.tableName}")


TARGET = "id INT, name STRING, amount INT, note STRING"
TARGET_ROWS = "(1, 'a', 10, 'x'), (2, 'b', 20, 'y'), (3, 'c', -5, 'z')"
SOURCE = "id INT, name STRING, amount INT, op STRING, extra STRING"
SOURCE_ROWS = "(1, 'aa', 5, 'U', 'e1'), (2, 'bb', 3, 'D', 'e2'), (4, 'dd', 7, 'I', 'e4'), (5, 'ee', -1, 'I', 'e5')"


def lineage_of(lineage: LineageLog, spark: SparkSession, tables: Tables, sql: str) -> dict[str, Any]:
    """Runs ``sql`` (one row-level write); the ``columnLineage`` facet of its output on both events (which agree),
    compacted: {"fields": {field: {"table.column:CODE"}}, "dataset": {...}}."""
    lineage.mark(spark)
    spark.sql(sql)
    run = only_run(lineage, spark)
    facets = [event["outputs"][0]["facets"].get("columnLineage") for event in run]
    assert facets[0] is not None, "no columnLineage facet"
    assert facets[0]["fields"] == facets[1]["fields"]
    names = {tables.path(t): t for t in ("tgt", "src", "dim", "updates")}
    return {"fields": compact_fields(facets[1], names), "dataset": compact_dataset(facets[1], names)}


def own(*columns: str, table: str = "tgt") -> dict[str, set[str]]:
    """Fields that keep only their own value."""
    return {column: {f"{table}.{column}:ID"} for column in columns}


@pytest.fixture
def tgt_src(spark_session: SparkSession, tables: Tables) -> Tables:
    tables.create(spark_session, "tgt", TARGET, TARGET_ROWS)
    tables.create(spark_session, "src", SOURCE, SOURCE_ROWS)
    return tables


def test_merge_clauses_assign_condition_and_join(
    spark_session: SparkSession, lineage: LineageLog, tgt_src: Tables
) -> None:
    t = tgt_src
    facet = lineage_of(
        lineage,
        spark_session,
        t,
        f"MERGE INTO {t.name('tgt')} t USING (SELECT id, name, amount, op FROM {t.name('src')} WHERE amount > 0) s "
        "ON t.id = s.id "
        "WHEN MATCHED AND s.op = 'D' THEN DELETE "
        "WHEN MATCHED THEN UPDATE SET name = upper(s.name), amount = t.amount + s.amount "
        "WHEN NOT MATCHED THEN INSERT (id, name, amount, note) VALUES (s.id, upper(s.name), s.amount, 'new')",
    )

    assert facet["fields"] == {
        "id": {"tgt.id:ID", "src.id:ID"},
        "name": {"tgt.name:ID", "src.name:TR"},
        # t.amount + s.amount in the UPDATE clause, s.amount as is in the INSERT clause
        "amount": {"tgt.amount:ID", "tgt.amount:TR", "src.amount:TR", "src.amount:ID"},
        "note": {"tgt.note:ID"},  # only a literal is assigned: the column keeps its own value elsewhere
    }
    # the merge condition (both sides) JOIN; the source's own filter FILTER; a clause's condition CONDITIONAL, and
    # never DIRECT (src.op); src.extra, which nothing names, appears nowhere
    assert facet["dataset"] == {"tgt.id:JOIN", "src.id:JOIN", "src.amount:FILTER", "src.op:COND"}
    rows = sorted(tuple(r) for r in spark_session.table(t.name("tgt")).collect())
    assert rows == [(1, "AA", 15, "x"), (3, "c", -5, "z"), (4, "DD", 7, "new")]


def test_merge_star_and_not_matched_by_source(
    spark_session: SparkSession, lineage: LineageLog, tgt_src: Tables
) -> None:
    t = tgt_src
    facet = lineage_of(
        lineage,
        spark_session,
        t,
        f"MERGE INTO {t.name('tgt')} t USING (SELECT id, name, amount, extra AS note FROM {t.name('src')}) s "
        "ON t.id = s.id "
        "WHEN MATCHED THEN UPDATE SET * "
        "WHEN NOT MATCHED THEN INSERT * "
        "WHEN NOT MATCHED BY SOURCE AND t.amount < 0 THEN DELETE",
    )

    # SET * and INSERT * map by name (src.extra is named as s.note)
    assert facet["fields"] == {
        "id": {"tgt.id:ID", "src.id:ID"},
        "name": {"tgt.name:ID", "src.name:ID"},
        "amount": {"tgt.amount:ID", "src.amount:ID"},
        "note": {"tgt.note:ID", "src.extra:ID"},
    }
    assert facet["dataset"] == {"tgt.id:JOIN", "src.id:JOIN", "tgt.amount:COND"}


def test_merge_slowly_changing_dimension_staged_union(
    spark_session: SparkSession, lineage: LineageLog, tables: Tables
) -> None:
    """Type 2: the staged union of the Delta documentation (changed rows twice: once to close the current row, once
    with a NULL key to insert the new one)."""
    t = tables
    t.create(
        spark_session,
        "dim",
        "id INT, address STRING, current BOOLEAN, eff STRING, end_date STRING",
        "(1, 'old1', true, '2020', NULL), (2, 'same2', true, '2020', NULL)",
    )
    t.create(spark_session, "updates", "id INT, address STRING, eff STRING", "(1, 'new1', '2024'), (3, 'new3', '2024')")
    facet = lineage_of(
        lineage,
        spark_session,
        t,
        f"MERGE INTO {t.name('dim')} t USING ("
        f"  SELECT u.id AS merge_key, u.id, u.address, u.eff FROM {t.name('updates')} u"
        "  UNION ALL"
        f"  SELECT NULL AS merge_key, u.id, u.address, u.eff FROM {t.name('updates')} u"
        f"  JOIN {t.name('dim')} d ON u.id = d.id WHERE d.current AND d.address <> u.address"
        ") s ON t.id = s.merge_key "
        "WHEN MATCHED AND t.current AND t.address <> s.address THEN UPDATE SET current = false, end_date = s.eff "
        "WHEN NOT MATCHED THEN INSERT (id, address, current, eff, end_date) "
        "VALUES (s.id, s.address, true, s.eff, NULL)",
    )

    assert facet["fields"] == {
        "id": {"dim.id:ID", "updates.id:ID"},
        "address": {"dim.address:ID", "updates.address:ID"},
        "current": {"dim.current:ID"},
        "eff": {"dim.eff:ID", "updates.eff:ID"},
        "end_date": {"dim.end_date:ID", "updates.eff:ID"},
    }
    # the union's d.address <> u.address names both sides of its join: Spark's optimizer, whose plan Iceberg's rewrite
    # is read from, moves it into the join condition (JOIN, as for any query read from an optimized plan); Delta's
    # command holds the source as analysed, where it is still the WHERE (FILTER)
    compared = "FILTER" if t.format == "delta" else "JOIN"
    assert facet["dataset"] == {
        # ON t.id = s.merge_key, and the union's join u.id = d.id
        "dim.id:JOIN",
        "updates.id:JOIN",
        # the union's WHERE
        "dim.current:FILTER",
        f"dim.address:{compared}",
        f"updates.address:{compared}",
        # WHEN MATCHED AND t.current AND t.address <> s.address
        "dim.current:COND",
        "dim.address:COND",
        "updates.address:COND",
    }
    rows = sorted(tuple(r) for r in spark_session.table(t.name("dim")).collect())
    assert rows == [
        (1, "new1", True, "2024", None),
        (1, "old1", False, "2020", "2024"),
        (2, "same2", True, "2020", None),
        (3, "new3", True, "2024", None),
    ]


def test_update_assignments_and_where(spark_session: SparkSession, lineage: LineageLog, tgt_src: Tables) -> None:
    t = tgt_src
    facet = lineage_of(
        lineage,
        spark_session,
        t,
        f"UPDATE {t.name('tgt')} SET amount = amount * 2, note = concat(name, '!') WHERE name <> 'a'",
    )

    assert facet["fields"] == {
        **own("id", "name"),
        "amount": {"tgt.amount:ID", "tgt.amount:TR"},
        "note": {"tgt.note:ID", "tgt.name:TR"},
    }
    assert facet["dataset"] == {"tgt.name:FILTER"}


def test_delete_where(spark_session: SparkSession, lineage: LineageLog, tgt_src: Tables) -> None:
    t = tgt_src
    facet = lineage_of(lineage, spark_session, t, f"DELETE FROM {t.name('tgt')} WHERE amount < 0")

    assert facet["fields"] == own("id", "name", "amount", "note")
    assert facet["dataset"] == {"tgt.amount:FILTER"}


@pytest.mark.iceberg
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "where",
    [
        "id IN (SELECT id FROM {src} WHERE op = 'D')",
        "EXISTS (SELECT * FROM {src} s WHERE s.id = t.id AND s.op = 'D')",
    ],
    ids=["in", "exists"],
)
def test_delete_subquery_columns_are_filters_and_its_table_an_input(
    spark_session: SparkSession, lineage: LineageLog, mode: str, where: str
) -> None:
    """Delta refuses subqueries in DELETE conditions; Iceberg (Spark's rewrite) takes them."""
    t = Tables("iceberg", f"hw_rows_delete_sub_{mode[0]}", "", "")
    t = Tables(
        "iceberg",
        t.namespace,
        f"{ICEBERG_WAREHOUSE}/{t.namespace}",
        f" TBLPROPERTIES ('format-version' = '2', 'write.delete.mode' = '{mode}')",
    )
    t.create(spark_session, "tgt", TARGET, TARGET_ROWS)
    t.create(spark_session, "src", SOURCE, SOURCE_ROWS)
    try:
        lineage.mark(spark_session)
        spark_session.sql(f"DELETE FROM {t.name('tgt')} t WHERE " + where.format(src=t.name("src")))
        run = only_run(lineage, spark_session)
    finally:
        for table in ("tgt", "src"):
            spark_session.sql(f"DROP TABLE {t.name(table)}")

    assert [d["name"] for d in run[-1]["inputs"]] == [t.path("tgt"), t.path("src")]
    facet = run[-1]["outputs"][0]["facets"]["columnLineage"]
    names = {t.path("tgt"): "tgt", t.path("src"): "src"}
    assert compact_fields(facet, names) == own("id", "name", "amount", "note")
    assert compact_dataset(facet, names) == {"tgt.id:FILTER", "src.id:FILTER", "src.op:FILTER"}


MERGE_UPSERT = (
    "MERGE INTO {tgt} t USING {src} s ON t.id = s.id "
    "WHEN MATCHED AND s.op = 'D' THEN DELETE "
    "WHEN MATCHED THEN UPDATE SET name = upper(s.name), amount = t.amount + s.amount "
    "WHEN NOT MATCHED THEN INSERT (id, name, amount, note) VALUES (s.id, upper(s.name), s.amount, 'new')"
)
UPSERT_FIELDS = {
    "id": {"tgt.id:ID", "src.id:ID"},
    "name": {"tgt.name:ID", "src.name:TR"},
    "amount": {"tgt.amount:ID", "tgt.amount:TR", "src.amount:TR", "src.amount:ID"},
    "note": {"tgt.note:ID"},
}
# the merge condition JOIN, the DELETE clause's condition CONDITIONAL; src.extra, named by nothing, appears nowhere
UPSERT_DATASET = {"tgt.id:JOIN", "src.id:JOIN", "src.op:COND"}


@pytest.mark.parametrize(
    "tables",
    [
        pytest.param("delta", marks=pytest.mark.delta),
        pytest.param("merge-on-read", marks=pytest.mark.iceberg),
    ],
    indirect=True,
)
def test_foreach_batch_merge_is_a_run_of_its_own_under_the_streaming_run(
    spark_session: SparkSession, lineage: LineageLog, tables: Tables, tmp_path: Path
) -> None:
    """A ``foreachBatch`` function that runs a MERGE (the upsert-a-stream pattern): the MERGE is a run of its own,
    child of the streaming query's run, with the facet the same MERGE gets in batch mode (its source, the micro-batch,
    traced to the stream's source directory); the streaming run keeps the table as its output."""
    t = tables
    t.create(spark_session, "tgt", TARGET, TARGET_ROWS)
    source = tmp_path / "src"
    source.mkdir()
    (source / "a.json").write_text(
        '{"id": 1, "name": "aa", "amount": 5, "op": "U", "extra": "e1"}\n'
        '{"id": 2, "name": "bb", "amount": 3, "op": "D", "extra": "e2"}\n'
        '{"id": 4, "name": "dd", "amount": 7, "op": "I", "extra": "e4"}\n'
    )
    lineage.mark(spark_session)

    def merge(batch: DataFrame, batch_id: int) -> None:
        batch.createOrReplaceTempView("updates")
        batch.sparkSession.sql(MERGE_UPSERT.format(tgt=t.name("tgt"), src="updates"))

    query = start_foreach_batch(spark_session, SOURCE, source, "upsert_stream", merge, tmp_path / "checkpoint")
    query.awaitTermination()

    runs = child_runs(lineage.events(spark_session))
    streaming = [evs for evs in runs.values() if evs[0]["job"]["name"] == f"{APP_JOB}.upsert_stream"]
    assert len(streaming) == 1, [evs[0]["job"]["name"] for evs in runs.values()]
    assert [e["eventType"] for e in streaming[0]] == ["START", "RUNNING", "COMPLETE"]
    (merge_run,) = [evs for evs in runs.values() if evs is not streaming[0]]
    assert [e["eventType"] for e in merge_run] == ["START", "COMPLETE"]
    streaming_run = streaming[0][0]["run"]["runId"]
    for event in merge_run:
        parent = event["run"]["facets"]["parent"]
        assert parent["run"]["runId"] == streaming_run
        assert parent["job"]["name"] == f"{APP_JOB}.upsert_stream"
        assert {d["name"] for d in event["inputs"]} == {str(source), t.path("tgt")}
        assert [d["name"] for d in event["outputs"]] == [t.path("tgt")]
    complete = merge_run[-1]
    assert complete["outputs"][0]["facets"]["version"]["datasetVersion"]
    facet = complete["outputs"][0]["facets"]["columnLineage"]
    names = {t.path("tgt"): "tgt", str(source): "src"}
    assert compact_fields(facet, names) == UPSERT_FIELDS
    assert compact_dataset(facet, names) == UPSERT_DATASET
    # the foreachBatch function's write stays the streaming query's output
    assert [d["name"] for d in streaming[0][-1]["outputs"]] == [t.path("tgt")]
    spark_session.sql(f"REFRESH TABLE {t.name('tgt')}")  # the batch's session merged; this one may cache the table
    rows = sorted(tuple(r) for r in spark_session.table(t.name("tgt")).collect())
    assert rows == [(1, "AA", 15, "x"), (3, "c", -5, "z"), (4, "DD", 7, "new")]


@pytest.mark.iceberg
def test_metadata_only_delete_of_a_partition(spark_session: SparkSession, lineage: LineageLog) -> None:
    """``DELETE FROM t WHERE part_col = 'x'`` on an identity-partitioned Iceberg table drops whole partitions: Spark
    runs it as a metadata-only delete (``DeleteFromTableWithFilters``), with no rewrite. It is a run like the other
    DELETE forms: the table as input (the snapshot it deleted from) and output (the snapshot it made), each field its
    own column only, the WHERE's column FILTER."""
    t = Tables("iceberg", "hw_rows_metadata_delete", f"{ICEBERG_WAREHOUSE}/hw_rows_metadata_delete", "")
    t.create(spark_session, "tgt", TARGET, TARGET_ROWS, partitioned_by="note")
    snapshots = f"SELECT snapshot_id FROM {t.name('tgt')}.snapshots ORDER BY committed_at"
    (before,) = spark_session.sql(snapshots).collect()
    try:
        lineage.mark(spark_session)
        spark_session.sql(f"DELETE FROM {t.name('tgt')} WHERE note = 'y'")
        run = only_run(lineage, spark_session)
        after = spark_session.sql(snapshots).collect()
        rows = sorted(tuple(r) for r in spark_session.table(t.name("tgt")).collect())
    finally:
        spark_session.sql(f"DROP TABLE {t.name('tgt')}")

    assert rows == [(1, "a", 10, "x"), (3, "c", -5, "z")]
    assert run[0]["job"]["name"] == f"{APP_JOB}.delete_from_table.iceberg_hw_rows_metadata_delete_tgt"
    for event in run:
        assert [d["name"] for d in event["inputs"]] == [t.path("tgt")]
        assert [d["name"] for d in event["outputs"]] == [t.path("tgt")]
    assert run[-1]["inputs"][0]["facets"]["version"]["datasetVersion"] == str(before[0])
    assert run[-1]["outputs"][0]["facets"]["version"]["datasetVersion"] == str(after[-1][0])
    assert len(after) == 2  # one new snapshot: the partition's files dropped, none rewritten
    facet = run[-1]["outputs"][0]["facets"]["columnLineage"]
    names = {t.path("tgt"): "tgt"}
    assert compact_fields(facet, names) == own("id", "name", "amount", "note")
    assert compact_dataset(facet, names) == {"tgt.note:FILTER"}
