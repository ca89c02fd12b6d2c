"""Attaches an agent with each given set of Spark settings in turn, runs a small write, flushes and detaches.

Usage: settings_job.py CASES_JSON WORK_DIR
CASES_JSON is a list of {"name": ..., "settings": {...}}; prints ``RESULT <name> <attached> <flushed>`` for each.
"""

import json
import sys

from pyspark.sql import SparkSession

import headwater


def main(cases_json: str, work: str) -> None:
    spark = (
        SparkSession.builder.appName("settings job")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    for number, case in enumerate(json.loads(cases_json)):
        attached = headwater.attach(spark, options=case["settings"], source_code=False)
        spark.range(3).write.parquet(f"{work}/out_{number}")
        flushed = headwater.flush(spark, timeout=60)
        headwater.detach(spark)
        print("RESULT", case["name"], attached, flushed, flush=True)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
