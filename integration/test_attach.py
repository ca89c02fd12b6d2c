"""headwater.attach on a session that already runs (own driver): the next query is captured; re-attaching, detaching,
and a new session after spark.stop() give no duplicate events and no duplicate metrics registration."""

from __future__ import annotations

import json
from pathlib import Path

from integration.support import JOBS, run_python
from tests.support.events import read_jsonl, runs_by_id

GAUGE_WARNING = "already registered"


def steps(stdout: str) -> dict[str, dict]:
    found = [json.loads(line[5:]) for line in stdout.splitlines() if line.startswith("STEP ")]
    return {s.pop("step"): s for s in found}


def runs_of(events: list[dict]) -> list[tuple[str, list[str]]]:
    """(job name, event types) per run, in order."""
    return [(evs[0]["job"]["name"], [e["eventType"] for e in evs]) for evs in runs_by_id(events).values()]


def test_attach_detach_and_a_new_session(tmp_path: Path) -> None:
    work = tmp_path / "w"  # outputs are named w/<name>: job names end in w_<name>
    work.mkdir()
    finished = run_python(JOBS / "attach_job.py", [str(work)], cwd=tmp_path, timeout=600)

    assert finished.returncode == 0, finished.stderr[-4000:]
    found = steps(finished.stdout)
    assert found.keys() == {"configure_on_running_session", "first", "second", "detach", "stopped", "third", "done"}
    assert found["stopped"]["message"] == (
        "this SparkSession was stopped (spark.stop()): "
        "create a new one (SparkSession.builder.getOrCreate()) and use that"
    )
    assert found["configure_on_running_session"]["warnings"] == [
        "headwater.configure(): a SparkSession is already running in this process, so getOrCreate() returns it "
        "without the agent: call headwater.attach(spark, ...) on it instead"
    ]
    assert not (work / "never.jsonl").exists()

    write = "attach_job.execute_insert_into_hadoop_fs_relation_command"
    assert found["first"]["attached"] is True
    assert found["first"]["flushed"] is True
    assert found["first"]["shown"] == f"{work}/first.jsonl"  # what attach set is what show reads
    assert found["first"]["runs"] == [f"COMPLETE {write}.w_first: (no inputs) -> file:{work}/first (7 rows)"]
    assert runs_of(read_jsonl(work / "first.jsonl")) == [
        ("attach_job", ["START", "COMPLETE"]),  # the application run: from attach to the next attach
        (f"{write}.w_first", ["START", "COMPLETE"]),
    ]

    # two more attaches: the first agent was detached, the second replaced by the third; one run per write
    assert found["second"]["runs"] == [f"COMPLETE {write}.w_second: (no inputs) -> file:{work}/second (9 rows)"]
    second = read_jsonl(work / "second.jsonl")
    assert runs_of(second) == [
        ("attach_job", ["START", "COMPLETE"]),
        ("attach_job", ["START", "COMPLETE"]),
        (f"{write}.w_second", ["START", "COMPLETE"]),
    ]
    assert {e["job"]["namespace"] for e in second} == {"attached"}
    assert found["detach"] == {
        "detached": True,
        "again": False,
        "unshown": "this session's OpenLineage transport is 'console'",
    }
    written = {
        d["name"]
        for name in ("first", "second", "third")
        for e in read_jsonl(work / f"{name}.jsonl")
        for d in e["outputs"]
    }
    assert written == {f"{work}/first", f"{work}/second", f"{work}/third"}  # not `before` nor `after_detach`

    # spark.stop(), a new session in the same process, attach again
    assert found["third"]["runs"] == [
        f"COMPLETE attach_job_2.execute_insert_into_hadoop_fs_relation_command.w_third: (no inputs) -> "
        f"file:{work}/third (11 rows)"
    ]
    assert runs_of(read_jsonl(work / "third.jsonl")) == [
        ("attach_job_2", ["START", "COMPLETE"]),
        ("attach_job_2.execute_insert_into_hadoop_fs_relation_command.w_third", ["START", "COMPLETE"]),
    ]

    # configure(), stop, configure() again: one agent per session
    configured = runs_of(read_jsonl(work / "configured.jsonl"))
    assert sorted(configured) == sorted(
        [
            ("configured_0", ["START", "COMPLETE"]),
            ("configured_0.execute_insert_into_hadoop_fs_relation_command.w_configured_0", ["START", "COMPLETE"]),
            ("configured_1", ["START", "COMPLETE"]),
            ("configured_1.execute_insert_into_hadoop_fs_relation_command.w_configured_1", ["START", "COMPLETE"]),
        ]
    )
    # six agents were created in one JVM: none registered a metric that another had registered
    assert GAUGE_WARNING not in finished.stderr
    assert "Headwater" not in finished.stderr, finished.stderr[-3000:]
