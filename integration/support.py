"""Running PySpark jobs in their own driver process (spark-submit or python), for tests that need a fresh JVM."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
JOBS = Path(__file__).resolve().parent / "jobs"


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
    return subprocess.run(command, cwd=cwd, env=env or driver_env(), capture_output=True, text=True, timeout=timeout, check=False)


def run_python(script: Path, args: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    """Run a Python script with this interpreter; stdout/stderr captured."""
    return subprocess.run(
        [sys.executable, str(script), *args], cwd=cwd, env=env or driver_env(), capture_output=True, text=True, timeout=timeout, check=False
    )


def write_flights_csv(directory: Path) -> Path:
    """A small real CSV input: carrier, origin, dep_delay."""
    directory.mkdir(parents=True, exist_ok=True)
    rows = [["AA", "JFK", 12], ["AA", "LGA", 3], ["UA", "EWR", 40], ["DL", "JFK", -2], ["UA", "EWR", 5]]
    with (directory / "flights.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["carrier", "origin", "dep_delay"])
        writer.writerows(rows)
    return directory
