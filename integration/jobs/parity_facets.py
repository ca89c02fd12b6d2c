"""The side-by-side corpus of facets (``integration/test_peer_parity_facets.py``): operations run once per agent
(Headwater or the OpenLineage Spark integration), each in its own window of the agent's event file, as in
``parity_corpus.py``, whose session and drain helpers it uses.

Usage: parity_facets.py AGENT WORKDIR MANIFEST SETTINGS_JSON
  AGENT     ``headwater`` or ``peer``
  WORKDIR   an empty folder for the data, the warehouse and the metastore
  MANIFEST  where to write ``{"operation": [start byte, end byte], ...}`` of the event file
  SETTINGS  a JSON object of Spark settings: the agent, its file transport, ``spark.jars``

The JDBC write goes to the PostgreSQL database named by the environment variable ``PARITY_JDBC`` (a JSON object:
``url`` and the connection ``properties``); the table it writes is ``<AGENT>_report``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from parity_corpus import (  # this folder is the script's: on sys.path
    drained,
    read_airlines,
    read_flights,
    session,
    write_inputs,
)
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812


def operations(spark: SparkSession, data: Path, agent: str) -> dict[str, Any]:
    """The corpus: operation name -> a callable running it."""

    def flights() -> Any:
        return read_flights(spark, data)

    def airlines() -> Any:
        return read_airlines(spark, data)

    def join_aggregate() -> None:
        # carrier: a join key, grouped and passed on; dep_delay: aggregated; name: grouped and passed on
        (
            flights()
            .join(airlines(), "carrier")
            .groupBy("carrier", "name")
            .agg(F.sum("dep_delay").alias("total_delay"))
            .write.mode("overwrite")
            .parquet(str(data / "delays"))
        )

    def jdbc_write() -> None:
        jdbc = json.loads(os.environ["PARITY_JDBC"])
        (
            spark.read.parquet(str(data / "delays"))
            .write.format("jdbc")
            .mode("overwrite")
            .option("url", jdbc["url"])
            .option("dbtable", f"{agent}_report")
            .options(**jdbc["properties"])
            .save()
        )

    sql = spark.sql
    return {
        "create_flights_table": lambda: flights().write.saveAsTable("flights_tbl"),
        "insert_into_table": lambda: sql("INSERT INTO flights_tbl SELECT 'AA', 'BOS', 7"),
        "join_aggregate_parquet": join_aggregate,
        "select_show": lambda: sql("SELECT carrier, dep_delay FROM flights_tbl WHERE dep_delay > 5").show(),
        "ctas_if_not_exists": lambda: sql(
            "CREATE TABLE IF NOT EXISTS late_tbl USING parquet AS SELECT carrier, dep_delay FROM flights_tbl"
        ),
        "jdbc_write": jdbc_write,
    }


def main(
    agent: str,
    workdir: str,
    manifest: str,
    settings_json: str,
    corpus: Callable[[SparkSession, Path, str], dict[str, Any]] = operations,
) -> None:
    """Run each operation of ``corpus`` (this file's, unless another corpus passes its own) in its own window."""
    root = Path(workdir).resolve()
    settings = json.loads(settings_json)
    events = Path(settings["spark.openlineage.transport.location"])
    data = root / "data"
    write_inputs(data)
    spark = session(root, settings)
    spark.sparkContext.setLogLevel("ERROR")
    windows: dict[str, list[int]] = {}
    for name, run in corpus(spark, data, agent).items():
        start = drained(spark, agent, events)
        run()
        windows[name] = [start, drained(spark, agent, events)]
    spark.stop()
    Path(manifest).write_text(json.dumps(windows))


if __name__ == "__main__":
    main(*sys.argv[1:5])
