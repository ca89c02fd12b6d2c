"""The static-lineage consumer semantics, as pure functions over events (no database).

What an event says (:func:`facts_of`) and how a run's events merge into its state (:class:`RunState`); how a
dataset's writes fold into its versions is :class:`headwater.lineage.versions.VersionChain`.
:mod:`headwater.lineage.ingest.apply` applies them to the store. The rules (DESIGN.md, "Static lineage and tags", after
Marquez's static-lineage write-up):

- Every comparison is by event time, never by arrival order, so events may arrive in any order; equal times are
  broken by arrival order (the later one wins).
- A facet replaces the previous facet of the same name on the same job, dataset or run when its event is not older;
  an event without a facet of that name leaves it alone. The ``tags`` facet is a facet: the tags of the latest event
  that has one are the complete set.
- A run's state is its terminal state (COMPLETE, FAIL, ABORT) once one is seen, else its latest state; OTHER never
  changes it. It started at its earliest event and ended at its terminal event.
- A dataset version is made by each run that writes the dataset (one version per run, stating what the run's
  events state, the latest last), and by a DatasetEvent only when what it states about the schema fields, the
  source (the ``dataSource`` facet), or the lifecycle state differs from the current version; what the event leaves
  out is carried over; one that states none of them (a ``schema`` facet with no fields states no fields) makes
  none. (In OpenLineage naming the dataset's name is its physical name, so a new physical name is a new dataset.)
- A job's current definition (its input and output datasets) is that of its latest JobEvent or run: a JobEvent
  replaces it with the declared inputs and outputs (static edges), a run with everything its events read and wrote
  (observed edges).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

import orjson

from headwater.lineage.bodies import SplitEvent, split_event
from headwater.lineage.schema import entity_id

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

TERMINAL_STATES: Final = frozenset({"COMPLETE", "FAIL", "ABORT"})
"""RunEvent types that end a run."""

APPLICATION_FACET: Final = "headwater_applicationLineage"
"""The run facet of an application run with application lineage (docs/column-lineage.md, "The application as one
step"): its outputs' ``columnLineage`` facets are the application's, composed through its intermediate datasets."""

VERSION_FACETS: Final = ("schema", "dataSource", "lifecycleStateChange")
"""The dataset facets that define a version (:func:`version_content`)."""

K = TypeVar("K")
V = TypeVar("V")
_MEMO_SIZE: Final = 16384
_LINEAGE_SOURCES: Final[dict[str, tuple[Entity, ...]]] = {}  # columnLineage body hash -> _lineage_sources
_VERSION_CONTENTS: Final[dict[tuple[str | None, ...], dict[str, Any]]] = {}  # VERSION_FACETS' hashes -> content
_PLAIN_UTC: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?Z")


def utc_time(text: str) -> str:
    """An RFC 3339 time (any offset, any fraction) as UTC ``YYYY-MM-DDTHH:MM:SS.ffffffZ``.

    Raises:
        ValueError: ``text`` is not such a time.
    """
    if _PLAIN_UTC.fullmatch(text):  # the usual spelling: only the fraction's width to fix, once it is a real time
        datetime.fromisoformat(text[:19])
        return f"{text[:19]}.{text[20:-1].ljust(6, '0')}Z"
    value = text.strip()
    if value[-1:] in "zZ":
        value = value[:-1] + "+00:00"
    head, sep, rest = value.partition(".")
    if sep:  # fromisoformat before Python 3.11 takes only 3 or 6 fraction digits
        digits = len(rest) - len(rest.lstrip("0123456789"))
        value = f"{head}.{rest[:digits][:6].ljust(6, '0')}{rest[digits:]}"
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical_hash(event: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the event as JSON with sorted keys: equal for the same event however it was serialised."""
    return hashlib.sha256(orjson.dumps(event, option=orjson.OPT_SORT_KEYS)).hexdigest()


def dumps(value: object) -> str:
    """Compact JSON text (as stored)."""
    return orjson.dumps(value).decode()


class Entity(NamedTuple):
    """A job or dataset named in an event: its id (:func:`headwater.lineage.schema.entity_id`) and name."""

    id: str
    namespace: str
    name: str


class Facets(NamedTuple):
    """The facets of one job, dataset or run to store.

    ``table`` is ``job``, ``dataset`` or ``run``; ``bodies`` the hash of each facet's body by facet name.
    """

    table: str
    owner: str
    bodies: Mapping[str, str]


class Io(NamedTuple):
    """An input or output of a run or JobEvent; ``facets`` are its inputFacets/outputFacets (JSON text)."""

    dataset_id: str
    direction: str
    facets: str


class Write(NamedTuple):
    """What one event states about a dataset it writes: a run's output, or a DatasetEvent's dataset.

    Attributes:
        dataset_id: the dataset.
        time: the event time (:func:`utc_time`).
        run_id: the writing run; None for a DatasetEvent.
        content: the version-defining facts stated (``fields``, ``source``, ``lifecycleState``; absent = unstated);
            shared by the writes that state the same facets, so never changed in place.
    """

    dataset_id: str
    time: str
    run_id: str | None
    content: dict[str, Any]


@dataclass
class EventFacts:
    """Everything the store derives from one valid event.

    Attributes:
        hash: :func:`canonical_hash` of the event.
        kind: RunEvent, JobEvent or DatasetEvent.
        event_type: the RunEvent's eventType, else None.
        time: the event time (:func:`utc_time`).
        skeleton: the event's skeleton (JSON text; :mod:`headwater.lineage.bodies`).
        bodies: the bodies of its facets (JSON text) by hash.
        job: the job of a RunEvent or JobEvent.
        run_id: the run of a RunEvent.
        parent_run_id: the ``parent`` run facet's run.
        dataset: the dataset of a DatasetEvent.
        entities: every dataset named (inputs, outputs, the DatasetEvent's, column-lineage inputs) by id.
        facets: the facets to store (every facet of the event's holders).
        io: inputs and outputs.
        writes: the datasets written (run outputs, the DatasetEvent's dataset).
        column_lineage: the body hash (a key of ``bodies``) of each ``columnLineage`` facet the event carries, by
            dataset id (the facet itself is read from its body when the store needs it, which is rarely).
        aliases: (alias, canonical) of each identity a dataset's ``symlinks`` facet makes one with it
            (:func:`symlink_aliases`); :mod:`headwater.lineage.aliases` stores them and renames the dataset ids
            above to the canonical ones before the event is applied.
        application_lineage: of a RunEvent with the :data:`APPLICATION_FACET` run facet, the body hash of each
            output's ``columnLineage`` facet by dataset id: the application's composed lineage, kept apart from the
            dataset's own (not in ``facets`` nor ``column_lineage``).
    """

    hash: str
    kind: str
    event_type: str | None
    time: str
    skeleton: str
    bodies: dict[str, str]
    job: Entity | None = None
    run_id: str | None = None
    parent_run_id: str | None = None
    dataset: Entity | None = None
    entities: dict[str, Entity] = field(default_factory=dict)
    facets: list[Facets] = field(default_factory=list)
    io: list[Io] = field(default_factory=list)
    writes: list[Write] = field(default_factory=list)
    column_lineage: dict[str, str] = field(default_factory=dict)
    aliases: list[tuple[Entity, Entity]] = field(default_factory=list)
    application_lineage: dict[str, str] = field(default_factory=dict)

    def add_dataset(self, namespace: str, name: str) -> Entity:
        """Name a dataset (once) and return it."""
        entity = dataset_entity(namespace, name)
        self.entities.setdefault(entity.id, entity)
        return entity


@lru_cache(maxsize=65536)
def dataset_entity(namespace: str, name: str) -> Entity:
    """The dataset ``namespace``/``name`` with its id."""
    return Entity(entity_id("dataset", namespace, name), namespace, name)


def facts_of(event: Mapping[str, Any], kind: str, split: SplitEvent | None = None) -> EventFacts:
    """What the store derives from ``event``, a valid event of ``kind`` (see :mod:`headwater.lineage.validation`).

    ``split`` is the event's :func:`headwater.lineage.bodies.split_event` (made here when None).
    """
    split = split or split_event(event)
    time = utc_time(event["eventTime"])
    facts = EventFacts(canonical_hash(event), kind, event.get("eventType"), time, split.skeleton, split.bodies)
    if kind == "DatasetEvent":
        facts.dataset = _dataset_facts(facts, event["dataset"], None, split.refs.get("dataset"))
        return facts
    job = event["job"]
    facts.job = Entity(entity_id("job", job["namespace"], job["name"]), job["namespace"], job["name"])
    _facets_of(facts, "job", facts.job.id, split.refs.get("job"))
    run_id = None
    application = False
    if kind == "RunEvent":
        run = event["run"]
        run_id = facts.run_id = run["runId"]
        _facets_of(facts, "run", run_id, split.refs.get("run"))
        run_facets = run.get("facets") or {}
        parent = run_facets.get("parent")
        if isinstance(parent, dict):
            facts.parent_run_id = (parent.get("run") or {}).get("runId")
        application = APPLICATION_FACET in run_facets
    for side, direction, io_key in (("inputs", "input", "inputFacets"), ("outputs", "output", "outputFacets")):
        for index, dataset in enumerate(event.get(side) or []):
            writer = run_id if direction == "output" and kind == "RunEvent" else ""
            refs = split.refs.get(f"{side}/{index}")
            stated = dataset
            if direction == "output" and application and refs and "columnLineage" in refs:
                refs = dict(refs)
                facts.application_lineage[_dataset_key(dataset)] = refs.pop("columnLineage")
                stated = {**dataset, "facets": {k: v for k, v in dataset["facets"].items() if k != "columnLineage"}}
            entity = _dataset_facts(facts, stated, writer, refs)
            facts.io.append(Io(entity.id, direction, dumps(dataset.get(io_key) or {})))
    return facts


def _dataset_key(dataset: Mapping[str, Any]) -> str:
    return dataset_entity(dataset["namespace"], dataset["name"]).id


def _dataset_facts(
    facts: EventFacts, dataset: Mapping[str, Any], writer: str | None, refs: Mapping[str, str] | None
) -> Entity:
    """Record a dataset of the event, its facets, its column lineage, and a write unless ``writer`` is ``""``.

    ``refs`` are the body hashes of its facets by name.
    ``writer`` is the writing run's id, None for a DatasetEvent's dataset, ``""`` for a dataset only read or declared.
    """
    entity = facts.add_dataset(dataset["namespace"], dataset["name"])
    dataset_facets = dataset.get("facets") or {}
    _facets_of(facts, "dataset", entity.id, refs)
    facts.aliases += symlink_aliases(entity, dataset_facets.get("symlinks"))
    lineage = dataset_facets.get("columnLineage")
    if isinstance(lineage, dict) and refs:
        key = refs["columnLineage"]
        facts.column_lineage[entity.id] = key
        for source in _remembered(_LINEAGE_SOURCES, key, lambda: _lineage_sources(lineage)):
            facts.entities.setdefault(source.id, source)
    if writer != "":
        defining = tuple(refs.get(name) for name in VERSION_FACETS) if refs else ()
        content = _remembered(_VERSION_CONTENTS, defining, lambda: version_content(dataset_facets))
        facts.writes.append(Write(entity.id, facts.time, writer, content))
    return entity


def symlink_aliases(dataset: Entity, symlinks: object) -> list[tuple[Entity, Entity]]:
    """The identities ``dataset``'s ``symlinks`` facet makes one dataset with it, as (alias, canonical) pairs.

    The canonical identity is the physical one, as OpenLineage's naming has a dataset's name be its physical name:
    the first identifier whose ``type`` is not ``TABLE`` (``LOCATION``: the dataset is named by its table, as in
    Headwater's opt-in table-name identity), else ``dataset`` itself (named by its location, with ``TABLE`` symlinks,
    as Headwater and openlineage-spark name catalog tables by default). Every other identity is an alias of it.
    A facet that is not ``{identifiers: [{namespace, name, type}]}`` gives none.
    """
    identifiers = symlinks.get("identifiers") if isinstance(symlinks, dict) else None
    named = [
        (dataset_entity(i["namespace"], i["name"]), str(i.get("type", "")).upper() != "TABLE")
        for i in identifiers or []
        if isinstance(i, dict) and isinstance(i.get("namespace"), str) and isinstance(i.get("name"), str)
    ]
    canonical = next((entity for entity, physical in named if physical), dataset)
    identities = dict.fromkeys([dataset, *(entity for entity, _ in named)])
    return [(alias, canonical) for alias in identities if alias != canonical]


def _remembered(memo: dict[K, V], key: K, compute: Callable[[], V]) -> V:
    """``compute()``, remembered under ``key`` in ``memo`` (at most 16,384 entries).

    The keys are facet body hashes: the same key, the same facets, the same result. Results are shared between the
    events they are found for, so they are never changed.
    """
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        found = memo[key] = compute()
    return found


def _lineage_sources(lineage: Mapping[str, Any]) -> tuple[Entity, ...]:
    """The datasets a ``columnLineage`` facet reads, each once, in facet order."""
    return tuple(dict.fromkeys(dataset_entity(s["namespace"], s["name"]) for _, s in column_lineage_inputs(lineage)))


def _facets_of(facts: EventFacts, table: str, owner: str, refs: Mapping[str, str] | None) -> None:
    if refs:
        facts.facets.append(Facets(table, owner, refs))


def column_lineage_inputs(facet: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The ``columnLineage`` facet's input fields as (output field, input field); ``""`` for dataset-wide ones."""
    fields = facet.get("fields")
    found = [
        (name, source)
        for name, entry in (fields.items() if isinstance(fields, dict) else [])
        for source in (entry or {}).get("inputFields") or []
    ]
    return found + [("", source) for source in facet.get("dataset") or []]


def version_content(facets: Mapping[str, Any]) -> dict[str, Any]:
    """The version-defining facts among a dataset's facets: schema fields, source, lifecycle state (when stated)."""
    content: dict[str, Any] = {}
    schema = facets.get("schema")
    # a schema without fields states nothing: no Spark table has no column (it is a schema not known yet, e.g. of a
    # table over files before Spark inferred it), and taking it as one would make a version with no fields
    if isinstance(schema, dict) and isinstance(schema.get("fields"), list) and schema["fields"]:
        content["fields"] = [_field(f) for f in schema["fields"]]
    source = facets.get("dataSource")
    if isinstance(source, dict):
        content["source"] = {"name": source.get("name"), "uri": source.get("uri")}
    lifecycle = facets.get("lifecycleStateChange")
    if isinstance(lifecycle, dict):
        content["lifecycleState"] = lifecycle.get("lifecycleStateChange")
    return content


def _field(field_: Mapping[str, Any]) -> dict[str, Any]:
    kept = {k: field_[k] for k in ("name", "type", "description") if field_.get(k) is not None}
    if field_.get("fields"):
        kept["fields"] = [_field(f) for f in field_["fields"]]
    return kept


@dataclass
class RunState:
    """A run as its events so far say (a row of ``runs``); :meth:`merge` is commutative over events."""

    id: str
    job_id: str
    state: str
    state_time: str
    terminal: bool
    started_at: str
    ended_at: str | None
    parent_run_id: str | None
    updated_at: str

    @classmethod
    def first(cls, run_id: str, job_id: str, facts: EventFacts) -> RunState:
        """The state of run ``run_id`` of job ``job_id`` after its first event ``facts``."""
        state = facts.event_type or "OTHER"
        terminal = state in TERMINAL_STATES
        ended = facts.time if terminal else None
        return cls(run_id, job_id, state, facts.time, terminal, facts.time, ended, facts.parent_run_id, facts.time)

    def merge(self, facts: EventFacts) -> None:
        """Apply one more event of the run."""
        event_type = facts.event_type or "OTHER"
        terminal = event_type in TERMINAL_STATES
        self.started_at = min(self.started_at, facts.time)
        self.updated_at = max(self.updated_at, facts.time)
        self.parent_run_id = self.parent_run_id or facts.parent_run_id
        if terminal and (self.ended_at is None or facts.time >= self.ended_at):
            self.ended_at = facts.time
        if _state_rank(event_type, facts.time) >= _state_rank(self.state, self.state_time):
            self.state, self.state_time, self.terminal = event_type, facts.time, terminal


def _state_rank(state: str, time: str) -> tuple[int, str]:
    return (2 if state in TERMINAL_STATES else 0 if state == "OTHER" else 1), time
