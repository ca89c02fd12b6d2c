"""The demo's graph page in headless Chromium (Debian's ``chromium``, driven through Playwright).

The page is the one ``headwater demo`` writes (``make demo``). The test reads the rendered graph's state from
``window.headwaterGraph`` (the Cytoscape instance) and clicks like a user. Screenshots are kept in
``build/lineage-page/``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, sync_playwright

from integration.conftest import DemoRun
from integration.lineage_server import HeadwaterServe
from integration.support import REPO
from tests.support.events import read_jsonl
from tests.support.lineage_events import dataset, new_run_id, run_event

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = REPO / "build" / "lineage-page"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture
def browser_page(tmp_path: Path) -> Iterator[Page]:
    """A page of a fresh headless Chromium profile; page errors fail the test."""
    if shutil.which("chromium") is None:
        pytest.fail("Debian's chromium is missing: run `make system` (scripts/install-system-deps installs it)")
    errors: list[str] = []
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1600, "height": 900},
        )  # fmt: skip
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        yield page
        context.close()
    assert errors == []


def expected_graph(events: list[dict[str, Any]]) -> tuple[set[str], set[tuple[str, str, bool]]]:
    """Node ids and (source, target, static) edges the events describe (each demo job runs or is declared once)."""
    nodes: set[str] = set()
    edges: set[tuple[str, str, bool]] = set()
    for event in events:
        job = f"job:{event['job']['namespace']}:{event['job']['name']}"
        nodes.add(job)
        static = event["schemaURL"].endswith("/JobEvent")
        for side in ("inputs", "outputs"):
            for ds in event.get(side) or []:
                dataset = f"dataset:{ds['namespace']}:{ds['name']}"
                nodes.add(dataset)
                edges.add((dataset, job, static) if side == "inputs" else (job, dataset, static))
    return nodes, edges


def click_node(page: Page, node_id: str) -> None:
    """Click the node where it is drawn, as a user would."""
    position = page.evaluate(f"window.headwaterGraph.getElementById({node_id!r}).renderedPosition()")
    box = page.locator("#graph").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + position["x"], box["y"] + position["y"])


def test_the_demo_graph_page(demo_run: DemoRun, browser_page: Page) -> None:
    assert demo_run.finished.returncode == 0, demo_run.finished.stderr[-3000:]
    page = browser_page
    page.goto(demo_run.page.as_uri())
    page.wait_for_function("window.headwaterGraph !== undefined && window.headwaterGraph.nodes().length > 0")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "demo-graph.png"))

    nodes, edges = expected_graph(read_jsonl(demo_run.events))
    assert set(page.evaluate("window.headwaterGraph.nodes().map(n => n.id())")) == nodes
    rendered = page.evaluate(
        "window.headwaterGraph.edges().map(e => [e.source().id(), e.target().id(), e.data('static')])"
    )
    assert {tuple(e) for e in rendered} == edges
    assert len([e for e in edges if e[2]]) == 3  # the declared report job: two inputs and its output
    assert page.evaluate("window.headwaterGraph.edges('.static').length") == 3
    # laid out: every node drawn inside the graph area, no two at the same place
    positions = page.evaluate(
        "window.headwaterGraph.nodes().map(n => [n.renderedPosition().x, n.renderedPosition().y])"
    )
    assert len({(round(x), round(y)) for x, y in positions}) == len(nodes)

    warehouse = demo_run.workdir / "warehouse"
    carrier_delays = f"dataset:file:{warehouse / 'carrier_delays'}"
    click_node(page, carrier_delays)
    panel = page.locator("#panel")
    assert "open" in (panel.get_attribute("class") or "")
    assert panel.locator("h2").inner_text() == "carrier_delays"
    schema_facet = panel.locator("details[data-facet=schema]")
    schema_facet.locator("summary").click()
    assert '"name": "mean_arr_delay"' in schema_facet.locator("pre").inner_text()
    assert panel.locator("details[data-facet=columnLineage]").count() == 1
    # the selected node's upstream and downstream are highlighted
    upstream = set(page.evaluate("window.headwaterGraph.nodes('.upstream').map(n => n.id())"))
    assert f"dataset:file:{demo_run.workdir / 'raw' / 'flights'}" in upstream
    downstream = set(page.evaluate("window.headwaterGraph.nodes('.downstream').map(n => n.id())"))
    assert downstream == {
        "job:demo:nycflights13_demo.weekly_delay_report",
        f"dataset:file:{warehouse / 'weekly_delay_report'}",
    }

    # a column's upstream: airline comes from airlines.name
    panel.locator("button.column[data-field=airline]").click()
    highlighted = page.evaluate("window.headwaterGraph.nodes('.column-upstream').map(n => n.id())")
    assert highlighted == [f"dataset:file:{demo_run.workdir / 'raw' / 'airlines'}"]
    assert panel.locator("#column-upstream li").all_inner_texts() == ["airlines.name"]
    page.screenshot(path=str(ARTIFACTS / "demo-column-upstream.png"))

    # the declared report job, found with the search box
    page.fill("#search", "weekly_delay")
    assert page.evaluate("window.headwaterGraph.nodes('.match').length") == 2  # the job and its output
    page.fill("#search", "demo.weekly")
    page.press("#search", "Enter")
    assert panel.locator(".kind").inner_text() == "job demo:nycflights13_demo.weekly_delay_report"
    assert "declared by a JobEvent (static)" in panel.inner_text()


def test_the_served_page_of_a_large_store_draws_a_bounded_part_and_grows_on_demand(
    browser_page: Page, tmp_path: Path
) -> None:
    """A chain of 40 jobs (81 nodes) served with --page-nodes 10: the page draws the 10 nodes nearest to the job that
    ran last, says so, and a double click on a node adds the ones nearest to it from the server's nearest read."""
    events = []
    for i in range(40):
        run = new_run_id()
        events += [
            run_event("START", f"step_{i:02d}", run, 10 * i, inputs=[dataset(f"/chain/{i:02d}")]),
            run_event("COMPLETE", f"step_{i:02d}", run, 10 * i + 1, inputs=[dataset(f"/chain/{i:02d}")],
                      outputs=[dataset(f"/chain/{i + 1:02d}")]),
        ]  # fmt: skip
    with HeadwaterServe(f"sqlite:///{tmp_path / 'chain.db'}", cwd=tmp_path, options=("--page-nodes", "10")) as server:
        status, _, body = server.request("POST", "/api/v1/lineage", json.dumps(events).encode())
        assert (status, json.loads(body)) == (201, {"received": 80, "stored": 80})

        status, _, body = server.request("GET", "/api/v1/headwater/nearest?nodeId=job:tests:step_20&limit=3")
        assert status == 200
        assert sorted(n["id"] for n in json.loads(body)["nodes"]) == [
            "dataset:file:/chain/20", "dataset:file:/chain/21", "job:tests:step_20",
        ]  # fmt: skip
        status, _, body = server.request("GET", "/api/v1/headwater/nearest?nodeId=job:tests:nothing")
        assert status == 404

        page = browser_page
        page.goto(server.url + "/")
        page.wait_for_function("window.headwaterGraph !== undefined")
        drawn = set(page.evaluate("window.headwaterGraph.nodes().map((n) => n.id())"))
        assert len(drawn) == 10
        assert "job:tests:step_39" in drawn  # around the job that ran last
        assert page.inner_text("#shown") == (
            "showing 10 of 81 nodes, 9 edges (double-click a node to add its neighbours)"
        )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "served-bounded.png"))

        # a double click on the node furthest upstream adds the ones nearest to it
        oldest = min(drawn)  # the chain's earliest dataset drawn sorts first
        position = page.evaluate(f"window.headwaterGraph.getElementById({oldest!r}).renderedPosition()")
        box = page.locator("#graph").bounding_box()
        assert box is not None
        page.mouse.dblclick(box["x"] + position["x"], box["y"] + position["y"])
        page.wait_for_function("window.headwaterGraph.nodes().length > 10")
        grown = set(page.evaluate("window.headwaterGraph.nodes().map((n) => n.id())"))
        assert drawn < grown
        assert len(grown) <= 10 + 10  # at most the server's page size more
        edges = page.evaluate("window.headwaterGraph.edges().map((e) => [e.data('source'), e.data('target')])")
        assert len({tuple(e) for e in edges}) == len(edges)  # no edge twice
        assert page.inner_text("#shown") == f"{len(grown)} nodes, {len(edges)} edges shown"
        page.screenshot(path=str(ARTIFACTS / "served-grown.png"))
