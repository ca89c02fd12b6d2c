"""Adding the agent to a SparkSession that is already running, and taking it off again."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from headwater._support import HeadwaterWarning, running_pyspark_supported
from headwater.spark import agent, interactive
from headwater.spark.driver import agent_class
from headwater.spark.session import caller_file, flush, settings

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyspark.sql import SparkSession

ATTACHMENT_CLASS = "io.headwater.spark.agent.Attachment"
ATTACHED_OFF = "headwater.attach(): the lineage agent is off: {reason}"
_RECORDED = "spark.headwater.attached.keys"
"""The session setting that lists the keys :func:`attach` recorded in the session's configuration (comma-separated)."""


def _record(spark: SparkSession, chosen: Mapping[str, str]) -> None:
    """Set the attached agent's settings in the session's runtime configuration (``spark.conf``).

    That is where :func:`headwater.show` and the rest read a session's OpenLineage settings, as they read those of
    :func:`headwater.configure`; the keys of an earlier attach that this one does not set are unset.
    """
    _forget(spark)
    for key, value in chosen.items():
        spark.conf.set(key, value)
    spark.conf.set(_RECORDED, ",".join(sorted(chosen)))


def _forget(spark: SparkSession) -> None:
    """Unset what :func:`_record` set: the session's configuration is its own again."""
    recorded = spark.conf.get(_RECORDED, "") or ""
    for key in filter(None, recorded.split(",")):
        spark.conf.unset(key)
    spark.conf.unset(_RECORDED)


def attach(  # noqa: PLR0913 - the keywords of configure()
    spark: SparkSession,
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
) -> bool:
    """Add the Headwater agent to a SparkSession that already exists; the next query it runs is captured.

    This is the call for notebooks (Jupyter, Databricks, EMR, ...) and the ``pyspark`` shell, where the session
    exists before your code runs and :func:`headwater.configure` can no longer change it. The bundled jar is loaded
    into the driver JVM (:func:`headwater.spark.driver.agent_class`), the listener is registered with the running
    SparkContext, and the keyword arguments are applied as ``spark.openlineage.*`` settings over the session's own
    Spark configuration, exactly as :func:`headwater.configure` applies them.

    An agent already attached to the session (by an earlier ``attach``, or through ``spark.extraListeners``) is
    detached first (:func:`detach`), so re-running a notebook cell never gives two agents. The agent's application
    run starts now and ends with the application or at :func:`detach`.

    Example::

        spark = SparkSession.builder.getOrCreate()       # or the notebook's `spark`
        headwater.attach(spark, transport="http", url="http://marquez:5000")

    Returns:
        True when the agent runs; False when it is off, after a :class:`headwater.HeadwaterWarning` naming why (an
        unsupported pyspark, a setting that cannot be used, ``spark.openlineage.disabled``).

    Raises:
        TypeError: ``spark`` is not a SparkSession with its driver in this process (Spark Connect).
        FileNotFoundError: the agent jar is missing (see :func:`headwater.jar_path`).
    """
    context = agent.java_context(spark)
    if not running_pyspark_supported():
        return False
    chosen = settings(locals(), source_code_of=caller_file() if source_code else None)
    detach(spark)
    _, jvm = agent.jvm(spark)
    options_map = jvm.java.util.HashMap()
    for key, value in chosen.items():
        options_map.put(key, value)
    listener = _static_call(
        spark, "attach", [context.getClass(), jvm.java.lang.Class.forName("java.util.Map")], [context, options_map]
    )
    interactive.install()
    _record(spark, chosen)
    if not listener.isEnabled():
        message = ATTACHED_OFF.format(reason=listener.disabledReason())
        warnings.warn(message, HeadwaterWarning, stacklevel=2)
        return False
    return True


def detach(spark: SparkSession, timeout: float = 30.0) -> bool:
    """Take every Headwater agent off the session; Spark runs on without it.

    What Spark reported so far is analysed and delivered first (at most ``timeout`` seconds, as :func:`flush`), runs
    still open end with ABORT, the agent's application run COMPLETEs, and its threads stop. Attaching again later
    works, without duplicate events.

    Returns:
        True when an agent was detached; False when none was attached.
    """
    context = agent.java_context(spark)
    found = agent.listeners(context)
    if found:
        flush(spark, timeout)
    for listener in found:
        listener.detach(context)
    _forget(spark)
    return bool(found)


def _static_call(spark: SparkSession, method: str, types: list[Any], args: list[Any]) -> Any:  # noqa: ANN401
    """Call a static method of :data:`ATTACHMENT_CLASS` through reflection, wherever its class was loaded."""
    gateway, jvm = agent.jvm(spark)
    cls = agent_class(gateway, jvm, ATTACHMENT_CLASS)
    type_array = gateway.new_array(jvm.java.lang.Class, len(types))
    for i, type_ in enumerate(types):
        type_array[i] = type_
    arg_array = gateway.new_array(jvm.java.lang.Object, len(args))
    for i, arg in enumerate(args):
        arg_array[i] = arg
    return cls.getMethod(method, type_array).invoke(None, arg_array)
