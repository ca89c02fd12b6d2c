"""A multi-step PySpark application, for application-level lineage (spark.openlineage.application.lineage.*).

Usage: application_job.py MODE INPUT_DIR WORK_DIR
INPUT_DIR holds orders/ and customers/ (CSV with a header). The steps:

1. orders without the cancelled ones -> WORK_DIR/staging/orders_clean (parquet);
2. the staging parquet and the customers as temp views, joined in SQL with a CASE -> WORK_DIR/staging/enriched;
3. enriched aggregated by country and size -> WORK_DIR/out/revenue (parquet), read back and printed as JSON.

MODE ``complete`` runs them and stops the session; ``fail`` runs step 1, then a step whose Python UDF raises (its run
FAILs; the script catches it), then sends SIGTERM to its own driver JVM, as a scheduler killing the application does,
and waits for the JVM to go.
"""

import json
import os
import signal
import sys
import time

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

ORDERS = "order_id INT, customer_id INT, amount DOUBLE, status STRING"
CUSTOMERS = "customer_id INT, name STRING, country STRING"


def clean_orders(spark: SparkSession, source: str, work: str) -> None:
    orders = spark.read.csv(f"{source}/orders", header=True, schema=ORDERS)
    orders.where(F.col("status") != "cancelled").select("order_id", "customer_id", "amount").write.parquet(
        f"{work}/staging/orders_clean"
    )


def main(mode: str, source: str, work: str) -> None:
    spark = SparkSession.builder.appName("Nightly Orders").getOrCreate()
    clean_orders(spark, source, work)
    if mode == "fail":
        broken = F.udf(lambda amount: amount / 0, "double")
        try:
            spark.read.parquet(f"{work}/staging/orders_clean").select(broken("amount").alias("x")).write.parquet(
                f"{work}/out/broken"
            )
        except Exception as e:  # noqa: BLE001 - the step is meant to fail
            print(f"step failed: {type(e).__name__}", flush=True)
        jvm_pid = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()  # type: ignore[union-attr]
        os.kill(jvm_pid, signal.SIGTERM)
        for _ in range(600):
            try:
                os.kill(jvm_pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        return
    spark.read.parquet(f"{work}/staging/orders_clean").createOrReplaceTempView("clean_orders")
    spark.read.csv(f"{source}/customers", header=True, schema=CUSTOMERS).createOrReplaceTempView("customers")
    spark.sql(
        "SELECT c.country, o.amount, CASE WHEN o.amount >= 100 THEN 'large' ELSE 'small' END AS size"
        " FROM clean_orders o JOIN customers c ON o.customer_id = c.customer_id"
    ).write.parquet(f"{work}/staging/enriched")
    enriched = spark.read.parquet(f"{work}/staging/enriched")
    enriched.groupBy("country", "size").agg(
        F.sum("amount").alias("revenue"), F.count("*").alias("orders")
    ).write.parquet(f"{work}/out/revenue")
    rows = spark.read.parquet(f"{work}/out/revenue").orderBy("country", "size").collect()
    print("result " + json.dumps([r.asDict() for r in rows]), flush=True)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
