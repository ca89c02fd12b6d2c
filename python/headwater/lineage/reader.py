"""Queries over a lineage store: node lookup, datasets, jobs, runs, versions, facets and column lineage.

Every result is a plain frozen dataclass of Python values; times are the store's UTC text
(``2025-01-31T12:00:00.123456Z``), facets are parsed JSON objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import ColumnElement, Connection, Engine, Select, Table, bindparam, func, or_, select, tuple_, union

from headwater.lineage import schema as t
from headwater.lineage.bodies import restore_event, skeleton_refs
from headwater.lineage.statements import among_keys, keys_value, run

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence

    from sqlalchemy import ClauseElement

KINDS: Final = ("dataset", "job")
_EVENTS_PAGE: Final = 500


@dataclass(frozen=True, order=True)
class Node:
    """A dataset or job of the graph.

    Attributes:
        kind: ``dataset`` or ``job``.
        namespace: its OpenLineage namespace.
        name: its OpenLineage name.
    """

    kind: str
    namespace: str
    name: str

    @property
    def id(self) -> str:
        """Its id in the store (:func:`headwater.lineage.schema.entity_id`)."""
        return t.entity_id(self.kind, self.namespace, self.name)

    @property
    def key(self) -> str:
        """Its Marquez node id: ``dataset:<namespace>:<name>`` or ``job:<namespace>:<name>``."""
        return f"{self.kind}:{self.namespace}:{self.name}"

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class RunInfo:
    """A run: ``state`` is its terminal state once it has one; ``duration`` in seconds when it has ended."""

    id: str
    job: Node
    state: str
    started_at: str
    ended_at: str | None
    parent_run_id: str | None
    facets: Mapping[str, Any] = field(default_factory=dict)

    @property
    def duration(self) -> float | None:
        """Seconds from the first to the terminal event, or None while running."""
        if self.ended_at is None:
            return None
        return (_parse(self.ended_at) - _parse(self.started_at)).total_seconds()


@dataclass(frozen=True)
class VersionInfo:
    """A dataset version: ``seq`` counts from 1; ``run_id`` is None for a DatasetEvent's version.

    ``content`` holds what defines it: ``fields``, ``source``, ``lifecycleState`` (each when known).
    """

    id: str
    seq: int
    created_at: str
    run_id: str | None
    content: Mapping[str, Any]


@dataclass(frozen=True)
class DatasetInfo:
    """A dataset with its current facets, its current version and how many versions it has.

    ``node`` is its canonical identity; ``asked_as`` the alias it was looked up by, if it was.
    """

    node: Node
    created_at: str
    updated_at: str
    facets: Mapping[str, Any]
    current_version: VersionInfo | None
    version_count: int
    asked_as: Node | None = None

    @property
    def shown(self) -> Node:
        """The node to answer under: ``asked_as`` (an alias of ``node`` it was asked for by) when set, else ``node``."""
        return self.asked_as or self.node

    @property
    def fields(self) -> list[Mapping[str, Any]]:
        """The schema fields: the current version's, else the latest ``schema`` facet's (a dataset only read)."""
        if self.current_version is not None and self.current_version.content.get("fields"):
            return list(self.current_version.content["fields"])
        return list((self.facets.get("schema") or {}).get("fields") or [])


@dataclass(frozen=True)
class JobInfo:
    """A job with its current facets and definition (inputs and outputs), and its latest run.

    ``definition`` is ``job_event`` (declared: static edges), ``run`` (observed) or None (nothing defines it yet).
    """

    node: Node
    created_at: str
    updated_at: str
    facets: Mapping[str, Any]
    definition: str | None
    inputs: tuple[Node, ...]
    outputs: tuple[Node, ...]
    latest_run: RunInfo | None


@dataclass(frozen=True)
class Edge:
    """A job-dataset edge of the current definitions: ``origin`` to ``destination``; ``static`` when declared."""

    origin: Node
    destination: Node
    static: bool


@dataclass(frozen=True)
class ColumnStep:
    """One column-lineage edge on the way upstream.

    ``field`` of ``dataset`` comes from ``source_field`` of ``source`` (``field`` is ``""`` for a dependency of the
    whole dataset); ``depth`` counts from 1.
    """

    depth: int
    dataset: Node
    field: str
    source: Node
    source_field: str
    direct: bool
    transformations: tuple[Mapping[str, Any], ...]


class LookupFailedError(LookupError):
    """A node name matched nothing, or more than one node; the message lists the candidates."""


class LineageReader:
    """Read-only queries over the store behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- nodes ------------------------------------------------------------------------------------------------------

    def resolve(self, text: str, kind: str | None = None) -> Node:
        """The node ``text`` names.

        ``text`` is a Marquez node id (``dataset:ns:name``, ``job:ns:name``), ``ns:name`` as the listings print it,
        else the name of a dataset or job, or the end of one after ``/`` or ``.`` (of ``kind`` only, when given).

        A dataset is found by any of its identities (its aliases, :mod:`headwater.lineage.aliases`); the node
        returned is the dataset's canonical one.

        Raises:
            LookupFailedError: no such node, or the name is ambiguous (the message lists candidates).
        """
        kinds = [kind] if kind else list(KINDS)
        readings = _node_id_candidates(text) + [c for k in kinds for c in _node_id_candidates(f"{k}:{text}")]
        readings = [c for c in readings if c.kind in kinds]
        for candidate in readings:
            if self.exists(candidate):
                return candidate
        owners = self.nodes(self.canonical_ids(c.id for c in readings if c.kind == "dataset").values())
        if owners:
            return min(owners.values())
        found = self._by_name(text, kinds)
        if len(found) == 1:
            return found[0]
        what = " or ".join(kinds)
        if not found:
            msg = f"no {what} named {text!r} in the store"
            raise LookupFailedError(msg)
        listed = "\n  ".join(map(str, found[:10]))
        msg = f"{text!r} names {len(found)} nodes; give the full node id:\n  {listed}"
        raise LookupFailedError(msg)

    def exists(self, node: Node) -> bool:
        """Whether the store knows ``node``."""
        table = _table(node.kind)
        with self.engine.connect() as conn:
            query = lambda: select(func.count()).select_from(table).where(table.c.id == bindparam("id"))  # noqa: E731
            return bool(run(conn, ("exists", node.kind), query, {"id": node.id}).scalar() == 1)

    def _by_name(self, text: str, kinds: Sequence[str]) -> list[Node]:
        found: list[Node] = []
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self.engine.connect() as conn:
            for kind in kinds:
                table = _table(kind)
                exact = table.c.name == text
                suffix = or_(
                    table.c.name.like(f"%/{escaped}", escape="\\"), table.c.name.like(f"%.{escaped}", escape="\\")
                )
                query = select(table.c.namespace, table.c.name).order_by(table.c.namespace, table.c.name)
                rows = conn.execute(query.where(exact)).all() or conn.execute(query.where(suffix).limit(50)).all()
                found += [Node(kind, namespace, name) for namespace, name in rows]
            if "dataset" in kinds and not found:
                a, d = t.dataset_aliases, t.datasets
                query = select(d.c.namespace, d.c.name).join(a, a.c.dataset_id == d.c.id).distinct()
                query = query.order_by(d.c.namespace, d.c.name)
                suffix = or_(a.c.name.like(f"%/{escaped}", escape="\\"), a.c.name.like(f"%.{escaped}", escape="\\"))
                rows = (
                    conn.execute(query.where(a.c.name == text)).all()
                    or conn.execute(query.where(suffix).limit(50)).all()
                )
                found += [Node("dataset", namespace, name) for namespace, name in rows]
        return found

    def canonical_ids(self, dataset_ids: Iterable[str]) -> dict[str, str]:
        """The canonical dataset id of each of ``dataset_ids`` that is an alias (:mod:`headwater.lineage.aliases`).

        One query for any number of ids; ids that are no alias are left out.
        """
        a = t.dataset_aliases
        wanted = set(dataset_ids)
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            query = select(a.c.alias_id, a.c.dataset_id).where(t.among(conn.dialect.name, a.c.alias_id, wanted))
            return {row.alias_id: row.dataset_id for row in conn.execute(query)}

    def alias_named(self, text: str, dataset: Node) -> Node | None:
        """The alias of ``dataset`` that the Marquez node id ``text`` names (``dataset:ns:name``), else None."""
        readings = [c for c in _node_id_candidates(text) if c.kind == "dataset" and c != dataset]
        aliased = self.canonical_ids(c.id for c in readings)
        return next((c for c in readings if aliased.get(c.id) == dataset.id), None)

    def aliases(self, dataset: Node) -> list[Node]:
        """The other identities of ``dataset`` (its aliases), by namespace and name."""
        a = t.dataset_aliases
        query = select(a.c.namespace, a.c.name).where(a.c.dataset_id == dataset.id).order_by(a.c.namespace, a.c.name)
        with self.engine.connect() as conn:
            return [Node("dataset", namespace, name) for namespace, name in conn.execute(query)]

    def nodes(self, ids: Iterable[str]) -> dict[str, Node]:
        """Jobs and datasets by id."""
        wanted = set(ids)
        found: dict[str, Node] = {}
        if not wanted:
            return found
        with self.engine.connect() as conn:
            for kind in KINDS:
                table = _table(kind)
                query = lambda table=table: select(table.c.id, table.c.namespace, table.c.name).where(  # noqa: E731
                    among_keys(conn.dialect.name, table.c.id, "ids")
                )
                rest = wanted - found.keys()
                if not rest:
                    break
                rows = keyed(conn, ("nodes", kind), query, ids=rest)
                found.update({i: Node(kind, ns, name) for i, ns, name in rows})
        return found

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

    def job_infos(self, ids: Iterable[str] | None) -> list[JobInfo]:
        """The jobs with these ids (all when None), by namespace and name."""
        j = t.jobs
        rows = self._rows("job infos", lambda: select(j).order_by(j.c.namespace, j.c.name), j.c.id, ids)
        job_ids = [r.id for r in rows]
        facets = self.facets("job", job_ids)
        io = self._job_io(job_ids)
        latest = self._latest_runs(job_ids)
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

    def _latest_runs(self, job_ids: Sequence[str]) -> dict[str, RunInfo]:
        r = t.runs
        newest_first = (r.c.started_at.desc(), r.c.id)
        rank = func.row_number().over(partition_by=r.c.job_id, order_by=newest_first).label("rank")
        if not job_ids:
            return {}

        def query() -> ClauseElement:
            ranked = select(r, rank).where(among_keys(conn.dialect.name, r.c.job_id, "ids")).subquery()
            return select(ranked).where(ranked.c.rank == 1)

        with self.engine.connect() as conn:
            found = {row.job_id: row for row in keyed(conn, "latest run", query, ids=job_ids)}
        nodes = self.nodes(found)
        return {job_id: run_from_row(row, nodes[job_id]) for job_id, row in found.items()}

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
        """The current facets of jobs, datasets or runs (``kind``), by owner id and facet name."""
        table = {"job": t.job_facets, "dataset": t.dataset_facets, "run": t.run_facets}[kind]
        found: dict[str, dict[str, Any]] = {}
        if not owner_ids:
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
        edges = []
        for row in rows:
            job = Node("job", row.job_namespace, row.job_name)
            dataset = Node("dataset", row.dataset_namespace, row.dataset_name)
            origin, destination = (dataset, job) if row.direction == "input" else (job, dataset)
            edges.append(Edge(origin, destination, bool(row.static)))
        return sorted(edges, key=lambda e: (e.origin, e.destination))

    def _job_io(self, job_ids: Sequence[str]) -> dict[str, list[Edge]]:
        by_job: dict[str, list[Edge]] = {}
        for edge in self.edges(job_ids):
            job = edge.destination if edge.destination.kind == "job" else edge.origin
            by_job.setdefault(job.id, []).append(edge)
        return by_job

    # -- column lineage ---------------------------------------------------------------------------------------------

    def column_lineage(self, dataset: Node) -> list[ColumnStep]:
        """The dataset's current column-lineage edges (depth 1), by field."""
        return self.column_lineages([dataset]).get(dataset.id, [])

    def column_lineages(self, datasets: Sequence[Node]) -> dict[str, list[ColumnStep]]:
        """Each dataset's current column-lineage edges (depth 1), by field, by dataset id (one query per 500)."""
        c = t.column_edges
        by_id = {node.id: node for node in datasets}
        if not by_id:
            return {}
        with self.engine.connect() as conn:
            query = lambda: (  # noqa: E731
                select(c)
                .where(among_keys(conn.dialect.name, c.c.dataset_id, "ids"))
                .order_by(c.c.dataset_id, c.c.field, c.c.input_field)
            )
            rows = keyed(conn, "column lineages", query, ids=by_id.keys())
        nodes = self.nodes({r.input_dataset_id for r in rows})
        found: dict[str, list[ColumnStep]] = {}
        for row in rows:
            if row.input_dataset_id in nodes:
                found.setdefault(row.dataset_id, []).append(_step(1, by_id[row.dataset_id], row, nodes))
        return found

    def column_upstream(self, dataset: Node, field_name: str, *, indirect: bool = False) -> list[ColumnStep]:
        """Where ``field_name`` of ``dataset`` comes from, transitively, breadth first.

        With ``indirect``, fields that only filter, join, group or sort the rows (INDIRECT transformations, and the
        dataset-wide dependencies) count too; by default only fields whose values flow into it (DIRECT).
        """
        c = t.column_edges
        steps: list[ColumnStep] = []
        seen = {(dataset.id, field_name)}
        frontier = [(dataset.id, field_name)]
        depth = 0
        known: dict[str, Node] = {dataset.id: dataset}
        with self.engine.connect() as conn:
            while frontier:
                depth += 1
                rows: list[Any] = []
                for chunk in t.chunked(frontier):
                    keys = chunk + [(d, "") for d, _ in chunk] if indirect else chunk
                    query = select(c).where(tuple_(c.c.dataset_id, c.c.field).in_(keys))
                    rows += conn.execute(query if indirect else query.where(c.c.direct)).all()
                known.update(self.nodes({r.input_dataset_id for r in rows} - known.keys()))
                frontier = []
                for row in sorted(rows, key=lambda r: (r.dataset_id, r.field, r.input_dataset_id, r.input_field)):
                    if row.input_dataset_id not in known:
                        continue
                    steps.append(_step(depth, known[row.dataset_id], row, known))
                    target = (row.input_dataset_id, row.input_field)
                    if target not in seen:
                        seen.add(target)
                        frontier.append(target)
        return steps


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


def keyed(conn: Connection, name: object, build: Callable[[], ClauseElement], **keys: Collection[str]) -> list[Any]:
    """The rows of the read statement ``build()`` makes, each of ``keys`` a set of keys bound as one parameter.

    The statement is built and compiled once per dialect for ``name`` (:func:`.statements.run`), whatever the number
    of keys; ``build`` binds each key set with :func:`.statements.among_keys` under the keyword's name.
    """
    return list(run(conn, ("read", name), build, {k: keys_value(conn, v) for k, v in keys.items()}).all())


def _edges_query(where: ColumnElement[bool] | None) -> Select[Any]:
    """The job-dataset edges (``where`` them) with their jobs' and datasets' names: one query per step of a walk."""
    io, j, d = t.job_io, t.jobs, t.datasets
    query = (
        select(io.c.job_id, io.c.dataset_id, io.c.direction, io.c.static)
        .add_columns(j.c.namespace.label("job_namespace"), j.c.name.label("job_name"))
        .add_columns(d.c.namespace.label("dataset_namespace"), d.c.name.label("dataset_name"))
        .join(j, j.c.id == io.c.job_id)
        .join(d, d.c.id == io.c.dataset_id)
    )
    return query if where is None else query.where(where)


def _table(kind: str) -> Table:
    if kind not in KINDS:
        msg = f"node kind must be dataset or job, not {kind!r}"
        raise ValueError(msg)
    return t.datasets if kind == "dataset" else t.jobs


def _node_id_candidates(text: str) -> list[Node]:
    """Every (kind, namespace, name) reading of a Marquez node id; namespaces may contain ``:``."""
    kind, sep, rest = text.partition(":")
    if not sep or kind not in KINDS:
        return []
    return [Node(kind, rest[:i], rest[i + 1 :]) for i, char in enumerate(rest) if char == ":"]


def _parse(time: str) -> datetime:
    return datetime.fromisoformat(time.replace("Z", "+00:00"))


def run_from_row(row: Any, job: Node, facets: Mapping[str, Any] | None = None) -> RunInfo:  # noqa: ANN401 - a Row
    """The run a row of ``runs`` holds, of ``job``, with ``facets``."""
    return RunInfo(row.id, job, row.state, row.started_at, row.ended_at, row.parent_run_id, facets or {})


def version_from_row(row: Any) -> VersionInfo:  # noqa: ANN401 - a Row
    """The dataset version a row of ``dataset_versions`` holds."""
    return VersionInfo(row.id, row.seq, row.created_at, row.run_id, orjson.loads(row.content))


def _step(depth: int, dataset: Node, row: Any, nodes: Mapping[str, Node]) -> ColumnStep:  # noqa: ANN401
    transformations = tuple(orjson.loads(row.transformations))
    return ColumnStep(
        depth, dataset, row.field, nodes[row.input_dataset_id], row.input_field, bool(row.direct), transformations
    )
