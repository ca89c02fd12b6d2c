"""The graphs.

Routes: ``/lineage`` (jobs and datasets), ``/column-lineage`` (``DATASET_FIELD`` nodes) and ``/runlineage/upstream``
(the runs that made what a run read, transitively).

``/lineage`` takes Marquez's ``nodeId`` and ``depth`` (20) and Headwater's ``direction=up|down|both`` (both); each
edge carries Headwater's ``static`` (true: declared by a JobEvent) besides Marquez's ``origin`` and ``destination``.
``/column-lineage`` takes ``nodeId`` (``dataset:<ns>:<name>``, ``datasetField:<ns>:<name>:<field>`` or
``job:<ns>:<name>``, each with an optional ``#<version UUID>``, as Marquez's node ids), ``depth`` and
``withDownstream`` (false): from the node's fields upstream (and downstream) through the column-lineage facets'
edges, an edge from each input field to the field it makes; dependencies of a whole dataset are left out.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import orjson

from headwater.lineage.graph import neighbourhood
from headwater.lineage.marquez import jobs, queries, shapes
from headwater.lineage.marquez.errors import ApiError, not_found
from headwater.lineage.marquez.params import bool_param, int_param, version_named
from headwater.lineage.reader import LookupFailedError, Node

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.graph import Graph
    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler


def lineage_graph(reads: Reads, graph: Graph, asked_as: Mapping[Node, Node] | None = None) -> dict[str, Any]:
    """``{graph: [{id, type, data, inEdges, outEdges}]}`` of ``graph``, its ``data`` Marquez's Dataset or Job.

    A dataset of ``asked_as`` (canonical node to the alias it was asked for by) is answered under that alias.
    """
    reader = reads.reader
    shown = dict(asked_as or {})

    def key(node: Node) -> str:
        return shown.get(node, node).key

    datasets = [
        replace(info, asked_as=shown.get(info.node))
        for info in reader.dataset_infos(n.id for n in graph.nodes if n.kind == "dataset")
    ]
    jobs = reads.job_infos(n.id for n in graph.nodes if n.kind == "job")
    data: dict[Node, dict[str, Any]] = {}
    data.update(zip((info.node for info in datasets), reads.dataset_shapes(datasets), strict=True))
    data.update(zip((info.node for info in jobs), reads.job_shapes(jobs, runs=1), strict=True))
    in_edges: dict[Node, list[dict[str, Any]]] = defaultdict(list)
    out_edges: dict[Node, list[dict[str, Any]]] = defaultdict(list)
    for edge in graph.edges:
        entry = {"origin": key(edge.origin), "destination": key(edge.destination), "static": edge.static}
        out_edges[edge.origin].append(entry)
        in_edges[edge.destination].append(entry)
    return {
        "graph": [
            {
                "id": key(node),
                "type": node.kind.upper(),
                "data": data[node],
                "inEdges": in_edges[node],
                "outEdges": out_edges[node],
            }
            for node in graph.nodes
        ]
    }


def _node(query: QueryParams) -> str:
    node_id = query.get("nodeId")
    if not node_id:
        raise ApiError(400, "nodeId is required (dataset:<namespace>:<name> or job:<namespace>:<name>)")
    return node_id


def get_lineage(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """The lineage graph around ``nodeId``: 400 on a bad parameter, 404 for an unknown node."""
    node_id = _node(query)
    depth = int_param(query, "depth", 20)
    direction = query.get("direction", "both")
    if direction not in ("up", "down", "both"):
        raise ApiError(400, "direction must be one of up, down, both")
    start = reads.reader.resolve(node_id)
    alias = reads.reader.alias_named(node_id, start)
    graph = neighbourhood(reads.reader, start, depth, direction)
    return lineage_graph(reads, graph, {start: alias} if alias else None)


def _field_start(reads: Reads, node_id: str) -> list[tuple[Node, str]]:
    """The dataset fields a column-lineage ``nodeId`` names, as Marquez reads its node ids.

    ``datasetField:<ns>:<name>:<field>`` that field; ``dataset:<ns>:<name>`` the dataset's fields (and those its
    column lineage names); ``job:<ns>:<name>`` the fields of the datasets the job's latest run wrote. A version after
    ``#`` (a UUID) narrows it: a dataset version's (or a field version's dataset version's) fields, or the fields of
    the outputs of a job version. The walk from them follows the current column lineage.
    """
    text, version = _versioned(node_id)
    kind = text.partition(":")[0]
    if kind == "datasetField":
        dataset_text, sep, field = text.removeprefix("datasetField:").rpartition(":")
        if not sep:
            raise ApiError(400, "a datasetField node id is datasetField:<namespace>:<name>:<field>")
        dataset = _resolved(reads, f"dataset:{dataset_text}", "dataset")
        if version:
            _dataset_version_fields(reads, dataset, version)
        return [(dataset, field)]
    if kind == "dataset":
        dataset = _resolved(reads, text, "dataset")
        if version:
            return [(dataset, name) for name in _dataset_version_fields(reads, dataset, version)]
        info = reads.dataset(dataset.namespace, dataset.name)
        named = {str(f.get("name")) for f in info.fields} | {s.field for s in reads.reader.column_lineage(dataset)}
        return [(dataset, name) for name in sorted(named - {""})]
    if kind == "job":
        job = _resolved(reads, text, "job")
        outputs = _job_outputs(reads, job, version)
        infos = reads.reader.dataset_infos(n.id for n in outputs)
        return [(info.node, str(f.get("name"))) for info in infos for f in info.fields]
    raise ApiError(
        400,
        "nodeId must be dataset:<namespace>:<name>, datasetField:<namespace>:<name>:<field> or job:<namespace>:<name>"
        " (each optionally #<version>)",
    )


def _versioned(node_id: str) -> tuple[str, str]:
    """A node id and the version after its last ``#`` when that is a UUID (else the whole id and ``""``)."""
    text, sep, version = node_id.rpartition("#")
    try:
        uuid.UUID(version)
    except ValueError:
        return node_id, ""
    return (text, version) if sep else (node_id, "")


def _resolved(reads: Reads, text: str, kind: str) -> Node:
    try:
        return reads.reader.resolve(text, kind)
    except LookupFailedError:
        raise not_found(text.partition(":")[2], kind=kind.capitalize()) from None


def _dataset_version_fields(reads: Reads, dataset: Node, version: str) -> list[str]:
    """The field names of the dataset's version ``version`` (a UUID); 404 when it has no such version."""
    try:
        wanted = uuid.UUID(version).hex
    except ValueError:
        raise not_found(version, kind="Dataset version") from None
    found = queries.version_by_id(reads.reader, dataset, wanted)
    if found is None:
        raise not_found(version, kind="Dataset version")
    return [str(f.get("name")) for f in found.content.get("fields") or []]


def _job_outputs(reads: Reads, job: Node, version: str) -> list[Node]:
    """The datasets the job's latest run wrote, or (``version``) that job version's outputs; 404 for no such version."""
    if version:
        versions = jobs.job_versions(reads, reads.job(job.namespace, job.name))
        named = version_named(versions, version, "Job version")
        return [Node("dataset", d["namespace"], d["name"]) for d in named["outputs"]]
    latest = queries.latest_runs(reads.reader, [job], 1).get(job.id, [])
    written = queries.run_datasets(reads.reader, latest)
    return [d.dataset for run in latest for d in written.get(run.id, []) if d.direction == "output"]


def _walk(reads: Reads, start: Iterable[tuple[str, str]], depth: int, *, downstream: bool) -> list[Any]:
    """The column-lineage rows reached from ``start`` fields in at most ``depth`` steps, one way."""
    seen = set(start)
    frontier = set(seen)
    found: dict[tuple[str, str, str, str], Any] = {}
    for _ in range(depth):
        rows = queries.column_edges(reads.reader, {d for d, _ in frontier}, downstream=downstream)
        following = set()
        for row in rows:
            here = (row.input_dataset_id, row.input_field) if downstream else (row.dataset_id, row.field)
            if here not in frontier or not row.field or not row.input_field:
                continue
            found[(row.dataset_id, row.field, row.input_dataset_id, row.input_field)] = row
            there = (row.dataset_id, row.field) if downstream else (row.input_dataset_id, row.input_field)
            if there not in seen:
                seen.add(there)
                following.add(there)
        if not following:
            break
        frontier = following
    return list(found.values())


def get_column_lineage(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """The column-lineage graph around ``nodeId`` (``DATASET_FIELD`` nodes)."""
    fields = _field_start(reads, _node(query))
    depth = int_param(query, "depth", 20)
    start = [(dataset.id, name) for dataset, name in fields]
    rows = _walk(reads, start, depth, downstream=False)
    if bool_param(query, "withDownstream"):
        rows += _walk(reads, start, depth, downstream=True)
    keys = set(start) | {(r.dataset_id, r.field) for r in rows} | {(r.input_dataset_id, r.input_field) for r in rows}
    nodes = reads.reader.nodes({d for d, _ in keys})
    infos = {i.node.id: i for i in reads.reader.dataset_infos(nodes)}
    edges: dict[tuple[str, str], list[Any]] = defaultdict(list)
    downstream: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for row in {(r.dataset_id, r.field, r.input_dataset_id, r.input_field): r for r in rows}.values():
        edges[(row.dataset_id, row.field)].append(row)
        downstream[(row.input_dataset_id, row.input_field)].append(row)
    graph = [_field_node(key, nodes, infos, edges[key], downstream[key]) for key in sorted(keys) if key[0] in nodes]
    return {"graph": sorted(graph, key=lambda n: n["id"])}


def _field_key(nodes: Mapping[str, Node], dataset_id: str, field: str) -> str:
    node = nodes[dataset_id]
    return f"datasetField:{node.namespace}:{node.name}:{field}"


def _field_node(
    key: tuple[str, str], nodes: Mapping[str, Node], infos: Mapping[str, Any], inputs: list[Any], outputs: list[Any]
) -> dict[str, Any]:
    dataset_id, field = key
    node, info = nodes[dataset_id], infos.get(dataset_id)
    types = {str(f.get("name")): f.get("type") for f in (info.fields if info else [])}
    version = info.current_version if info else None
    input_fields = []
    for row in sorted(inputs, key=lambda r: (r.input_dataset_id, r.input_field)):
        if row.input_dataset_id not in nodes:
            continue
        source = nodes[row.input_dataset_id]
        transformations = orjson.loads(row.transformations)
        first = transformations[0] if transformations else {}
        input_fields.append(
            {
                "namespace": source.namespace,
                "dataset": source.name,
                "field": row.input_field,
                "transformationDescription": first.get("description"),
                "transformationType": first.get("type"),
                "transformations": transformations,
            }
        )
    own = _field_key(nodes, dataset_id, field)
    return {
        "id": own,
        "type": "DATASET_FIELD",
        "data": {
            "type": "DATASET_FIELD",
            "namespace": node.namespace,
            "dataset": node.name,
            "datasetVersion": shapes.uuid_text(version.id) if version else None,
            "field": field,
            "fieldType": types.get(field),
            "inputFields": input_fields,
        },
        "inEdges": [
            {"origin": _field_key(nodes, r.input_dataset_id, r.input_field), "destination": own}
            for r in inputs
            if r.input_dataset_id in nodes
        ],
        "outEdges": [{"origin": own, "destination": _field_key(nodes, r.dataset_id, r.field)} for r in outputs],
    }


def get_run_lineage(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{runs: [{job, run, inputs}]}``: ``runId``'s run, then the runs that made the versions it read, to ``depth``."""
    run_id = query.get("runId")
    if not run_id:
        raise ApiError(400, "runId is required")
    depth = int_param(query, "depth", 20)
    first = queries.run_by_id(reads.reader, run_id)
    if first is None:
        raise not_found(run_id, kind="Run")
    entries: list[dict[str, Any]] = []
    seen = {first.id}
    frontier = [first]
    for _ in range(max(depth, 1)):
        following = []
        io = queries.run_datasets(reads.reader, frontier)
        for run in frontier:
            job = reads.job(run.job.namespace, run.job.name)
            shaped = reads.runs([run], job.facets)[0]
            inputs = [d for d in io.get(run.id, []) if d.direction == "input"]
            entries.append(
                {
                    "job": shaped["jobVersion"],
                    "run": {"id": run.id, "start": run.started_at, "end": run.ended_at, "status": shaped["state"]},
                    "inputs": [
                        {
                            **shapes.node_id(d.dataset),
                            "version": shapes.uuid_text(d.version_id) if d.version_id else None,
                            "producedByRunId": d.produced_by,
                        }
                        for d in inputs
                    ],
                }
            )
            for d in inputs:
                if d.produced_by and d.produced_by not in seen:
                    seen.add(d.produced_by)
                    found = queries.run_by_id(reads.reader, d.produced_by)
                    if found is not None:
                        following.append(found)
        if not following:
            break
        frontier = following
    return {"runs": entries}


ROUTES: Final[dict[str, Handler]] = {
    "lineage": get_lineage,
    "column-lineage": get_column_lineage,
    "runlineage/upstream": get_run_lineage,
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
