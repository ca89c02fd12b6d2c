"""Facet bodies read from a store, parsed once per process: a body's hash names its content for good.

A facet body is stored under the SHA-256 of its JSON text (:mod:`headwater.lineage.bodies`), so the body a hash names
never changes: keeping the parsed body of a hash is not a cache that can go stale. Which facets an owner has is still
read from the store on every call; only the body texts already parsed are not fetched and parsed again. The runs of a
job mostly repeat their ``spark_properties`` and ``processing_engine`` and its datasets their ``schema``: a jobs page
of 200 runs fetched each such body once per run before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import select

from headwater.lineage import schema as t
from headwater.lineage.lookup import keyed
from headwater.lineage.statements import among_keys

if TYPE_CHECKING:
    from collections.abc import Collection

    from sqlalchemy import Connection

MAX_BODIES: Final = 8192
"""How many parsed bodies a process keeps; when full it starts again empty (a body is a few KB at most, as a rule)."""

_PARSED: Final[dict[str, Any]] = {}


def parsed_bodies(conn: Connection, hashes: Collection[str]) -> dict[str, Any]:
    """The parsed facet body of each of ``hashes``, by hash; a hash the store has no body for is left out.

    The values are shared between calls and callers (JSON values: dicts, lists, str, numbers): never change them.
    Bodies not parsed before are read in one statement.
    """
    found = {key: _PARSED.get(key) for key in hashes}
    missing = {key for key, value in found.items() if value is None}
    if missing:
        b = t.facet_bodies
        query = lambda: select(b.c.hash, b.c.body).where(among_keys(conn.dialect.name, b.c.hash, "ids"))  # noqa: E731
        if len(_PARSED) + len(missing) > MAX_BODIES:
            _PARSED.clear()
        for key, body in keyed(conn, "facet bodies", query, ids=missing):
            found[key] = _PARSED[key] = orjson.loads(body)
    return {key: value for key, value in found.items() if value is not None}
