"""Application-level lineage (spark.openlineage.application.lineage.*): a multi-step PySpark application
(integration/jobs/application_job.py) through spark-submit, whose application run ends only when its driver stops.

Three drivers: the application with the setting on, the same with it off, and one whose step fails before the driver
is killed. The expected lineage is derived by hand from the job's three steps (see each assertion).
"""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import headwater
from headwater.cli import cli
from integration.support import JOBS, spark_submit
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
            "--jars", headwater.jar_path(),
            "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
            "--conf", "spark.openlineage.transport.type=file",
            "--conf", f"spark.openlineage.transport.location={events_file}",
            *[arg for setting in settings for arg in ("--conf", setting)],
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
