"""Delivery under faults, with real processes on loopback: whatever the endpoint or the disk does, the job's output is
the same as without the agent, and every event a healthy endpoint gets is delivered — directly, or spooled and then
re-sent — exactly once.

One driver process runs every case in its own SparkContext (integration/jobs/fault_job.py); SIGTERM needs its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pytest
from chispa import assert_df_equality
from pyspark.sql import SparkSession

import headwater
from headwater._spool import find_spools
from integration.lineage_server import Answer, BlackHole, LineageServer
from integration.support import (
    JOBS,
    VENV_BIN,
    driver_env,
    headwater_cli,
    lines_by_case,
    remount,
    run_python,
    tmpfs,
    write_flights_csv,
)
from tests.support.daemons import free_ports
from tests.support.events import runs_by_id
from tests.support.openlineage_schema import validate_event

if TYPE_CHECKING:
    from collections.abc import Callable

CLOSE_TIMEOUT_MS = 4000
# Generous: spark.stop() also stops Spark itself; the agent's part is bounded by the close timeout.
STOP_BOUND_SECONDS = CLOSE_TIMEOUT_MS / 1000 + 6
FAST = {
    "emit.retry.maxAttempts": "3",
    "emit.retry.initialBackoffMillis": "20",
    "emit.retry.maxBackoffMillis": "100",
    "emit.closeTimeoutMillis": str(CLOSE_TIMEOUT_MS),
    "transport.timeoutInMillis": "2000",
}


def http(url: str, spool: Path, **more: str) -> dict[str, str]:
    return {"transport.type": "http", "transport.url": url, "spool.dir": str(spool), **FAST, **more}


def signature(events: list[dict[str, Any]], case: str) -> Counter[tuple[str, str]]:
    """What the events are, whatever the case: (event type, job name with the case's name taken out)."""
    return Counter((e["eventType"], e["job"]["name"].replace(case, "CASE")) for e in events)


def assert_exactly_once(events: list[dict[str, Any]], expected: Counter[tuple[str, str]], case: str) -> None:
    keys = [(e["run"]["runId"], e["eventType"], e["eventTime"]) for e in events]
    assert len(keys) == len(set(keys)), f"{case}: an event was delivered twice"
    assert signature(events, case) == expected, case
    for event in events:
        validate_event(event)


def case_stderr(stderr: str) -> dict[str, str]:
    """The driver's stderr of each case."""
    return {name: "\n".join(lines) for name, lines in lines_by_case(stderr).items()}


def spooled_events(spool: Path) -> list[dict[str, Any]]:
    """Every complete line of every spool segment under ``spool``, parsed (a torn line fails the test)."""
    events = []
    for segment in sorted(spool.glob("*/*.jsonl")):
        data = segment.read_text()
        assert data == "" or data.endswith("\n"), f"{segment} ends with a torn line"
        events.extend(json.loads(line) for line in data.splitlines())
    return events


def listen_after_marker(server: LineageServer, marker: Path, delay: float) -> threading.Thread:
    """Open ``server``'s port ``delay`` seconds after ``marker`` appears (an endpoint down at start-up)."""

    def wait_then_listen() -> None:
        deadline = time.monotonic() + 300
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(delay)
        server.listen()

    thread = threading.Thread(target=wait_then_listen, daemon=True)
    thread.start()
    return thread


def test_every_event_is_delivered_or_spooled_then_replayed_exactly_once(
    spark_session: SparkSession, tmp_path: Path
) -> None:
    source = write_flights_csv(tmp_path / "in")
    out = tmp_path / "out"
    markers = tmp_path / "markers"
    markers.mkdir()
    spools = tmp_path / "spools"
    with ExitStack() as stack:
        hanging = stack.enter_context(BlackHole())  # holds its port from here on
        # The endpoints' ports, chosen in one go: nothing listens on the closed one during the job, nor on the late
        # one until it opens, so a port chosen one at a time after them could be theirs.
        ports = free_ports(7)
        closed_port = ports.pop()  # nothing listens there during the job
        healthy = stack.enter_context(LineageServer(port=ports.pop()))
        failing = stack.enter_context(LineageServer(statuses=[500] * 10_000, port=ports.pop()))
        throttled = stack.enter_context(LineageServer(answers=[Answer(429, retry_after="1")] * 2, port=ports.pop()))
        malformed = stack.enter_context(LineageServer(answers=[Answer(malformed=True)] * 3, port=ports.pop()))
        restarted = stack.enter_context(LineageServer(down_after=3, down_for=2.0, port=ports.pop()))
        late = stack.enter_context(LineageServer(listen_now=False, port=ports.pop()))
        listen_after_marker(late, markers / "c_late.started", 1.0)
        file_disk = stack.enter_context(tmpfs(tmp_path / "file-disk", "16k"))
        spool_disk = stack.enter_context(tmpfs(tmp_path / "spool-disk", "16k"))
        composite_file = tmp_path / "composite" / "events.jsonl"

        def case(settings: dict[str, str] | None, *, pause: float = 0.0, flush: bool = True) -> dict[str, Any]:
            return {"settings": settings, "writes": 3, "pause": pause, "flush": flush}

        cases = {
            "c_healthy": case(http(healthy.url, spools / "healthy")),
            "c_closed": case(http(f"http://127.0.0.1:{closed_port}", spools / "closed")),
            "c_hanging": case(
                http(hanging.url, spools / "hanging", **{"transport.timeoutInMillis": "60000"}), flush=False
            ),
            "c_failing": case(http(failing.url, spools / "failing")),
            "c_throttled": case(http(throttled.url, spools / "throttled", **{"emit.retry.maxAttempts": "5"})),
            "c_malformed": case(http(malformed.url, spools / "malformed", **{"emit.retry.maxAttempts": "5"})),
            "c_restarted": case(http(restarted.url, spools / "restarted"), pause=1.5),
            "c_late": case(http(late.url, spools / "late"), pause=1.5),
            "c_file_full": case(
                {
                    "transport.type": "file",
                    "transport.location": str(file_disk / "events.jsonl"),
                    "spool.dir": str(spools / "file_full"),
                    **FAST,
                }
            ),
            "c_spool_full": case(http(f"http://127.0.0.1:{closed_port}", spool_disk)),
            "c_composite": case(
                {
                    "transport.type": "composite",
                    "transport.transports.local.type": "file",
                    "transport.transports.local.location": str(composite_file),
                    "transport.transports.remote.type": "http",
                    "transport.transports.remote.url": f"http://127.0.0.1:{closed_port}",
                    "spool.dir": str(spools / "composite"),
                    **FAST,
                }
            ),
            # last: the first case's settings start the driver's JVM, with the agent's jar on its class path
            "c_baseline": case(None),
        }
        finished = run_python(
            JOBS / "fault_job.py", [json.dumps(cases), str(source), str(out), str(markers)], cwd=tmp_path, timeout=600
        )
        assert finished.returncode == 0, finished.stderr[-5000:]
        results = {r["case"]: r for r in map(json.loads, finished.stdout.splitlines())}
        logs = case_stderr(finished.stderr)
        assert sorted(results) == sorted(cases)

        # The job's output never changes: every case wrote what the run without the agent wrote.
        baseline = spark_session.read.parquet(str(out / "c_baseline" / "w0"))
        for name in cases:
            for i in range(3):
                result = spark_session.read.parquet(str(out / name / f"w{i}"))
                assert_df_equality(result, baseline, ignore_row_order=True)

        expected = signature(healthy.events(), "c_healthy")
        assert expected[("START", "fault_CASE")] == 1
        assert expected[("COMPLETE", "fault_CASE")] == 1
        assert sum(expected.values()) >= 8  # the application and three writes, each START + COMPLETE
        total = sum(expected.values())
        assert_exactly_once(healthy.events(), expected, "c_healthy")
        assert results["c_healthy"]["status"]["delivered"] == total - 1  # all but the application COMPLETE, at stop
        assert "lineage delivery at application end" not in logs["c_healthy"]

        # Endpoint closed for the whole job: everything spooled, spark.stop() not held up; then the endpoint comes up
        # on the same port and `headwater replay` delivers the spool.
        closed = results["c_closed"]
        assert closed["status"]["spooled"] == closed["status"]["emitted"] >= total - 1
        assert closed["stop_seconds"] < STOP_BOUND_SECONDS, closed
        assert f"{total} event(s) emitted, 0 delivered, {total} spooled" in logs["c_closed"]
        with LineageServer(port=closed_port) as back:
            replayed = headwater_cli(["replay", "--spool", str(spools / "closed")])
            assert replayed.returncode == 0, replayed.stdout + replayed.stderr
            assert f"{total} sent, 0 dropped, 0 left" in replayed.stdout
            assert_exactly_once(back.events(), expected, "c_closed")
        again = headwater_cli(["replay", "--spool", str(spools / "closed")])
        assert again.returncode == 0
        assert "0 sent" in again.stdout  # nothing is sent twice

        # Hanging endpoint: spark.stop() returns within the close timeout, the request in flight and the queue go
        # to the spool; replayed elsewhere with --url.
        hung = results["c_hanging"]
        assert hung["stop_seconds"] < STOP_BOUND_SECONDS, hung
        assert len(hanging.connections) >= 1
        assert (
            f"{total} event(s) emitted, 0 delivered, {total} spooled, 0 re-sent from the spool, 0 dropped"
            in logs["c_hanging"]
        )
        # HTTP 500 for the whole job: retried, spooled; replayed elsewhere with --url.
        assert f"{total} event(s) emitted, 0 delivered, {total} spooled" in logs["c_failing"]
        for name in ("c_hanging", "c_failing"):
            with LineageServer() as elsewhere:
                replayed = headwater_cli(["replay", "--spool", str(spools / name[2:]), "--url", elsewhere.url])
                assert replayed.returncode == 0, replayed.stdout + replayed.stderr
                assert_exactly_once(elsewhere.events(), expected, name)

        # 429 with Retry-After: 1 — the agent waited as asked, then delivered everything directly.
        assert_exactly_once(throttled.events(), expected, "c_throttled")
        first, second = throttled.requests[0], throttled.requests[1]
        assert second.received_at - first.received_at >= 0.9
        assert results["c_throttled"]["status"]["spooled"] == 0

        # Malformed answers: retried as transient, then delivered.
        assert_exactly_once(malformed.events(), expected, "c_malformed")
        assert len(malformed.requests) == total + 3

        # Restarted mid-job and down at start-up: what failed was spooled and re-sent during the application, in
        # order; the application START of the late endpoint was recovered, so every run's parent was delivered.
        for name, server in (("c_restarted", restarted), ("c_late", late)):
            status = results[name]["status"]
            assert status["spooled"] >= 1, (name, status)
            assert status["replayed"] == status["spooled"], (name, status)
            events = server.events()
            assert_exactly_once(events, expected, name)
            app_run = next(e for e in events if e["job"]["name"] == f"fault_{name}" and e["eventType"] == "START")
            for run in runs_by_id(events).values():
                if run[0]["job"]["name"] != f"fault_{name}":
                    assert run[0]["run"]["facets"]["parent"]["run"]["runId"] == app_run["run"]["runId"]
        late_events = late.events()
        assert late_events[0]["job"]["name"] == "fault_c_late"
        assert late_events[0]["eventType"] == "START"

        # Full disk under the file transport: whole lines only, the rest spooled; with room again, replayed.
        written = (file_disk / "events.jsonl").read_text()
        assert written.endswith("\n")
        in_file = [json.loads(line) for line in written.splitlines()]
        spooled = spooled_events(spools / "file_full")
        assert len(in_file) + len(spooled) == total
        assert spooled, "the 16k disk was meant to fill up"
        remount(file_disk, "4m")
        replayed = headwater_cli(["replay", "--spool", str(spools / "file_full")])
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        assert_exactly_once(
            [json.loads(line) for line in (file_disk / "events.jsonl").read_text().splitlines()],
            expected,
            "c_file_full",
        )

        # Full disk under the spool: what fits is spooled whole, the rest counted as dropped and said so.
        spool_full = logs["c_spool_full"]
        assert "cannot be written; a lineage event is dropped" in spool_full
        summary = re.search(
            r"(\d+) event\(s\) emitted, 0 delivered, (\d+) spooled, 0 re-sent from the spool, (\d+) dropped", spool_full
        )
        assert summary, spool_full[-3000:]
        emitted, kept, dropped = map(int, summary.groups())
        assert (emitted, kept + dropped) == (total, total)
        assert kept >= 1
        assert dropped >= 1
        kept_events = spooled_events(spool_disk)
        assert len(kept_events) == kept
        remount(spool_disk, "4m")  # room again: the spool's cursor can move
        with LineageServer() as elsewhere:
            replayed = headwater_cli(["replay", "--spool", str(spool_disk), "--url", elsewhere.url])
            assert replayed.returncode == 0, replayed.stdout + replayed.stderr
            assert [e["eventTime"] for e in elsewhere.events()] == [e["eventTime"] for e in kept_events]

        # A composite with a failing child: the other child gets every event, the failing one's go to its spool, and
        # the log stays short (no stack trace per event).
        assert len(composite_file.read_text().splitlines()) == total
        assert len(spooled_events(spools / "composite")) == total
        warnings = [line for line in logs["c_composite"].splitlines() if " WARN DeliveryLog: " in line]
        assert 1 <= len(warnings) <= 6, warnings
        assert logs["c_composite"].count("\tat ") < 3 * 60  # at most a few stack traces, not one per event

        # No Headwater line after an application's end (its summary is the last word).
        for name, log in logs.items():
            lines = log.splitlines()
            ends = [i for i, line in enumerate(lines) if "lineage delivery at application end" in line]
            if ends:
                assert not any("Headwater" in line for line in lines[ends[-1] + 1 :]), name


class SignalledDriver(NamedTuple):
    """A spark-submit driver stopped with SIGTERM: the events its endpoint got, its stderr and exit code, and how long
    it took to exit after the signal."""

    events: list[dict[str, Any]]
    stderr: str
    returncode: int
    exit_seconds: float


def _sigterm_driver_when(
    tmp_path: Path, job: str, output: Path, ready: Callable[[dict[str, Any]], bool], ready_text: str, *conf: str
) -> SignalledDriver:
    """Run ``job`` (integration/jobs) writing to ``output``, with the agent posting to a loopback endpoint, and send
    the driver SIGTERM as soon as the endpoint has an event for which ``ready`` holds (failing with ``ready_text`` when
    none comes within 240 s). ``conf``: more ``--conf`` settings."""
    with LineageServer() as server:
        command = [
            str(VENV_BIN / "spark-submit"), "--master", "local[1]", "--conf", "spark.ui.enabled=false",
            "--jars", headwater.jar_path(),
            "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
            "--conf", "spark.openlineage.transport.type=http",
            "--conf", f"spark.openlineage.transport.url={server.url}",
            "--conf", f"spark.openlineage.spool.dir={tmp_path / 'spool'}",
            "--conf", f"spark.openlineage.emit.closeTimeoutMillis={CLOSE_TIMEOUT_MS}",
            *(part for setting in conf for part in ("--conf", setting)),
            str(JOBS / job), str(output),
        ]  # fmt: skip
        # a process group of its own: the signal goes to the driver JVM only, as a cluster manager sends it, and what
        # outlives the JVM (the Python job it ran, orphaned, sleeping in idle_driver_job.py) is killed at the end
        driver = subprocess.Popen(
            command, cwd=tmp_path, env=driver_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 240
            while not any(ready(e) for e in server.events()):
                assert driver.poll() is None, driver.communicate()[1][-3000:]
                assert time.monotonic() < deadline, ready_text
                time.sleep(0.2)
            os.kill(driver.pid, signal.SIGTERM)
            killed_at = time.monotonic()
            _, stderr = driver.communicate(timeout=120)
            exit_seconds = time.monotonic() - killed_at
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(driver.pid, signal.SIGKILL)
            driver.wait(timeout=60)
        events = server.events()
    for event in events:
        validate_event(event)
    return SignalledDriver(events, stderr, driver.returncode, exit_seconds)


def test_sigterm_during_a_write_fails_the_application_and_closes_every_run(tmp_path: Path) -> None:
    target = tmp_path / "slow"
    driver = _sigterm_driver_when(tmp_path, "slow_write_job.py", target, _is_write_start, "the write never started")

    assert driver.returncode != 0
    assert driver.exit_seconds < STOP_BOUND_SECONDS + 10, driver.exit_seconds
    assert not (target / "_SUCCESS").exists()  # the write was killed, as it would be without the agent
    keys = [(e["run"]["runId"], e["eventType"], e["eventTime"]) for e in driver.events]
    assert len(keys) == len(set(keys)), "an event was delivered twice"
    left = sum(spool.pending() for spool in find_spools(tmp_path / "spool"))
    assert left == 0, "the endpoint answers: every event was delivered within the bounded stop, none left spooled"
    runs = runs_by_id(driver.events)
    app = next(run for run in runs.values() if run[0]["job"]["name"] == "slow_write")
    assert [e["eventType"] for e in app] == ["START", "FAIL"], driver.stderr[-3000:]
    assert "terminated" in app[-1]["run"]["facets"]["errorMessage"]["message"]
    assert "SIGTERM" in app[-1]["run"]["facets"]["errorMessage"]["message"]
    write = next(run for run in runs.values() if any(_is_write_start(e) for e in run))
    assert write[-1]["eventType"] in {"ABORT", "FAIL"}
    assert "terminated" in write[-1]["run"]["facets"]["errorMessage"]["message"]
    for run in runs.values():
        assert run[-1]["eventType"] in {"COMPLETE", "FAIL", "ABORT"}, run[0]["job"]["name"]


@pytest.mark.parametrize(("declared", "end"), [(None, "FAIL"), ("true", "COMPLETE")])
def test_an_idle_driver_stopped_by_sigterm_completes_when_it_is_declared_a_server(
    tmp_path: Path, declared: str | None, end: str
) -> None:
    """A plain driver killed while idle FAILs (it was terminated); declared a server with
    spark.openlineage.application.server=true, the same signal is its usual end and its application run COMPLETEs."""
    conf = [f"spark.openlineage.application.server={declared}"] if declared else []
    driver = _sigterm_driver_when(
        tmp_path, "idle_driver_job.py", tmp_path / "out", _is_write_end, "the write never completed", *conf
    )

    runs = runs_by_id(driver.events)
    app = next(run for run in runs.values() if run[0]["job"]["name"] == "idle_driver")
    assert [e["eventType"] for e in app] == ["START", end], driver.stderr[-3000:]
    message = app[-1]["run"]["facets"].get("errorMessage", {}).get("message", "")
    assert ("SIGTERM" in message) == (end == "FAIL"), message


def _is_write_end(event: dict[str, Any]) -> bool:
    return event["eventType"] == "COMPLETE" and "execute_insert_into_hadoop_fs_relation_command" in event["job"]["name"]


def _is_write_start(event: dict[str, Any]) -> bool:
    return event["eventType"] == "START" and "execute_insert_into_hadoop_fs_relation_command" in event["job"]["name"]
