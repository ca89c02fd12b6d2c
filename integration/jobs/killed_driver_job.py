"""A Python driver (the JVM is its child, as in a notebook kernel) whose write takes a while, for killing a process
during it. Prints ``jvm <pid>`` once its JVM is up.

Usage: killed_driver_job.py SETTINGS_JSON OUTPUT_DIR
SETTINGS_JSON: the agent's ``spark.openlineage.*`` settings, without the prefix.
"""

import json
import sys

from pyspark.sql import SparkSession

import headwater


def main(settings: str, output: str) -> None:
    builder = SparkSession.builder.appName("killed driver").master("local[1]").config("spark.ui.enabled", "false")
    spark = headwater.configure(builder, options=json.loads(settings), source_code=False).getOrCreate()
    jvm_pid = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()  # type: ignore[union-attr]
    print(f"jvm {jvm_pid}", flush=True)
    rows = spark.range(0, 1200, 1, 1).selectExpr("id", "reflect('java.lang.Thread', 'sleep', CAST(100 AS BIGINT)) AS s")
    rows.write.parquet(output)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:3])
