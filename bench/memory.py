"""What the agent holds and allocates on the driver: Headwater vs openlineage-spark 1.53.0 vs no agent, side by side.

Each mode runs bench/memory_driver.py in a fresh driver (``local[1]``, file transport, Spark's own UI retention kept
at 50 so Spark's heap is flat too) and reports:

(a) the heap held by the agent's classes after a full GC (``jcmd <pid> GC.class_histogram``: the live instances of
    ``io.headwater.*`` and ``io.openlineage.*``, the model and client both agents carry), after ``--warmup`` small runs
    and after ``--runs`` more, as growth per 1,000 executions; the whole live heap beside it (its growth against the
    ``off`` driver's says whether objects of other classes, such as maps, are held for the agent), taken once Spark's
    ContextCleaner has released the broadcasts the full GC found unreachable (bench/memory_driver.py,
    ``class_histogram``: a single full GC still counts every file scan's broadcast Hadoop configuration made since the
    JVM last collected its old generation);
(b) the transient allocation of the agent's threads (the listener bus's shared queue, where both agents read plans,
    and the agents' own threads) while it reads the column-lineage benchmark's 1,000-column, 50-join and 200-union
    plans (bench/jvm/.../ColumnLineagePlans.java) and delivers their events: median of ``--repeats`` after a warm-up;
(c) the same for openlineage-spark 1.53.0 (bench/peer.py, cached in ``build/bench/peer``; ``--no-peer`` skips it).

Targets (issue 38): growth <= 64 KiB per 1,000 executions after warm-up; transient allocation for the 1,000-column
plan <= 64 MiB. Each is printed with ``met`` or ``NOT met`` for Headwater. The bench classes are compiled by
``gradle benchClasses`` (``make bench-memory`` does it).

Usage: .venv/bin/python bench/memory.py [--warmup 300] [--runs 2000] [--repeats 3] [--no-peer] [--workdir build/bench]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from peer import peer_jar  # bench/peer.py: this script's folder is first on sys.path

REPO = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).resolve().parent / "memory_driver.py"
BENCH_CLASSES = REPO / "build" / "classes" / "java" / "bench"
KIB = 1024
MIB = 1024 * KIB
GROWTH_TARGET = 64 * KIB
WIDE_TARGET = 64 * MIB


def run_driver(mode: str, args: argparse.Namespace, peer: str) -> dict[str, Any]:
    command = [
        sys.executable, str(DRIVER), "--mode", mode, "--workdir", str(args.workdir / "memory" / mode),
        "--warmup", str(args.warmup), "--runs", str(args.runs), "--repeats", str(args.repeats),
        "--plans", "--bench-classes", str(BENCH_CLASSES), "--peer-jar", peer,
    ]  # fmt: skip
    print(f"running {mode} ...", flush=True)
    finished = subprocess.run(command, capture_output=True, text=True, check=False, timeout=3600)
    results = [line.split(" ", 1)[1] for line in finished.stdout.splitlines() if line.startswith("RESULT ")]
    if finished.returncode != 0 or not results:
        raise SystemExit(f"{mode} driver failed:\n{finished.stderr[-4000:]}")
    return dict(json.loads(results[0]))


def per_thousand(result: dict[str, Any], key: str, runs: int) -> float:
    return (result["heap"][1][key] - result["heap"][0][key]) * 1000 / runs


def report(results: dict[str, dict[str, Any]], runs: int) -> None:
    print()
    print(f"(a) heap after full GCs (Spark's ContextCleaner settled), {runs} small runs after warm-up")
    print(
        f"{'mode':<10} {'agent classes KiB':>18} {'growth B/1,000':>15} {'live heap MiB':>14} {'growth KiB/1,000':>17}"
    )
    for mode, result in results.items():
        heap = result["heap"][1]
        print(
            f"{mode:<10} {heap['agent_bytes'] / KIB:>18.1f} {per_thousand(result, 'agent_bytes', runs):>15.0f}"
            f" {heap['live_bytes'] / MIB:>14.1f} {per_thousand(result, 'live_bytes', runs) / KIB:>17.1f}"
        )
    print()
    print("(b, c) allocation of the agent's threads while reading a plan and delivering its events, MiB (median)")
    names = [plan["plan"] for plan in next(iter(results.values()))["plans"]]
    print(f"{'plan':<26}" + "".join(f" {mode:>12}" for mode in results))
    for index, name in enumerate(names):
        cells = "".join(f" {result['plans'][index]['allocated_bytes'] / MIB:>12.1f}" for result in results.values())
        print(f"{name:<26}{cells}")
    if "headwater" in results:
        headwater = results["headwater"]
        growth = per_thousand(headwater, "agent_bytes", runs)
        wide = headwater["plans"][0]["allocated_bytes"]
        print()
        verdict = "met" if growth <= GROWTH_TARGET else "NOT met"
        print(f"target: agent-class growth <= 64 KiB per 1,000 executions: {verdict}")
        print(f"target: 1,000-column plan allocation <= 64 MiB: {'met' if wide <= WIDE_TARGET else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--workdir", type=Path, default=REPO / "build" / "bench")
    args = parser.parse_args()
    if not (BENCH_CLASSES / "io" / "headwater" / "bench" / "ColumnLineagePlans.class").is_file():
        raise SystemExit(f"no bench classes in {BENCH_CLASSES}: run `gradle benchClasses` (make bench-memory does)")
    modes = ["off", "headwater"] if args.no_peer else ["off", "headwater", "peer"]
    peer = "" if args.no_peer else str(peer_jar())
    results = {mode: run_driver(mode, args, peer) for mode in modes}
    report(results, args.runs)


if __name__ == "__main__":
    main()
