"""End-to-end: file reads and writes on the shared session produce the right runs, datasets and facets."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

from tests.support.events import (
    APP_JOB,
    LineageLog,
    child_runs,
    datasets,
    only_run,
    schema_fields,
    spark_schema_as_facet,
)

NAMESPACE = "headwater-tests"


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> Path:
    path.mkdir(parents=True)
    with (path / "part-0.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.fixture
def flights_and_carriers(tmp_path: Path) -> tuple[Path, Path]:
    flights = write_csv(
        tmp_path / "flights",
        ["carrier", "origin", "dest", "dep_delay"],
        [["AA", "JFK", "LAX", 12], ["AA", "JFK", "SFO", -3], ["UA", "EWR", "ORD", 40], ["DL", "LGA", "ATL", 0]],
    )
    carriers = write_csv(
        tmp_path / "carriers",
        ["carrier", "name"],
        [["AA", "American Airlines Inc."], ["UA", "United Air Lines Inc."], ["DL", "Delta Air Lines Inc."]],
    )
    return flights, carriers


def test_csv_join_aggregate_to_parquet(
    spark_session: SparkSession, lineage: LineageLog, flights_and_carriers: tuple[Path, Path], tmp_path: Path
) -> None:
    flights_dir, carriers_dir = flights_and_carriers
    flights = spark_session.read.csv(
        str(flights_dir), header=True, schema="carrier STRING, origin STRING, dest STRING, dep_delay INT"
    )
    carriers = spark_session.read.csv(str(carriers_dir), header=True, schema="carrier STRING, name STRING")
    result = flights.join(carriers, "carrier").groupBy("carrier", "name").agg(F.avg("dep_delay").alias("mean_delay"))
    out = tmp_path / "carrier_delays"

    result.write.parquet(str(out))

    events = lineage.events(spark_session)
    run = only_run(events)
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    start, complete = run
    assert start["run"]["runId"] == complete["run"]["runId"]
    expected_name = f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_carrier_delays"
    assert start["job"]["name"] == complete["job"]["name"]
    assert complete["job"]["name"] == expected_name
    assert complete["job"]["namespace"] == NAMESPACE
    for event in run:
        assert datasets(event, "inputs") == [("file", str(flights_dir)), ("file", str(carriers_dir))]
        assert datasets(event, "outputs") == [("file", str(out))]
    output = complete["outputs"][0]
    assert schema_fields(output) == spark_schema_as_facet(result.schema)
    assert output["facets"]["dataSource"]["name"] == "file"
    assert schema_fields(complete["inputs"][1]) == [
        {"name": "carrier", "type": "string"},
        {"name": "name", "type": "string"},
    ]
    assert "lifecycleStateChange" not in output["facets"]  # default mode is error-if-exists, not overwrite
    assert complete["job"]["facets"]["jobType"] == {
        **complete["job"]["facets"]["jobType"],
        "jobType": "SQL_JOB",
        "processingType": "BATCH",
        "integration": "SPARK",
    }


def test_parent_facet_names_the_application_run(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    spark_session.range(5).write.json(str(tmp_path / "ids"))

    events = lineage.events(spark_session)
    app_starts = [
        e for e in lineage.all_events() if e.get("job", {}).get("name") == APP_JOB and e["eventType"] == "START"
    ]
    assert len(app_starts) == 1
    app = app_starts[0]
    assert app["job"]["facets"]["jobType"]["jobType"] == "APPLICATION"
    assert app["job"]["facets"]["jobType"]["processingType"] == "NONE"
    engine = app["run"]["facets"]["processing_engine"]
    assert engine["name"] == "spark"
    assert engine["version"] == spark_session.version
    for event in only_run(events):
        parent = event["run"]["facets"]["parent"]
        assert parent["run"]["runId"] == app["run"]["runId"]
        assert parent["job"] == {"namespace": NAMESPACE, "name": APP_JOB}
        assert parent["root"]["run"]["runId"] == app["run"]["runId"]


def test_failed_write_gives_fail_with_error_message(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    failing = F.when(F.col("id") == 3, F.raise_error(F.lit("bad row 3"))).otherwise(F.col("id"))

    with pytest.raises(Exception, match="bad row 3"):
        spark_session.range(5).select(failing.alias("v")).write.parquet(str(tmp_path / "never"))

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "FAIL"]
    fail = run[1]
    error = fail["run"]["facets"]["errorMessage"]
    assert "bad row 3" in error["message"]
    assert error["programmingLanguage"] == "JAVA"
    assert "bad row 3" in error["stackTrace"]
    assert datasets(fail, "outputs") == [("file", str(tmp_path / "never"))]
    # nothing was counted for the failed tasks: no all-zero outputStatistics
    assert "outputStatistics" not in (fail["outputs"][0].get("outputFacets") or {})


def test_failed_write_reports_no_zero_input_statistics(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "source"
    spark_session.range(20).write.parquet(str(source))
    lineage.mark(spark_session)
    failing = F.when(F.col("id") == 3, F.raise_error(F.lit("bad row 3"))).otherwise(F.col("id"))

    with pytest.raises(Exception, match="bad row 3"):
        spark_session.read.parquet(str(source)).select(failing.alias("v")).write.parquet(str(tmp_path / "never"))

    run = only_run(lineage.events(spark_session))
    fail = run[-1]
    assert fail["eventType"] == "FAIL"
    assert datasets(fail, "inputs") == [("file", str(source))]
    statistics = (fail["inputs"][0].get("inputFacets") or {}).get("inputStatistics")
    assert statistics is None or statistics["rowCount"] > 0, statistics
    assert "outputStatistics" not in (fail["outputs"][0].get("outputFacets") or {})


def test_read_only_action_gives_input_only_run(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    path = tmp_path / "numbers"
    spark_session.range(10).write.orc(str(path))
    lineage.mark(spark_session)

    assert spark_session.read.orc(str(path)).where("id > 4").count() == 5

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    for event in run:
        assert datasets(event, "inputs") == [("file", str(path))]
        assert event["outputs"] == []
    assert schema_fields(run[0]["inputs"][0]) == [{"name": "id", "type": "long"}]


def test_execution_without_datasets_emits_nothing(spark_session: SparkSession, lineage: LineageLog) -> None:
    assert spark_session.range(100).selectExpr("sum(id) AS s").collect()[0]["s"] == 4950
    assert child_runs(lineage.events(spark_session)) == {}


@pytest.mark.parametrize("fmt", ["parquet", "csv", "json", "orc", "text"])
def test_every_file_format_round_trips(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path, fmt: str
) -> None:
    df = spark_session.createDataFrame([("a",), ("b",)], "value STRING")
    path = tmp_path / f"data_{fmt}"

    df.write.mode("overwrite").format(fmt).save(str(path))
    write = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    assert spark_session.read.format(fmt).schema("value STRING").load(str(path)).count() == 2
    read = only_run(lineage.events(spark_session))

    assert datasets(write[-1], "outputs") == [("file", str(path))]
    assert write[-1]["outputs"][0]["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "OVERWRITE"
    assert schema_fields(write[-1]["outputs"][0]) == [{"name": "value", "type": "string"}]
    assert datasets(read[-1], "inputs") == [("file", str(path))]
    assert (
        write[-1]["job"]["name"]
        == f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_data_{fmt}"
    )
    # a read-only run: named after its action and its first input
    assert read[-1]["job"]["name"] == f"{APP_JOB}.count.{tmp_path.name}_data_{fmt}"


def test_several_paths_and_partitioned_directories(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sales = spark_session.createDataFrame(
        [("JFK", 2013, 1.0), ("JFK", 2014, 2.0), ("EWR", 2013, 3.0)], "origin STRING, year INT, amount DOUBLE"
    )
    partitioned = tmp_path / "sales"
    sales.write.partitionBy("origin", "year").parquet(str(partitioned))
    write = only_run(lineage.events(spark_session))
    assert datasets(write[-1], "outputs") == [("file", str(partitioned))]
    assert write[-1]["job"]["name"].endswith(f".{tmp_path.name}_sales")
    other = tmp_path / "more_sales"
    sales.where("origin = 'EWR'").drop("origin", "year").write.parquet(str(other))
    lineage.mark(spark_session)

    whole = spark_session.read.parquet(str(partitioned))
    assert whole.count() == 3
    assert spark_session.read.parquet(str(partitioned / "origin=JFK" / "year=2013"), str(other)).count() == 2

    runs = list(child_runs(lineage.events(spark_session)).values())
    assert len(runs) == 2
    assert datasets(runs[0][-1], "inputs") == [("file", str(partitioned))]
    assert schema_fields(runs[0][-1]["inputs"][0]) == spark_schema_as_facet(whole.schema)
    assert datasets(runs[1][-1], "inputs") == [("file", str(partitioned)), ("file", str(other))]


def test_nested_schema_facet(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    df = spark_session.createDataFrame(
        [(1, {"city": "NYC", "zip": "10001"}, [{"sku": "a", "qty": 2}], {"k": 1.5})],
        "id INT, address STRUCT<city: STRING, zip: STRING>, items ARRAY<STRUCT<sku: STRING, qty: INT>>, "
        "scores MAP<STRING, DOUBLE>",
    )
    df.write.parquet(str(tmp_path / "nested"))

    output = only_run(lineage.events(spark_session))[-1]["outputs"][0]
    assert schema_fields(output) == [
        {"name": "id", "type": "integer"},
        {
            "name": "address",
            "type": "struct",
            "fields": [{"name": "city", "type": "string"}, {"name": "zip", "type": "string"}],
        },
        {
            "name": "items",
            "type": "array",
            "fields": [
                {
                    "name": "_element",
                    "type": "struct",
                    "fields": [{"name": "sku", "type": "string"}, {"name": "qty", "type": "integer"}],
                }
            ],
        },
        {
            "name": "scores",
            "type": "map",
            "fields": [{"name": "key", "type": "string"}, {"name": "value", "type": "double"}],
        },
    ]
