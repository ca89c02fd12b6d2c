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


def exact_facet(
    namespace: str,
    name: str,
    fields: dict[str, list[tuple[str, str]]],
    dataset: list[tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """The whole ``columnLineage`` facet, without ``_producer``/``_schemaURL``, of an output whose sources are all
    columns of one dataset (``namespace``, ``name``): ``fields`` maps each output field to its (input field, CODE)
    pairs, in order; ``dataset`` the facet's dataset-wide (input field, CODE) pairs, left out when None."""

    def input_field(field: str, code: str) -> dict[str, Any]:
        kind, subtype = CODES[code]
        return {
            "namespace": namespace,
            "name": name,
            "field": field,
            "transformations": [{"type": kind, "subtype": subtype, "masking": False}],
        }

    facet: dict[str, Any] = {
        "fields": {out: {"inputFields": [input_field(f, c) for f, c in sources]} for out, sources in fields.items()}
    }
    if dataset is not None:
        facet["dataset"] = [input_field(f, c) for f, c in dataset]
    return facet


def facet_of(dataset: dict[str, Any]) -> dict[str, Any] | None:
    """The dataset's ``columnLineage`` facet without ``_producer`` and ``_schemaURL``; None when it has none."""
    facet = dataset["facets"].get("columnLineage")
    return None if facet is None else {k: v for k, v in facet.items() if not k.startswith("_")}
