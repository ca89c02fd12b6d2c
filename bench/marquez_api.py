"""The lineage store and its Marquez API at a team's scale (issue 37): ingest, POST, and every UI call's p95.

The store is agent-shaped: ``--jobs`` jobs (2,000) in pipelines of 20 steps (each step reads the step before's table
and one of its pipeline's two sources, and writes its own table, with the column lineage of the agent's real events,
``bench/resources/lineage/demo_events.jsonl``), each run ``--runs`` times (50), START then COMPLETE (5 % FAIL),
each run with a ``parent`` facet naming its pipeline's run. 2,000 x 50 x 2 = 200,000 RunEvents.

It prints, on SQLite (a file) and on PostgreSQL (a fresh server on loopback, tests/support/postgres.py; ``--stores``
chooses), each figure next to its target from the issue, and ``met`` or ``NOT met``:

- ``headwater lineage ingest``'s work (``LineageStore.ingest`` of the JSON lines, defaults) in events/s;
- ``POST /api/v1/lineage`` from 8 client threads (one event per request, keep-alive) to a ``headwater serve``
  subprocess over the same store, in events/s (``--posts`` events, new runs);
- the p95 in milliseconds of each call Marquez's web UI makes on its pages, through the ASGI app in this process
  (``--queries`` calls of each, after one warm-up call);
- ``headwater lineage follow``'s work (:class:`~headwater.lineage.follow.KafkaFollower`) on a burst of ``--kafka``
  new events (100,000) produced to a topic of the suite's broker (tests/support/kafka_broker.py): events/s until
  its lag is back to 0.

Usage: ``.venv/bin/python bench/marquez_api.py [--jobs 2000] [--runs 50] [--stores sqlite,postgresql]
[--parts ingest,post,reads,kafka] [--store URL]``. ``--store`` runs the parts on that store (one this benchmark filled
before with the same ``--jobs`` and ``--runs``, e.g. ``--parts reads``) instead of a fresh one per kind, so two
versions of the code can read one store side by side.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "bench")]

from lineage_store import load_average, percentiles, remap, templates  # noqa: E402

from headwater.lineage.store import LineageStore  # noqa: E402
from integration.lineage_server import HeadwaterServe  # noqa: E402

STEPS = 20
NAMESPACE = "file"
"""The datasets' namespace (the jobs' is the demo's, ``demo``)."""
JOB_NAMESPACE = "demo"
INGEST_TARGET = 10_000
POST_TARGET = 1_000
KAFKA_TARGET = 5_000
P95_TARGET_MS = 100.0
CLIENTS = 8


class Pipeline:
    """The events of a store as templates: each job's START and terminal event text with placeholders."""

    def __init__(self, jobs: int, seed: int = 7) -> None:
        start, complete, _ = templates()
        rng = random.Random(seed)
        self.jobs: list[tuple[str, str, str, str]] = []  # name, START, COMPLETE, FAIL texts
        self.tables: list[str] = []
        for index in range(jobs):
            pipeline, step = divmod(index, STEPS)
            sources = [f"/data/lake/p{pipeline:03d}/source_{k}" for k in range(2)]
            previous = f"/data/lake/p{pipeline:03d}/step_{step - 1:02d}" if step else rng.choice(sources)
            output = f"/data/lake/p{pipeline:03d}/step_{step:02d}"
            name = f"bench.p{pipeline:03d}.execute_insert_into_hadoop_fs_relation_command.step_{step:02d}"
            texts = []
            for template in (start, complete):
                event = remap(
                    template, name, [previous, rng.choice(sources)], output, "@RUN@", datetime.now(timezone.utc)
                )
                event["eventTime"] = "@TIME@"
                parent = event["run"]["facets"]["parent"]
                parent["run"]["runId"] = "@PARENT@"
                parent["job"]["name"] = f"bench_dag_p{pipeline:03d}"
                texts.append(json.dumps(event))
            texts.append(texts[1].replace('"eventType": "COMPLETE"', '"eventType": "FAIL"'))
            self.jobs.append((name, *texts))
            self.tables.append(output)

    def events(self, runs: int, seed: int = 11, first: int = 0) -> Iterator[str]:
        """``runs`` rounds of every job (rounds numbered from ``first``): START then COMPLETE or FAIL (5 %)."""
        rng = random.Random(seed + first)
        clock = datetime(2025, 1, 1, tzinfo=timezone.utc) + timedelta(hours=first)
        for round_ in range(first, first + runs):
            parents = {}
            for index, (_, started, completed, failed) in enumerate(self.jobs):
                pipeline = index // STEPS
                parent = parents.setdefault(pipeline, str(uuid.UUID(int=rng.getrandbits(128), version=4)))
                run_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
                clock += timedelta(milliseconds=37)
                for text, moment in (
                    (started, clock),
                    (failed if rng.random() < 0.05 else completed, clock + timedelta(seconds=20 + round_ % 7)),
                ):
                    when = moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
                    yield text.replace("@RUN@", run_id).replace("@TIME@", when).replace("@PARENT@", parent)


def verdict(value: float, target: float, *, at_least: bool) -> str:
    return "met" if (value >= target if at_least else value <= target) else "NOT met"


def ingest(store: LineageStore, pipeline: Pipeline, runs: int) -> None:
    lines = [(f"event {i}", text.encode()) for i, text in enumerate(pipeline.events(runs))]
    began = time.perf_counter()
    report = store.ingest(lines)
    elapsed = time.perf_counter() - began
    if report.rejected:
        raise SystemExit(f"the store rejected generated events: {report.rejected[:3]}")
    rate = report.stored / elapsed
    print(f"  ingest: {report.stored:,} events in {elapsed:.1f} s = {rate:,.0f} events/s "
          f"(target >= {INGEST_TARGET:,}: {verdict(rate, INGEST_TARGET, at_least=True)})")  # fmt: skip


def post(url: str, pipeline: Pipeline, runs: int, count: int) -> None:
    """``count`` new events POSTed one per request by 8 threads to a ``headwater serve`` of ``url``."""
    texts = [t.encode() for _, t in zip(range(count), pipeline.events(runs, first=runs), strict=False)]
    failures: list[str] = []
    with HeadwaterServe(url) as server:

        def client(share: list[bytes]) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            for body in share:
                connection.request("POST", "/api/v1/lineage", body, {"Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                if answer.status != 201:
                    failures.append(str(answer.status))

        threads = [threading.Thread(target=client, args=(texts[k::CLIENTS],)) for k in range(CLIENTS)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
    if failures:
        raise SystemExit(f"POST failed: {failures[:5]}")
    rate = len(texts) / elapsed
    met = verdict(rate, POST_TARGET, at_least=True)
    print(f"  POST /api/v1/lineage, {CLIENTS} clients: {len(texts):,} events in {elapsed:.1f} s = "
          f"{rate:,.0f} events/s (target >= {POST_TARGET:,}: {met})")  # fmt: skip


def kafka(store: LineageStore, pipeline: Pipeline, runs: int, count: int) -> None:
    """A burst of ``count`` new events on a topic of the suite's broker, followed into the store until lag 0."""
    from confluent_kafka import Producer

    from headwater.lineage.follow import KafkaFollower
    from tests.support import kafka_broker

    broker = kafka_broker.start()
    try:
        topic = f"bench-{uuid.uuid4().hex[:8]}"
        producer = Producer({"bootstrap.servers": broker.bootstrap_servers, "linger.ms": 50})
        for _, text in zip(range(count), pipeline.events(runs, first=2 * runs), strict=False):
            while True:
                try:
                    producer.produce(topic, text.encode())
                    break
                except BufferError:
                    producer.poll(0.5)
        producer.flush(120)
        del producer  # closed now, before the broker stops
        follower = KafkaFollower(store, broker.bootstrap_servers, topic)
        try:
            began = time.perf_counter()
            follower.run(until_idle=1.0)
            elapsed = time.perf_counter() - began - 1.0  # less the idle second that ends it
        finally:
            follower.close()
    finally:
        broker.stop()
    report = follower.report
    rate = report.received / elapsed
    met = verdict(rate, KAFKA_TARGET, at_least=True)
    print(f"  Kafka follow: {report.received:,} events ({report.stored:,} new) in {elapsed:.1f} s = {rate:,.0f} "
          f"events/s, lag {report.lag} (target >= {KAFKA_TARGET:,} and lag 0: "
          f"{met if report.lag == 0 else 'NOT met'})")  # fmt: skip


def ui_calls(pipeline: Pipeline) -> dict[str, Callable[[random.Random], str]]:
    """The UI's calls, each a path below ``/api/v1/`` made from a random job or table."""
    ns, job_ns = quote(NAMESPACE, safe=""), quote(JOB_NAMESPACE, safe="")
    jobs = len(pipeline.jobs)

    def job(rng: random.Random) -> str:
        return quote(rng.choice(pipeline.jobs)[0], safe="")

    def table(rng: random.Random) -> str:
        return quote(rng.choice(pipeline.tables), safe="")

    def middle(rng: random.Random) -> str:
        return quote(f"dataset:{NAMESPACE}:{rng.choice([t for t in pipeline.tables if t.endswith('_10')])}", safe="")

    return {
        "namespaces": lambda _: "namespaces",
        "jobs page": lambda _: f"namespaces/{job_ns}/jobs?limit=20&offset=0",
        "jobs page deep": lambda _: f"namespaces/{job_ns}/jobs?limit=20&offset={max(jobs - 20, 0)}",
        "jobs page FAILED": lambda _: f"namespaces/{job_ns}/jobs?limit=20&lastRunStates=FAILED",
        "all jobs": lambda _: "jobs?limit=20",
        "datasets page": lambda _: f"namespaces/{ns}/datasets?limit=20&offset=0",
        "datasets page deep": lambda _: f"namespaces/{ns}/datasets?limit=20&offset={max(jobs - 20, 0)}",
        "a job": lambda rng: f"namespaces/{job_ns}/jobs/{job(rng)}",
        "its runs": lambda rng: f"namespaces/{job_ns}/jobs/{job(rng)}/runs?limit=20",
        "a dataset": lambda rng: f"namespaces/{ns}/datasets/{table(rng)}",
        "dataset versions": lambda rng: f"namespaces/{ns}/datasets/{table(rng)}/versions?limit=20",
        "lineage depth 2": lambda rng: f"lineage?nodeId={middle(rng)}&depth=2",
        "lineage depth 20": lambda rng: f"lineage?nodeId={middle(rng)}&depth=20",
        "column lineage": lambda rng: f"column-lineage?nodeId={middle(rng)}&depth=20&withDownstream=true",
        "search": lambda rng: f"search?q=step_{rng.randrange(STEPS):02d}&limit=100",
        "events": lambda _: "events/lineage?limit=20&sortDirection=desc",
        "events deep": lambda _: f"events/lineage?limit=20&offset={jobs * 40}",
        "stats lineage-events": lambda _: "stats/lineage-events?period=DAY",
        "stats jobs": lambda _: "stats/jobs?period=WEEK&timezone=UTC",
        "stats datasets": lambda _: "stats/datasets?period=DAY",
    }


def reads(store: LineageStore, pipeline: Pipeline, queries: int) -> None:
    from starlette.testclient import TestClient

    from headwater.lineage.server import create_app

    client = TestClient(create_app(store))
    rng = random.Random(3)
    missed = []
    for name, path in ui_calls(pipeline).items():
        samples = []
        for index in range(queries + 1):
            target = "/api/v1/" + path(rng)
            began = time.perf_counter()
            answer = client.get(target)
            if index:  # the first is a warm-up
                samples.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise SystemExit(f"{target}: {answer.status_code} {answer.text[:300]}")
        p50, p95 = percentiles(samples)
        met = verdict(p95, P95_TARGET_MS, at_least=False)
        if met != "met":
            missed.append(name)
        print(f"  GET {name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms ({met})")
    print(
        f"  p95 <= {P95_TARGET_MS:.0f} ms: {'met by every call' if not missed else 'NOT met by ' + ', '.join(missed)}"
    )


def run_store(url: str, pipeline: Pipeline, args: argparse.Namespace) -> None:
    store = LineageStore.open(url)
    try:
        if "ingest" in args.parts:
            ingest(store, pipeline, args.runs)
        if "post" in args.parts:
            post(url, pipeline, args.runs, args.posts)
        if "reads" in args.parts:
            reads(store, pipeline, args.queries)
        if "kafka" in args.parts:
            kafka(store, pipeline, args.runs, args.kafka)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--jobs", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--posts", type=int, default=4000, help="events POSTed")
    parser.add_argument("--queries", type=int, default=20, help="calls of each UI call")
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--kafka", type=int, default=100_000, help="events of the Kafka burst")
    parser.add_argument("--parts", default="ingest,post,reads,kafka")
    parser.add_argument("--store", default=None, metavar="URL", help="an existing store to run the parts on")
    args = parser.parse_args()
    pipeline = Pipeline(args.jobs)
    print(f"{args.jobs} jobs x {args.runs} runs = {args.jobs * args.runs * 2:,} RunEvents; "
          f"load average {load_average()}")  # fmt: skip
    if args.store:
        print(f"{args.store}:")
        run_store(args.store, pipeline, args)
    for kind in [] if args.store else args.stores.split(","):
        print(f"{kind}:")
        if kind == "sqlite":
            with tempfile.TemporaryDirectory(prefix="headwater-bench-") as tmp:
                run_store(f"sqlite:///{Path(tmp) / 'lineage.db'}", pipeline, args)
        else:
            from tests.support import postgres

            server = postgres.start()
            try:
                url = f"postgresql://{server.user}:{server.password}@{server.host}:{server.port}/{server.database}"
                run_store(url, pipeline, args)
            finally:
                server.stop()
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
