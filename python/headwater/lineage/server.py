"""The lineage endpoint (Starlette; ``headwater serve`` runs it with uvicorn).

Routes:

- ``POST /api/v1/lineage``: the OpenLineage HTTP transport's contract: one event or a JSON array of events, body
  optionally ``Content-Encoding: gzip``. 201 ``{"received": n, "stored": m}`` when every event is valid (all are
  stored in one transaction); 400 ``{"error": ..., "events": [{"index": i, "errors": [{"path", "message"}]}]}`` when
  any is invalid (none is stored) or the body is not JSON; 413 ``{"error": ...}`` when the body, or the body a gzip
  body inflates to, is larger than ``max_body_bytes`` (nothing is read past the limit); 401 without the API key when
  one is configured.
- ``GET /api/v1/...``: Marquez's read API (:mod:`headwater.lineage.marquez`): namespaces, jobs, datasets, versions,
  runs, run facets, ``/lineage`` (with Headwater's ``direction=up|down|both``), ``/column-lineage``, ``/search``,
  ``/tags``, ``/sources``, ``/events/lineage``, ``/runlineage/upstream`` and ``/stats/...``, with Marquez's shapes;
  errors are Marquez's ``{"code", "message", "details"}`` JSON (400 on a bad parameter, 404 for anything unknown,
  routes included). ``/api/v1/headwater/...`` stays Headwater's own.
- ``GET /``: the graph page, rendered on each request: the whole store when it has at most ``page_nodes`` jobs and
  datasets, else the ``page_nodes`` nearest to the job that ran last (:func:`~headwater.lineage.graph.nearest`), the
  header saying how many of how many; ``?node=<nodeId>`` selects a node and shows the ones nearest to it. A double
  click on a node asks ``/api/v1/headwater/nearest`` for more.
- ``GET /api/v1/headwater/nearest?nodeId=<nodeId>&limit=50``: the page's data (:func:`~headwater.lineage.render.html.
  page_data`) for the ``limit`` nodes nearest to a node (at most ``page_nodes``); 400/404 as the lineage read.
- ``GET /healthz``: ``{"status": "ok"}``, never behind the key (for load balancers and probes); with a Kafka
  follower, also ``"kafka": {"received", "stored", "rejected", "lag"}``.
- ``GET /favicon.ico``: 204 (no icon).

With an API key configured, every route but ``/healthz`` needs it, reads too (they show SQL text and source code):
``Authorization: Bearer <key>``, or HTTP Basic auth with the key as the password (any user name), which is what a
browser sends for the page after asking for it. ``open_reads`` leaves the reads open, for a server bound to a trusted
interface; POST still needs the key.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from headwater.lineage.graph import nearest, whole_graph
from headwater.lineage.marquez import PREFIX, Reads, marquez_router
from headwater.lineage.marquez.errors import error_response
from headwater.lineage.reader import LookupFailedError
from headwater.lineage.render.html import page, page_data
from headwater.lineage.store import LineageStore, RejectedEventsError

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.requests import Request

    from headwater.lineage.follow import FollowReport
    from headwater.lineage.reader import LineageReader, Node

LINEAGE_PATH = "/api/v1/lineage"
"""The OpenLineage HTTP transport's default endpoint."""

NEAREST_PATH = "/api/v1/headwater/nearest"
"""Headwater's own read: the graph page's data around a node (what the page asks for when it grows)."""

DEFAULT_PAGE_NODES = 300
"""The most jobs and datasets ``GET /`` draws at once (the page asks for more around a node on demand)."""

DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024
"""The largest request body ``POST /api/v1/lineage`` takes by default, in bytes (16 MiB), before and after gzip."""


@dataclass(frozen=True)
class EndpointSettings:
    """How ``headwater serve`` guards and bounds its routes (its command-line options).

    Attributes:
        api_key: when set, required on every route but ``/healthz`` (Bearer, or Basic with the key as password).
        open_reads: with a key, leave the reads (``GET /api/v1/lineage``, ``GET /``, the nearest read) open.
        max_body_bytes: the largest POST body taken, in bytes, before and after gzip (413 above it).
        page_nodes: the most jobs and datasets the page draws at once, and the most one nearest read returns.
        title: the graph page's title.
        follow: a Kafka follower filling the store while the server runs (its report is in ``/healthz``).
    """

    api_key: str | None = None
    open_reads: bool = False
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    page_nodes: int = DEFAULT_PAGE_NODES
    title: str = "Headwater lineage"
    follow: FollowReport | None = None


class _BodyTooLargeError(Exception):
    """The request body is over the limit; the message says how large it may be."""


def _json(content: Any, status: int = 200) -> Response:  # noqa: ANN401 - any JSON value
    return Response(orjson.dumps(content), status_code=status, media_type="application/json")


class _Endpoint:
    """The route handlers over one store."""

    def __init__(self, store: LineageStore, settings: EndpointSettings) -> None:
        self.store = store
        self.api_key = settings.api_key.encode() if settings.api_key else None
        self.title = settings.title
        self.open_reads = settings.open_reads
        self.max_body_bytes = settings.max_body_bytes
        self.page_nodes = settings.page_nodes
        self.follow = settings.follow
        self.marquez = marquez_router()

    def _key_given(self, request: Request) -> bytes:
        """The key in the request's ``Authorization``: a Bearer token, or the password of Basic credentials."""
        scheme, _, credentials = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer":
            return credentials.strip().encode()
        if scheme.lower() == "basic":
            try:
                return base64.b64decode(credentials.strip(), validate=True).partition(b":")[2]
            except (binascii.Error, ValueError):
                return b""
        return b""

    def refused(self, request: Request, *, read: bool) -> Response | None:
        """A 401 when a key is configured (and, for a read, reads are not open) and the request lacks it.

        Its body is Marquez's error JSON, ``{"code": 401, "message": "HTTP 401 Unauthorized", "details": ...}``.
        """
        if self.api_key is None or (read and self.open_reads):
            return None
        if hmac.compare_digest(self._key_given(request), self.api_key):
            return None
        # a browser asked for the page shows its password dialog for Basic; API clients use Bearer
        challenge = 'Bearer, Basic realm="headwater", charset="UTF-8"' if read else "Bearer"
        refusal = error_response(401, "HTTP 401 Unauthorized", "missing or wrong API key")
        refusal.headers["WWW-Authenticate"] = challenge
        return refusal

    async def _body(self, request: Request) -> bytes:
        """The request's body, gunzipped when it says so, read no further than the limit.

        Raises:
            _BodyTooLargeError: the body (or what it inflates to) is over ``max_body_bytes``.
            ValueError: a gzip body that is not gzip.
        """
        limit = self.max_body_bytes
        too_large = f"the request body is larger than the {limit} bytes this endpoint takes (--max-body-bytes)"
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise _BodyTooLargeError(too_large)
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _BodyTooLargeError(too_large)
            chunks.append(chunk)
        body = b"".join(chunks)
        if request.headers.get("content-encoding", "").lower() != "gzip":
            return body
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            inflated = inflater.decompress(body, limit + 1)
        except zlib.error as e:
            msg = f"body is not gzip: {e}"
            raise ValueError(msg) from e
        if len(inflated) > limit:
            msg = f"the gzip body inflates to more than the {limit} bytes this endpoint takes (--max-body-bytes)"
            raise _BodyTooLargeError(msg)
        if not inflater.eof:
            msg = "body is not gzip: the compressed data is truncated"
            raise ValueError(msg)
        return inflated

    async def post_lineage(self, request: Request) -> Response:
        refused = self.refused(request, read=False)
        if refused is not None:
            return refused
        try:
            body = await self._body(request)
        except _BodyTooLargeError as e:
            return _json({"error": str(e)}, 413)
        except ValueError as e:
            return _json({"error": str(e)}, 400)
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

    async def _read_around(
        self, request: Request, parameter: str, default: int, read: Callable[[LineageReader, Node, int], Any]
    ) -> Response:
        """A JSON read around the node ``nodeId`` names, with the integer query parameter ``parameter``.

        401 without the key, 400 on a missing or bad parameter, 404 for an unknown node.
        """
        refused = self.refused(request, read=True)
        if refused is not None:
            return refused
        node_id = request.query_params.get("nodeId")
        if not node_id:
            return _json({"error": "nodeId is required (dataset:<namespace>:<name> or job:<namespace>:<name>)"}, 400)
        try:
            value = int(request.query_params.get(parameter, str(default)))
        except ValueError:
            return _json({"error": f"{parameter} must be an integer"}, 400)

        def answer() -> Any:  # noqa: ANN401 - any JSON value
            reader = self.store.read
            return read(reader, reader.resolve(node_id), value)

        try:
            return _json(await run_in_threadpool(answer))
        except LookupFailedError as e:
            return _json({"error": str(e)}, 404)
        except ValueError as e:
            return _json({"error": str(e)}, 400)

    async def marquez_read(self, request: Request) -> Response:
        """A read of Marquez's API (:mod:`headwater.lineage.marquez`); 401 without the key."""
        refused = self.refused(request, read=True)
        if refused is not None:
            return refused
        return await run_in_threadpool(self.marquez.answer, Reads(self.store.read), request)

    async def graph_page(self, request: Request) -> Response:
        refused = self.refused(request, read=True)
        if refused is not None:
            return refused
        selected = request.query_params.get("node")

        def render() -> str:
            reader = self.store.read
            jobs = reader.jobs()
            total = len(jobs) + len(reader.datasets())
            if selected:
                graph = nearest(reader, reader.resolve(selected), self.page_nodes)
            elif total <= self.page_nodes or not jobs:
                graph = whole_graph(reader)
            else:  # a large store: around the job that ran (or was declared) last
                latest = max(jobs, key=lambda job: (job.updated_at, job.node))
                graph = nearest(reader, latest.node, self.page_nodes)
            return page(reader, graph, title=self.title, total=total, expand_url=NEAREST_PATH)

        try:
            return HTMLResponse(await run_in_threadpool(render))
        except LookupFailedError as e:
            return _json({"error": str(e)}, 404)

    async def nearest_data(self, request: Request) -> Response:
        return await self._read_around(
            request,
            "limit",
            50,
            lambda reader, node, limit: page_data(
                reader, nearest(reader, node, min(limit, self.page_nodes)), title=self.title
            ),
        )

    async def health(self, _request: Request) -> Response:
        report = self.follow
        if report is None:
            return _json({"status": "ok"})
        kafka = {"received": report.received, "stored": report.stored, "rejected": len(report.rejected)}
        return _json({"status": "ok", "kafka": {**kafka, "lag": report.lag}})


def create_app(store: LineageStore, settings: EndpointSettings | None = None) -> Starlette:
    """The endpoint's ASGI app over ``store``, guarded and bounded as ``settings`` say (defaults: no key, 16 MiB)."""
    endpoint = _Endpoint(store, settings or EndpointSettings())
    return Starlette(
        exception_handlers={HTTPException: _http_error},
        routes=[
            Route(LINEAGE_PATH, endpoint.post_lineage, methods=["POST"]),
            Route(NEAREST_PATH, endpoint.nearest_data, methods=["GET"]),
            Route(PREFIX + "{path:path}", endpoint.marquez_read, methods=["GET"]),
            Route("/", endpoint.graph_page, methods=["GET"]),
            Route("/healthz", endpoint.health, methods=["GET"]),
            # a browser asks for it with every page: no icon, and no 404 in its console
            Route("/favicon.ico", lambda _request: Response(status_code=204), methods=["GET"]),
        ],
    )


async def _http_error(_request: Request, exc: Exception) -> Response:
    """An unrouted path or a wrong method as Marquez's error JSON (``{code, message, details}``)."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    phrase = exc.detail if isinstance(exc, HTTPException) else "Internal Server Error"
    return error_response(status, f"HTTP {status} {phrase}")
