"""headwater.flush and headwater.status with the lineage backend down, then answering 503 once, then up.

Prints ``FLUSH <step> <result> <status as JSON>`` after each flush.

Usage: flush_job.py DOWN_URL FLAKY_URL WORK_DIR
DOWN_URL refuses connections; FLAKY_URL answers 503 to the first event, then 200. Spooled events go to WORK_DIR/spool.
"""

import dataclasses
import json
import sys
import time

from pyspark.sql import SparkSession

import headwater


def report(spark: SparkSession, step: str) -> None:
    flushed = headwater.flush(spark, timeout=60)
    status = dataclasses.asdict(headwater.status(spark))
    print("FLUSH", step, flushed, json.dumps(status), flush=True)


def main(down_url: str, flaky_url: str, work: str) -> None:
    builder = SparkSession.builder.appName("flush job").master("local[1]").config("spark.ui.enabled", "false")
    spark = builder.getOrCreate()
    options = {
        "emit.retry.maxAttempts": "1",
        "emit.retry.maxBackoffMillis": "200",  # a destination known to be down is probed every 200 ms
        "spool.dir": f"{work}/spool",
    }

    headwater.attach(spark, transport="http", url=down_url, options=options)
    spark.range(3).write.parquet(f"{work}/down")
    report(spark, "down")
    report(spark, "down-nothing-new")
    headwater.detach(spark)  # the application's COMPLETE goes to the spool at once: the endpoint is known down

    headwater.attach(spark, transport="http", url=flaky_url, options=options)  # its START: 503, spooled
    spark.range(3).write.parquet(f"{work}/flaky")
    report(spark, "flaky")
    deadline = time.monotonic() + 60
    while headwater.status(spark).endpoint_down and time.monotonic() < deadline:
        time.sleep(0.1)  # the next probe finds the endpoint up and re-sends the spool
    spark.range(3).write.parquet(f"{work}/up")
    report(spark, "up")
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
