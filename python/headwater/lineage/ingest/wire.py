"""Prepared events as compact rows: :class:`~headwater.lineage.semantics.EventFacts` across a process boundary.

Pickling the facts objects themselves costs more than preparing them (measured at about 150 µs to send and 200 µs
to receive an event of 16 KB: every dataclass and named tuple goes through its class's reduce protocol, and every
event carries its own copy of facet bodies that most events of a batch share). :func:`encode` turns a batch of facts
into builtin values only (str, tuples, dicts and None), which pickle writes and reads in C, with each distinct facet
body, body hash and dataset once per batch; :func:`decode` makes equal facts again.

One event's row, in this order: hash, kind, event_type, time, skeleton, its body hashes (tuple), job (id, namespace,
name) or None, run_id, parent_run_id, dataset (id, namespace, name) or None, entities (tuple of (id, namespace,
name)), facets (tuple of (table, owner, {facet name: body hash})), io (tuple of (dataset_id, direction, facets
JSON)), writes (tuple of (dataset_id, time, run_id, content)), column_lineage ({dataset_id: body hash} or None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from headwater.lineage.semantics import Entity, EventFacts, Facets, Io, Write

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

EntityRow = tuple[str, str, str]
FactsRow = tuple[Any, ...]
"""One event's facts as builtin values (see the module docstring for the fields)."""


@dataclass(frozen=True)
class EncodedFacts:
    """A batch of events' facts as rows.

    Attributes:
        bodies: each distinct facet body (JSON text) by hash.
        rows: one per event, in order (see the module docstring).
    """

    bodies: dict[str, str]
    rows: list[FactsRow]


def encode(batch: Sequence[EventFacts]) -> EncodedFacts:
    """``batch`` as rows of builtin values (order kept).

    Equal values of different events are made the same object (each facet body hash, each ``{facet name: body
    hash}`` map, each dataset), so pickle writes them once per batch and its reader makes them once.
    """
    bodies: dict[str, str] = {}
    hashes: dict[str, str] = {}
    maps: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
    entities: dict[str, EntityRow] = {}
    rows: list[FactsRow] = []

    def refs(named: Mapping[str, str]) -> dict[str, str]:
        key = tuple(named.items())
        found = maps.get(key)
        if found is None:
            found = maps[key] = {name: hashes.setdefault(body, body) for name, body in key}
        return found

    def entity(e: Entity) -> EntityRow:
        found = entities.get(e.id)
        if found is None:
            found = entities[e.id] = (e.id, e.namespace, e.name)
        return found

    for f in batch:
        for key, body in f.bodies.items():
            if key not in bodies:
                bodies[hashes.setdefault(key, key)] = body
        rows.append((
            f.hash, f.kind, f.event_type, f.time, f.skeleton, tuple(hashes[key] for key in f.bodies),
            entity(f.job) if f.job else None, f.run_id, f.parent_run_id, entity(f.dataset) if f.dataset else None,
            tuple(entity(e) for e in f.entities.values()),
            tuple((x.table, x.owner, refs(x.bodies)) for x in f.facets),
            tuple(tuple(io) for io in f.io),
            tuple(tuple(w) for w in f.writes),
            refs(f.column_lineage) if f.column_lineage else None,
        ))  # fmt: skip
    return EncodedFacts(bodies, rows)


def decode(encoded: EncodedFacts) -> list[EventFacts]:
    """The facts :func:`encode` was given (equal objects, in the same order; equal maps and datasets shared)."""
    bodies = encoded.bodies
    entities: dict[EntityRow, Entity] = {}

    def entity(row: EntityRow) -> Entity:
        found = entities.get(row)
        if found is None:
            found = entities[row] = Entity(*row)
        return found

    batch = []
    for row in encoded.rows:
        (event_hash, kind, event_type, time, skeleton, keys, job, run_id, parent, dataset, named, facets, io,
         writes, column_lineage) = row  # fmt: skip
        batch.append(
            EventFacts(
                event_hash,
                kind,
                event_type,
                time,
                skeleton,
                {key: bodies[key] for key in keys},
                job=entity(job) if job else None,
                run_id=run_id,
                parent_run_id=parent,
                dataset=entity(dataset) if dataset else None,
                entities={e[0]: entity(e) for e in named},
                facets=[Facets(*x) for x in facets],
                io=[Io(*x) for x in io],
                writes=[Write(*x) for x in writes],
                column_lineage=dict(column_lineage) if column_lineage else {},
            )
        )
    return batch
