"""Datasets and dataset versions: ``/namespaces/{namespace}/datasets[/{dataset}[/versions[/{version}]]]``.

A dataset version is one of the store's (a new one only when the schema, lifecycle state or source changes, or a
run writes it); its ``createdByRun`` is the run that wrote it (null for a DatasetEvent's version).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.marquez import listings, queries, shapes
from headwater.lineage.marquez.errors import not_found
from headwater.lineage.marquez.params import int_param

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler
    from headwater.lineage.reader import DatasetInfo, VersionInfo


def list_datasets(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{datasets, totalCount}`` of a namespace (404 when unknown), by name, paged by ``limit`` and ``offset``."""
    namespace = reads.known_namespace(params["namespace"])
    page = listings.dataset_page(reads.reader, namespace, int_param(query, "limit", 100), int_param(query, "offset", 0))
    infos = listings.in_order(page.ids, reads.reader.dataset_infos(page.ids), lambda info: info.node.id)
    return {"datasets": reads.dataset_shapes(infos), "totalCount": page.total}


def get_dataset(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One dataset with its fields, tags, column lineage and current version."""
    return reads.dataset_shape(reads.dataset(params["namespace"], params["dataset"]))


def _shaped(reads: Reads, info: DatasetInfo, versions: Sequence[VersionInfo]) -> list[dict[str, Any]]:
    """``versions`` of the dataset, each with the run that created it (a few queries for them all)."""
    runs = queries.runs_by_id(reads.reader, {v.run_id for v in versions if v.run_id})
    facets = reads.reader.facets("job", list({run.job.id for run in runs.values()}))
    shaped = reads.runs_of(list(runs.values()), facets)
    return [shapes.dataset_version(info, v, shaped.get(v.run_id or "")) for v in versions]


def list_versions(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{versions, totalCount}`` of a dataset, newest first, paged by ``limit`` (100) and ``offset``."""
    info = reads.dataset(params["namespace"], params["dataset"])
    limit, offset = int_param(query, "limit", 100), int_param(query, "offset", 0)
    versions, total = queries.version_page(reads.reader, info.node, limit, offset)
    return {"versions": _shaped(reads, info, versions), "totalCount": total}


def get_version(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One version of a dataset by its UUID (404 when the dataset has no such version)."""
    info = reads.dataset(params["namespace"], params["dataset"])
    try:
        wanted = uuid.UUID(params["version"]).hex
    except ValueError:
        raise not_found(params["version"], kind="Dataset version") from None
    version = queries.version_by_id(reads.reader, info.node, wanted)
    if version is None:
        raise not_found(params["version"], kind="Dataset version")
    return _shaped(reads, info, [version])[0]


ROUTES: Final[dict[str, Handler]] = {
    "namespaces/{namespace}/datasets": list_datasets,
    "namespaces/{namespace}/datasets/{dataset}": get_dataset,
    "namespaces/{namespace}/datasets/{dataset}/versions": list_versions,
    "namespaces/{namespace}/datasets/{dataset}/versions/{version}": get_version,
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
