"""Validation of emitted events against the OpenLineage JSON schemas in ``../shared/openlineage-spec``.

An event is validated against the ``$defs`` entry its ``schemaURL`` names (RunEvent, JobEvent, DatasetEvent), and
every facet in it against the schema its ``_schemaURL`` names, which must be one of the spec's facet schemas at
exactly that version (or one of Headwater's own facet schemas). Formats (uuid, uri, date-time) are checked.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO = Path(__file__).resolve().parents[2]
EVENT_SCHEMA_PREFIX = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/"
_DATASET_FACET_KEYS = ("facets", "inputFacets", "outputFacets")


def spec_dir() -> Path:
    """The spec folder: ``$HEADWATER_OPENLINEAGE_SPEC``, else ``shared/openlineage-spec`` beside the repository."""
    configured = os.environ.get("HEADWATER_OPENLINEAGE_SPEC")
    path = Path(configured) if configured else REPO.parent / "shared" / "openlineage-spec"
    if not (path / "OpenLineage.json").is_file():
        msg = f"OpenLineage spec not found at {path} (set HEADWATER_OPENLINEAGE_SPEC)"
        raise FileNotFoundError(msg)
    return path


def _own_schema_dir() -> Path:
    return REPO / "jvm" / "src" / "main" / "resources" / "io" / "headwater" / "spark" / "facets"


@cache
def _registry() -> tuple[Registry, frozenset[str]]:
    resources = []
    files = [spec_dir() / "OpenLineage.json", *sorted((spec_dir() / "facets").glob("*.json"))]
    files += sorted(_own_schema_dir().glob("*.json")) if _own_schema_dir().is_dir() else []
    for file in files:
        schema = json.loads(file.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012)))
    registry = Registry().with_resources(resources)
    return registry, frozenset(uri for uri, _ in resources)


def _validate(instance: Any, ref: str) -> None:
    registry, _ = _registry()
    validator = jsonschema.Draft202012Validator(
        {"$ref": ref}, registry=registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
    if errors:
        details = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in errors[:5])
        msg = f"does not validate against {ref}: {details}"
        raise AssertionError(msg)


def _facets(event: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every facet of an event as (where, name, facet)."""
    found = []

    def collect(where: str, facets: dict[str, Any] | None) -> None:
        for name, facet in (facets or {}).items():
            found.append((where, name, facet))

    collect("run", (event.get("run") or {}).get("facets"))
    collect("job", (event.get("job") or {}).get("facets"))
    for side in ("inputs", "outputs"):
        for dataset in event.get(side) or []:
            for key in _DATASET_FACET_KEYS:
                collect(f"{side}[{dataset.get('name')}].{key}", dataset.get(key))
    dataset = event.get("dataset")
    if isinstance(dataset, dict):
        collect(f"dataset[{dataset.get('name')}].facets", dataset.get("facets"))
    return found


def validate_event(event: dict[str, Any]) -> None:
    """Raise AssertionError naming what is wrong when ``event`` or any of its facets does not validate."""
    schema_url = event.get("schemaURL", "")
    if not schema_url.startswith(EVENT_SCHEMA_PREFIX):
        msg = f"schemaURL {schema_url!r} is not one of {EVENT_SCHEMA_PREFIX}RunEvent|JobEvent|DatasetEvent"
        raise AssertionError(msg)
    _validate(event, schema_url)
    _, known = _registry()
    for where, name, facet in _facets(event):
        facet_url = facet.get("_schemaURL", "")
        document = facet_url.split("#", 1)[0]
        if document not in known:
            msg = f"{where}.{name}: _schemaURL {facet_url!r} names no schema of the spec or of Headwater"
            raise AssertionError(msg)
        if "#" not in facet_url:
            msg = f"{where}.{name}: _schemaURL {facet_url!r} has no #/$defs/... fragment"
            raise AssertionError(msg)
        try:
            _validate(facet, facet_url)
        except AssertionError as e:
            msg = f"{where}.{name}: {e}"
            raise AssertionError(msg) from None
