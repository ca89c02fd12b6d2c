"""The demo's graph page in headless Chromium (Debian's ``chromium``, driven through Playwright).

The page is the one ``headwater demo`` writes (``make demo``). The test reads the rendered graph's state from
``window.headwaterGraph`` (the Cytoscape instance) and clicks like a user. Screenshots are kept in
``build/lineage-page/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, sync_playwright

from integration.conftest import DemoRun
from integration.support import REPO
from tests.support.events import read_jsonl

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
