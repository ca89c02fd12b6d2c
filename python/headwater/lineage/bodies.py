"""Content-addressed facet bodies: an event as its skeleton plus the bodies of its facets, and back again.

The same facets come back in event after event: every run of a job repeats its ``sourceCode`` (often kilobytes),
``jobType`` and ``spark_properties``, and every event naming a dataset repeats its ``schema`` and ``dataSource``. The
store keeps each distinct facet body once, in ``facet_bodies``, under :func:`body_hash`; the facet tables and the
events refer to bodies by that hash.

The *skeleton* of an event is the event with the ``facets`` object of each facet holder (:func:`facet_holders`:
``run``, ``job``, ``dataset`` and each of ``inputs`` and ``outputs``) replaced by ``{facet name: body hash}``. An
input's ``inputFacets`` and an output's ``outputFacets`` (per-run statistics, which no other event repeats) stay in
the skeleton as they are. :func:`restore_event` puts the bodies back: the result equals the event (same keys in the
same order, the same values), so its :func:`headwater.lineage.semantics.canonical_hash` is the event's.

The skeleton format is part of the store's schema: changing it needs a migration (``migrations/versions``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import orjson

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

HOLDERS: Final = ("run", "job", "dataset")
"""The top-level keys of an event whose object holds ``facets``."""

SIDES: Final = ("inputs", "outputs")
"""The top-level keys of an event listing datasets, each of which holds ``facets``."""


def body_hash(body: bytes) -> str:
    """The key of a facet body in ``facet_bodies``: the SHA-256 (64 hex digits) of its JSON text (UTF-8)."""
    return hashlib.sha256(body).hexdigest()


def facet_holders(event: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every object of ``event`` that holds facets, as (path, object), in event order.

    Paths are ``run``, ``job``, ``dataset``, ``inputs/<index>`` and ``outputs/<index>``; holders that are not JSON
    objects (in an invalid event) are skipped.
    """
    for key in HOLDERS:
        holder = event.get(key)
        if isinstance(holder, dict):
            yield key, holder
    for side in SIDES:
        datasets = event.get(side)
        for index, dataset in enumerate(datasets if isinstance(datasets, list) else []):
            if isinstance(dataset, dict):
                yield f"{side}/{index}", dataset


@dataclass(frozen=True)
class SplitEvent:
    """An event as its skeleton and its facet bodies.

    Attributes:
        skeleton: the skeleton (see the module docstring) as compact JSON text.
        bodies: each facet body (compact JSON, UTF-8) by its :func:`body_hash`.
        refs: the body hash of each facet, by holder path (:func:`facet_holders`) and facet name.
    """

    skeleton: str
    bodies: dict[str, bytes]
    refs: dict[str, dict[str, str]]

    def ref(self, holder: str, name: str) -> str | None:
        """The body hash of facet ``name`` of the holder at path ``holder``; None when there is none."""
        return self.refs.get(holder, {}).get(name)


def split_event(event: Mapping[str, Any]) -> SplitEvent:
    """``event`` as its skeleton and the bodies of the facets of its holders that are JSON objects.

    Raises:
        TypeError: ``event`` holds a value that is not JSON (orjson's ``JSONEncodeError``).
    """
    bodies: dict[str, bytes] = {}
    refs: dict[str, dict[str, str]] = {}
    dumps, sha256 = orjson.dumps, hashlib.sha256  # body_hash, inlined: this runs for every facet of every event
    for path, holder in facet_holders(event):
        facets = holder.get("facets")
        if not isinstance(facets, dict):
            continue
        named = refs[path] = {}
        for name, facet in facets.items():
            if isinstance(facet, dict):
                body = dumps(facet)
                key = named[name] = sha256(body).hexdigest()
                bodies[key] = body
    skeleton = orjson.dumps(_with_facets(event, refs)).decode()
    return SplitEvent(skeleton, bodies, refs)


def restore_event(skeleton: Mapping[str, Any], bodies: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The event whose skeleton (parsed) is ``skeleton``, given its facet bodies (parsed) by hash.

    Raises:
        KeyError: a body is missing from ``bodies``.
    """
    facets = {
        path: {name: bodies[key] for name, key in holder["facets"].items()}
        for path, holder in facet_holders(skeleton)
        if isinstance(holder.get("facets"), dict)
    }
    return _with_facets(skeleton, facets)


def skeleton_refs(skeleton: Mapping[str, Any]) -> set[str]:
    """The body hashes a skeleton (parsed) refers to."""
    return {
        key
        for _, holder in facet_holders(skeleton)
        if isinstance(holder.get("facets"), dict)
        for key in holder["facets"].values()
    }


def _with_facets(event: Mapping[str, Any], facets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """A copy of ``event`` whose holders at the paths of ``facets`` have those facets (everything else shared)."""
    copied = dict(event)
    lists: dict[str, list[Any]] = {}
    for path, holder_facets in facets.items():
        side, _, index = path.partition("/")
        if not index:
            copied[side] = {**event[side], "facets": holder_facets}
            continue
        datasets = lists.get(side)
        if datasets is None:
            datasets = lists[side] = copied[side] = list(event[side])
        position = int(index)
        datasets[position] = {**datasets[position], "facets": holder_facets}
    return copied
