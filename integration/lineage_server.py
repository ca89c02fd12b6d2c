"""A real HTTP lineage endpoint on loopback that records what the agent posts."""

from __future__ import annotations

import gzip
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Request:
    """One POST as the server received it."""

    path: str
    headers: dict[str, str]
    raw_body: bytes

    @property
    def body(self) -> bytes:
        """The body, gunzipped when ``Content-Encoding: gzip``."""
        if self.headers.get("content-encoding", "").lower() == "gzip":
            return gzip.decompress(self.raw_body)
        return self.raw_body

    def event(self) -> dict[str, Any]:
        """The body as a JSON event."""
        return json.loads(self.body)


@dataclass
class LineageServer:
    """Answers each POST with the next status of ``statuses`` (then 200), recording every request.

    Use as a context manager; ``url`` is ``http://127.0.0.1:<port>``.
    """

    statuses: list[int] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = self._read_body()
                with server._lock:
                    server.requests.append(Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                    status = server.statuses.pop(0) if server.statuses else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _read_body(self) -> bytes:
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                        if size == 0:
                            self.rfile.readline()  # the blank line after the last chunk
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()  # CRLF after each chunk
                return self.rfile.read(int(self.headers.get("Content-Length", "0")))

            def log_message(self, *args: object) -> None:
                pass

        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The server's base URL."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> LineageServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)
