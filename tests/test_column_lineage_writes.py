"""The columnLineage facet on every write path: files (plain and partitioned), session-catalog tables, Hive tables,
JDBC and DataSourceV2, and the headwater_columnLineageSkipped run facet when an output is over the schema size limit.

Every write runs the same query, ``SELECT id, upper(carrier) AS carrier_uc FROM src WHERE delay > 0``, so the expected
lineage is the same everywhere: ``id`` IDENTITY of ``src.id``, ``carrier_uc`` TRANSFORMATION of ``src.carrier``, and
``src.delay`` as a dataset-wide FILTER.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

from tests.support.column_lineage import compact_dataset, compact_fields
from tests.support.events import LineageLog, child_runs
from tests.support.postgres import PostgresServer

EXPECTED_FIELDS = {"id": {"src.id:ID"}, "carrier_uc": {"src.carrier:TR"}}
EXPECTED_DATASET = {"src.delay:FILTER"}
QUERY = "SELECT id, upper(carrier) AS carrier_uc FROM cl_src WHERE delay > 0"


@pytest.fixture(scope="module")
def src(spark_session: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("cl_writes") / "src")
    spark_session.createDataFrame(
        [(1, "aa", 10.0), (2, "ua", -5.0), (3, "dl", 30.0)], "id INT, carrier STRING, delay DOUBLE"
    ).write.parquet(path)
    spark_session.read.parquet(path).createOrReplaceTempView("cl_src")
    return path


@pytest.fixture
def db(spark_session: SparkSession) -> Iterator[str]:
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_cl_writes")
    yield "hw_cl_writes"
    spark_session.sql("DROP DATABASE IF EXISTS hw_cl_writes CASCADE")


def output_of_the_writing_run(lineage: LineageLog, spark: SparkSession, write: Callable[[DataFrame], Any]) -> dict:
    """Run ``write`` on the query; the one output of the one run that has outputs, on its terminal event."""
    lineage.mark(spark)
    write(spark.sql(QUERY))
    runs = list(child_runs(lineage.events(spark)).values())
    writing = [evs for evs in runs if evs[-1]["outputs"]]
    assert len(writing) == 1, [evs[0]["job"]["name"] for evs in runs]
    assert [e["eventType"] for e in writing[0]] == ["START", "COMPLETE"]
    (output,) = writing[0][-1]["outputs"]
    return output


def assert_lineage(output: dict, src: str) -> None:
    facet = output["facets"]["columnLineage"]
    assert compact_fields(facet, {src: "src"}) == EXPECTED_FIELDS
    assert compact_dataset(facet, {src: "src"}) == EXPECTED_DATASET


def test_file_writes(spark_session: SparkSession, lineage: LineageLog, src: str, tmp_path: Path) -> None:
    assert_lineage(output_of_the_writing_run(lineage, spark_session, lambda df: df.write.orc(str(tmp_path / "o"))), src)
    partitioned = output_of_the_writing_run(
        lineage, spark_session, lambda df: df.write.partitionBy("carrier_uc").parquet(str(tmp_path / "p"))
    )
    assert_lineage(partitioned, src)


def test_session_catalog_tables(spark_session: SparkSession, lineage: LineageLog, src: str, db: str) -> None:
    assert_lineage(
        output_of_the_writing_run(lineage, spark_session, lambda df: df.write.saveAsTable(f"{db}.saved")), src
    )
    assert_lineage(
        output_of_the_writing_run(
            lineage, spark_session, lambda _: spark_session.sql(f"CREATE TABLE {db}.ctas USING parquet AS {QUERY}")
        ),
        src,
    )
    assert_lineage(
        output_of_the_writing_run(
            lineage, spark_session, lambda _: spark_session.sql(f"INSERT INTO {db}.ctas {QUERY}")
        ),
        src,
    )


def test_hive_tables(spark_session: SparkSession, lineage: LineageLog, src: str, db: str) -> None:
    spark_session.sql(f"CREATE TABLE {db}.hive_t (id INT, carrier_uc STRING) STORED AS PARQUET")
    assert_lineage(
        output_of_the_writing_run(
            lineage, spark_session, lambda _: spark_session.sql(f"INSERT INTO {db}.hive_t {QUERY}")
        ),
        src,
    )
    assert_lineage(
        output_of_the_writing_run(
            lineage, spark_session, lambda _: spark_session.sql(f"CREATE TABLE {db}.hive_ctas STORED AS ORC AS {QUERY}")
        ),
        src,
    )


def test_jdbc_write(
    spark_session: SparkSession, lineage: LineageLog, src: str, postgres_server: PostgresServer
) -> None:
    postgres_server.sql("DROP TABLE IF EXISTS cl_out;")
    output = output_of_the_writing_run(
        lineage,
        spark_session,
        lambda df: df.write.jdbc(postgres_server.url, "cl_out", properties=postgres_server.properties),
    )
    assert output["name"] == f"{postgres_server.database}.public.cl_out"
    assert_lineage(output, src)


def test_datasource_v2_writes(spark_session: SparkSession, lineage: LineageLog, src: str) -> None:
    assert_lineage(
        output_of_the_writing_run(lineage, spark_session, lambda df: df.writeTo("testcat.cl.created").create()), src
    )
    assert_lineage(
        output_of_the_writing_run(
            lineage, spark_session, lambda _: spark_session.sql(f"INSERT INTO testcat.cl.created {QUERY}")
        ),
        src,
    )
    spark_session.sql("DROP TABLE testcat.cl.created")


def test_an_output_over_the_schema_size_limit_is_reported_not_dropped(
    spark_session: SparkSession, lineage: LineageLog, src: str, tmp_path: Path
) -> None:
    wide = spark_session.read.parquet(src).selectExpr(*[f"id + {i} AS c{i}" for i in range(1001)])  # limit: 1000
    lineage.mark(spark_session)
    wide.write.parquet(str(tmp_path / "wide"))

    runs = list(child_runs(lineage.events(spark_session)).values())
    (run,) = runs
    complete = run[-1]
    (output,) = complete["outputs"]
    assert "columnLineage" not in output["facets"]
    assert len(output["facets"]["schema"]["fields"]) == 1001
    assert [i["name"] for i in complete["inputs"]] == [src]
    skipped = complete["run"]["facets"]["headwater_columnLineageSkipped"]
    assert skipped["outputs"] == [
        {
            "namespace": "file",
            "name": str(tmp_path / "wide"),
            "reason": "SCHEMA_SIZE_LIMIT",
            "fieldCount": 1001,
            "limit": 1000,
        }
    ]
    assert skipped["_schemaURL"] == "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet"
