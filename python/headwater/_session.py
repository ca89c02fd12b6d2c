"""Attaching the agent to a PySpark session: the jar's location, builder configuration and flushing."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from headwater._connect import CONNECT_HINT, is_connect_builder, require_classic
from headwater._jars import UnsupportedSparkError, jar_path

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyspark.sql import SparkSession

LISTENER_CLASS = "io.headwater.spark.agent.OpenLineageSparkListener"
"""The listener class to name in ``spark.extraListeners``."""

_LOG = logging.getLogger("headwater")

# Keyword arguments of configure() and the Spark configuration key each one sets.
_KEYWORD_KEYS = {
    "transport": "spark.openlineage.transport.type",
    "url": "spark.openlineage.transport.url",
    "endpoint": "spark.openlineage.transport.endpoint",
    "api_key": "spark.openlineage.transport.auth.apiKey",
    "location": "spark.openlineage.transport.location",
    "compression": "spark.openlineage.transport.compression",
    "namespace": "spark.openlineage.namespace",
    "app_name": "spark.openlineage.appName",
}


def configure(  # noqa: PLR0913 - one keyword per common setting is the point of this helper
    builder: SparkSession.Builder,
    *,
    transport: str | None = None,
    url: str | None = None,
    endpoint: str | None = None,
    api_key: str | None = None,
    location: str | None = None,
    compression: str | None = None,
    namespace: str | None = None,
    app_name: str | None = None,
    options: Mapping[str, Any] | None = None,
    source_code: bool = True,
) -> SparkSession.Builder:
    """Add the Headwater agent to a ``SparkSession.Builder`` and return the builder.

    The jar is appended to ``spark.jars`` and the listener to ``spark.extraListeners``; values already set on the
    builder are kept, never replaced. Keyword arguments set the common OpenLineage settings:

    ========================  ==============================================
    keyword                   Spark configuration key
    ========================  ==============================================
    ``transport``             ``spark.openlineage.transport.type`` (``console``, ``file``, ``http``, ...)
    ``url``                   ``spark.openlineage.transport.url``
    ``endpoint``              ``spark.openlineage.transport.endpoint``
    ``api_key``               ``spark.openlineage.transport.auth.apiKey`` (sets ``auth.type=api_key``)
    ``location``              ``spark.openlineage.transport.location`` (the file transport's path)
    ``compression``           ``spark.openlineage.transport.compression`` (``gzip``)
    ``namespace``             ``spark.openlineage.namespace``
    ``app_name``              ``spark.openlineage.appName``
    ========================  ==============================================

    ``options`` sets any other key; a key without the ``spark.`` prefix gets ``spark.openlineage.`` in front
    (``{"transport.headers.X-Team": "data"}``).

    With ``source_code`` (the default), the script that calls ``configure`` is recorded: every job then carries the
    ``sourceCode`` facet (language ``python``, the script's text, at most 64 KiB) and, when the script is in a git
    checkout, ``sourceCodeLocation`` (git remote URL, commit, branch, path of the script in the repository); see
    ``spark.openlineage.sourceCode.file`` and ``spark.openlineage.sourceCodeLocation.*`` in docs/configuration.md.

    The agent is attached when the builder creates the session's SparkContext: a builder whose ``getOrCreate()``
    returns an already running session is not changed by this call. The jar is the one for the installed pyspark
    (:func:`jar_path`).

    What it does not do: with a pyspark outside the supported range (Spark 3.5, 4.0 to 4.3), or for a Spark Connect
    client (``builder.remote(...)``, ``SPARK_REMOTE``), it logs one warning saying why and returns the builder
    unchanged, so the job runs without lineage. A Connect client has no driver of its own: the agent is attached to
    the Connect server when it starts, and reports the queries of every client (docs/spark-connect.md).

    Example::

        spark = headwater.configure(SparkSession.builder, transport="http", url="http://localhost:5000").getOrCreate()

    Raises:
        TypeError: ``builder`` is not a ``SparkSession.Builder``.
        FileNotFoundError: the agent jar is missing (see :func:`jar_path`).
    """
    if not hasattr(builder, "config") or not hasattr(builder, "getOrCreate"):
        msg = f"configure() takes a SparkSession.Builder (SparkSession.builder), not {type(builder).__name__}"
        raise TypeError(msg)
    current: dict[str, str] = dict(getattr(builder, "_options", {}))
    if is_connect_builder(current):
        _LOG.warning("headwater.configure() leaves a Spark Connect client builder unchanged: %s", CONNECT_HINT)
        return builder
    try:
        jar = jar_path()
    except UnsupportedSparkError as e:
        _LOG.warning("headwater.configure() leaves the builder unchanged, no lineage: %s", e)
        return builder
    builder.config("spark.jars", _append_csv(current.get("spark.jars"), jar))
    builder.config("spark.extraListeners", _append_csv(current.get("spark.extraListeners"), LISTENER_CLASS))

    settings: dict[str, str] = {}
    for keyword, value in {
        "transport": transport,
        "url": url,
        "endpoint": endpoint,
        "api_key": api_key,
        "location": location,
        "compression": compression,
        "namespace": namespace,
        "app_name": app_name,
    }.items():
        if value is not None:
            settings[_KEYWORD_KEYS[keyword]] = str(value)
    if api_key is not None:
        settings["spark.openlineage.transport.auth.type"] = "api_key"
    if source_code:
        import inspect

        from headwater._source import source_settings

        caller = inspect.stack()[1].filename
        settings.update(source_settings(Path(caller)))
    for key, value in (options or {}).items():
        full_key = key if key.startswith("spark.") else f"spark.openlineage.{key}"
        settings[full_key] = str(value).lower() if isinstance(value, bool) else str(value)
    for key, value in settings.items():
        builder.config(key, value)
    return builder


def flush(spark: SparkSession, timeout: float = 30.0) -> bool:
    """Wait until the lineage of everything the session has run so far has been delivered.

    Spark reports to listeners asynchronously and the agent delivers on threads of its own; notebooks and tests
    call this before reading the events. It waits for Spark's listener bus to drain, then for the agent.

    Args:
        spark: the session the agent is attached to.
        timeout: seconds to wait at the most, in all.

    Returns:
        True when everything was delivered in time; also True when no Headwater agent is attached.

    Raises:
        TypeError: ``spark`` is a Spark Connect client session (the agent runs in the Connect server).
    """
    require_classic(spark, "headwater.flush()")
    millis = max(1, int(timeout * 1000))
    jsc = spark.sparkContext._jsc  # noqa: SLF001 - py4j boundary, kept private here
    bus = jsc.sc().listenerBus()
    bus.waitUntilEmpty(millis)
    done = True
    for listener in bus.listeners():
        if listener.getClass().getName() == LISTENER_CLASS:
            done = bool(listener.python().flush(millis)) and done
    return done


def _append_csv(existing: str | None, item: str) -> str:
    parts = [p.strip() for p in (existing or "").split(",") if p.strip()]
    if item not in parts:
        parts.append(item)
    return ",".join(parts)
