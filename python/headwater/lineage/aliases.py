"""One dataset under several identities: the ``symlinks`` facet's aliases, resolved when events are stored.

A catalog table has a physical identity (its location: ``file:/warehouse/db/t``) and a table identity (``db.t`` in
the catalog's namespace). Headwater and openlineage-spark name it by location with a ``symlinks`` facet naming the
table; Headwater's opt-in table-name identity names it by table with the location as its symlink; Airflow's SQL
operators, dbt or Trino name it by table only. The store makes them one dataset:

- **Canonical identity**: the physical one (:func:`headwater.lineage.semantics.symlink_aliases`): a dataset's name
  is its physical name in OpenLineage's naming, and DESIGN.md's consumer semantics ("a changed physical name is a new
  dataset") keep holding. The dataset's row in ``datasets`` and everything derived (facets, versions, edges, column
  lineage) is under that identity; the others are rows of ``dataset_aliases`` pointing at it.
- **At ingest** every dataset an event names is renamed to its canonical identity before the event is applied, by
  the aliases stored and those the batch's own ``symlinks`` facets claim: one query per batch.
- **An alias seen before its owner** (events naming ``db.t`` stored before any event said it is a symlink of a
  location) had a dataset of its own; the first claim merges it into the canonical dataset (facets by event time,
  edges, run inputs and outputs, column lineage, writes; the versions are rebuilt from all the writes).
- **Two datasets claiming one alias** (a table re-created at another location): the claim of the latest event time
  wins (equal times: the later arrival), for events stored from then on and for look-ups; what was stored under the
  earlier owner stays with it, as that location's history.

Readers find a dataset by any of its identities (:meth:`headwater.lineage.reader.LineageReader.resolve`,
:meth:`~headwater.lineage.reader.LineageReader.canonical_ids`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from sqlalchemy import Column, Connection, Table, delete, inspect, select, update

from headwater.lineage import schema as t
from headwater.lineage.semantics import Entity, EventFacts, Facets, Io
from headwater.lineage.statements import among_keys, keys_value, run

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

_MAX_HOPS: Final = 8


class Resolution(NamedTuple):
    """What :func:`resolve_batch` did.

    Attributes:
        rebuild: the canonical datasets that took over another dataset's writes, whose versions must be rebuilt.
        renamed: the canonical id of each dataset id the batch named that is an alias.
    """

    rebuild: set[str]
    renamed: dict[str, str]


def resolve_batch(conn: Connection, fresh: Sequence[EventFacts]) -> Resolution:
    """Store the aliases ``fresh`` claims, merge datasets that became aliases, rename ``fresh``'s datasets in place."""
    claims: dict[str, tuple[str, Entity, Entity]] = {}
    for facts in sorted(fresh, key=lambda f: f.time):  # stable: arrival order breaks ties
        for alias, canonical in facts.aliases:
            claims[alias.id] = (facts.time, alias, canonical)
    named = {i for f in fresh for i in f.entities} | claims.keys() | {c.id for _, _, c in claims.values()}
    return _apply_claims(conn, claims, named, fresh)


def record_claims(conn: Connection, claims: Iterable[tuple[str, Entity, Entity]]) -> set[str]:
    """Store (event time, alias, canonical) claims made outside an ingest (the migration building the aliases).

    Returns the canonical datasets whose versions must be rebuilt (:func:`resolve_batch`).
    """
    latest: dict[str, tuple[str, Entity, Entity]] = {}
    for claim in sorted(claims, key=lambda c: c[0]):
        latest[claim[1].id] = claim
    return _apply_claims(conn, latest, latest.keys() | {c.id for _, _, c in latest.values()}, []).rebuild


def _apply_claims(
    conn: Connection, claims: Mapping[str, tuple[str, Entity, Entity]], named: set[str], fresh: Sequence[EventFacts]
) -> Resolution:
    stored = _stored_aliases(conn, named)
    won = {a: claim for a, claim in claims.items() if a not in stored or claim[0] >= stored[a][0]}
    owner = {a: canonical for a, (_, canonical) in stored.items()} | {a: c for a, (_, _, c) in won.items()}

    def final(entity: Entity) -> Entity:
        seen = {entity.id}
        for _ in range(_MAX_HOPS):
            following = owner.get(entity.id)
            if following is None or following.id in seen:
                break
            seen.add(following.id)
            entity = following
        return entity

    changed = {a: (time, alias, final(canonical)) for a, (time, alias, canonical) in won.items()}
    changed = {a: claim for a, claim in changed.items() if claim[2].id != a}
    if changed:
        a = t.dataset_aliases
        conn.execute(delete(a).where(t.among(conn.dialect.name, a.c.alias_id, changed)))
        rows = [
            {"alias_id": key, "namespace": alias.namespace, "name": alias.name, "dataset_id": canonical.id,
             "claimed_at": time}
            for key, (time, alias, canonical) in changed.items()
        ]  # fmt: skip
        conn.execute(a.insert(), rows)
    rebuild = _merge(conn, {key: canonical for key, (_, _, canonical) in changed.items()})
    renamed = {i: final(owner[i]) for i in named if i in owner}
    for facts in fresh:
        _rename(facts, renamed)
    return Resolution(rebuild, {i: e.id for i, e in renamed.items()})


def _stored_aliases(conn: Connection, ids: Iterable[str]) -> dict[str, tuple[str, Entity]]:
    """The stored aliases among ``ids``: (claim time, canonical dataset) by alias id, in one query."""
    a, d = t.dataset_aliases, t.datasets
    query = lambda: (  # noqa: E731
        select(a.c.alias_id, a.c.claimed_at, d.c.id, d.c.namespace, d.c.name)
        .join(d, d.c.id == a.c.dataset_id)
        .where(among_keys(conn.dialect.name, a.c.alias_id, "keys"))
    )
    rows = run(conn, "stored aliases", query, {"keys": keys_value(conn, set(ids))})
    return {alias_id: (claimed_at, Entity(i, ns, name)) for alias_id, claimed_at, i, ns, name in rows}


def _rename(facts: EventFacts, renamed: Mapping[str, Entity]) -> None:
    """Name every dataset of ``facts`` by its canonical identity."""
    if not renamed:
        return

    def key(dataset_id: str) -> str:
        found = renamed.get(dataset_id)
        return dataset_id if found is None else found.id

    facts.entities = {key(i): renamed.get(i, e) for i, e in facts.entities.items()}
    if facts.dataset is not None:
        facts.dataset = renamed.get(facts.dataset.id, facts.dataset)
    facts.io = [Io(key(io.dataset_id), io.direction, io.facets) for io in facts.io]
    facts.writes = [w._replace(dataset_id=key(w.dataset_id)) for w in facts.writes]
    facts.facets = [Facets(f.table, key(f.owner), f.bodies) if f.table == "dataset" else f for f in facts.facets]
    facts.column_lineage = {key(i): body for i, body in facts.column_lineage.items()}
    facts.application_lineage = {key(i): body for i, body in facts.application_lineage.items()}


def _merge(conn: Connection, into: Mapping[str, Entity]) -> set[str]:
    """Move the stored datasets among ``into``'s keys (aliases now) into their canonical dataset.

    Returns the canonical datasets that received writes (their versions are rebuilt by the caller).
    """
    d = t.datasets
    if not into:
        return set()
    ids = into.keys() | {c.id for c in into.values()}
    query = select(d.c.id, d.c.created_at, d.c.updated_at).where(t.among(conn.dialect.name, d.c.id, ids))
    rows = {i: (low, high) for i, low, high in conn.execute(query)}
    rebuild = set()
    stored = _stored_columns(conn)
    for alias_id, canonical in into.items():
        old = rows.pop(alias_id, None)
        if old is None:
            continue  # only ever named through the alias table: nothing stored under it
        target = rows.get(canonical.id)
        if target is None:  # the canonical dataset is new: the alias's row becomes it
            conn.execute(update(d).where(d.c.id == alias_id).values(id=canonical.id, namespace=canonical.namespace,
                                                                     name=canonical.name))  # fmt: skip
            rows[canonical.id] = old
        else:
            low, high = rows[canonical.id] = min(old[0], target[0]), max(old[1], target[1])
            conn.execute(update(d).where(d.c.id == canonical.id).values(created_at=low, updated_at=high))
            conn.execute(delete(d).where(d.c.id == alias_id))
        _move_rows(conn, alias_id, canonical.id, stored)
        rebuild.add(canonical.id)
    return rebuild


def _stored_columns(conn: Connection) -> dict[str, set[str]]:
    """The columns of each table the database has, by table name.

    Migration 0003 merges datasets with this module on the tables of its revision, which lack what later revisions
    added (``job_io.application``, ``application_lineage``): only what the database has is moved.
    """
    inspector = inspect(conn)
    return {name: {c["name"] for c in inspector.get_columns(name)} for name in inspector.get_table_names()}


def _move_rows(conn: Connection, old: str, new: str, stored: Mapping[str, set[str]]) -> None:
    """Re-key what is stored under dataset ``old`` to ``new``; on a clash, the row of the newer event is kept.

    ``stored`` has the columns of each table of the database (:func:`_stored_columns`).
    """
    f, io, c = t.dataset_facets, t.run_io, t.column_edges
    for column, newer in (
        (f.c.owner_id, f.c.event_time),
        (t.job_io.c.dataset_id, None),
        (io.c.dataset_id, io.c.event_time),
        (c.c.dataset_id, None),
        (c.c.input_dataset_id, None),
        (t.application_lineage.c.dataset_id, t.application_lineage.c.event_time),
    ):
        _move_keyed(conn, column, (old, new), newer, stored)
    for table in (t.dataset_writes, t.events):
        conn.execute(update(table).where(table.c.dataset_id == old).values(dataset_id=new))
    conn.execute(delete(t.dataset_versions).where(t.dataset_versions.c.dataset_id == old))
    a = t.dataset_aliases
    conn.execute(update(a).where(a.c.dataset_id == old).values(dataset_id=new))


def _move_keyed(
    conn: Connection,
    column: Column[str],
    ids: tuple[str, str],
    newer: Column[str] | None,
    stored: Mapping[str, set[str]],
) -> None:
    """Re-key the rows whose ``column`` (part of its table's primary key) is ``ids[0]`` to ``ids[1]``.

    Only the columns the database has (``stored``, by table name) are read and written; nothing of a table it lacks.

    A row that would clash with one already under ``new`` replaces it when ``newer`` (a time column) says it is not
    older, else is dropped; with ``newer`` None the row already there stays.
    """
    old, new = ids
    table = column.table
    assert isinstance(table, Table)  # noqa: S101 - a column of the store's tables
    if table.name not in stored:
        return
    keys = list(table.primary_key.columns)
    columns = [c for c in table.columns if c.name in stored[table.name]]
    moved = [row._asdict() for row in conn.execute(select(*columns).where(column == old))]
    if not moved:
        return
    conn.execute(delete(table).where(column == old))
    for row in moved:
        row[column.name] = new
    under_new = [row._asdict() for row in conn.execute(select(*columns).where(column == new))]
    there = {tuple(row[k.name] for k in keys): row for row in under_new}
    insert = []
    for row in moved:
        clash = there.get(tuple(row[k.name] for k in keys))
        if clash is None:
            insert.append(row)
        elif newer is not None and clash[newer.name] <= row[newer.name]:
            same = [key == row[key.name] for key in keys]
            conn.execute(delete(table).where(*same))
            insert.append(row)
    if insert:
        conn.execute(table.insert(), insert)
