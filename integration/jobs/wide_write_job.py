"""A write of 990 columns, each the sum of 12 of 120 input columns: a column-lineage facet of about 2 MiB.

Usage: wide_write_job.py WORK_DIR
Writes WORK_DIR/wide_in (120 columns), then WORK_DIR/wide_out (990 columns) from it, then a small write
(WORK_DIR/small_out), and prints ``STATUS <headwater.status as JSON>`` after a flush. The transport comes from --conf.
"""

import dataclasses
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater

INPUTS = 120
OUTPUTS = 990
TERMS = 12


def main(work: str) -> None:
    spark = SparkSession.builder.appName("wide write").getOrCreate()
    names = [f"input_column_{i:03d}" for i in range(INPUTS)]
    spark.range(2).select(*[F.col("id").alias(n) for n in names]).write.mode("overwrite").parquet(f"{work}/wide_in")
    source = spark.read.parquet(f"{work}/wide_in")
    columns = []
    for out in range(OUTPUTS):
        terms = [F.col(names[(out * 7 + k * 10) % INPUTS]) for k in range(TERMS)]
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        columns.append(total.alias(f"output_column_{out:03d}"))
    source.select(*columns).write.mode("overwrite").parquet(f"{work}/wide_out")
    spark.range(3).write.mode("overwrite").parquet(f"{work}/small_out")
    headwater.flush(spark, timeout=120)
    print("STATUS", json.dumps(dataclasses.asdict(headwater.status(spark))), flush=True)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
