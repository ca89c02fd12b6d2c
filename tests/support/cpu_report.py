"""Where the suite's CPU goes, test by test: a pytest plugin for finding what to make cheaper (docs/development.md,
"Tests").

With ``HEADWATER_CPU_REPORT=<directory>`` set, every pytest session of ``make test`` (each Spark line's, each
pytest-xdist worker's) appends one JSON line per test to ``<directory>/<pid>.jsonl``: ``{"test": nodeid, "wall": s,
"cpu": s}``, where ``cpu`` is the CPU time (user + system, in seconds) that this process and every process under it
used from the test's setup to its teardown: the shared session's Spark driver, the drivers, brokers and servers a test
or fixture starts. A session-scoped fixture's cost lands on the first test that uses it. The figures come from
``/proc`` (Linux only): the process's own and its reaped children's times (``getrusage``), plus, for every live
descendant, its own and its reaped children's times from ``/proc/<pid>/stat``. A process reaped by init (a daemon that
left its parent) is lost. Without the variable the plugin does nothing.
"""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterator

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    except OSError:  # the process ended meanwhile
        pass
    return found


def _descendants_cpu(pid: int) -> float:
    """CPU seconds of every live process under ``pid``, each with its reaped children's."""
    total = 0.0
    pending = _children(pid)
    while pending:
        child = pending.pop()
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # fields from the state on: utime, stime, cutime, cstime are the 12th to 15th
        total += sum(int(value) for value in fields[11:15]) / CLOCK_TICKS
        pending += _children(child)
    return total


def tree_cpu() -> float:
    """CPU seconds this process and everything under it used so far (see the module's docstring)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime + _descendants_cpu(os.getpid())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Record the test's wall and CPU time when ``HEADWATER_CPU_REPORT`` names a directory."""
    directory = os.environ.get("HEADWATER_CPU_REPORT")
    if not directory:
        yield
        return
    started, cpu = time.monotonic(), tree_cpu()
    yield
    record = {"test": item.nodeid, "wall": round(time.monotonic() - started, 2), "cpu": round(tree_cpu() - cpu, 2)}
    Path(directory).mkdir(parents=True, exist_ok=True)
    with (Path(directory) / f"{os.getpid()}.jsonl").open("a") as report:
        report.write(json.dumps(record) + "\n")


def summary(directory: Path, top: int = 40) -> str:
    """The report's tests by CPU, most first, and the totals per test file: what ``python -m
    tests.support.cpu_report <directory>`` prints."""
    records = [json.loads(line) for path in sorted(directory.glob("*.jsonl")) for line in path.read_text().splitlines()]
    by_file: dict[str, float] = {}
    for record in records:
        name = record["test"].split("::")[0]
        by_file[name] = by_file.get(name, 0.0) + record["cpu"]
    lines = [f"{len(records)} tests, {sum(r['cpu'] for r in records):.0f} CPU-s", "", "CPU-s  wall-s  test"]
    lines += [f"{r['cpu']:6.1f} {r['wall']:6.1f}  {r['test']}" for r in sorted(records, key=lambda r: -r["cpu"])[:top]]
    lines += ["", "CPU-s  file"] + [f"{cpu:6.0f}  {name}" for name, cpu in sorted(by_file.items(), key=lambda i: -i[1])]
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(summary(Path(sys.argv[1])))
