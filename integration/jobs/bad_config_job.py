"""Runs the same small job once per configuration case, each in a new SparkContext with the agent attached.

Usage: bad_config_job.py CASES_JSON INPUT_CSV_DIR OUTPUT_ROOT
CASES_JSON maps a case name to the extra Spark settings of that case. Before each case a line
``=== case <name>`` is printed to stderr, so the test can tell which log lines belong to which case. Each case
writes its job's result to OUTPUT_ROOT/<name> (parquet).
"""

import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater


def main(cases_json: str, source: str, output_root: str) -> None:
    for name, settings in json.loads(cases_json).items():
        print(f"=== case {name}", file=sys.stderr, flush=True)
        builder = (
            SparkSession.builder.appName(f"bad config {name}").master("local[1]").config("spark.ui.enabled", "false")
        )
        spark = headwater.configure(builder, options=settings).getOrCreate()
        flights = spark.read.csv(source, header=True, schema="carrier STRING, origin STRING, dep_delay INT")
        flights.groupBy("carrier").agg(F.sum("dep_delay").alias("total_delay")).write.parquet(f"{output_root}/{name}")
        spark.stop()
        print(f"=== end {name}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:4])
