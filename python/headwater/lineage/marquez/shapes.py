"""Marquez's JSON shapes of namespaces, datasets, dataset versions, jobs, job versions and runs.

Conventions (Marquez's, where the store has the value):

- times are the store's UTC text (``2025-01-31T12:00:00.123456Z``); what the store does not know is ``null``.
- a run's ``state`` is Marquez's: ``START``/``RUNNING`` → ``RUNNING``, ``COMPLETE`` → ``COMPLETED``, ``FAIL`` →
  ``FAILED``, ``ABORT`` → ``ABORTED``, ``OTHER`` (no other event yet) → ``NEW``.
- ids of versions are UUIDs. A dataset version's is the store's (a UUID-5 of the dataset and of the run that wrote
  it, or of the DatasetEvent's time and content); a job version's is the UUID-5 (:data:`JOB_VERSIONS`) of the job's
  namespace and name, its sorted inputs and outputs and its source location: the same definition gives the same id
  in every store.
- ``tags`` are tag names: a tag ``{key, value}`` of a ``tags`` facet is named ``key`` when its value is ``true`` or
  empty (a single-token tag), else ``key:value``.
- a dataset's ``type`` is ``STREAM`` for a Kafka, Kinesis or Pub/Sub namespace (or a ``datasetType`` facet saying
  ``STREAM``), else ``DB_TABLE``; a job's is its ``jobType`` facet's processing type (``STREAMING`` → ``STREAM``),
  else ``BATCH``.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

import orjson

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from headwater.lineage.marquez.queries import RunDataset
    from headwater.lineage.reader import ColumnStep, DatasetInfo, JobInfo, Node, RunInfo, VersionInfo

RUN_STATES: Final = {
    "START": "RUNNING",
    "RUNNING": "RUNNING",
    "COMPLETE": "COMPLETED",
    "FAIL": "FAILED",
    "ABORT": "ABORTED",
    "OTHER": "NEW",
}
"""The store's run state (the latest OpenLineage eventType) → Marquez's run state."""

JOB_VERSIONS: Final = uuid.UUID("5b0f7a4e-8f3c-4c55-9d8e-2a1f0b6c7d31")
"""The UUID-5 namespace of job version ids."""

_STREAM_SCHEMES: Final = ("kafka://", "kinesis://", "pubsub:", "pulsar://")
_HEX32: Final = re.compile("[0-9a-f]{32}")


def uuid_text(store_id: str) -> str:
    """A store id of 32 hex digits (a UUID's) as the UUID's text (``8-4-4-4-12``, lower case).

    Raises:
        ValueError: ``store_id`` is not 32 hex digits.
    """
    h = store_id.lower()
    if _HEX32.fullmatch(h):  # the store's ids: cut, not parsed (a page has hundreds)
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    return str(uuid.UUID(hex=store_id))


def node_id(node: Node) -> dict[str, str]:
    """``{namespace, name}`` of a job or dataset."""
    return {"namespace": node.namespace, "name": node.name}


def tag_names(facets: Mapping[str, Any]) -> list[str]:
    """The names of the tags of the ``tags`` facet among ``facets`` (see the module docstring), sorted."""
    found = (facets.get("tags") or {}).get("tags") or []
    return sorted({_tag_name(tag) for tag in found if isinstance(tag, Mapping) and tag.get("key")})


def _tag_name(tag: Mapping[str, Any]) -> str:
    value = str(tag.get("value") or "")
    return str(tag["key"]) if value.lower() in ("", "true") else f"{tag['key']}:{value}"


def dataset_type(node: Node, facets: Mapping[str, Any]) -> str:
    """``STREAM`` or ``DB_TABLE`` (see the module docstring)."""
    declared = str((facets.get("datasetType") or {}).get("datasetType") or "").upper()
    if declared == "STREAM" or node.namespace.startswith(_STREAM_SCHEMES):
        return "STREAM"
    return "DB_TABLE"


def source_name(node: Node, facets: Mapping[str, Any]) -> str:
    """The ``dataSource`` facet's name, else the dataset's namespace (as Marquez names the source)."""
    return str((facets.get("dataSource") or {}).get("name") or node.namespace)


def fields(schema_fields: Iterable[Mapping[str, Any]], tagged: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """Schema fields as Marquez's ``{name, type, tags, description}``; ``tagged`` gives tag names by field name."""
    return [
        {
            "name": field.get("name"),
            "type": field.get("type"),
            "tags": list(tagged.get(str(field.get("name")), [])),
            "description": field.get("description"),
        }
        for field in schema_fields
    ]


def field_tags(facets: Mapping[str, Any]) -> dict[str, list[str]]:
    """Tag names by field, from the ``tags`` facet's tags that name a ``field``."""
    found: dict[str, list[str]] = {}
    for tag in (facets.get("tags") or {}).get("tags") or []:
        if isinstance(tag, Mapping) and tag.get("field") and tag.get("key"):
            found.setdefault(str(tag["field"]), []).append(_tag_name(tag))
    return found


def column_lineage(steps: Iterable[ColumnStep]) -> list[dict[str, Any]]:
    """A dataset's ``columnLineage``: ``[{name, inputFields: [{namespace, dataset, field, transformation...}]}]``."""
    by_field: dict[str, list[dict[str, Any]]] = {}
    for step in steps:
        if not step.field:
            continue  # a dependency of the whole dataset: Marquez's column lineage has no place for it
        first = step.transformations[0] if step.transformations else {}
        by_field.setdefault(step.field, []).append(
            {
                "namespace": step.source.namespace,
                "dataset": step.source.name,
                "field": step.source_field,
                "transformationDescription": first.get("description"),
                "transformationType": first.get("type"),
                "transformations": [dict(x) for x in step.transformations],
            }
        )
    return [{"name": name, "inputFields": inputs} for name, inputs in sorted(by_field.items())]


def dataset(info: DatasetInfo, steps: Iterable[ColumnStep] | None = None) -> dict[str, Any]:
    """A dataset as Marquez's ``Dataset`` (``columnLineage`` null unless ``steps`` are given)."""
    facets = info.facets
    version = info.current_version
    return {
        "id": node_id(info.shown),
        "type": dataset_type(info.node, facets),
        "name": info.shown.name,
        "physicalName": info.node.name,
        "createdAt": info.created_at,
        "updatedAt": info.updated_at,
        "namespace": info.shown.namespace,
        "sourceName": source_name(info.node, facets),
        "fields": fields(info.fields, field_tags(facets)),
        "tags": tag_names(facets),
        "lastModifiedAt": version.created_at if version else None,
        "lastLifecycleState": version.content.get("lifecycleState") if version else None,
        "description": (facets.get("documentation") or {}).get("description"),
        "facets": dict(facets),
        "currentVersion": uuid_text(version.id) if version else None,
        "columnLineage": column_lineage(steps) if steps is not None else None,
        "deleted": False,
        "versionCount": info.version_count,
    }


def dataset_version(
    info: DatasetInfo, version: VersionInfo, created_by_run: Mapping[str, Any] | None
) -> dict[str, Any]:
    """One version of a dataset as Marquez's ``DatasetVersion``; the facets are the dataset's current ones."""
    node, facets = info.node, info.facets
    content = version.content
    version_uuid = uuid_text(version.id)
    return {
        "id": {**node_id(info.shown), "version": version_uuid},
        "type": dataset_type(node, facets),
        "name": info.shown.name,
        "physicalName": node.name,
        "createdAt": version.created_at,
        "version": version_uuid,
        "namespace": info.shown.namespace,
        "sourceName": str((content.get("source") or {}).get("name") or source_name(node, facets)),
        "fields": fields(content.get("fields") or [], field_tags(facets)),
        "tags": tag_names(facets),
        "lifecycleState": content.get("lifecycleState"),
        "description": (facets.get("documentation") or {}).get("description"),
        "createdByRun": dict(created_by_run) if created_by_run is not None else None,
        "facets": dict(facets),
    }


def job_version_id(job: Node, inputs: Iterable[Node], outputs: Iterable[Node], location: str | None) -> str:
    """The UUID of the job version these inputs, outputs and location make (see the module docstring)."""
    return _job_version_id(
        job.namespace,
        job.name,
        tuple(sorted(map(node_id_text, inputs))),
        tuple(sorted(map(node_id_text, outputs))),
        location,
    )


@lru_cache(maxsize=4096)
def _job_version_id(
    namespace: str, name: str, inputs: tuple[str, ...], outputs: tuple[str, ...], location: str | None
) -> str:
    """:func:`job_version_id` of the sorted ids: the runs of a job mostly repeat one version, computed once."""
    key = orjson.dumps([namespace, name, list(inputs), list(outputs), location])
    return str(uuid.uuid5(JOB_VERSIONS, key.decode()))


def node_id_text(node: Node) -> str:
    """``namespace:name``."""
    return f"{node.namespace}:{node.name}"


def location(facets: Mapping[str, Any]) -> str | None:
    """The ``sourceCodeLocation`` facet's URL."""
    url = (facets.get("sourceCodeLocation") or {}).get("url")
    return str(url) if url else None


def job_type(facets: Mapping[str, Any]) -> str:
    """``BATCH``, ``STREAM`` or ``SERVICE`` (see the module docstring)."""
    declared = str((facets.get("jobType") or {}).get("processingType") or "BATCH").upper()
    return {"STREAMING": "STREAM"}.get(declared, declared if declared in ("BATCH", "STREAM", "SERVICE") else "BATCH")


def run(info: RunInfo, job_version: str | None, datasets: Sequence[RunDataset]) -> dict[str, Any]:
    """A run as Marquez's ``Run``: ``jobVersion`` names ``job_version``; ``datasets`` its dataset versions."""
    duration = info.duration
    nominal = info.facets.get("nominalTime") or {}
    state = RUN_STATES.get(info.state, "NEW")
    return {
        "id": info.id,
        "createdAt": info.started_at,
        "updatedAt": info.ended_at or info.started_at,
        "nominalStartTime": nominal.get("nominalStartTime"),
        "nominalEndTime": nominal.get("nominalEndTime"),
        "state": state,
        "startedAt": info.started_at if state != "NEW" else None,
        "endedAt": info.ended_at,
        "durationMs": round(duration * 1000) if duration is not None else None,
        "args": {},
        "jobVersion": {**node_id(info.job), "version": job_version} if job_version else None,
        "inputDatasetVersions": [_dataset_version_ref(d) for d in datasets if d.direction == "input"],
        "outputDatasetVersions": [_dataset_version_ref(d) for d in datasets if d.direction == "output"],
        "context": {},
        "facets": dict(info.facets),
        "parentRunId": info.parent_run_id,
    }


def _dataset_version_ref(entry: RunDataset) -> dict[str, Any]:
    version = uuid_text(entry.version_id) if entry.version_id else None
    return {"datasetVersionId": {**node_id(entry.dataset), "version": version}, "facets": dict(entry.facets)}


def job(info: JobInfo, latest_runs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A job as Marquez's ``Job``; ``latest_runs`` are its newest runs (as :func:`run` shapes them), newest first."""
    facets = info.facets
    where = location(facets)
    parent = (info.latest_run.facets.get("parent") or {}) if info.latest_run else {}
    return {
        "id": node_id(info.node),
        "type": job_type(facets),
        "name": info.node.name,
        "simpleName": info.node.name.rsplit(".", 1)[-1],
        "parentJobName": (parent.get("job") or {}).get("name"),
        "parentJobUuid": None,
        "createdAt": info.created_at,
        "updatedAt": info.updated_at,
        "namespace": info.node.namespace,
        "inputs": [node_id(n) for n in info.inputs],
        "outputs": [node_id(n) for n in info.outputs],
        "location": where,
        "description": (facets.get("documentation") or {}).get("description"),
        "context": {},
        "latestRun": dict(latest_runs[0]) if latest_runs else None,
        "latestRuns": [dict(r) for r in latest_runs],
        "facets": dict(facets),
        "currentVersion": job_version_id(info.node, info.inputs, info.outputs, where) if info.definition else None,
        "labels": [],
        "tags": tag_names(facets),
        "definition": info.definition,
    }
