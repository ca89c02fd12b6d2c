"""Queries over a lineage store: node lookup, datasets, jobs, runs, versions, facets, edges and column lineage.

Every result is a plain frozen dataclass of Python values (:mod:`.records`, re-exported here); times are the store's
UTC text (``2025-01-31T12:00:00.123456Z``), facets are parsed JSON objects. :class:`LineageReader` reads listings,
runs, versions, facets, events and edges here; it takes node look-ups from :mod:`.lookup` and column lineage from
:mod:`.column_reads`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import ColumnElement, Connection, Engine, Select, bindparam, func, select, true, union
from sqlalchemy.dialects import postgresql
from sqlalchemy.types import String, Text

from headwater.lineage import schema as t
from headwater.lineage.bodies import restore_event, skeleton_refs
from headwater.lineage.column_reads import ColumnReads
from headwater.lineage.lookup import keyed
from headwater.lineage.parsed_bodies import parsed_bodies
from headwater.lineage.records import (
    KINDS,
    ColumnStep,
    DatasetInfo,
    Edge,
    JobInfo,
    LookupFailedError,
    Node,
    RunInfo,
    VersionInfo,
    run_from_row,
    version_from_row,
)
from headwater.lineage.statements import among_keys, keys_value, run
from headwater.lineage.walk import walk_edges

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence


__all__ = [
    "KINDS",
    "ColumnStep",
    "DatasetInfo",
    "Edge",
    "JobInfo",
    "LineageReader",
    "LookupFailedError",
    "Node",
    "RunInfo",
    "VersionInfo",
    "keyed",
    "newest_runs",
    "restored_events",
    "run_from_row",
    "version_from_row",
]

_EVENTS_PAGE: Final = 500


class LineageReader(ColumnReads):
    """Read-only queries over the store behind ``engine`` (node look-ups and column lineage from its bases)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- listings ---------------------------------------------------------------------------------------------------

    def datasets(self) -> list[DatasetInfo]:
        """Every dataset, by namespace and name."""
        return self.dataset_infos(None)

    def dataset_infos(self, ids: Iterable[str] | None) -> list[DatasetInfo]:
        """The datasets with these ids (all when None), by namespace and name."""
        d, v = t.datasets, t.dataset_versions

        # versions are numbered 1..n, so the count is the highest seq (read from the (dataset_id, seq) index)
        def query() -> Select[Any]:
            count = select(func.coalesce(func.max(v.c.seq), 0)).where(v.c.dataset_id == d.c.id).scalar_subquery()
            return select(d, count.label("version_count")).order_by(d.c.namespace, d.c.name)

        rows = self._rows("dataset infos", query, d.c.id, ids)
        facets = self.facets("dataset", [r.id for r in rows])
        versions = self._versions_by_id([r.current_version_id for r in rows if r.current_version_id])
        return [
            DatasetInfo(
                Node("dataset", r.namespace, r.name),
                r.created_at,
                r.updated_at,
                facets.get(r.id, {}),
                versions.get(r.current_version_id),
                r.version_count,
            )
            for r in rows
        ]

    def jobs(self) -> list[JobInfo]:
        """Every job, by namespace and name."""
        return self.job_infos(None)

    def job_infos(self, ids: Iterable[str] | None, *, latest_run: bool = True) -> list[JobInfo]:
        """The jobs with these ids (all when None), by namespace and name.

        ``latest_run=False`` leaves each job's ``latest_run`` None (one read less, for a caller that reads the jobs'
        newest runs itself).
        """
        j = t.jobs
        rows = self._rows("job infos", lambda: select(j).order_by(j.c.namespace, j.c.name), j.c.id, ids)
        job_ids = [r.id for r in rows]
        facets = self.facets("job", job_ids)
        io = self._job_io(job_ids)
        latest = self._latest_runs({r.id: Node("job", r.namespace, r.name) for r in rows}) if latest_run else {}
        result = []
        for r in rows:
            node = Node("job", r.namespace, r.name)
            inputs = tuple(sorted(e.origin for e in io.get(r.id, []) if e.destination == node))
            outputs = tuple(sorted(e.destination for e in io.get(r.id, []) if e.origin == node))
            result.append(
                JobInfo(
                    node,
                    r.created_at,
                    r.updated_at,
                    facets.get(r.id, {}),
                    r.definition_kind,
                    inputs,
                    outputs,
                    latest.get(r.id),
                )
            )
        return result

    def _rows(
        self, name: str, query: Callable[[], Select[Any]], id_column: ColumnElement[str], ids: Iterable[str] | None
    ) -> list[Any]:
        """The rows ``query()`` selects, of the ``ids`` (by ``id_column``; all when None); built once per name."""
        with self.engine.connect() as conn:
            if ids is None:
                return list(conn.execute(query()))
            wanted = set(ids)
            if not wanted:
                return []
            some = lambda: query().where(among_keys(conn.dialect.name, id_column, "ids"))  # noqa: E731
            return keyed(conn, name, some, ids=wanted)

    def runs(self, job: Node, limit: int = 20) -> list[RunInfo]:
        """The job's latest ``limit`` runs, newest first."""
        r = t.runs
        query = select(r).where(r.c.job_id == job.id).order_by(r.c.started_at.desc(), r.c.id).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        facets = self.facets("run", [row.id for row in rows])
        return [run_from_row(row, job, facets.get(row.id, {})) for row in rows]

    def _latest_runs(self, nodes: Mapping[str, Node]) -> dict[str, RunInfo]:
        """The newest run of each job of ``nodes`` (by id), with its facets.

        Its ``parent`` facet names the job's parent (Marquez's ``parentJobName``).
        """
        if not nodes:
            return {}
        with self.engine.connect() as conn:
            found = {row.job_id: row for row in newest_runs(conn, nodes, 1)}
        facets = self.facets("run", [row.id for row in found.values()])
        return {job_id: run_from_row(row, nodes[job_id], facets.get(row.id)) for job_id, row in found.items()}

    def versions(self, dataset: Node) -> list[VersionInfo]:
        """The dataset's versions, newest first."""
        v = t.dataset_versions
        query = select(v).where(v.c.dataset_id == dataset.id).order_by(v.c.seq.desc())
        with self.engine.connect() as conn:
            return [version_from_row(row) for row in conn.execute(query)]

    def _versions_by_id(self, ids: Sequence[str]) -> dict[str, VersionInfo]:
        v = t.dataset_versions
        if not ids:
            return {}
        with self.engine.connect() as conn:
            query = lambda: select(v).where(among_keys(conn.dialect.name, v.c.id, "ids"))  # noqa: E731
            return {row.id: version_from_row(row) for row in keyed(conn, "versions by id", query, ids=ids)}

    def facets(self, kind: str, owner_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The current facets of jobs, datasets or runs (``kind``), by owner id and facet name.

        Which facets each owner has is read on every call; their bodies come parsed from
        :func:`~headwater.lineage.parsed_bodies.parsed_bodies`, shared between calls: never change them.
        """
        table = {"job": t.job_facets, "dataset": t.dataset_facets, "run": t.run_facets}[kind]
        found: dict[str, dict[str, Any]] = {}
        if not owner_ids:
            return found
        with self.engine.connect() as conn:
            query = lambda: (  # noqa: E731
                select(table.c.owner_id, table.c.name, table.c.body_hash)
                .where(among_keys(conn.dialect.name, table.c.owner_id, "ids"))
                .order_by(table.c.owner_id, table.c.name)
            )
            refs = keyed(conn, ("facet refs", kind), query, ids=set(owner_ids))
            bodies = parsed_bodies(conn, {body_hash for _, _, body_hash in refs})
        for owner, name, body_hash in refs:
            value = bodies.get(body_hash)
            if value is not None:  # None: pruned between the two statements (PostgreSQL reads each one's snapshot)
                found.setdefault(owner, {})[name] = value
        return found
        bodies = t.facet_bodies
        parsed: dict[str, Any] = {}  # runs of a job share most facet bodies: each is parsed once
        with self.engine.connect() as conn:
            query = lambda: (  # noqa: E731
                select(table.c.owner_id, table.c.name, table.c.body_hash, bodies.c.body)
                .join(bodies, bodies.c.hash == table.c.body_hash)
                .where(among_keys(conn.dialect.name, table.c.owner_id, "ids"))
                .order_by(table.c.owner_id, table.c.name)
            )
            for owner, name, body_hash, facet in keyed(conn, ("facets", kind), query, ids=set(owner_ids)):
                value = parsed.get(body_hash)
                if value is None:
                    value = parsed[body_hash] = orjson.loads(facet)
                found.setdefault(owner, {})[name] = value
        return found

    # -- events -----------------------------------------------------------------------------------------------------

    def events(self) -> Iterator[dict[str, Any]]:
        """Every event the store accepted, in ingest order, each as the JSON object it was received as.

        The events come back with the same keys in the same order and the same values (not the same whitespace), so
        ingesting them into another store gives the same lineage.
        """
        e = t.events
        after = 0
        while True:
            query = select(e.c.id, e.c.skeleton).where(e.c.id > after).order_by(e.c.id).limit(_EVENTS_PAGE)
            with self.engine.connect() as conn:
                page = conn.execute(query).all()
                yield from restored_events(conn, [skeleton for _, skeleton in page])
            if len(page) < _EVENTS_PAGE:
                return
            after = page[-1][0]

    # -- edges ------------------------------------------------------------------------------------------------------

    def edges(self, node_ids: Iterable[str] | None = None) -> list[Edge]:
        """The current job-dataset edges touching these jobs or datasets (every edge when None).

        One statement: the jobs' edges ``UNION`` the datasets' edges, each found by its own index (an ``OR`` of the
        two conditions would scan the edges); an edge found by both is taken once.
        """
        with self.engine.connect() as conn:
            if node_ids is None:
                rows = conn.execute(_edges_query(None)).all()
            else:
                wanted = set(node_ids)
                touching = lambda: union(  # noqa: E731
                    *(
                        _edges_query(among_keys(conn.dialect.name, t.job_io.c[end], end))
                        for end in ("job_id", "dataset_id")
                    )
                )
                rows = keyed(conn, "edges", touching, job_id=wanted, dataset_id=wanted) if wanted else []
        return _edges_of(rows)

    def walk(self, start: Node, up_depth: int, down_depth: int) -> list[Edge]:
        """The edges met walking ``up_depth`` steps upstream from ``start``, then ``down_depth`` downstream.

        Breadth first, in one statement (:func:`headwater.lineage.walk.walk_edges`); by origin and destination.
        """
        with self.engine.connect() as conn:
            return _edges_of(walk_edges(conn, start.id, up_depth, down_depth))

    def _job_io(self, job_ids: Sequence[str]) -> dict[str, list[Edge]]:
        by_job: dict[str, list[Edge]] = {}
        for edge in self.edges(job_ids):
            job = edge.destination if edge.destination.kind == "job" else edge.origin
            by_job.setdefault(job.id, []).append(edge)
        return by_job


def _edges_of(rows: Iterable[Any]) -> list[Edge]:
    """The edges of rows of :func:`_edges_query`'s columns, by origin and destination."""
    edges = []
    for row in rows:
        job = Node("job", row.job_namespace, row.job_name)
        dataset = Node("dataset", row.dataset_namespace, row.dataset_name)
        origin, destination = (dataset, job) if row.direction == "input" else (job, dataset)
        edges.append(Edge(origin, destination, bool(row.static), bool(row.application)))
    return sorted(edges, key=lambda e: (e.origin, e.destination))


def restored_events(conn: Connection, skeletons: Sequence[str]) -> list[dict[str, Any]]:
    """The events whose skeletons (JSON text, :mod:`headwater.lineage.bodies`) are ``skeletons``.

    The bodies are read through ``conn``; each event has its own copy of each body.

    Raises:
        KeyError: a body the skeletons refer to is not in the store.
    """
    parsed = [orjson.loads(skeleton) for skeleton in skeletons]
    bodies = t.facet_bodies
    wanted = {key for skeleton in parsed for key in skeleton_refs(skeleton)}
    query = lambda: select(bodies.c.hash, bodies.c.body).where(among_keys(conn.dialect.name, bodies.c.hash, "ids"))  # noqa: E731
    found = dict(keyed(conn, "facet bodies", query, ids=wanted)) if wanted else {}
    return [
        restore_event(skeleton, {key: orjson.loads(found[key]) for key in skeleton_refs(skeleton)})
        for skeleton in parsed
    ]


def newest_runs(conn: Connection, job_ids: Collection[str], limit: int) -> list[Any]:
    """The rows of the newest ``limit`` runs of each of ``job_ids``, by job, newest first (one statement).

    For each job its runs are read newest first by the ``(job_id, started_at)`` index and cut at ``limit``, so the
    time follows the runs shown, not how many runs the jobs have (a window ranking every run of the jobs took 2.4
    times as long at 50 runs per job).
    """
    r = t.runs

    def query() -> Select[Any]:
        if conn.dialect.name == "postgresql":
            unnest = func.unnest(bindparam("ids", type_=postgresql.ARRAY(String)))
            jobs = unnest.table_valued("value").render_derived()  # unnest(...) AS anon_1(value)
            # LATERAL: PostgreSQL ran the IN form below as a subquery per row of runs (2.3 s at 20,000 events)
            newest_of_job = (
                select(r)
                .where(r.c.job_id == jobs.c.value)
                .order_by(r.c.started_at.desc(), r.c.id)
                .limit(bindparam("limit"))
                .lateral("newest")
            )
            return (
                select(newest_of_job)
                .select_from(jobs)
                .join(newest_of_job, true())
                .order_by(newest_of_job.c.job_id, newest_of_job.c.started_at.desc(), newest_of_job.c.id)
            )
        jobs = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
        newer = r.alias("newer")
        newest = (
            select(newer.c.id)
            .where(newer.c.job_id == jobs.c.value)
            .order_by(newer.c.started_at.desc(), newer.c.id)
            .limit(bindparam("limit"))
        )
        return (
            select(r).select_from(jobs).join(r, r.c.id.in_(newest)).order_by(r.c.job_id, r.c.started_at.desc(), r.c.id)
        )

    return list(run(conn, "newest runs", query, {"ids": keys_value(conn, job_ids), "limit": limit}).all())


def _edges_query(where: ColumnElement[bool] | None) -> Select[Any]:
    """The job-dataset edges (``where`` them) with their jobs' and datasets' names: one query per step of a walk."""
    io, j, d = t.job_io, t.jobs, t.datasets
    query = (
        select(io.c.job_id, io.c.dataset_id, io.c.direction, io.c.static, io.c.application)
        .add_columns(j.c.namespace.label("job_namespace"), j.c.name.label("job_name"))
        .add_columns(d.c.namespace.label("dataset_namespace"), d.c.name.label("dataset_name"))
        .join(j, j.c.id == io.c.job_id)
        .join(d, d.c.id == io.c.dataset_id)
    )
    return query if where is None else query.where(where)
