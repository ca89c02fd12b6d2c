"""The query parameters of Marquez's read API, parsed as Marquez parses them, and paging by ``limit``/``offset``.

A bad value is an :class:`~headwater.lineage.marquez.errors.ApiError` of status 400 (404 for a version no item has),
answered as Marquez's error body.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from headwater.lineage.marquez.errors import ApiError, not_found

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from starlette.datastructures import QueryParams


def int_param(query: QueryParams, name: str, default: int, minimum: int = 0) -> int:
    """The integer query parameter ``name`` (``default`` when absent).

    Raises:
        ApiError: 400 when it is not an integer or is below ``minimum``.
    """
    text = query.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if value < minimum:
        raise ApiError(400, f"{name} must be greater than or equal to {minimum}")
    return value


def bool_param(query: QueryParams, name: str, *, default: bool = False) -> bool:
    """The boolean query parameter ``name`` (``true``/``false``, any case).

    Raises:
        ApiError: 400 for another value.
    """
    text = query.get(name)
    if text is None or text == "":
        return default
    if text.lower() not in ("true", "false"):
        raise ApiError(400, f"{name} must be true or false")
    return text.lower() == "true"


def time_param(query: QueryParams, name: str) -> str | None:
    """The date-time query parameter ``name`` as the store's UTC text (``YYYY-MM-DDTHH:MM:SS.ffffffZ``), or None.

    A time without a zone is UTC; a date alone (``2022-09-15``) is its midnight, UTC.

    Raises:
        ApiError: 400 when it is not an ISO-8601 date or date-time.
    """
    text = query.get(name)
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "+"))
    except ValueError:
        raise ApiError(400, f"{name} must be an ISO-8601 date-time") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return store_time(parsed)


def paged(query: QueryParams, key: str, items: Sequence[Any]) -> dict[str, Any]:
    """``{key: items[offset:offset + limit], "totalCount": len(items)}``.

    ``limit`` (100) and ``offset`` (0) come from the query.

    Raises:
        ApiError: 400 for a bad ``limit`` or ``offset``.
    """
    limit, offset = int_param(query, "limit", 100), int_param(query, "offset", 0)
    return {key: list(items[offset : offset + limit]), "totalCount": len(items)}


def version_named(versions: Iterable[Mapping[str, Any]], wanted: str, kind: str) -> dict[str, Any]:
    """The version (a shape with ``version``, a UUID) of ``versions`` that ``wanted`` names.

    Raises:
        ApiError: 404 when none has it.
    """
    for version in versions:
        if version["version"] == wanted.lower():
            return dict(version)
    raise not_found(wanted, kind=kind)


def store_time(moment: datetime) -> str:
    """``moment`` as the store's UTC text."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
