"""The user's exception of a query whose analysis failed stays the user's (issue 27, item 6): with the agent, its stack
trace is the one Spark gives without the agent — reading the failed QueryExecution's plans would make Spark's LazyTry
splice the agent's frames into the very exception object the user holds — and the query's run ends FAIL with that
error, its plans unread."""

from __future__ import annotations

import json
import re
from pathlib import Path

from integration.support import JOBS, run_python
from tests.support.events import child_runs
from tests.support.openlineage_schema import validate_event


def trace(stdout: str) -> str:
    """What the job printed between ``=== trace`` and ``=== end trace``."""
    return stdout.split("=== trace\n", 1)[1].split("=== end trace", 1)[0]


FRAME = re.compile(r"^\s*at (?P<method>[\w$.]+)\(")
ELIDED = re.compile(r"^\s*\.\.\. \d+ more$")


def frames(text: str) -> list[str]:
    """A stack trace's lines, consecutive frames of one method counted once and ``... N more`` left out.

    py4j calls ``SparkSession.sql(String)`` either directly or through its Scala bridge method (the same method name,
    one frame more), whichever the JVM's method list gives first; which that is varies from one JVM to the next, with
    or without the agent. Frames the agent spliced in would be frames of other methods, and still differ.
    """
    kept: list[str] = []
    previous = None
    for line in text.splitlines():
        if ELIDED.match(line):
            continue
        found = FRAME.match(line)
        method = found["method"] if found else None
        if method is not None and method == previous:
            continue
        kept.append(line.split("(")[0] if method else line)
        previous = method
    return kept


def test_the_users_exception_is_unchanged_and_its_run_fails(tmp_path: Path) -> None:
    events_file = tmp_path / "events.jsonl"
    with_agent = run_python(JOBS / "failed_analysis_job.py", ["agent", str(events_file)], cwd=tmp_path)
    assert with_agent.returncode == 0, with_agent.stderr[-5000:]
    without_agent = run_python(JOBS / "failed_analysis_job.py", ["none", str(events_file)], cwd=tmp_path)
    assert without_agent.returncode == 0, without_agent.stderr[-5000:]

    users_trace = trace(with_agent.stdout)
    assert "[AMBIGUOUS_REFERENCE]" in users_trace
    assert "io.headwater" not in users_trace
    assert frames(users_trace) == frames(trace(without_agent.stdout))
    assert "io.headwater" not in with_agent.stderr  # nor in anything Spark logged

    assert "S3cr3t" not in events_file.read_text()  # the query's literal is masked in its sql facet
    events = [json.loads(line) for line in events_file.read_text().splitlines()]
    for event in events:
        validate_event(event)
    runs = [run for run in child_runs(events).values() if run[0]["job"]["name"] != "failed_analysis"]
    assert [[e["eventType"] for e in run] for run in runs] == [["START", "FAIL"]]
    start, fail = runs[0]
    assert fail["job"]["name"] == start["job"]["name"] == "failed_analysis.project"  # the parsed plan's root
    assert fail["inputs"] == fail["outputs"] == []
    error = fail["run"]["facets"]["errorMessage"]
    assert error["message"].startswith("[AMBIGUOUS_REFERENCE] Reference `k` is ambiguous")
    assert "io.headwater" not in error["stackTrace"]
    assert fail["job"]["facets"]["sql"]["query"] == "SELECT k FROM twice_k WHERE k <> ?"
