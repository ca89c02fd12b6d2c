"""Runs the same small job once per delivery case, each in a new SparkContext (with the agent, or without it).

Usage: fault_job.py CASES_JSON INPUT_CSV_DIR OUTPUT_ROOT MARKER_DIR
CASES_JSON maps a case name to {"settings": {...} or null (no agent), "writes": n, "pause": seconds, "flush": bool
(wait for delivery before the stop; default true)}. For each case:
``=== case <name>`` goes to stderr, the SparkSession starts, MARKER_DIR/<name>.started is created, the job writes its
result n times to OUTPUT_ROOT/<name>/w<i> (parquet), pausing before each write, and one JSON line goes to stdout:
{"case", "stop_seconds" (how long spark.stop() took), "status" (headwater.status before the stop, or null)}.
"""

import dataclasses
import json
import sys
import time
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater


def main(cases_json: str, source: str, output_root: str, marker_dir: str) -> None:
    for name, case in json.loads(cases_json).items():
        print(f"=== case {name}", file=sys.stderr, flush=True)
        builder = SparkSession.builder.appName(f"fault {name}").master("local[1]").config("spark.ui.enabled", "false")
        if case["settings"] is not None:
            builder = headwater.configure(builder, options=case["settings"], source_code=False)
        else:
            # the driver's JVM holds the first case's settings as defaults of every later SparkConf: no listener here
            builder = builder.config("spark.extraListeners", "")
        spark = builder.getOrCreate()
        (Path(marker_dir) / f"{name}.started").touch()
        flights = spark.read.csv(source, header=True, schema="carrier STRING, origin STRING, dep_delay INT")
        result = flights.groupBy("carrier").agg(F.sum("dep_delay").alias("total_delay"))
        for i in range(case["writes"]):
            time.sleep(case["pause"])
            result.write.parquet(f"{output_root}/{name}/w{i}")
        status = None
        if case["settings"] is not None:
            if case.get("flush", True):
                headwater.flush(spark, timeout=30)
            status = dataclasses.asdict(headwater.status(spark))
        started = time.monotonic()
        spark.stop()
        stop_seconds = time.monotonic() - started
        print(json.dumps({"case": name, "stop_seconds": stop_seconds, "status": status}), flush=True)
        print(f"=== end {name}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:5])
