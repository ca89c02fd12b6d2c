"""Validation of emitted events against the OpenLineage JSON schemas in ``../shared/openlineage-spec``.

The checking itself is the package's (:class:`headwater.lineage.validation.EventValidator`) in its strict mode: an
event is validated against the ``$defs`` entry its ``schemaURL`` names (RunEvent, JobEvent, DatasetEvent), and every
facet in it against the schema its ``_schemaURL`` names, which must be one of the spec's facet schemas at exactly that
version (or one of Headwater's own facet schemas, from the JVM sources). Formats (uuid, uri, date-time) are checked.
Here the schemas come from the shared spec folder, not from the package's vendored copy, so the tests hold the agent
to the spec the project follows (``tests/test_lineage_validation.py`` checks that the two copies are equal).

Every event is also checked the way the OpenLineage compatibility suite's validator checks it
(:meth:`~headwater.lineage.validation.EventValidator.compatibility_errors`: facets resolved by name, a facet the spec has
no schema for accepted only under a base-facet ``_schemaURL``), so no emitted event can fail that suite's syntax stage.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when first used: PySpark's Python workers import this module without headwater
    from headwater.lineage.validation import EventValidator

REPO = Path(__file__).resolve().parents[2]
OWN_SCHEMA_DIR = REPO / "jvm" / "src" / "main" / "resources" / "io" / "headwater" / "spark" / "facets"


def spec_dir() -> Path:
    """The spec folder: ``$HEADWATER_OPENLINEAGE_SPEC``, else ``shared/openlineage-spec`` beside the repository."""
    configured = os.environ.get("HEADWATER_OPENLINEAGE_SPEC")
    path = Path(configured) if configured else REPO.parent / "shared" / "openlineage-spec"
    if not (path / "OpenLineage.json").is_file():
        msg = f"OpenLineage spec not found at {path} (set HEADWATER_OPENLINEAGE_SPEC)"
        raise FileNotFoundError(msg)
    return path


@cache
def strict_validator() -> EventValidator:
    """The strict validator over the shared spec and Headwater's facet schemas in the JVM sources."""
    from headwater.lineage.validation import EventValidator, SchemaSet

    return EventValidator(SchemaSet.from_dirs(spec_dir(), OWN_SCHEMA_DIR), strict=True)


def validate_event(event: dict[str, Any]) -> None:
    """Raise AssertionError naming what is wrong when ``event`` or any of its facets does not validate."""
    from headwater.lineage.validation import InvalidEventError

    try:
        strict_validator().check(event)
    except InvalidEventError as e:
        raise AssertionError(str(e)) from None
    problems = strict_validator().compatibility_errors(event)
    assert not problems, f"the OpenLineage compatibility suite's validator would reject the event: {problems}"
