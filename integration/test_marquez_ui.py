"""Marquez's own web UI on ``headwater serve``, in headless Chromium.

The UI is built from Marquez's sources (tests/data/marquez/web, unmodified) with its own ``npm ci`` and webpack
production build, once per cache (integration/marquez_ui.py), and served as Marquez's image serves it, its ``/api/``
requests proxied to the real ``headwater serve`` of integration/test_marquez_api.py (the demo's real events, the spec's
example event and a failed run). Each check reads what the UI shows and compares it with what the events say, so it
fails when one of the reads the UI makes answers in a shape the UI cannot use. Screenshots are kept in
``build/marquez-ui-screens/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from playwright.sync_api import Page, expect

from integration.conftest import DemoRun
from integration.marquez_ui import MarquezUi, built_ui
from integration.support import REPO
from integration.test_marquez_api import Served, served  # noqa: F401 - the fixture
from tests.support.events import read_jsonl

ARTIFACTS = REPO / "build" / "marquez-ui-screens"
STATES = {"START": "RUNNING", "RUNNING": "RUNNING", "COMPLETE": "COMPLETED", "FAIL": "FAILED", "ABORT": "ABORTED"}
"""OpenLineage event types and the run states Marquez shows for them."""


@pytest.fixture(scope="session")
def ui_dist() -> Path:
    """The UI's built static files (built on the first use of a cache, see integration/marquez_ui.py)."""
    return built_ui()


@pytest.fixture
def ui(ui_dist: Path, served: Served, browser_page: Page) -> Iterator[tuple[str, Page]]:  # noqa: F811 - served
    """The UI's URL, its API the served store, and a fresh page; Google's fonts (the UI's only outside request) are
    answered empty."""
    browser_page.route(re.compile(r"^https://fonts\.(googleapis|gstatic)\.com/"), lambda r: r.fulfill(body=""))
    with MarquezUi(ui_dist, served.server.url) as server:
        yield server.url, browser_page


class Events:
    """What the stored events say: namespaces, jobs with their runs' states, datasets with their fields."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.events = sorted(events, key=lambda e: e.get("eventTime", ""))
        self.jobs: dict[tuple[str, str], list[str]] = {}  # job -> its runs' states, in order of first event
        self.datasets: dict[tuple[str, str], list[str]] = {}  # dataset -> its latest field names
        run_states: dict[str, tuple[tuple[str, str], str]] = {}
        for event in self.events:
            job = (event["job"]["namespace"], event["job"]["name"])
            self.jobs.setdefault(job, [])
            if "run" in event:
                run_states[event["run"]["runId"]] = (job, STATES.get(event.get("eventType", "RUNNING"), "RUNNING"))
            for ds in (event.get("inputs") or []) + (event.get("outputs") or []):
                fields = (ds.get("facets") or {}).get("schema", {}).get("fields")
                key = (ds["namespace"], ds["name"])
                if fields is not None or key not in self.datasets:
                    self.datasets[key] = [f["name"] for f in fields or []]
        for job, state in run_states.values():
            self.jobs[job].append(state)

    @property
    def namespaces(self) -> set[str]:
        return {ns for ns, _ in self.jobs} | {ns for ns, _ in self.datasets}

    def jobs_in(self, namespace: str) -> dict[str, list[str]]:
        return {name: states for (ns, name), states in self.jobs.items() if ns == namespace}

    def datasets_in(self, namespace: str) -> set[str]:
        return {name for ns, name in self.datasets if ns == namespace}


@pytest.fixture
def stored(demo_run: DemoRun, served: Served) -> Events:  # noqa: F811
    return Events(read_jsonl(demo_run.events) + served.posted)


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _select_namespace(page: Page, namespace: str) -> list[str]:
    """Open the namespace selector, return the namespaces it lists and pick ``namespace``."""
    page.locator("#namespace-select").click()
    options = page.get_by_role("option")
    expect(options.first).to_be_visible()
    listed = options.all_inner_texts()
    options.filter(has_text=re.compile(f"^{re.escape(namespace)}$")).click()
    return listed


def _cut(name: str) -> str:
    """A name as the UI's tables show it."""
    return name if len(name) <= 40 else name[:40] + "..."


def _rows(page: Page) -> list[list[str]]:
    return [row.locator("td").all_inner_texts() for row in page.locator("table tbody tr").all()]


def test_the_jobs_page_lists_every_namespace_and_the_jobs_with_their_latest_run_state(
    ui: tuple[str, Page], stored: Events
) -> None:
    url, page = ui
    page.goto(f"{url}/jobs")
    assert set(_select_namespace(page, "demo")) == stored.namespaces
    demo = stored.jobs_in("demo")
    expect(page.get_by_role("option")).to_have_count(0)  # the selector closed
    expect(page.get_by_text(f"{len(demo)} total")).to_be_visible()
    expect(page.locator("table tbody tr")).to_have_count(len(demo))
    _shot(page, "jobs-demo")
    shown = sorted((row[0], row[4]) for row in _rows(page))
    # the UI cuts names at 40 characters; a job without runs (the declared one) has no state badge
    assert shown == sorted((_cut(name), states[-1] if states else "") for name, states in demo.items())

    _select_namespace(page, "tests")
    expect(page.get_by_text(f"{len(stored.jobs_in('tests'))} total")).to_be_visible()
    assert {row[0]: row[4] for row in _rows(page)}["scoring"] == "FAILED"


def test_the_datasets_page_lists_a_namespace_s_datasets(ui: tuple[str, Page], stored: Events) -> None:
    url, page = ui
    page.goto(f"{url}/datasets")
    _select_namespace(page, "file")
    names = stored.datasets_in("file")
    expect(page.get_by_text(f"{len(names)} total")).to_be_visible()
    expect(page.locator("table tbody tr")).to_have_count(min(len(names), 20))  # the page's size
    _shot(page, "datasets-file")
    links = page.locator("table tbody tr td:first-child a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert {unquote(link.rsplit("/", 1)[1]) for link in links} <= names


def test_a_job_s_panel_shows_its_runs_and_their_states(ui: tuple[str, Page], stored: Events) -> None:
    url, page = ui
    page.goto(f"{url}/lineage/job/tests/scoring?tableLevelNode={quote('job:tests:scoring')}")
    drawer = page.locator(".MuiDrawer-paper")
    expect(drawer.get_by_text("scoring", exact=True).first).to_be_visible()
    expect(drawer.get_by_text("FAILED").first).to_be_visible()
    drawer.get_by_role("tab", name=re.compile("history", re.IGNORECASE)).click()
    runs = drawer.locator("table tbody tr")
    expect(runs).to_have_count(len(stored.jobs[("tests", "scoring")]))
    _shot(page, "job-scoring-runs")
    assert [row.locator("td").nth(1).inner_text() for row in runs.all()] == stored.jobs[("tests", "scoring")]


def test_a_dataset_s_panel_shows_its_fields_and_versions(
    ui: tuple[str, Page], stored: Events, demo_run: DemoRun
) -> None:
    url, page = ui
    name = str(demo_run.workdir / "warehouse" / "carrier_delays")
    page.goto(f"{url}/lineage/dataset/file/{quote(name, safe='')}?tableLevelNode={quote(f'dataset:file:{name}')}")
    drawer = page.locator(".MuiDrawer-paper")
    fields = stored.datasets[("file", name)]
    assert "mean_arr_delay" in fields
    for field in fields:
        expect(drawer.get_by_text(field, exact=True).first).to_be_visible()
    _shot(page, "dataset-fields")
    drawer.get_by_role("tab", name=re.compile("history", re.IGNORECASE)).click()
    versions = drawer.locator("table tbody tr")
    expect(versions.first).to_be_visible()
    _shot(page, "dataset-versions")
    assert versions.first.locator("td").nth(2).inner_text() == str(len(fields))


def test_the_column_level_page_draws_a_dataset_s_column_lineage(
    ui: tuple[str, Page], stored: Events, demo_run: DemoRun
) -> None:
    url, page = ui
    name = str(demo_run.workdir / "warehouse" / "carrier_delays")
    lineage = next(
        ds["facets"]["columnLineage"]["fields"]
        for e in stored.events
        for ds in e.get("outputs") or []
        if ds["name"] == name and "columnLineage" in (ds.get("facets") or {})
    )
    upstream = {source["field"] for field in lineage.values() for source in field["inputFields"]}
    assert {"airline", "name"} <= set(lineage) | upstream  # airline comes from airlines.name
    page.goto(f"{url}/datasets/column-level/file/{quote(name, safe='')}")
    for column in set(lineage) | upstream:
        expect(page.get_by_text(column, exact=True).first).to_be_visible()
    _shot(page, "column-level")


def test_the_events_page_lists_the_events_of_a_time_range(ui: tuple[str, Page], stored: Events) -> None:
    url, page = ui
    day = [e for e in stored.events if e.get("eventTime", "").startswith("2025-03-01")]
    assert len(day) == 2
    page.goto(f"{url}/events?dateFrom=2025-03-01T00:00:00.000Z&dateTo=2025-03-01T23:59:59.000Z")
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(len(day))
    _shot(page, "events")
    shown = [(row[0], row[1], row[2]) for row in _rows(page)]
    expected = [(e["run"]["runId"], e["eventType"], e["job"]["name"]) for e in reversed(day)]
    assert shown == expected
