"""Reading the runs of table operations (Delta Lake, Apache Iceberg) the way their tests assert on them."""

from __future__ import annotations

from typing import Any

from tests.support.events import LineageLog, child_runs, datasets

Names = list[tuple[str, str]]
Event = dict[str, Any]


def only_run(lineage: LineageLog, spark: Any) -> list[Event]:
    """The one run of the operation since the last mark: exactly START then COMPLETE, under one job name."""
    runs = list(child_runs(lineage.events(spark)).values())
    assert len(runs) == 1, f"expected one run, got {[evs[0]['job']['name'] for evs in runs]}"
    run = runs[0]
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"], run[0]["job"]["name"]
    assert run[0]["job"]["name"] == run[1]["job"]["name"]
    lineage.mark(spark)
    return run


def assert_datasets(run: list[Event], inputs: Names, outputs: Names) -> None:
    """Both events of ``run`` have exactly these inputs and outputs, in this order."""
    for event in run:
        assert datasets(event, "inputs") == inputs, event["eventType"]
        assert datasets(event, "outputs") == outputs, event["eventType"]


def lifecycle(dataset: dict[str, Any]) -> str | None:
    facet = dataset["facets"].get("lifecycleStateChange")
    return facet["lifecycleStateChange"] if facet else None


def symlinks(dataset: dict[str, Any]) -> list[dict[str, str]] | None:
    facet = dataset["facets"].get("symlinks")
    return facet["identifiers"] if facet else None


def version(dataset: dict[str, Any]) -> str | None:
    """The ``version`` facet's ``datasetVersion`` (DatasetVersionDatasetFacet), or None without the facet."""
    facet = dataset["facets"].get("version")
    return facet["datasetVersion"] if facet else None


def table_symlink(namespace: str, name: str) -> list[dict[str, str]]:
    return [{"namespace": namespace, "name": name, "type": "TABLE"}]
