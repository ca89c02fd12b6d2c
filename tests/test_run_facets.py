"""Job and dataset facets beyond identity: the sql job facet and write statistics."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F  # noqa: N812

from tests.support.events import APP_JOB, LineageLog, child_runs


def runs(lineage: LineageLog, spark: SparkSession) -> list[list[dict]]:
    return list(child_runs(lineage.events(spark)).values())


def test_sql_facet_carries_the_query_text(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    spark_session.range(5).write.parquet(str(tmp_path / "nums"))
    spark_session.read.parquet(str(tmp_path / "nums")).createOrReplaceTempView("nums_view")
    lineage.mark(spark_session)
    query = "SELECT id * 2 AS doubled FROM nums_view WHERE id > 1"

    assert len(spark_session.sql(query).collect()) == 3
    spark_session.read.parquet(str(tmp_path / "nums")).count()  # a DataFrame action has no SQL text

    sql_run, df_run = runs(lineage, spark_session)
    for event in sql_run:
        # literals masked (spark.openlineage.facets.sql.literals=mask, the default)
        assert event["job"]["facets"]["sql"]["query"] == "SELECT id * ? AS doubled FROM nums_view WHERE id > ?"
        assert event["job"]["facets"]["sql"]["dialect"] == "spark"
    assert "sql" not in df_run[-1]["job"]["facets"]


def test_output_statistics_on_the_terminal_event(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    out = tmp_path / "stats"

    spark_session.range(0, 1000, 1, 4).write.parquet(str(out))

    (run,) = runs(lineage, spark_session)
    start, complete = run
    assert "outputFacets" not in start["outputs"][0] or "outputStatistics" not in start["outputs"][0]["outputFacets"]
    stats = complete["outputs"][0]["outputFacets"]["outputStatistics"]
    files = [f for f in out.iterdir() if f.name.startswith("part-")]
    assert stats["rowCount"] == 1000
    assert stats["fileCount"] == len(files) == 4
    assert stats["size"] == sum(f.stat().st_size for f in files)


def test_ctas_statistics_come_from_its_nested_insert(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("DROP TABLE IF EXISTS stats_ctas")
    lineage.mark(spark_session)

    spark_session.sql("CREATE TABLE stats_ctas USING parquet AS SELECT id FROM range(0, 250, 1, 1)")

    (run,) = runs(lineage, spark_session)
    assert run[-1]["outputs"][0]["outputFacets"]["outputStatistics"]["rowCount"] == 250
    assert run[-1]["job"]["facets"]["sql"]["query"].startswith("CREATE TABLE stats_ctas")
    spark_session.sql("DROP TABLE stats_ctas")


def test_spark_properties_facet_with_secrets_redacted(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    spark_session.range(3).write.parquet(str(tmp_path / "props"))

    (run,) = runs(lineage, spark_session)
    for event in run:
        assert event["run"]["facets"]["spark_properties"]["properties"] == {
            "spark.master": "local[2]",
            "spark.app.name": "headwater-tests",
            "spark.hadoop.fs.s3a.secret.key": "*********(redacted)",
        }
    app = [e for e in lineage.all_events() if e.get("job", {}).get("name") == APP_JOB]
    assert (
        app[0]["run"]["facets"]["spark_properties"]["properties"]["spark.hadoop.fs.s3a.secret.key"]
        == "*********(redacted)"
    )
    assert all("0xC0FFEE" not in line for line in lineage.path.read_text().splitlines())


def test_input_statistics_on_the_terminal_event(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "source"
    spark_session.range(0, 600, 1, 3).write.parquet(str(source))
    files = [f for f in source.iterdir() if f.name.startswith("part-")]
    lineage.mark(spark_session)

    spark_session.read.parquet(str(source)).selectExpr("id % 7 AS k").groupBy("k").count().write.parquet(
        str(tmp_path / "agg")
    )

    (run,) = runs(lineage, spark_session)
    start, complete = run
    assert start["inputs"][0]["inputFacets"] == {}  # an empty object, as openlineage-spark writes it
    stats = complete["inputs"][0]["inputFacets"]["inputStatistics"]
    assert stats == {
        **stats,
        "rowCount": 600,
        "fileCount": len(files),
        "size": sum(f.stat().st_size for f in files),
    }


def part_files(directory: Path) -> list[Path]:
    return sorted(f for f in directory.rglob("part-*") if f.is_file())


def written_statistics(spark: SparkSession, directory: Path) -> dict[str, int]:
    """What is on disk: rows, bytes and files of a parquet output (partition directories included)."""
    files = part_files(directory)
    return {
        "rowCount": spark.read.parquet(str(directory)).count(),
        "size": sum(f.stat().st_size for f in files),
        "fileCount": len(files),
    }


def query(spark: SparkSession, shape: str, source: Path) -> DataFrame:
    numbers = spark.read.parquet(str(source))
    if shape == "plain":
        return numbers.where("id % 3 = 0")
    if shape == "aggregate":  # a shuffle: under AQE the write runs in the final query stage
        return numbers.groupBy((F.col("id") % 7).alias("k")).agg(F.sum("id").alias("total"))
    other = spark.range(0, 100, 1, 2).withColumnRenamed("id", "k")
    return numbers.join(other.hint("shuffle_hash"), numbers.id == other.k).select("id", "k")


@pytest.mark.parametrize("aqe", ["true", "false"])
@pytest.mark.parametrize("shape", ["plain", "aggregate", "join"])
def test_output_statistics_with_and_without_adaptive_execution(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path, shape: str, aqe: str
) -> None:
    source = tmp_path / "numbers"
    spark_session.range(0, 1000, 1, 4).write.parquet(str(source))
    out = tmp_path / "out"
    spark_session.conf.set("spark.sql.adaptive.enabled", aqe)
    try:
        lineage.mark(spark_session)
        query(spark_session, shape, source).write.parquet(str(out))
        (run,) = runs(lineage, spark_session)
    finally:
        spark_session.conf.unset("spark.sql.adaptive.enabled")

    stats = run[-1]["outputs"][0]["outputFacets"]["outputStatistics"]
    assert {k: stats[k] for k in ("rowCount", "size", "fileCount")} == written_statistics(spark_session, out)


@pytest.mark.parametrize(("file_format", "rows_counted"), [("parquet", 500), ("csv", 400)])
def test_input_statistics_count_the_rows_the_scan_returned(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path, file_format: str, rows_counted: int
) -> None:
    """inputStatistics counts what the file scan handed to Spark, as docs/supported-operations.md says: Parquet skips
    the row groups whose min/max statistics rule out the pushed filter `id >= 600` (files 0 and 1 hold ids 0-499),
    so the 250 + 250 rows of files 2 and 3 are counted; CSV applies the pushed filter while parsing, so only the 400
    matching rows are. Size and file count are those of every file the scan opened."""
    source = tmp_path / "numbers"
    spark_session.range(0, 1000, 1, 4).write.format(file_format).save(str(source))
    files = part_files(source)
    lineage.mark(spark_session)

    numbers = spark_session.read.format(file_format).schema("id BIGINT").load(str(source))
    assert numbers.where("id >= 600").count() == 400

    (run,) = runs(lineage, spark_session)
    stats = run[-1]["inputs"][0]["inputFacets"]["inputStatistics"]
    assert {k: stats[k] for k in ("rowCount", "size", "fileCount")} == {
        "rowCount": rows_counted,
        "size": sum(f.stat().st_size for f in files),
        "fileCount": len(files),
    }
