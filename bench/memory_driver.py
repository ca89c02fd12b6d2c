"""One driver of the memory benchmark (bench/memory.py) and of the long-driver heap test (integration/test_memory.py).

Runs in a fresh interpreter with one agent attached (``headwater``, ``peer`` or none: ``off``) and prints one line,
``RESULT <json>``, holding:

- ``heap``: the bytes held by the agent's classes (``--classes``: class-name prefixes, summed from the JVM's class
  histogram, ``jcmd <pid> GC.class_histogram``, which runs a full GC first, repeated until the ContextCleaner has
  released the broadcasts the GC found unreachable: :func:`class_histogram`) and the whole live heap, after
  ``--warmup`` small runs (``heap[0]``) and after ``--runs`` more (``heap[1]``), and ``events``, the events the agent
  wrote (file transport, one per line) between the two. A small run is ``SELECT id, id + 1 FROM one_row WHERE id >= 0``
  collected over a temporary view of a one-row parquet file: a SQL execution that reads data, which every agent reads
  and emits a run for;
- ``plans`` (with ``--plans``): for each plan of the column-lineage benchmark (bench/jvm/.../ColumnLineagePlans.java,
  on the driver's class path through ``--bench-classes``), the bytes the agent's threads allocated while the agent
  read it and sent its events: the difference of ``ThreadAllocation.byThreadName()`` around the ``INSERT`` and the
  agent's flush, summed over the listener bus's shared queue (where both agents read the plan) and the threads whose
  name starts with ``headwater`` or holds ``openlineage``; the median of ``--repeats`` runs after one warm-up run.

Spark's own retention is kept small (``spark.sql.ui.retainedExecutions`` and the UI's jobs and stages, 50), so the
live heap after warm-up is flat without an agent too and the two figures can be compared with the ``off`` driver.

Usage: python bench/memory_driver.py --mode headwater|peer|off --workdir DIR [--warmup 300] [--runs 1000]
       [--classes io.headwater.,io.openlineage.] [--plans --bench-classes build/classes/java/bench] [--repeats 3]
       [--peer-jar PATH] [--conf key=value ...]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# this script's folder, first on sys.path, holds bench/profile.py, which would shadow the standard library's profile
# module that pyspark imports
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from pyspark.sql import SparkSession  # noqa: E402

import headwater  # noqa: E402

HISTOGRAM_ROW = re.compile(r"^\s*\d+:\s+(\d+)\s+(\d+)\s+(\S+)")
HISTOGRAM_TOTAL = re.compile(r"^Total\s+(\d+)\s+(\d+)")
AGENT_THREADS = ("spark-listener-group-shared",)
SETTLE_SECONDS = 3.0
SETTLE_ROUNDS = 5


def jvm(spark: SparkSession) -> Any:
    """The driver JVM through Py4J (PySpark's own way in: private by name only)."""
    return spark.sparkContext._jvm  # noqa: SLF001


def jsession(spark: SparkSession) -> Any:
    """The JVM SparkSession behind ``spark``."""
    return spark._jsparkSession  # noqa: SLF001


def histogram(pid: int, prefixes: tuple[str, ...]) -> dict[str, int]:
    """The bytes of the live instances of classes named with one of ``prefixes`` and of the whole heap, from
    ``jcmd PID GC.class_histogram`` (a full GC first, then live objects only)."""
    text = subprocess.run(
        ["jcmd", str(pid), "GC.class_histogram"], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    agent = instances = 0
    total = -1
    for line in text.splitlines():
        row = HISTOGRAM_ROW.match(line)
        if row and row.group(3).startswith(prefixes):
            instances += int(row.group(1))
            agent += int(row.group(2))
        found = HISTOGRAM_TOTAL.match(line)
        if found:
            total = int(found.group(2))
    if total < 0:
        raise RuntimeError(f"jcmd {pid} GC.class_histogram printed no histogram: {text[:500]}")
    return {"agent_bytes": agent, "agent_instances": instances, "live_bytes": total}


def class_histogram(pid: int, prefixes: tuple[str, ...]) -> dict[str, int]:
    """:func:`histogram` once Spark's own garbage is gone: histograms ``SETTLE_SECONDS`` apart until the live heap
    shrinks by less than 1 % (at most ``SETTLE_ROUNDS``); the last one counts.

    One full GC is not enough for the whole heap: Spark frees a broadcast (every file scan broadcasts its Hadoop
    configuration, two ``Properties`` of about 1,150 entries each) only after a GC found its ``Broadcast`` unreachable
    and the ``ContextCleaner`` thread then removed its blocks, so the first histogram still counts every broadcast made
    since the JVM last collected its old generation: a backlog that comes and goes with the collector's timing
    (docs/performance.md, "Driver memory").
    """
    last = histogram(pid, prefixes)
    for _ in range(SETTLE_ROUNDS - 1):
        time.sleep(SETTLE_SECONDS)
        current = histogram(pid, prefixes)
        settled = last["live_bytes"] - current["live_bytes"] < last["live_bytes"] / 100
        last = current
        if settled:
            break
    return last


def session(args: argparse.Namespace) -> SparkSession:
    builder = (
        SparkSession.builder.appName("bench_memory")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.sql.ui.retainedExecutions", "50")
        .config("spark.ui.retainedJobs", "50")
        .config("spark.ui.retainedStages", "50")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config("spark.sql.warehouse.dir", str(args.workdir / "warehouse"))
    )
    events = str(args.workdir / "events.jsonl")
    jars = []
    if args.mode == "headwater":
        builder = headwater.configure(builder, transport="file", location=events, source_code=False)
        jars.append(str(headwater.jar_path()))
    elif args.mode == "peer":
        builder = (
            builder.config("spark.extraListeners", "io.openlineage.spark.agent.OpenLineageSparkListener")
            .config("spark.openlineage.transport.type", "file")
            .config("spark.openlineage.transport.location", events)
        )
        jars.append(args.peer_jar)
    if jars:
        builder = builder.config("spark.jars", ",".join(jars))
    if args.bench_classes:
        builder = builder.config("spark.driver.extraClassPath", args.bench_classes)
    for setting in args.conf:
        key, value = setting.split("=", 1)
        builder = builder.config(key, value)
    return builder.getOrCreate()


def settle(spark: SparkSession, mode: str) -> None:
    """Wait until the listener bus is empty and, for Headwater, its events are delivered."""
    if mode == "headwater":
        headwater.flush(spark, timeout=120)
    else:
        jsession(spark).sparkContext().listenerBus().waitUntilEmpty(120_000)


def line_count(path: Path) -> int:
    if not path.exists():
        return 0
    with path.open("rb") as lines:
        return sum(1 for _ in lines)


def small_runs(spark: SparkSession, count: int) -> None:
    for _ in range(count):
        spark.sql("SELECT id, id + 1 AS next FROM one_row WHERE id >= 0").collect()


def plan_allocation(spark: SparkSession, mode: str, repeats: int) -> list[dict[str, Any]]:
    bench = jvm(spark).io.headwater.bench
    plans, allocation, session_ = bench.ColumnLineagePlans, bench.ThreadAllocation, jsession(spark)
    results = []
    for plan in (plans.wide(session_), plans.joins(session_), plans.union(session_)):
        samples = []
        for _ in range(1 + repeats):
            settle(spark, mode)
            before = dict(allocation.byThreadName())
            spark.sql(plan.sql()).collect()
            settle(spark, mode)
            after = dict(allocation.byThreadName())
            samples.append(
                sum(
                    bytes_ - before.get(name, 0)
                    for name, bytes_ in after.items()
                    if name in AGENT_THREADS or name.startswith("headwater") or "openlineage" in name.lower()
                )
            )
        results.append({"plan": plan.name(), "allocated_bytes": statistics.median(samples[1:]), "samples": samples})
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=("headwater", "peer", "off"), required=True)
    parser.add_argument("--workdir", type=Path, required=True)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--classes", default="io.headwater.,io.openlineage.")
    parser.add_argument("--plans", action="store_true")
    parser.add_argument("--bench-classes", default="")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peer-jar", default="")
    parser.add_argument("--conf", action="append", default=[])
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    prefixes = tuple(p for p in args.classes.split(",") if p)
    spark = session(args)
    spark.sparkContext.setLogLevel("ERROR")
    pid = int(jvm(spark).java.lang.ProcessHandle.current().pid())
    events = args.workdir / "events.jsonl"
    spark.range(1).write.mode("overwrite").parquet(str(args.workdir / "one_row"))
    spark.read.parquet(str(args.workdir / "one_row")).createOrReplaceTempView("one_row")
    started = time.perf_counter()
    small_runs(spark, args.warmup)
    settle(spark, args.mode)
    written = line_count(events)
    heap = [class_histogram(pid, prefixes)]
    small_runs(spark, args.runs)
    settle(spark, args.mode)
    heap.append(class_histogram(pid, prefixes))
    result: dict[str, Any] = {
        "mode": args.mode,
        "heap": heap,
        "events": line_count(events) - written,
        "runs_seconds": time.perf_counter() - started,
    }
    if args.plans:
        result["plans"] = plan_allocation(spark, args.mode, args.repeats)
    spark.stop()
    print("RESULT", json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
