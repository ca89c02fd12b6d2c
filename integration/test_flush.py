"""headwater.flush() says whether the events emitted since the previous flush were delivered, by the same counters
headwater.status() shows (own driver, real HTTP endpoints on loopback, a real spool)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from headwater._spool import find_spools
from integration.lineage_server import LineageServer
from integration.support import JOBS, run_python
from tests.support.daemons import free_ports


def test_flush_and_status_with_the_backend_down_flaky_and_up(tmp_path: Path) -> None:
    work = tmp_path / "w"  # outputs w/<name>: job names end in w_<name>
    down_port, up_port = free_ports(2)  # together: the down endpoint's port is never the server's
    down_url = f"http://127.0.0.1:{down_port}"
    with LineageServer(statuses=[503], port=up_port) as server:
        finished = run_python(JOBS / "flush_job.py", [down_url, server.url, str(work)], cwd=tmp_path)
        accepted = server.events()
        requests = len(server.requests)

    assert finished.returncode == 0, finished.stderr[-3000:]
    steps: dict[str, tuple[str, dict[str, Any]]] = {}
    for line in finished.stdout.splitlines():
        if line.startswith("FLUSH "):
            _, step, flushed, status = line.split(" ", 3)
            steps[step] = (flushed, json.loads(status))
    assert {step: flushed for step, (flushed, _) in steps.items()} == {
        "down": "False",
        "down-nothing-new": "True",
        "flaky": "False",
        "up": "True",
    }
    # flush and status count the same way: the down agent spooled its application START and the write's START and
    # COMPLETE (one attempt each, then straight to the spool), and nothing new between its two flushes
    down, nothing_new = steps["down"][1], steps["down-nothing-new"][1]
    assert (down["emitted"], down["delivered"], down["spooled"], down["dropped"]) == (3, 0, 3, 0)
    assert down["endpoint_down"] is True
    assert nothing_new == down
    # the flaky agent spooled its application START (503); the probe re-sent it, then every event was delivered
    flaky, up = steps["flaky"][1], steps["up"][1]
    assert flaky["spooled"] >= 1
    assert flaky["dropped"] == 0
    assert up["spooled"] == flaky["spooled"]
    assert up["replayed"] == up["spooled"]
    assert up["emitted"] == 5
    assert up["delivered"] + up["replayed"] == 5
    assert up["endpoint_down"] is False

    # the detached agent's end: one line sums it up, and its 4 events wait in the spool for the down endpoint
    assert (
        "Headwater: lineage delivery at application end: 4 event(s) emitted, 0 delivered, 4 spooled, 0 re-sent from"
        " the spool, 0 dropped" in finished.stderr
    )
    (down_spool,) = [s for s in find_spools(work / "spool") if s.pending()]
    assert down_spool.pending() == 4
    # the flaky endpoint got every event of the second agent exactly once, in order; one more request was the 503
    write = "flush_job.execute_insert_into_hadoop_fs_relation_command"
    assert [(e["eventType"], e["job"]["name"]) for e in accepted] == [
        ("START", "flush_job"),
        ("START", f"{write}.w_flaky"),
        ("COMPLETE", f"{write}.w_flaky"),
        ("START", f"{write}.w_up"),
        ("COMPLETE", f"{write}.w_up"),
        ("COMPLETE", "flush_job"),
    ]
    assert requests == len(accepted) + 1
