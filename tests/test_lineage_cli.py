"""``headwater lineage ...`` and ``headwater.show`` over the events of real jobs on the shared Spark session."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater
from headwater.cli import cli
from headwater.lineage.notebook import LineageView
from tests.support.events import LineageLog


@pytest.fixture(scope="module")
def pipeline(
    spark_session: SparkSession, session_lineage: LineageLog, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """A two-step job (CSV -> per-carrier parquet -> report JSON) and a declared job over its output, run once."""
    root = tmp_path_factory.mktemp("lineage_cli")
    flights = root / "flights"
    spark_session.createDataFrame(
        [("AA", "JFK", 12), ("UA", "EWR", 40), ("AA", "LGA", 3)], "carrier STRING, origin STRING, dep_delay INT"
    ).write.csv(str(flights), header=True)
    session_lineage.mark(spark_session)
    source = spark_session.read.csv(str(flights), header=True, schema="carrier STRING, origin STRING, dep_delay INT")
    per_carrier = root / "per_carrier"
    source.groupBy("carrier").agg(F.sum("dep_delay").alias("total_delay")).write.parquet(str(per_carrier))
    report = root / "report"
    spark_session.read.parquet(str(per_carrier)).select(F.col("carrier").alias("airline"), "total_delay").write.json(
        str(report)
    )
    declared = spark_session.read.parquet(str(per_carrier)).select("carrier")
    headwater.emit_job_event(spark_session, declared, job_name="tests.declared_carriers", output=str(root / "carriers"))
    events = session_lineage.events(spark_session)
    events_file = root / "events.jsonl"
    events_file.write_text("".join(json.dumps(e) + "\n" for e in events))
    return {"root": root, "flights": flights, "per_carrier": per_carrier, "report": report, "events": events_file,
            "count": len(events)}  # fmt: skip


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_ingest_query_and_view(pipeline: dict[str, Any], tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'store.db'}"
    code, out = run("lineage", "ingest", str(pipeline["events"]), "--store", store)
    assert code == 0, out
    assert out.startswith(f"{pipeline['count']} new events stored in {store}")
    code, out = run("lineage", "ingest", str(pipeline["events"]), "--store", store)
    assert f"0 new events stored in {store} ({pipeline['count']} read, {pipeline['count']} already stored" in out

    per_carrier, report, flights = (str(pipeline[k]) for k in ("per_carrier", "report", "flights"))
    code, out = run("lineage", "datasets", "-s", store)
    assert f"file:{per_carrier}  versions=1  fields=2  lifecycle=" in out
    assert f"file:{flights}  versions=0  fields=3" in out

    code, out = run("lineage", "jobs", "-s", store)
    write_job = next(
        line.split()[0]
        for line in out.splitlines()
        if line.split()[0].endswith(f"{Path(per_carrier).parent.name}_per_carrier")
    )
    assert f"{write_job}  definition=run  inputs=1  outputs=1  latest=COMPLETE" in out
    assert "tests.declared_carriers  definition=job_event  inputs=1  outputs=1  latest=no runs" in out

    code, out = run("lineage", "graph", report, "--direction", "up", "--format", "json", "-s", store)
    assert code == 0, out
    graph = {node["id"]: node for node in json.loads(out)["graph"]}
    assert {
        f"dataset:file:{flights}",
        f"dataset:file:{per_carrier}",
        f"dataset:file:{report}",
        f"job:{write_job}",
    } <= set(graph)
    assert graph[f"job:{write_job}"]["inEdges"] == [
        {"origin": f"dataset:file:{flights}", "destination": f"job:{write_job}", "static": False}
    ]
    assert graph[f"dataset:file:{report}"]["data"]["fields"] == [
        {"name": "airline", "type": "string", "tags": [], "description": None},
        {"name": "total_delay", "type": "long", "tags": [], "description": None},
    ]

    code, out = run("lineage", "graph", per_carrier, "--direction", "down", "--depth", "2", "-s", store)
    assert "job headwater-tests:tests.declared_carriers  [static]" in out
    code, out = run("lineage", "graph", per_carrier, "--format", "dot", "-s", store)
    assert out.startswith("digraph lineage {") and "[style=dashed]" in out
    code, out = run("lineage", "graph", per_carrier, "--format", "mermaid", "-s", store)
    assert out.startswith("flowchart LR\n") and "-.->" in out and "-->" in out

    code, out = run("lineage", "runs", write_job, "-s", store)
    assert re.fullmatch(r"[0-9a-f-]{36}  COMPLETE  started=\S+Z  duration=\d+\.\d{3}s\n", out), out
    code, out = run("lineage", "versions", per_carrier, "-s", store)
    assert re.match(r"#1  \S+Z  run [0-9a-f-]{36}  lifecycle=\S+  fields=\[carrier string, total_delay long\]", out), (
        out
    )
    code, out = run("lineage", "columns", report, "total_delay", "-s", store)
    assert out.splitlines() == [
        f"file:{report} total_delay",
        f"  <- file:{per_carrier} total_delay  [IDENTITY]  (into total_delay)",
        f"    <- file:{flights} dep_delay  [AGGREGATION]  (into total_delay)",
    ]

    page = tmp_path / "page.html"
    code, out = run("lineage", "view", store, "-o", str(page))
    assert out.startswith(f"{page}  (")
    html = page.read_text()
    assert '<script id="headwater-data" type="application/json">' in html
    assert not re.search(r"<(script|link)[^>]+(src|href)=", html)  # everything inlined: no network at view time


def test_sources_are_files_folders_or_stores(pipeline: dict[str, Any], tmp_path: Path) -> None:
    folder = tmp_path / "events"
    (folder / "day1").mkdir(parents=True)
    lines = pipeline["events"].read_text().splitlines(keepends=True)
    (folder / "day1" / "a.jsonl").write_text("".join(lines[: len(lines) // 2]))
    (folder / "b.jsonl").write_text("".join(lines[len(lines) // 2 :]) + '{"eventTime": "now"}\n')
    code, from_folder = run("lineage", "jobs", "-s", str(folder))
    assert code == 0
    _, from_file = run("lineage", "jobs", "-s", str(pipeline["events"]))
    assert from_folder.endswith(from_file)
    assert from_folder.startswith(f"rejected {folder / 'b.jsonl'}:{len(lines) - len(lines) // 2 + 1}: <root>:")

    code, out = run("lineage", "ingest", str(folder), "--store", f"sqlite:///{tmp_path / 's.db'}")
    assert code == 1
    assert f"{len(lines)} new events stored" in out and "1 rejected" in out

    code, out = run("lineage", "jobs", "-s", f"sqlite:///{tmp_path / 'missing.db'}")
    assert code == 1 and "no lineage store at" in out and "headwater lineage ingest" in out
    code, out = run("lineage", "graph", "no_such_thing", "-s", str(pipeline["events"]))
    assert code == 1 and "no dataset or job named 'no_such_thing'" in out


def test_ingest_takes_what_serve_takes(pipeline: dict[str, Any], tmp_path: Path) -> None:
    """A JSON array file, one pretty-printed event, gzip of either or of JSON Lines: the same store as the JSONL."""
    events = [json.loads(line) for line in pipeline["events"].read_text().splitlines()]
    folder = tmp_path / "posted"
    folder.mkdir()
    third = len(events) // 3
    assert third >= 1
    (folder / "one.json").write_text(json.dumps(events[0], indent=2))
    (folder / "array.json").write_text(json.dumps(events[1:third], indent=2))
    (folder / "array.json.gz").write_bytes(gzip.compress(json.dumps(events[third : 2 * third]).encode()))
    rest = "".join(json.dumps(e) + "\n" for e in events[2 * third :])
    (folder / "rest.jsonl.gz").write_bytes(gzip.compress(rest.encode()))
    (folder / "notes.txt").write_text("not events")

    code, out = run("lineage", "ingest", str(folder), "--store", f"sqlite:///{tmp_path / 'posted.db'}")
    assert code == 0, out
    assert out.startswith(f"{len(events)} new events stored")
    _, from_posted = run("lineage", "jobs", "-s", f"sqlite:///{tmp_path / 'posted.db'}")
    _, from_jsonl = run("lineage", "jobs", "-s", str(pipeline["events"]))
    assert from_posted == from_jsonl

    (folder / "broken.json").write_text('[{"eventTime": ')
    code, out = run("lineage", "ingest", str(folder / "broken.json"), "--store", f"sqlite:///{tmp_path / 'b.db'}")
    assert code == 1 and f"rejected {folder / 'broken.json'}: " in out


def test_answers_that_say_why_nothing_is_shown(pipeline: dict[str, Any], tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'store.db'}"
    assert run("lineage", "ingest", str(pipeline["events"]), "--store", store)[0] == 0
    flights, report = str(pipeline["flights"]), str(pipeline["report"])

    # nothing to show: said, exit 0
    code, out = run("lineage", "runs", "tests.declared_carriers", "-s", store)
    assert (code, out) == (0, "no runs of headwater-tests:tests.declared_carriers: it is only declared (a JobEvent), "
                              "no run of it was seen\n")  # fmt: skip
    code, out = run("lineage", "versions", flights, "-s", store)
    assert (code, out) == (0, f"no versions of file:{flights}: no run wrote it and no DatasetEvent changed its schema "
                              "or lifecycle (it is only read, or only declared)\n")  # fmt: skip
    code, out = run("lineage", "columns", flights, "dep_delay", "-s", store)
    assert (code, out.splitlines()) == (
        0, [f"file:{flights} dep_delay", "  (no upstream columns recorded: no column lineage reaches it)"]
    )  # fmt: skip
    (tmp_path / "none.jsonl").write_text("")
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    assert run("lineage", "ingest", str(tmp_path / "none.jsonl"), "--store", empty)[0] == 0
    assert run("lineage", "datasets", "-s", empty) == (0, f"no datasets in {empty}\n")
    assert run("lineage", "jobs", "-s", empty) == (0, f"no jobs in {empty}\n")

    # what was asked cannot be answered: named, exit 1
    code, out = run("lineage", "columns", report, "nope", "-s", store)
    assert (code, out) == (1, f"Error: file:{report} has no field 'nope'; its fields: airline, total_delay\n")


def test_ingest_prepares_in_worker_processes_with_the_same_result(pipeline: dict[str, Any], tmp_path: Path) -> None:
    """--workers 1 with batches of 2 (the worker prepares all but the first) stores what --workers 0 stores, and
    reports the same invalid line (the 4th: in the worker's first batch)."""
    lines = pipeline["events"].read_text().splitlines(keepends=True)
    assert len(lines) >= 4
    events = tmp_path / "events.jsonl"
    events.write_text("".join(lines[:3]) + '{"eventTime": "now"}\n' + "".join(lines[3:]))
    outputs = {}
    for workers in ("1", "0"):
        store = f"sqlite:///{tmp_path / f'workers-{workers}.db'}"
        code, out = run("lineage", "ingest", str(events), "--store", store, "--workers", workers, "--batch-size", "2")
        assert code == 1, out
        assert out.startswith(f"rejected {events}:4: <root>:")
        outputs[workers] = (
            out.replace(store, "STORE"),
            run("lineage", "jobs", "-s", store),
            run("lineage", "datasets", "-s", store),
        )
    assert outputs["1"] == outputs["0"]
    assert (
        f"{len(lines)} new events stored in STORE ({len(lines) + 1} read, 0 already stored, 1 rejected)"
        in outputs["1"][0]
    )
    code, out = run("lineage", "ingest", str(events), "--workers", "-1")
    assert code == 2 and "Invalid value for '--workers'" in out


def test_show_the_sessions_lineage(
    spark_session: SparkSession, pipeline: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    report = str(pipeline["report"])
    headwater.show(spark_session, node=report, direction="up", depth=4)
    out = capsys.readouterr().out
    assert out.startswith(f"lineage of dataset:file:{report}\n")
    assert f"  <- file:{pipeline['flights']}" in out

    view = LineageView(pipeline["events"], node=report)
    frame = view._repr_html_()
    assert frame.startswith('<iframe srcdoc="&lt;!DOCTYPE html&gt;')
    assert "headwater-data" in frame and "window.headwaterGraph" in frame
    assert repr(view) == view.text


def test_show_says_what_to_pass_when_the_transport_is_not_a_file(spark_session: SparkSession) -> None:
    spark_session.conf.set("spark.openlineage.transport.type", "http")  # read by show(); the agent reads it at start
    spark_session.conf.set("spark.openlineage.transport.url", "http://lineage.example:5000")
    try:
        with pytest.raises(
            ValueError, match=r"transport is 'http' to http://lineage.example:5000, not a file.*pass the store"
        ):
            headwater.show(spark_session)
    finally:
        spark_session.conf.set("spark.openlineage.transport.type", "file")
        spark_session.conf.unset("spark.openlineage.transport.url")


def test_a_missing_extra_is_named_with_the_pip_command(tmp_path: Path) -> None:
    script = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "sqlalchemy":
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Block())
from headwater.cli import main
main(["lineage", "jobs", "-s", "events.jsonl"])
"""
    finished = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert finished.returncode == 1
    assert finished.stderr.strip() == "Error: the lineage viewer needs sqlalchemy: pip install 'headwater[lineage]'"


def test_ctrl_c_stops_an_ingest_and_its_worker(tmp_path: Path) -> None:
    """SIGINT to the command's process group (what Ctrl-C in a terminal sends) while a worker prepares: the command
    says "Aborted!" and exits with status 1, the worker process is gone, and its batch files are removed."""
    shm = Path("/dev/shm")  # noqa: S108 - where the worker's batch files go (pipeline._IN_MEMORY)
    before = set(shm.glob("headwater-ingest-*")) if shm.is_dir() else set()
    ingest = _start_worker_ingest(tmp_path)
    children = Path(f"/proc/{ingest.pid}/task/{ingest.pid}/children")
    workers: list[str] = []
    while not workers and ingest.poll() is None:
        workers = children.read_text().split() if children.exists() else []
        time.sleep(0.01)
    assert workers, "the ingest ended before its worker started"
    os.killpg(ingest.pid, signal.SIGINT)
    _, err = ingest.communicate(timeout=120)
    assert ingest.returncode == 1, err
    assert "Aborted!" in err
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "headwater" not in Path(f"/proc/{pid}/cmdline").read_text()
    if shm.is_dir():
        assert set(shm.glob("headwater-ingest-*")) <= before


def _start_worker_ingest(tmp_path: Path) -> subprocess.Popen[str]:
    """``headwater lineage ingest`` of 20,000 events in batches of 100 with a worker, in a new process group."""
    from tests.support.lineage_events import dataset, new_run_id, run_event

    events = tmp_path / "events.jsonl"
    with events.open("w") as out:
        for i in range(20000):
            out.write(
                json.dumps(run_event("START", f"job_{i % 50}", new_run_id(), i, outputs=[dataset(f"/t{i % 70}")]))
            )
            out.write("\n")
    script = "import sys; from headwater.cli import main; main(sys.argv[1:])"
    command = [sys.executable, "-c", script, "lineage", "ingest", str(events), "--store", f"sqlite:///{tmp_path / 's.db'}",
               "--workers", "1", "--batch-size", "100"]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


@pytest.mark.skipif(not Path("/dev/shm").is_dir(), reason="no /dev/shm on this platform")  # noqa: S108
def test_the_batch_folder_of_a_killed_ingest_is_removed_by_the_next_ingest(tmp_path: Path) -> None:
    """An ingest killed with SIGKILL cannot remove its batch folder in /dev/shm (memory, until the machine restarts):
    the next ingest with a worker removes the folders whose process is gone, and leaves a live one's alone."""
    from headwater.lineage.store import LineageStore
    from tests.support.lineage_events import new_run_id, run_event

    shm = Path("/dev/shm")  # noqa: S108
    ingest = _start_worker_ingest(tmp_path)
    mine: list[Path] = []
    while not mine and ingest.poll() is None:
        mine = list(shm.glob(f"headwater-ingest-{ingest.pid}-*"))
        time.sleep(0.01)
    assert mine, "the ingest ended before it made its batch folder"
    os.killpg(ingest.pid, signal.SIGKILL)
    ingest.communicate(timeout=60)
    assert mine[0].is_dir()  # left behind
    live = Path(tempfile.mkdtemp(prefix=f"headwater-ingest-{os.getpid()}-", dir=shm))  # a live process's folder

    store = LineageStore.open(f"sqlite:///{tmp_path / 'next.db'}")
    try:
        runs = [new_run_id() for _ in range(4)]
        events = [(str(i), run_event("START", "etl", run, i)) for i, run in enumerate(runs)]
        assert store.ingest(events, batch_size=1, workers=1).stored == 4
        assert not mine[0].exists()
        assert live.is_dir()
    finally:
        store.close()
        shutil.rmtree(live, ignore_errors=True)
