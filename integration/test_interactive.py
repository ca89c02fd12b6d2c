"""Notebooks and shells: attach to the running session, and with no transport configured each completed run shows as
one line after the cell (a real Jupyter kernel run by nbclient) or before the next prompt (``python -i``), without
changing Spark's log level; with a transport configured nothing is shown."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from integration.support import driver_env
from tests.support.events import read_jsonl

WRITE = "execute_insert_into_hadoop_fs_relation_command"
NO_SCRIPT = "HeadwaterWarning: headwater: no sourceCode facet, as this code does not run from a script file"


def headwater_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("headwater: ")]


def test_the_python_repl_shows_each_completed_run(tmp_path: Path) -> None:
    statements = f"""
from pyspark.sql import SparkSession
import headwater
spark = SparkSession.builder.master("local[1]").appName("repl").config("spark.ui.enabled", "false").getOrCreate()
root = spark._jvm.org.apache.logging.log4j.LogManager.getRootLogger()
level_before = str(root.getLevel())
attached = headwater.attach(spark)
spark.range(4).write.parquet("{tmp_path}/w/shown")
print("LEVEL", level_before, str(root.getLevel()))
headwater.attach(spark, transport="file", location="{tmp_path}/events.jsonl")
spark.range(4).write.parquet("{tmp_path}/w/not_shown")
print("RUNS", len(headwater.recent_runs(spark)))
"""
    finished = subprocess.run(
        [sys.executable, "-i"], input=statements, cwd=tmp_path, env=driver_env(), capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip

    assert finished.returncode == 0, finished.stderr[-3000:]
    assert headwater_lines(finished.stdout) == [
        f"headwater: COMPLETE repl.{WRITE}.w_shown: (no inputs) -> file:{tmp_path}/w/shown (4 rows)"
    ]
    (levels,) = [line.split()[1:] for line in finished.stdout.splitlines() if line.startswith("LEVEL ")]
    assert levels[0] == levels[1]  # Spark's log level is untouched
    assert "RUNS 1" in finished.stdout  # the second agent ran the second write, silently (a transport is configured)
    assert finished.stderr.count(NO_SCRIPT) == 1  # said once, not at every attach
    written = [e["outputs"][0]["name"] for e in read_jsonl(tmp_path / "events.jsonl") if e["outputs"]]
    assert written == [f"{tmp_path}/w/not_shown"] * 2  # START and COMPLETE of the second write


@pytest.fixture
def jupyter_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the kernel's connection files and IPython's profile out of the user's home."""
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "jupyter-runtime"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    return tmp_path


def test_a_jupyter_kernel_shows_each_completed_run_after_its_cell(jupyter_dirs: Path) -> None:
    work = jupyter_dirs / "w"
    cells = [
        "from pyspark.sql import SparkSession\n"
        "import headwater\n"
        "spark = SparkSession.builder.master('local[1]').appName('notebook').config('spark.ui.enabled', 'false')"
        ".getOrCreate()",
        "headwater.attach(spark)",
        f"spark.range(6).write.parquet('{work}/cell_output')",
        "x = spark.read.parquet(" + repr(f"{work}/cell_output") + ").count()",
        "runs = headwater.recent_runs(spark)\n"
        "print([(r.state, r.job_name, [str(d) for d in r.outputs]) for r in runs])\n"
        "print(runs.to_pandas()[['state', 'job_name']].to_dict('records'))",
        "spark.stop()",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    env = driver_env(
        IPYTHONDIR=str(jupyter_dirs / "ipython"), JUPYTER_RUNTIME_DIR=str(jupyter_dirs / "jupyter-runtime")
    )

    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(jupyter_dirs)}}
    ).execute(env=env)

    def text(cell: int) -> str:
        return "".join(o.get("text", "") for o in notebook.cells[cell].outputs if o.output_type == "stream")

    assert headwater_lines(text(1)) == []
    assert NO_SCRIPT in text(1)  # the attach cell says why there is no sourceCode facet
    assert headwater_lines(text(2)) == [
        f"headwater: COMPLETE notebook.{WRITE}.w_cell_output: (no inputs) -> file:{work}/cell_output (6 rows)"
    ]
    assert headwater_lines(text(3)) == [
        f"headwater: COMPLETE notebook.count.w_cell_output: file:{work}/cell_output -> (none)"
    ]
    assert text(4).splitlines() == [
        str([("COMPLETE", f"notebook.{WRITE}.w_cell_output", [f"file:{work}/cell_output"]),
             ("COMPLETE", "notebook.count.w_cell_output", [])]),
        str([{"state": "COMPLETE", "job_name": f"notebook.{WRITE}.w_cell_output"},
             {"state": "COMPLETE", "job_name": "notebook.count.w_cell_output"}]),
    ]  # fmt: skip


def test_a_jupyter_kernel_shut_down_without_spark_stop_completes_its_application(jupyter_dirs: Path) -> None:
    """A notebook closed without ``spark.stop()``: the kernel is shut down and its driver JVM signalled while no run is
    open. A kernel's driver is a long-running one (attach sets ``application.server``), so its application run ends
    COMPLETE, as docs/configuration.md says of an idle driver, not FAIL ("driver received SIGTERM")."""
    work = jupyter_dirs / "w"
    events = jupyter_dirs / "events.jsonl"
    cells = [
        "from pyspark.sql import SparkSession\n"
        "import headwater\n"
        "spark = SparkSession.builder.master('local[1]').appName('closed notebook').config('spark.ui.enabled', 'false')"
        ".getOrCreate()",
        f"headwater.attach(spark, transport='file', location={str(events)!r})",
        f"spark.range(4).write.parquet('{work}/kept')\nheadwater.flush(spark)",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    env = driver_env(
        IPYTHONDIR=str(jupyter_dirs / "ipython"), JUPYTER_RUNTIME_DIR=str(jupyter_dirs / "jupyter-runtime")
    )
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(jupyter_dirs)}}
    ).execute(env=env)  # ends by shutting the kernel down; no cell stopped the session

    def application_end() -> dict | None:
        found = [e for e in read_jsonl(events) if e["job"]["name"] == "closed_notebook"] if events.exists() else []
        ends = [e for e in found if e["eventType"] in ("COMPLETE", "FAIL", "ABORT")]
        return ends[0] if ends else None

    deadline = time.monotonic() + 60  # the driver JVM ends after the kernel
    while application_end() is None and time.monotonic() < deadline:
        time.sleep(0.5)
    end = application_end()
    assert end is not None, "the application run never ended"
    assert end["eventType"] == "COMPLETE", end["run"]["facets"].get("errorMessage")
    writes = [e for e in read_jsonl(events) if e["job"]["name"].endswith("w_kept")]
    assert [e["eventType"] for e in writes] == ["START", "COMPLETE"]
