"""The spool and the ends of killed drivers, with real processes: a spool disk that is full for real (a tmpfs filled to
the last byte), a Python driver killed with SIGKILL (as a dying notebook kernel is), a driver JVM killed with SIGKILL,
and spool paths that other users could write.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import ExitStack, contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from headwater._spool import find_spools
from integration.lineage_server import LineageServer
from integration.support import JOBS, driver_env, headwater_cli, lines_by_case, run_python, tmpfs, write_flights_csv
from tests.support.daemons import free_ports
from tests.support.events import runs_by_id
from tests.support.openlineage_schema import validate_event

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

FAST = {
    "emit.retry.maxAttempts": "2",
    "emit.retry.initialBackoffMillis": "20",
    "emit.retry.maxBackoffMillis": "50",
    "emit.closeTimeoutMillis": "4000",
    "transport.timeoutInMillis": "2000",
}


def http(url: str, spool: Path) -> dict[str, str]:
    return {"transport.type": "http", "transport.url": url, "spool.dir": str(spool), **FAST}


def _write_until_full(fd: int, size: int) -> None:
    """Write ``size``-byte chunks to ``fd`` until the file system says it is full."""
    chunk = b"\0" * size
    with pytest.raises(OSError, match="No space left") as full:  # noqa: PT012 - the loop ends only with the error
        while True:
            os.write(fd, chunk)
    assert full.value.errno == errno.ENOSPC, full.value


def fill(disk: Path) -> Path:
    """Fill the file system of ``disk`` to the last byte with one file; returns it (delete it to free the space)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1):
            _write_until_full(fd, size)
    finally:
        os.close(fd)
    probe = disk / "probe"
    with pytest.raises(OSError, match="No space left") as full:
        probe.write_bytes(b"x")
    assert full.value.errno == errno.ENOSPC, "the disk was meant to be full"
    probe.unlink(missing_ok=True)
    return filler


def event_keys(events: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    return [(e["run"]["runId"], e["eventType"], e["eventTime"]) for e in events]


def spooled(spool_root: Path) -> list[dict[str, Any]]:
    events = []
    for segment in sorted(spool_root.glob("*/*.jsonl")):
        events.extend(json.loads(line) for line in segment.read_text().splitlines())
    return events


def test_a_full_spool_disk_never_sends_an_event_twice_and_never_holds_back_live_events(tmp_path: Path) -> None:
    """Issue 27 item 2. A spool on a 1 MB tmpfs holds an earlier application's events, and the disk is then full to
    the last byte. A new application whose endpoint answers: its own events reach the endpoint even while the spool
    can take nothing behind the spooled ones (another process holds the right to re-send them); then it re-sends the
    spooled events, each once, recording its progress on the full disk. `headwater replay` on a full disk re-sends
    an older agent's spool (no cursor file) only when it can record what it sent, and says so otherwise."""
    source = write_flights_csv(tmp_path / "in")
    with ExitStack() as stack:
        disk = stack.enter_context(tmpfs(tmp_path / "disk", "1m"))
        spool_root = disk / "spool"
        port, other_port = free_ports(2)
        closed = f"http://127.0.0.1:{port}"

        # 1. The endpoint is down: every event of the first application is spooled.
        first = run_python(
            JOBS / "fault_job.py",
            [json.dumps({"a_down": {"settings": http(closed, spool_root), "writes": 2, "pause": 0}}), str(source),
             str(tmp_path / "out"), str(tmp_path)],
            cwd=tmp_path, timeout=300,
        )  # fmt: skip
        assert first.returncode == 0, first.stderr[-3000:]
        earlier = spooled(spool_root)
        assert len(earlier) >= 6, len(earlier)  # the application and two writes, START + COMPLETE each
        # an older agent's spool of the same events: segments and destination.json, no cursor file
        (old,) = find_spools(spool_root)
        older = disk / "older"
        older.mkdir(mode=0o700)
        shutil.copytree(old.directory, older / old.directory.name)
        (older / old.directory.name / "cursor").unlink(missing_ok=True)
        filler = fill(disk)

        # 2. The endpoint answers; the disk is full. While the test holds the spool's replay lock (as a running
        # `headwater replay` would), the second application cannot re-send and cannot spool behind: its events go
        # straight to the endpoint. The third application re-sends the spool once the lock is gone.
        server = stack.enter_context(LineageServer(port=port))
        (spool,) = find_spools(spool_root)
        released = threading.Event()
        marker = tmp_path / "c_up.started"

        def hold_the_replay_lock() -> None:
            with spool.replaying() as mine:
                assert mine
                deadline = time.monotonic() + 240
                while not marker.exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
            released.set()

        holder = threading.Thread(target=hold_the_replay_lock, daemon=True)
        holder.start()
        cases = {
            "b_locked": {"settings": http(server.url, spool_root), "writes": 1, "pause": 0},
            "c_up": {"settings": http(server.url, spool_root), "writes": 1, "pause": 3.0},
        }
        second = run_python(
            JOBS / "fault_job.py", [json.dumps(cases), str(source), str(tmp_path / "out"), str(tmp_path)],
            cwd=tmp_path, timeout=300,
        )  # fmt: skip
        holder.join(timeout=60)
        assert second.returncode == 0, second.stderr[-3000:]
        results = {r["case"]: r for r in map(json.loads, second.stdout.splitlines())}
        logs = {name: "\n".join(lines) for name, lines in lines_by_case(second.stderr).items()}

        events = server.events()
        for event in events:
            validate_event(event)
        keys = event_keys(events)
        assert len(server.requests) == len(keys) == len(set(keys)), (
            f"{len(server.requests)} POSTs for {len(set(keys))} distinct events: an event was sent twice"
        )
        own_b = [e for e in events if e["job"]["name"].startswith("fault_b_locked")]
        assert len(own_b) >= 4, [(e["eventType"], e["job"]["name"]) for e in events]
        status_b = results["b_locked"]["status"]
        assert status_b["dropped"] == 0, (status_b, logs["b_locked"][-3000:])
        assert status_b["delivered"] == status_b["emitted"] >= 3
        # every spooled event of the first application was re-sent once, by the third
        assert sorted(event_keys(earlier)) == sorted(k for k in keys if k in set(event_keys(earlier)))
        assert set(event_keys(earlier)) <= set(keys)
        assert results["c_up"]["status"]["replayed"] == len(earlier), results["c_up"]["status"]
        assert results["c_up"]["status"]["dropped"] == 0
        assert spool.pending() == 0

        # 3. `headwater replay` of an older agent's spool on the full disk: nothing it could not record is sent, and it
        # says the disk is full, where, and how many bytes it needs. (The third application's replay gave back the
        # space of the segments it sent: the disk is filled again.)
        fill(disk)
        with LineageServer(port=other_port) as elsewhere:
            full = headwater_cli(["replay", "--spool", str(older), "--url", elsewhere.url])
            assert full.returncode == 1, full.stdout + full.stderr
            message = " ".join((full.stdout + full.stderr).split())
            assert "is full" in message, message
            assert str(older / old.directory.name) in message, message
            assert "4096 bytes" in message, message
            assert "once it does" not in message and "once the endpoint" not in message, message
            assert elsewhere.events() == []
            filler.unlink()
            replayed = headwater_cli(["replay", "--spool", str(older), "--url", elsewhere.url])
            assert replayed.returncode == 0, replayed.stdout + replayed.stderr
            again = headwater_cli(["replay", "--spool", str(older), "--url", elsewhere.url])
            assert again.returncode == 0, again.stdout + again.stderr
            assert "0 sent" in again.stdout
            assert event_keys(elsewhere.events()) == event_keys(earlier)
        assert released.is_set()


@contextmanager
def _python_driver(
    tmp_path: Path, settings: dict[str, str], output: Path, mode: str = "write"
) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """Run killed_driver_job.py (a Python driver; its JVM is its child) in ``mode`` for the block; yields it and its
    JVM's pid. Whatever is left of it is killed at the block's end."""
    driver = subprocess.Popen(
        [sys.executable, str(JOBS / "killed_driver_job.py"), json.dumps(settings), str(output), mode],
        cwd=tmp_path, env=driver_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert driver.stdout is not None
        line = driver.stdout.readline()
        assert line.startswith("jvm "), line + driver.communicate()[1][-3000:]
        yield driver, int(line.split()[1])
    finally:
        if driver.poll() is None:
            driver.kill()
            driver.wait()


def _wait_for(server: LineageServer, ready: Callable[[dict[str, Any]], bool], driver: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 240
    while not any(ready(e) for e in server.events()):
        assert driver.poll() is None, driver.communicate()[1][-3000:]
        assert time.monotonic() < deadline, "the write never started"
        time.sleep(0.2)


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if Path(f"/proc/{pid}/stat").read_text().split(") ")[-1].startswith("Z"):
            return True
        time.sleep(0.1)
    return False


def _is_write_start(event: dict[str, Any]) -> bool:
    return event["eventType"] == "START" and "execute_insert_into_hadoop_fs_relation_command" in event["job"]["name"]


def test_a_python_driver_killed_with_sigkill_fails_the_application_and_names_the_cause(tmp_path: Path) -> None:
    """Issue 27 item 3: the Python driver process (the JVM's parent, as a notebook kernel is) killed with SIGKILL
    during a write. Its JVM exits on the broken pipe; the application run FAILs and the write run ends, both naming the
    Python driver's death, within the bounded end."""
    with (
        LineageServer() as server,
        _python_driver(tmp_path, http(server.url, tmp_path / "spool"), tmp_path / "out") as (driver, jvm),
    ):
        _wait_for(server, _is_write_start, driver)
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait(timeout=30)
        assert _gone(jvm, 60), "the JVM outlived its Python driver"
    events = server.events()
    assert len(set(event_keys(events))) == len(events)
    for event in events:
        validate_event(event)
    runs = runs_by_id(events)
    app = next(run for run in runs.values() if run[0]["job"]["name"] == "killed_driver")
    assert [e["eventType"] for e in app] == ["START", "FAIL"], [e["eventType"] for e in app]
    message = app[-1]["run"]["facets"]["errorMessage"]["message"]
    assert "Python driver process" in message and "went away" in message, message
    write = next(run for run in runs.values() if any(_is_write_start(e) for e in run))
    assert write[-1]["eventType"] in {"ABORT", "FAIL"}
    write_message = write[-1]["run"]["facets"]["errorMessage"]["message"]
    assert "Python driver process" in write_message, write_message


@pytest.mark.parametrize(("mode", "ending"), [("foreach", "FAIL"), ("idle", "COMPLETE")])
def test_a_python_driver_killed_with_a_non_sql_job_running_fails_and_an_idle_one_completes(
    tmp_path: Path, mode: str, ending: str
) -> None:
    """Issue 38 item 4: killed with SIGKILL while a Spark job that is no SQL execution runs (an ``rdd.foreach``), the
    application run FAILs naming the kill; killed while idle, it still COMPLETEs."""
    with (
        LineageServer() as server,
        _python_driver(tmp_path, http(server.url, tmp_path / "spool"), tmp_path / "out", mode) as (driver, jvm),
    ):
        assert driver.stdout is not None
        assert driver.stdout.readline().strip() in {"running", "idle"}
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait(timeout=30)
        assert _gone(jvm, 60), "the JVM outlived its Python driver"
    runs = runs_by_id(server.events())
    app = next(run for run in runs.values() if run[0]["job"]["name"] == "killed_driver")
    assert [e["eventType"] for e in app] == ["START", ending], [e["eventType"] for e in app]
    if ending == "FAIL":
        message = app[-1]["run"]["facets"]["errorMessage"]["message"]
        assert "Python driver process" in message and "went away" in message, message


def test_runs_left_open_by_a_jvm_killed_with_sigkill_are_aborted_once_at_the_next_start(tmp_path: Path) -> None:
    """Issue 27 item 5: the driver's JVM killed with SIGKILL during a write leaves the application run and the write run
    open; the next application with the same spool ends each with one ABORT (the application was killed, at the last
    time the journal saw it alive), valid; a third application sends none again."""
    spool = tmp_path / "spool"
    with LineageServer() as server:
        with _python_driver(tmp_path, http(server.url, spool), tmp_path / "out") as (driver, jvm):
            _wait_for(server, _is_write_start, driver)
            time.sleep(0.5)
            killed_at = time.time()
            os.kill(jvm, signal.SIGKILL)
            driver.communicate(timeout=60)
        before = server.events()
        open_runs = {e["run"]["runId"] for e in before if e["eventType"] == "START"} - {
            e["run"]["runId"] for e in before if e["eventType"] in {"COMPLETE", "FAIL", "ABORT"}
        }
        assert len(open_runs) == 2, [(e["eventType"], e["job"]["name"]) for e in before]

        source = write_flights_csv(tmp_path / "in")
        cases = {"next": {"settings": http(server.url, spool), "writes": 1, "pause": 0},
                 "third": {"settings": http(server.url, spool), "writes": 1, "pause": 0}}  # fmt: skip
        for name, case in cases.items():
            finished = run_python(
                JOBS / "fault_job.py", [json.dumps({name: case}), str(source), str(tmp_path / "out2"), str(tmp_path)],
                cwd=tmp_path, timeout=300,
            )  # fmt: skip
            assert finished.returncode == 0, finished.stderr[-3000:]
        events = server.events()
    for event in events:
        validate_event(event)
    aborts = [e for e in events if e["eventType"] == "ABORT"]
    assert sorted(e["run"]["runId"] for e in aborts) == sorted(open_runs), aborts
    starts = {e["run"]["runId"]: e for e in before if e["eventType"] == "START"}
    for abort in aborts:
        start = starts[abort["run"]["runId"]]
        assert abort["job"] == {**abort["job"], "namespace": start["job"]["namespace"], "name": start["job"]["name"]}
        assert "killed" in abort["run"]["facets"]["errorMessage"]["message"]
        assert start["eventTime"] <= abort["eventTime"]
        alive = datetime.strptime(abort["eventTime"][:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
        assert killed_at - 15 <= alive <= killed_at + 1, (abort["eventTime"], killed_at)
        if "parent" in start["run"]["facets"]:
            assert abort["run"]["facets"]["parent"] == start["run"]["facets"]["parent"]
