"""The static-lineage API: JobEvents and DatasetEvents (and any event) sent through the agent in the driver JVM.

Every event goes through the agent's configured transport (the same one its runs use); no second client is
configured. Each function returns the emitted event as a dict.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from headwater.spark.agent import entry_points

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyspark.sql import DataFrame, SparkSession


class LineageError(ValueError):
    """Bad input to the static-lineage API (unknown dataset, a DataFrame without inputs, ...); nothing was emitted."""


def _call(method: Any, *args: Any) -> dict[str, Any]:  # noqa: ANN401
    from py4j.protocol import Py4JJavaError
    from pyspark.errors.exceptions.captured import IllegalArgumentException as CapturedIllegalArgument

    try:
        text = method(*args)
    except CapturedIllegalArgument as e:  # PySpark's translation of java.lang.IllegalArgumentException
        raise LineageError(str(e)) from None
    except Py4JJavaError as e:
        java = e.java_exception
        if java.getClass().getName() == "java.lang.IllegalArgumentException":
            raise LineageError(java.getMessage()) from None
        raise
    result: dict[str, Any] = json.loads(text)
    return result


def _facets_json(facets: Mapping[str, Any] | None) -> str | None:
    """Facets (openlineage-python facet objects or dicts with ``_schemaURL``) by name, as JSON."""
    if not facets:
        return None
    from openlineage.client.serde import Serde

    out = {}
    for name, facet in facets.items():
        if not isinstance(name, str) or not name:
            msg = f"facet names must be non-empty strings, not {name!r}"
            raise LineageError(msg)
        out[name] = facet if isinstance(facet, dict) else Serde.to_dict(facet)
    return json.dumps(out)


def emit_job_event(  # noqa: PLR0913 - keyword-only arguments, each one part of the declared job
    spark: SparkSession,
    df: DataFrame,
    *,
    job_name: str,
    output: str,
    namespace: str | None = None,
    facets: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Emit a JobEvent: a job's declared lineage, computed from ``df``'s analyzed plan **without executing it**.

    Args:
        spark: the session the agent is attached to.
        df: the DataFrame the job writes; its inputs come from its plan, and the ``columnLineage`` facet of the
            output maps ``df``'s columns to the columns they come from.
        job_name: the job's name, used as given.
        output: the dataset the job writes: a table name (``db.t``, ``catalog.ns.t``) or a path (anything with
            ``/``); it need not exist yet.
        namespace: the job's namespace; ``spark.openlineage.namespace`` when None.
        facets: more job facets by name: openlineage-python facet objects (e.g. ``documentation_job``) or dicts
            with ``_schemaURL``.

    Returns:
        The emitted event as a dict.

    Raises:
        LineageError: (a ValueError) no input dataset can be resolved from the plan, or ``output`` cannot be named;
            nothing is emitted.
        RuntimeError: no enabled Headwater agent is attached to ``spark``.
        TypeError: ``spark`` is a Spark Connect client session (the agent runs in the Connect server).
    """
    from pyspark.sql import DataFrame

    if not isinstance(df, DataFrame):
        msg = f"df must be a pyspark DataFrame, not {type(df).__name__}"
        raise TypeError(msg)
    facets_json = _facets_json(facets)
    agent = entry_points(spark)
    return _call(agent.emitJobEvent, df._jdf, job_name, output, namespace, facets_json)  # noqa: SLF001


def emit_dataset_event(
    spark: SparkSession,
    dataset: str,
    *,
    tags: Mapping[str, Any] | None = None,
    facets: Mapping[str, Any] | None = None,
    file_format: str = "parquet",
) -> dict[str, Any]:
    """Emit a DatasetEvent: a dataset's metadata outside any run.

    Args:
        spark: the session the agent is attached to.
        dataset: an existing table (``db.t``, ``catalog.ns.t``) or path (anything with ``/``). Its schema and symlinks
            come from the catalog, or for a path from its files (read as ``file_format``).
        tags: dataset tags (source ``USER``), nested mappings flattened with ``_`` (``{"meta": {"tier": 1}}`` is
            ``meta_tier=1``).
        facets: more dataset facets by name (openlineage-python facet objects or dicts with ``_schemaURL``).
        file_format: how a path's files are read for their schema.

    Returns:
        The emitted event as a dict.

    Raises:
        LineageError: (a ValueError) no such table or path; nothing is emitted.
        RuntimeError: no enabled Headwater agent is attached to ``spark``.
        TypeError: ``spark`` is a Spark Connect client session (the agent runs in the Connect server).
    """
    from headwater._tags import flatten_tags

    tags_json = json.dumps(flatten_tags(tags)) if tags else None
    facets_json = _facets_json(facets)
    agent = entry_points(spark)
    return _call(agent.emitDatasetEvent, spark._jsparkSession, dataset, file_format, tags_json, facets_json)  # noqa: SLF001


def emit(spark: SparkSession, event: Any) -> dict[str, Any]:  # noqa: ANN401 - any openlineage-python event
    """Emit any openlineage-python event (``RunEvent``, ``JobEvent``, ``DatasetEvent``) through the agent's transport.

    The event is serialized with openlineage-python's own serializer; the configured job and run tags are applied to
    it as openlineage-python's client does (a configured tag replaces the event's tag of the same key).

    Returns:
        The emitted event as a dict.

    Raises:
        TypeError: ``event`` is not an openlineage-python event.
        LineageError: the JVM cannot read the event; nothing is emitted.
    """
    from openlineage.client import event_v2
    from openlineage.client.serde import Serde

    if not isinstance(event, (event_v2.RunEvent, event_v2.JobEvent, event_v2.DatasetEvent)):
        kinds = "an openlineage.client.event_v2 RunEvent, JobEvent or DatasetEvent"
        msg = f"emit() takes {kinds}, not {type(event).__name__}"
        raise TypeError(msg)
    agent = entry_points(spark)
    return _call(agent.emit, Serde.to_json(event))
