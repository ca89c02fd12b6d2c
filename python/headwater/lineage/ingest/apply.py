"""Applying a batch of valid events to the store, in one transaction, with the rules of :mod:`.semantics`.

A batch is written with a few bulk statements per table instead of statements per event: events already stored
(same canonical hash) are dropped first, so the same event twice changes nothing; facet bodies the store does not
have yet are added (content-addressed: each distinct body once); facets and run inputs/outputs are
upserted only when not older than what is stored; runs, job definitions and dataset versions are read for the
batch's keys, merged in Python, and written back; dataset versions by :mod:`.versions`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import Connection, Table, bindparam, case, delete, select, update

from headwater.lineage import schema as t
from headwater.lineage.aliases import resolve_batch
from headwater.lineage.semantics import (
    APPLICATION_FACET,
    Entity,
    EventFacts,
    RunState,
    column_lineage_inputs,
    dumps,
)
from headwater.lineage.statements import among_batch, batch_keys, dialect_insert, run, run_many
from headwater.lineage.versions import update_versions

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence
    from collections.abc import Set as AbstractSet


@dataclass(frozen=True)
class BatchResult:
    """What :func:`apply_batch` wrote: ``stored`` new events, and the hashes of the facet ``bodies`` it added.

    ``events`` holds the hashes of the new events (by which a group of batches tells each batch its own count).
    """

    stored: int
    bodies: frozenset[str]
    events: frozenset[str] = frozenset()


def apply_batch(
    conn: Connection, batch: Sequence[EventFacts], stored_bodies: AbstractSet[str] = frozenset()
) -> BatchResult:
    """Store ``batch`` (valid events' facts) through ``conn`` inside its transaction.

    ``stored_bodies`` are hashes of facet bodies known to be in the store already (committed; bodies are never
    deleted), which are not sent again.
    """
    fresh = _new_events(conn, batch)
    if not fresh:
        return BatchResult(0, frozenset())
    resolution = resolve_batch(conn, fresh)  # every dataset by its canonical identity from here on
    lineage_before = _column_lineage_bodies(conn, {d for f in fresh for d in f.column_lineage})
    bodies = _insert_bodies(conn, fresh, stored_bodies)
    run_many(conn, "events", t.events.insert, [_event_row(f) for f in fresh])
    _upsert_entities(conn, fresh)
    _upsert_facets(conn, fresh)
    touched_runs = _merge_runs(conn, fresh)
    _upsert_run_io(conn, fresh)
    update_versions(conn, [w for f in fresh for w in f.writes], resolution.rebuild)
    _update_job_definitions(conn, fresh, touched_runs)
    _rebuild_column_edges(conn, fresh, lineage_before, resolution.renamed)
    _upsert_application_lineage(conn, fresh)
    return BatchResult(len(fresh), bodies, frozenset(f.hash for f in fresh))


def _new_events(conn: Connection, batch: Sequence[EventFacts]) -> list[EventFacts]:
    hashes = {f.hash for f in batch}
    query = lambda: select(t.events.c.event_hash).where(among_batch(conn, t.events.c.event_hash))  # noqa: E731
    seen = set(run(conn, "seen events", query, batch_keys(conn, hashes)).scalars())
    fresh = []
    for facts in batch:
        if facts.hash not in seen:
            seen.add(facts.hash)
            fresh.append(facts)
    return fresh


def _insert_bodies(conn: Connection, fresh: Sequence[EventFacts], stored: AbstractSet[str]) -> frozenset[str]:
    """Add the facet bodies of ``fresh`` that are not in ``stored`` (and not in the store); returns their hashes."""
    bodies = {key: body for facts in fresh for key, body in facts.bodies.items() if key not in stored}
    insert = lambda: dialect_insert(conn, t.facet_bodies).on_conflict_do_nothing(  # noqa: E731
        index_elements=[t.facet_bodies.c.hash]
    )
    run_many(conn, "facet bodies", insert, [{"hash": key, "body": body} for key, body in bodies.items()])
    return frozenset(bodies)


def _event_row(facts: EventFacts) -> dict[str, Any]:
    return {
        "event_hash": facts.hash, "kind": facts.kind, "event_type": facts.event_type, "event_time": facts.time,
        "job_id": facts.job.id if facts.job else None, "run_id": facts.run_id,
        "dataset_id": facts.dataset.id if facts.dataset else None, "skeleton": facts.skeleton,
    }  # fmt: skip


def _upsert_entities(conn: Connection, fresh: Sequence[EventFacts]) -> None:
    """Insert new jobs and datasets; widen created_at/updated_at of known ones."""
    jobs: dict[str, tuple[Entity, str, str]] = {}
    datasets: dict[str, tuple[Entity, str, str]] = {}
    for facts in fresh:
        time = facts.time
        if facts.job:
            _widen(jobs, facts.job, time)
        for entity in facts.entities.values():
            _widen(datasets, entity, time)
    for table, found in ((t.jobs, jobs), (t.datasets, datasets)):
        if not found:
            continue
        rows = [
            {"id": e.id, "namespace": e.namespace, "name": e.name, "created_at": low, "updated_at": high}
            for e, low, high in found.values()
        ]
        run_many(conn, ("entities", table.name), partial(_widening_upsert, conn, table), rows)


def _widening_upsert(conn: Connection, table: Table) -> Any:  # noqa: ANN401 - the dialect's Insert
    """Insert a job or dataset, or widen the stored one's created_at/updated_at to the row's."""
    stmt = dialect_insert(conn, table)
    new = stmt.excluded
    return stmt.on_conflict_do_update(
        index_elements=[table.c.id],
        set_={
            "created_at": case((new.created_at < table.c.created_at, new.created_at), else_=table.c.created_at),
            "updated_at": case((new.updated_at > table.c.updated_at, new.updated_at), else_=table.c.updated_at),
        },
    )


def _widen(seen: dict[str, tuple[Entity, str, str]], entity: Entity, time: str) -> None:
    """Record ``entity`` as named at ``time``: (entity, earliest time, latest time) by id."""
    known = seen.get(entity.id)
    if known is None:
        seen[entity.id] = (entity, time, time)
    elif time < known[1] or time > known[2]:
        seen[entity.id] = (entity, min(known[1], time), max(known[2], time))


def _upsert_facets(conn: Connection, fresh: Sequence[EventFacts]) -> None:
    """The latest facet of each name per owner: replaces the stored one unless that one is newer."""
    tables = {"job": t.job_facets, "dataset": t.dataset_facets, "run": t.run_facets}
    latest: dict[str, dict[tuple[str, str], tuple[str, str]]] = {name: {} for name in tables}
    for facts in sorted(fresh, key=lambda f: f.time):  # stable: arrival order breaks ties
        time = facts.time
        for table, owner, bodies in facts.facets:
            into = latest[table]
            for name, body in bodies.items():
                into[owner, name] = (time, body)
    for table_name, found in latest.items():
        rows = [
            {"owner_id": owner, "name": name, "event_time": time, "body_hash": body}
            for (owner, name), (time, body) in found.items()
        ]
        if rows:
            _upsert_if_not_older(conn, tables[table_name], rows, ["owner_id", "name"])


def _upsert_if_not_older(conn: Connection, table: Table, rows: list[dict[str, Any]], keys: list[str]) -> None:
    def upsert() -> Any:  # noqa: ANN401 - the dialect's Insert
        stmt = dialect_insert(conn, table)
        return stmt.on_conflict_do_update(
            index_elements=[table.c[k] for k in keys],
            set_={c.name: stmt.excluded[c.name] for c in table.columns if c.name not in keys},
            where=table.c.event_time <= stmt.excluded.event_time,
        )

    run_many(conn, ("upsert if not older", table.name), upsert, rows)


def _merge_runs(conn: Connection, fresh: Sequence[EventFacts]) -> set[str]:
    """Merge the batch's RunEvents into their runs' stored state; returns the run ids touched."""
    run_events = [(f.run_id, f.job.id, f) for f in fresh if f.run_id is not None and f.job is not None]
    ids = {run_id for run_id, _, _ in run_events}
    if not ids:
        return set()
    states: dict[str, RunState] = {}
    columns = [t.runs.c[name] for name in RunState.__dataclass_fields__]
    for row in run(conn, "runs", lambda: select(*columns).where(among_batch(conn, t.runs.c.id)), batch_keys(conn, ids)):
        states[row.id] = RunState(*row)
    for run_id, job_id, facts in run_events:
        state = states.get(run_id)
        if state is None:
            states[run_id] = RunState.first(run_id, job_id, facts)
        else:
            state.merge(facts)

    def upsert() -> Any:  # noqa: ANN401 - the dialect's Insert
        stmt = dialect_insert(conn, t.runs)
        set_ = {c.name: stmt.excluded[c.name] for c in t.runs.columns if c.name != "id"}
        return stmt.on_conflict_do_update(index_elements=[t.runs.c.id], set_=set_)

    run_many(conn, "runs", upsert, [vars(s) for s in states.values()])
    return ids


def _upsert_application_lineage(conn: Connection, fresh: Sequence[EventFacts]) -> None:
    """The latest composed ``columnLineage`` facet of each application job and output (``application_lineage``)."""
    latest = {
        (facts.job.id, dataset_id): {"job_id": facts.job.id, "dataset_id": dataset_id, "event_time": facts.time,
                                     "body_hash": body}
        for facts in sorted(fresh, key=lambda f: f.time)
        if facts.job is not None
        for dataset_id, body in facts.application_lineage.items()
    }  # fmt: skip
    if latest:
        _upsert_if_not_older(conn, t.application_lineage, list(latest.values()), ["job_id", "dataset_id"])


def _upsert_run_io(conn: Connection, fresh: Sequence[EventFacts]) -> None:
    latest: dict[tuple[str, str, str], tuple[str, str]] = {}
    for facts in sorted(fresh, key=lambda f: f.time):
        if facts.run_id is None:
            continue
        for io in facts.io:
            latest[facts.run_id, io.dataset_id, io.direction] = (facts.time, io.facets)
    rows = [
        {"run_id": run_id, "dataset_id": dataset_id, "direction": direction, "event_time": time, "facets": facets}
        for (run_id, dataset_id, direction), (time, facets) in latest.items()
    ]
    if rows:
        _upsert_if_not_older(conn, t.run_io, rows, ["run_id", "dataset_id", "direction"])


@dataclass(frozen=True)
class _Definition:
    """A job's new current definition: ``kind`` job_event (with its ``declared`` io) or run (io read from run_io)."""

    kind: str
    run_id: str | None
    time: str
    declared: tuple[tuple[str, str], ...]


def _update_job_definitions(conn: Connection, fresh: Sequence[EventFacts], touched_runs: set[str]) -> None:
    """Make the latest JobEvent or run of each job its current definition, and rewrite its input/output edges."""
    changed = _new_definitions(conn, fresh, touched_runs)
    if not changed:
        return
    run_io: dict[str, set[tuple[str, str]]] = defaultdict(set)
    defining_runs = {d.run_id for d in changed.values() if d.run_id is not None}
    applications: set[str] = set()
    if defining_runs:
        io, f = t.run_io, t.run_facets
        query = lambda: select(io.c.run_id, io.c.dataset_id, io.c.direction).where(among_batch(conn, io.c.run_id))  # noqa: E731
        for run_id, dataset_id, direction in run(conn, "run io", query, batch_keys(conn, defining_runs)):
            run_io[run_id].add((dataset_id, direction))
        query = lambda: select(f.c.owner_id).where(among_batch(conn, f.c.owner_id), f.c.name == APPLICATION_FACET)  # noqa: E731
        applications.update(run(conn, "application runs", query, batch_keys(conn, defining_runs)).scalars())
    wanted = {
        (job_id, dataset_id, direction): (d.kind == "job_event", d.run_id in applications)
        for job_id, d in changed.items()
        for dataset_id, direction in (run_io[d.run_id] if d.run_id else set(d.declared))
    }
    _replace_job_edges(conn, changed, wanted)
    set_definition = lambda: (  # noqa: E731
        update(t.jobs)
        .where(t.jobs.c.id == bindparam("key"))
        .values(
            definition_kind=bindparam("kind"), definition_run_id=bindparam("run"), definition_time=bindparam("time")
        )
    )
    rows = [{"key": job, "kind": d.kind, "run": d.run_id, "time": d.time} for job, d in changed.items()]
    run_many(conn, "job definitions", set_definition, rows)


def _replace_job_edges(
    conn: Connection, jobs: Collection[str], wanted: Mapping[tuple[str, str, str], tuple[bool, bool]]
) -> None:
    """Make ``wanted`` ((static, application) by (job, dataset, direction)) the input/output edges of ``jobs``.

    Only the edges that differ from the stored ones are deleted and inserted: a job's next run mostly reads and
    writes what its last one did, so most definitions change nothing but their time.
    """
    io = t.job_io
    query = lambda: (  # noqa: E731
        select(io.c.job_id, io.c.dataset_id, io.c.direction, io.c.static, io.c.application).where(
            among_batch(conn, io.c.job_id)
        )
    )
    stored = {
        (job_id, dataset_id, direction): (bool(static), bool(application))
        for job_id, dataset_id, direction, static, application in run(conn, "job io", query, batch_keys(conn, jobs))
    }
    names = ("job_id", "dataset_id", "direction")
    gone = [dict(zip(names, key, strict=True)) for key, flags in stored.items() if wanted.get(key) != flags]
    same_edge = (io.c.job_id == bindparam("job_id")) & (io.c.dataset_id == bindparam("dataset_id"))
    run_many(conn, "job io gone", lambda: delete(io).where(same_edge, io.c.direction == bindparam("direction")), gone)
    added = [
        {**dict(zip(names, key, strict=True)), "static": static, "application": application}
        for key, (static, application) in wanted.items()
        if stored.get(key) != (static, application)
    ]
    run_many(conn, "job io added", io.insert, added)


def _new_definitions(conn: Connection, fresh: Sequence[EventFacts], touched_runs: set[str]) -> dict[str, _Definition]:
    """The jobs whose definition the batch replaces or extends, with their definition.

    A newer JobEvent or run replaces a job's definition; more events of the run that defines it extend it.
    """
    candidates: dict[str, EventFacts] = {}
    for facts in sorted(fresh, key=lambda f: f.time):
        if facts.job is not None and facts.kind in ("RunEvent", "JobEvent"):
            candidates[facts.job.id] = facts
    stored: dict[str, Any] = {}
    j = t.jobs
    if candidates:
        query = lambda: (  # noqa: E731
            select(j.c.id, j.c.definition_kind, j.c.definition_run_id, j.c.definition_time).where(
                among_batch(conn, j.c.id)
            )
        )
        stored.update({row.id: row for row in run(conn, "definitions", query, batch_keys(conn, candidates))})
    changed: dict[str, _Definition] = {}
    for job_id, facts in candidates.items():
        row = stored[job_id]
        if row.definition_time is None or facts.time >= row.definition_time:
            declared = tuple((io.dataset_id, io.direction) for io in facts.io)
            kind = "run" if facts.kind == "RunEvent" else "job_event"
            changed[job_id] = _Definition(kind, facts.run_id, facts.time, declared)
        elif row.definition_kind == "run" and row.definition_run_id in touched_runs:
            changed[job_id] = _Definition("run", row.definition_run_id, row.definition_time, ())
    return changed


def _column_lineage_bodies(conn: Connection, dataset_ids: set[str]) -> dict[str, str]:
    """The body hash of the stored ``columnLineage`` facet of each of these datasets that has one."""
    f = t.dataset_facets
    found: dict[str, str] = {}
    if dataset_ids:
        query = lambda: (  # noqa: E731
            select(f.c.owner_id, f.c.body_hash).where(among_batch(conn, f.c.owner_id), f.c.name == "columnLineage")
        )
        found.update(
            (owner, body) for owner, body in run(conn, "column lineage bodies", query, batch_keys(conn, dataset_ids))
        )
    return found


def _rebuild_column_edges(
    conn: Connection, fresh: Sequence[EventFacts], before: Mapping[str, str], renamed: Mapping[str, str]
) -> None:
    """Column-lineage edges anew for the datasets whose ``columnLineage`` facet this batch replaced with another one.

    ``before`` has the body hashes of the facets stored before the batch: a facet replaced by the same body keeps
    its edges. ``renamed`` gives the canonical id of input datasets named by an alias.
    """
    latest: dict[str, tuple[str, str, str]] = {}
    for facts in sorted(fresh, key=lambda f: f.time):
        for dataset_id, body in facts.column_lineage.items():
            latest[dataset_id] = (facts.time, body, facts.bodies[body])
    if not latest:
        return
    f = t.dataset_facets
    query = lambda: (  # noqa: E731
        select(f.c.owner_id, f.c.event_time).where(among_batch(conn, f.c.owner_id), f.c.name == "columnLineage")
    )
    replaced = [
        owner
        for owner, time in run(conn, "column lineage times", query, batch_keys(conn, latest))
        if time == latest[owner][0] and before.get(owner) != latest[owner][1]
    ]
    edges: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    if replaced:
        edges_of = lambda: delete(t.column_edges).where(among_batch(conn, t.column_edges.c.dataset_id))  # noqa: E731
        run(conn, "column edges replaced", edges_of, batch_keys(conn, replaced))
    for dataset_id in replaced:
        for output_field, source in column_lineage_inputs(orjson.loads(latest[dataset_id][2])):
            source_id = t.entity_id("dataset", source["namespace"], source["name"])
            source_id = renamed.get(source_id, source_id)
            transformations = source.get("transformations") or []
            direct = not transformations or any(x.get("type") == "DIRECT" for x in transformations)
            edges[(dataset_id, output_field, source_id, source["field"])] = {
                "dataset_id": dataset_id, "field": output_field, "input_dataset_id": source_id,
                "input_field": source["field"], "direct": direct, "transformations": dumps(transformations),
            }  # fmt: skip
    run_many(conn, "column edges", t.column_edges.insert, list(edges.values()))
