"""headwater.flush() says whether the events emitted since the previous flush were delivered (own driver, real HTTP
endpoints on loopback)."""

from __future__ import annotations

import socket
from pathlib import Path

from integration.lineage_server import LineageServer
from integration.support import JOBS, run_python


def refused_url() -> str:
    """A loopback URL nothing listens on."""
    with socket.create_server(("127.0.0.1", 0)) as sock:
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_flush_with_the_backend_down_and_up(tmp_path: Path) -> None:
    work = tmp_path / "w"  # outputs w/<name>: job names end in w_<name>
    with LineageServer(statuses=[503, 503, 503]) as server:
        finished = run_python(JOBS / "flush_job.py", [refused_url(), server.url, str(work)], cwd=tmp_path)
        delivered = [r.event() for r in server.requests]

    assert finished.returncode == 0, finished.stderr[-3000:]
    flushes = dict(line.split()[1:] for line in finished.stdout.splitlines() if line.startswith("FLUSH "))
    assert flushes == {"down": "False", "down-nothing-new": "True", "flaky": "False", "up": "True"}
    # the agent on the refused URL lost its application START and the write's START and COMPLETE, and said so
    assert "Headwater: 3 lineage event(s) of this application could not be delivered" in finished.stderr
    # the flaky endpoint got every event: three answered 503, then the second write's and the application's end
    write = "flush_job.execute_insert_into_hadoop_fs_relation_command"
    assert [(e["eventType"], e["job"]["name"]) for e in delivered] == [
        ("START", "flush_job"),
        ("START", f"{write}.w_flaky"),
        ("COMPLETE", f"{write}.w_flaky"),
        ("START", f"{write}.w_up"),
        ("COMPLETE", f"{write}.w_up"),
        ("COMPLETE", "flush_job"),
    ]
