"""Headwater: an OpenLineage lineage agent for Apache Spark.

The agent itself is a JVM ``SparkListener`` shipped inside this package as a jar. This module attaches it to
PySpark sessions, when they are created::

    from pyspark.sql import SparkSession
    import headwater

    spark = headwater.configure(
        SparkSession.builder.appName("nightly_flights"),
        transport="file",
        location="lineage/events.jsonl",
    ).getOrCreate()

or once they run (notebooks, the ``pyspark`` shell)::

    headwater.attach(spark, transport="http", url="http://marquez:5000")

Importing ``headwater`` never starts a JVM; pyspark is imported only by the functions that need it. Importing it
next to a pyspark it does not support warns (:class:`HeadwaterWarning`) with what to install.
"""

from __future__ import annotations

from headwater import lineage
from headwater._runs import Dataset, LineageRun, LineageRuns, recent_runs
from headwater._static import LineageError, emit, emit_dataset_event, emit_job_event
from headwater._status import DeliveryStatus, status
from headwater._support import SUPPORTED_PYSPARK, HeadwaterWarning, check_installed_pyspark
from headwater._tags import tags
from headwater._version import __version__
from headwater._viewer import show
from headwater.spark.agent import LISTENER_CLASS
from headwater.spark.attach import attach, detach
from headwater.spark.jar import UnsupportedSparkError, jar_path
from headwater.spark.session import configure, flush

check_installed_pyspark()

# `headwater.lineage` is the lineage-store package (its names are imported on first use).
__all__ = [
    "LISTENER_CLASS",
    "SUPPORTED_PYSPARK",
    "Dataset",
    "DeliveryStatus",
    "HeadwaterWarning",
    "LineageError",
    "LineageRun",
    "LineageRuns",
    "UnsupportedSparkError",
    "__version__",
    "attach",
    "configure",
    "detach",
    "emit",
    "emit_dataset_event",
    "emit_job_event",
    "flush",
    "jar_path",
    "lineage",
    "recent_runs",
    "show",
    "status",
    "tags",
]
