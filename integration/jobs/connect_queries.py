"""The queries integration/test_spark_connect.py runs twice: from a Spark Connect client, and in a classic session.

Usage: connect_queries.py (connect URL | classic EVENTS_FILE) WORKDIR RESULT_JSON
Reads two CSV files, joins and aggregates them into parquet (WORKDIR/etl/totals, so that both runs name the job
alike), creates a table from a projection of the join with SQL (in the session's warehouse), and writes a JSON result:
the rows written, and for a Connect client what ``headwater.configure`` and ``headwater.flush`` did with it.
"""

import json
import sys
import warnings
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater

APP_NAME = "Connect Lineage"


def session(mode: str, target: str, warehouse: str) -> tuple[SparkSession, dict[str, object]]:
    """The session, and for a Connect client what the Python package did with it."""
    if mode == "classic":
        builder = headwater.configure(SparkSession.builder.appName(APP_NAME), transport="file", location=target)
        builder.master("local[2]").config("spark.ui.enabled", "false")
        return builder.config("spark.sql.warehouse.dir", warehouse).getOrCreate(), {}
    builder = SparkSession.builder.remote(target).appName(APP_NAME)
    options_before = dict(builder._options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        configured = headwater.configure(builder)
    report: dict[str, object] = {
        "configure_returned_the_builder": configured is builder,
        "configure_changed_options": dict(builder._options) != options_before,
        "configure_warnings": [str(w.message) for w in caught if issubclass(w.category, headwater.HeadwaterWarning)],
    }
    return builder.getOrCreate(), report


def main(mode: str, target: str, workdir: str, result_file: str) -> None:
    base = Path(workdir)
    spark, report = session(mode, target, str(base / "warehouse"))
    (base / "in").mkdir(parents=True, exist_ok=True)
    (base / "in" / "carriers.csv").write_text("carrier,name\nAA,American\nUA,United\nDL,Delta\n")
    (base / "in" / "flights.csv").write_text("carrier,dep_delay\nAA,12\nAA,3\nUA,40\nDL,-2\nUA,5\n")
    carriers = spark.read.csv(str(base / "in" / "carriers.csv"), header=True, schema="carrier STRING, name STRING")
    flights = spark.read.csv(str(base / "in" / "flights.csv"), header=True, schema="carrier STRING, dep_delay INT")
    totals = flights.join(carriers, "carrier").groupBy("name").agg(F.sum("dep_delay").alias("total_delay"))
    totals.write.mode("overwrite").parquet(str(base / "etl" / "totals"))
    flights.join(carriers, "carrier").createOrReplaceTempView("joined")
    spark.sql(
        "CREATE TABLE airline_delays USING parquet AS "
        "SELECT upper(name) AS airline, dep_delay * 60 AS delay_seconds FROM joined WHERE dep_delay > 0"
    )
    rows = sorted(tuple(r) for r in spark.read.parquet(str(base / "etl" / "totals")).collect())
    report["rows"] = rows
    if mode == "connect":
        try:
            headwater.flush(spark)
            report["flush"] = "returned"
        except TypeError as e:
            report["flush"] = str(e)
    else:
        headwater.flush(spark)
    Path(result_file).write_text(json.dumps(report))
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:5])
