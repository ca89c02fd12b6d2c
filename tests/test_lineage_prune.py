"""Retention (issue 37 item 4): ``headwater lineage prune`` deletes what is older than the cut and keeps the current
state, and the API keeps answering from what is left."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from headwater.cli import cli
from headwater.lineage.prune import cut_time
from headwater.lineage.server import create_app
from headwater.lineage.store import LineageStore
from tests.support.lineage_events import at, dataset, job_event, new_run_id, run_event, schema, tags
from tests.test_lineage_store import store_url  # noqa: F401 - the fixture: a fresh SQLite and PostgreSQL store


def _store(url: str) -> tuple[LineageStore, list[str]]:
    store = LineageStore.open(url)
    runs = [new_run_id() for _ in range(3)]
    job_tags = {"tags": tags("Job", team="growth")}
    events: list[dict[str, Any]] = []
    for k, run_id in enumerate(runs):
        out = dataset("/lake/out", schema=schema("id bigint", f"v{k} string"))
        for kind, offset in (("START", 0), ("COMPLETE", 5)):
            events.append(run_event(kind, "etl", run_id, k * 100 + offset, inputs=[dataset("/lake/in")],
                                    outputs=[out], job_facets=job_tags))  # fmt: skip
    events.append(run_event("COMPLETE", "old", new_run_id(), 5, outputs=[dataset("/lake/old")]))
    events.append(job_event("declared", 10, inputs=[dataset("/lake/out")], outputs=[dataset("/lake/report")]))
    assert not store.ingest([(str(i), e) for i, e in enumerate(events)], workers=0).rejected
    return store, runs


def test_prune_deletes_the_old_and_keeps_the_current_state(store_url: str) -> None:  # noqa: F811 - the fixture
    store, runs = _store(store_url)
    client = TestClient(create_app(store))
    before = client.get("/api/v1/namespaces/file/datasets/%2Flake%2Fout").json()
    assert before["versionCount"] == 3

    report = store.prune(at(150))

    assert (report.runs, report.events, report.versions) == (2, 4, 2)
    jobs = client.get("/api/v1/namespaces/tests/jobs").json()
    assert jobs["totalCount"] == 3
    etl = client.get("/api/v1/namespaces/tests/jobs/etl").json()
    assert etl["latestRun"]["id"] == runs[2]
    assert [r["id"] for r in etl["latestRuns"]] == [runs[2]]
    assert etl["tags"] == ["team:growth"]
    assert etl["currentVersion"] is not None
    assert client.get("/api/v1/namespaces/tests/jobs/old").json()["latestRun"] is not None  # a job's latest run stays
    after = client.get("/api/v1/namespaces/file/datasets/%2Flake%2Fout").json()
    assert after["currentVersion"] == before["currentVersion"]
    assert [f["name"] for f in after["fields"]] == ["id", "v2"]
    versions = client.get("/api/v1/namespaces/file/datasets/%2Flake%2Fout/versions").json()["versions"]
    assert [v["version"] for v in versions] == [before["currentVersion"]]
    assert versions[0]["createdByRun"]["id"] == runs[2]
    lineage = client.get("/api/v1/lineage?nodeId=job:tests:declared").json()
    assert {n["id"] for n in lineage["graph"]} >= {"dataset:file:/lake/out", "job:tests:etl", "job:tests:declared"}
    assert (
        client.get("/api/v1/events/lineage?limit=100").json()["totalCount"] == 2 + 1 + 1
    )  # etl's last run, old, JobEvent
    assert client.get("/").status_code == 200
    store.close()


def test_prune_command_takes_an_age(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'aged.db'}"
    _store(url)[0].close()
    result = CliRunner().invoke(cli, ["lineage", "prune", "--older-than", "90d", "--store", url])
    assert result.exit_code == 0, result.output
    assert "pruned 2 runs, 4 events and 2 dataset versions older than" in result.output
    bad = CliRunner().invoke(cli, ["lineage", "prune", "--older-than", "3 months", "--store", url])
    assert bad.exit_code == 2
    assert "<n>h, <n>d or <n>w" in bad.output


@pytest.mark.parametrize(
    ("age", "cut"), [("90d", "2025-12-03T12:00:00.000000Z"), ("12h", "2026-03-03T00:00:00.000000Z")]
)
def test_cut_time(age: str, cut: str) -> None:
    assert cut_time(age, datetime(2026, 3, 3, 12, tzinfo=timezone.utc)) == cut
