"""headwater.flush with the lineage backend down, then answering 503, then up. Prints ``FLUSH <step> <result>``.

Usage: flush_job.py DOWN_URL FLAKY_URL WORK_DIR
DOWN_URL refuses connections; FLAKY_URL answers 503 to the first three events, then 200.
"""

import sys

import headwater
from pyspark.sql import SparkSession


def main(down_url: str, flaky_url: str, work: str) -> None:
    spark = SparkSession.builder.appName("flush job").master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    one_attempt = {"emit.retry.maxAttempts": "1"}

    headwater.attach(spark, transport="http", url=down_url, options=one_attempt)
    spark.range(3).write.parquet(f"{work}/down")
    print("FLUSH down", headwater.flush(spark, timeout=60), flush=True)
    print("FLUSH down-nothing-new", headwater.flush(spark, timeout=60), flush=True)
    headwater.detach(spark)  # logs how many events of its application were lost

    headwater.attach(spark, transport="http", url=flaky_url, options=one_attempt)  # its START: 503
    spark.range(3).write.parquet(f"{work}/flaky")  # START, COMPLETE: 503, 503
    print("FLUSH flaky", headwater.flush(spark, timeout=60), flush=True)
    spark.range(3).write.parquet(f"{work}/up")  # START, COMPLETE: 200, 200
    print("FLUSH up", headwater.flush(spark, timeout=60), flush=True)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
