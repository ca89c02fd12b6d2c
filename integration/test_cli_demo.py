"""`headwater demo` (what `make demo` runs) in its own driver process."""

from __future__ import annotations

import subprocess
from pathlib import Path

from integration.support import VENV_BIN, driver_env
from tests.support.events import read_jsonl, runs_by_id


def test_headwater_demo_command(tmp_path: Path) -> None:
    events = tmp_path / "lineage" / "events.jsonl"
    finished = subprocess.run(
        [str(VENV_BIN / "headwater"), "demo", "--workdir", str(tmp_path / "work"), "--events", str(events)],
        cwd=tmp_path, env=driver_env(), capture_output=True, text=True, timeout=600, check=False,
    )

    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "JFK -> CMH (Port Columbus Intl): 742 flights, 22.92 min" in finished.stdout
    assert f"Lineage (5 runs, events in {events})" in finished.stdout
    assert "COMPLETE  demo/nycflights13_demo.execute_insert_into_hadoop_fs_relation_command.warehouse_route_delays" in finished.stdout
    runs = runs_by_id(read_jsonl(events))  # validates every event
    assert len(runs) == 5
    app = [evs for evs in runs.values() if evs[0]["job"]["name"] == "nycflights13_demo"]
    assert [e["eventType"] for e in app[0]] == ["START", "COMPLETE"]
