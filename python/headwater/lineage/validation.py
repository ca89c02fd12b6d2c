"""Validation of OpenLineage events against the OpenLineage JSON schemas (spec 2-0-2 and its facet schemas).

An event is validated against the ``$defs`` entry of its kind (``RunEvent``, ``JobEvent``, ``DatasetEvent``), formats
included (uuid, uri, date-time), and every facet in it whose ``_schemaURL`` names a known facet schema against that
schema. The known schemas are the spec files vendored in this package (``headwater/lineage/spec``, the spec's
Apache-2.0 licence beside them) and Headwater's own facet schemas, read from the agent jar that ships in the wheel.

Two modes:

- lenient (a consumer's, the default): the kind is the text after the last ``/`` of ``schemaURL`` (as Marquez reads
  it, so any spec version is accepted), or the event's shape when that names no kind; an event without ``schemaURL``
  (as Marquez's clients send them; Marquez takes them) is validated as one with the spec's URL of that kind, and
  stored as received; a facet whose ``_schemaURL``
  names no known schema (another producer's custom facet, another facet version) is checked only against the base
  facet (``_producer`` and ``_schemaURL`` present).
- strict (the test suite's): ``schemaURL`` must be ``https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/<kind>``
  and every facet's ``_schemaURL`` must name a known schema with a ``#/$defs/...`` fragment.

A custom facet (one the spec has no schema for, such as ``spark_properties``) carries the spec's base definition of
its entity as ``_schemaURL`` (``https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet``, ``JobFacet``,
``DatasetFacet``, ``InputDatasetFacet``, ``OutputDatasetFacet``), as the OpenLineage tooling expects. Both modes accept
such a URL and find the facet's own schema by its name (the one key of a facet schema's ``properties``, e.g. Headwater's
``SparkPropertiesRunFacet.json`` for ``spark_properties``); a name no schema declares is checked against the base
definition (``_producer`` and ``_schemaURL`` present).

:meth:`EventValidator.compatibility_errors` checks an event the way the OpenLineage compatibility suite's validator
(``scripts/validate_ol_events.py`` of OpenLineage/compatibility-tests) does: the event against the spec's root schema,
each facet against the spec's facet schema of the same name, and a facet without one only when its ``_schemaURL``
names a base facet definition; any other facet is "not recognized".
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import jsonschema_rs

from headwater.lineage.bodies import HOLDERS, facet_holders

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping

    from headwater.lineage.bodies import SplitEvent

EVENT_KINDS: Final = ("RunEvent", "JobEvent", "DatasetEvent")
"""The three OpenLineage event kinds, as named in the spec's ``$defs``."""

SPEC_URL: Final = "https://openlineage.io/spec/2-0-2/OpenLineage.json"
"""The ``$id`` of the OpenLineage spec these events are validated against."""

EVENT_SCHEMA_PREFIX: Final = f"{SPEC_URL}#/$defs/"
"""What a strictly valid event's ``schemaURL`` starts with; the kind follows."""

SPEC_DIR: Final = Path(__file__).resolve().parent / "spec"
"""The vendored OpenLineage spec: ``OpenLineage.json``, ``facets/*.json`` and the spec's LICENSE."""

HEADWATER_FACETS_IN_JAR: Final = "io/headwater/spark/facets/"
"""The folder of Headwater's own facet schemas inside the agent jar (and under jvm/src/main/resources)."""

CUSTOM_FACET_BASES: Final = ("RunFacet", "JobFacet", "DatasetFacet", "InputDatasetFacet", "OutputDatasetFacet")
"""The spec's base facet definitions a custom facet's ``_schemaURL`` names (``{SPEC_URL}#/$defs/<base>``)."""

SPEC_FACETS_URL: Final = "https://openlineage.io/spec/facets/"
"""Where the spec's facet schemas are published: their ``$id`` starts with this."""

_BASES_LONGEST_FIRST: Final = tuple(sorted(CUSTOM_FACET_BASES, key=len, reverse=True))
_MAX_ERRORS: Final = 20
_MAX_REMEMBERED: Final = 65536
_DATASET_FACET_KEYS: Final = ("facets", "inputFacets", "outputFacets")
# The base definitions a facet may have where it sits: where -> bases, in the order a name lookup prefers them.
_BASES_AT: Final = {
    "run": ("RunFacet",),
    "job": ("JobFacet",),
    "dataset": ("DatasetFacet",),
    "facets": ("DatasetFacet",),
    "inputFacets": ("InputDatasetFacet", "DatasetFacet"),
    "outputFacets": ("OutputDatasetFacet", "DatasetFacet"),
}


@dataclass(frozen=True)
class SchemaError:
    """One reason an event is invalid.

    Attributes:
        path: where in the event, as ``/``-separated keys and indexes (``run/facets/parent/run/runId``), or
            ``<root>`` for the event itself.
        message: what is wrong there, as the schema validator says it.
    """

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"

    def to_json(self) -> dict[str, str]:
        """``{"path": ..., "message": ...}``, as the HTTP endpoint reports it."""
        return {"path": self.path, "message": self.message}


class InvalidEventError(ValueError):
    """An event does not validate; ``errors`` lists every reason found (at most 20)."""

    def __init__(self, errors: Iterable[SchemaError], where: str = "") -> None:
        self.errors: tuple[SchemaError, ...] = tuple(errors)
        self.where = where
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}invalid OpenLineage event: " + "; ".join(map(str, self.errors)))


@dataclass(frozen=True)
class SchemaSet:
    """JSON schema documents by their ``$id``: the OpenLineage spec and the facet schemas.

    Attributes:
        documents: each schema document (a JSON object) by its ``$id``.
    """

    documents: Mapping[str, Mapping[str, Any]]

    def facet_schemas(self, name: str, *, spec_only: bool = False) -> dict[str, str]:
        """The facet schemas declaring facet ``name``, as base definition (``RunFacet``, ...) -> ``$ref`` URL.

        A facet schema declares its facet's name as the one key of its ``properties`` (``{"parent": {"$ref":
        "#/$defs/ParentRunFacet"}}``); its base is the suffix of that definition's name. ``spec_only`` leaves out the
        schemas that are not the spec's (``https://openlineage.io/spec/facets/...``).
        """
        return self._facet_index.get((name, spec_only), {})

    @cached_property
    def _facet_index(self) -> dict[tuple[str, bool], dict[str, str]]:
        """(facet name, spec only) -> base definition -> ``$ref`` of the schema declaring that facet name."""
        index: dict[tuple[str, bool], dict[str, str]] = {}
        for uri, document in self.documents.items():
            properties = document.get("properties")
            if uri == SPEC_URL or not isinstance(properties, dict) or len(properties) != 1:
                continue
            ((name, declared),) = properties.items()
            target = declared.get("$ref", "") if isinstance(declared, dict) else ""
            definition = target.rsplit("/", 1)[-1]
            base = next((b for b in _BASES_LONGEST_FIRST if definition.endswith(b)), None)
            if not target.startswith("#/$defs/") or base is None:
                continue
            for spec_only in (False, True):
                if not spec_only or uri.startswith(SPEC_FACETS_URL):
                    index.setdefault((name, spec_only), {})[base] = f"{uri}{target}"
        return index

    @classmethod
    def from_documents(cls, documents: Iterable[Mapping[str, Any]]) -> SchemaSet:
        """A set of schema documents; each must have a ``$id``.

        Raises:
            ValueError: a document has no ``$id``.
        """
        found: dict[str, Mapping[str, Any]] = {}
        for document in documents:
            uri = document.get("$id")
            if not isinstance(uri, str):
                msg = f"a JSON schema without $id: {json.dumps(document)[:200]}"
                raise ValueError(msg)  # noqa: TRY004 - a bad document, not a bad argument type
            found[uri] = document
        return cls(found)

    @classmethod
    def from_dirs(cls, spec_dir: Path, *facet_dirs: Path) -> SchemaSet:
        """``spec_dir/OpenLineage.json``, ``spec_dir/facets/*.json`` and ``*.json`` of each of ``facet_dirs``.

        Raises:
            FileNotFoundError: ``spec_dir`` has no ``OpenLineage.json``.
        """
        if not (spec_dir / "OpenLineage.json").is_file():
            msg = f"OpenLineage spec not found at {spec_dir} (no OpenLineage.json)"
            raise FileNotFoundError(msg)
        files = [spec_dir / "OpenLineage.json", *sorted((spec_dir / "facets").glob("*.json"))]
        for directory in facet_dirs:
            files += sorted(directory.glob("*.json"))
        return cls.from_documents(json.loads(file.read_text(encoding="utf-8")) for file in files)


def schemas_in_jar(jar: Path) -> list[dict[str, Any]]:
    """Headwater's own facet schemas (``io/headwater/spark/facets/*.json``) inside the agent jar ``jar``."""
    with zipfile.ZipFile(jar) as archive:
        return [
            json.loads(archive.read(name))
            for name in sorted(archive.namelist())
            if name.startswith(HEADWATER_FACETS_IN_JAR) and name.endswith(".json")
        ]


@cache
def default_schemas() -> SchemaSet:
    """The vendored OpenLineage spec plus Headwater's facet schemas from the installed agent jar (when present)."""
    from headwater.spark.jar import jar_path

    base = SchemaSet.from_dirs(SPEC_DIR)
    try:
        own = schemas_in_jar(Path(jar_path()))
    except FileNotFoundError:  # a source checkout without the jar: its facets are checked as custom facets
        own = []
    return SchemaSet.from_documents([*base.documents.values(), *own])


@dataclass
class EventValidator:
    """Validates OpenLineage events (parsed JSON) against a :class:`SchemaSet`.

    Facet bodies are content-addressed (:mod:`headwater.lineage.bodies`): given an event's split, a facet whose body
    validated before (the same JSON text, so the same ``_schemaURL`` too) is not validated again. The validator
    remembers the last 65,536 valid bodies.

    Attributes:
        schemas: the known schema documents.
        strict: the test suite's mode (see the module docstring); a consumer uses the lenient default.
    """

    schemas: SchemaSet
    strict: bool = False
    _registry: jsonschema_rs.Registry = field(init=False, repr=False)
    _validators: dict[str, jsonschema_rs.Validator] = field(init=False, repr=False, default_factory=dict)
    _valid_bodies: set[str] = field(init=False, repr=False, default_factory=set)

    def __post_init__(self) -> None:
        self._registry = jsonschema_rs.Registry([(uri, dict(doc)) for uri, doc in self.schemas.documents.items()])

    def check(self, event: object, where: str = "", split: SplitEvent | None = None) -> str:
        """Validate ``event``; return its kind (``RunEvent``, ``JobEvent`` or ``DatasetEvent``).

        ``split`` is the event's :func:`headwater.lineage.bodies.split_event`, when known: the facets whose bodies
        validated before are then not validated again.

        Raises:
            InvalidEventError: naming every problem found (at most 20), prefixed with ``where`` (e.g. ``file:12``).
        """
        kind, errors = self._errors(event, split)
        if errors:
            raise InvalidEventError(errors, where)
        return kind

    def errors(self, event: object) -> list[SchemaError]:
        """Every problem of ``event`` (at most 20); empty when it is valid."""
        return self._errors(event)[1]

    def _errors(self, event: object, split: SplitEvent | None = None) -> tuple[str, list[SchemaError]]:
        if not isinstance(event, dict):
            return "", [SchemaError("<root>", f"an event is a JSON object, not {type(event).__name__}")]
        kind, problem = self._kind(event)
        if problem is not None:
            return kind, [problem]
        if not self.strict and "schemaURL" not in event:
            # as Marquez: an event without schemaURL (Marquez's clients send none) is read as the kind its fields
            # make it, of the spec this package carries, which every event of an earlier 1.x/2.x spec also fits
            event = {**event, "schemaURL": f"{EVENT_SCHEMA_PREFIX}{kind}"}
        errors = self._validate(event, f"{EVENT_SCHEMA_PREFIX}{kind}", "")
        for where, name, facet, body in _facets(event, split):
            if len(errors) >= _MAX_ERRORS:
                break
            if body is not None and body in self._valid_bodies:
                continue
            found = self._facet_errors(facet, f"{where}/{name}")
            if body is not None and not found:
                self._remember(body)
            errors += found
        return kind, errors[:_MAX_ERRORS]

    def _remember(self, body: str) -> None:
        if len(self._valid_bodies) >= _MAX_REMEMBERED:
            self._valid_bodies.clear()
        self._valid_bodies.add(body)

    def _kind(self, event: Mapping[str, Any]) -> tuple[str, SchemaError | None]:
        schema_url = event.get("schemaURL")
        named = schema_url.rsplit("/", 1)[-1] if isinstance(schema_url, str) else ""
        if self.strict:
            if named in EVENT_KINDS and schema_url == f"{EVENT_SCHEMA_PREFIX}{named}":
                return named, None
            expected = f"{EVENT_SCHEMA_PREFIX}RunEvent|JobEvent|DatasetEvent"
            return "", SchemaError("schemaURL", f"{schema_url!r} is not one of {expected}")
        if named in EVENT_KINDS:
            return named, None
        if "run" in event:
            return "RunEvent", None
        return ("DatasetEvent" if "dataset" in event else "JobEvent"), None

    def compatibility_errors(self, event: Mapping[str, Any]) -> list[str]:
        """What the OpenLineage compatibility suite's validator would report for ``event`` (empty when it passes).

        The event is checked against the spec's root schema (formats not checked, as there), every facet against the
        spec's facet schema of its name, and a facet no spec schema names is accepted only when its ``_schemaURL``
        names one of the :data:`CUSTOM_FACET_BASES`; otherwise it is ``"<path>: facet type <name> not recognized"``.
        Unlike the suite's script, facets of static events (``dataset``) are checked too, and a name declared for
        several entities (``tags``, ``ownership``, ...) is checked against the schema of the entity it sits on.
        """
        problems = [f"<root>: {e.message}" for e in self._validate(event, SPEC_URL, "", formats=False)]
        for holder, name, facet, _body in _facets(event, None):
            where = f"{holder}/{name}"
            parts = where.split("/")
            bases = _BASES_AT[parts[0] if parts[0] in _BASES_AT else parts[-2]]
            known = self.schemas.facet_schemas(name, spec_only=True)
            ref = next((known[base] for base in bases if base in known), None)
            if ref is not None:
                problems += [str(e) for e in self._validate(facet, ref, where, formats=False)]
                continue
            url = facet.get("_schemaURL")
            if not (isinstance(url, str) and any(f"defs/{base}" in url for base in CUSTOM_FACET_BASES)):
                problems.append(f"{where}: facet type {name} not recognized")
        return problems

    def _facet_errors(self, facet: Mapping[str, Any], where: str) -> list[SchemaError]:
        url = facet.get("_schemaURL", "")
        document = url.split("#", 1)[0]
        if isinstance(url, str) and url.startswith(f"{SPEC_URL}#/$defs/"):
            base = url.rsplit("/", 1)[-1]
            if base in CUSTOM_FACET_BASES:  # a custom facet: its own schema by its name, else the base definition
                own = self.schemas.facet_schemas(where.rsplit("/", 1)[-1])
                return self._validate(facet, own.get(base, url), where)
        if document not in self.schemas.documents:
            if self.strict:
                return [SchemaError(f"{where}/_schemaURL", f"{url!r} names no schema of the spec or of Headwater")]
            return self._validate(facet, f"{SPEC_URL}#/$defs/BaseFacet", where)  # another producer's custom facet
        if "#" not in url:
            if self.strict:
                return [SchemaError(f"{where}/_schemaURL", f"{url!r} has no #/$defs/... fragment")]
            return self._validate(facet, f"{SPEC_URL}#/$defs/BaseFacet", where)
        return self._validate(facet, url, where)

    def _validate(self, instance: object, ref: str, where: str, *, formats: bool = True) -> list[SchemaError]:
        validator = self._validators.get(f"{formats}:{ref}")
        if validator is None:
            validator = jsonschema_rs.Draft202012Validator(
                {"$ref": ref}, registry=self._registry, validate_formats=formats, offline=True
            )
            self._validators[f"{formats}:{ref}"] = validator
        if validator.is_valid(instance):
            return []
        errors = []
        for error in validator.iter_errors(instance):
            path = "/".join(str(part) for part in (*_split(where), *error.instance_path)) or "<root>"
            errors.append(SchemaError(path, error.message))
            if len(errors) >= _MAX_ERRORS:
                break
        return errors


@cache
def default_validator() -> EventValidator:
    """The lenient validator over :func:`default_schemas` (cached; safe to share between threads for reading)."""
    return EventValidator(default_schemas())


def _split(where: str) -> list[str]:
    return where.split("/") if where else []


def _facets(
    event: Mapping[str, Any], split: SplitEvent | None
) -> Iterator[tuple[str, str, Mapping[str, Any], str | None]]:
    """Every facet of an event that is a JSON object: (holder path/key, name, facet, body hash or None).

    The body hash is ``split``'s, for the facets of a holder's ``facets``.
    """
    for holder_path, holder in facet_holders(event):
        refs = split.refs.get(holder_path, {}) if split is not None else {}
        for key in ("facets",) if holder_path in HOLDERS else _DATASET_FACET_KEYS:
            facets = holder.get(key)
            if isinstance(facets, dict):
                where = f"{holder_path}/{key}"
                for name, facet in facets.items():
                    if isinstance(facet, dict):
                        yield where, name, facet, refs.get(name) if key == "facets" else None
