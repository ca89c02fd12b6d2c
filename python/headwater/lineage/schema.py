"""The lineage store's tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

Conventions:

- ids of jobs and datasets are :func:`entity_id` (a hash of their namespace and name), so every
  writer computes the same id without asking the database; a run's id is its OpenLineage ``runId``.
- times are UTC ISO-8601 text with microseconds (``2025-01-31T12:00:00.123456Z``, :data:`TIME`): they sort as
  they compare, on both databases.
- a dataset named by another identity (a ``symlinks`` facet's, :mod:`headwater.lineage.aliases`) is stored once,
  under its canonical id; ``dataset_aliases`` maps the other identities to it.
- JSON (facets, events, version contents) is stored as text.
- facet bodies are content-addressed (:mod:`headwater.lineage.bodies`): ``facet_bodies`` holds each distinct facet
  once, keyed by the SHA-256 of its JSON text, and is only ever added to; the facet tables and the events refer to
  bodies by that hash.
- ``events`` keeps every distinct event received (its SHA-256 over canonical JSON makes the same event twice one
  row) as its skeleton: the event with its facets given by body hash; :meth:`headwater.lineage.reader.LineageReader.
  events` restores them. Everything else is derived from events by :mod:`headwater.lineage.ingest.apply`.

The tables are created and upgraded by the Alembic migrations in ``headwater/lineage/migrations``;
``tests/test_lineage_store.py`` checks that the migrations produce exactly these tables.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import TYPE_CHECKING, Final, TypeVar

import orjson
from sqlalchemy import (
    Boolean,
    Column,
    ColumnElement,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    any_,
    bindparam,
    false,
    func,
    select,
)
from sqlalchemy.dialects import postgresql

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Iterator

T = TypeVar("T")
_CHUNK: Final = 500

TIME: Final = String(32)
"""A UTC time as ``YYYY-MM-DDTHH:MM:SS.ffffffZ``."""

ID: Final = String(32)
"""A job's or dataset's id: :func:`entity_id`."""

RUN_ID: Final = String(64)
"""An OpenLineage runId (a UUID)."""

BODY: Final = String(64)
"""A facet body's key in ``facet_bodies``: :func:`headwater.lineage.bodies.body_hash`."""


metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "pk": "pk_%(table_name)s",
    }
)


def chunked(keys: Iterable[T]) -> Iterator[list[T]]:
    """``keys`` in lists of at most 500, for ``IN (...)`` lists under SQLite's and PostgreSQL's limits."""
    items = list(keys)
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def among(dialect: str, column: ColumnElement[str], keys: Collection[str]) -> ColumnElement[bool]:
    """``column`` is one of ``keys``, with all the keys in one bound parameter (any number of them).

    ``dialect`` is the connection's dialect name: on PostgreSQL ``column = ANY(:keys)`` (a text array), else (SQLite)
    ``column IN (SELECT value FROM json_each(:keys))`` (a JSON array). Unlike ``IN (...)``, the statement is the same
    for any number of keys, so it is compiled once and no per-key parameters are made.
    """
    if dialect == "postgresql":
        return column == any_(bindparam(None, list(keys), type_=postgresql.ARRAY(String)))
    values = func.json_each(bindparam(None, orjson.dumps(list(keys)).decode(), type_=Text)).table_valued("value")
    return column.in_(select(values.c.value))


@lru_cache(maxsize=65536)
def entity_id(kind: str, namespace: str, name: str) -> str:
    """The stable id of a job (``kind="job"``) or dataset (``kind="dataset"``): 32 hex digits.

    It is the BLAKE2b-128 of the kind, namespace and name.
    """
    return hashlib.blake2b(f"{kind}\x00{namespace}\x00{name}".encode(), digest_size=16).hexdigest()


events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True, comment="ingest order"),
    Column("event_hash", String(64), nullable=False, unique=True, comment="SHA-256 of the canonical JSON"),
    Column("kind", String(16), nullable=False, comment="RunEvent, JobEvent or DatasetEvent"),
    Column("event_type", String(16), comment="START, RUNNING, COMPLETE, ABORT, FAIL, OTHER (RunEvents)"),
    Column("event_time", TIME, nullable=False),
    Column("job_id", ID),
    Column("run_id", RUN_ID),
    Column("dataset_id", ID, comment="the dataset of a DatasetEvent"),
    Column("skeleton", Text, nullable=False, comment="the event, its facets given by body hash (JSON)"),
    Index(None, "job_id"),
    Index(None, "run_id"),
    Index(None, "event_time", "id"),
)


def _entity_table(name: str, *columns: Column[str]) -> Table:
    """A table of jobs or datasets: id, namespace, name, ``columns``, and the event times seen."""
    return Table(
        name,
        metadata,
        Column("id", ID, primary_key=True),
        Column("namespace", Text, nullable=False),
        Column("name", Text, nullable=False),
        *columns,
        Column("created_at", TIME, nullable=False, comment="earliest event time seen"),
        Column("updated_at", TIME, nullable=False, comment="latest event time seen"),
        UniqueConstraint("namespace", "name"),
    )


jobs = _entity_table(
    "jobs",
    Column("definition_kind", String(16), comment="what defines the job now: job_event or run"),
    Column("definition_run_id", RUN_ID, comment="the run, when definition_kind is run"),
    Column("definition_time", TIME, comment="event time of the current definition"),
)
Index(None, jobs.c.namespace, jobs.c.updated_at)
Index(None, jobs.c.updated_at)

datasets = _entity_table("datasets", Column("current_version_id", ID))

dataset_aliases = Table(
    "dataset_aliases",
    metadata,
    Column("alias_id", ID, primary_key=True, comment="entity_id of the alias's namespace and name"),
    Column("namespace", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("dataset_id", ID, nullable=False, comment="the dataset (a row of datasets) the alias names"),
    Column("claimed_at", TIME, nullable=False, comment="event time of the latest symlinks facet claiming it"),
    Index(None, "dataset_id"),
    Index(None, "name"),
)
"""Other identities of datasets: the ones a ``symlinks`` facet names (:mod:`headwater.lineage.aliases`).

An alias has no row of its own in ``datasets``: events naming it are stored on the dataset it names."""

runs = Table(
    "runs",
    metadata,
    Column("id", RUN_ID, primary_key=True),
    Column("job_id", ID, nullable=False),
    Column("state", String(16), nullable=False, comment="the terminal state, else the latest state"),
    Column("state_time", TIME, nullable=False),
    Column("terminal", Boolean, nullable=False),
    Column("started_at", TIME, nullable=False, comment="earliest event time of the run"),
    Column("ended_at", TIME, comment="time of the terminal event"),
    Column("parent_run_id", RUN_ID),
    Column("updated_at", TIME, nullable=False, comment="latest event time of the run"),
    Index(None, "job_id", "started_at"),
    Index(None, "parent_run_id"),
)


facet_bodies = Table(
    "facet_bodies",
    metadata,
    Column("hash", BODY, primary_key=True, comment="SHA-256 of the body"),
    Column("body", Text, nullable=False, comment="the facet (JSON)"),
)


def _facet_table(name: str, owner: Column[str]) -> Table:
    """A table of one entity kind's current facets: the latest facet of each name (by event time)."""
    return Table(
        name,
        metadata,
        owner,
        Column("name", String(128), primary_key=True),
        Column("event_time", TIME, nullable=False),
        Column("body_hash", BODY, nullable=False, comment="the facet: its key in facet_bodies"),
    )


job_facets = _facet_table("job_facets", Column("owner_id", ID, primary_key=True))
dataset_facets = _facet_table("dataset_facets", Column("owner_id", ID, primary_key=True))
run_facets = _facet_table("run_facets", Column("owner_id", RUN_ID, primary_key=True))

job_io = Table(
    "job_io",
    metadata,
    Column("job_id", ID, primary_key=True),
    Column("dataset_id", ID, primary_key=True),
    Column("direction", String(8), primary_key=True, comment="input or output"),
    Column("static", Boolean, nullable=False, comment="declared by a JobEvent (true) or observed in a run"),
    Column(
        "application",
        Boolean,
        nullable=False,
        server_default=false(),
        comment="observed in a run with application lineage (the application view's edge)",
    ),
    Index(None, "dataset_id"),
)

run_io = Table(
    "run_io",
    metadata,
    Column("run_id", RUN_ID, primary_key=True),
    Column("dataset_id", ID, primary_key=True),
    Column("direction", String(8), primary_key=True, comment="input or output"),
    Column("event_time", TIME, nullable=False),
    Column("facets", Text, nullable=False, comment="inputFacets or outputFacets of the latest event (JSON)"),
    Index(None, "dataset_id"),
)

dataset_writes = Table(
    "dataset_writes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("dataset_id", ID, nullable=False),
    Column("event_time", TIME, nullable=False),
    Column("run_id", RUN_ID, comment="the writing run; null for a DatasetEvent"),
    Column("content", Text, nullable=False, comment="schema fields, source and lifecycle state it states (JSON)"),
    Index(None, "dataset_id", "event_time"),
)

dataset_versions = Table(
    "dataset_versions",
    metadata,
    Column("id", ID, primary_key=True),
    Column("dataset_id", ID, nullable=False),
    Column("seq", Integer, nullable=False, comment="1, 2, ... in event-time order"),
    Column("created_at", TIME, nullable=False),
    Column("run_id", RUN_ID, comment="the run that wrote it; null for a DatasetEvent's version"),
    Column("content", Text, nullable=False, comment="schema fields, source, lifecycle state (JSON)"),
    UniqueConstraint("dataset_id", "seq"),
    Index(None, "dataset_id", "created_at", "seq"),
    Index(None, "run_id"),
)

column_edges = Table(
    "column_edges",
    metadata,
    Column("dataset_id", ID, primary_key=True),
    Column("field", Text, primary_key=True, comment="the output field; empty for a dataset-wide dependency"),
    Column("input_dataset_id", ID, primary_key=True),
    Column("input_field", Text, primary_key=True),
    Column("direct", Boolean, nullable=False, comment="some transformation is DIRECT (values flow)"),
    Column("transformations", Text, nullable=False, comment="the facet's transformations (JSON list)"),
    Index(None, "input_dataset_id"),
)

application_lineage = Table(
    "application_lineage",
    metadata,
    Column("job_id", ID, primary_key=True, comment="the application's job"),
    Column("dataset_id", ID, primary_key=True, comment="an output of the application"),
    Column("event_time", TIME, nullable=False),
    Column("body_hash", BODY, nullable=False, comment="the composed columnLineage facet: its key in facet_bodies"),
    Index(None, "dataset_id"),
)
"""The application view's column lineage (:mod:`headwater.lineage.applications`): the latest ``columnLineage`` facet
an application run (one with the ``headwater_applicationLineage`` run facet) stated on each of its outputs, composed
through the application's intermediate datasets. It is kept apart from the dataset's own facet and ``column_edges``,
which stay what the step that wrote the dataset stated."""
