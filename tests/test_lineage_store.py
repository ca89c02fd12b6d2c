"""The lineage store's consumer semantics (DESIGN.md, "Static lineage and tags"), on SQLite and on a real PostgreSQL.

Every test runs against both backends: a SQLite file in a temporary directory, and the session's PostgreSQL server
(tests/support/postgres.py) with the store's tables dropped after each test.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, select, text
from sqlalchemy.sql.compiler import SQLCompiler

from headwater.lineage import schema
from headwater.lineage import store as store_module
from headwater.lineage.graph import neighbourhood
from headwater.lineage.reader import Edge, Node
from headwater.lineage.store import LineageStore, RejectedEventsError, create_store_engine, migrate
from tests.support import postgres
from tests.support.lineage_events import (
    column_lineage,
    dataset,
    dataset_event,
    facet,
    job_event,
    lifecycle,
    new_run_id,
    run_event,
    source,
    tags,
)
from tests.support.lineage_events import schema as schema_facet
from tests.support.openlineage_schema import validate_event

PG_SCHEMA = "lineage_store_tests"
REVISION_0001 = Path(__file__).parent / "resources" / "lineage" / "store_0001.json"
# Ingest-order ids differ between arrival orders by design; everything else must not.
_ORDER_COLUMNS = {("events", "id"), ("dataset_writes", "id")}


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh store location on each backend: a SQLite file, or a schema of its own in the session's PostgreSQL
    database (which the JDBC tests share), found through the connection's search_path."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'lineage.db'}"
        return
    server: postgres.PostgresServer = request.getfixturevalue("postgres_server")
    server.sql(f"CREATE SCHEMA {PG_SCHEMA}")
    credentials = f"{server.user}:{server.password}@{server.host}:{server.port}"
    yield f"postgresql://{credentials}/{server.database}?options=-csearch_path%3D{PG_SCHEMA}"
    server.sql(f"DROP SCHEMA {PG_SCHEMA} CASCADE")


@pytest.fixture
def store(store_url: str) -> Iterator[LineageStore]:
    opened = LineageStore.open(store_url)
    yield opened
    opened.close()


def ingest(store: LineageStore, *events: dict[str, Any], batch_size: int = 1000) -> None:
    for event in events:
        validate_event(event)  # the test's events are valid by the strict rules too
    report = store.ingest([(f"event {i}", e) for i, e in enumerate(events)], batch_size=batch_size)
    assert report.rejected == []


def dump(store: LineageStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (ingest-order ids left out), sorted: the store's whole state."""
    state = {}
    with store.engine.connect() as conn:
        for table in schema.metadata.sorted_tables:
            columns = [c for c in table.columns if (table.name, c.name) not in _ORDER_COLUMNS]
            state[table.name] = sorted(tuple(row) for row in conn.execute(select(*columns)))
    return state


def write_rows_at(store_url: str, revision: str, tables: dict[str, list[dict[str, Any]]]) -> MetaData:
    """A new store at ``store_url`` migrated to ``revision``, holding ``tables``' rows; returns its tables."""
    engine = create_store_engine(store_url)
    migrate(engine, revision)
    with engine.begin() as conn:
        old = MetaData()
        old.reflect(conn)
        for table in old.sorted_tables:  # parents first
            if table.name != "alembic_version" and tables[table.name]:
                conn.execute(table.insert(), tables[table.name])
    engine.dispose()
    return old


def ds(name: str) -> Node:
    return Node("dataset", "file", name)


def job(name: str) -> Node:
    return Node("job", "tests", name)


def fields(store: LineageStore, name: str) -> list[tuple[list[str], str | None, str | None]]:
    """(field names, lifecycle state, run id) of each version of dataset ``name``, oldest first."""
    return [
        ([f["name"] for f in v.content.get("fields", [])], v.content.get("lifecycleState"), v.run_id)
        for v in reversed(store.read.versions(ds(name)))
    ]


def dataset_events_of_one_table() -> list[dict[str, Any]]:
    """CREATE, a tags-only event, the same schema again, a new column, an ALTER, a new source: 4 versions."""
    a = schema_facet("a int")
    ab = schema_facet("a int", "b string")
    return [
        dataset_event(1, dataset("/t", schema=a, lifecycleStateChange=lifecycle("CREATE"), dataSource=source("file", "file:///"))),
        dataset_event(2, dataset("/t", tags=tags("Dataset", owner="ops"))),
        dataset_event(3, dataset("/t", schema=a, lifecycleStateChange=lifecycle("CREATE"))),
        dataset_event(4, dataset("/t", schema=ab)),
        dataset_event(5, dataset("/t", schema=ab, lifecycleStateChange=lifecycle("ALTER"))),
        dataset_event(6, dataset("/t", dataSource=source("hdfs", "hdfs://nn:8020"))),
    ]  # fmt: skip


def test_dataset_event_makes_a_version_only_when_schema_lifecycle_or_source_changes(store: LineageStore) -> None:
    events = dataset_events_of_one_table()
    ingest(store, *events[:3])
    assert fields(store, "/t") == [(["a"], "CREATE", None)]  # same schema and state again: no new version

    ingest(store, *events[3:])
    assert fields(store, "/t") == [
        (["a"], "CREATE", None),
        (["a", "b"], "CREATE", None),  # a new column (the lifecycle state carries over)
        (["a", "b"], "ALTER", None),  # a new lifecycle state
        (["a", "b"], "ALTER", None),  # a new source
    ]
    versions = store.read.versions(ds("/t"))
    assert [v.seq for v in versions] == [4, 3, 2, 1]
    assert versions[0].content["source"] == {"name": "hdfs", "uri": "hdfs://nn:8020"}
    info = store.read.datasets()[0]
    assert info.version_count == 4
    assert info.current_version == versions[0]


def test_a_dataset_event_with_an_empty_schema_states_no_fields(store: LineageStore) -> None:
    # CREATE TABLE t USING parquet LOCATION '<files>' read before Spark inferred the schema gave `schema: []`
    ingest(store, dataset_event(1, dataset("/t", schema=schema_facet("a int", "b string"))))
    ingest(store, dataset_event(2, dataset("/t", schema={**schema_facet("a int"), "fields": []})))
    assert fields(store, "/t") == [(["a", "b"], None, None)]
    ingest(store, dataset_event(3, dataset("/empty", schema={**schema_facet("a int"), "fields": []})))
    assert fields(store, "/empty") == []  # nothing stated: no version
    assert store.read.dataset_infos([ds("/empty").id])[0].fields == []


def test_each_run_that_writes_makes_one_version(store: LineageStore) -> None:
    first, second = new_run_id(), new_run_id()
    out = dataset("/out", schema=schema_facet("a int"))
    ingest(
        store,
        run_event("START", "etl", first, 1, outputs=[out]),
        run_event("COMPLETE", "etl", first, 2, outputs=[dataset("/out", schema=schema_facet("a int", "b int"))]),
        dataset_event(3, dataset("/out", schema=schema_facet("a int", "b int"))),  # unchanged: no version
        run_event("START", "etl", second, 4, outputs=[out]),
        run_event("COMPLETE", "etl", second, 5, outputs=[out]),
    )
    # one version per run; a run's version has the schema of its latest event
    assert fields(store, "/out") == [(["a", "b"], None, first), (["a"], None, second)]


def test_versions_do_not_depend_on_arrival_order(store: LineageStore, tmp_path: Path) -> None:
    run = new_run_id()
    events = [
        *dataset_events_of_one_table(),
        run_event("START", "etl", run, 4.5, outputs=[dataset("/t", schema=schema_facet("a int", "b string", "c int"))]),
        run_event("COMPLETE", "etl", run, 4.6, outputs=[dataset("/t")]),
    ]
    ingest(store, *events)
    in_order = dump(store)
    for seed in (1, 2):
        shuffled = list(events)
        random.Random(seed).shuffle(shuffled)
        other = LineageStore.open(f"sqlite:///{tmp_path / f'shuffled{seed}.db'}")
        ingest(other, *shuffled, batch_size=1)  # one event per batch: every late write takes the rebuild path
        assert dump(other) == in_order
        other.close()
    # the run (4.5) wrote a version between the DatasetEvents of 4 and 5
    assert [v[0] for v in fields(store, "/t")] == [["a"], ["a", "b"], ["a", "b", "c"], ["a", "b"], ["a", "b"]]


def test_a_job_event_replaces_the_jobs_inputs_and_outputs(store: LineageStore) -> None:
    ingest(store, job_event("report", 1, inputs=[dataset("/a")], outputs=[dataset("/b")]))
    report = job(name="report")
    # static edges, usable without any run
    graph = neighbourhood(store.read, ds("/b"), depth=5, direction="up")
    assert graph.edges == (Edge(ds("/a"), report, True), Edge(report, ds("/b"), True))
    assert store.read.jobs()[0].definition == "job_event"
    assert store.read.runs(report) == []

    ingest(store, job_event("report", 2, inputs=[dataset("/c")], outputs=[dataset("/b")]))
    assert store.read.edges() == [Edge(ds("/c"), report, True), Edge(report, ds("/b"), True)]

    run = new_run_id()
    ingest(
        store,
        run_event("START", "report", run, 3, inputs=[dataset("/d")], outputs=[dataset("/b")]),
        run_event("COMPLETE", "report", run, 4, inputs=[dataset("/d"), dataset("/e")], outputs=[dataset("/b")]),
    )
    # the latest run is the definition now: observed edges, everything its events read and wrote
    assert store.read.edges() == [
        Edge(ds("/d"), report, False), Edge(ds("/e"), report, False), Edge(report, ds("/b"), False)
    ]  # fmt: skip

    ingest(store, job_event("report", 0, inputs=[dataset("/old")], outputs=[dataset("/b")]))  # older: ignored
    assert [e.origin for e in store.read.edges() if e.destination == report] == [ds("/d"), ds("/e")]
    info = store.read.jobs()[0]
    assert (info.definition, info.inputs, info.outputs) == ("run", (ds("/d"), ds("/e")), (ds("/b"),))


def test_facets_are_replaced_by_name(store: LineageStore) -> None:
    def doc(text_: str) -> dict[str, Any]:
        return facet("1-1-0/DocumentationJobFacet", "DocumentationJobFacet", description=text_)

    sql = facet("1-1-0/SQLJobFacet", "SQLJobFacet", query="SELECT 1")
    ingest(store, job_event("j", 1, job_facets={"documentation": doc("first"), "sql": sql}))
    ingest(store, job_event("j", 3, job_facets={"documentation": doc("third")}))
    ingest(store, job_event("j", 2, job_facets={"documentation": doc("second, arriving late")}))
    facets = store.read.jobs()[0].facets
    assert facets["documentation"]["description"] == "third"  # the latest of that name
    assert facets["sql"]["query"] == "SELECT 1"  # a facet the later events leave out stays


def test_the_tags_of_the_latest_event_are_the_complete_set(store: LineageStore) -> None:
    ingest(store, dataset_event(1, dataset("/t", tags=tags("Dataset", owner="ops", tier="gold"))))
    ingest(store, dataset_event(2, dataset("/t", tags=tags("Dataset", domain="flights"))))
    ingest(store, dataset_event(0, dataset("/t", tags=tags("Dataset", stale="yes"))))  # older: ignored
    ingest(store, dataset_event(3, dataset("/t", schema=schema_facet("a int"))))  # no tags facet: tags stay
    [info] = store.read.datasets()
    assert [(t["key"], t["value"]) for t in info.facets["tags"]["tags"]] == [("domain", "flights")]

    run = new_run_id()
    ingest(store, run_event("START", "j", run, 1, job_facets={"tags": tags("Job", team="a", env="prod")}))
    ingest(store, run_event("COMPLETE", "j", run, 2, job_facets={"tags": tags("Job", team="b")}))
    assert store.read.jobs()[0].facets["tags"]["tags"] == [{"key": "team", "value": "b", "source": "USER"}]


def test_the_same_event_twice_changes_nothing(store: LineageStore) -> None:
    run = new_run_id()
    events = [
        run_event("START", "etl", run, 1, inputs=[dataset("/in")], outputs=[dataset("/out", schema=schema_facet("a int"))]),
        run_event("COMPLETE", "etl", run, 2, inputs=[dataset("/in")], outputs=[dataset("/out")]),
        job_event("declared", 3, inputs=[dataset("/out")], outputs=[dataset("/report")]),
        dataset_event(4, dataset("/out", schema=schema_facet("a int", "b int"))),
    ]  # fmt: skip
    ingest(store, *events)
    before = dump(store)
    # the same events again, and once more serialised differently (key order, whitespace)
    report = store.ingest([("again", e) for e in events])
    assert (report.received, report.stored, report.duplicates) == (4, 0, 4)
    respelled = [json.dumps(dict(reversed(list(e.items()))), indent=1) for e in events]
    assert store.ingest([("respelled", e) for e in respelled]).stored == 0
    assert dump(store) == before
    assert len(before["events"]) == 4


def test_a_small_batch_compiles_no_statement_once_one_like_it_was_stored(
    store: LineageStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What POST's transactions of a few events cost: each write statement is compiled once per process, not per
    transaction (statements.py)."""
    compiled: list[str] = []
    original = SQLCompiler.__init__

    def counting(self: SQLCompiler, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        compiled.append(str(self))

    def run(name: str, start: int) -> list[dict[str, Any]]:
        run_id = new_run_id()
        lineage = column_lineage({"a": [("file", "/in", "a", "IDENTITY")]})
        out = dataset("/out", schema=schema_facet("a int"), columnLineage=lineage)
        return [
            run_event(state, name, run_id, time, inputs=[dataset("/in")], outputs=[out])
            for state, time in (("START", start), ("COMPLETE", start + 1))
        ]

    for event in run("etl", 1):
        ingest(store, event)
    monkeypatch.setattr(SQLCompiler, "__init__", counting)
    for event in run("etl", 3):
        assert store.ingest([("POST", event)]).stored == 1
    assert compiled == []


def test_complete_before_start_gives_the_same_run(store: LineageStore, tmp_path: Path) -> None:
    run = new_run_id()
    start = run_event("START", "etl", run, 0, inputs=[dataset("/in")])
    running = run_event("RUNNING", "etl", run, 4, inputs=[dataset("/in")])
    complete = run_event("COMPLETE", "etl", run, 10, inputs=[dataset("/in")], outputs=[dataset("/out")])
    ingest(store, complete)
    ingest(store, running)
    ingest(store, start)
    [info] = store.read.runs(job("etl"))
    assert (info.state, info.started_at, info.ended_at, info.duration) == (
        "COMPLETE", "2025-03-01T12:00:00.000000Z", "2025-03-01T12:00:10.000000Z", 10.0
    )  # fmt: skip
    in_order = LineageStore.open(f"sqlite:///{tmp_path / 'in_order.db'}")
    ingest(in_order, start, running, complete)
    assert dump(in_order) == dump(store)
    in_order.close()

    failed = new_run_id()
    ingest(store, run_event("FAIL", "etl", failed, 20), run_event("RUNNING", "etl", failed, 25))
    assert store.read.runs(job("etl"))[0].state == "FAIL"  # a terminal state is never undone


def test_an_invalid_event_is_rejected_with_its_errors_and_never_half_stored(store: LineageStore) -> None:
    good = run_event("START", "etl", new_run_id(), 1, outputs=[dataset("/out")])
    bad = run_event("START", "broken", "not-a-uuid", 2, outputs=[dataset("/never")])
    bad["outputs"][0]["facets"] = {"schema": schema_facet("a int") | {"fields": [{"name": 3}]}}
    report = store.ingest([("good", good), ("bad", bad), ("not json", b"{nope")])
    assert report.stored == 1
    assert [r.where for r in report.rejected] == ["bad", "not json"]
    assert {(e.path, e.message) for e in report.rejected[0].errors} == {
        ("run/runId", '"not-a-uuid" is not a "uuid"'),
        ("outputs/0/facets/schema/fields/0/name", '3 is not of type "string"'),
    }
    assert report.rejected[1].errors[0].message.startswith("not JSON")
    assert [j.node.name for j in store.read.jobs()] == ["etl"]
    assert [d.node.name for d in store.read.datasets()] == ["/out"]

    before = dump(store)
    with pytest.raises(RejectedEventsError) as rejected:
        store.ingest_all_or_nothing([("0", run_event("START", "other", new_run_id(), 3)), ("1", bad)])
    assert [r.where for r in rejected.value.rejected] == ["1"]
    assert dump(store) == before  # the valid event of the rejected request is not stored either


def test_column_upstream_is_transitive(store: LineageStore) -> None:
    lineage_b = column_lineage({"y": [("file", "/a", "x", "IDENTITY")], "k": [("file", "/a", "k", "IDENTITY")]})
    lineage_c = column_lineage({"z": [("file", "/b", "y", "AGGREGATION"), ("file", "/b", "k", "IDENTITY")]})
    run_b, run_c = new_run_id(), new_run_id()
    ingest(
        store,
        run_event("COMPLETE", "make_b", run_b, 1, inputs=[dataset("/a")], outputs=[dataset("/b", columnLineage=lineage_b)]),
        run_event("COMPLETE", "make_c", run_c, 2, inputs=[dataset("/b")], outputs=[dataset("/c", columnLineage=lineage_c)]),
    )  # fmt: skip
    steps = store.read.column_upstream(ds("/c"), "z")
    assert [(s.depth, s.dataset.name, s.field, s.source.name, s.source_field) for s in steps] == [
        (1, "/c", "z", "/b", "k"),
        (1, "/c", "z", "/b", "y"),
        (2, "/b", "k", "/a", "k"),
        (2, "/b", "y", "/a", "x"),
    ]
    assert steps[1].transformations[0]["subtype"] == "AGGREGATION"
    assert store.read.column_upstream(ds("/c"), "nope") == []


def test_the_migrations_create_exactly_the_schema(store: LineageStore) -> None:
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM events")).scalar() == 0  # in the store's own schema
        context = MigrationContext.configure(conn)
        assert context.get_current_revision() == "0006"
        assert compare_metadata(context, schema.metadata) == []


def test_a_new_sqlite_store_has_16_kb_pages_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    """An event's row is about 2 KB: a new SQLite store uses 16 KB pages, where SQLite's default of 4 KB holds one
    row per page. A store whose file was made with 4 KB pages keeps them (SQLite changes the page size of a database
    that has tables only when VACUUM rewrites it) and works as before."""
    new = LineageStore.open(f"sqlite:///{tmp_path / 'new.db'}")
    old_file = tmp_path / "old.db"
    with sqlite3.connect(old_file) as conn:
        conn.execute("CREATE TABLE made_before (x int)")  # the database exists, with SQLite's default page size
    old = LineageStore.open(f"sqlite:///{old_file}")
    run_id = new_run_id()
    events = [run_event("START", "job", run_id, 1, outputs=[dataset("/out", schema=schema_facet("a int"))]),
              run_event("COMPLETE", "job", run_id, 2)]  # fmt: skip
    for opened, page_size in ((new, 16384), (old, 4096)):
        with opened.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA page_size").scalar() == page_size
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        ingest(opened, *events)
        assert [run.state for run in opened.read.runs(job("job"))] == ["COMPLETE"]
        opened.close()


def test_each_sqlite_connection_caches_128_mib_of_pages(tmp_path: Path) -> None:
    """An ingest batch touches pages all over the indexes of random keys: with SQLite's default cache of 2 MiB they
    were read and written again within the batch, more as the store grew (docs/performance.md, fifth pass)."""
    opened = LineageStore.open(f"sqlite:///{tmp_path / 'cache.db'}")
    with opened.engine.connect() as first, opened.engine.connect() as second:
        assert [c.exec_driver_sql("PRAGMA cache_size").scalar() for c in (first, second)] == [-131072, -131072]
    opened.close()


def test_a_store_written_at_revision_0001_is_upgraded_and_reads_the_same(store_url: str, tmp_path: Path) -> None:
    """A store written before facet bodies were content-addressed (Alembic revision 0001: the events' text and every
    facet stored as they are; tests/resources/lineage/store_0001.json holds every row of one, written by that store
    from the demo's events and some made here), upgraded on open, holds exactly what a fresh store of the same events
    holds, draws the same graph, gives the events back, and still knows them when they come again."""
    tables: dict[str, list[dict[str, Any]]] = json.loads(REVISION_0001.read_text())["tables"]
    old = write_rows_at(store_url, "0001", tables)
    assert "payload" in old.tables["events"].columns  # really the old schema
    events = [json.loads(row["payload"]) for row in sorted(tables["events"], key=lambda row: row["id"])]

    upgraded = LineageStore.open(store_url)
    fresh = LineageStore.open(f"sqlite:///{tmp_path / 'fresh.db'}")
    assert fresh.ingest([(str(i), e) for i, e in enumerate(events)], batch_size=4).stored == len(events)
    assert dump(upgraded) == dump(fresh)
    assert len(dump(upgraded)["facet_bodies"]) > 0
    reader, expected = upgraded.read, fresh.read
    nodes = [d.node for d in expected.datasets()] + [j.node for j in expected.jobs()]
    assert len(nodes) == len(tables["datasets"]) + len(tables["jobs"])
    for node in nodes:
        assert neighbourhood(reader, node) == neighbourhood(expected, node)
    assert reader.datasets() == expected.datasets()
    assert reader.jobs() == expected.jobs()
    assert reader.column_upstream(ds("/u"), "y") == expected.column_upstream(ds("/u"), "y") != []
    assert list(reader.events()) == events
    report = upgraded.ingest([(str(i), e) for i, e in enumerate(events)])
    assert (report.stored, report.duplicates) == (0, len(events))
    fresh.close()

    # and back: downgraded to 0001, the store holds exactly the rows it was written with
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with upgraded.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0001")
        downgraded = MetaData()
        downgraded.reflect(conn)
        assert "facet_bodies" not in downgraded.tables
        for name, rows in tables.items():
            table = downgraded.tables[name]
            expected_rows = sorted(tuple(row[c.name] for c in table.columns) for row in rows)
            assert sorted(tuple(row) for row in conn.execute(select(table))) == expected_rows, name
    upgraded.close()


def test_ingest_leaves_the_garbage_collector_as_it_found_it(store: LineageStore) -> None:
    """Bulk ingests pause automatic garbage collection (store.py, _CollectorPause); it comes back on however the
    ingest ends, and stays off when it was off."""
    run = new_run_id()
    events = [run_event("START", "etl", run, 1), run_event("COMPLETE", "etl", run, 2)]

    def failing() -> Iterator[tuple[str, dict[str, Any]]]:
        yield "0", events[0]
        assert not gc.isenabled()  # paused while the ingest runs
        msg = "the source broke"
        raise OSError(msg)

    assert gc.isenabled()
    with pytest.raises(OSError, match="the source broke"):
        store.ingest(failing())
    assert gc.isenabled()
    assert store.ingest([(str(i), e) for i, e in enumerate(events)], batch_size=1).stored == 2
    assert gc.isenabled()
    gc.disable()
    try:
        store.ingest([("again", events[0])])
        assert not gc.isenabled()
    finally:
        gc.enable()


def mixed_events() -> list[tuple[str, bytes]]:
    """JSON lines of every kind, as read from a file: runs (one finished before it started), column lineage, a
    JobEvent, a table's DatasetEvents (version rules), duplicates (in the same and in later batches), and invalid
    events in the middle."""
    runs = [new_run_id() for _ in range(3)]
    lineage = column_lineage({"y": [("file", "/in", "x", "IDENTITY")]})
    bad = run_event("START", "broken", "not-a-uuid", 9, outputs=[dataset("/never")])
    events: list[dict[str, Any] | bytes] = [
        run_event("START", "etl", runs[0], 1, inputs=[dataset("/in")], outputs=[dataset("/out", schema=schema_facet("a int"))]),
        run_event("COMPLETE", "etl", runs[0], 2, inputs=[dataset("/in")], outputs=[dataset("/out", columnLineage=lineage)]),
        *dataset_events_of_one_table()[:3],
        bad,
        b'{"eventTime": ',
        job_event("declared", 3, inputs=[dataset("/out")], outputs=[dataset("/report")]),
        run_event("COMPLETE", "etl", runs[1], 12, inputs=[dataset("/in")], outputs=[dataset("/out", schema=schema_facet("a int", "b int"))]),
        run_event("START", "etl", runs[1], 11, inputs=[dataset("/in")], outputs=[dataset("/out")]),
        *dataset_events_of_one_table()[3:],
        run_event("START", "etl", runs[0], 1, inputs=[dataset("/in")], outputs=[dataset("/out", schema=schema_facet("a int"))]),
        run_event("FAIL", "other", runs[2], 13, outputs=[dataset("/t", schema=schema_facet("z int"))]),
        run_event("COMPLETE", "etl", runs[1], 12, inputs=[dataset("/in")], outputs=[dataset("/out", schema=schema_facet("a int", "b int"))]),
        dataset_event(14, dataset("/t", schema=schema_facet("a int", "b string"))),
    ]  # fmt: skip
    return [
        (f"events.jsonl:{i + 1}", e if isinstance(e, bytes) else json.dumps(e).encode()) for i, e in enumerate(events)
    ]


def children_seen(seen: list[list[str]]) -> Any:
    """A progress callback recording the names of this process's live child processes after each batch."""
    return lambda _received: seen.append([p.name for p in multiprocessing.active_children()])


def test_worker_processes_store_exactly_what_one_process_stores(store: LineageStore, tmp_path: Path) -> None:
    """The same events, prepared in a worker process (batches of 3, so most come from the worker) and in this one
    (batches of 3, and in one batch), give the same rows and the same report."""
    events = mixed_events()
    seen: list[list[str]] = []
    piped = store.ingest(events, batch_size=3, workers=1, progress=children_seen(seen))
    assert len(seen) == 6
    assert all(seen[:5]) and not multiprocessing.active_children()  # a worker ran, and is gone once it is done
    for batch_size in (3, 1000):
        here = LineageStore.open(f"sqlite:///{tmp_path / f'here-{batch_size}.db'}")
        report = here.ingest(events, batch_size=batch_size, workers=0, progress=children_seen(seen))
        assert not any(seen[6:])
        assert dump(here) == dump(store), batch_size
        assert (report.received, report.stored, report.rejected) == (piped.received, piped.stored, piped.rejected)
        here.close()
    assert (piped.received, piped.stored, piped.duplicates) == (17, 13, 2)
    assert [r.where for r in piped.rejected] == ["events.jsonl:6", "events.jsonl:7"]
    assert fields(store, "/t") == [
        (["a"], "CREATE", None), (["a", "b"], "CREATE", None), (["a", "b"], "ALTER", None), (["a", "b"], "ALTER", None),
        (["z"], "ALTER", runs_of(store, "other")[0]), (["a", "b"], "ALTER", None),
    ]  # fmt: skip


def runs_of(store: LineageStore, name: str) -> list[str]:
    return [r.id for r in store.read.runs(job(name))]


def test_an_invalid_event_in_a_worker_batch_is_reported_and_nothing_of_it_stored(store: LineageStore) -> None:
    run = new_run_id()
    bad = run_event("START", "broken", "not-a-uuid", 3, outputs=[dataset("/never")])
    bad["outputs"][0]["facets"] = {"schema": schema_facet("a int") | {"fields": [{"name": 3}]}}
    events = [
        run_event("START", "etl", run, 1, outputs=[dataset("/out")]),
        run_event("COMPLETE", "etl", run, 2, outputs=[dataset("/out")]),
        bad,  # the second batch: prepared by the worker
        job_event("declared", 4, inputs=[dataset("/out")], outputs=[dataset("/report")]),
    ]
    seen: list[list[str]] = []
    report = store.ingest(
        [(f"in.jsonl:{i + 1}", json.dumps(e)) for i, e in enumerate(events)], batch_size=2, workers=1,
        progress=children_seen(seen),
    )  # fmt: skip
    assert seen[1] != []  # the worker prepared the second batch
    assert (report.received, report.stored) == (4, 3)
    assert [r.where for r in report.rejected] == ["in.jsonl:3"]
    assert {(e.path, e.message) for e in report.rejected[0].errors} == {
        ("run/runId", '"not-a-uuid" is not a "uuid"'),
        ("outputs/0/facets/schema/fields/0/name", '3 is not of type "string"'),
    }
    assert str(report.rejected[0]).startswith("in.jsonl:3: ")
    assert sorted(j.node.name for j in store.read.jobs()) == ["declared", "etl"]
    assert sorted(d.node.name for d in store.read.datasets()) == ["/out", "/report"]
    assert not multiprocessing.active_children()


def test_a_small_input_never_starts_a_process(store: LineageStore) -> None:
    run = new_run_id()
    events = [run_event("START", "etl", run, 1), run_event("COMPLETE", "etl", run, 2)]
    seen: list[list[str]] = []
    assert store.ingest([(str(i), e) for i, e in enumerate(events)], progress=children_seen(seen)).stored == 2
    assert seen == [[]]


@pytest.mark.parametrize("error", [OSError("the source broke"), KeyboardInterrupt()])
def test_the_worker_stops_when_the_ingest_fails_or_is_interrupted(store: LineageStore, error: BaseException) -> None:
    """The source fails (or Ctrl-C arrives) while the worker prepares: the error reaches the caller, the worker
    process is shut down, the batches stored before stay stored, and garbage collection is back on."""
    events = mixed_events()
    seen: list[list[str]] = []

    def failing() -> Iterator[tuple[str, bytes]]:
        yield from events[:15]
        raise error

    with pytest.raises(type(error)):
        store.ingest(failing(), batch_size=3, workers=1, progress=children_seen(seen))
    assert seen and seen[0] != []
    assert not multiprocessing.active_children()
    assert gc.isenabled()
    assert len(dump(store)["events"]) >= 3
    with pytest.raises(ValueError, match="workers at least 0"):
        store.ingest(events, workers=-1)
