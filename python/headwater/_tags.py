"""Tags for the executions of one block of code, through SparkContext local properties."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from headwater.spark.agent import java_context

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from pyspark.sql import SparkSession

# The local properties headwater.tags() sets (RuntimeSettings.THREAD_JOB_TAGS / THREAD_RUN_TAGS in the agent). Not the
# spark.openlineage.* keys: Spark sets each spark.* entry of the session's configuration as a local property while a
# SQL execution runs, so a configured spark.openlineage.job.tags would hide the block's own value of that key.
JOB_TAGS_PROPERTY = "headwater.job.tags"
RUN_TAGS_PROPERTY = "headwater.run.tags"


def flatten_tags(tags: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Flatten a nested tag mapping as the tagging proposal asks: keys joined with ``_``.

    ``{"meta": {"nr_config": {"team": "X"}}}`` becomes ``{"meta_nr_config_team": "X"}``. Booleans become ``"true"``
    / ``"false"``, numbers their text, ``None`` the label value ``"true"``.

    Raises:
        ValueError: a key is empty.
        TypeError: a key is not a string, or a value is not a string, number, boolean, None or mapping.
    """
    flat: dict[str, str] = {}
    for key, value in tags.items():
        if not isinstance(key, str):
            msg = f"tag keys must be strings, not {type(key).__name__} ({key!r})"
            raise TypeError(msg)
        if not key.strip():
            msg = f"tag key {key!r} is empty" + (f" (under {prefix!r})" if prefix else "")
            raise ValueError(msg)
        full = f"{prefix}_{key}" if prefix else key
        if isinstance(value, dict):
            flat.update(flatten_tags(value, full))
        elif value is None:
            flat[full] = "true"
        elif isinstance(value, bool):
            flat[full] = "true" if value else "false"
        elif isinstance(value, (str, int, float)):
            flat[full] = str(value) if str(value) != "" else "true"
        else:
            msg = f"tag {full!r}: value {value!r} is a {type(value).__name__}; use a string, number, boolean or mapping"
            raise TypeError(msg)
    return flat


def format_tags(tags: Mapping[str, Any]) -> str:
    """The ``key:value;...`` text of ``spark.openlineage.job.tags`` for a (nested) mapping, ``:`` and ``;`` escaped."""
    return ";".join(f"{_escape(key)}:{_escape(value)}" for key, value in flatten_tags(tags).items())


def _escape(text: str) -> str:
    return text.replace(";", "\\;").replace(":", "\\:")


@contextmanager
def tags(
    spark: SparkSession, *, job: Mapping[str, Any] | None = None, run: Mapping[str, Any] | None = None
) -> Iterator[None]:
    """Tag the Spark executions started inside the ``with`` block (on this thread) with job and run tags.

    The tags go into the ``headwater.job.tags`` / ``headwater.run.tags`` SparkContext local properties (source
    ``CONFIG``), added to what an enclosing block set, and restored on exit; the agent adds them to the configured tags
    (``spark.openlineage.job.tags``/``run.tags``) and those of ``sc.setLocalProperty("spark.openlineage.job.tags",
    ...)``, replacing a tag of the same key whatever its source; an extension's tags facet comes after them
    (docs/static-lineage-and-tags.md, "How tags merge"). Nested mappings are flattened with ``_``
    (:func:`flatten_tags`). The agent reads them with each execution's first Spark job, so they tag runs that execute
    Spark jobs; static events of DDL carry only the configured tags.

    Example::

        with headwater.tags(spark, job={"team": "flights", "meta": {"tier": 1}}, run={"trigger": "backfill"}):
            df.write.parquet("/data/out")   # job tags team=flights, meta_tier=1; run tag trigger=backfill

    Raises:
        ValueError, TypeError: a key or value cannot be a tag (see :func:`flatten_tags`); nothing is set then.
        TypeError: ``spark`` is a Spark Connect client session (local properties live in the Connect server).
    """
    updates = {}
    for prop, mapping in ((JOB_TAGS_PROPERTY, job), (RUN_TAGS_PROPERTY, run)):
        if mapping:
            updates[prop] = format_tags(mapping)  # validates everything before anything is set
    java_context(spark)  # a Spark Connect client has no driver here: a clear TypeError
    sc = spark.sparkContext
    previous = {prop: sc.getLocalProperty(prop) for prop in updates}
    try:
        for prop, text in updates.items():
            sc.setLocalProperty(prop, f"{previous[prop]};{text}" if previous[prop] else text)
        yield
    finally:
        for prop, value in previous.items():
            sc.setLocalProperty(prop, value)  # type: ignore[arg-type]  # None removes the property
