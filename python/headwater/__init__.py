"""Headwater: an OpenLineage lineage agent for Apache Spark.

The agent itself is a JVM ``SparkListener`` shipped inside this package as a jar. This module attaches it to
PySpark sessions::

    from pyspark.sql import SparkSession
    import headwater

    spark = headwater.configure(
        SparkSession.builder.appName("nightly_flights"),
        transport="file",
        location="lineage/events.jsonl",
    ).getOrCreate()

Importing ``headwater`` never starts a JVM; pyspark is imported only by the functions that need it.
"""

from __future__ import annotations

from headwater._session import LISTENER_CLASS, configure, flush, jar_path
from headwater._static import LineageError, emit, emit_dataset_event, emit_job_event
from headwater._status import DeliveryStatus, status
from headwater._tags import tags
from headwater._version import __version__

__all__ = [
    "LISTENER_CLASS",
    "DeliveryStatus",
    "LineageError",
    "__version__",
    "configure",
    "emit",
    "emit_dataset_event",
    "emit_job_event",
    "flush",
    "jar_path",
    "status",
    "tags",
]
