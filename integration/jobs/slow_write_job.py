"""A write that takes a while (each row sleeps 100 ms in the JVM), for killing the driver during it.

Usage: slow_write_job.py OUTPUT_DIR
"""

import sys

from pyspark.sql import SparkSession


def main(output: str) -> None:
    spark = SparkSession.builder.appName("slow write").getOrCreate()
    rows = spark.range(0, 1200, 1, 1).selectExpr("id", "reflect('java.lang.Thread', 'sleep', CAST(100 AS BIGINT)) AS s")
    rows.write.parquet(output)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
