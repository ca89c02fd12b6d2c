"""A PySpark job that attaches the agent with headwater.configure() (which records this script as the job's code),
writes a file, and declares a job with headwater.emit_job_event.

Usage: configured_job.py EVENTS_JSONL WORK_DIR
"""

import sys

import headwater
from pyspark.sql import SparkSession


def main(events: str, work: str) -> None:
    builder = SparkSession.builder.appName("configured job").master("local[1]").config("spark.ui.enabled", "false")
    spark = headwater.configure(builder, transport="file", location=events, namespace="configured").getOrCreate()
    spark.range(3).write.parquet(f"{work}/numbers")
    headwater.emit_job_event(spark, spark.read.parquet(f"{work}/numbers"), job_name="declared", output=f"{work}/copy")
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:3])
