"""Reading the ``columnLineage`` facet in a compact form that expectations can be written by hand in."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.support.events import LineageLog, child_runs

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession


# transformation subtype codes used in expectations: type is DIRECT for the first three, INDIRECT for the rest
CODES = {
    "ID": ("DIRECT", "IDENTITY"),
    "TR": ("DIRECT", "TRANSFORMATION"),
    "AGG": ("DIRECT", "AGGREGATION"),
    "FILTER": ("INDIRECT", "FILTER"),
    "JOIN": ("INDIRECT", "JOIN"),
    "GROUP_BY": ("INDIRECT", "GROUP_BY"),
    "SORT": ("INDIRECT", "SORT"),
    "WINDOW": ("INDIRECT", "WINDOW"),
    "COND": ("INDIRECT", "CONDITIONAL"),
}


def write_and_get_run(lineage: LineageLog, spark: SparkSession, df: DataFrame, out: Path) -> list[dict[str, Any]]:
    """Write ``df`` as parquet to ``out``; the events of the one run that wrote it."""
    lineage.mark(spark)
    df.write.parquet(str(out))
    runs = list(child_runs(lineage.events(spark)).values())
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    return runs[0]


def write_and_get_lineage(lineage: LineageLog, spark: SparkSession, df: DataFrame, out: Path) -> dict[str, Any]:
    """Write ``df`` as parquet to ``out``; the ``columnLineage`` facet of the output on the terminal event."""
    return write_and_get_run(lineage, spark, df, out)[-1]["outputs"][0]["facets"]["columnLineage"]


def fields(facet: dict[str, Any]) -> dict[str, set[tuple[str, str, tuple[str, str, bool]]]]:
    """output field -> {(dataset name, input field, (type, subtype, masking))}"""
    return {
        name: {
            (i["name"], i["field"], (t["type"], t["subtype"], t["masking"]))
            for i in value["inputFields"]
            for t in i["transformations"]
        }
        for name, value in facet["fields"].items()
    }


def dataset_level(facet: dict[str, Any]) -> set[tuple[str, str, str]]:
    """(dataset name, input field, subtype) of the facet's ``dataset`` list."""
    return {(i["name"], i["field"], t["subtype"]) for i in facet.get("dataset", []) for t in i["transformations"]}


def compact_fields(facet: dict[str, Any], names: dict[str, str]) -> dict[str, set[str]]:
    """output field -> {"table.column:CODE"} with dataset paths shown by table name (``names``: path -> table);
    a masked transformation ends in ``*``."""
    codes = {value: code for code, value in CODES.items()}
    return {
        output: {
            f"{names.get(ds, ds)}.{col}:{codes[(kind, subtype)]}{'*' if masked else ''}"
            for ds, col, (kind, subtype, masked) in sources
        }
        for output, sources in fields(facet).items()
    }


def compact_dataset(facet: dict[str, Any], names: dict[str, str]) -> set[str]:
    """The facet's ``dataset`` list as {"table.column:SUBTYPE_CODE"}."""
    codes = {value[1]: code for code, value in CODES.items()}
    return {f"{names.get(ds, ds)}.{col}:{codes[subtype]}" for ds, col, subtype in dataset_level(facet)}
