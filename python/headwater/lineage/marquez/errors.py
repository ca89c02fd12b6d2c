"""Marquez's error responses and the query-parameter parsing of its read API.

An error is Marquez's (Dropwizard's) ``{"code": <status>, "message": <text>, "details": <text or null>}`` JSON with
that status: 400 for a bad parameter, 404 for an unknown namespace, job, dataset, version, run or route.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import orjson
from starlette.responses import Response

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from starlette.datastructures import QueryParams


class ApiError(Exception):
    """A request the API answers with an error: ``status`` (400, 404, ...) and a message."""

    def __init__(self, status: int, message: str, details: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details


def not_found(name: str, *, kind: str) -> ApiError:
    """A 404 for the ``kind`` of thing (``Namespace``, ``Job``, ...) named ``name``, worded as Marquez words it."""
    return ApiError(404, f"{kind} '{name}' not found.")


def json_response(content: Any, status: int = 200) -> Response:  # noqa: ANN401 - any JSON value
    """``content`` as a JSON response with ``status``."""
    return Response(orjson.dumps(content), status_code=status, media_type="application/json")


def error_response(status: int, message: str, details: str | None = None) -> Response:
    """Marquez's error body ``{code, message, details}`` with ``status``."""
    return json_response({"code": status, "message": message, "details": details}, status)


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
