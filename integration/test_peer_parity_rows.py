"""Headwater side by side with the OpenLineage Spark integration (openlineage-spark 1.53.0) on row-level writes.

The corpus (``integration/jobs/parity_rows.py``: ``MERGE INTO`` as an upsert with expressions, with conditional
clauses, insert-only and with ``NOT MATCHED BY SOURCE``, ``UPDATE``, and ``DELETE`` with an ``IN`` subquery, each on a
Delta table, an Iceberg copy-on-write table and an Iceberg merge-on-read table) runs once with each agent, one driver
per agent for all 18 statements (``integration/test_peer_parity.py``'s runner; Delta needs drivers of its own: with
its SQL extension openlineage-spark drops every Spark-job event the main corpus compares), both agents with
``columnLineage.datasetLineageEnabled=false`` so that each lists its INDIRECT sources on every field.

Each statement's ``columnLineage`` facet is compared field by field. ``PEER`` is openlineage-spark's, as measured
(``None``: no facet); the tests pin it, check that Headwater's holds every entry of it but those left out for the
reasons ``LESS`` pins per statement (``peer_only_kind``), and that every entry Headwater gives beyond it is one that
docs/column-lineage.md ("Row-level writes") calls for, of the kinds ``MORE`` pins per statement (``kind_of``). docs/supported-operations.md ("Side by side with openlineage-spark") lists them and why. Entries are
written ``<table>.<field> <D|I>/<subtype>``, ``t`` the statement's target and ``s`` the source table ``rows_src``.
"""

from __future__ import annotations

from typing import Any

import pytest

from integration.test_peer_parity import APP_JOB, run_side_by_side, windows

SHARED = {"spark.openlineage.columnLineage.datasetLineageEnabled": "false"}
KINDS = ("delta", "cow", "mor")
TARGETS = {"delta": "rows_delta", "cow": "rows_cow", "mor": "rows_mor"}

Events = dict[str, list[dict[str, Any]]]
Lineage = dict[str, set[str]]


@pytest.fixture(scope="module")
def side_by_side(tmp_path_factory: pytest.TempPathFactory) -> tuple[Events, Events]:
    """Each statement's events as Headwater and as openlineage-spark wrote them (both drivers run at once)."""
    root = tmp_path_factory.mktemp("parity_rows")
    ours, theirs = run_side_by_side(root, [], shared=SHARED, script="parity_rows.py", delta=True)
    return (
        windows(ours / "events.jsonl", ours / "manifest.json"),
        windows(theirs / "events.jsonl", theirs / "manifest.json"),
    )


def table(name: str) -> str:
    """A dataset's table: the last part of its name (``…/warehouse/rows_src`` -> ``rows_src``)."""
    return name.rstrip("/").rsplit("/", 1)[-1]


def runs(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The run events of a statement, without the application run's."""
    return [e for e in events if "run" in e and e["job"]["name"] != APP_JOB]


def lineage(events: list[dict[str, Any]], target: str) -> Lineage | None:
    """The statement's column lineage of ``target``, over its runs' events; None when no event has one."""
    short = {target: "t", "rows_src": "s"}
    found: Lineage = {}
    for event in runs(events):
        for output in event.get("outputs") or []:
            facet = (output.get("facets") or {}).get("columnLineage") if table(output["name"]) == target else None
            for column, entry in (facet or {}).get("fields", {}).items():
                for field in entry["inputFields"]:
                    source = f"{short.get(table(field['name']), table(field['name']))}.{field['field']}"
                    for transformation in field["transformations"]:
                        kind = f"{transformation['type'][0]}/{transformation['subtype']}"
                        found.setdefault(column, set()).add(f"{source} {kind}")
    return found or None


def datasets(events: list[dict[str, Any]], kind: str) -> set[str]:
    """The tables of the statement's ``kind`` (``inputs`` or ``outputs``) over its run events."""
    return {table(d["name"]) for event in runs(events) for d in event.get(kind) or []}


def case_names() -> list[str]:
    """``<statement>_<kind>`` for each statement of the corpus on each kind of table."""
    return [f"{statement}_{kind}" for kind in KINDS for statement in MORE]


def kind_of(column: str, entry: str) -> str:
    """Which rule of docs/column-lineage.md an entry of Headwater's follows."""
    _, transformation = entry.split(" ")
    if transformation == "I/JOIN":
        return "merge condition"
    if transformation == "I/CONDITIONAL":
        return "clause condition"
    if transformation == "I/FILTER":
        return "where"
    if entry == f"t.{column} D/IDENTITY":
        return "own column"
    assert transformation.startswith("D/"), (column, entry)
    return "assigned"


def test_headwater_gives_every_statement_column_lineage_and_the_peer_what_was_measured(
    side_by_side: tuple[Events, Events],
) -> None:
    ours, theirs = side_by_side
    assert sorted(name for name in ours if name != "tables") == sorted(case_names())
    for name in case_names():
        target = TARGETS[name.rsplit("_", 1)[1]]
        mine = lineage(ours[name], target)
        assert mine is not None and set(mine) == {"id", "name", "amount", "note"}, (name, mine)
        assert lineage(theirs[name], target) == PEER[name], name


def peer_only_kind(column: str, entry: str) -> str:
    """Why Headwater leaves out an entry openlineage-spark gives (docs/supported-operations.md)."""
    source, transformation = entry.split(" ")
    if source.startswith("t._"):
        return "metadata column"  # Iceberg's _file (the files the write rewrites), not a column of the table
    if transformation == "I/JOIN":
        return "subquery as join"  # an IN (SELECT ...) of a WHERE, which Spark plans as a semi join: FILTER here
    if transformation == "I/FILTER":
        return "planned filter"  # a predicate Spark adds to plan the write (null tests, the rows to keep), not written
    if transformation == "D/IDENTITY" and source.endswith(".id") and column != "id":
        return "row key"  # the merge key that finds a row of a merge-on-read write, not a source of its other fields
    raise AssertionError(f"{column}: openlineage-spark's {entry} is missing from Headwater's facet")


def test_headwater_holds_every_entry_of_the_peers_but_what_the_rules_leave_out(
    side_by_side: tuple[Events, Events],
) -> None:
    ours, theirs = side_by_side
    compared = 0
    for name in case_names():
        statement, kind = name.rsplit("_", 1)
        mine = lineage(ours[name], TARGETS[kind]) or {}
        left_out = {
            peer_only_kind(column, entry)
            for column, entries in (lineage(theirs[name], TARGETS[kind]) or {}).items()
            for entry in entries - mine.get(column, set())
        }
        assert left_out == LESS[statement][kind], (name, left_out)
        compared += sum(len(entries & mine[column]) for column, entries in (PEER[name] or {}).items())
    assert compared == AGREED


def test_what_headwater_says_beyond_the_peer_is_what_the_rules_call_for(
    side_by_side: tuple[Events, Events],
) -> None:
    ours, theirs = side_by_side
    for name in case_names():
        statement, kind = name.rsplit("_", 1)
        target = TARGETS[kind]
        mine, peer = lineage(ours[name], target) or {}, lineage(theirs[name], target) or {}
        more = {
            kind_of(column, entry) for column, entries in mine.items() for entry in entries - peer.get(column, set())
        }
        assert more == MORE[statement][kind], (name, more)


def test_the_datasets_are_the_peers(side_by_side: tuple[Events, Events]) -> None:
    ours, theirs = side_by_side
    for name in case_names():
        for kind in ("inputs", "outputs"):
            assert datasets(ours[name], kind) == datasets(theirs[name], kind) | EXTRA_DATASETS.get(
                (name, kind), set()
            ), (name, kind)


PEER: dict[str, Lineage | None] = {
    "merge_upsert_delta": {
        "id": {"s.id D/IDENTITY", "t.id D/IDENTITY"},
        "name": {"s.name D/IDENTITY"},
        "amount": {"s.amount D/IDENTITY"},
        "note": {"t.note D/IDENTITY"},
    },
    "merge_conditional_delta": {
        "id": {"s.id D/IDENTITY", "t.id D/IDENTITY"},
        "name": {"t.name D/IDENTITY"},
        "amount": {"s.amount D/IDENTITY"},
        "note": {"s.extra D/IDENTITY", "t.note D/IDENTITY"},
    },
    "merge_insert_only_delta": {
        "id": {"s.id D/IDENTITY"},
        "name": {"s.name D/IDENTITY"},
        "amount": {"s.amount D/IDENTITY"},
        "note": {"s.extra D/IDENTITY"},
    },
    "merge_not_matched_by_source_delta": {
        "id": {"t.id D/IDENTITY"},
        "name": {"t.name D/IDENTITY"},
        "amount": {"s.amount D/IDENTITY"},
        "note": {"t.note D/IDENTITY"},
    },
    "update_delta": None,
    "delete_delta": None,
    "merge_upsert_cow": {
        "id": {"s.id I/JOIN", "t._file I/FILTER", "t.id D/IDENTITY", "t.id I/JOIN"},
        "name": {"s.id I/JOIN", "t._file I/FILTER", "t.id I/JOIN", "t.name D/IDENTITY"},
        "amount": {"s.id I/JOIN", "t._file I/FILTER", "t.amount D/IDENTITY", "t.id I/JOIN"},
        "note": {"s.id I/JOIN", "t._file I/FILTER", "t.id I/JOIN", "t.note D/IDENTITY"},
    },
    "merge_conditional_cow": {
        "id": {"s.id I/JOIN", "t._file I/FILTER", "t.id D/IDENTITY", "t.id I/JOIN"},
        "name": {"s.id I/JOIN", "t._file I/FILTER", "t.id I/JOIN", "t.name D/IDENTITY"},
        "amount": {"s.id I/JOIN", "t._file I/FILTER", "t.amount D/IDENTITY", "t.id I/JOIN"},
        "note": {"s.id I/JOIN", "t._file I/FILTER", "t.id I/JOIN", "t.note D/IDENTITY"},
    },
    "merge_insert_only_cow": {
        "id": {"s.id D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
        "name": {"s.id I/JOIN", "s.name D/IDENTITY", "t.id I/FILTER", "t.id I/JOIN"},
        "amount": {"s.amount D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
        "note": {"s.extra D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
    },
    "merge_not_matched_by_source_cow": {
        "id": {"s.id I/FILTER", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/JOIN"},
        "name": {"s.id I/FILTER", "s.id I/JOIN", "t.id I/JOIN", "t.name D/IDENTITY"},
        "amount": {"s.id I/FILTER", "s.id I/JOIN", "t.amount D/IDENTITY", "t.id I/JOIN"},
        "note": {"s.id I/FILTER", "s.id I/JOIN", "t.id I/JOIN", "t.note D/IDENTITY"},
    },
    "update_cow": {
        "id": {"t._file I/FILTER", "t.id D/IDENTITY"},
        "name": {"t._file I/FILTER", "t.name D/IDENTITY"},
        "amount": {"t._file I/FILTER", "t.amount D/IDENTITY"},
        "note": {"t._file I/FILTER", "t.note D/IDENTITY"},
    },
    "delete_cow": None,
    "merge_upsert_mor": {
        "id": {"s.id D/IDENTITY", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/FILTER", "t.id I/JOIN"},
        "name": {
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "s.name D/IDENTITY",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
            "t.name D/IDENTITY",
        },
        "amount": {
            "s.amount D/IDENTITY",
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "t.amount D/IDENTITY",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
        },
        "note": {
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
            "t.note D/IDENTITY",
        },
    },
    "merge_conditional_mor": {
        "id": {"s.id D/IDENTITY", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/FILTER", "t.id I/JOIN"},
        "name": {
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
            "t.name D/IDENTITY",
        },
        "amount": {
            "s.amount D/IDENTITY",
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "t.amount D/IDENTITY",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
        },
        "note": {
            "s.extra D/IDENTITY",
            "s.id D/IDENTITY",
            "s.id I/JOIN",
            "t.id D/IDENTITY",
            "t.id I/FILTER",
            "t.id I/JOIN",
            "t.note D/IDENTITY",
        },
    },
    "merge_insert_only_mor": {
        "id": {"s.id D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
        "name": {"s.id I/JOIN", "s.name D/IDENTITY", "t.id I/FILTER", "t.id I/JOIN"},
        "amount": {"s.amount D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
        "note": {"s.extra D/IDENTITY", "s.id I/JOIN", "t.id I/FILTER", "t.id I/JOIN"},
    },
    "merge_not_matched_by_source_mor": {
        "id": {"s.id I/FILTER", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/JOIN"},
        "name": {"s.id I/FILTER", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/JOIN", "t.name D/IDENTITY"},
        "amount": {
            "s.amount D/IDENTITY",
            "s.id I/FILTER",
            "s.id I/JOIN",
            "t.amount D/IDENTITY",
            "t.id D/IDENTITY",
            "t.id I/JOIN",
        },
        "note": {"s.id I/FILTER", "s.id I/JOIN", "t.id D/IDENTITY", "t.id I/JOIN", "t.note D/IDENTITY"},
    },
    "update_mor": {
        "id": {"t.id D/IDENTITY", "t.name I/FILTER"},
        "name": {"t.name D/IDENTITY", "t.name I/FILTER"},
        "amount": {"t.amount D/IDENTITY", "t.name I/FILTER"},
        "note": {"t.name I/FILTER", "t.note D/IDENTITY"},
    },
    "delete_mor": {
        "id": {"s.id I/JOIN", "s.op I/FILTER", "t.id D/IDENTITY", "t.id I/JOIN"},
        "name": {"s.id I/JOIN", "s.op I/FILTER", "t.id I/JOIN", "t.name D/IDENTITY"},
        "amount": {"s.id I/JOIN", "s.op I/FILTER", "t.amount D/IDENTITY", "t.id I/JOIN"},
        "note": {"s.id I/JOIN", "s.op I/FILTER", "t.id I/JOIN", "t.note D/IDENTITY"},
    },
}
"""openlineage-spark's facet of each statement (``<statement>_<delta|cow|mor>``), as measured."""

MORE: dict[str, dict[str, set[str]]] = {
    "merge_upsert": {
        "delta": {"assigned", "merge condition", "own column"},
        "cow": {"assigned"},
        "mor": {"assigned"},
    },
    "merge_conditional": {
        "delta": {"assigned", "clause condition", "merge condition", "own column"},
        "cow": {"assigned", "clause condition"},
        "mor": {"assigned", "clause condition"},
    },
    "merge_insert_only": {
        "delta": {"merge condition", "own column"},
        "cow": set(),
        "mor": set(),
    },
    "merge_not_matched_by_source": {
        "delta": {"clause condition", "merge condition", "own column"},
        "cow": {"assigned", "clause condition"},
        "mor": {"clause condition"},
    },
    "update": {
        "delta": {"assigned", "own column", "where"},
        "cow": {"assigned", "where"},
        "mor": {"assigned"},
    },
    "delete": {
        "delta": {"own column", "where"},
        "cow": {"own column", "where"},
        "mor": {"where"},
    },
}
"""What Headwater gives beyond openlineage-spark, per statement and table kind: ``kind_of``'s rules."""

LESS: dict[str, dict[str, set[str]]] = {
    "merge_upsert": {
        "delta": set(),
        "cow": {"metadata column"},
        "mor": {"planned filter", "row key"},
    },
    "merge_conditional": {
        "delta": set(),
        "cow": {"metadata column"},
        "mor": {"planned filter", "row key"},
    },
    "merge_insert_only": {
        "delta": set(),
        "cow": {"planned filter"},
        "mor": {"planned filter"},
    },
    "merge_not_matched_by_source": {
        "delta": set(),
        "cow": {"planned filter"},
        "mor": {"planned filter", "row key"},
    },
    "update": {
        "delta": set(),
        "cow": {"metadata column"},
        "mor": set(),
    },
    "delete": {
        "delta": set(),
        "cow": set(),
        "mor": {"subquery as join"},
    },
}
"""What openlineage-spark gives that Headwater leaves out, per statement and table kind: ``peer_only_kind``'s reasons."""

AGREED = 142
"""The entries of openlineage-spark's facets that Headwater's holds (same field, type and subtype)."""

EXTRA_DATASETS: dict[tuple[str, str], set[str]] = {
    ("update_delta", "inputs"): {"rows_delta"},
    ("update_delta", "outputs"): {"rows_delta"},
    ("delete_delta", "inputs"): {"rows_delta"},
    ("delete_delta", "outputs"): {"rows_delta"},
}
"""Datasets Headwater reports that openlineage-spark does not: it gives Delta's UPDATE and DELETE runs none."""
