"""Preparing events for the store: parse, split into skeleton and facet bodies, validate, derive the facts.

Preparing is the part of an ingest that needs no database; :mod:`headwater.lineage.ingest.batches` runs it in a worker
process for bulk ingests, :class:`headwater.lineage.store.LineageStore` in its own process otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import orjson

from headwater.lineage.bodies import split_event
from headwater.lineage.semantics import EventFacts, facts_of
from headwater.lineage.validation import EventValidator, InvalidEventError, SchemaError

if TYPE_CHECKING:
    from collections.abc import Iterable

RawEvent = tuple[str, "bytes | str | Mapping[str, Any]"]
"""An event to ingest and where it came from (``events.jsonl:12``, ``POST /api/v1/lineage[3]``): JSON text or bytes,
or an already parsed JSON object."""


@dataclass(frozen=True)
class Rejected:
    """An event that was not stored: where it came from and why."""

    where: str
    errors: tuple[SchemaError, ...]

    def __str__(self) -> str:
        return f"{self.where}: " + "; ".join(map(str, self.errors))


def prepare_event(validator: EventValidator, where: str, raw: bytes | str | Mapping[str, Any]) -> EventFacts:
    """Parse and validate one event with ``validator``; return what the store derives from it.

    Raises:
        InvalidEventError: not JSON, or not a valid OpenLineage event; ``where`` prefixes the message.
    """
    if isinstance(raw, Mapping):
        parsed: object = raw
    else:
        try:
            parsed = orjson.loads(raw)
        except (orjson.JSONDecodeError, UnicodeDecodeError) as e:
            raise InvalidEventError([SchemaError("<root>", f"not JSON: {e}")], where) from None
    if not isinstance(parsed, Mapping):
        validator.check(parsed, where)  # raises: an event is a JSON object
    event = cast("Mapping[str, Any]", parsed)
    try:
        split = split_event(event)
    except TypeError as e:  # a Mapping holding something that is not JSON
        raise InvalidEventError([SchemaError("<root>", f"not JSON: {e}")], where) from None
    kind = validator.check(event, where, split)
    return facts_of(event, kind, split)


@dataclass
class PreparedBatch:
    """A batch of events prepared.

    Attributes:
        received: events read.
        facts: what the store derives from each valid one, in input order.
        rejected: the invalid ones, in input order.
    """

    received: int = 0
    facts: list[EventFacts] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)


def prepare_batch(validator: EventValidator, events: Iterable[RawEvent]) -> PreparedBatch:
    """:func:`prepare_event` for each of ``events`` (read one at a time: the batch never holds their input)."""
    batch = PreparedBatch()
    for where, raw in events:
        batch.received += 1
        try:
            batch.facts.append(prepare_event(validator, where, raw))
        except InvalidEventError as e:
            batch.rejected.append(Rejected(where, e.errors))
    return batch
