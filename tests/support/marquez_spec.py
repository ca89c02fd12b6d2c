"""Marquez's OpenAPI document (``tests/data/marquez/openapi.yml``) with its errata corrected, for validating
``headwater serve``'s Marquez API.

The errata, each corrected by one function of :data:`ERRATA` (the document is otherwise used as it is):

1. ``nullable``: Marquez (Jackson) writes absent values as ``null`` (``latestRun``, ``description``,
   ``lastModifiedAt``, ``endedAt``, ... as in the document's own examples), but no schema says ``nullable``; every
   property schema is made nullable (a ``$ref`` one becomes ``anyOf`` it or null).
2. ``SearchResult``: ``name`` and ``updatedAt`` have an empty ``type``; they are a string and a date-time.
3. ``GraphNode``: ``type`` lacks ``DATASET_FIELD`` (the column-lineage graph's nodes), and ``data`` is a ``oneOf``
   discriminated by a ``type`` that real nodes never carry as ``DATASET``/``JOB`` (a dataset's is ``DB_TABLE``, a
   job's ``BATCH``): ``data`` becomes ``anyOf`` Dataset, Job or a column-lineage node, without the discriminator.
4. ``FacetsResult.facets`` names one facet (``CustomFacet``); it is a map of facets by name.
5. ``InputDatasetVersion``/``OutputDatasetVersion``: ``facets`` maps names to strings; they are facet objects.
6. ``DatasetVersion.tags`` is a string; it is an array of tag names as everywhere else.
7. ``/runlineage/upstream`` spells ``parameters`` ``paramteters`` (and ``UpstreamRunLineage`` spells ``properties``
   ``propoerties``, so nothing was checked); ``runId`` is a required query parameter there.
8. ``/search``: the ``before``/``after`` parameters have stray keys and ``pattern: YYYY-MM-DD``, which is not a regular
   expression of a date; the pattern is dropped.
9. ``/namespaces/{namespace}/datasets`` declares a path parameter ``dataset`` its path does not have.
10. The job-version operations write their status as ``200:`` (a YAML integer); status keys are strings.
11. Operations Marquez serves that the document lacks, written from Marquez's resources (``JobResource.list``,
    ``StatsResource``, ``LineageMetric``, ``IntervalMetric``) at the same commit: ``GET /jobs`` and
    ``GET /stats/lineage-events|jobs|datasets|sources``.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

SPEC = Path(__file__).resolve().parents[1] / "data" / "marquez" / "openapi.yml"
"""The unchanged copy of Marquez's document."""


def _nullable(node: Any) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, prop in value.items():
                    if isinstance(prop, dict) and "$ref" in prop:  # a $ref takes no sibling keyword in OpenAPI 3.0
                        value[name] = {"anyOf": [prop, {"nullable": True, "enum": [None]}]}
                    elif isinstance(prop, dict):
                        prop["nullable"] = True
            _nullable(value)
    elif isinstance(node, list):
        for item in node:
            _nullable(item)


def _search_result(spec: dict[str, Any]) -> None:
    props = spec["components"]["schemas"]["SearchResult"]["properties"]
    props["name"] = {"type": "string"}
    props["updatedAt"] = {"type": "string", "format": "date-time"}


def _graph_node(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    schemas["NodeType"]["enum"] = ["JOB", "DATASET", "DATASET_FIELD"]
    column_node = {"type": "object", "properties": {"field": {"type": "string"}, "dataset": {"type": "string"}}}
    schemas["GraphNode"]["properties"]["data"] = {
        "anyOf": [{"$ref": "#/components/schemas/Dataset"}, {"$ref": "#/components/schemas/Job"}, column_node]
    }


def _facets_result(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    schemas["FacetsResult"]["properties"]["facets"] = {
        "type": "object",
        "additionalProperties": {"$ref": "#/components/schemas/CustomFacet"},
    }
    for name in ("InputDatasetVersion", "OutputDatasetVersion"):
        schemas[name]["properties"]["facets"] = {"type": "object", "additionalProperties": {"type": "object"}}


def _dataset_version_tags(spec: dict[str, Any]) -> None:
    props = spec["components"]["schemas"]["DatasetVersion"]["properties"]
    props["tags"] = {"type": "array", "items": {"type": "string"}}


def _run_lineage(spec: dict[str, Any]) -> None:
    operation = spec["paths"]["/runlineage/upstream"]["get"]
    operation.pop("paramteters", None)
    operation["parameters"] = [
        {"name": "runId", "in": "query", "required": True, "schema": {"type": "string", "format": "uuid"}},
        {"$ref": "#/components/parameters/depth"},
    ]
    runs = spec["components"]["schemas"]["UpstreamRunLineage"]["properties"]["runs"]["items"]
    runs["properties"] = runs.pop("propoerties")
    job = runs["properties"]["job"]
    job["properties"] = job.pop("propoerties")


def _search_parameters(spec: dict[str, Any]) -> None:
    for parameter in spec["paths"]["/search"]["get"]["parameters"]:
        if isinstance(parameter, dict):
            parameter.pop("before", None)
            parameter.pop("after", None)
            parameter.get("schema", {}).pop("pattern", None)


def _datasets_path(spec: dict[str, Any]) -> None:
    path = spec["paths"]["/namespaces/{namespace}/datasets"]
    path["parameters"] = [p for p in path["parameters"] if p["$ref"] != "#/components/parameters/dataset"]


def _status_keys(spec: dict[str, Any]) -> None:
    for item in spec["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"] = {str(k): v for k, v in operation["responses"].items()}


def _missing_operations(spec: dict[str, Any]) -> None:
    def ok(schema: dict[str, Any]) -> dict[str, Any]:
        return {"200": {"description": "OK", "content": {"application/json": {"schema": schema}}}}

    period = [
        {"name": "period", "in": "query", "required": True, "schema": {"type": "string", "enum": ["DAY", "WEEK"]}},
        {"name": "timezone", "in": "query", "required": False, "schema": {"type": "string"}},
    ]
    interval = {
        "startInterval": {"type": "string", "format": "date-time"},
        "endInterval": {"type": "string", "format": "date-time"},
    }
    count = {"type": "integer", "minimum": 0}
    lineage_metric = {
        "type": "object",
        "required": ["startInterval", "endInterval", "fail", "start", "complete", "abort"],
        "properties": {**interval, "fail": count, "start": count, "complete": count, "abort": count},
    }
    interval_metric = {
        "type": "object",
        "required": ["startInterval", "endInterval", "count"],
        "properties": {**interval, "count": count},
    }
    paths = spec["paths"]
    states = {"type": "string", "enum": ["NEW", "RUNNING", "COMPLETED", "FAILED", "ABORTED"]}
    last_run_states = {"name": "lastRunStates", "in": "query", "schema": {"type": "array", "items": states}}
    paths["/jobs"] = {
        "get": {
            "operationId": "getAllJobs",
            "parameters": [
                last_run_states,
                {"$ref": "#/components/parameters/limit"},
                {"$ref": "#/components/parameters/offset"},
            ],
            "responses": ok({"$ref": "#/components/schemas/JobList"}),
        }
    }
    for name, item in (
        ("lineage-events", lineage_metric),
        ("jobs", interval_metric),
        ("datasets", interval_metric),
        ("sources", interval_metric),
    ):
        paths[f"/stats/{name}"] = {
            "get": {
                "operationId": f"getStats_{name}",
                "parameters": period,
                "responses": ok({"type": "array", "items": item}),
            }
        }


ERRATA = (
    _search_result,
    _graph_node,
    _facets_result,
    _dataset_version_tags,
    _run_lineage,
    _search_parameters,
    _datasets_path,
    _status_keys,
    _missing_operations,
)
"""The corrections 2-11 of the module docstring (1, nullable, is applied last, over all of them)."""


class _JsonLoader(yaml.SafeLoader):
    """YAML as JSON reads it: a date-time (``eventTime: 2019-05-09T19:49:24.201361Z``) stays text."""


_JsonLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@cache
def _raw() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load(SPEC.read_text(encoding="utf-8"), Loader=_JsonLoader)  # noqa: S506 - safe
    return loaded


def original() -> dict[str, Any]:
    """The document as Marquez publishes it (a copy)."""
    return copy.deepcopy(_raw())


def corrected() -> dict[str, Any]:
    """The document with every erratum corrected (a copy)."""
    spec = original()
    for fix in ERRATA:
        fix(spec)
    _nullable(spec["components"]["schemas"])
    return spec


def get_operations(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """Every ``(path, operationId)`` of a GET operation of ``spec``."""
    return sorted((path, item["get"]["operationId"]) for path, item in spec["paths"].items() if "get" in item)
