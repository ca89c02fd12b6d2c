"""A small PySpark ETL run by the integration tests through spark-submit (the agent comes from --jars/--conf).

Usage: etl_job.py INPUT_CSV_DIR OUTPUT_DIR RESULT_JSON
Reads the CSV, aggregates it, writes parquet, reads it back, and writes the collected result as JSON so the test
can compare it with the result of the same job without the agent.
"""

import json
import sys
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812


def main(source: str, target: str, result_file: str) -> None:
    spark = SparkSession.builder.appName("Integration ETL").getOrCreate()
    flights = spark.read.csv(source, header=True, schema="carrier STRING, origin STRING, dep_delay INT")
    flights.groupBy("carrier").agg(F.sum("dep_delay").alias("total_delay")).write.mode("overwrite").parquet(target)
    rows = spark.read.parquet(target).orderBy("carrier").collect()
    with Path(result_file).open("w", encoding="utf-8") as f:
        json.dump([r.asDict() for r in rows], f)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
