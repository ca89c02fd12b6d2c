"""Marquez's error responses and its JSON responses.

An error is Marquez's (Dropwizard's) ``{"code": <status>, "message": <text>, "details": <text or null>}`` JSON with
that status: 400 for a bad parameter, 404 for an unknown namespace, job, dataset, version, run or route.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import Response


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
