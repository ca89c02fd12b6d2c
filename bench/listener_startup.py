"""What the agent adds to the job's critical path at start-up: the listener's constructor, timed in a fresh JVM.

Spark builds ``spark.extraListeners`` on the thread that creates the ``SparkContext``, so the constructor's time is
added to ``getOrCreate``. ``bench/overhead.py``'s "start-up added" measures the whole ``getOrCreate`` and needs a quiet
machine; this measures only the constructor, cold (a fresh JVM per run: class loading included), as wall time and as
the CPU time of the constructing thread, which a busy machine disturbs much less.

Each run is ``java`` with pyspark's jars and one agent jar on the class path: it sets up Spark's configuration and
logging first (Spark has done that before it builds listeners), then constructs
``io.headwater.spark.agent.OpenLineageSparkListener`` with a file transport, prints wall and thread CPU, and exits.
Runs alternate between the jars (``--jar``, given twice or more, e.g. ``main``'s build and this one), so a drift of
the machine's load affects each alike. Prints the median per jar.

Since the agent is built on its own thread (``headwater-start``, issue 29), each run also waits for it to be ready
and reports that thread's start: its wall and CPU time, step by step, as the agent's DEBUG line gives them
(``StartSteps``: configuration, extensions, transport, run facets, agent); and, with ``--class-loads``, the classes
each thread loaded while the listener was made and the agent built (a JFR recording of ``jdk.ClassLoad``, counted
per thread and per library), so what runs on Spark's start-up thread (``main`` here) is counted, not guessed.

Usage: .venv/bin/python bench/listener_startup.py --jar /tmp/main.jar
       --jar python/headwater/jars/headwater-spark_2.13.jar [--runs 10] [--class-loads]
       [--workdir build/bench/listener-startup]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import statistics
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

# A single-file Java program (JEP 330: ``java Timer.java`` compiles it in memory); argv: events file
TIMER = r"""
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.SparkConf;

public class Timer {
  public static void main(String[] args) throws Exception {
    SparkConf conf = new SparkConf()
        .set("spark.app.name", "listener_startup")
        .set("spark.openlineage.transport.type", "file")
        .set("spark.openlineage.transport.location", args[0]);
    org.slf4j.LoggerFactory.getLogger("listener_startup").info("logging is set up");
    Configurator.setLevel("io.headwater.spark.agent.AgentFactory", Level.DEBUG);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu = threads.getCurrentThreadCpuTime();
    long wall = System.nanoTime();
    System.err.println("CONSTRUCTOR BEGIN " + System.currentTimeMillis());
    Object listener = Class.forName("io.headwater.spark.agent.OpenLineageSparkListener")
        .getConstructor(SparkConf.class).newInstance(conf);
    System.err.println("CONSTRUCTOR END " + System.currentTimeMillis());
    long wallNanos = System.nanoTime() - wall;
    long cpuNanos = threads.getCurrentThreadCpuTime() - cpu;
    boolean enabled = (Boolean) listener.getClass().getMethod("isEnabled").invoke(listener);
    long readyNanos = System.nanoTime() - wall;
    System.out.println("{\"wall_ms\": " + wallNanos / 1e6 + ", \"cpu_ms\": " + cpuNanos / 1e6
        + ", \"ready_ms\": " + readyNanos / 1e6 + ", \"enabled\": " + enabled + "}");
    System.exit(0);
  }
}
"""


def spark_jars() -> Path:
    """The jars directory of this interpreter's pyspark (found, not imported: bench/profile.py shadows the standard
    library's ``profile``, which importing pyspark needs)."""
    spec = importlib.util.find_spec("pyspark")
    if spec is None or spec.origin is None:
        sys.exit("pyspark is not installed in this interpreter")
    return Path(spec.origin).parent / "jars"


# JFR settings that record only class loads (every one: jdk.ClassLoad is off in the JDK's own settings)
CLASS_LOADS_JFC = """<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="class loads">
  <event name="jdk.ClassLoad">
    <setting name="enabled">true</setting>
    <setting name="stackTrace">false</setting>
    <setting name="threshold">0 ms</setting>
  </event>
</configuration>
"""

STEPS_LINE = re.compile(r"agent built in (\d+) ms, (\d+) ms CPU \(step wall/CPU ms: (.*)\)")
MARKER = re.compile(r"CONSTRUCTOR (BEGIN|END) (\d+)")

# Libraries by class-name prefix, for the class-load counts; the first match wins
LIBRARIES = (
    ("io.headwater.shaded.jackson.", "jackson (relocated)"),
    ("io.headwater.shaded.", "other relocated"),
    ("io.headwater.", "headwater"),
    ("io.openlineage.", "openlineage client"),
    ("org.apache.hc.", "httpclient5"),
    ("io.micrometer.", "micrometer"),
    ("org.apache.spark.", "spark"),
    ("scala.", "scala"),
    ("java.", "jdk"),
    ("javax.", "jdk"),
    ("jdk.", "jdk"),
    ("sun.", "jdk"),
    ("com.sun.", "jdk"),
)


def library(class_name: str) -> str:
    """The library a class belongs to, by its name."""
    return next((name for prefix, name in LIBRARIES if class_name.startswith(prefix)), "other")


def instant(text: str) -> float:
    """Epoch seconds of a JFR timestamp (``2026-11-27T04:15:01.123456789Z`` or with an offset)."""
    match = re.match(r"(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)", text)
    if match is None:
        sys.exit(f"unexpected JFR timestamp {text!r}")
    fraction = (match.group(2) or "0")[:6].ljust(6, "0")
    zone = match.group(3).replace("Z", "+00:00") or "+00:00"
    return datetime.fromisoformat(f"{match.group(1)}.{fraction}{zone}").timestamp()


def class_loads(recording: Path, begin_ms: int) -> Counter[tuple[str, str]]:
    """Classes loaded from the listener's construction on, by (thread, library): ``main`` is the constructing
    thread, ``headwater-start`` the agent's start."""
    printed = subprocess.run(
        ["jfr", "print", "--json", "--events", "jdk.ClassLoad", str(recording)], capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    counts: Counter[tuple[str, str]] = Counter()
    for event in json.loads(printed.stdout)["recording"]["events"]:
        values = event["values"]
        if instant(values["startTime"]) * 1000 < begin_ms:
            continue
        thread = (values.get("eventThread") or {}).get("javaName") or "?"
        loaded = (values.get("loadedClass") or {}).get("name", "?").replace("/", ".")
        counts[(thread, library(loaded))] += 1
    return counts


def run_once(jar: Path, timer: Path, events: Path, recording: Path | None) -> dict[str, Any]:
    """One constructor timing in a fresh JVM with ``jar``, and the agent's start on its own thread."""
    classpath = f"{spark_jars()}/*:{jar}"
    jfr = [f"-XX:StartFlightRecording=filename={recording},settings={timer.parent / 'class-loads.jfc'}"]
    finished = subprocess.run(
        ["java", *(jfr if recording else []), "-cp", classpath, str(timer), str(events)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if finished.returncode != 0:
        sys.exit(f"{jar}: the timer failed:\n{finished.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(finished.stdout.strip().splitlines()[-1])
    if not result["enabled"]:
        sys.exit(f"{jar}: the agent was disabled:\n{finished.stderr[-3000:]}")
    steps = STEPS_LINE.search(finished.stderr)
    if steps is None:
        sys.exit(f"{jar}: no 'agent built' line (a jar from before issue 29?):\n{finished.stderr[-3000:]}")
    result["start_wall_ms"] = float(steps.group(1))
    result["start_cpu_ms"] = float(steps.group(2))
    result["steps"] = {
        name: tuple(float(v) for v in times.split("/"))
        for name, times in (step.rsplit(" ", 1) for step in steps.group(3).split(", "))
    }
    if recording is not None:
        begin = int(dict(m.groups() for m in MARKER.finditer(finished.stderr))["BEGIN"])
        result["class_loads"] = class_loads(recording, begin)
    return result


def main() -> None:
    """Alternate the jars, print the median constructor wall and CPU time of each and of the agent's start."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--jar", type=Path, action="append", required=True, help="an agent jar (give two or more)")
    parser.add_argument("--runs", type=int, default=10, help="runs per jar")
    parser.add_argument("--class-loads", action="store_true", help="count class loads per thread (JFR)")
    parser.add_argument("--workdir", type=Path, default=Path("build/bench/listener-startup"))
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    timer = args.workdir / "Timer.java"
    timer.write_text(TIMER)
    (args.workdir / "class-loads.jfc").write_text(CLASS_LOADS_JFC)
    recording = args.workdir / "class-loads.jfr" if args.class_loads else None
    results: dict[Path, list[dict[str, Any]]] = {jar: [] for jar in args.jar}
    for run in range(args.runs):
        for jar in args.jar[run % len(args.jar) :] + args.jar[: run % len(args.jar)]:
            results[jar].append(run_once(jar.resolve(), timer, args.workdir / "events.jsonl", recording))
    print(f"listener constructor and agent start, cold, {args.runs} fresh JVMs per jar (median; min-max)")
    for jar, runs in results.items():
        print(f"  {jar}")
        for label, key in (
            ("constructor wall", "wall_ms"), ("constructor thread CPU", "cpu_ms"), ("ready after", "ready_ms"),
            ("agent start wall", "start_wall_ms"), ("agent start CPU", "start_cpu_ms"),
        ):  # fmt: skip
            values = [r[key] for r in runs]
            print(f"    {label:24} {statistics.median(values):7.0f} ms ({min(values):.0f}-{max(values):.0f})")
        for step in runs[0]["steps"]:
            wall = statistics.median(r["steps"][step][0] for r in runs)
            cpu = statistics.median(r["steps"][step][1] for r in runs)
            print(f"      step {step:18} wall {wall:6.0f} ms, CPU {cpu:6.0f} ms")
        if recording is not None:
            totals: Counter[tuple[str, str]] = Counter()
            for r in runs:
                totals.update(r["class_loads"])
            by_thread: dict[str, dict[str, float]] = {}
            for (thread, lib), count in totals.items():
                by_thread.setdefault(thread, {})[lib] = count / len(runs)
            print("    classes loaded from the constructor on, per run (mean), by thread and library:")
            for thread, libs in sorted(by_thread.items(), key=lambda item: -sum(item[1].values()))[:4]:
                parts = ", ".join(f"{lib} {n:.0f}" for lib, n in sorted(libs.items(), key=lambda item: -item[1]))
                print(f"      {thread:20} {sum(libs.values()):6.0f}: {parts}")


if __name__ == "__main__":
    main()
