"""Validation of incoming events: the spec copy the repository carries, Headwater's own facet schemas, lenient and
strict modes."""

from __future__ import annotations

import copy
import filecmp
import json
import re
from pathlib import Path
from typing import Any

import pytest

import headwater
from headwater.lineage.validation import (
    SPEC_DIR,
    EventValidator,
    InvalidEventError,
    SchemaError,
    SchemaSet,
    default_schemas,
    default_validator,
    schemas_in_jar,
)
from tests.support.lineage_events import PRODUCER, dataset, new_run_id, run_event, schema
from tests.support.openlineage_schema import (
    OWN_SCHEMA_DIR,
    REPO_SPEC_DIR,
    SHARED_SPEC_DIR,
    spec_dir,
    strict_validator,
)

SPARK_PROPERTIES = "https://headwater-lineage.github.io/spec/facets/1-0-0/SparkPropertiesRunFacet.json"
RUN_FACET = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet"


def spec_copies() -> list[Any]:
    """The spec folders the repository's copy must equal: the installed package's (always: the wheel carries the spec),
    and, where they exist, ``../shared/openlineage-spec`` (a cross-check in the project's workspace, absent in a clone)
    and ``$HEADWATER_OPENLINEAGE_SPEC``."""
    copies = [pytest.param(SPEC_DIR, id="installed-package")]
    seen = {REPO_SPEC_DIR.resolve(), SPEC_DIR.resolve()}
    for folder, name in ((SHARED_SPEC_DIR, "shared"), (spec_dir(), "HEADWATER_OPENLINEAGE_SPEC")):
        if (folder / "OpenLineage.json").is_file() and folder.resolve() not in seen:
            seen.add(folder.resolve())
            copies.append(pytest.param(folder, id=name))
    return copies


def facet_schemas(folder: Path) -> list[str]:
    """The facet schemas' file names (a spec folder may hold other files, such as facets/*.md)."""
    return sorted(p.name for p in (folder / "facets").glob("*.json"))


def test_the_repository_carries_the_spec_2_0_2_its_facet_schemas_and_licence() -> None:
    spec = json.loads((REPO_SPEC_DIR / "OpenLineage.json").read_text())
    assert spec["$id"] == "https://openlineage.io/spec/2-0-2/OpenLineage.json"
    assert {"RunEvent", "JobEvent", "DatasetEvent"} <= set(spec["$defs"])
    assert "Apache License" in (REPO_SPEC_DIR / "LICENSE").read_text()
    note = (REPO_SPEC_DIR / "README.md").read_text()
    assert "2-0-2" in note
    assert "Apache License" in note
    names = facet_schemas(REPO_SPEC_DIR)
    assert len(names) >= 30
    assert {"SchemaDatasetFacet.json", "ColumnLineageDatasetFacet.json", "ParentRunFacet.json"} <= set(names)
    for name in names:
        facet = json.loads((REPO_SPEC_DIR / "facets" / name).read_text())
        assert re.fullmatch(rf"https://openlineage\.io/spec/facets/\d+-\d+-\d+/{re.escape(name)}", facet["$id"]), name
    documents = SchemaSet.from_dirs(REPO_SPEC_DIR).documents
    assert len(documents) == len(names) + 1  # the spec and every facet schema, each under its $id


@pytest.mark.parametrize("other", spec_copies())
def test_the_spec_copy_equals(other: Path) -> None:
    for name in ("OpenLineage.json", "LICENSE"):
        assert filecmp.cmp(REPO_SPEC_DIR / name, other / name, shallow=False), name
    names = facet_schemas(REPO_SPEC_DIR)
    assert names == facet_schemas(other)
    mismatched = [
        n for n in names if not filecmp.cmp(REPO_SPEC_DIR / "facets" / n, other / "facets" / n, shallow=False)
    ]
    assert mismatched == []


def test_headwater_facet_schemas_come_from_the_installed_jar_and_equal_the_sources() -> None:
    in_jar = {s["$id"]: s for s in schemas_in_jar(Path(headwater.jar_path()))}
    in_sources = {s["$id"]: s for s in (json.loads(p.read_text()) for p in OWN_SCHEMA_DIR.glob("*.json"))}
    assert SPARK_PROPERTIES in in_jar
    assert in_jar == in_sources
    assert set(in_jar) <= set(default_schemas().documents)


def spark_properties(properties: Any) -> dict[str, Any]:
    return {"_producer": PRODUCER, "_schemaURL": RUN_FACET, "properties": properties}


def test_facets_are_validated_against_their_own_schema() -> None:
    event = run_event("START", "j", new_run_id(), 1, run_facets={"spark_properties": spark_properties({"a": "b"})})
    assert default_validator().check(event) == "RunEvent"
    event["run"]["facets"]["spark_properties"] = spark_properties(["not", "an", "object"])
    with pytest.raises(InvalidEventError) as invalid:
        default_validator().check(event, "here")
    assert invalid.value.errors == (
        SchemaError("run/facets/spark_properties/properties", '["not","an","object"] is not of type "object"'),
    )
    assert str(invalid.value).startswith("here: invalid OpenLineage event: run/facets/spark_properties/properties")


def test_a_consumer_accepts_other_producers_facets_and_spec_versions_the_tests_do_not() -> None:
    event = run_event("COMPLETE", "j", new_run_id(), 1, outputs=[dataset("/o", schema=schema("a int"))])
    event["run"]["facets"] = {
        "spark_version": {"_producer": "https://example.com/other", "_schemaURL": "https://example.com/SparkVersion.json",
                          "spark-version": "3.5.1"},
    }  # fmt: skip
    event["schemaURL"] = "https://openlineage.io/spec/2-0-0/OpenLineage.json#/$defs/RunEvent"
    assert default_validator().errors(event) == []
    strict = [str(e) for e in strict_validator().errors(event)]
    assert strict == [
        "schemaURL: 'https://openlineage.io/spec/2-0-0/OpenLineage.json#/$defs/RunEvent' is not one of "
        "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent|JobEvent|DatasetEvent"
    ]
    event["schemaURL"] = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent"
    assert [e.path for e in strict_validator().errors(event)] == ["run/facets/spark_version/_schemaURL"]

    broken = copy.deepcopy(event)
    del broken["run"]["facets"]["spark_version"]["_producer"]  # every facet needs _producer and _schemaURL
    assert SchemaError("run/facets/spark_version", '"_producer" is a required property') in default_validator().errors(
        broken
    )


@pytest.mark.parametrize(
    ("event", "path", "message"),
    [
        ([], "<root>", "an event is a JSON object, not list"),
        ({"eventTime": "2025-01-01T00:00:00Z", "producer": PRODUCER, "schemaURL": "x"}, "<root>", '"job" is a required property'),
        ({"eventTime": "yesterday", "producer": PRODUCER,
          "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetEvent",
          "dataset": {"namespace": "file", "name": "/t"}}, "eventTime", '"yesterday" is not a "date-time"'),
    ],
)  # fmt: skip
def test_invalid_events_name_what_is_wrong(event: Any, path: str, message: str) -> None:
    assert SchemaError(path, message) in default_validator().errors(event)


def test_a_schema_set_needs_the_spec(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"no OpenLineage\.json"):
        SchemaSet.from_dirs(tmp_path)
    validator = EventValidator(SchemaSet.from_dirs(SPEC_DIR))  # without Headwater's facet schemas
    event = run_event("START", "j", new_run_id(), 1, run_facets={"spark_properties": spark_properties(["x"])})
    assert validator.errors(event) == []  # an unknown facet schema: checked as a base facet only


def test_a_custom_facet_under_a_base_url_is_checked_against_the_schema_of_its_name() -> None:
    strict = strict_validator()
    good = run_event("START", "j", new_run_id(), 1, run_facets={"spark_properties": spark_properties({"a": "b"})})
    assert strict.errors(good) == []
    assert strict.compatibility_errors(good) == []
    bad = copy.deepcopy(good)
    bad["run"]["facets"]["spark_properties"]["properties"] = {"a": 1}
    assert [str(e) for e in strict.errors(bad)] == [
        'run/facets/spark_properties/properties/a: 1 is not of type "string"'
    ]
    # a name no schema declares: only the base facet is checked
    other = run_event(
        "START", "j", new_run_id(), 1, run_facets={"acme": {"_producer": PRODUCER, "_schemaURL": RUN_FACET}}
    )
    assert strict.errors(other) == []
    del other["run"]["facets"]["acme"]["_producer"]
    assert 'run/facets/acme: "_producer" is a required property' in [str(e) for e in strict.errors(other)]


def test_the_compatibility_suite_check_resolves_facets_by_name_as_the_suite_does() -> None:
    strict = strict_validator()
    # Headwater's own schema URL is not one the suite resolves: the facet is "not recognized" there
    own_url = run_event("START", "j", new_run_id(), 1, run_facets={"spark_properties": {
        **spark_properties({"a": "b"}), "_schemaURL": f"{SPARK_PROPERTIES}#/$defs/SparkPropertiesRunFacet"}})  # fmt: skip
    assert strict.compatibility_errors(own_url) == [
        "run/facets/spark_properties: facet type spark_properties not recognized"
    ]
    # a spec facet is checked against the spec schema of its name, whatever its _schemaURL says
    event = run_event("COMPLETE", "j", new_run_id(), 1, outputs=[dataset("/o", schema=schema("a int"))])
    event["outputs"][0]["facets"]["schema"]["_schemaURL"] = RUN_FACET
    event["outputs"][0]["facets"]["schema"]["fields"] = [{"type": "int"}]
    assert strict.compatibility_errors(event) == ['outputs/0/facets/schema/fields/0: "name" is a required property']
    # the event itself against the spec's root schema
    assert strict.compatibility_errors({**event, "eventTime": 5})[0].startswith("<root>: ")
