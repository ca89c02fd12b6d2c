"""The Marquez API at a team's scale (issue 37): pages in a bounded number of queries, Marquez's node ids, totalCount
and 401 body, and group commit that keeps a 201 durable.

The store is a real SQLite file; the API is the served app, called in-process (Starlette's test client). The kill
test (a 201 survives a SIGKILL right after it) is integration/test_lineage_endpoint.py's, on a real server.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

import pytest
from sqlalchemy import Select, event
from starlette.testclient import TestClient

from headwater.lineage.ingest.apply import BatchResult
from headwater.lineage.ingest.group_commit import GroupCommit
from headwater.lineage.ingest.prepare import prepare_event
from headwater.lineage.marquez import queries
from headwater.lineage.reader import Node, newest_runs
from headwater.lineage.semantics import EventFacts
from headwater.lineage.server import EndpointSettings, create_app
from headwater.lineage.store import LineageStore
from headwater.lineage.validation import default_validator
from tests.support.lineage_events import column_lineage, dataset, facet, new_run_id, run_event, schema

JOBS = 24
"""Jobs of the store: a chain, job k reading table k-1 and writing table k (column lineage id <- id); the runs of
the odd jobs have a ``parent`` facet naming the DAG ``dag_<k>`` of namespace ``airflow``."""


def _parent(k: int) -> dict[str, Any]:
    return facet(
        "1-1-0/ParentRunFacet",
        "ParentRunFacet",
        run={"runId": new_run_id()},
        job={"namespace": "airflow", "name": f"dag_{k:02d}"},
    )


def _chain_events() -> list[dict[str, Any]]:
    events = []
    for k in range(JOBS):
        source = f"/lake/t{k - 1:02d}" if k else "/lake/source"
        output = dataset(
            f"/lake/t{k:02d}",
            schema=schema("id bigint", "v string"),
            columnLineage=column_lineage({"id": [("file", source, "id", "IDENTITY")]}),
        )
        inputs = [dataset(source, schema=schema("id bigint", "v string"))]
        for run in range(3):
            run_id = new_run_id()
            started = k * 100 + run * 10
            terminal = "FAIL" if k % 4 == 0 and run == 2 else "COMPLETE"
            facets = {"parent": _parent(k)} if k % 2 else None
            for kind, time in (("START", started), (terminal, started + 5)):
                events.append(
                    run_event(kind, f"job_{k:02d}", run_id, time, inputs=inputs, outputs=[output], run_facets=facets)
                )
    return events


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LineageStore]:
    opened = LineageStore.open(f"sqlite:///{tmp_path_factory.mktemp('scale') / 'lineage.db'}")
    report = opened.ingest([(str(i), e) for i, e in enumerate(_chain_events())], workers=0)
    assert not report.rejected
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def client(store: LineageStore) -> TestClient:
    return TestClient(create_app(store))


class _Statements:
    """Counts the SQL statements an engine runs."""

    def __init__(self, store: LineageStore) -> None:
        self.engine = store.engine
        self.count = 0
        self.texts: list[str] = []

    def _seen(self, _conn: object, _cursor: object, statement: str, *_args: object) -> None:
        self.count += 1
        self.texts.append(statement)

    def __enter__(self) -> _Statements:  # noqa: PYI034 - Python 3.10 has no typing.Self
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._seen)


def _statements(store: LineageStore, client: TestClient, path: str) -> int:
    with _Statements(store) as counted:
        answer = client.get(path)
    assert answer.status_code == 200, answer.text
    return counted.count


@pytest.mark.parametrize(
    "listing",
    [
        "namespaces/tests/jobs?limit={n}",
        "jobs?limit={n}",
        "namespaces/file/datasets?limit={n}",
        "namespaces/file/datasets/%2Flake%2Ft05/versions?limit={n}",
        "search?q=t&limit={n}",
    ],
)
def test_a_page_takes_as_many_queries_whatever_its_size(store: LineageStore, client: TestClient, listing: str) -> None:
    small = _statements(store, client, "/api/v1/" + listing.format(n=2))
    large = _statements(store, client, "/api/v1/" + listing.format(n=20))
    assert small == large, (listing, small, large)


READS: Final = {
    "namespaces/tests/jobs?limit=20": 12,
    "jobs?limit=20": 11,
    "namespaces/tests/jobs/job_05": 9,
    "namespaces/tests/jobs/job_05/runs?limit=20": 10,
    "namespaces/file/datasets/%2Flake%2Ft05/versions?limit=20": 12,
}
"""UI calls and the SQL statements each takes: a page's runs are read with their datasets' names, versions and the
runs that made those versions in one statement, and a listing's namespace is checked by an index look-up."""


@pytest.mark.parametrize("path", READS)
def test_a_page_reads_its_runs_datasets_in_one_statement(store: LineageStore, client: TestClient, path: str) -> None:
    assert _statements(store, client, "/api/v1/" + path) <= READS[path]


def test_a_page_reads_each_facet_body_once_per_process_and_shows_a_new_run_at_once(tmp_path: Path) -> None:
    """A facet body's hash names its content for good, so a body parsed once is not read again; which facets a run or
    job has is still read on every call, so a run stored after a page is on the next page at once. A job's latest run
    (its ``parent``) comes with its newest runs, not from reads of its own."""
    own = LineageStore.open(f"sqlite:///{tmp_path / 'lineage.db'}")
    try:
        assert not own.ingest([(str(i), e) for i, e in enumerate(_chain_events())], workers=0).rejected
        client = TestClient(create_app(own))
        path = "/api/v1/namespaces/tests/jobs?limit=20"
        client.get(path)
        with _Statements(own) as again:
            client.get(path)
        assert [text for text in again.texts if "facet_bodies" in text] == []
        assert again.count <= WARM_JOBS_PAGE, again.texts
        run_id = new_run_id()
        facets = {"parent": _parent(5), "spark_version": facet("1-0-0/SparkVersion", "RunFacet", version="3.5.9")}
        for kind, time in (("START", 9000), ("COMPLETE", 9005)):
            assert own.ingest([(kind, run_event(kind, "job_05", run_id, time, run_facets=facets))], workers=0).stored
        job = client.get(path).json()["jobs"][0]
        assert (job["name"], job["latestRun"]["id"], job["parentJobName"]) == ("job_05", run_id, "dag_05")
        assert job["latestRun"]["facets"]["spark_version"]["version"] == "3.5.9"
    finally:
        own.close()


WARM_JOBS_PAGE: Final = 9
"""The statements of a jobs page once its facet bodies were read: the page's ids and count, the namespace check, the
jobs, their facets and edges, their newest runs, the runs' facets, the runs' datasets."""


def test_read_statements_are_built_once_per_process(
    store: LineageStore, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reads behind the UI's pages are built and compiled once (statements.py), whatever the number of ids a
    page looks up: a second page of another size, another job's runs and lineage build no SQL statement again."""
    built: list[str] = []
    original = Select.__init__

    def counting(self: Select[Any], *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        built.append("select")

    def pages(size: int, job: int) -> None:
        for path in (
            f"namespaces/tests/jobs?limit={size}",
            f"namespaces/tests/jobs/job_{job:02d}/runs?limit={size}",
            f"lineage?nodeId=job:tests:job_{job:02d}&depth=3",
        ):
            assert client.get("/api/v1/" + path).status_code == 200, path

    pages(2, 3)
    monkeypatch.setattr(Select, "__init__", counting)
    pages(17, 9)
    assert built == []


def test_newest_runs_are_each_jobs_run_page_in_one_statement(store: LineageStore) -> None:
    """The jobs page's latest runs (one statement, each job's runs cut at the limit by index) are, job by job, the
    first page of that job's runs (``/jobs/{job}/runs``, its own statement); a job asked for without runs has none."""
    reader = store.read
    jobs = [Node("job", "tests", f"job_{k:02d}") for k in range(JOBS)]
    with store.engine.connect() as conn:
        rows = newest_runs(conn, [job.id for job in jobs] + [Node("job", "tests", "nope").id], 2)
    by_job: dict[str, list[str]] = {}
    for row in rows:
        by_job.setdefault(row.job_id, []).append(row.id)
    assert set(by_job) == {job.id for job in jobs}
    for job in jobs:
        page, total = queries.run_page(reader, job, 2, 0)
        assert (by_job[job.id], total) == ([run.id for run in page], 3), job


def test_lineage_of_a_chain_takes_as_many_queries_at_any_depth(store: LineageStore, client: TestClient) -> None:
    node = quote("dataset:file:/lake/t12", safe="")
    shallow = _statements(store, client, f"/api/v1/lineage?nodeId={node}&depth=2&direction=up")
    deep = client.get(f"/api/v1/lineage?nodeId={node}&depth=20&direction=up").json()
    assert len(deep["graph"]) == 21  # 20 edges up from t12: t12 ... t02 and the 10 jobs between
    # a graph of 3 nodes and one of 21 are shaped with the same statements, and walked in one (walk.py)
    with _Statements(store) as counted:
        client.get(f"/api/v1/lineage?nodeId={node}&depth=20&direction=up")
    assert counted.count == shallow, (shallow, counted.count)


def test_total_count_is_counted_before_the_last_run_states_filter(client: TestClient) -> None:
    failed = client.get("/api/v1/namespaces/tests/jobs?lastRunStates=FAILED&limit=100").json()
    assert failed["totalCount"] == JOBS
    assert sorted(j["name"] for j in failed["jobs"]) == [f"job_{k:02d}" for k in range(0, JOBS, 4)]
    assert all(j["latestRun"]["state"] == "FAILED" for j in failed["jobs"])
    deep = client.get(f"/api/v1/namespaces/tests/jobs?limit=5&offset={JOBS - 3}").json()
    assert (deep["totalCount"], len(deep["jobs"])) == (JOBS, 3)
    updated = [j["updatedAt"] for j in client.get("/api/v1/namespaces/tests/jobs?limit=100").json()["jobs"]]
    assert updated == sorted(updated, reverse=True)


def test_a_job_names_its_latest_runs_parent_job(client: TestClient) -> None:
    """Marquez's ``parentJobName`` is the job named by the ``parent`` facet of the job's runs (null without one), in
    a job, the jobs page and the lineage graph's job nodes alike."""
    expected = {f"job_{k:02d}": f"dag_{k:02d}" if k % 2 else None for k in range(JOBS)}
    one = client.get("/api/v1/namespaces/tests/jobs/job_05").json()
    assert (one["parentJobName"], one["latestRun"]["facets"]["parent"]["job"]["name"]) == ("dag_05", "dag_05")
    assert client.get("/api/v1/namespaces/tests/jobs/job_04").json()["parentJobName"] is None
    page = client.get("/api/v1/namespaces/tests/jobs?limit=100").json()["jobs"]
    assert {j["name"]: j["parentJobName"] for j in page} == expected
    graph = client.get("/api/v1/lineage?nodeId=job:tests:job_07&depth=2").json()["graph"]
    jobs = {node["data"]["name"]: node["data"]["parentJobName"] for node in graph if node["type"] == "JOB"}
    assert jobs == {name: expected[name] for name in ("job_06", "job_07", "job_08")}


def test_an_events_page_is_its_slice_of_the_whole_list_from_either_end(client: TestClient) -> None:
    """A page deep in the events is found from the nearer end of the index (past the middle, the other way round):
    each page, at every offset and both sort directions, with and without a time window, is its slice of the list."""
    for window in ("", "&after=2025-03-01T12:10:00Z&before=2025-03-01T12:30:00Z"):
        for direction in ("asc", "desc"):
            base = f"/api/v1/events/lineage?sortDirection={direction}{window}"
            whole = client.get(f"{base}&limit=1000").json()
            assert whole["totalCount"] == len(whole["events"]) > 20
            for offset in range(whole["totalCount"] + 3):
                page = client.get(f"{base}&limit=7&offset={offset}").json()
                assert page["events"] == whole["events"][offset : offset + 7], (window, direction, offset)
                assert page["totalCount"] == whole["totalCount"]


def _fields(answer: dict[str, Any]) -> set[str]:
    return {node["id"] for node in answer["graph"]}


def test_column_lineage_takes_job_and_version_node_ids(client: TestClient) -> None:
    by_dataset = client.get(f"/api/v1/column-lineage?nodeId={quote('dataset:file:/lake/t03', safe='')}").json()
    by_job = client.get("/api/v1/column-lineage?nodeId=job:tests:job_03").json()
    assert _fields(by_job) == _fields(by_dataset)
    assert "datasetField:file:/lake/source:id" in _fields(by_job)

    versions = client.get("/api/v1/namespaces/file/datasets/%2Flake%2Ft03/versions").json()["versions"]
    first = versions[-1]["version"]
    node = quote(f"dataset:file:/lake/t03#{first}", safe="")
    assert _fields(client.get(f"/api/v1/column-lineage?nodeId={node}").json()) == _fields(by_dataset)
    field = quote(f"datasetField:file:/lake/t03:id#{first}", safe="")
    assert "datasetField:file:/lake/t02:id" in _fields(client.get(f"/api/v1/column-lineage?nodeId={field}").json())

    job_version = client.get("/api/v1/namespaces/tests/jobs/job_03").json()["currentVersion"]
    by_job_version = client.get(f"/api/v1/column-lineage?nodeId={quote(f'job:tests:job_03#{job_version}')}").json()
    assert _fields(by_job_version) == _fields(by_dataset)

    unknown = "00000000-0000-0000-0000-000000000000"
    for missing in (f"job:tests:job_03#{unknown}", f"dataset:file:/lake/t03#{unknown}", "job:tests:nope"):
        answer = client.get(f"/api/v1/column-lineage?nodeId={quote(missing, safe='')}")
        assert answer.status_code == 404, (missing, answer.text)
        assert set(answer.json()) == {"code", "message", "details"}


def test_a_refused_request_gets_marquez_error_body(store: LineageStore) -> None:
    guarded = TestClient(create_app(store, EndpointSettings(api_key="k3y")))
    for method, path in (("GET", "/api/v1/namespaces"), ("POST", "/api/v1/lineage"), ("GET", "/")):
        answer = guarded.request(method, path, content=b"{}")
        assert answer.status_code == 401, path
        assert answer.json()["code"] == 401
        assert set(answer.json()) == {"code", "message", "details"}
        assert answer.headers["www-authenticate"].startswith("Bearer")


def test_concurrent_writers_each_get_their_own_count(tmp_path: Path) -> None:
    opened = LineageStore.open(f"sqlite:///{tmp_path / 'group.db'}")
    shared = run_event("START", "shared", new_run_id(), 1)
    counts: list[tuple[int, int]] = []
    lock = threading.Lock()

    def writer(k: int) -> None:
        own = [run_event("START", f"own_{k}_{n}", new_run_id(), n) for n in range(k + 1)]
        report = opened.ingest_all_or_nothing([(str(i), e) for i, e in enumerate([shared, *own])])
        with lock:
            counts.append((k, report.stored))

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    opened.close()
    # each writer stored its own events; the shared event was new to exactly one of them
    assert sum(stored for _, stored in counts) == 1 + sum(k + 1 for k in range(8))
    assert all(stored - (k + 1) in (0, 1) for k, stored in counts)


def test_concurrent_writers_share_transactions(tmp_path: Path) -> None:
    """8 writers storing one event at a time, 200 in all, share transactions: a writer whose event was committed with
    others' returns at once. (Before the group commit waited on a condition it waited for the write lock, so for the
    transaction after its own too, and fewer writers queued for each: 99-101 transactions for these 200.)"""
    opened = LineageStore.open(f"sqlite:///{tmp_path / 'group.db'}")
    events = [[run_event("START", f"job_{k}", new_run_id(), n) for n in range(25)] for k in range(8)]
    stored: list[int] = []

    def writer(own: list[dict[str, Any]]) -> None:
        stored.extend(opened.ingest_all_or_nothing([("0", one)]).stored for one in own)

    threads = [threading.Thread(target=writer, args=(own,)) for own in events]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    transactions = opened.transactions
    opened.close()
    assert stored == [1] * 200
    assert transactions <= 200 // 3, transactions


def test_a_transaction_waits_for_the_batches_being_prepared() -> None:
    """Writer B is preparing when writer A's batch is ready: A's transaction waits for B's batch and carries both
    (without that wait, A's transaction was written as soon as A's batch was queued, and B's came after it). The
    order is fixed by a gate, not by timing: B's preparing ends when A's does."""
    written: list[list[str]] = []

    def write(batch: list[EventFacts]) -> BatchResult:
        written.append([facts.hash for facts in batch])
        return BatchResult(len(batch), frozenset(), frozenset(facts.hash for facts in batch))

    group = GroupCommit(write, gather=60)
    validator = default_validator()
    a, b = (prepare_event(validator, name, run_event("START", name, new_run_id(), 1)) for name in ("a", "b"))
    b_preparing, a_prepared = threading.Event(), threading.Event()
    answers: dict[str, int] = {}

    def prepare_b() -> list[EventFacts]:
        b_preparing.set()
        a_prepared.wait(30)
        return [b]

    def prepare_a() -> list[EventFacts]:
        a_prepared.set()
        return [a]

    writer_b = threading.Thread(target=lambda: answers.update(b=group.store_prepared(prepare_b)))
    writer_b.start()
    assert b_preparing.wait(30)
    answers["a"] = group.store_prepared(prepare_a)
    writer_b.join(30)
    assert answers == {"a": 1, "b": 1}
    assert sorted(map(sorted, written)) == [sorted([a.hash, b.hash])]
