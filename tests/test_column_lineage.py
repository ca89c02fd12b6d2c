"""The columnLineage facet on real queries, with the expected lineage written out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F  # noqa: N812

from tests.support.column_lineage import dataset_level, fields, write_and_get_lineage
from tests.support.events import LineageLog

IDENTITY = ("DIRECT", "IDENTITY", False)
TRANSFORMATION = ("DIRECT", "TRANSFORMATION", False)
AGGREGATION = ("DIRECT", "AGGREGATION", False)


@pytest.fixture
def sources(spark_session: SparkSession, tmp_path: Path) -> dict[str, str]:
    flights = str(tmp_path / "flights")
    airlines = str(tmp_path / "airlines")
    spark_session.createDataFrame(
        [(1, "AA", "JFK", 10.0), (2, "UA", "EWR", -5.0), (3, "AA", "LGA", 30.0)],
        "id INT, carrier STRING, origin STRING, delay DOUBLE",
    ).write.parquet(flights)
    spark_session.createDataFrame([("AA", "American"), ("UA", "United")], "carrier STRING, name STRING").write.parquet(
        airlines
    )
    return {"flights": flights, "airlines": airlines}


def test_projection_aliases_and_expressions(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, str], tmp_path: Path
) -> None:
    f = spark_session.read.parquet(sources["flights"])
    df = f.select(F.col("id").alias("flight_id"), (F.col("delay") * 60).alias("delay_s")).withColumn(
        "late", F.col("delay_s") > 0
    )

    facet = write_and_get_lineage(lineage, spark_session, df, tmp_path / "out")

    fl = sources["flights"]
    assert fields(facet) == {
        "flight_id": {(fl, "id", IDENTITY)},
        "delay_s": {(fl, "delay", TRANSFORMATION)},
        "late": {(fl, "delay", TRANSFORMATION)},
    }
    assert "dataset" not in facet


def test_join_filter_aggregate_and_masking(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, str], tmp_path: Path
) -> None:
    f, a = spark_session.read.parquet(sources["flights"]), spark_session.read.parquet(sources["airlines"])
    df = (
        f.where("delay > 0")
        .join(a, "carrier")
        .groupBy("carrier", F.upper("name").alias("airline"))
        .agg(F.avg("delay").alias("mean_delay"), F.sha2(F.max("origin"), 256).alias("origin_hash"))
    )

    facet = write_and_get_lineage(lineage, spark_session, df, tmp_path / "out")

    fl, al = sources["flights"], sources["airlines"]
    assert fields(facet) == {
        "carrier": {(fl, "carrier", IDENTITY)},
        "airline": {(al, "name", TRANSFORMATION)},
        "mean_delay": {(fl, "delay", AGGREGATION)},
        "origin_hash": {(fl, "origin", ("DIRECT", "AGGREGATION", True))},
    }
    assert dataset_level(facet) == {  # no FILTER on the join keys: the optimizer inferred those IS NOT NULL tests
        (fl, "delay", "FILTER"),
        (fl, "carrier", "JOIN"),
        (al, "carrier", "JOIN"),
        (fl, "carrier", "GROUP_BY"),
        (al, "name", "GROUP_BY"),
    }


def test_case_when_union_and_window(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, str], tmp_path: Path
) -> None:
    f, a = spark_session.read.parquet(sources["flights"]), spark_session.read.parquet(sources["airlines"])
    labelled = f.select(
        F.when(F.col("delay") > 15, F.lit("late")).otherwise(F.col("origin")).alias("label"),
        F.rank().over(Window.partitionBy("carrier").orderBy("delay")).alias("rank_in_carrier"),
    )
    both = labelled.unionByName(a.select(F.col("name").alias("label"), F.lit(0).alias("rank_in_carrier")))

    facet = write_and_get_lineage(lineage, spark_session, both, tmp_path / "out")

    fl, al = sources["flights"], sources["airlines"]
    assert fields(facet) == {
        "label": {
            (fl, "delay", ("INDIRECT", "CONDITIONAL", False)),
            (fl, "origin", TRANSFORMATION),
            (al, "name", IDENTITY),
        },
        "rank_in_carrier": {
            (fl, "carrier", ("INDIRECT", "WINDOW", False)),
            (fl, "delay", ("INDIRECT", "WINDOW", False)),
        },
    }
    assert dataset_level(facet) >= {(fl, "carrier", "WINDOW"), (fl, "delay", "WINDOW")}


def test_dataset_lineage_lists_row_level_inputs_once(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, str], tmp_path: Path
) -> None:
    f = spark_session.read.parquet(sources["flights"])
    df = f.where(F.col("origin") == "JFK").orderBy("delay").select("id")

    facet = write_and_get_lineage(lineage, spark_session, df, tmp_path / "out")

    fl = sources["flights"]
    assert fields(facet) == {"id": {(fl, "id", IDENTITY)}}
    assert {(fl, "origin", "FILTER"), (fl, "delay", "SORT")} <= dataset_level(facet)
