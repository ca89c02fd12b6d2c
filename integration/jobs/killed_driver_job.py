"""A Python driver (the JVM is its child, as in a notebook kernel) whose write takes a while, for killing a process
during it. Prints ``jvm <pid>`` once its JVM is up.

Usage: killed_driver_job.py SETTINGS_JSON OUTPUT_DIR [MODE]
SETTINGS_JSON: the agent's ``spark.openlineage.*`` settings, without the prefix.
MODE: ``write`` (the default: a slow write), ``foreach`` (a slow ``rdd.foreach``, no SQL execution: prints ``running``
once its job runs) or ``idle`` (a quick job, then nothing: prints ``idle``).
"""

import json
import sys
import threading
import time

from pyspark.sql import SparkSession

import headwater


def main(settings: str, output: str, mode: str = "write") -> None:
    builder = SparkSession.builder.appName("killed driver").master("local[1]").config("spark.ui.enabled", "false")
    spark = headwater.configure(builder, options=json.loads(settings), source_code=False).getOrCreate()
    jvm_pid = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()  # type: ignore[union-attr]
    print(f"jvm {jvm_pid}", flush=True)
    if mode == "foreach":
        rdd = spark.sparkContext.parallelize(range(1200), 1)
        threading.Thread(target=lambda: rdd.foreach(lambda _: time.sleep(0.1)), daemon=True).start()
        while not spark.sparkContext.statusTracker().getActiveJobsIds():
            time.sleep(0.05)
        print("running", flush=True)
        time.sleep(600)
    if mode == "idle":
        spark.range(3).count()
        print("idle", flush=True)
        time.sleep(600)
    rows = spark.range(0, 1200, 1, 1).selectExpr("id", "reflect('java.lang.Thread', 'sleep', CAST(100 AS BIGINT)) AS s")
    rows.write.parquet(output)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
