"""The Marquez API's listings as one query per page: pages of jobs and datasets, search, and what the stats count.

Each function reads only the rows of the page it answers (by the indexes of migration ``0004_listing_indexes``), so
its time follows the page's size, not the store's. Paging is Marquez's: ``limit`` and ``offset`` over a stable order,
and ``totalCount`` counts what the page is cut from before any ``lastRunStates`` filter (Marquez counts a namespace's
jobs with ``countFor(namespace)``, whatever the filter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import ColumnElement, Select, bindparam, exists, func, literal, or_, select, true, union_all

from headwater.lineage import schema as t
from headwater.lineage.reader import Node
from headwater.lineage.statements import among_keys, keys_value, run

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from headwater.lineage.reader import LineageReader

STORE_STATES: Final = {
    "NEW": ("OTHER",),
    "RUNNING": ("START", "RUNNING"),
    "COMPLETED": ("COMPLETE",),
    "FAILED": ("FAIL",),
    "ABORTED": ("ABORT",),
}
"""Marquez's run state → the store's run states it stands for (the inverse of ``shapes.RUN_STATES``)."""


@dataclass(frozen=True)
class Page:
    """A page of ids in the listing's order, and how many the listing has in all (``totalCount``)."""

    ids: list[str]
    total: int


def job_page(reader: LineageReader, namespace: str | None, states: Collection[str], limit: int, offset: int) -> Page:
    """The jobs of ``namespace`` (all when None), most recently updated first, whose latest run is in ``states``.

    ``states`` are Marquez's run states (none: every job); a job without a run has no state and is left out by a
    filter. ``total`` counts the namespace's jobs before the filter.
    """
    j, r = t.jobs, t.runs
    everywhere = namespace is None

    def where() -> ColumnElement[bool]:
        return true() if everywhere else j.c.namespace == bindparam("namespace")

    def query() -> Select[Any]:
        found = select(j.c.id).where(where())
        if states:
            latest = (
                select(r.c.state)
                .where(r.c.job_id == j.c.id)
                .order_by(r.c.started_at.desc(), r.c.id)
                .limit(1)
                .scalar_subquery()
            )
            found = found.where(among_keys(conn.dialect.name, latest, "states"))
        order = (j.c.updated_at.desc(), j.c.namespace, j.c.name)
        return found.order_by(*order).limit(bindparam("limit")).offset(bindparam("offset"))

    params: dict[str, Any] = {"limit": limit, "offset": offset} | ({} if everywhere else {"namespace": namespace})
    with reader.engine.connect() as conn:
        if states:
            params["states"] = keys_value(conn, [s for state in states for s in STORE_STATES[state]])
        ids = list(run(conn, ("job page", everywhere, bool(states)), query, params).scalars())
        count = lambda: select(func.count()).select_from(j).where(where())  # noqa: E731
        total = run(conn, ("job count", everywhere), count, {k: v for k, v in params.items() if k == "namespace"})
        total = total.scalar() or 0
    return Page(ids, total)


def dataset_page(reader: LineageReader, namespace: str, limit: int, offset: int) -> Page:
    """The datasets of ``namespace`` by name."""
    d = t.datasets
    query = select(d.c.id).where(d.c.namespace == namespace).order_by(d.c.name).limit(limit).offset(offset)
    with reader.engine.connect() as conn:
        ids = list(conn.scalars(query))
        total = conn.scalar(select(func.count()).select_from(d).where(d.c.namespace == namespace)) or 0
    return Page(ids, total)


def in_order(ids: Sequence[str], items: Sequence[Any], key: Any) -> list[Any]:  # noqa: ANN401 - any item, its id
    """``items`` in the order of ``ids`` (``key`` gives an item's id); ids without an item are left out."""
    by_id = {key(item): item for item in items}
    return [by_id[i] for i in ids if i in by_id]


@dataclass(frozen=True)
class SearchFilter:
    """What ``/search`` matches: ``pattern`` (SQL ``LIKE``, any case), kinds, namespace and update-time window."""

    pattern: str
    kinds: tuple[str, ...]
    namespace: str | None
    after: str | None
    before: str | None


def search(reader: LineageReader, wanted: SearchFilter) -> list[tuple[str, Node, str]]:
    """``(type, node, updatedAt)`` of every job and dataset whose name matches, by name (SQL does the matching)."""
    parts: list[Select[Any]] = []
    for kind in wanted.kinds:
        table = t.jobs if kind == "job" else t.datasets
        where: list[ColumnElement[bool]] = [func.lower(table.c.name).like(func.lower(wanted.pattern))]
        if wanted.namespace is not None:
            where.append(table.c.namespace == wanted.namespace)
        if wanted.after is not None:
            where.append(table.c.updated_at >= wanted.after)
        if wanted.before is not None:
            where.append(table.c.updated_at <= wanted.before)
        columns = (literal(kind).label("kind"), table.c.namespace, table.c.name, table.c.updated_at)
        parts.append(select(*columns).where(*where))
    if not parts:
        return []
    with reader.engine.connect() as conn:
        rows = conn.execute(union_all(*parts)).all()
    return [(kind.upper(), Node(kind, namespace, name), updated) for kind, namespace, name, updated in rows]


def created_times(reader: LineageReader, kind: str) -> list[str]:
    """When each job (``kind="job"``) or dataset was first seen."""
    table = t.jobs if kind == "job" else t.datasets
    with reader.engine.connect() as conn:
        return list(conn.scalars(select(table.c.created_at)))


def namespace_exists(reader: LineageReader, name: str) -> bool:
    """Whether a job or dataset is in the namespace ``name`` (an index look-up in each table, not its times)."""
    found = lambda: select(  # noqa: E731
        or_(*(exists().where(table.c.namespace == bindparam("name")) for table in (t.jobs, t.datasets)))
    )
    with reader.engine.connect() as conn:
        return bool(run(conn, "namespace exists", found, {"name": name}).scalar())


def namespace(reader: LineageReader, name: str) -> tuple[str, str, str] | None:
    """The namespace ``name``: its name, the earliest and the latest event time of its jobs and datasets, or None."""
    parts = [
        select(table.c.created_at, table.c.updated_at).where(table.c.namespace == name)
        for table in (t.jobs, t.datasets)
    ]
    both = union_all(*parts).subquery()
    with reader.engine.connect() as conn:
        created, updated = conn.execute(select(func.min(both.c.created_at), func.max(both.c.updated_at))).one()
    return None if created is None else (name, created, updated)
