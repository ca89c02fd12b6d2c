"""``headwater serve`` as Marquez: its read API checked against Marquez's own OpenAPI document.

The store holds the real events of ``headwater demo`` (a PySpark ETL with the agent attached, run once per session:
``demo_run``), plus what this module posts as Marquez's clients do. Every GET operation of Marquez's document (and
the five it lacks that Marquez serves, tests/support/marquez_spec.py) is called on a real ``headwater serve`` and its
answer validated with openapi-core against the document with its errata corrected; schemathesis then sends
generated requests to every operation and none may get a 5xx.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import hypothesis
import pytest
import schemathesis
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

from headwater.lineage.marquez import Reads
from headwater.lineage.sources import open_source, read_events
from headwater.lineage.store import LineageStore
from integration.conftest import DemoRun
from integration.lineage_server import HeadwaterServe
from tests.support import marquez_spec
from tests.support.lineage_events import dataset, new_run_id, run_event, schema, tags

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
RUN_STATES = {"NEW", "RUNNING", "COMPLETED", "FAILED", "ABORTED"}
SPEC_SERVER = "http://localhost:5000"
"""The host of the document's server (``http://localhost:5000/api/v1``): requests are matched against it."""


def _enc(name: str) -> str:
    return quote(name, safe="")


class Served:
    """The served store and the requests made to it, each validated against the corrected document."""

    def __init__(self, server: HeadwaterServe, posted: list[dict[str, Any]]) -> None:
        self.server = server
        self.posted = posted
        """The events posted to the server after the demo's (whose events are in ``demo_run.events``)."""
        self.api = OpenAPI.from_dict(marquez_spec.corrected())
        self.called: set[str] = set()

    def get(self, path: str, status: int = 200) -> Any:
        """GET ``/api/v1/<path>``: the answer must have ``status`` and, when 200, conform to the document."""
        got, headers, body = self.server.request("GET", f"/api/v1/{path}")
        assert got == status, (path, body[:500])
        assert headers["content-type"].startswith("application/json"), path
        if status == 200:
            parts = urlsplit(f"/api/v1/{path}")
            args = {k: v if len(v) > 1 else v[0] for k, v in parse_qs(parts.query).items()}
            request = MockRequest(SPEC_SERVER, "get", parts.path, args=args)
            result = self.api.unmarshal_response(
                request, MockResponse(data=body, status_code=200, content_type="application/json")
            )
            problems = [str(c)[:300] for e in result.errors for c in getattr(e.__cause__, "schema_errors", [e])]
            assert not result.errors, (path, problems[:5])
            operation = self.api.spec / "paths"
            self.called.add(self._template(parts.path, operation))
        return json.loads(body)

    def _template(self, path: str, paths: Any) -> str:
        segments = path.removeprefix("/api/v1").split("/")
        for template in paths.keys():  # noqa: SIM118 - a SchemaPath, not a dict
            parts = template.split("/")
            if len(parts) == len(segments) and all(
                p.startswith("{") or p == s for p, s in zip(parts, segments, strict=True)
            ):
                return str(template)
        raise AssertionError(path)


def _posted_events() -> list[dict[str, Any]]:
    """A failed run with tags and a field schema, as a Marquez client might post them."""
    run = new_run_id()
    scored = dataset("/marquez/scored", schema=schema("id bigint", "score double"), tags=tags("Dataset", pii="true"))
    return [
        run_event("START", "scoring", run, 10, inputs=[dataset("/marquez/raw")], outputs=[scored]),
        run_event("FAIL", "scoring", run, 11, inputs=[dataset("/marquez/raw")], outputs=[scored]),
    ]


@pytest.fixture(scope="module")
def served(demo_run: DemoRun, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``headwater serve`` over a SQLite store holding the demo's real events and the posted ones."""
    assert demo_run.finished.returncode == 0, demo_run.finished.stderr[-3000:]
    root = tmp_path_factory.mktemp("marquez")
    url = f"sqlite:///{root / 'store.db'}"
    store = LineageStore.open(url)
    report = store.ingest(read_events([demo_run.events]))
    assert report.rejected == [] and report.stored >= 10
    store.close()
    posted = [marquez_spec.original()["components"]["schemas"]["LineageEvent"]["example"], *_posted_events()]
    with HeadwaterServe(url, cwd=root) as server:
        for event in posted:
            status, _, body = server.request(
                "POST", "/api/v1/lineage", json.dumps(event).encode(), {"Content-Type": "application/json"}
            )
            assert status == 201, body
        yield Served(server, posted)


def test_the_spec_example_event_without_schema_url_is_taken_and_an_invalid_one_refused(served: Served) -> None:
    example = marquez_spec.original()["components"]["schemas"]["LineageEvent"]["example"]
    assert "schemaURL" not in example
    job = served.get("namespaces/my-namespace/jobs/my-job")
    assert job["latestRun"]["state"] == "COMPLETED"
    assert served.get("namespaces/my-namespace/datasets/my-output")["fields"][0] == {
        "name": "a", "type": "INTEGER", "tags": [], "description": None,
    }  # fmt: skip
    # what Marquez refuses too: no runId, a runId that is not a UUID
    for bad in ({**example, "run": {}}, {**example, "run": {"runId": "not-a-uuid"}}):
        status, _, body = served.server.request("POST", "/api/v1/lineage", json.dumps(bad).encode())
        assert status == 400, body


def test_every_get_operation_answers_as_marquez_documents_it(served: Served) -> None:
    namespaces = served.get("namespaces")["namespaces"]
    names = {n["name"] for n in namespaces}
    assert {"demo", "file", "my-namespace", "tests"} <= names
    assert served.get("namespaces?limit=1&offset=1")["namespaces"] == namespaces[1:2]
    assert served.get("namespaces/demo")["name"] == "demo"

    jobs = served.get("namespaces/demo/jobs")
    assert jobs["totalCount"] == len(jobs["jobs"]) >= 5
    every = served.get("jobs?limit=1000")
    assert every["totalCount"] == sum(served.get(f"namespaces/{_enc(n)}/jobs")["totalCount"] for n in names)
    failed = served.get("jobs?lastRunStates=FAILED")["jobs"]
    assert [j["name"] for j in failed] == ["scoring"]
    assert served.get("namespaces/demo/jobs?limit=2&offset=1")["jobs"] == jobs["jobs"][1:3]
    ran = [j for j in jobs["jobs"] if j["latestRun"]]
    assert ran and all(j["latestRun"]["state"] in RUN_STATES for j in ran)
    assert {j["latestRun"]["state"] for j in ran} == {"COMPLETED"}
    writer = next(j for j in ran if j["outputs"])
    job_path = f"namespaces/demo/jobs/{_enc(writer['name'])}"
    job = served.get(job_path)
    assert UUID.match(job["currentVersion"]) and job["latestRuns"][0] == job["latestRun"]

    runs = served.get(f"{job_path}/runs")["runs"]
    assert [r["id"] for r in runs] == [r["id"] for r in job["latestRuns"]]
    run = served.get(f"jobs/runs/{runs[0]['id']}")
    assert run["state"] == "COMPLETED" and run["durationMs"] >= 0 and run["createdAt"] and run["updatedAt"]
    assert run["outputDatasetVersions"] and UUID.match(run["outputDatasetVersions"][0]["datasetVersionId"]["version"])
    assert "spark_properties" in served.get(f"jobs/runs/{run['id']}/facets?type=run")["facets"]
    assert served.get(f"jobs/runs/{run['id']}/facets?type=job")["facets"] == job["facets"]

    versions = served.get(f"{job_path}/versions")["versions"]
    assert job["currentVersion"] in {v["version"] for v in versions}
    assert run["jobVersion"]["version"] in {v["version"] for v in versions}
    assert served.get(f"{job_path}/versions/{versions[0]['version']}") == versions[0]

    output = run["outputDatasetVersions"][0]["datasetVersionId"]
    dataset_path = f"namespaces/{_enc(output['namespace'])}/datasets/{_enc(output['name'])}"
    datasets = served.get(f"namespaces/{_enc(output['namespace'])}/datasets")
    assert datasets["totalCount"] == len(datasets["datasets"]) > 5
    found = served.get(dataset_path)
    assert found["type"] == "DB_TABLE" and found["fields"] and UUID.match(found["currentVersion"])
    assert found["columnLineage"], "the demo's writes carry column lineage"
    dataset_versions = served.get(f"{dataset_path}/versions")["versions"]
    assert found["currentVersion"] == dataset_versions[0]["version"] == output["version"]
    assert dataset_versions[0]["createdByRun"]["id"] == run["id"]
    assert served.get(f"{dataset_path}/versions/{output['version']}") == dataset_versions[0]
    scored = served.get(f"namespaces/file/datasets/{_enc('/marquez/scored')}")
    assert (scored["tags"], scored["fields"][0]["name"]) == (["pii"], "id")

    node = f"dataset:{output['namespace']}:{output['name']}"
    graph = served.get(f"lineage?nodeId={_enc(node)}&depth=5")["graph"]
    by_id = {n["id"]: n for n in graph}
    assert by_id[node]["data"]["currentVersion"] == found["currentVersion"]
    assert f"job:demo:{writer['name']}" in {e["origin"] for e in by_id[node]["inEdges"]}
    assert {n["data"]["latestRun"]["state"] for n in graph if n["type"] == "JOB" and n["data"]["latestRun"]} <= {
        "COMPLETED"
    }
    columns = served.get(f"column-lineage?nodeId={_enc(node)}&depth=3&withDownstream=true")["graph"]
    assert columns and {n["type"] for n in columns} == {"DATASET_FIELD"}
    field = next(n for n in columns if n["data"]["dataset"] == output["name"] and n["inEdges"])
    assert served.get(f"column-lineage?nodeId={_enc(field['id'])}&depth=1")["graph"]

    upstream = served.get(f"runlineage/upstream?runId={run['id']}")["runs"]
    assert upstream[0]["run"]["id"] == run["id"] and upstream[0]["run"]["status"] == "COMPLETED"

    hits = served.get("search?q=weekly_delay")["results"]
    assert "job:demo:nycflights13_demo.weekly_delay_report" in {r["nodeId"] for r in hits}
    assert all("weekly_delay" in r["name"] for r in hits) and {r["type"] for r in hits} == {"JOB", "DATASET"}
    jobs_only = served.get("search?q=weekly_delay&filter=JOB")
    assert [r["nodeId"] for r in jobs_only["results"]] == ["job:demo:nycflights13_demo.weekly_delay_report"]
    assert served.get("search?q=%25delay%25&filter=DATASET&sort=UPDATE_AT&limit=50")["results"]
    assert {"name": "pii", "description": None} in served.get("tags")["tags"]
    sources = served.get("sources")["sources"]
    assert "file" in {s["name"] for s in sources}
    assert served.get("sources/file")["name"] == "file"

    events = served.get("events/lineage?sortDirection=asc&limit=5")
    assert events["totalCount"] >= 14 and len(events["events"]) == 5
    times = [e["eventTime"] for e in events["events"]]
    assert times == sorted(times)
    later = served.get(f"events/lineage?after={_enc(times[-1])}&limit=1000")
    assert later["totalCount"] < events["totalCount"]
    assert served.get("events/lineage?offset=5&limit=5&sortDirection=asc")["events"][0] != events["events"][0]

    for what in ("lineage-events", "jobs", "datasets", "sources"):
        assert len(served.get(f"stats/{what}?period=DAY")) == 24
        assert len(served.get(f"stats/{what}?period=WEEK&timezone=Europe/Berlin")) == 7
    assert served.get("stats/jobs?period=DAY")[-1]["count"] == every["totalCount"]

    expected = {path for path, _ in marquez_spec.get_operations(marquez_spec.corrected())}
    assert served.called == expected, expected - served.called
    assert len(marquez_spec.get_operations(marquez_spec.original())) == 21


def test_errors_are_marquez_json(served: Served) -> None:
    missing_run = str(uuid.uuid4())
    for path, status in [
        ("namespaces/nowhere", 404),
        ("namespaces/nowhere/jobs", 404),
        ("namespaces/demo/jobs/nothing", 404),
        ("namespaces/demo/jobs/nothing/runs", 404),
        (f"namespaces/demo/jobs/nothing/versions/{missing_run}", 404),
        ("namespaces/file/datasets/nothing", 404),
        (f"namespaces/file/datasets/{_enc('/marquez/scored')}/versions/{missing_run}", 404),
        (f"jobs/runs/{missing_run}", 404),
        ("sources/nothing", 404),
        ("no/such/route", 404),
        ("lineage?nodeId=dataset:file:nothing", 404),
        ("lineage", 400),
        ("namespaces?limit=x", 400),
        ("jobs?lastRunStates=DONE", 400),
        (f"jobs/runs/{missing_run}/facets?type=other", 400),
        ("stats/jobs?period=WEEK", 400),
        ("search", 400),
    ]:
        body = served.get(path, status)
        assert body["code"] == status and body["message"], (path, body)
    status, headers, body = served.server.request("DELETE", "/api/v1/namespaces/demo")
    assert status == 405 and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == 405


def test_generated_requests_get_no_server_error(served: Served) -> None:
    schema = schemathesis.openapi.from_dict(marquez_spec.corrected())
    base_url = f"{served.server.url}/api/v1"
    tried = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.method.upper() != "GET":
            continue

        @hypothesis.settings(
            max_examples=12, deadline=None, database=None, derandomize=True,
            suppress_health_check=list(hypothesis.HealthCheck), phases=[hypothesis.Phase.generate],
        )  # fmt: skip
        @hypothesis.given(case=operation.as_strategy())
        def check(case: schemathesis.Case) -> None:
            response = case.call(base_url=base_url)
            assert response.status_code < 500, (case.path, case.path_parameters, case.query, response.text[:300])
            assert response.headers["content-type"][0].startswith("application/json"), case.path

        check()
        tried += 1
    assert tried == 26


def test_version_ids_are_the_same_in_another_store_of_the_same_events(served: Served, demo_run: DemoRun) -> None:
    store, report = open_source(demo_run.events)  # a new in-memory store
    assert report is not None and report.rejected == []
    reads = Reads(store.read)
    try:
        jobs = served.get("namespaces/demo/jobs")["jobs"]
        assert jobs
        for job in jobs:
            again = reads.job_shape(reads.job("demo", job["name"]))
            assert again["currentVersion"] == job["currentVersion"], job["name"]
            assert [r["jobVersion"] for r in again["latestRuns"]] == [r["jobVersion"] for r in job["latestRuns"]]
        demo = [
            d for d in served.get("namespaces/file/datasets")["datasets"] if d["name"].startswith(str(demo_run.workdir))
        ]
        assert len(demo) > 5
        for dataset in demo:
            again = reads.dataset_shape(reads.dataset("file", dataset["name"]))
            assert again["currentVersion"] == dataset["currentVersion"], dataset["name"]
    finally:
        store.close()
