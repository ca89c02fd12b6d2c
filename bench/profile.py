"""Where the agent's time goes: the jobs of ``bench/overhead.py`` with Headwater, profiled by Java Flight Recorder.

Runs each job once in a fresh driver with a JFR recording (JDK 17's built-in profiler: ``jdk.ExecutionSample`` every
``--period`` of CPU time per running Java thread), then reads the recording with the JDK's ``jfr`` tool and
attributes every sample taken on one of the agent's threads (``headwater-*``) or on Spark's listener-bus threads
(``spark-listener-group-*``) to a cost:

- ``class loading``, ``JSON serialisation`` (Jackson) and ``transport I/O`` (files, sockets) when such a frame is on the
  stack, whoever called it;
- otherwise the package of the innermost Headwater frame: ``column lineage`` (``reading.columns``), ``plan reading``
  (``reading``, ``connectors``, ``naming``), ``facets``, ``statistics`` (a class named ``*Statistic*``),
  ``extensions``, ``emit``, ``agent``;
- ``Spark's own listeners`` for listener-bus samples with no Headwater frame (Spark's status stores, not the agent).

Also attributes the samples taken inside ``getOrCreate`` on any thread with an agent frame (Headwater's or the
bundled OpenLineage client's) on the stack: what the agent adds to a session's start-up.

Prints, per job and thread group, the samples of the measured run (the warm-up run's are left out) per cost (with their
share and an estimate in milliseconds: samples x period) and the innermost Headwater methods with the most samples; the
agent's CPU per SQL execution comes from the same run (ThreadMXBean, as in ``bench/overhead.py``).

Usage: .venv/bin/python bench/profile.py [--jobs demo,small] [--period 2] [--workdir build/bench] [--python PYTHON]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from overhead import run_once

# (cost, predicate on a frame's class name and method) tried on every frame, innermost first
ANYWHERE = (
    ("class loading", lambda cls, _: cls == "java.lang.ClassLoader" or cls.startswith("jdk.internal.loader.")),
    ("JSON serialisation", lambda cls, _: cls.startswith(("com.fasterxml.jackson.", "io.headwater.shaded.jackson."))),
    ("transport I/O", lambda cls, _: cls.startswith(("sun.nio.ch.", "java.net.", "java.io.FileOutputStream"))),
)
# (cost, class-name prefix or infix) for the innermost Headwater frame
HEADWATER = (
    ("statistics", "Statistic"),
    ("column lineage", "io.headwater.spark.reading.columns."),
    ("plan reading", "io.headwater.spark.reading."),
    ("plan reading", "io.headwater.spark.connectors."),
    ("plan reading", "io.headwater.spark.naming."),
    ("facets", "io.headwater.spark.facets."),
    ("extensions", "io.headwater.spark.extensions."),
    ("emit", "io.headwater.spark.emit."),
    ("agent", "io.headwater.spark."),
)


def frames(event: dict[str, Any]) -> list[tuple[str, str]]:
    """(class, method) of a sample's stack, innermost first.

    JFR's ``a/b/C`` class names are given as ``a.b.C``; lambdas are left out.
    """
    stack = event["values"].get("stackTrace") or {"frames": []}
    named = [(f["method"]["type"]["name"].replace("/", "."), f["method"]["name"]) for f in stack["frames"]]
    return [(cls, method) for cls, method in named if "$$Lambda" not in cls]


def thread_group(event: dict[str, Any]) -> str | None:
    """``agent``, ``listener bus`` or None (a thread the profile does not cover)."""
    name = (event["values"].get("sampledThread") or {}).get("javaName") or ""
    if name.startswith("headwater-"):
        return "agent threads"
    if name.startswith("spark-listener-group"):
        return "listener bus"
    return None


def cost(stack: list[tuple[str, str]]) -> tuple[str, str | None]:
    """The cost a sample is attributed to, and its innermost Headwater method (if any)."""
    innermost = next((f"{cls}.{method}" for cls, method in stack if cls.startswith("io.headwater.")), None)
    for cls, method in stack:
        for name, matches in ANYWHERE:
            if matches(cls, method):
                return name, innermost
    if innermost is None:
        return "Spark's own listeners", None
    for name, marker in HEADWATER:
        if marker in innermost.rsplit(".", 1)[0]:
            return name, innermost
    return "agent", innermost


def samples(recording: Path) -> list[dict[str, Any]]:
    """The execution samples of a JFR recording, read with the JDK's ``jfr`` tool."""
    printed = subprocess.run(
        ["jfr", "print", "--json", "--stack-depth", "256", "--events", "jdk.ExecutionSample", str(recording)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    events: list[dict[str, Any]] = json.loads(printed.stdout)["recording"]["events"]
    return events


def is_agent(cls: str) -> bool:
    """True for a class of the agent: Headwater's own, or the OpenLineage client it bundles (relocated or not)."""
    return cls.startswith(("io.headwater.", "io.openlineage."))


def startup_cost(stack: list[tuple[str, str]]) -> tuple[str, str | None] | None:
    """The start-up cost a sample of any thread is attributed to, and its innermost agent method; None when the agent
    is not on the stack (Spark's own start-up)."""
    innermost = next((f"{cls}.{method}" for cls, method in stack if is_agent(cls)), None)
    if innermost is None:
        return None
    for cls, method in stack:
        for name, matches in ANYWHERE:
            if matches(cls, method):
                return name, innermost
    return "agent code", innermost


def report_startup(events: list[dict[str, Any]], measured: dict[str, float], period_ms: float) -> None:
    """What the agent's start-up costs inside ``getOrCreate``: samples of every thread in that window with an agent
    frame on the stack, by cost and by innermost agent method."""
    window = (measured["startup_from"], measured["startup_to"])
    costs: Counter[str] = Counter()
    methods: Counter[str] = Counter()
    threads: Counter[str] = Counter()
    total = 0
    for event in events:
        if not window[0] <= taken_at(event) <= window[1]:
            continue
        total += 1
        found = startup_cost(frames(event))
        if found is not None:
            costs[found[0]] += 1
            threads["the agent's own threads" if thread_group(event) == "agent threads" else "other threads"] += 1
            if found[1] is not None:
                methods[found[1]] += 1
    agent = sum(costs.values())
    print(
        f"start-up (getOrCreate, {measured['startup']:.2f} s): {total} samples on all threads, {agent} with the agent"
        f" on the stack (~{agent * period_ms:.0f} ms)"
    )
    for name, count in costs.most_common():
        print(f"  {name:26} {count:6} {100 * count / max(1, agent):6.1f} %  ~{count * period_ms:7.0f} ms")
    for method, count in methods.most_common(8):
        print(f"    {count:6}  {method}")
    # "other threads": chiefly the one building the SparkContext (the listener's constructor), the job's critical path
    print("  by thread: " + ", ".join(f"{name} {count}" for name, count in threads.most_common()))


def taken_at(event: dict[str, Any]) -> float:
    """A sample's time, seconds since the epoch."""
    return datetime.fromisoformat(event["values"]["startTime"][:26].rstrip("Z") + "+00:00").timestamp()


def report(job: str, recording: Path, measured: dict[str, float], period_ms: float) -> None:
    """The profile of one job."""
    by_group: dict[str, Counter[str]] = {}
    methods: dict[str, Counter[str]] = {}
    measured_from = measured["measured_from"]
    events = samples(recording)
    for event in events:
        group = thread_group(event) if taken_at(event) >= measured_from else None
        if group is None:
            continue
        name, method = cost(frames(event))
        by_group.setdefault(group, Counter())[name] += 1
        if method is not None:
            methods.setdefault(group, Counter())[method] += 1
    executions = int(measured["executions"])
    print(
        f"\n== {job}: {executions} SQL executions measured; agent-thread CPU {measured['agent_cpu'] * 1000:.0f} ms "
        f"= {measured['agent_cpu'] * 1000 / max(1, executions):.2f} ms per execution; "
        f"listener-bus CPU {measured['listener_cpu'] * 1000:.0f} ms (the measured run, after a warm-up run)"
    )
    for group, costs in sorted(by_group.items()):
        total = sum(costs.values())
        print(f"{group}: {total} samples (~{total * period_ms:.0f} ms)")
        for name, count in costs.most_common():
            print(f"  {name:26} {count:6} {100 * count / total:6.1f} %  ~{count * period_ms:7.0f} ms")
        for method, count in methods.get(group, Counter()).most_common(8):
            print(f"    {count:6}  {method}")
    report_startup(events, measured, period_ms)


def main() -> None:
    """Profile each job and print where the time goes."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--jobs", default="demo,small")
    parser.add_argument("--period", type=int, default=2, help="sampling period in ms of CPU time per thread")
    parser.add_argument("--workdir", type=Path, default=Path("build/bench"))
    parser.add_argument("--python", default=sys.executable, help="the driver's interpreter")
    parser.add_argument("--jar", type=Path, help="profile this agent jar (e.g. main's build) instead of the package's")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    for job in args.jobs.split(","):
        recording = (args.workdir / f"{job}-headwater.jfr").resolve()
        recording.unlink(missing_ok=True)
        options = (
            "-XX:FlightRecorderOptions:stackdepth=256 "
            f"-XX:StartFlightRecording:settings=profile,jdk.ExecutionSample#period={args.period}ms,"
            f"dumponexit=true,filename={recording}"
        )
        mode = "baseline" if args.jar else "headwater"
        measured = run_once(job, mode, args.workdir, None, args.python, java_options=options, baseline=args.jar)
        if not recording.is_file():
            sys.exit(f"{job}: the driver wrote no recording at {recording}")
        report(job, recording, measured, args.period)


if __name__ == "__main__":
    main()
