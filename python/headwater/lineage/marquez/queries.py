"""The store reads the Marquez API needs beyond :class:`~headwater.lineage.reader.LineageReader`'s.

Namespaces, a page of a job's runs, a run by id, what each run read and wrote (with the dataset versions it saw),
column-lineage edges in both directions and pages of the stored events. Times are the store's UTC text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson
from sqlalchemy import ColumnElement, bindparam, case, func, select, true, union_all

from headwater.lineage import schema as t
from headwater.lineage.reader import (
    Node,
    RunInfo,
    VersionInfo,
    keyed,
    newest_runs,
    restored_events,
    run_from_row,
    version_from_row,
)
from headwater.lineage.statements import among_keys, run

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from sqlalchemy import BindParameter, ClauseElement

    from headwater.lineage.reader import LineageReader


class RunDataset(NamedTuple):
    """A dataset a run read (``direction`` input) or wrote (output), with the version it saw (or made).

    ``version_id`` is the store's id of that dataset version (None when the dataset had none then); ``facets`` are
    the event's ``inputFacets``/``outputFacets``; ``produced_by`` the run that made that version, if any. A named
    tuple: a jobs page makes thousands of them.
    """

    dataset: Node
    direction: str
    facets: Mapping[str, Any]
    version_id: str | None
    produced_by: str | None


def namespaces(reader: LineageReader) -> list[tuple[str, str, str]]:
    """Every namespace of a job or dataset, by name: its name, the earliest and the latest event time there."""
    parts = [select(table.c.namespace, table.c.created_at, table.c.updated_at) for table in (t.jobs, t.datasets)]
    both = union_all(*parts).subquery()
    query = (
        select(both.c.namespace, func.min(both.c.created_at), func.max(both.c.updated_at))
        .group_by(both.c.namespace)
        .order_by(both.c.namespace)
    )
    with reader.engine.connect() as conn:
        return [(name, created, updated) for name, created, updated in conn.execute(query)]


def run_page(reader: LineageReader, job: Node, limit: int, offset: int) -> tuple[list[RunInfo], int]:
    """A page of the job's runs, newest first, with facets, and how many runs it has."""
    r = t.runs
    job_id: BindParameter[str] = bindparam("job")
    page = lambda: (  # noqa: E731
        select(r)
        .where(r.c.job_id == job_id)
        .order_by(r.c.started_at.desc(), r.c.id)
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
    )
    count = lambda: select(func.count()).select_from(r).where(r.c.job_id == job_id)  # noqa: E731
    with reader.engine.connect() as conn:
        rows = run(conn, "run page", page, {"job": job.id, "limit": limit, "offset": offset}).all()
        total = run(conn, "run count", count, {"job": job.id}).scalar() or 0
    facets = reader.facets("run", [row.id for row in rows])
    return [run_from_row(row, job, facets.get(row.id, {})) for row in rows], total


def run_by_id(reader: LineageReader, run_id: str) -> RunInfo | None:
    """The run ``run_id`` (with its facets and job), or None."""
    r = t.runs
    with reader.engine.connect() as conn:
        row = conn.execute(select(r).where(r.c.id == run_id)).first()
    if row is None:
        return None
    job = reader.nodes([row.job_id]).get(row.job_id)
    if job is None:
        return None
    return run_from_row(row, job, reader.facets("run", [run_id]).get(run_id, {}))


def all_runs(reader: LineageReader, job: Node) -> list[RunInfo]:
    """Every run of the job, oldest first (no facets)."""
    r = t.runs
    query = select(r).where(r.c.job_id == job.id).order_by(r.c.started_at, r.c.id)
    with reader.engine.connect() as conn:
        return [run_from_row(row, job) for row in conn.execute(query)]


def run_datasets(reader: LineageReader, runs: Sequence[RunInfo]) -> dict[str, list[RunDataset]]:
    """What each run read and wrote, by run id, inputs first, by dataset (one statement for any number of runs).

    An output's version is the one the run made; an input's is the dataset's latest version created no later than
    the run's start (the version it read). Each is found by the index on its dataset's versions, so the time follows
    the runs asked for, not how many versions their datasets have.
    """
    if not runs:
        return {}
    with reader.engine.connect() as conn:
        rows = keyed(conn, "run datasets", lambda: _run_datasets_query(conn.dialect.name), ids={run.id for run in runs})
    by_run: dict[str, list[RunDataset]] = {}
    nodes: dict[tuple[str, str], Node] = {}
    parsed: dict[str, Any] = {}  # the facets of a run's inputs and outputs repeat from run to run: parsed once each
    for run_id, _dataset_id, direction, facets, namespace, name, version_id, writer in sorted(
        rows, key=lambda row: (row[0], row[2] != "input", row[1])
    ):
        node = nodes.get((namespace, name))
        if node is None:
            node = nodes[namespace, name] = Node("dataset", namespace, name)
        facet_value = parsed.get(facets)
        if facet_value is None:
            facet_value = parsed[facets] = orjson.loads(facets)
        made_by = writer if version_id else None  # an output without a version was made by no run
        by_run.setdefault(run_id, []).append(RunDataset(node, direction, facet_value, version_id, made_by))
    return by_run


def _run_datasets_query(dialect: str) -> ClauseElement:
    """:func:`run_datasets`' statement: each input or output of the runs bound to ``ids``, named, with its version."""
    io, v, r, d = t.run_io, t.dataset_versions, t.runs, t.datasets
    # a run makes at most one version of a dataset (found by the run_id index); the version read is the newest one
    # created by the run's start (versions are numbered in creation order: the (dataset_id, created_at, seq) index)
    made = select(v.c.id).where(v.c.run_id == io.c.run_id, v.c.dataset_id == io.c.dataset_id).limit(1)
    read = (
        select(v.c.id)
        .where(v.c.dataset_id == io.c.dataset_id, v.c.created_at <= r.c.started_at)
        .order_by(v.c.created_at.desc(), v.c.seq.desc())
        .limit(1)
    )
    read_by = read.with_only_columns(v.c.run_id)  # the run that made the version read, by the same index
    version = case((io.c.direction == "output", made.scalar_subquery()), else_=read.scalar_subquery())
    writer = case((io.c.direction == "output", io.c.run_id), else_=read_by.scalar_subquery())
    return (
        select(io.c.run_id, io.c.dataset_id, io.c.direction, io.c.facets, d.c.namespace, d.c.name)
        .add_columns(version.label("version_id"), writer.label("writer"))
        .join(r, r.c.id == io.c.run_id)
        .join(d, d.c.id == io.c.dataset_id)
        .where(among_keys(dialect, io.c.run_id, "ids"))
    )


def latest_runs(reader: LineageReader, jobs: Sequence[Node], limit: int) -> dict[str, list[RunInfo]]:
    """The newest ``limit`` runs of each job (with facets), newest first, by job id (one statement)."""
    by_id = {job.id: job for job in jobs}
    if not by_id:
        return {}
    with reader.engine.connect() as conn:
        rows = newest_runs(conn, by_id, limit)
    facets = reader.facets("run", [row.id for row in rows])
    found: dict[str, list[RunInfo]] = {}
    for row in rows:
        found.setdefault(row.job_id, []).append(run_from_row(row, by_id[row.job_id], facets.get(row.id, {})))
    return found


def runs_by_id(reader: LineageReader, run_ids: Iterable[str]) -> dict[str, RunInfo]:
    """The runs with these ids (with facets and jobs), by id; unknown ids are left out."""
    r = t.runs
    wanted = set(run_ids)
    if not wanted:
        return {}
    with reader.engine.connect() as conn:
        query = lambda: select(r).where(among_keys(conn.dialect.name, r.c.id, "ids"))  # noqa: E731
        rows = keyed(conn, "runs by id", query, ids=wanted)
    jobs = reader.nodes({row.job_id for row in rows})
    facets = reader.facets("run", [row.id for row in rows])
    return {row.id: run_from_row(row, jobs[row.job_id], facets.get(row.id, {})) for row in rows if row.job_id in jobs}


def version_page(reader: LineageReader, dataset: Node, limit: int, offset: int) -> tuple[list[VersionInfo], int]:
    """A page of the dataset's versions, newest first, and how many it has (versions are numbered 1..n)."""
    v = t.dataset_versions
    query = select(v).where(v.c.dataset_id == dataset.id).order_by(v.c.seq.desc()).limit(limit).offset(offset)
    with reader.engine.connect() as conn:
        rows = conn.execute(query).all()
        total = conn.scalar(select(func.coalesce(func.max(v.c.seq), 0)).where(v.c.dataset_id == dataset.id))
    return [version_from_row(row) for row in rows], int(total or 0)


def version_by_id(reader: LineageReader, dataset: Node, version_id: str) -> VersionInfo | None:
    """The dataset's version with the store id ``version_id`` (32 hex digits), or None."""
    v = t.dataset_versions
    with reader.engine.connect() as conn:
        row = conn.execute(select(v).where(v.c.id == version_id, v.c.dataset_id == dataset.id)).first()
    return None if row is None else version_from_row(row)


def column_edges(reader: LineageReader, dataset_ids: Iterable[str], *, downstream: bool) -> list[Any]:
    """The column-lineage rows whose output (or, ``downstream``, input) dataset is one of ``dataset_ids``."""
    c = t.column_edges
    column = c.c.input_dataset_id if downstream else c.c.dataset_id
    wanted = set(dataset_ids)
    if not wanted:
        return []
    with reader.engine.connect() as conn:
        query = lambda: select(c).where(among_keys(conn.dialect.name, column, "ids"))  # noqa: E731
        return keyed(conn, ("column edges", downstream), query, ids=wanted)


@dataclass(frozen=True)
class EventWindow:
    """Which stored events a page shows: event time within [``after``, ``before``] (each optional)."""

    after: str | None
    before: str | None
    descending: bool
    limit: int
    offset: int


def event_page(reader: LineageReader, window: EventWindow) -> tuple[list[dict[str, Any]], int]:
    """A page of the stored events (as received) in event-time order, and how many are in the window.

    The window is counted first; the page's ids are then found by ``offset`` in the ``(event_time, id)`` index alone,
    walking from the nearer end (a page past the middle is the same rows at ``total - offset - limit`` the other way
    round), and only the page's rows are read from the table: a page deep in the list skips index entries, never rows.
    """
    e = t.events
    where: list[ColumnElement[bool]] = [true()]
    if window.after is not None:
        where.append(e.c.event_time >= window.after)
    if window.before is not None:
        where.append(e.c.event_time <= window.before)
    with reader.engine.connect() as conn:
        total = conn.scalar(select(func.count()).select_from(e).where(*where)) or 0
        limit, offset, descending = window.limit, window.offset, window.descending
        if offset > total // 2 and offset < total:  # the same rows, counted from the other end
            limit = min(limit, total - offset)
            offset, descending = max(total - window.offset - limit, 0), not descending
        order = (e.c.event_time.desc(), e.c.id.desc()) if descending else (e.c.event_time, e.c.id)
        ids = select(e.c.id).where(*where).order_by(*order).limit(limit).offset(offset)
        rows = conn.execute(select(e.c.skeleton).where(e.c.id.in_(ids.scalar_subquery())).order_by(*order)).all()
        skeletons = [row.skeleton for row in rows]
        if descending != window.descending:
            skeletons.reverse()
        return restored_events(conn, skeletons), total


def event_counts(reader: LineageReader, after: str, before: str) -> list[tuple[str, str]]:
    """The event time and type of every RunEvent in [``after``, ``before``)."""
    e = t.events
    query = select(e.c.event_time, e.c.event_type).where(
        e.c.kind == "RunEvent", e.c.event_time >= after, e.c.event_time < before
    )
    with reader.engine.connect() as conn:
        return [(row.event_time, row.event_type or "") for row in conn.execute(query)]
