"""Headwater side by side with the OpenLineage Spark integration (openlineage-spark 1.53.0) on the settings a team
switching agents keeps (issue 36): the root parent and parent as Airflow's OpenLineage provider passes them,
``applicationRunId``, ``dataset.removePath.pattern``, a ``hostList`` namespace resolver and
``filter.deniedSparkNodes``, and the smart ``debug`` facet as openlineage-spark's ``testSmartDebugFacet`` sets it up
(``debug.smartMode=output-missing``, ``filter.allowedSparkNodes`` naming the logical ``ShowTables``,
``facets.debug.disabled=true``), both agents with the same settings (``integration/jobs/parity_settings.py``).
Asserted: the same parent facets and application run id, the same dataset identities, no run on either side for a
denied plan root, and the debug facet once in the CREATE/SHOW TABLES/INSERT scenario, on the SHOW TABLES run's
COMPLETE; every Headwater event passes the spec (``tests.support.events.read_jsonl``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from integration.test_peer_parity import APP_JOB, run_side_by_side, windows
from integration.test_peer_parity_facets import jdbc  # noqa: F401 - the module's PostgreSQL server, a fixture
from tests.support import postgres
from tests.support.events import read_jsonl
from tests.support.spark_versions import TEST_CATALOG_JAR

POSTGRES_JAR = "/usr/share/java/postgresql.jar"
PARENT_RUN = "0190a8c4-5a6b-7c8d-9e0f-000000000001"
ROOT_RUN = "0190a8c4-5a6b-7c8d-9e0f-000000000002"
APPLICATION_RUN = "0190a8c4-5a6b-7c8d-9e0f-000000000003"
WRITE_ROOT = "org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand"
SHARED = {
    # what Airflow's spark_inject_parent_job_info passes
    "spark.openlineage.parentJobNamespace": "airflow",
    "spark.openlineage.parentJobName": "nightly.load_flights",
    "spark.openlineage.parentRunId": PARENT_RUN,
    "spark.openlineage.rootParentJobNamespace": "airflow",
    "spark.openlineage.rootParentJobName": "nightly",
    "spark.openlineage.rootParentRunId": ROOT_RUN,
    "spark.openlineage.applicationRunId": APPLICATION_RUN,
    "spark.openlineage.dataset.removePath.pattern": "(.*)(?<remove>/v[0-9]+)",
    "spark.openlineage.dataset.namespaceResolvers.flights-db.type": "hostList",
    "spark.openlineage.dataset.namespaceResolvers.flights-db.hosts": "[127.0.0.1;localhost]",
    "spark.openlineage.filter.deniedSparkNodes": f"[{WRITE_ROOT}]",
    "spark.openlineage.filter.allowedSparkNodes": "[org.apache.spark.sql.catalyst.plans.logical.ShowTables]",
    "spark.openlineage.debug.smart": "true",
    "spark.openlineage.debug.smartMode": "output-missing",
    "spark.openlineage.facets.debug.disabled": "true",
}

Events = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def side_by_side(
    tmp_path_factory: pytest.TempPathFactory,
    jdbc: postgres.PostgresServer,  # noqa: F811 - the fixture imported above
) -> tuple[Path, Path]:
    """The work folders of Headwater's and openlineage-spark's drivers (both run at once)."""
    assert TEST_CATALOG_JAR.is_file(), f"{TEST_CATALOG_JAR} is missing: run `make test-catalog`"
    assert Path(POSTGRES_JAR).is_file(), f"{POSTGRES_JAR} is missing: run `make system`"
    root = tmp_path_factory.mktemp("parity_settings")
    target = json.dumps({"url": jdbc.url, "properties": jdbc.properties})
    return run_side_by_side(
        root, [str(TEST_CATALOG_JAR), POSTGRES_JAR], shared=SHARED, script="parity_settings.py", PARITY_JDBC=target
    )


def runs(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if "run" in e and e["job"]["name"] != APP_JOB]


def identities(events: list[dict[str, Any]], root: Path) -> set[tuple[str, str, str]]:
    """(input|output, namespace, name) of the operation's runs, the work folder left out of names."""
    return {
        (kind, dataset["namespace"], dataset["name"].replace(str(root), "<root>"))
        for event in runs(events)
        for kind in ("inputs", "outputs")
        for dataset in event.get(kind) or []
    }


def parent(event: dict[str, Any]) -> dict[str, Any]:
    facet = event["run"]["facets"]["parent"]
    return {
        "run": facet["run"]["runId"],
        "job": (facet["job"]["namespace"], facet["job"]["name"]),
        "root": (facet["root"]["run"]["runId"], facet["root"]["job"]["namespace"], facet["root"]["job"]["name"]),
    }


def test_the_parent_root_and_application_run_are_the_peers(side_by_side: tuple[Path, Path]) -> None:
    ours, theirs = side_by_side
    for workdir in (ours, theirs):
        events = [json.loads(line) for line in (workdir / "events.jsonl").read_text().splitlines() if line]
        application = [e for e in events if "run" in e and e["job"]["name"] == APP_JOB]
        assert application, workdir
        for event in application:
            assert event["run"]["runId"] == APPLICATION_RUN, workdir
            assert parent(event) == {
                "run": PARENT_RUN,
                "job": ("airflow", "nightly.load_flights"),
                "root": (ROOT_RUN, "airflow", "nightly"),
            }, workdir
        children = runs(events)
        assert children, workdir
        for event in children:
            assert parent(event) == {
                "run": APPLICATION_RUN,
                "job": ("default", APP_JOB),
                "root": (ROOT_RUN, "airflow", "nightly"),
            }, (workdir, event["job"]["name"])


def test_removed_path_parts_and_resolved_namespaces_name_datasets_as_the_peer_does(
    side_by_side: tuple[Path, Path],
) -> None:
    ours, theirs = side_by_side
    mine = windows(ours / "events.jsonl", ours / "manifest.json")
    peer = windows(theirs / "events.jsonl", theirs / "manifest.json")
    assert ("outputs", "file", "<root>/data/words") in identities(mine["rdd_write_versioned"], ours)
    assert ("inputs", "file", "<root>/data/words") in identities(mine["read_versioned"], ours)
    for name in ("rdd_write_versioned", "read_versioned"):
        assert identities(mine[name], ours) == identities(peer[name], theirs), name
    jdbc_ours = {(kind, ns) for kind, ns, _ in identities(mine["jdbc_write"], ours)}
    jdbc_peer = {(kind, ns) for kind, ns, _ in identities(peer["jdbc_write"], theirs)}
    assert ("outputs", next(ns for kind, ns in jdbc_ours if ns.startswith("postgres://"))) in jdbc_peer
    assert all("127.0.0.1" not in ns for _, ns in jdbc_ours | jdbc_peer), jdbc_ours | jdbc_peer
    assert any(ns.startswith("postgres://flights-db:") for _, ns in jdbc_ours), jdbc_ours
    read_jsonl(ours / "events.jsonl")


def test_a_denied_plan_root_gets_no_run_on_either_side(side_by_side: tuple[Path, Path]) -> None:
    ours, theirs = side_by_side
    mine = windows(ours / "events.jsonl", ours / "manifest.json")
    peer = windows(theirs / "events.jsonl", theirs / "manifest.json")
    assert runs(mine["denied_write"]) == []
    assert runs(peer["denied_write"]) == []
    assert runs(mine["jdbc_write"])  # the other writes are not filtered


def test_the_smart_debug_facet_comes_once_on_the_allowed_show_tables_run_as_the_peers(
    side_by_side: tuple[Path, Path],
) -> None:
    ours, theirs = side_by_side

    def debugged(workdir: Path) -> list[dict[str, Any]]:
        events = [json.loads(line) for line in (workdir / "events.jsonl").read_text().splitlines() if line]
        return [e for e in events if "run" in e and "debug" in e["run"]["facets"]]

    def in_scenario(workdir: Path) -> list[tuple[str, str, list[str]]]:
        scenario = windows(workdir / "events.jsonl", workdir / "manifest.json")
        return [
            (e["eventType"], e["job"]["name"], e["run"]["facets"]["debug"]["logs"])
            for name in ("create_table", "show_tables", "insert_values")
            for e in runs(scenario[name])
            if "debug" in e["run"]["facets"]
        ]

    for workdir in (ours, theirs):
        assert {e["eventType"] for e in debugged(workdir)} == {"COMPLETE"}, workdir
    # never on Headwater's application run (the peer gives its application's COMPLETE one when, as here, the
    # application has a parent; its own testSmartDebugFacet checks only an application without one)
    assert all(e["job"]["name"] != APP_JOB for e in debugged(ours))
    both = ["No input datasets detected", "No output datasets detected"]
    assert in_scenario(ours) == [("COMPLETE", f"{APP_JOB}.show_tables", both)]
    assert in_scenario(ours) == in_scenario(theirs)
