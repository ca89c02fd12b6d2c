"""Starts a session with the agent and runs its first query at once, while the agent may still be starting.

Usage: startup_job.py EVENTS_JSONL OUTPUT_DIR
The agent writes its events to EVENTS_JSONL (file transport); the query writes OUTPUT_DIR (parquet).
"""

import sys

from pyspark.sql import SparkSession

import headwater


def main(events: str, output: str) -> None:
    builder = SparkSession.builder.appName("startup job").master("local[1]").config("spark.ui.enabled", "false")
    spark = headwater.configure(builder, options={"transport.type": "file", "transport.location": events}).getOrCreate()
    spark.range(5).write.parquet(output)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:3])
