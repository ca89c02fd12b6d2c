"""Spark Connect: what the Python package can and cannot do for a Connect client.

The agent is a listener in the Spark driver. For a Spark Connect client (``SparkSession.builder.remote("sc://...")``)
the driver is the Connect server, so the agent is attached there, when the server starts (``--jars`` and
``spark.extraListeners``; docs/spark-connect.md), and it reports the queries every client sends. The client has no
JVM: ``configure()`` cannot attach anything to it (it warns and returns the builder unchanged), and ``flush()``,
``tags()``, ``attach()`` and the static-lineage functions, which call the agent through the driver's JVM, raise the
``TypeError`` of :func:`headwater.spark.agent.java_context` for a Connect session.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

CONNECT_CLIENT = (
    "headwater.configure() leaves a Spark Connect client builder unchanged: the Headwater agent runs in the Spark "
    "driver, which for a Spark Connect client is the Connect server: start the "
    "server with `--jars $(headwater jar-path) --conf spark.extraListeners=io.headwater.spark.agent."
    "OpenLineageSparkListener` and the spark.openlineage.* settings (see docs/spark-connect.md)"
)
"""The warning of ``configure()`` for a Spark Connect client builder: why nothing is done, and what to do."""


def is_connect_builder(options: Mapping[str, str]) -> bool:
    """True when a builder with these options (or this process's environment) creates a Spark Connect client."""
    return (
        "spark.remote" in options
        or bool(os.environ.get("SPARK_REMOTE"))
        or os.environ.get("SPARK_CONNECT_MODE_ENABLED") == "1"
    )
