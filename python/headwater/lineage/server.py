"""The lineage endpoint (Starlette; ``headwater serve`` runs it with uvicorn).

Routes:

- ``POST /api/v1/lineage``: the OpenLineage HTTP transport's contract: one event or a JSON array of events, body
  optionally ``Content-Encoding: gzip``. 201 ``{"received": n, "stored": m}`` when every event is valid (all are
  stored in one transaction); 400 ``{"error": ..., "events": [{"index": i, "errors": [{"path", "message"}]}]}`` when
  any is invalid (none is stored) or the body is not JSON; 401 without the API key when one is configured
  (``Authorization: Bearer <key>``).
- ``GET /api/v1/lineage?nodeId=dataset:<ns>:<name>&depth=20``: the lineage graph around a node, shaped as Marquez's
  (:mod:`headwater.lineage.render.marquez`); Headwater's ``direction=up|down|both`` (default both). 400 on a bad
  parameter, 404 for an unknown node.
- ``GET /``: the graph page of the whole store, rendered on each request; ``?node=<nodeId>`` selects a node.
- ``GET /healthz``: ``{"status": "ok"}``.

Reads need no key: bind to a trusted interface (the default is 127.0.0.1).
"""

from __future__ import annotations

import gzip
import hmac
import zlib
from typing import TYPE_CHECKING, Any

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from headwater.lineage.graph import Graph, neighbourhood, whole_graph
from headwater.lineage.reader import LookupFailedError
from headwater.lineage.render.html import page
from headwater.lineage.render.marquez import marquez_graph
from headwater.lineage.store import LineageStore, RejectedEventsError

if TYPE_CHECKING:
    from starlette.requests import Request

LINEAGE_PATH = "/api/v1/lineage"
"""The OpenLineage HTTP transport's default endpoint."""


def _json(content: Any, status: int = 200) -> Response:  # noqa: ANN401 - any JSON value
    return Response(orjson.dumps(content), status_code=status, media_type="application/json")


class _Endpoint:
    """The route handlers over one store."""

    def __init__(self, store: LineageStore, api_key: str | None, title: str) -> None:
        self.store = store
        self.expected = f"Bearer {api_key}".encode() if api_key else None
        self.title = title

    async def post_lineage(self, request: Request) -> Response:
        if self.expected is not None:
            given = request.headers.get("authorization", "").encode()
            if not hmac.compare_digest(given, self.expected):
                return JSONResponse({"error": "missing or wrong API key"}, 401, {"WWW-Authenticate": "Bearer"})
        body = await request.body()
        if request.headers.get("content-encoding", "").lower() == "gzip":
            try:
                body = gzip.decompress(body)
            except (OSError, EOFError, zlib.error) as e:
                return _json({"error": f"body is not gzip: {e}"}, 400)
        try:
            parsed = orjson.loads(body)
        except orjson.JSONDecodeError as e:
            return _json({"error": f"body is not JSON: {e}"}, 400)
        items = parsed if isinstance(parsed, list) else [parsed]
        events = [(str(index), item) for index, item in enumerate(items)]
        try:
            report = await run_in_threadpool(self.store.ingest_all_or_nothing, events)
        except RejectedEventsError as e:
            invalid = [{"index": int(r.where), "errors": [error.to_json() for error in r.errors]} for r in e.rejected]
            return _json({"error": "invalid OpenLineage event(s); nothing was stored", "events": invalid}, 400)
        return _json({"received": report.received, "stored": report.stored}, 201)

    async def get_lineage(self, request: Request) -> Response:
        node_id = request.query_params.get("nodeId")
        if not node_id:
            return _json({"error": "nodeId is required (dataset:<namespace>:<name> or job:<namespace>:<name>)"}, 400)
        try:
            depth = int(request.query_params.get("depth", "20"))
        except ValueError:
            return _json({"error": "depth must be an integer"}, 400)
        direction = request.query_params.get("direction", "both")

        def read() -> dict[str, Any]:
            reader = self.store.read
            return marquez_graph(reader, neighbourhood(reader, reader.resolve(node_id), depth, direction))

        try:
            return _json(await run_in_threadpool(read))
        except LookupFailedError as e:
            return _json({"error": str(e)}, 404)
        except ValueError as e:
            return _json({"error": str(e)}, 400)

    async def graph_page(self, request: Request) -> Response:
        selected = request.query_params.get("node")

        def render() -> str:
            reader = self.store.read
            graph = whole_graph(reader)
            if selected:
                graph = Graph(graph.nodes, graph.edges, reader.resolve(selected))
            return page(reader, graph, title=self.title)

        try:
            return HTMLResponse(await run_in_threadpool(render))
        except LookupFailedError as e:
            return _json({"error": str(e)}, 404)

    async def health(self, _request: Request) -> Response:
        return _json({"status": "ok"})


def create_app(store: LineageStore, *, api_key: str | None = None, title: str = "Headwater lineage") -> Starlette:
    """The endpoint's ASGI app over ``store``; ``api_key`` (when set) is required on POST."""
    endpoint = _Endpoint(store, api_key, title)
    return Starlette(
        routes=[
            Route(LINEAGE_PATH, endpoint.post_lineage, methods=["POST"]),
            Route(LINEAGE_PATH, endpoint.get_lineage, methods=["GET"]),
            Route("/", endpoint.graph_page, methods=["GET"]),
            Route("/healthz", endpoint.health, methods=["GET"]),
        ]
    )
