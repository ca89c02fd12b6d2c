"""Job and dataset facets beyond identity: the sql job facet and write statistics."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import SparkSession

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
        assert event["job"]["facets"]["sql"]["query"] == query
        assert event["job"]["facets"]["sql"]["dialect"] == "spark"
    assert "sql" not in df_run[-1]["job"]["facets"]


def test_output_statistics_on_the_terminal_event(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
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


def test_spark_properties_facet_with_secrets_redacted(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    spark_session.range(3).write.parquet(str(tmp_path / "props"))

    (run,) = runs(lineage, spark_session)
    for event in run:
        assert event["run"]["facets"]["spark_properties"]["properties"] == {
            "spark.master": "local[2]",
            "spark.app.name": "headwater-tests",
            "spark.hadoop.fs.s3a.secret.key": "*********(redacted)",
        }
    app = [e for e in lineage.all_events() if e.get("job", {}).get("name") == APP_JOB]
    assert app[0]["run"]["facets"]["spark_properties"]["properties"]["spark.hadoop.fs.s3a.secret.key"] == "*********(redacted)"
    assert all("0xC0FFEE" not in line for line in lineage.path.read_text().splitlines())


def test_input_statistics_on_the_terminal_event(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    source = tmp_path / "source"
    spark_session.range(0, 600, 1, 3).write.parquet(str(source))
    files = [f for f in source.iterdir() if f.name.startswith("part-")]
    lineage.mark(spark_session)

    spark_session.read.parquet(str(source)).selectExpr("id % 7 AS k").groupBy("k").count().write.parquet(str(tmp_path / "agg"))

    (run,) = runs(lineage, spark_session)
    start, complete = run
    assert "inputFacets" not in start["inputs"][0]
    stats = complete["inputs"][0]["inputFacets"]["inputStatistics"]
    assert stats == {
        **stats,
        "rowCount": 600,
        "fileCount": len(files),
        "size": sum(f.stat().st_size for f in files),
    }
