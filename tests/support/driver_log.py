"""Capturing what a logger of the shared session's driver JVM writes, through a log4j2 appender added over py4j."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pyspark.sql import SparkSession


@dataclass
class CapturedLog:
    """The lines written while :func:`capture` was active; read :attr:`text` after the block ends."""

    text: str = ""
    _writer: Any = field(default=None, repr=False)

    def lines(self) -> list[str]:
        """The captured lines (one per log event, stack traces included)."""
        return self.text.splitlines()


@contextlib.contextmanager
def capture(spark: SparkSession, logger_name: str, level: str = "ALL") -> Iterator[CapturedLog]:
    """Capture every event of ``logger_name`` (and its children) at ``level`` and above into memory.

    The logger's level is lowered for the duration of the block (and restored afterwards), so debug lines are
    captured too; its events still reach the console appenders as before.
    """
    jvm = spark.sparkContext._jvm
    core = jvm.org.apache.logging.log4j.core
    context = jvm.org.apache.logging.log4j.LogManager.getContext(False)
    configuration = context.getConfiguration()
    writer = jvm.java.io.StringWriter()
    layout = core.layout.PatternLayout.newBuilder().withPattern("%p %c - %m%n%throwable").build()
    appender = core.appender.WriterAppender.createAppender(layout, None, writer, f"capture-{logger_name}", False, True)
    appender.start()
    existing = configuration.getLoggers().containsKey(logger_name)
    previous = configuration.getLoggerConfig(logger_name).getLevel()
    core.config.Configurator.setLevel(logger_name, jvm.org.apache.logging.log4j.Level.getLevel(level))
    logger_config = configuration.getLoggerConfig(logger_name)
    logger_config.addAppender(appender, None, None)
    context.updateLoggers()
    captured = CapturedLog(_writer=writer)
    try:
        yield captured
    finally:
        logger_config.removeAppender(appender.getName())
        if existing:
            logger_config.setLevel(previous)
        else:
            configuration.removeLogger(logger_name)
        context.updateLoggers()
        appender.stop()
        captured.text = writer.toString()
