"""Validation of emitted events against the OpenLineage JSON schemas the repository carries.

The schemas are the copy of the OpenLineage spec 2-0-2 and its facet schemas in ``python/headwater/lineage/spec/``
(with its licence and a note of where it comes from), read from the repository's sources, not from the installed
package, so a clone with nothing beside it runs every test; ``$HEADWATER_OPENLINEAGE_SPEC`` names another spec folder
instead. ``tests/test_lineage_validation.py`` checks that the installed package carries the same copy, and that it
equals ``../shared/openlineage-spec`` where that folder exists.

The checking itself is the package's (:class:`headwater.lineage.validation.EventValidator`) in its strict mode: an
event is validated against the ``$defs`` entry its ``schemaURL`` names (RunEvent, JobEvent, DatasetEvent), and every
facet in it against the schema its ``_schemaURL`` names, which must be one of the spec's facet schemas at exactly that
version (or one of Headwater's own facet schemas, from the JVM sources). Formats (uuid, uri, date-time) are checked.

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
REPO_SPEC_DIR = REPO / "python" / "headwater" / "lineage" / "spec"
"""The repository's copy of the OpenLineage spec (the one the package ships)."""
SHARED_SPEC_DIR = REPO.parent / "shared" / "openlineage-spec"
"""A spec folder beside the repository in the project's own workspace; only a cross-check, absent in a clone."""


def spec_dir() -> Path:
    """The spec folder the tests validate against: ``$HEADWATER_OPENLINEAGE_SPEC``, else the repository's copy."""
    configured = os.environ.get("HEADWATER_OPENLINEAGE_SPEC")
    path = Path(configured) if configured else REPO_SPEC_DIR
    if not (path / "OpenLineage.json").is_file():
        msg = f"OpenLineage spec not found at {path} (set HEADWATER_OPENLINEAGE_SPEC)"
        raise FileNotFoundError(msg)
    return path


@cache
def strict_validator() -> EventValidator:
    """The strict validator over the spec (:func:`spec_dir`) and Headwater's facet schemas in the JVM sources."""
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
