"""Headwater side by side with the OpenLineage Spark integration (openlineage-spark 1.53.0) on the facets both give:
Hive symlinks with ``spark.sql.hive.metastore.uris``, the column-lineage shape and descriptions, the smart ``debug``
facet, ``spark.logicalPlan``, the ``sql`` facet of ``spark.sql("SELECT ...").show()``, ``CREATE TABLE IF NOT EXISTS
... AS SELECT``, JDBC write statistics and empty ``inputFacets``/``outputFacets`` objects.

The corpus (``integration/jobs/parity_facets.py``) runs once with each agent, in its own driver, as
``integration/test_peer_parity.py`` runs its own (whose helpers this file uses), both agents with the same settings.
What is asserted is equality, or the superset or difference ``docs/supported-operations.md`` ("Side by side with
openlineage-spark") documents; every Headwater event is checked against the spec (``tests.support.events.read_jsonl``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from integration.test_peer_parity import APP_JOB, as_ours, run_side_by_side, windows
from tests.support import postgres
from tests.support.spark_versions import TEST_CATALOG_JAR

METASTORE = "thrift://metastore:9083"
POSTGRES_JAR = "/usr/share/java/postgresql.jar"
# The same settings for both agents: what a team switching agents keeps.
SHARED = {
    "spark.sql.hive.metastore.uris": METASTORE,
    "spark.openlineage.columnLineage.datasetLineageEnabled": "false",
    "spark.openlineage.columnLineage.descriptionsEnabled": "true",
    "spark.openlineage.facets.spark.logicalPlan.disabled": "false",
    "spark.openlineage.debug.smart": "true",
}

Events = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def jdbc() -> Iterator[postgres.PostgresServer]:
    server = postgres.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def side_by_side(
    tmp_path_factory: pytest.TempPathFactory, jdbc: postgres.PostgresServer
) -> tuple[Events, Events, Path]:
    """Each operation's events as Headwater and as openlineage-spark wrote them (both drivers run at once)."""
    assert TEST_CATALOG_JAR.is_file(), f"{TEST_CATALOG_JAR} is missing: run `make test-catalog`"
    assert Path(POSTGRES_JAR).is_file(), f"{POSTGRES_JAR} is missing: run `make system`"
    root = tmp_path_factory.mktemp("parity_facets")
    target = json.dumps({"url": jdbc.url, "properties": jdbc.properties})
    ours, theirs = run_side_by_side(
        root, [str(TEST_CATALOG_JAR), POSTGRES_JAR], shared=SHARED, script="parity_facets.py", PARITY_JDBC=target
    )
    return (
        windows(ours / "events.jsonl", ours / "manifest.json"),
        windows(theirs / "events.jsonl", theirs / "manifest.json"),
        root,
    )


def runs(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The run events of an operation, without the application run's."""
    return [e for e in events if "run" in e and e["job"]["name"] != APP_JOB]


def datasets(events: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for event in runs(events):
        yield from event.get("inputs") or []
        yield from event.get("outputs") or []


def test_hive_symlinks_and_catalog_name_the_metastore_as_the_peer_does(
    side_by_side: tuple[Events, Events, Path],
) -> None:
    ours, theirs, _ = side_by_side

    def symlinks(events: list[dict[str, Any]]) -> set[tuple[str, str, str]]:
        return {
            (link["namespace"], link["name"], link["type"])
            for dataset in datasets(events)
            for link in ((dataset.get("facets") or {}).get("symlinks") or {}).get("identifiers", [])
        }

    def metadata_uris(events: list[dict[str, Any]]) -> set[str]:
        return {
            dataset["facets"]["catalog"].get("metadataUri", "")
            for dataset in datasets(events)
            if "catalog" in (dataset.get("facets") or {})
        }

    for name in ("insert_into_table", "ctas_if_not_exists"):
        assert ("hive://metastore:9083", "default.flights_tbl", "TABLE") in symlinks(ours[name]), name
        assert symlinks(ours[name]) == symlinks(theirs[name]), name
    # openlineage-spark gives the catalog facet on fewer datasets; where it does, the same metastore
    assert set().union(*map(metadata_uris, ours.values())) == {"hive://metastore:9083"}
    assert set().union(*map(metadata_uris, theirs.values())) == {"hive://metastore:9083"}


def column_lineage(events: list[dict[str, Any]], root: Path | None) -> dict[str, dict[str, Any]]:
    """The column lineage of the operation's one output with a facet (COMPLETE), field -> input fields (dataset
    names made Headwater's when ``root`` is given)."""
    (facet,) = {
        json.dumps(output["facets"]["columnLineage"]["fields"])
        for event in runs(events)
        if event["eventType"] == "COMPLETE"
        for output in event.get("outputs") or []
        if "columnLineage" in (output.get("facets") or {})
    }
    return json.loads(as_ours(root, facet) if root else facet)  # type: ignore[no-any-return]


def inferred_not_null(transformation: dict[str, Any]) -> bool:
    """An INDIRECT/FILTER openlineage-spark derives from the IS NOT NULL filters Spark's optimiser adds (Headwater
    reports only written filters: docs/supported-operations.md)."""
    description = transformation.get("description") or ""
    conjuncts = re.split(r"\bAND\b", description.removeprefix("WHERE "))
    return transformation["subtype"] == "FILTER" and all("IS NOT NULL" in c for c in conjuncts)


def test_each_input_field_is_one_entry_with_all_the_peers_transformations_described(
    side_by_side: tuple[Events, Events, Path],
) -> None:
    ours, theirs, root = side_by_side
    mine, peer = (
        column_lineage(ours["join_aggregate_parquet"], None),
        column_lineage(theirs["join_aggregate_parquet"], root),
    )
    assert mine.keys() == peer.keys() == {"carrier", "name", "total_delay"}
    compared = 0
    for column, lineage in peer.items():
        entries = [(i["namespace"], i["name"], i["field"]) for i in mine[column]["inputFields"]]
        assert len(entries) == len(set(entries)), (column, entries)  # one entry per input field
        by_field = {(i["namespace"], i["name"], i["field"]): i["transformations"] for i in mine[column]["inputFields"]}
        for field in lineage["inputFields"]:
            expected = {
                (t["type"], t["subtype"]): t.get("description")
                for t in field["transformations"]
                if not inferred_not_null(t)
            }
            if not expected:
                continue
            key = (field["namespace"], field["name"], field["field"])
            assert key in by_field, (column, key)
            given = {(t["type"], t["subtype"]): t["description"] for t in by_field[key]}
            assert expected.items() <= given.items(), (column, key, by_field[key])  # descriptions included
            compared += 1
        for field in mine[column]["inputFields"]:
            for transformation in field["transformations"]:
                assert transformation["description"], (column, field["field"], transformation)
    # total_delay: dep_delay, carrier (join), name (group); carrier: carrier; name: name, carrier (join)
    assert compared >= 6
    joined = {t["description"] for t in by_field_of(mine, "total_delay", "carrier") if t["subtype"] == "JOIN"}
    assert joined == {"INNER JOIN ON (carrier = carrier)"}


def by_field_of(lineage: dict[str, dict[str, Any]], column: str, field: str) -> list[dict[str, Any]]:
    """The transformations of input field ``field`` (any dataset) of output ``column``."""
    return [t for i in lineage[column]["inputFields"] if i["field"] == field for t in i["transformations"]]


def debug_facets(events: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(e["eventType"], e["run"]["facets"]["debug"]) for e in runs(events) if "debug" in e["run"]["facets"]]


def test_the_smart_debug_facet_comes_where_the_peers_does(side_by_side: tuple[Events, Events, Path]) -> None:
    ours, theirs, _ = side_by_side
    debugged = {name for name, events in ours.items() if debug_facets(events)}
    # the runs that miss an input or an output: an INSERT of literal rows, a SELECT shown
    assert debugged == {"insert_into_table", "select_show"}
    for name in debugged:
        facets = debug_facets(ours[name])
        assert [kind for kind, _ in facets] == ["COMPLETE"], name
        (facet,) = (f for _, f in facets)
        peer = [f for kind, f in debug_facets(theirs[name]) if kind == "COMPLETE"]
        assert peer, name
        assert facet["logs"] in [f["logs"] for f in peer], (name, facet["logs"])
        # Headwater's additions: the facet's _producer and _schemaURL, memory, classpath.headwaterVersion
        assert set(facet) - {"_producer", "_schemaURL", "memory"} <= set(peer[0]), set(facet) - set(peer[0])
        for part in ("system", "config"):
            assert set(facet[part]) <= set(peer[0][part]), (part, set(facet[part]) - set(peer[0][part]))
        assert set(facet["classpath"]) - {"headwaterVersion"} <= set(peer[0]["classpath"])
        for key in ("sparkVersion", "scalaVersion"):
            assert facet["classpath"][key] == peer[0]["classpath"][key], key
        assert [{k: d[k] for k in ("className", "onClasspath")} for d in facet["classpath"]["classDetails"]] == [
            {k: d[k] for k in ("className", "onClasspath")} for d in peer[0]["classpath"]["classDetails"]
        ]
        assert facet["system"] == {k: peer[0]["system"][k] for k in facet["system"]}
        assert facet["config"]["catalogClass"] == peer[0]["config"]["catalogClass"]
        # in place of the peer's Micrometer meters, Headwater's own delivery counters: numbers and a flag
        assert set(facet["metrics"]) == {
            "emitted",
            "delivered",
            "retried",
            "spooled",
            "replayed",
            "dropped",
            "endpointDown",
        }, facet["metrics"]
        assert facet["metrics"]["emitted"] >= 1 and facet["metrics"]["endpointDown"] is False
        assert [n["desc"] for n in facet["logicalPlan"]["nodes"]] == [
            n["desc"].split()[0] for n in peer[0]["logicalPlan"]["nodes"]
        ]
    assert debug_facets(ours["select_show"])[0][1]["logs"] == ["No output datasets detected"]


def logical_plans(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [e["run"]["facets"]["spark.logicalPlan"]["plan"] for e in runs(events) if e["eventType"] == "COMPLETE"]


def test_the_logical_plan_facet_is_the_peers_with_literals_masked(
    side_by_side: tuple[Events, Events, Path],
) -> None:
    ours, theirs, _ = side_by_side
    assert all("spark.logicalPlan" in e["run"]["facets"] for e in runs(ours["select_show"]))
    (mine,), peer = logical_plans(ours["select_show"]), logical_plans(theirs["select_show"])
    assert [n["class"] for n in mine] in [[n["class"] for n in p] for p in peer]
    literals, peer_literals = list(nodes_of_class(mine, "Literal")), list(nodes_of_class(peer, "Literal"))
    assert "5" in {str(n["value"]) for n in peer_literals}
    assert literals and {n["value"] for n in literals} == {"?"}


def nodes_of_class(tree: Any, name: str) -> Iterator[dict[str, Any]]:
    """The JSON objects in ``tree`` (Spark's plan JSON, expressions nested in their nodes' fields) of class ``name``."""
    if isinstance(tree, dict):
        if str(tree.get("class", "")).endswith("." + name):
            yield tree
        for value in tree.values():
            yield from nodes_of_class(value, name)
    elif isinstance(tree, list):
        for value in tree:
            yield from nodes_of_class(value, name)


def test_a_select_shown_has_the_peers_sql_facet(side_by_side: tuple[Events, Events, Path]) -> None:
    ours, theirs, _ = side_by_side
    (mine,) = {e["job"]["facets"]["sql"]["query"] for e in runs(ours["select_show"])}
    peer = {e["job"]["facets"]["sql"]["query"] for e in runs(theirs["select_show"]) if "sql" in e["job"]["facets"]}
    assert peer == {"SELECT carrier, dep_delay FROM flights_tbl WHERE dep_delay > 5"}
    assert mine == "SELECT carrier, dep_delay FROM flights_tbl WHERE dep_delay > ?"  # literals masked by default


def test_ctas_if_not_exists_creates_the_table(side_by_side: tuple[Events, Events, Path]) -> None:
    ours, theirs, _ = side_by_side

    def changes(events: list[dict[str, Any]]) -> set[str]:
        return {
            output["facets"]["lifecycleStateChange"]["lifecycleStateChange"]
            for event in runs(events)
            for output in event.get("outputs") or []
            if output["name"].endswith("late_tbl") and "lifecycleStateChange" in (output.get("facets") or {})
        }

    assert changes(ours["ctas_if_not_exists"]) == {"CREATE"}
    # openlineage-spark: CREATE on the CTAS's run, OVERWRITE on the run it gives the nested insert
    assert "CREATE" in changes(theirs["ctas_if_not_exists"])


def test_jdbc_write_statistics_are_the_peers_without_its_unset_size(
    side_by_side: tuple[Events, Events, Path],
) -> None:
    ours, theirs, _ = side_by_side

    def statistics(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            output["outputFacets"]["outputStatistics"]
            for event in runs(events)
            if event["eventType"] == "COMPLETE"
            for output in event.get("outputs") or []
            if "outputStatistics" in (output.get("outputFacets") or {})
        ]

    (mine,), peer = statistics(ours["jdbc_write"]), statistics(theirs["jdbc_write"])
    assert mine["rowCount"] == 3
    assert mine["rowCount"] in {s["rowCount"] for s in peer}
    # Spark's JDBC writer counts no bytes: the peer reports its unset counter, Headwater leaves size out
    assert {s.get("size") for s in peer} == {0}
    assert "size" not in mine


def test_datasets_without_input_or_output_facets_have_empty_objects(
    side_by_side: tuple[Events, Events, Path],
) -> None:
    ours, theirs, _ = side_by_side
    empty = 0
    for name, events in ours.items():
        for event in runs(events):
            for kind, holder in (("inputs", "inputFacets"), ("outputs", "outputFacets")):
                for dataset in event.get(kind) or []:
                    assert isinstance(dataset.get(holder), dict), (name, event["eventType"], dataset["name"])
                    assert isinstance(dataset.get("facets"), dict), (name, event["eventType"], dataset["name"])
                    empty += dataset[holder] == {}
    assert empty > 0  # e.g. the START of a write: its statistics come at COMPLETE
    peer_inputs = [d for e in runs(theirs["jdbc_write"]) if e["eventType"] == "START" for d in e.get("inputs") or []]
    assert {} in [d.get("inputFacets") for d in peer_inputs]
