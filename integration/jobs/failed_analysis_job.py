"""A query whose analysis fails (AMBIGUOUS_REFERENCE), run with or without the agent (integration/test_failed_analysis.py).

Usage: failed_analysis_job.py agent|none EVENTS_FILE
Prints the JVM stack trace of the user's AnalysisException as Spark logs it (Utils.exceptionString), taken once the agent
has done everything it does for the query, between the lines ``=== trace`` and ``=== end trace``.
"""

import sys
import time

from pyspark.errors import AnalysisException
from pyspark.sql import SparkSession

import headwater


def main(mode: str, events: str) -> None:
    builder = SparkSession.builder.appName("failed analysis").master("local[1]").config("spark.ui.enabled", "false")
    if mode == "agent":
        options = {"transport.type": "file", "transport.location": events}
        spark = headwater.configure(builder, options=options, source_code=False).getOrCreate()
    else:
        spark = builder.getOrCreate()
    spark.sql("SELECT 1 AS k, 2 AS k").createOrReplaceTempView("twice_k")
    failure = None
    try:
        spark.sql("SELECT k FROM twice_k WHERE k <> 'S3cr3t'")
    except AnalysisException as e:
        failure = e
    assert failure is not None, "the query was expected to fail analysis"
    if mode == "agent":
        assert headwater.flush(spark, timeout=60)
    time.sleep(1)
    jvm = spark.sparkContext._jvm
    assert jvm is not None
    print("=== trace")
    print(jvm.org.apache.spark.util.Utils.exceptionString(failure._origin))  # type: ignore[attr-defined]
    print("=== end trace")
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
