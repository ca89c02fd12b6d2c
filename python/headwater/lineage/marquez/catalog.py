"""Namespaces, sources and tags.

Routes: ``/namespaces``, ``/namespaces/{namespace}``, ``/sources``, ``/sources/{source}``, ``/tags``.

A namespace is every namespace a job or dataset of the store is in (owner ``anonymous``, as Marquez's for namespaces
made by OpenLineage events); its times are the earliest and latest event times of its jobs and datasets. A source is
each ``dataSource`` facet's name (its ``uri`` the connection URL, its scheme, upper case, the type), and each
namespace of a dataset without one. Tags are the names of every job, dataset and field tag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.marquez import queries, shapes
from headwater.lineage.marquez.errors import not_found
from headwater.lineage.marquez.params import paged

if TYPE_CHECKING:
    from collections.abc import Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler


def _namespace(row: tuple[str, str, str]) -> dict[str, Any]:
    name, created_at, updated_at = row
    return {
        "name": name,
        "createdAt": created_at,
        "updatedAt": updated_at,
        "ownerName": "anonymous",
        "description": None,
        "isHidden": False,
    }


def list_namespaces(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{namespaces: [...], totalCount}``, paged by ``limit`` (100) and ``offset``."""
    return paged(query, "namespaces", [_namespace(r) for r in queries.namespaces(reads.reader)])


def get_namespace(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One namespace; 404 when the store has nothing in it."""
    return _namespace(reads.namespace(params["namespace"]))


def all_sources(reads: Reads) -> list[dict[str, Any]]:
    """Every source (Marquez's ``Source``), by name."""
    found: dict[str, dict[str, Any]] = {}
    for info in reads.reader.datasets():
        declared = info.facets.get("dataSource") or {}
        name = shapes.source_name(info.node, info.facets)
        url = str(declared.get("uri") or info.node.namespace)
        entry = found.setdefault(
            name,
            {
                "type": url.split(":", 1)[0].upper() if ":" in url else "FILE",
                "name": name,
                "createdAt": info.created_at,
                "updatedAt": info.updated_at,
                "connectionUrl": url,
                "description": None,
            },
        )
        entry["createdAt"] = min(entry["createdAt"], info.created_at)
        entry["updatedAt"] = max(entry["updatedAt"], info.updated_at)
    return [found[name] for name in sorted(found)]


def list_sources(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{sources: [...], totalCount}``, paged by ``limit`` (100) and ``offset``."""
    return paged(query, "sources", all_sources(reads))


def get_source(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One source; 404 when no dataset has it."""
    for source in all_sources(reads):
        if source["name"] == params["source"]:
            return source
    raise not_found(params["source"], kind="Source")


def list_tags(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{tags: [{name, description}]}``: every tag name of a job, dataset or field, paged."""
    names: set[str] = set()
    for facets in [*(d.facets for d in reads.reader.datasets()), *(j.facets for j in reads.reader.jobs())]:
        names.update(shapes.tag_names(facets))
        for tagged in shapes.field_tags(facets).values():
            names.update(tagged)
    page = paged(query, "tags", [{"name": n, "description": None} for n in sorted(names)])
    return {"tags": page["tags"]}


ROUTES: Final[dict[str, Handler]] = {
    "namespaces": list_namespaces,
    "namespaces/{namespace}": get_namespace,
    "sources": list_sources,
    "sources/{source}": get_source,
    "tags": list_tags,
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
