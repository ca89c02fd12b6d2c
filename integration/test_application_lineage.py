"""Application-level lineage (spark.openlineage.application.lineage.*): a multi-step PySpark application
(integration/jobs/application_job.py) through spark-submit, whose application run ends only when its driver stops.

Three drivers: the application with the setting on, the same with it off, and one whose step fails before the driver
is killed. The expected lineage is derived by hand from the job's three steps (see each assertion). The consumers'
tests store the first two drivers' events: the store's step and application views, the Marquez API, the graph page.
"""

from __future__ import annotations

import copy
import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from alembic import command
from alembic.config import Config
from click.testing import CliRunner
from playwright.sync_api import Page
from starlette.testclient import TestClient

from headwater.cli import cli
from headwater.lineage import store as store_module
from headwater.lineage.applications import ApplicationInfo
from headwater.lineage.reader import ColumnStep, Node
from headwater.lineage.server import create_app
from headwater.lineage.store import LineageStore
from integration.support import JOBS, agent_args, spark_submit
from tests.support import postgres
from tests.support.events import read_jsonl, runs_by_id

APP = "nightly_orders"
ORDERS = [
    ["order_id", "customer_id", "amount", "status"],
    [1, 10, 250.0, "shipped"],
    [2, 10, 40.0, "shipped"],
    [3, 20, 120.0, "cancelled"],
    [4, 20, 80.0, "shipped"],
    [5, 30, 500.0, "shipped"],
]
CUSTOMERS = [["customer_id", "name", "country"], [10, "Ada", "UK"], [20, "Bo", "SE"], [30, "Cy", "UK"]]
LINEAGE_ON = [
    "spark.openlineage.application.lineage.enabled=true",
    "spark.openlineage.application.lineage.intermediateDatasets=/staging/",
]


def _inputs(directory: Path) -> Path:
    for name, rows in (("orders", ORDERS), ("customers", CUSTOMERS)):
        (directory / name).mkdir(parents=True)
        with (directory / name / "part.csv").open("w", newline="") as f:
            csv.writer(f).writerows(rows)
    return directory


def _run(source: Path, work: Path, mode: str, settings: list[str]) -> tuple[list[dict[str, Any]], str]:
    """The events (validated against the spec) and stdout of one driver running the job in ``mode``."""
    work.mkdir(parents=True)
    events_file = work / "events.jsonl"
    finished = spark_submit(
        [
            *agent_args(events_file, *settings),
            str(JOBS / "application_job.py"), mode, str(source), str(work),
        ],
        cwd=work,
    )  # fmt: skip
    if mode == "complete":
        assert finished.returncode == 0, finished.stderr[-3000:]
    return read_jsonl(events_file), finished.stdout


@pytest.fixture(scope="module")
def drivers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("application")
    source = _inputs(root / "in")
    return {
        "source": source,
        "on": (root / "on", *_run(source, root / "on", "complete", LINEAGE_ON)),
        "off": (root / "off", *_run(source, root / "off", "complete", [])),
    }


def _app(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["job"]["name"] == APP]


def _field(source: Path, dataset: str, field: str, kind: str, subtype: str) -> tuple[str, str, str, str, str]:
    return ("file", str(source / dataset), field, kind, subtype)


def _input_fields(entries: list[dict[str, Any]]) -> set[tuple[str, str, str, str, str]]:
    found = set()
    for entry in entries:
        for t in entry["transformations"]:
            assert t["masking"] is False
            found.add((entry["namespace"], entry["name"], entry["field"], t["type"], t["subtype"]))
    return found


def test_the_application_complete_carries_its_inputs_outputs_and_composed_column_lineage(
    drivers: dict[str, Any],
) -> None:
    work, events, stdout = drivers["on"]
    source = drivers["source"]
    assert 'result [{"country": "SE", "size": "small", "revenue": 80.0, "orders": 1}' in stdout
    start, complete = _app(events)
    assert (start["eventType"], complete["eventType"]) == ("START", "COMPLETE")
    assert (start["inputs"], start["outputs"]) == ([], [])

    # inputs: what step 1 and step 2 read from outside; the staging parquet is written first, then read
    assert [(d["namespace"], d["name"]) for d in complete["inputs"]] == [
        ("file", str(source / "orders")),
        ("file", str(source / "customers")),
    ]
    # outputs: the staging parquet files match the pattern and were read back, so only the final output is left
    [output] = complete["outputs"]
    assert (output["namespace"], output["name"]) == ("file", str(work / "out" / "revenue"))

    facet = complete["run"]["facets"]["headwater_applicationLineage"]
    child_terminals = [e for e in events if e["job"]["name"] != APP and e["eventType"] in ("COMPLETE", "FAIL", "ABORT")]
    assert facet["childRuns"] == facet["composedChildRuns"] == len(child_terminals) == 4
    assert facet["intermediateDatasets"] == [
        {"namespace": "file", "name": str(work / "staging" / "orders_clean")},
        {"namespace": "file", "name": str(work / "staging" / "enriched")},
    ]
    assert (facet["failedChildRuns"], facet["failedChildRunsTotal"]) == ([], 0)
    assert "cut" not in facet

    # Composed by hand, step by step:
    #   step 1  orders_clean.amount <- orders.amount IDENTITY; rows: orders.status FILTER
    #   step 2  enriched.country <- customers.country IDENTITY; enriched.amount <- orders_clean.amount IDENTITY;
    #           enriched.size <- orders_clean.amount INDIRECT CONDITIONAL (the CASE's condition; its values are
    #           literals); rows: orders_clean.customer_id, customers.customer_id JOIN
    #   step 3  revenue.country <- enriched.country IDENTITY; revenue.size <- enriched.size IDENTITY;
    #           revenue.revenue <- enriched.amount AGGREGATION; revenue.orders = count(*): no source;
    #           rows: enriched.country, enriched.size GROUP_BY
    lineage = output["facets"]["columnLineage"]
    assert sorted(lineage["fields"]) == ["country", "revenue", "size"]
    assert _input_fields(lineage["fields"]["country"]["inputFields"]) == {
        _field(source, "customers", "country", "DIRECT", "IDENTITY")
    }
    # IDENTITY, then CONDITIONAL, then IDENTITY: the INDIRECT one
    assert _input_fields(lineage["fields"]["size"]["inputFields"]) == {
        _field(source, "orders", "amount", "INDIRECT", "CONDITIONAL")
    }
    # IDENTITY, IDENTITY, then AGGREGATION: DIRECT, the weaker subtype
    assert _input_fields(lineage["fields"]["revenue"]["inputFields"]) == {
        _field(source, "orders", "amount", "DIRECT", "AGGREGATION")
    }
    # step 3's GROUP_BY composed down (CONDITIONAL then GROUP_BY: the outer INDIRECT), and the row-level sources
    # of both staging datasets
    assert _input_fields(lineage["dataset"]) == {
        _field(source, "customers", "country", "INDIRECT", "GROUP_BY"),
        _field(source, "orders", "amount", "INDIRECT", "GROUP_BY"),
        _field(source, "orders", "customer_id", "INDIRECT", "JOIN"),
        _field(source, "customers", "customer_id", "INDIRECT", "JOIN"),
        _field(source, "orders", "status", "INDIRECT", "FILTER"),
    }


def _normalised(events: list[dict[str, Any]], work: Path) -> list[dict[str, Any]]:
    """The events with what differs between two drivers of the same application replaced: the working directory,
    run ids (numbered in order of appearance), event times and the Spark application id."""
    text = json.dumps(events).replace(str(work), "<work>")
    ids: dict[str, str] = {}
    for event in json.loads(text):
        ids.setdefault(event["run"]["runId"], f"run-{len(ids)}")
    for run_id, name in ids.items():
        text = text.replace(run_id, name)
    normalised = json.loads(text)
    for event in normalised:
        del event["eventTime"]
        details = event["run"]["facets"].get("spark_applicationDetails")
        if details:
            del details["applicationId"]
    return normalised


def test_with_the_setting_off_the_events_are_those_of_the_setting_on_without_the_new_parts(
    drivers: dict[str, Any],
) -> None:
    work_on, events_on, _ = drivers["on"]
    work_off, events_off, _ = drivers["off"]
    on = _normalised(events_on, work_on)
    off = _normalised(events_off, work_off)
    for event in _app(off):
        assert (event["inputs"], event["outputs"]) == ([], [])
        assert "headwater_applicationLineage" not in event["run"]["facets"]

    without_new_parts = copy.deepcopy(on)
    for event in _app(without_new_parts):
        event["inputs"], event["outputs"] = [], []
        event["run"]["facets"].pop("headwater_applicationLineage", None)
    # child runs identical, application runs identical but for the new parts (which the setting on does add)
    assert without_new_parts != on
    assert without_new_parts == off
    assert [e for e in on if e["job"]["name"] != APP] == [e for e in off if e["job"]["name"] != APP]


def test_a_failed_step_is_named_in_the_application_fail(tmp_path: Path) -> None:
    source = _inputs(tmp_path / "in")
    work = tmp_path / "fail"
    events, stdout = _run(source, work, "fail", LINEAGE_ON)
    assert "step failed" in stdout

    runs = runs_by_id(events)
    failed = [evs for evs in runs.values() if evs[-1]["eventType"] == "FAIL" and evs[0]["job"]["name"] != APP]
    assert len(failed) == 1, [(evs[0]["job"]["name"], evs[-1]["eventType"]) for evs in runs.values()]
    failed_end = failed[0][-1]
    assert [(d["namespace"], d["name"]) for d in failed_end["outputs"]] == [("file", str(work / "out" / "broken"))]

    start, fail = _app(events)
    assert (start["eventType"], fail["eventType"]) == ("START", "FAIL")
    assert "SIGTERM" in fail["run"]["facets"]["errorMessage"]["message"]
    facet = fail["run"]["facets"]["headwater_applicationLineage"]
    assert facet["failedChildRunsTotal"] == 1
    assert facet["failedChildRuns"] == [
        {
            "runId": failed_end["run"]["runId"],
            "jobNamespace": failed_end["job"]["namespace"],
            "jobName": failed_end["job"]["name"],
            "eventType": "FAIL",
            "message": failed_end["run"]["facets"]["errorMessage"]["message"].splitlines()[0][:500],
        }
    ]
    assert (facet["childRuns"], facet["composedChildRuns"]) == (2, 1)
    # the failed step's datasets are not the application's: step 1's input and output only (its output was read
    # only by the failed step, so it is not left out as an intermediate dataset)
    assert [(d["namespace"], d["name"]) for d in fail["inputs"]] == [("file", str(source / "orders"))]
    assert [(d["namespace"], d["name"]) for d in fail["outputs"]] == [("file", str(work / "staging" / "orders_clean"))]
    assert facet["intermediateDatasets"] == []


def test_headwater_lineage_columns_answers_from_the_composed_facet(drivers: dict[str, Any]) -> None:
    source = drivers["source"]

    def columns(work: Path) -> list[str]:
        result = CliRunner().invoke(
            cli,
            ["lineage", "columns", f"file:{work / 'out' / 'revenue'}", "revenue", "-s", str(work / "events.jsonl")],
            catch_exceptions=False,
        )
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    # the application's COMPLETE is the latest event with a columnLineage facet of the output: its composed lineage
    on = drivers["on"][0]
    assert columns(on) == [
        f"file:{on / 'out' / 'revenue'} revenue",
        f"  <- file:{source / 'orders'} amount  [AGGREGATION]  (into revenue)",
    ]
    # without it, the walk goes through the staging datasets step by step
    off = drivers["off"][0]
    assert columns(off) == [
        f"file:{off / 'out' / 'revenue'} revenue",
        f"  <- file:{off / 'staging' / 'enriched'} amount  [AGGREGATION]  (into revenue)",
        f"    <- file:{off / 'staging' / 'orders_clean'} amount  [IDENTITY]  (into amount)",
        f"      <- file:{source / 'orders'} amount  [IDENTITY]  (into amount)",
    ]


# -- the consumers: the store's two views, the Marquez API, the graph page's toggle --------------------------------


def _nodes(work: Path, source: Path) -> dict[str, Node]:
    """The application's job and datasets as the store names them."""
    return {
        "orders": Node("dataset", "file", str(source / "orders")),
        "customers": Node("dataset", "file", str(source / "customers")),
        "orders_clean": Node("dataset", "file", str(work / "staging" / "orders_clean")),
        "enriched": Node("dataset", "file", str(work / "staging" / "enriched")),
        "revenue": Node("dataset", "file", str(work / "out" / "revenue")),
        "application": Node("job", "default", APP),
    }


def _stored(url: str, events: list[dict[str, Any]]) -> LineageStore:
    store = LineageStore.open(url)
    report = store.ingest([(f"event {i}", event) for i, event in enumerate(events)])
    assert report.rejected == []
    return store


def _facet_edges(facet: dict[str, Any]) -> set[tuple[str, str, str, str]]:
    """A columnLineage facet's edges: (output field, input dataset, input field, subtypes); "" for dataset-wide."""
    found = set()
    for output, entry in [*facet["fields"].items(), *(("", {"inputFields": [d]}) for d in facet.get("dataset", []))]:
        for source in entry["inputFields"]:
            kinds = ",".join(t["subtype"] for t in source["transformations"])
            found.add((output, f"dataset:{source['namespace']}:{source['name']}", source["field"], kinds))
    return found


def _step_edges(steps: list[ColumnStep]) -> set[tuple[str, str, str, str]]:
    return {(s.field, s.source.key, s.source_field, ",".join(t["subtype"] for t in s.transformations)) for s in steps}


def _written(events: list[dict[str, Any]], node: Node, *, application: bool) -> dict[str, Any]:
    """The output ``node`` of the last terminal event of the application run (``application``) or of a step."""
    [*_, written] = [
        output
        for event in events
        if event["eventType"] == "COMPLETE" and (event["job"]["name"] == APP) == application
        for output in event["outputs"]
        if (output["namespace"], output["name"]) == (node.namespace, node.name)
    ]
    return written


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new store on each back-end: a SQLite file, or a PostgreSQL server of its own (started for the test)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'lineage.db'}"
        return
    server = postgres.start()
    try:
        yield f"postgresql://{server.user}:{server.password}@{server.host}:{server.port}/{server.database}"
    finally:
        server.stop()


def test_the_store_keeps_the_step_view_and_the_application_view(drivers: dict[str, Any], store_url: str) -> None:
    work, events, _ = drivers["on"]
    off_work, off_events, _ = drivers["off"]
    nodes = _nodes(work, drivers["source"])
    revenue, app = nodes["revenue"], nodes["application"]
    store = _stored(store_url, events)
    off = _stored(f"sqlite:///{off_work / 'off.db'}", off_events)
    try:
        read = store.read
        # the step view: the dataset's column lineage is what the last step wrote (from the staging dataset), not
        # the application's composed facet, which came later
        step_facet = _written(events, revenue, application=False)["facets"]["columnLineage"]
        (info,) = read.dataset_infos([revenue.id])
        assert info.facets["columnLineage"] == step_facet
        assert _step_edges(read.column_lineage(revenue)) == _facet_edges(step_facet)
        assert {s.source for s in read.column_lineage(revenue)} == {nodes["enriched"]}
        # ... and its edges are those of the same application without application lineage
        step_edges = {(e.origin.key, e.destination.key, e.static) for e in read.edges() if not e.application}
        off_edges = {(e.origin.key, e.destination.key, e.static) for e in off.read.edges()}
        assert step_edges == {tuple(json.loads(json.dumps(e).replace(str(off_work), str(work)))) for e in off_edges}

        # the application view: the application's job, its inputs and outputs, its steps, its composed lineage
        application_edges = {(e.origin, e.destination) for e in read.edges() if e.application}
        assert application_edges == {(nodes["orders"], app), (nodes["customers"], app), (app, revenue)}
        [complete] = [e for e in events if e["job"]["name"] == APP and e["eventType"] == "COMPLETE"]
        child_jobs = {
            Node("job", e["job"]["namespace"], e["job"]["name"])
            for e in events
            if e["run"]["facets"].get("parent", {}).get("run", {}).get("runId") == complete["run"]["runId"]
        }
        assert len(child_jobs) == 4
        assert read.applications() == [
            ApplicationInfo(
                app, complete["run"]["runId"], (nodes["customers"], nodes["orders"]), (revenue,),
                tuple(sorted(child_jobs)),
            )
        ]  # fmt: skip
        composed = _written(events, revenue, application=True)["facets"]["columnLineage"]
        assert _step_edges(read.application_column_lineages([revenue])[revenue.id]) == _facet_edges(composed)
        assert read.application_column_lineages([nodes["enriched"]]) == {}

        # `headwater lineage columns` follows the composed lineage, or with --steps the steps'
        assert [(s.depth, s.source, s.source_field) for s in read.column_upstream(revenue, "revenue")] == [
            (1, nodes["orders"], "amount")
        ]
        assert [(s.depth, s.source, s.source_field) for s in read.column_upstream(revenue, "revenue", steps=True)] == [
            (1, nodes["enriched"], "amount"),
            (2, nodes["orders_clean"], "amount"),
            (3, nodes["orders"], "amount"),
        ]
    finally:
        store.close()
        off.close()


def test_the_migration_marks_the_edges_of_an_application_in_an_older_store(
    drivers: dict[str, Any], tmp_path: Path
) -> None:
    """Revision 0006 on a store of revision 0005 (the application's edges then unmarked): the edges of the jobs whose
    current definition is an application run are marked, so the application view has its job and datasets."""
    work, events, _ = drivers["on"]
    nodes = _nodes(work, drivers["source"])
    store = _stored(f"sqlite:///{tmp_path / 'lineage.db'}", events)
    marked = {(e.origin, e.destination) for e in store.read.edges() if e.application}
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0005")
    store.close()
    upgraded = LineageStore.open(f"sqlite:///{tmp_path / 'lineage.db'}")
    try:
        assert {(e.origin, e.destination) for e in upgraded.read.edges() if e.application} == marked != set()
        [application] = upgraded.read.applications()
        assert (application.job, application.outputs) == (nodes["application"], (nodes["revenue"],))
        assert len(application.steps) == 4
    finally:
        upgraded.close()


def test_the_marquez_api_shows_the_application_as_a_job_and_the_steps_unchanged(
    drivers: dict[str, Any], tmp_path: Path
) -> None:
    work, events, _ = drivers["on"]
    nodes = _nodes(work, drivers["source"])
    revenue, app = nodes["revenue"], nodes["application"]
    store = _stored(f"sqlite:///{tmp_path / 'lineage.db'}", events)
    try:
        client = TestClient(create_app(store))

        def get(path: str, **params: Any) -> Any:
            response = client.get(path, params=params)
            assert response.status_code == 200, response.text
            return response.json()

        def names(entries: list[dict[str, Any]]) -> list[str]:
            return [f"{e['namespace']}:{e['name']}" for e in entries]

        job = get(f"/api/v1/namespaces/default/jobs/{APP}")
        assert names(job["inputs"]) == [f"file:{nodes['customers'].name}", f"file:{nodes['orders'].name}"]
        assert names(job["outputs"]) == [f"file:{revenue.name}"]
        assert job["latestRun"]["state"] == "COMPLETED"
        assert "headwater_applicationLineage" in job["latestRun"]["facets"]

        graph = {node["id"]: node for node in get("/api/v1/lineage", nodeId=app.key, depth=1)["graph"]}
        assert {e["origin"] for e in graph[app.key]["inEdges"]} == {nodes["orders"].key, nodes["customers"].key}
        assert {e["destination"] for e in graph[app.key]["outEdges"]} == {revenue.key}

        # the step that wrote the output, unchanged: its job, and the dataset's column lineage is the step's
        step_output = _written(events, revenue, application=False)
        [step] = [
            e
            for e in events
            if e["job"]["name"] != APP and e["eventType"] == "COMPLETE" and step_output in e["outputs"]
        ]
        step_job = get(f"/api/v1/namespaces/default/jobs/{step['job']['name']}")
        assert names(step_job["inputs"]) == [f"file:{nodes['enriched'].name}"]
        assert names(step_job["outputs"]) == [f"file:{revenue.name}"]
        around = {node["id"]: node for node in get("/api/v1/lineage", nodeId=revenue.key, depth=1)["graph"]}
        assert {e["origin"] for e in around[revenue.key]["inEdges"]} == {app.key, f"job:default:{step['job']['name']}"}
        dataset = get(f"/api/v1/namespaces/file/datasets/{quote(revenue.name, safe='')}")
        assert {
            (f["name"], i["dataset"], i["field"]) for f in dataset["columnLineage"] for i in f["inputFields"]
        } == {("country", nodes["enriched"].name, "country"), ("size", nodes["enriched"].name, "size"),
              ("revenue", nodes["enriched"].name, "amount")}  # fmt: skip
    finally:
        store.close()


def test_the_graph_page_toggles_between_the_step_and_the_application_view(
    drivers: dict[str, Any], browser_page: Page, tmp_path: Path
) -> None:
    work, _, _ = drivers["on"]
    nodes = _nodes(work, drivers["source"])
    ids = {name: node.key for name, node in nodes.items()}
    page_file = tmp_path / "lineage.html"
    result = CliRunner().invoke(
        cli, ["lineage", "view", str(work / "events.jsonl"), "-o", str(page_file)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    page = browser_page
    page.goto(page_file.as_uri())
    page.wait_for_function("window.headwaterGraph !== undefined && window.headwaterGraph.nodes().length > 0")
    drawn_nodes = "window.headwaterGraph.nodes().filter(n => n.visible()).map(n => n.id())"
    drawn_edges = "window.headwaterGraph.edges().filter(e => e.visible()).map(e => [e.source().id(), e.target().id()])"

    # the step view by default: every step and staging dataset, the application's job without edges
    assert page.evaluate("window.headwaterPage.view()") == "step"
    assert page.locator("#view-toggle").is_visible()
    steps_view = set(page.evaluate(drawn_nodes))
    assert {ids["orders_clean"], ids["enriched"], ids["application"]} <= steps_view
    assert not [e for e in page.evaluate(drawn_edges) if ids["application"] in e]
    column = f"window.headwaterPage.columnUpstream({ids['revenue']!r}, 'revenue').map(s => [s.dataset, s.field])"
    assert page.evaluate(column) == [[ids["enriched"], "amount"], [ids["orders_clean"], "amount"],
                                     [ids["orders"], "amount"]]  # fmt: skip

    # the application view: one job between its inputs and outputs, its steps and staging datasets hidden
    page.locator("#application-view").check()
    assert page.evaluate("window.headwaterPage.view()") == "application"
    assert set(page.evaluate(drawn_nodes)) == {ids["orders"], ids["customers"], ids["application"], ids["revenue"]}
    assert {tuple(e) for e in page.evaluate(drawn_edges)} == {
        (ids["orders"], ids["application"]), (ids["customers"], ids["application"]),
        (ids["application"], ids["revenue"]),
    }  # fmt: skip
    assert page.evaluate(column) == [[ids["orders"], "amount"]]
    page.screenshot(path=str(tmp_path / "application-view.png"))

    # and back
    page.locator("#application-view").uncheck()
    assert set(page.evaluate(drawn_nodes)) == steps_view


def test_the_graph_page_hides_the_toggle_without_application_lineage(
    drivers: dict[str, Any], browser_page: Page, tmp_path: Path
) -> None:
    work, _, _ = drivers["off"]
    page_file = tmp_path / "lineage.html"
    result = CliRunner().invoke(
        cli, ["lineage", "view", str(work / "events.jsonl"), "-o", str(page_file)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    browser_page.goto(page_file.as_uri())
    browser_page.wait_for_function("window.headwaterGraph !== undefined && window.headwaterGraph.nodes().length > 0")
    toggle = browser_page.locator("#view-toggle")
    assert toggle.count() == 1
    assert toggle.is_hidden()
    assert browser_page.evaluate("window.headwaterPage.view()") == "step"
    assert browser_page.evaluate("window.headwaterGraph.elements().filter(e => !e.visible()).length") == 0
