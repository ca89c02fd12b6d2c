"""Datasets and dataset versions: ``/namespaces/{namespace}/datasets[/{dataset}[/versions[/{version}]]]``.

A dataset version is one of the store's (a new one only when the schema, lifecycle state or source changes, or a
run writes it); its ``createdByRun`` is the run that wrote it (null for a DatasetEvent's version).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.marquez import queries, shapes
from headwater.lineage.marquez.errors import paged, version_named

if TYPE_CHECKING:
    from collections.abc import Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler
    from headwater.lineage.reader import DatasetInfo


def list_datasets(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{datasets, totalCount}`` of a namespace (404 when unknown), by name, paged by ``limit`` and ``offset``."""
    namespace = reads.namespace(params["namespace"])[0]
    page = paged(query, "datasets", [d for d in reads.reader.datasets() if d.node.namespace == namespace])
    page["datasets"] = [reads.dataset_shape(d) for d in page["datasets"]]
    return page


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
    return paged(query, "versions", _versions(reads, reads.dataset(params["namespace"], params["dataset"])))


def get_version(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One version of a dataset by its UUID (404 when the dataset has no such version)."""
    found = _versions(reads, reads.dataset(params["namespace"], params["dataset"]))
    return version_named(found, params["version"], "Dataset version")


ROUTES: Final[dict[str, Handler]] = {
    "namespaces/{namespace}/datasets": list_datasets,
    "namespaces/{namespace}/datasets/{dataset}": get_dataset,
    "namespaces/{namespace}/datasets/{dataset}/versions": list_versions,
    "namespaces/{namespace}/datasets/{dataset}/versions/{version}": get_version,
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
