"""Spark Connect: what the Python package can and cannot do for a Connect client.

The agent is a listener in the Spark driver. For a Spark Connect client (``SparkSession.builder.remote("sc://...")``)
the driver is the Connect server, so the agent is attached there, when the server starts (``--jars`` and
``spark.extraListeners``; docs/spark-connect.md), and it reports the queries every client sends. The client has no
JVM: ``configure()`` cannot attach anything to it, and ``flush()``, ``tags()`` and the static-lineage functions, which
call the agent through the driver's JVM, need a classic session.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyspark.sql import SparkSession

CONNECT_HINT = (
    "the Headwater agent runs in the Spark driver, which for a Spark Connect client is the Connect server: start the "
    "server with `--jars $(headwater jar-path) --conf spark.extraListeners=io.headwater.spark.agent."
    "OpenLineageSparkListener` and the spark.openlineage.* settings (see docs/spark-connect.md)"
)
"""What to do instead, for messages about Connect clients."""


def is_connect_builder(options: Mapping[str, str]) -> bool:
    """True when a builder with these options (or this process's environment) creates a Spark Connect client."""
    return (
        "spark.remote" in options
        or bool(os.environ.get("SPARK_REMOTE"))
        or os.environ.get("SPARK_CONNECT_MODE_ENABLED") == "1"
    )


def is_connect_session(spark: SparkSession) -> bool:
    """True when ``spark`` is a Spark Connect client session (it has no JVM of its own)."""
    return type(spark).__module__.startswith("pyspark.sql.connect")


def require_classic(spark: SparkSession, what: str) -> None:
    """Raise a clear error when ``spark`` is a Spark Connect client session.

    Raises:
        TypeError: ``spark`` is a Connect client session; ``what`` cannot work there.
    """
    if is_connect_session(spark):
        msg = f"{what} needs a classic SparkSession, not a Spark Connect client; {CONNECT_HINT}"
        raise TypeError(msg)
