"""Marquez's web UI (third-party test data in tests/data/marquez/web) built once per cache and served on loopback.

:func:`built_ui` builds the UI's static files with its own ``npm ci`` and webpack production configuration into
``build/marquez-ui/<key>/dist``, where ``<key>`` is a hash of every file of the UI's sources (so of its
``package-lock.json`` too); a later session with the same sources finds the files there and builds nothing.
:class:`MarquezUi` serves them as Marquez's image does (nginx): the files, ``index.html`` for any other page path (the
UI routes in the browser), and ``/api/`` proxied to a ``headwater serve``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from integration.support import REPO
from tests.support.daemons import free_port

WEB = REPO / "tests" / "data" / "marquez" / "web"
CACHE = REPO / "build" / "marquez-ui"
NODE_OPTIONS = "--openssl-legacy-provider"
"""Node's option for the UI's webpack 5 build on Node 17+ (its hashing still asks OpenSSL for MD4)."""


def _sources_key() -> str:
    """The first 16 hex digits of a SHA-256 over the UI's files (paths and contents)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in WEB.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(WEB)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def built_ui() -> Path:
    """The directory of the UI's built static files (``index.html``, ``bundle.js``, ...), built if not cached.

    Raises AssertionError with npm's or webpack's output tail when a build step fails.
    """
    home = CACHE / _sources_key()
    dist = home / "dist"
    if (dist / "index.html").is_file():
        return dist
    work = home / "web"
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(WEB, work)
    env = {**os.environ, "NODE_OPTIONS": NODE_OPTIONS, "CI": "true"}
    # Without source maps and minification: the test reads pages, not bundle sizes, and the build takes a third of
    # the time (about 1 min instead of 3+ on 2 cores).
    for command in (
        ["npm", "ci", "--no-audit", "--no-fund"],
        ["npx", "webpack", "--config", "webpack.prod.js", "--no-devtool", "--no-optimization-minimize"],
    ):
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, timeout=1800, check=False)
        assert done.returncode == 0, (command, done.stdout[-3000:], done.stderr[-3000:])
    (work / "dist").rename(dist)
    shutil.rmtree(work)  # node_modules: hundreds of MB the served files do not need
    return dist


class MarquezUi:
    """The built UI on a free loopback port (``url``), its ``/api/`` requests proxied to ``api`` (a base URL).

    Use as a context manager.
    """

    def __init__(self, dist: Path, api: str) -> None:
        self.dist = dist
        self.api = api
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        ui = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.startswith("/api/"):
                    self._proxy()
                else:
                    self._file()

            do_POST = do_PUT = do_DELETE = do_GET  # noqa: N815

            def _proxy(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() in {"content-type", "accept"}}
                request = urllib.request.Request(ui.api + self.path, data=body, method=self.command, headers=headers)  # noqa: S310
                try:
                    with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 - loopback
                        self._answer(response.status, response.headers.get("Content-Type"), response.read())
                except urllib.error.HTTPError as e:
                    self._answer(e.code, e.headers.get("Content-Type"), e.read())

            def _file(self) -> None:
                name = self.path.split("?", 1)[0].lstrip("/")
                path = (ui.dist / name).resolve()
                if not name or not path.is_file() or ui.dist.resolve() not in path.parents:
                    path = ui.dist / "index.html"  # a page of the UI's own routing
                kind = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
                self._answer(200, kind.get(path.suffix, "application/octet-stream"), path.read_bytes())

            def _answer(self, status: int, content_type: str | None, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type or "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's signature
                pass

        return Handler

    def __enter__(self) -> MarquezUi:  # noqa: PYI034 - Python 3.10 has no typing.Self
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
