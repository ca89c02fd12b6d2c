"""Real HTTP lineage endpoints on loopback: a recorder of what the agent posts, and ``headwater serve``."""

from __future__ import annotations

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


class HeadwaterServe:
    """``headwater serve`` in its own process on a free loopback port, until the context ends.

    ``url`` is ``http://127.0.0.1:<port>``; :meth:`request` sends one HTTP request and returns (status, headers, body).
    """

    def __init__(self, store: str, *, api_key: str | None = None, cwd: Path | None = None) -> None:
        self.store = store
        self.api_key = api_key
        self.cwd = cwd
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> HeadwaterServe:
        command = [
            str(Path(sys.executable).parent / "headwater"),
            "serve",
            "--store",
            self.store,
            "--port",
            str(self.port),
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
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 - our loopback server
                return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
        except urllib.error.HTTPError as e:
            return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()

    def __exit__(self, *exc: object) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=30)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
