"""Datasets and dataset versions: ``/namespaces/{namespace}/datasets[/{dataset}[/versions[/{version}]]]``.

A dataset version is one of the store's (a new one only when the schema, lifecycle state or source changes, or a
run writes it); its ``createdByRun`` is the run that wrote it (null for a DatasetEvent's version).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from headwater.lineage.marquez import queries, shapes
from headwater.lineage.marquez.errors import int_param, not_found

if TYPE_CHECKING:
    from collections.abc import Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import MarquezRouter
    from headwater.lineage.reader import DatasetInfo


def list_datasets(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{datasets, totalCount}`` of a namespace (404 when unknown), by name, paged by ``limit`` and ``offset``."""
    namespace = reads.namespace(params["namespace"]).name
    limit, offset = int_param(query, "limit", 100), int_param(query, "offset", 0)
    infos = [d for d in reads.reader.datasets() if d.node.namespace == namespace]
    return {"datasets": [reads.dataset_shape(d) for d in infos[offset : offset + limit]], "totalCount": len(infos)}


def get_dataset(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One dataset with its fields, tags, column lineage and current version."""
    return reads.dataset_shape(reads.dataset(params["namespace"], params["dataset"]))


def _versions(reads: Reads, info: DatasetInfo) -> list[dict[str, Any]]:
    """The dataset's versions, newest first, each with the run that created it."""
    versions = reads.reader.versions(info.node)
    run_ids = {v.run_id for v in versions if v.run_id}
    runs = {run_id: queries.run_by_id(reads.reader, run_id) for run_id in run_ids}
    shaped: dict[str, dict[str, Any]] = {}
    for run in runs.values():
        if run is not None:
            shaped[run.id] = reads.runs([run], reads.job(run.job.namespace, run.job.name).facets)[0]
    return [shapes.dataset_version(info, v, shaped.get(v.run_id or "")) for v in versions]


def list_versions(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{versions, totalCount}`` of a dataset, newest first, paged by ``limit`` (100) and ``offset``."""
    versions = _versions(reads, reads.dataset(params["namespace"], params["dataset"]))
    limit, offset = int_param(query, "limit", 100), int_param(query, "offset", 0)
    return {"versions": versions[offset : offset + limit], "totalCount": len(versions)}


def get_version(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One version of a dataset by its UUID (404 when the dataset has no such version)."""
    for version in _versions(reads, reads.dataset(params["namespace"], params["dataset"])):
        if version["version"] == params["version"].lower():
            return version
    raise not_found(params["version"], kind="Dataset version")


def register(router: MarquezRouter) -> None:
    """Add this family's routes."""
    router.add("namespaces/{namespace}/datasets", list_datasets)
    router.add("namespaces/{namespace}/datasets/{dataset}", get_dataset)
    router.add("namespaces/{namespace}/datasets/{dataset}/versions", list_versions)
    router.add("namespaces/{namespace}/datasets/{dataset}/versions/{version}", get_version)
