"""A driver that writes once and then waits, idle, for a signal: how a long-running server's driver spends its life.

Usage: idle_driver_job.py OUTPUT_DIR
"""

import sys
import time

from pyspark.sql import SparkSession


def main(output: str) -> None:
    spark = SparkSession.builder.appName("idle driver").getOrCreate()
    spark.range(3).write.parquet(output)
    time.sleep(600)  # the test stops the driver with a signal long before this ends
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
