"""Writes a session-catalog table and a CTAS from it with ``spark.openlineage.dataset.identity=table``.

Usage: table_identity_job.py WORK_DIR (events go to WORK_DIR/events.jsonl, the warehouse to WORK_DIR/warehouse)
"""

import sys
from pathlib import Path

from pyspark.sql import SparkSession

import headwater


def main(work: Path) -> None:
    builder = (
        SparkSession.builder.appName("identity check")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.warehouse.dir", str(work / "warehouse"))
    )
    options = {"transport.type": "file", "transport.location": str(work / "events.jsonl"), "dataset.identity": "table"}
    spark = headwater.configure(builder, options=options, source_code=False).getOrCreate()
    spark.range(3).write.saveAsTable("t_src")
    spark.sql("CREATE TABLE t_dst USING parquet AS SELECT id FROM t_src")
    assert headwater.flush(spark, timeout=60)
    spark.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
