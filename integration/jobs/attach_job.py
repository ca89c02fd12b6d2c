"""headwater.attach on sessions that already run, in one Python process: attach, re-attach, detach, and a new session
after spark.stop(). Prints one JSON object per step to stdout (``STEP {...}``) for the test to read.

Usage: attach_job.py WORK_DIR
"""

import json
import sys
import warnings

from pyspark.sql import SparkSession

import headwater
from headwater.lineage.notebook import spark_events_location


def session(name: str) -> SparkSession:
    spark = SparkSession.builder.appName(name).master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("WARN")  # PySpark's default level: the duplicate-gauge warning would show
    return spark


def step(name: str, **facts: object) -> None:
    print("STEP " + json.dumps({"step": name, **facts}), flush=True)


def main(work: str) -> None:
    spark = session("attach job")
    spark.range(5).write.parquet(f"{work}/before")  # no agent yet: not captured

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        headwater.configure(SparkSession.builder, transport="file", location=f"{work}/never.jsonl")
    step("configure_on_running_session", warnings=[str(w.message) for w in caught])

    attached = headwater.attach(spark, transport="file", location=f"{work}/first.jsonl", namespace="attached")
    spark.range(7).write.parquet(f"{work}/first")
    runs = headwater.recent_runs(spark)
    shown = spark_events_location(spark)  # where headwater.show(spark) reads the session's events
    step("first", attached=attached, flushed=headwater.flush(spark), runs=[r.line() for r in runs], shown=shown)

    # attaching again (a re-run notebook cell) replaces the agent: one agent, one run per write
    headwater.attach(spark, transport="file", location=f"{work}/second.jsonl", namespace="attached")
    headwater.attach(spark, transport="file", location=f"{work}/second.jsonl", namespace="attached")
    spark.range(9).write.parquet(f"{work}/second")
    step("second", flushed=headwater.flush(spark), runs=[r.line() for r in headwater.recent_runs(spark)])

    detached = headwater.detach(spark)
    try:
        spark_events_location(spark)
    except ValueError as e:  # the session's own settings again: no file transport
        unshown = str(e).split(",", 1)[0]
    step("detach", detached=detached, again=headwater.detach(spark), unshown=unshown)
    spark.range(3).write.parquet(f"{work}/after_detach")  # not captured
    spark.stop()
    try:
        headwater.attach(spark)
    except RuntimeError as e:
        step("stopped", message=str(e))

    spark = session("attach job 2")
    headwater.attach(spark, transport="file", location=f"{work}/third.jsonl", namespace="attached")
    spark.range(11).write.parquet(f"{work}/third")
    step("third", flushed=headwater.flush(spark), runs=[r.line() for r in headwater.recent_runs(spark)])
    spark.stop()

    # sessions created with configure(), stopped and created again in the same process
    for round_ in range(2):
        builder = SparkSession.builder.appName(f"configured {round_}").master("local[1]")
        spark = headwater.configure(
            builder.config("spark.ui.enabled", "false"), transport="file", location=f"{work}/configured.jsonl"
        ).getOrCreate()
        spark.sparkContext.setLogLevel("WARN")
        spark.range(round_ + 1).write.parquet(f"{work}/configured_{round_}")
        spark.stop()
    step("done")


if __name__ == "__main__":
    main(sys.argv[1])
