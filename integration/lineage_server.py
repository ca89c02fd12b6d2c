"""Real HTTP lineage endpoints on loopback: one that records what the agent posts, misbehaving ones, and
``headwater serve``."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.support.daemons import free_port


@dataclass
class Request:
    """One POST as the server received it."""

    path: str
    headers: dict[str, str]
    raw_body: bytes
    received_at: float = field(default_factory=time.monotonic)

    @property
    def body(self) -> bytes:
        """The body, gunzipped when ``Content-Encoding: gzip``."""
        if self.headers.get("content-encoding", "").lower() == "gzip":
            return gzip.decompress(self.raw_body)
        return self.raw_body

    def event(self) -> dict[str, Any]:
        """The body as a JSON event."""
        return json.loads(self.body)


@dataclass(frozen=True)
class Answer:
    """How to answer one POST: a status (with ``Retry-After``), or bytes that are not HTTP at all."""

    status: int = 200
    retry_after: str | None = None
    malformed: bool = False
    body: bytes = b""


class _QuietServer(ThreadingHTTPServer):
    """A server that does not print a traceback when a client drops a kept-alive connection."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass


@dataclass
class LineageServer:
    """Answers each POST with the next of ``statuses``/``answers`` (then 200), recording every request it accepts.

    ``requests`` holds every POST, ``accepted`` those answered 200 (:meth:`events` reads them). With ``down_after=n``
    the server closes its port after the n-th POST and opens it again ``down_for`` seconds later (a restart). With
    ``port`` it listens on that port; ``listen_now=False`` waits for :meth:`listen` (an endpoint that is down at
    first). With ``max_body=n`` a body of more than n bytes is answered 413 (as API gateways refuse them).

    Use as a context manager; ``url`` is ``http://127.0.0.1:<port>``.
    """

    statuses: list[int] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    accepted: list[Request] = field(default_factory=list)
    port: int = 0
    down_after: int | None = None
    down_for: float = 0.0
    listen_now: bool = True
    max_body: int | None = None

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._queue = [Answer(status) for status in self.statuses] + list(self.answers)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        if self.port == 0:
            self.port = free_port()

    def _handler(self) -> type[BaseHTTPRequestHandler]:  # noqa: C901 - one method per HTTP verb and fault
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real backends do

            def do_POST(self) -> None:
                body = self._read_body()
                request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with server._lock:
                    server.requests.append(request)
                    if server.max_body is not None and len(body) > server.max_body:
                        answer = Answer(413)
                    else:
                        answer = server._queue.pop(0) if server._queue else Answer()
                    if answer.status == 200 and not answer.malformed:
                        server.accepted.append(request)
                    restart = server.down_after is not None and len(server.requests) == server.down_after
                if answer.malformed:
                    self.wfile.write(b"this is not HTTP\r\n\r\n")
                    self.wfile.flush()
                    self.close_connection = True
                else:
                    self.send_response(answer.status)
                    if answer.retry_after is not None:
                        self.send_header("Retry-After", answer.retry_after)
                    self.send_header("Content-Length", str(len(answer.body)))
                    self.end_headers()
                    self.wfile.write(answer.body)
                if restart:
                    self.close_connection = True
                    threading.Thread(target=server._restart, daemon=True).start()

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

        return Handler

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def listen(self) -> None:
        """Open the port and serve."""
        httpd = _QuietServer(("127.0.0.1", self.port), self._handler())
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        self._thread.start()

    def _stop_listening(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()

    def _restart(self) -> None:
        self._stop_listening()
        time.sleep(self.down_for)
        if not self._closed:
            self.listen()

    def events(self) -> list[dict[str, Any]]:
        """The events of the accepted requests, in order."""
        with self._lock:
            return [r.event() for r in self.accepted]

    def __enter__(self) -> LineageServer:  # noqa: PYI034 - Python 3.10 has no typing.Self
        if self.listen_now:
            self.listen()
        return self

    def __exit__(self, *exc: object) -> None:
        self._closed = True
        self._stop_listening()


class BlackHole:
    """A loopback TCP server that accepts connections, reads, and never replies (a hanging endpoint)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.connections: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)

    def __enter__(self) -> BlackHole:  # noqa: PYI034 - Python 3.10 has no typing.Self
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()
        for conn in self.connections:
            with contextlib.suppress(OSError):
                conn.close()


class HeadwaterServe:
    """``headwater serve`` in its own process on a free loopback port, until the context ends.

    ``url`` is ``http://127.0.0.1:<port>``; :meth:`request` sends one HTTP request and returns (status, headers, body).
    """

    def __init__(
        self, store: str, *, api_key: str | None = None, cwd: Path | None = None, options: tuple[str, ...] = ()
    ) -> None:
        self.store = store
        self.api_key = api_key
        self.options = options
        self.cwd = cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> HeadwaterServe:  # noqa: PYI034 - Python 3.10 has no typing.Self
        command = [
            str(Path(sys.executable).parent / "headwater"),
            "serve",
            "--store",
            self.store,
            "--port",
            str(self.port),
            *self.options,
        ]
        env = {k: v for k, v in os.environ.items() if k != "HEADWATER_API_KEY"}
        if self.api_key:
            env["HEADWATER_API_KEY"] = self.api_key
        self._process = subprocess.Popen(
            command, cwd=self.cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"headwater serve exited: {self._process.stdout.read() if self._process.stdout else ''}"
                )
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.2)
        self.__exit__()
        raise RuntimeError("headwater serve did not answer /healthz within 60 s")

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """One request to the server; HTTP errors are returned, not raised."""
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})  # noqa: S310
        try:
            with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 - our loopback server
                return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
        except urllib.error.HTTPError as e:
            return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()

    def kill(self) -> int:
        """Kill the server at once (SIGKILL: no shutdown, nothing flushed); returns its exit status."""
        assert self._process is not None
        self._process.kill()
        return self._process.wait(timeout=30)

    def __exit__(self, *exc: object) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=30)
