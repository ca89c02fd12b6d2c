"""The demo's graph page in headless Chromium (Debian's ``chromium``, driven through Playwright).

The page is the one ``headwater demo`` writes (``make demo``). The test reads the rendered graph's state from
``window.headwaterGraph`` (the Cytoscape instance) and clicks like a user. Screenshots are kept in
``build/lineage-page/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from integration.conftest import DemoRun
from integration.lineage_server import HeadwaterServe
from integration.support import REPO, headwater_cli
from tests.support.events import read_jsonl
from tests.support.lineage_events import dataset, new_run_id, run_event

ARTIFACTS = REPO / "build" / "lineage-page"


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

        # the page opens on the job that ran last, selected; zoomed out to see the whole part drawn, a double click on
        # the node furthest upstream adds the ones nearest to it
        assert page.locator("#panel h2").inner_text() == "step_39"
        page.evaluate("window.headwaterGraph.fit()")
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


def _chain_events(nodes: int) -> list[dict[str, Any]]:
    """A chain of about ``nodes`` jobs and datasets (job i reads /chain/i and writes /chain/i+1), one run each, every
    run complete but the last one's, which failed."""
    jobs = nodes // 2
    events = []
    for i in range(jobs):
        run = new_run_id()
        source, target = dataset(f"/chain/{i:04d}"), dataset(f"/chain/{i + 1:04d}")
        end = "FAIL" if i == jobs - 1 else "COMPLETE"
        events += [run_event("START", f"step_{i:04d}", run, 10 * i, inputs=[source]),
                   run_event(end, f"step_{i:04d}", run, 10 * i + 1, inputs=[source], outputs=[target])]  # fmt: skip
    return events


MIN_BOX_PX = 110
"""The least width, on screen, of a node box around the selection: its 11 px labels are then drawn at 6.5 px or more."""


def _box_widths(page: Page, ids: list[str]) -> list[float]:
    return page.evaluate("(ids) => ids.map((id) => window.headwaterGraph.getElementById(id).renderedWidth())", ids)


@pytest.mark.parametrize("size", [10, 100, 1000])
def test_the_graph_page_reads_well_at_every_size(browser_page: Page, tmp_path: Path, size: int) -> None:
    """The written page (``headwater lineage view``) of a chain of ``size`` nodes: it opens on the job that ran last,
    zoomed so that its neighbourhood's boxes are legible; that job, failed, is drawn red with its run's state and
    time; a large graph shows the nodes nearest to it and collapses the rest (a double click shows more); search
    centres and zooms; ``--node --depth`` writes just that neighbourhood."""
    events = tmp_path / "events.jsonl"
    events.write_text("".join(json.dumps(e) + "\n" for e in _chain_events(size)))
    written = tmp_path / "page.html"
    view = headwater_cli(["lineage", "view", str(events), "-o", str(written)])
    assert view.returncode == 0, view.stderr
    total = (size // 2) * 2 + 1
    last = f"job:tests:step_{size // 2 - 1:04d}"

    page = browser_page
    page.goto(written.as_uri())
    page.wait_for_function("window.headwaterGraph !== undefined")
    drawn = page.evaluate("window.headwaterGraph.nodes().filter((n) => n.visible()).map((n) => n.id())")
    assert len(drawn) == (total if total <= 150 else 60)
    assert last in drawn
    assert page.evaluate("window.headwaterGraph.nodes().length") == total
    if total > 150:
        assert page.inner_text("#shown").startswith(f"60 of {total} nodes shown")
    # legible around the job that ran last, which is in view
    neighbourhood = page.evaluate(
        f"window.headwaterGraph.getElementById({last!r}).closedNeighborhood('node').map((n) => n.id())"
    )
    assert min(_box_widths(page, neighbourhood)) >= MIN_BOX_PX
    position = page.evaluate(f"window.headwaterGraph.getElementById({last!r}).renderedPosition()")
    box = page.locator("#graph").bounding_box()
    assert box is not None
    assert 0 < position["x"] < box["width"] and 0 < position["y"] < box["height"]
    # the failed run: red, its state and time in the label
    assert page.evaluate(f"window.headwaterGraph.getElementById({last!r}).hasClass('failed')")
    label = page.evaluate(f"window.headwaterGraph.getElementById({last!r}).data('label')")
    assert label.splitlines()[-1].startswith("FAIL 20")
    assert page.evaluate("window.headwaterGraph.nodes('.failed').length") == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"graph-{size}-nodes.png"))

    # search: Enter selects the first job matching and zooms to it (shown first when it was collapsed)
    page.fill("#search", "step_0000")
    page.press("#search", "Enter")
    assert page.locator("#panel h2").inner_text() == "step_0000"
    first = page.evaluate(
        "window.headwaterGraph.getElementById('job:tests:step_0000').closedNeighborhood('node').map((n) => n.id())"
    )
    assert min(_box_widths(page, first)) >= MIN_BOX_PX
    assert page.evaluate("window.headwaterGraph.getElementById('job:tests:step_0000').visible()")
    page.screenshot(path=str(ARTIFACTS / f"graph-{size}-nodes-search.png"))

    if total > 150:  # a node with collapsed neighbours: a double click shows them
        more = page.evaluate("window.headwaterGraph.nodes('.more').map((n) => n.id())")
        assert more
        before = page.evaluate("window.headwaterGraph.nodes().filter((n) => n.visible()).length")
        page.evaluate(f"window.headwaterGraph.fit(window.headwaterGraph.getElementById({more[0]!r}), 200)")
        position = page.evaluate(f"window.headwaterGraph.getElementById({more[0]!r}).renderedPosition()")
        page.mouse.dblclick(box["x"] + position["x"], box["y"] + position["y"])
        page.wait_for_function(f"window.headwaterGraph.nodes().filter((n) => n.visible()).length > {before}")

    # --node --depth: just that neighbourhood
    near = headwater_cli(
        ["lineage", "view", str(events), "-o", str(tmp_path / "near.html"), "--node", last, "--depth", "1"]
    )
    assert near.returncode == 0, near.stderr
    assert near.stdout.strip().endswith("(3 nodes, 2 edges)")
