"""The side-by-side corpus of openlineage-spark's settings (``integration/test_peer_parity_settings.py``): operations
run once per agent, each in its own window of the agent's event file, as in ``parity_corpus.py``, whose session and
drain helpers it uses. Both agents run with the same ``spark.openlineage.*`` settings: a parent and a root parent
(as Airflow's OpenLineage provider passes them), ``applicationRunId``, ``dataset.removePath.pattern``, a ``hostList``
namespace resolver, ``filter.deniedSparkNodes``, and the smart ``debug`` facet for a run without outputs with a
``filter.allowedSparkNodes`` root (openlineage-spark's own ``testSmartDebugFacet``: CREATE TABLE, SHOW TABLES,
INSERT).

Usage: parity_settings.py AGENT WORKDIR MANIFEST SETTINGS_JSON (as ``parity_corpus.py``; run by ``parity_facets.py``'s
``main``)

The JDBC write goes to the PostgreSQL database named by the environment variable ``PARITY_JDBC`` (a JSON object:
``url`` and the connection ``properties``); the table it writes is ``<AGENT>_settings``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from parity_corpus import read_flights  # this folder is the script's: on sys.path
from parity_facets import main as run_corpus
from pyspark.sql import SparkSession


def operations(spark: SparkSession, data: Path, agent: str) -> dict[str, Any]:
    """The corpus: operation name -> a callable running it."""

    def rdd_write_versioned() -> None:
        lines = spark.sparkContext.textFile(str(data / "flights"))
        lines.map(lambda line: line.upper()).saveAsTextFile(str(data / "words" / "v2"))

    def read_versioned() -> None:
        spark.read.text(str(data / "words" / "v2")).collect()

    def jdbc_write() -> None:
        jdbc = json.loads(os.environ["PARITY_JDBC"])
        (
            read_flights(spark, data)
            .write.format("jdbc")
            .mode("overwrite")
            .option("url", jdbc["url"])
            .option("dbtable", f"{agent}_settings")
            .options(**jdbc["properties"])
            .save()
        )

    def denied_write() -> None:
        read_flights(spark, data).write.mode("overwrite").csv(str(data / "denied"))

    sql = spark.sql
    return {
        # the smart debug scenario: only SHOW TABLES misses its output, and only its allowed root gives it a run
        "create_table": lambda: sql("CREATE TABLE smart_debug (a STRING, b STRING)"),
        "show_tables": lambda: sql("SHOW TABLES"),
        "insert_values": lambda: sql("INSERT INTO smart_debug VALUES ('1', '2')"),
        "rdd_write_versioned": rdd_write_versioned,
        "read_versioned": read_versioned,
        "jdbc_write": jdbc_write,
        "denied_write": denied_write,
    }


if __name__ == "__main__":
    run_corpus(*sys.argv[1:5], corpus=operations)
