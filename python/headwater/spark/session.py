"""Adding the agent to a PySpark session at its creation: the jar's location, builder configuration and flushing."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from headwater._support import HeadwaterWarning, running_pyspark_supported, warn_once
from headwater.spark import agent, interactive
from headwater.spark.agent import LISTENER_CLASS
from headwater.spark.connect import CONNECT_CLIENT, is_connect_builder
from headwater.spark.driver import make_loadable_by_spark
from headwater.spark.jar import jar_path

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyspark.sql import SparkSession

UNLOADABLE = (
    "headwater.configure(): the driver JVM of an earlier session in this process cannot load the agent's jar, so "
    "the new session would fail to start with it: create the session without configure(), then call "
    "headwater.attach(spark, ...)"
)
NO_SCRIPT = (
    "headwater: no sourceCode facet, as this code does not run from a script file (a notebook or shell): set "
    "spark.openlineage.sourceCode.file to the file of the code (options={'sourceCode.file': ...}), or pass "
    "source_code=False"
)
RUNNING_SESSION = (
    "headwater.configure(): a SparkSession is already running in this process, so getOrCreate() returns it "
    "without the agent: call headwater.attach(spark, ...) on it instead"
)

APPLICATION_SERVER = "spark.openlineage.application.server"
"""Set ``true`` by :func:`settings` in a notebook kernel unless the caller set it: a kernel is a long-running driver."""

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


def settings(arguments: Mapping[str, Any], *, source_code_of: Path | None) -> dict[str, str]:
    """The Spark settings of :func:`configure`'s and :func:`headwater.attach`'s keyword arguments.

    Args:
        arguments: the calling function's arguments by name (its ``locals()``): the keywords of ``_KEYWORD_KEYS``
            and ``options``; others are ignored.
        source_code_of: the calling script, whose code and git location become the ``sourceCode`` and
            ``sourceCodeLocation`` job facets (nothing, after a one-time warning, when it is not a file: a notebook or
            shell); None to leave them out.
    """
    result: dict[str, str] = {}
    for keyword, key in _KEYWORD_KEYS.items():
        if arguments.get(keyword) is not None:
            result[key] = str(arguments[keyword])
    if arguments.get("api_key") is not None:
        result["spark.openlineage.transport.auth.type"] = "api_key"
    if source_code_of is not None:
        from headwater._source import source_settings

        found = source_settings(source_code_of)
        if not found:
            warn_once(NO_SCRIPT, stacklevel=4)
        result.update(found)
    for key, value in (arguments.get("options") or {}).items():
        full_key = key if key.startswith("spark.") else f"spark.openlineage.{key}"
        result[full_key] = str(value).lower() if isinstance(value, bool) else str(value)
    if APPLICATION_SERVER not in result and interactive.in_notebook_kernel():
        # a kernel's usual end is a signal to its driver (a shutdown without spark.stop()): with no run open that is
        # the application's COMPLETE, as for any long-running server (docs/configuration.md, "Terminated drivers")
        result[APPLICATION_SERVER] = "true"
    return result


def caller_file() -> Path:
    """The file of the code that called the public function calling this (``<stdin>`` and the like in a REPL)."""
    return Path(inspect.stack()[2].filename)


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
    In a notebook or shell there is no script, and no ``sourceCode`` facet.

    The agent is attached when the builder creates the session's SparkContext. When a session is already running
    in this process (a notebook, the ``pyspark`` shell), ``getOrCreate()`` returns it unchanged: this call then
    warns (:class:`headwater.HeadwaterWarning`) and :func:`headwater.attach` is the call to make. With an
    unsupported pyspark (outside Spark 3.5 and 4.0 to 4.3) it warns and returns the builder without the agent. The
    jar is the one for the running pyspark's Scala version (:func:`jar_path`). In an interactive session with no
    transport configured, each completed run is shown as one line after each cell or prompt.

    What it cannot do: a Spark Connect client (``builder.remote(...)``, ``SPARK_REMOTE``) has no driver of its own,
    so for such a builder this call warns and returns it unchanged. The agent is attached to the Connect server when
    it starts, and reports the queries of every client, named by the client's application name
    (docs/spark-connect.md).

    Example::

        spark = headwater.configure(SparkSession.builder, transport="http", url="http://localhost:5000").getOrCreate()

    Raises:
        TypeError: ``builder`` is not a ``SparkSession.Builder``.
        FileNotFoundError: the agent jar is missing (see :func:`jar_path`).
    """
    if not hasattr(builder, "config") or not hasattr(builder, "getOrCreate"):
        msg = f"configure() takes a SparkSession.Builder (SparkSession.builder), not {type(builder).__name__}"
        raise TypeError(msg)
    if not running_pyspark_supported():
        return builder
    if is_connect_builder(dict(getattr(builder, "_options", {}))):
        warnings.warn(CONNECT_CLIENT, HeadwaterWarning, stacklevel=2)
        return builder
    from pyspark import SparkContext

    if SparkContext._active_spark_context is not None:  # noqa: SLF001 - pyspark's own record of the running context
        warnings.warn(RUNNING_SESSION, HeadwaterWarning, stacklevel=2)
    elif SparkContext._gateway is not None and not make_loadable_by_spark(SparkContext._gateway, SparkContext._jvm):  # noqa: SLF001
        # A driver JVM from an earlier session runs: it read spark.jars when it started, without this jar.
        warnings.warn(UNLOADABLE, HeadwaterWarning, stacklevel=2)
        return builder
    current: dict[str, str] = dict(getattr(builder, "_options", {}))
    builder.config("spark.jars", append_csv(current.get("spark.jars"), jar_path()))
    builder.config("spark.extraListeners", append_csv(current.get("spark.extraListeners"), LISTENER_CLASS))
    chosen = settings(locals(), source_code_of=caller_file() if source_code else None)
    for key, value in chosen.items():
        builder.config(key, value)
    interactive.install()
    return builder


def flush(spark: SparkSession, timeout: float = 30.0) -> bool:
    """Wait until the lineage of everything the session has run so far has been delivered.

    Spark reports to listeners asynchronously and the agent delivers on threads of its own; notebooks and tests
    call this before reading the events. It waits for Spark's listener bus to drain, then for the agent.

    Args:
        spark: the session the agent is attached to.
        timeout: seconds to wait at the most, in all.

    Returns:
        True when everything was handled in time and every event emitted since the previous ``flush`` was
        delivered; False when one of them was spooled (the endpoint did not take it after the retry policy: it is
        re-sent later, see :func:`headwater.status`) or dropped (rejected by the backend, or the agent's queue was
        full). The counters behind it are those of :func:`headwater.status`: ``spooled + dropped`` did not grow.
        True when no Headwater agent is attached.
    """
    millis = max(1, int(timeout * 1000))
    context = agent.java_context(spark)
    agent.wait_for_listener_bus(context, millis)
    done = True
    for listener in agent.listeners(context):
        done = bool(listener.python().flush(millis)) and done
    return done


def append_csv(existing: str | None, item: str) -> str:
    """``existing``, a comma-separated list such as ``spark.jars``, with ``item`` appended unless it is there."""
    parts = [p.strip() for p in (existing or "").split(",") if p.strip()]
    if item not in parts:
        parts.append(item)
    return ",".join(parts)
