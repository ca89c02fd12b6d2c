"""OpenLineage events for the lineage store's tests, built as the spec (2-0-2 and its facet schemas) shapes them.

Every builder returns a plain dict that validates strictly (``tests/support/openlineage_schema.py``).
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

PRODUCER = "https://github.com/headwater-lineage/headwater/tree/tests"
SPEC = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/"
FACETS = "https://openlineage.io/spec/facets/"
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)


def at(seconds: float) -> str:
    """An eventTime ``seconds`` after 2025-03-01T12:00Z."""
    return (T0 + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def facet(schema: str, definition: str, /, **fields: Any) -> dict[str, Any]:
    """A facet of spec facet file ``schema`` (``1-2-0/SchemaDatasetFacet``) and ``$defs`` entry ``definition``."""
    return {"_producer": PRODUCER, "_schemaURL": f"{FACETS}{schema}.json#/$defs/{definition}", **fields}


def schema(*fields: str) -> dict[str, Any]:
    """The ``schema`` facet of ``"name type"`` fields."""
    parsed = [dict(zip(("name", "type"), f.split(" ", 1), strict=True)) for f in fields]
    return facet("1-2-0/SchemaDatasetFacet", "SchemaDatasetFacet", fields=parsed)


def tags(entity: str, **pairs: str) -> dict[str, Any]:
    """A ``tags`` facet of ``entity`` (Dataset, Job, Run) with USER tags ``key=value``."""
    values = [{"key": k, "value": v, "source": "USER"} for k, v in pairs.items()]
    return facet(f"1-0-0/Tags{entity}Facet", f"Tags{entity}Facet", tags=values)


def lifecycle(state: str) -> dict[str, Any]:
    """The ``lifecycleStateChange`` facet."""
    return facet(
        "1-0-1/LifecycleStateChangeDatasetFacet", "LifecycleStateChangeDatasetFacet", lifecycleStateChange=state
    )


def source(name: str, uri: str) -> dict[str, Any]:
    """The ``dataSource`` facet."""
    return facet("1-0-1/DatasourceDatasetFacet", "DatasourceDatasetFacet", name=name, uri=uri)


def column_lineage(mapping: dict[str, list[tuple[str, str, str, str]]]) -> dict[str, Any]:
    """The ``columnLineage`` facet: output field -> [(namespace, name, field, subtype)] with DIRECT transformations."""
    fields = {
        out: {
            "inputFields": [
                {
                    "namespace": ns,
                    "name": name,
                    "field": f,
                    "transformations": [{"type": "DIRECT", "subtype": subtype, "masking": False}],
                }
                for ns, name, f, subtype in sources
            ]
        }
        for out, sources in mapping.items()
    }
    return facet("1-2-0/ColumnLineageDatasetFacet", "ColumnLineageDatasetFacet", fields=fields)


def dataset(name: str, namespace: str = "file", **facets: dict[str, Any]) -> dict[str, Any]:
    """A dataset reference with facets by name (``schema=schema(...)``, ``tags=tags("Dataset", ...)``)."""
    found: dict[str, Any] = {"namespace": namespace, "name": name}
    if facets:
        found["facets"] = facets
    return found


def run_event(
    event_type: str, job: str, run_id: str, time: float, *, inputs: list[dict[str, Any]] | None = None,
    outputs: list[dict[str, Any]] | None = None, job_facets: dict[str, Any] | None = None,
    run_facets: dict[str, Any] | None = None, namespace: str = "tests",
) -> dict[str, Any]:  # fmt: skip
    """A RunEvent of job ``namespace/job``."""
    job_part: dict[str, Any] = {"namespace": namespace, "name": job}
    if job_facets:
        job_part["facets"] = job_facets
    run: dict[str, Any] = {"runId": run_id}
    if run_facets:
        run["facets"] = run_facets
    return {
        "eventTime": at(time), "producer": PRODUCER, "schemaURL": f"{SPEC}RunEvent", "eventType": event_type,
        "run": run, "job": job_part, "inputs": inputs or [], "outputs": outputs or [],
    }  # fmt: skip


def job_event(
    job: str, time: float, *, inputs: list[dict[str, Any]] | None = None, outputs: list[dict[str, Any]] | None = None,
    job_facets: dict[str, Any] | None = None, namespace: str = "tests",
) -> dict[str, Any]:  # fmt: skip
    """A JobEvent declaring ``namespace/job``'s inputs and outputs."""
    job_part: dict[str, Any] = {"namespace": namespace, "name": job}
    if job_facets:
        job_part["facets"] = job_facets
    return {
        "eventTime": at(time), "producer": PRODUCER, "schemaURL": f"{SPEC}JobEvent", "job": job_part,
        "inputs": inputs or [], "outputs": outputs or [],
    }  # fmt: skip


def dataset_event(time: float, ds: dict[str, Any]) -> dict[str, Any]:
    """A DatasetEvent about ``ds`` (a :func:`dataset`)."""
    return {"eventTime": at(time), "producer": PRODUCER, "schemaURL": f"{SPEC}DatasetEvent", "dataset": ds}


def new_run_id() -> str:
    """A fresh runId."""
    return str(uuid.uuid4())


def symlinks(*identifiers: tuple[str, str, str]) -> dict[str, Any]:
    """The ``symlinks`` facet of (namespace, name, type) identifiers (type ``TABLE``, ``LOCATION``)."""
    named = [{"namespace": ns, "name": name, "type": kind} for ns, name, kind in identifiers]
    return facet("1-0-1/SymlinksDatasetFacet", "SymlinksDatasetFacet", identifiers=named)
