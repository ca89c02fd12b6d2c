"""The lineage walk in one statement (headwater/lineage/walk.py) against the walk step by step it replaced.

The store is a real SQLite file and a schema of the suite's PostgreSQL server, each holding a graph with cycles, fan-in
and fan-out whose longest paths are far longer than 20 steps; every start node, depth and direction must give the
nodes and edges the breadth-first step walk gives (one ``LineageReader.edges`` query per step).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event

from headwater.lineage.graph import Graph, neighbourhood
from headwater.lineage.marquez import queries
from headwater.lineage.reader import Edge, LineageReader, Node, newest_runs
from headwater.lineage.store import LineageStore
from tests.support import postgres
from tests.support.lineage_events import dataset, new_run_id, run_event

CHAIN = 30
"""Jobs ``c_k`` of a chain: each reads ``t_{k-1}`` and writes ``t_k`` (60 steps from end to end)."""


def _graph_events() -> list[dict[str, Any]]:
    rng = random.Random(5)
    events = []

    def job(name: str, reads: list[str], writes: list[str], time: int) -> None:
        run_id = new_run_id()
        inputs = [dataset(f"/walk/{t}") for t in reads]
        outputs = [dataset(f"/walk/{t}") for t in writes]
        events.append(run_event("COMPLETE", name, run_id, time, inputs=inputs, outputs=outputs))

    for k in range(CHAIN):
        for again in range(1 + k % 4):  # 1 to 4 runs: the jobs' newest runs are cut at a limit below
            job(f"c_{k:02d}", [f"t_{k - 1:02d}" if k else "source"], [f"t_{k:02d}"], k + 1000 * again)
    for k in range(0, CHAIN, 6):  # cycles: t_k feeds back into t_{k-4}, and a side branch out of each
        job(f"back_{k:02d}", [f"t_{k:02d}"], [f"t_{max(k - 4, 0):02d}"], 100 + k)
        job(f"side_{k:02d}", [f"t_{k:02d}", f"t_{rng.randrange(CHAIN):02d}"], [f"side_{k:02d}"], 200 + k)
    job("self", ["t_10"], ["t_10"], 300)  # a job reading and writing the same table
    return events


PG_SCHEMA = "lineage_walk_tests"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def reader(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LineageReader]:
    """The graph's store on each backend: a SQLite file, or a schema of its own in the session's PostgreSQL."""
    server: postgres.PostgresServer | None = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('walk') / 'lineage.db'}"
    else:
        server = request.getfixturevalue("postgres_server")
        server.sql(f"CREATE SCHEMA {PG_SCHEMA}")
        credentials = f"{server.user}:{server.password}@{server.host}:{server.port}"
        url = f"postgresql://{credentials}/{server.database}?options=-csearch_path%3D{PG_SCHEMA}"
    store = LineageStore.open(url)
    report = store.ingest([(str(i), e) for i, e in enumerate(_graph_events())], workers=0)
    assert not report.rejected
    yield store.read
    store.close()
    if server is not None:
        server.sql(f"DROP SCHEMA {PG_SCHEMA} CASCADE")


def _step_walk(reader: LineageReader, start: Node, depth: int, direction: str) -> Graph:
    """The walk as it was: breadth first, one query per step, upstream then downstream sharing the nodes seen."""
    nodes = {start}
    edges: set[Edge] = set()
    for upstream in (True,) if direction == "up" else (False,) if direction == "down" else (True, False):
        frontier = {start}
        for _ in range(depth):
            step = [
                edge
                for edge in reader.edges(n.id for n in frontier)
                if (edge.destination if upstream else edge.origin) in frontier
            ]
            reached = {edge.origin if upstream else edge.destination for edge in step}
            edges.update(step)
            frontier = reached - nodes
            nodes |= reached
            if not frontier:
                break
    return Graph(tuple(sorted(nodes)), tuple(sorted(edges, key=lambda e: (e.origin, e.destination))), start)


STARTS = [
    Node("dataset", "file", "/walk/t_12"),
    Node("dataset", "file", "/walk/t_00"),
    Node("dataset", "file", "/walk/t_29"),
    Node("dataset", "file", "/walk/source"),
    Node("job", "tests", "c_15"),
    Node("job", "tests", "back_18"),
    Node("job", "tests", "self"),
    Node("dataset", "file", "/walk/nothing"),
]


@pytest.mark.parametrize("direction", ["up", "down", "both"])
def test_the_walk_in_one_statement_answers_as_the_step_walk(reader: LineageReader, direction: str) -> None:
    for start in STARTS:
        for depth in (0, 1, 2, 3, 7, 20, 21, 25, 61, 80):
            walked = neighbourhood(reader, start, depth, direction)
            assert walked == _step_walk(reader, start, depth, direction), (start, depth, direction)
    deep = neighbourhood(reader, Node("dataset", "file", "/walk/t_29"), 61, "up")
    assert Node("dataset", "file", "/walk/source") in deep.nodes  # the whole chain, 60 steps up


def test_the_newest_runs_of_the_graphs_jobs_are_each_jobs_run_page(reader: LineageReader) -> None:
    """The lineage graph's jobs show their newest runs, read for all of them in one statement (a ``LATERAL`` join on
    PostgreSQL, where the ``IN`` form ran a subquery per run): on each backend, each job's first page of runs."""
    jobs = [Node("job", "tests", f"c_{k:02d}") for k in range(CHAIN)] + [Node("job", "tests", "self")]
    with reader.engine.connect() as conn:
        rows = newest_runs(conn, [job.id for job in jobs] + [Node("job", "tests", "nope").id], 2)
    by_job: dict[str, list[str]] = {}
    for row in rows:
        by_job.setdefault(row.job_id, []).append(row.id)
    for job in jobs:
        page, total = queries.run_page(reader, job, 2, 0)
        assert by_job[job.id] == [run.id for run in page], job
        assert len(page) == min(total, 2)
    assert len(rows) == sum(min(1 + k % 4, 2) for k in range(CHAIN)) + 1


def test_the_walk_is_one_statement_at_any_depth(reader: LineageReader) -> None:
    counted: list[str] = []
    engine = reader.engine
    listener = lambda *args: counted.append(args[2])  # noqa: E731 - (conn, cursor, statement, ...)
    event.listen(engine, "before_cursor_execute", listener)
    try:
        neighbourhood(reader, Node("dataset", "file", "/walk/t_20"), 40, "both")
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(counted) == 1, counted
