"""One node per table in the lineage store: a dataset and the identities of its ``symlinks`` facet are one dataset.

Headwater and openlineage-spark name a catalog table by its location with a ``symlinks`` facet naming the table
(``TABLE``); Headwater's opt-in table-name identity names it ``db.table`` with the location as its symlink
(``LOCATION``); Airflow's SQL operators, dbt or Trino name it ``db.table`` only. On SQLite and on a real PostgreSQL
(tests/support/postgres.py), every view of the store (the graph page's data, the CLI, the Marquez API over HTTP on
loopback) shows one node with one lineage, whichever order the events come in; a store written before aliases
existed is merged by its migration.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

from headwater.cli import cli
from headwater.lineage.graph import neighbourhood, whole_graph
from headwater.lineage.reader import Node
from headwater.lineage.render.html import page_data
from headwater.lineage.server import create_app
from headwater.lineage.store import LineageStore
from tests import test_lineage_store as store_tests
from tests.support.daemons import free_port
from tests.support.lineage_events import column_lineage, dataset, run_event, schema, symlinks

store_url = store_tests.store_url  # the same two backends as the store's own tests
store = store_tests.store

CATALOG = "hive://metastore:9083"
LOCATION = ("file", "/warehouse/db.db/orders")
TABLE = (CATALOG, "db.orders")
REPORT = (CATALOG, "db.report")
SPLIT_STORE = Path(__file__).parent / "resources" / "lineage" / "store_0002_split.json"
RUN_IDS = [f"0190a6d2-4c1e-7000-8000-00000000000{i}" for i in range(4)]


def _ds(identity: tuple[str, str], **facets: dict[str, Any]) -> dict[str, Any]:
    return dataset(identity[1], identity[0], **facets)


def headwater_events(form: str) -> list[dict[str, Any]]:
    """Headwater's run writing the table: by location with a TABLE symlink (``location``, the default), or by
    table name with a LOCATION symlink (``table_name``, the opt-in identity)."""
    if form == "location":
        written = _ds(LOCATION, schema=schema("id int", "amount double"), symlinks=symlinks((*TABLE, "TABLE")))
    else:
        written = _ds(TABLE, schema=schema("id int", "amount double"), symlinks=symlinks((*LOCATION, "LOCATION")))
    source = dataset("/landing/orders.csv", schema=schema("id int", "amount double"))
    return [
        run_event("START", "load_orders", RUN_IDS[0], 10, inputs=[source], outputs=[written]),
        run_event("COMPLETE", "load_orders", RUN_IDS[0], 20, inputs=[source], outputs=[written]),
    ]


def airflow_events() -> list[dict[str, Any]]:
    """Another producer's run reading the table by name only (as Airflow's SQL operators name it)."""
    lineage = column_lineage({"total": [(*TABLE, "amount", "AGGREGATION")]})
    report = _ds(REPORT, schema=schema("total double"), columnLineage=lineage)
    orders = _ds(TABLE)
    return [
        run_event("START", "report", RUN_IDS[1], 30, inputs=[orders], outputs=[report], namespace="airflow"),
        run_event("COMPLETE", "report", RUN_IDS[1], 40, inputs=[orders], outputs=[report], namespace="airflow"),
    ]


def ingest_in_batches(opened: LineageStore, *batches: list[dict[str, Any]]) -> None:
    for batch in batches:
        report = opened.ingest([(f"event {i}", e) for i, e in enumerate(batch)])
        assert report.rejected == []


@pytest.fixture
def served(store: LineageStore) -> Iterator[str]:
    """``headwater serve``'s app over ``store`` on a loopback port (uvicorn in a thread); yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def get(base: str, path: str, **params: str) -> Any:
    query = f"?{urllib.parse.urlencode(params)}" if params else ""
    with urllib.request.urlopen(f"{base}/api/v1/{path}{query}", timeout=30) as answer:  # noqa: S310 - loopback
        return json.load(answer)


def _quoted(*parts: str) -> str:
    return "/".join(urllib.parse.quote(part, safe="") for part in parts)


@pytest.mark.parametrize("form", ["location", "table_name"])
def test_a_table_named_by_location_and_by_name_is_one_node_in_every_view(
    store: LineageStore, served: str, store_url: str, form: str, tmp_path: Path
) -> None:
    """The other producer's events come first (the alias is stored before its owner says it is one), then
    Headwater's: one dataset, by its physical identity, with both runs' lineage; the same store as when the events
    come the other way round, in one batch."""
    ingest_in_batches(store, airflow_events(), headwater_events(form))
    reader = store.read
    canonical = Node("dataset", *LOCATION)
    assert [d.node for d in reader.datasets()] == sorted(
        [canonical, Node("dataset", *REPORT), Node("dataset", "file", "/landing/orders.csv")]
    )
    assert reader.aliases(canonical) == [Node("dataset", *TABLE)]
    assert reader.resolve("db.orders") == reader.resolve(f"dataset:{CATALOG}:db.orders") == canonical
    info = next(d for d in reader.datasets() if d.node == canonical)
    assert [f["name"] for f in info.fields] == ["id", "amount"]
    assert [v.run_id for v in reader.versions(canonical)] == [RUN_IDS[0]]

    # the graph page's data: one node between the two jobs
    data = page_data(reader, whole_graph(reader), title="t")
    assert sorted(n["id"] for n in data["nodes"] if n["kind"] == "dataset") == sorted(
        [canonical.key, f"dataset:{CATALOG}:db.report", "dataset:file:/landing/orders.csv"]
    )
    edges = {(e["source"], e["target"]) for e in data["edges"]}
    assert {("job:tests:load_orders", canonical.key), (canonical.key, "job:airflow:report")} <= edges
    report_node = next(n for n in data["nodes"] if n["id"] == f"dataset:{CATALOG}:db.report")
    assert [(c["source"], c["sourceField"]) for c in report_node["columns"]] == [(canonical.key, "amount")]

    # the CLI, by the table's name
    result = CliRunner().invoke(cli, ["lineage", "graph", "db.orders", "-s", store_url, "--format", "json"])
    assert result.exit_code == 0, result.output
    graph_ids = {node["id"] for node in json.loads(result.output)["graph"]}
    assert graph_ids == {
        canonical.key, "job:tests:load_orders", "job:airflow:report", f"dataset:{CATALOG}:db.report",
        "dataset:file:/landing/orders.csv",
    }  # fmt: skip
    listing = CliRunner().invoke(cli, ["lineage", "datasets", "-s", store_url])
    assert listing.exit_code == 0, listing.output
    assert "db.orders" not in listing.output  # no second node for the table name

    # the Marquez API: the dataset under either name, answering under the name asked for; one lineage
    for namespace, name in (LOCATION, TABLE):
        shaped = get(served, f"namespaces/{_quoted(namespace, 'datasets', name)}")
        assert (shaped["namespace"], shaped["name"], shaped["physicalName"]) == (namespace, name, LOCATION[1])
        assert [f["name"] for f in shaped["fields"]] == ["id", "amount"]
        versions = get(served, f"namespaces/{_quoted(namespace, 'datasets', name)}/versions")["versions"]
        assert [v["createdByRun"]["id"] for v in versions] == [RUN_IDS[0]]
        asked = f"dataset:{namespace}:{name}"
        graph = {node["id"]: node for node in get(served, "lineage", nodeId=asked)["graph"]}
        assert len([n for n in graph if n.startswith("dataset:")]) == 3
        assert {e["origin"] for e in graph[asked]["inEdges"]} == {"job:tests:load_orders"}
        assert {e["destination"] for e in graph[asked]["outEdges"]} == {"job:airflow:report"}
        assert graph[asked]["data"]["name"] == name

    # arrival order changes nothing: owner first, everything in one batch
    other = LineageStore.open(f"sqlite:///{tmp_path / 'other.db'}")
    ingest_in_batches(other, headwater_events(form) + airflow_events())
    assert store_tests.dump(other) == store_tests.dump(store)
    other.close()


def test_two_locations_claiming_one_table_name_the_latest_claim_wins(store: LineageStore) -> None:
    """A table re-created at another location: its name names the new location from the claim's event time on;
    the old location keeps its own history."""
    old, new = ("file", "/warehouse/old/orders"), ("file", "/warehouse/new/orders")
    claim_old = _ds(old, schema=schema("id int"), symlinks=symlinks((*TABLE, "TABLE")))
    claim_new = _ds(new, schema=schema("id int"), symlinks=symlinks((*TABLE, "TABLE")))
    ingest_in_batches(
        store,
        [run_event("COMPLETE", "write_new", RUN_IDS[2], 50, outputs=[claim_new])],
        [run_event("COMPLETE", "write_old", RUN_IDS[3], 10, outputs=[claim_old])],  # older, arriving later
        airflow_events(),
    )
    reader = store.read
    assert reader.resolve("db.orders") == Node("dataset", *new)
    assert reader.aliases(Node("dataset", *new)) == [Node("dataset", *TABLE)]
    assert reader.aliases(Node("dataset", *old)) == []
    graph = neighbourhood(reader, Node("job", "airflow", "report"), 1)
    assert Node("dataset", *new) in graph.nodes
    assert Node("dataset", *old) not in graph.nodes
    assert [v.run_id for v in reader.versions(Node("dataset", *old))] == [RUN_IDS[3]]


def test_a_store_written_before_aliases_is_merged_by_its_migration(store_url: str, tmp_path: Path) -> None:
    """A store written at revision 0002 (tests/resources/lineage/store_0002_split.json: every row of one, written by
    that store's code from the events of both forms here, where the table is two nodes), upgraded on open, holds
    exactly what a fresh store of the same events holds: one node per table."""
    tables: dict[str, list[dict[str, Any]]] = json.loads(SPLIT_STORE.read_text())["tables"]
    old = store_tests.write_rows_at(store_url, "0002", tables)
    assert "dataset_aliases" not in old.tables  # really the old schema
    names = {(row["namespace"], row["name"]) for row in tables["datasets"]}
    assert {LOCATION, TABLE} <= names  # split before

    upgraded = LineageStore.open(store_url)
    events = list(upgraded.read.events())
    fresh = LineageStore.open(f"sqlite:///{tmp_path / 'fresh.db'}")
    ingest_in_batches(fresh, events)
    assert store_tests.dump(upgraded) == store_tests.dump(fresh)
    assert upgraded.read.resolve("db.orders") == Node("dataset", *LOCATION)
    assert TABLE not in {(d.node.namespace, d.node.name) for d in upgraded.read.datasets()}
    fresh.close()
    upgraded.close()
