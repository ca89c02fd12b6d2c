"""Running PySpark jobs in their own driver process (spark-submit or python), for tests that need a fresh JVM."""

from __future__ import annotations

import contextlib
import csv
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import headwater

REPO = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
JOBS = Path(__file__).resolve().parent / "jobs"


def gradle(project: Path, *args: str) -> list[str]:
    """The command line that runs Debian's Gradle on ``project`` with ``args`` (properties and tasks), as the Makefile
    runs it: without a daemon under CI (``CI`` set), where none would be reused and one left running outlives the
    suite; with one elsewhere, which keeps a developer's next run quick."""
    return ["gradle", "--console=plain", "-q", *(["--no-daemon"] if os.environ.get("CI") else []), "-p", str(project),
            *args]  # fmt: skip


def pyspark_jars(venv: Path) -> Path:
    """The directory of Spark's jars in the pyspark that ``venv`` (a virtual environment's root) has installed."""
    return next((venv / "lib").glob("python3*/site-packages/pyspark/jars"))


def driver_env(**extra: str) -> dict[str, str]:
    """The environment of a child driver: this interpreter for PySpark, no OPENLINEAGE settings leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENLINEAGE")}
    env["PYSPARK_PYTHON"] = sys.executable
    env["PYSPARK_DRIVER_PYTHON"] = sys.executable
    env.update(extra)
    return env


def spark_submit(
    args: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: int = 300, master: str = "local[2]"
) -> subprocess.CompletedProcess[str]:
    """Run ``spark-submit ARGS`` (the pyspark wheel's) and return the finished process; stdout/stderr captured."""
    command = [str(VENV_BIN / "spark-submit"), "--master", master, "--conf", "spark.ui.enabled=false", *args]
    return subprocess.run(
        command, cwd=cwd, env=env or driver_env(), capture_output=True, text=True, timeout=timeout, check=False
    )


def agent_args(events: Path, *settings: str, jars: tuple[str, ...] = (), agent_jar: str | None = None) -> list[str]:
    """spark-submit's arguments that attach the agent writing to the file ``events`` (OpenLineage's ``file`` transport):
    the agent jar (``agent_jar``, default the installed package's jar for the running pyspark) and ``jars`` on
    ``--jars``, the listener, the transport, then each ``key=value`` of ``settings`` as a ``--conf``."""
    return [
        "--jars", ",".join([agent_jar or headwater.jar_path(), *jars]),
        "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
        "--conf", "spark.openlineage.transport.type=file",
        "--conf", f"spark.openlineage.transport.location={events}",
        *[arg for setting in settings for arg in ("--conf", setting)],
    ]  # fmt: skip


def run_python(
    script: Path, args: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: int = 300
) -> subprocess.CompletedProcess[str]:
    """Run a Python script with this interpreter; stdout/stderr captured."""
    return subprocess.run(
        [sys.executable, str(script), *args],
        cwd=cwd,
        env=env or driver_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def lines_by_case(stderr: str) -> dict[str, list[str]]:
    """The driver's stderr lines of each case of a job that prints ``=== case <name>`` before each case and
    ``=== end <name>`` after it (integration/jobs/*_job.py), keyed by case name. Lines after a case's end, until the
    next case starts, still belong to it: a late log line of that case shows there."""
    cases: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in stderr.splitlines():
        start = re.match(r"=== case (\S+)", line)
        if start:
            current = cases.setdefault(start.group(1), [])
        elif current is not None and not line.startswith("=== end"):
            current.append(line)
    return cases


def write_flights_csv(directory: Path) -> Path:
    """A small real CSV input: carrier, origin, dep_delay."""
    directory.mkdir(parents=True, exist_ok=True)
    rows = [["AA", "JFK", 12], ["AA", "LGA", 3], ["UA", "EWR", 40], ["DL", "JFK", -2], ["UA", "EWR", 5]]
    with (directory / "flights.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["carrier", "origin", "dep_delay"])
        writer.writerows(rows)
    return directory


@contextlib.contextmanager
def tmpfs(directory: Path, size: str) -> Iterator[Path]:
    """Mount a tmpfs of ``size`` (e.g. ``16k``) on ``directory`` for the block: a disk that fills up for real.

    Mounting needs root (the test machines and CI run as root); without it the test fails saying so.
    """
    directory.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(directory)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if mounted.returncode != 0:
        pytest.fail(
            f"cannot mount a {size} tmpfs on {directory} (needs root): {mounted.stderr.strip()}; "
            "the full-disk delivery tests need it"
        )
    try:
        yield directory
    finally:
        subprocess.run(["umount", "-l", str(directory)], capture_output=True, check=False)


def remount(directory: Path, size: str) -> None:
    """Give a tmpfs mounted by :func:`tmpfs` a new size (room again)."""
    subprocess.run(["mount", "-o", f"remount,size={size}", str(directory)], check=True, capture_output=True)


def headwater_cli(args: list[str], *, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    """Run the ``headwater`` command of this environment; stdout/stderr captured."""
    return subprocess.run(
        [str(VENV_BIN / "headwater"), *args], capture_output=True, text=True, timeout=timeout, check=False
    )
