"""An endpoint that accepts connections and never answers must not stall the Spark job or its shutdown for long."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

from integration.support import JOBS, driver_env, run_python, write_flights_csv


class BlackHole:
    """A loopback TCP server that accepts connections, reads, and never replies."""

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

    def __enter__(self) -> BlackHole:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()
        for conn in self.connections:
            conn.close()


def test_hanging_endpoint_does_not_stall_the_job(tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    with BlackHole() as endpoint:
        settings = {
            "hanging": {
                "transport.type": "http",
                "transport.url": endpoint.url,
                "transport.timeoutInMillis": "60000",
                "emit.closeTimeoutMillis": "3000",
            }
        }
        finished = run_python(
            JOBS / "bad_config_job.py", [json.dumps(settings), str(source), str(tmp_path / "out")], cwd=tmp_path,
            env=driver_env(), timeout=240,
        )
        accepted = len(endpoint.connections)

    assert finished.returncode == 0, finished.stderr[-3000:]
    assert (tmp_path / "out" / "hanging" / "_SUCCESS").exists()
    assert accepted >= 1  # the agent really tried to deliver
    assert "lineage event(s) still queued after 3000 ms at application end were not delivered (spark.openlineage.emit.closeTimeoutMillis)" in finished.stderr
    assert "Headwater lineage agent disabled" not in finished.stderr
