"""The py4j boundary: the Headwater listeners registered with a session's SparkContext, and their entry points.

Listeners are matched by class name, never by class: an agent attached with :func:`headwater.attach` lives in a
class loader of its own, so its classes are not the ones py4j would name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

LISTENER_CLASS = "io.headwater.spark.agent.OpenLineageSparkListener"
"""The listener class to name in ``spark.extraListeners``."""

AGENT_OFF = "the Headwater agent is attached but off ({reason}); nothing was emitted"
NO_AGENT = (
    "no Headwater agent is attached to this session: call headwater.attach(spark), or create the session with "
    "headwater.configure(SparkSession.builder)"
)


NO_DRIVER = (
    "{type} has no Spark driver in this Python process (Spark Connect, e.g. Databricks serverless or shared-access "
    "clusters): Headwater must be installed on the cluster instead (docs/platforms.md)"
)


STOPPED = (
    "this SparkSession was stopped (spark.stop()): create a new one (SparkSession.builder.getOrCreate()) and use that"
)


def java_context(spark: SparkSession) -> Any:  # noqa: ANN401 - a py4j proxy
    """The session's JVM ``SparkContext``.

    Raises:
        TypeError: ``spark`` is not a SparkSession with a driver JVM in this process (a Spark Connect session).
        RuntimeError: the session was stopped.
    """
    if not _is_classic(spark):
        msg = NO_DRIVER.format(type=f"{type(spark).__module__}.{type(spark).__name__}")
        raise TypeError(msg)
    jsc = spark.sparkContext._jsc  # noqa: SLF001 - py4j boundary
    if jsc is None:
        raise RuntimeError(STOPPED)
    return jsc.sc()


def jvm(spark: SparkSession) -> tuple[Any, Any]:
    """The py4j gateway of the session's driver JVM and its ``jvm`` view (``java.lang...``)."""
    java_context(spark)  # fails with the Spark Connect or the stopped-session message when there is no driver here
    sc = spark.sparkContext
    gateway, view = sc._gateway, sc._jvm  # noqa: SLF001 - py4j boundary
    if gateway is None or view is None:
        raise RuntimeError(STOPPED)
    return gateway, view


def _is_classic(spark: object) -> bool:
    from pyspark.sql import SparkSession

    return isinstance(spark, SparkSession) and not type(spark).__module__.startswith("pyspark.sql.connect")


def listeners(context: Any) -> list[Any]:  # noqa: ANN401 - a py4j proxy
    """Every Headwater listener registered with the JVM ``SparkContext`` ``context``, enabled or not."""
    return [
        listener for listener in context.listenerBus().listeners() if listener.getClass().getName() == LISTENER_CLASS
    ]


def wait_for_listener_bus(context: Any, millis: int) -> None:  # noqa: ANN401 - a py4j proxy
    """Wait, at most ``millis``, until Spark has handed every event posted so far to the listeners."""
    context.listenerBus().waitUntilEmpty(millis)


def entry_points(spark: SparkSession) -> Any:  # noqa: ANN401 - a py4j proxy
    """The enabled agent's Python entry points (``OpenLineageSparkListener.python()``).

    Raises:
        RuntimeError: no agent is attached, or it is disabled (the message says why).
    """
    for listener in listeners(java_context(spark)):
        if not listener.isEnabled():
            msg = AGENT_OFF.format(reason=listener.disabledReason())
            raise RuntimeError(msg)
        return listener.python()
    raise RuntimeError(NO_AGENT)
