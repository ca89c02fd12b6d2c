"""The job integration/test_standalone_cluster.py runs on a standalone cluster and in local mode (spark-submit with the
agent on --jars).

Usage: cluster_job.py WORKDIR EXECUTORS RESULT_JSON
Waits until EXECUTORS executors have registered (0 in local mode), writes 10,000 generated rows as parquet in 4
files, aggregates them into a second parquet directory, and writes a JSON result: the executors that took part.
"""

import json
import sys
import time
from pathlib import Path

from pyspark.sql import SparkSession


def main(workdir: str, executors: str, result_file: str) -> None:
    spark = SparkSession.builder.appName("Cluster Statistics").getOrCreate()
    status = spark.sparkContext._jsc.sc().getExecutorMemoryStatus()
    deadline = time.monotonic() + 180
    while status.size() < int(executors) + 1 and time.monotonic() < deadline:  # the driver counts as one
        time.sleep(0.5)
        status = spark.sparkContext._jsc.sc().getExecutorMemoryStatus()
    rows = spark.range(0, 10_000, 1, 4).selectExpr("id", "id % 7 AS k", "concat('row-', CAST(id AS STRING)) AS label")
    rows.write.mode("overwrite").parquet(f"{workdir}/out/rows")
    totals = spark.read.parquet(f"{workdir}/out/rows").groupBy("k").count().coalesce(1)
    totals.write.mode("overwrite").parquet(f"{workdir}/out/totals")
    with Path(result_file).open("w", encoding="utf-8") as f:
        json.dump({"block_managers": status.size(), "master": spark.sparkContext.master}, f)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
