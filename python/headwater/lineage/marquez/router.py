"""Routing of the Marquez API's reads by the request's raw path, so that ``%2F`` in a name stays in its segment.

Marquez's clients percent-encode namespaces and names (``file`` / ``%2Ftmp%2Fout``), and an ASGI server decodes the
path before routing, which would split a dataset name at its slashes. :class:`MarquezRouter` matches the raw path's
segments against patterns such as ``("namespaces", "{namespace}", "jobs")`` and decodes each segment on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from headwater.lineage.marquez.errors import ApiError, error_response, json_response
from headwater.lineage.reader import LookupFailedError

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from starlette.datastructures import QueryParams
    from starlette.requests import Request
    from starlette.responses import Response

    from headwater.lineage.marquez.context import Reads

    Handler = Callable[[Reads, Mapping[str, str], QueryParams], Any]
    """A read: the store, the path's parameters and the query; returns the JSON body (200)."""

PREFIX = "/api/v1/"
"""Where the Marquez API lives."""


@dataclass
class MarquezRouter:
    """The GET routes of the Marquez API, matched on raw path segments below :data:`PREFIX`."""

    routes: list[tuple[tuple[str, ...], Handler]] = field(default_factory=list)

    def add(self, pattern: str, handler: Handler) -> None:
        """Route ``GET /api/v1/<pattern>`` (segments; ``{name}`` is a parameter) to ``handler``."""
        self.routes.append((tuple(pattern.strip("/").split("/")), handler))

    def match(self, raw_path: str) -> tuple[Handler, dict[str, str]] | None:
        """The handler and the decoded parameters for ``raw_path`` (below the prefix), or None."""
        segments = raw_path.removeprefix(PREFIX).rstrip("/").split("/")
        for pattern, handler in self.routes:
            if len(pattern) != len(segments):
                continue
            params: dict[str, str] = {}
            for part, segment in zip(pattern, segments, strict=True):
                if part.startswith("{"):
                    params[part[1:-1]] = unquote(segment)
                elif part != segment:
                    break
            else:
                return handler, params
        return None

    def answer(self, reads: Reads, request: Request) -> Response:
        """The response to a GET below the prefix: the handler's JSON, or Marquez's error JSON (404 when unrouted)."""
        raw = request.scope.get("raw_path") or request.url.path.encode()
        found = self.match(raw.decode("latin-1").split("?", 1)[0])
        if found is None:
            return error_response(404, "HTTP 404 Not Found")
        handler, params = found
        try:
            return json_response(handler(reads, params, request.query_params))
        except ApiError as e:
            return error_response(e.status, e.message, e.details)
        except LookupFailedError as e:
            return error_response(404, str(e))
