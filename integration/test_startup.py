"""The agent starts off Spark's start-up path: events Spark reports while it is still being built are kept."""

from __future__ import annotations

import json
from pathlib import Path

from integration.support import JOBS, run_python


def test_the_application_start_and_a_first_query_run_at_once_are_both_emitted(tmp_path: Path) -> None:
    events_file = tmp_path / "events.jsonl"
    output = tmp_path / "out"

    finished = run_python(JOBS / "startup_job.py", [str(events_file), str(output)], cwd=tmp_path)

    assert finished.returncode == 0, finished.stderr[-3000:]
    events = [json.loads(line) for line in events_file.read_text().splitlines()]
    application = [
        (e["eventType"], e["job"]["name"]) for e in events if "spark_applicationDetails" in e["run"]["facets"]
    ]
    assert application == [("START", "startup_job"), ("COMPLETE", "startup_job")]
    writes = [
        (e["eventType"], [o["name"] for o in e["outputs"]])
        for e in events
        if e["job"]["name"].startswith("startup_job.execute_insert_into_hadoop_fs_relation_command")
    ]
    assert writes == [("START", [str(output)]), ("COMPLETE", [str(output)])]
    assert events[0]["eventType"] == "START"
    assert events[0]["run"]["runId"] == events[-1]["run"]["runId"]
