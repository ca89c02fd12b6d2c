"""The graph page's node data, and the graph as Marquez's lineage response (:func:`marquez_graph`).

:func:`marquez_graph` is ``GET /api/v1/lineage``'s answer, shaped by :mod:`headwater.lineage.marquez`. The page's data
(:func:`node_data`) keeps Headwater's own shape, close to Marquez's: each node is ``{"id": "dataset:<ns>:<name>" |
"job:<ns>:<name>", "type": "DATASET" | "JOB", "data": {...}, "inEdges": [...], "outEdges": [...]}``, each edge
``{"origin": id, "destination": id}`` plus Headwater's ``"static": true`` for an edge declared by a JobEvent (false:
observed in a run). ``data`` has Marquez's keys where the store knows the value (``id``, ``name``, ``namespace``,
``createdAt``, ``updatedAt``, ``facets``; a dataset's ``physicalName``, ``sourceName``, ``fields``, ``tags``,
``lastModifiedAt``, ``lastLifecycleState``, ``description``; a job's ``type``, ``simpleName``, ``inputs``, ``outputs``,
``location``, ``description``, ``latestRun``), and Headwater's ``currentVersion``/``versionCount`` (datasets) and
``definition`` (jobs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from headwater.lineage.marquez import Reads
from headwater.lineage.marquez.lineage import lineage_graph

if TYPE_CHECKING:
    from headwater.lineage.graph import Graph
    from headwater.lineage.reader import DatasetInfo, JobInfo, LineageReader, Node, RunInfo


def marquez_graph(reader: LineageReader, graph: Graph) -> dict[str, Any]:
    """The Marquez lineage response for ``graph`` (``GET /api/v1/lineage``, :mod:`headwater.lineage.marquez`)."""
    return lineage_graph(Reads(reader), graph)


def node_data(reader: LineageReader, graph: Graph) -> dict[Node, dict[str, Any]]:
    """The ``data`` object of every node of ``graph``."""
    datasets = reader.dataset_infos(n.id for n in graph.nodes if n.kind == "dataset")
    jobs = reader.job_infos(n.id for n in graph.nodes if n.kind == "job")
    found: dict[Node, dict[str, Any]] = {d.node: dataset_data(d) for d in datasets}
    found.update({j.node: job_data(j) for j in jobs})
    return found


def _id(node: Node) -> dict[str, str]:
    return {"namespace": node.namespace, "name": node.name}


def tags(facets: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``tags`` facet's tags (``{key, value, source, field?}``), or none."""
    found = (facets.get("tags") or {}).get("tags") or []
    return [dict(tag) for tag in found if isinstance(tag, Mapping)]


def dataset_data(info: DatasetInfo) -> dict[str, Any]:
    """A dataset's Marquez ``data`` object."""
    facets = info.facets
    version = info.current_version
    return {
        "id": _id(info.node),
        "type": "DATASET",
        "name": info.node.name,
        "physicalName": info.node.name,
        "namespace": info.node.namespace,
        "sourceName": (facets.get("dataSource") or {}).get("name"),
        "fields": [dict(f) for f in info.fields],
        "tags": tags(facets),
        "createdAt": info.created_at,
        "updatedAt": info.updated_at,
        "lastModifiedAt": version.created_at if version else None,
        "lastLifecycleState": version.content.get("lifecycleState") if version else None,
        "description": (facets.get("documentation") or {}).get("description"),
        "facets": dict(facets),
        "currentVersion": version.id if version else None,
        "versionCount": info.version_count,
    }


def run_data(run: RunInfo) -> dict[str, Any]:
    """A run as ``{id, state, startedAt, endedAt, durationMs, parentRunId}`` (+ ``facets`` when it has them)."""
    duration = run.duration
    data: dict[str, Any] = {
        "id": run.id,
        "state": run.state,
        "startedAt": run.started_at,
        "endedAt": run.ended_at,
        "durationMs": round(duration * 1000) if duration is not None else None,
        "parentRunId": run.parent_run_id,
    }
    if run.facets:
        data["facets"] = dict(run.facets)
    return data


def job_data(info: JobInfo) -> dict[str, Any]:
    """A job's Marquez ``data`` object."""
    facets = info.facets
    job_type = (facets.get("jobType") or {}).get("processingType") or "BATCH"
    return {
        "id": _id(info.node),
        "type": job_type,
        "name": info.node.name,
        "simpleName": info.node.name.rsplit(".", 1)[-1],
        "namespace": info.node.namespace,
        "createdAt": info.created_at,
        "updatedAt": info.updated_at,
        "inputs": [_id(n) for n in info.inputs],
        "outputs": [_id(n) for n in info.outputs],
        "location": (facets.get("sourceCodeLocation") or {}).get("url"),
        "description": (facets.get("documentation") or {}).get("description"),
        "facets": dict(facets),
        "latestRun": run_data(info.latest_run) if info.latest_run else None,
        "tags": tags(facets),
        "definition": info.definition,
    }
