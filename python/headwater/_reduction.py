"""Events cut to fit a size budget before ``headwater replay`` sends them, in the agent's order.

The same steps, in the same order, with the same ``headwater_eventReduced`` run facet as the agent's
``emit.EventReduction`` (docs/configuration.md, "Event size"): each step only when the ones before were not enough,
and never the event type and time, the run, the job's namespace and name, the ``parent`` facet, or the namespace and
name of a dataset. The START and terminal events of one run are cut alike: a run's later events make at least the
steps its earlier ones needed.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

FACET = "headwater_eventReduced"
"""The run facet a reduced event carries: ``cuts``, ``originalSizeBytes``, ``budgetBytes``."""
SCHEMA_FIELD_LIMIT = 100
"""Schema fields kept by the ``schemaFields`` step."""
_RUN_FACET_SCHEMA = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet"
_MAX_RUNS = 10_000
_TERMINAL = frozenset({"COMPLETE", "FAIL", "ABORT"})

Event = dict[str, Any]


def size(event: Event) -> int:
    """The bytes of ``event``'s JSON as ``headwater replay`` posts it.

    That is the OpenLineage Python client's serialisation (sorted keys, ``", "`` and ``": "`` separators, ASCII
    escapes), a few percent larger than the agent's compact JSON, so an event within the budget here is within it as
    the agent measures too.
    """
    return len(json.dumps(event, sort_keys=True))


def _dataset_facets(event: Event) -> Iterator[dict[str, Any]]:
    for side in ("inputs", "outputs"):
        for dataset in event.get(side) or []:
            facets = dataset.get("facets") if isinstance(dataset, dict) else None
            if isinstance(facets, dict):
                yield facets


def _column_lineages(event: Event) -> Iterator[dict[str, Any]]:
    for facets in _dataset_facets(event):
        lineage = facets.get("columnLineage")
        if isinstance(lineage, dict):
            yield lineage


def _every(changes: Iterable[bool]) -> bool:
    """True when any of ``changes`` is; consumes them all (each is a cut made)."""
    changed = False
    for change in changes:
        changed |= change
    return changed


def _drop_descriptions(inputs: object) -> bool:
    changed = False
    for item in inputs if isinstance(inputs, list) else []:
        for transformation in item.get("transformations") or [] if isinstance(item, dict) else []:
            if isinstance(transformation, dict) and transformation.pop("description", None) is not None:
                changed = True
    return changed


def _transformation_descriptions(event: Event) -> bool:
    changed = False
    for lineage in _column_lineages(event):
        fields = lineage.get("fields")
        for field in fields.values() if isinstance(fields, dict) else []:
            if isinstance(field, dict):
                changed |= field.pop("transformationDescription", None) is not None
                changed |= _drop_descriptions(field.get("inputFields"))
        changed |= _drop_descriptions(lineage.get("dataset"))
    return changed


def _run_facets(event: Event, *names: str) -> bool:
    facets = event.get("run", {}).get("facets")
    if not isinstance(facets, dict):
        return False
    return _every(facets.pop(name, None) is not None for name in names)


def _fold(lineage: dict[str, Any]) -> bool:
    fields = lineage.get("fields")
    if not isinstance(fields, dict) or not fields:
        return False
    folded: dict[tuple[str, str, str], dict[str, Any]] = {}
    seen: dict[tuple[str, str, str], set[str]] = {}
    every = list(lineage.get("dataset") or [])
    for field in fields.values():
        every.extend(field.get("inputFields") or [] if isinstance(field, dict) else [])
    for item in every:
        key = (str(item.get("namespace", "")), str(item.get("name", "")), str(item.get("field", "")))
        if key not in folded:
            folded[key] = {**item, "transformations": []}
            seen[key] = set()
        for transformation in item.get("transformations") or []:
            text = json.dumps(transformation, sort_keys=True)
            if text not in seen[key]:
                seen[key].add(text)
                folded[key]["transformations"].append(transformation)
    lineage["fields"] = {}
    lineage["dataset"] = list(folded.values())
    return True


def _column_lineage_fields(event: Event) -> bool:
    return _every(_fold(lineage) for lineage in _column_lineages(event))


def _schema_fields(event: Event) -> bool:
    changed = False
    for facets in _dataset_facets(event):
        fields = facets.get("schema", {}).get("fields") if isinstance(facets.get("schema"), dict) else None
        if isinstance(fields, list) and len(fields) > SCHEMA_FIELD_LIMIT:
            del fields[SCHEMA_FIELD_LIMIT:]
            changed = True
    return changed


def _column_lineage(event: Event) -> bool:
    return _every(facets.pop("columnLineage", None) is not None for facets in _dataset_facets(event))


def _other_facets(event: Event) -> bool:
    changed = False
    run_facets = event.get("run", {}).get("facets")
    if isinstance(run_facets, dict):
        for name in [n for n in run_facets if n not in {"parent", FACET}]:
            del run_facets[name]
            changed = True
    job_facets = event.get("job", {}).get("facets")
    if isinstance(job_facets, dict) and job_facets:
        job_facets.clear()
        changed = True
    for side in ("inputs", "outputs"):
        for dataset in event.get(side) or []:
            for key in ("facets", "inputFacets", "outputFacets"):
                if isinstance(dataset, dict) and dataset.pop(key, None) is not None:
                    changed = True
    return changed


CUTS: tuple[tuple[str, Callable[[Event], bool]], ...] = (
    ("transformationDescriptions", _transformation_descriptions),
    ("debugAndLogicalPlan", lambda event: _run_facets(event, "debug", "spark.logicalPlan")),
    ("sparkProperties", lambda event: _run_facets(event, "spark_properties")),
    ("columnLineageFields", _column_lineage_fields),
    ("schemaFields", _schema_fields),
    ("columnLineage", _column_lineage),
    ("otherFacets", _other_facets),
)
"""The steps, in the order they are made: (the label the facet names, the cut; True when it removed something)."""


def reduce(event: Event, budget: int, min_steps: int = 0) -> int:
    """Cut ``event`` (a RunEvent, changed in place) until its JSON is at most ``budget`` bytes; return the steps made.

    At least the first ``min_steps`` steps are made. The ``headwater_eventReduced`` facet says what was cut (with the
    cuts and original size of an earlier reduction, when the event carries one). An event that does not fit even with
    every cut is left with every cut made.
    """
    original = size(event)
    facets = event.setdefault("run", {}).setdefault("facets", {})
    earlier = facets.get(FACET)
    made: list[str] = []
    if isinstance(earlier, dict):
        made = [str(label) for label in earlier.get("cuts") or []]
        original = int(earlier.get("originalSizeBytes", original))
    steps = 0
    for label, cut in CUTS:
        steps += 1
        if cut(event) and label not in made:
            made.append(label)
        if steps < min_steps:
            continue
        facets[FACET] = {
            "_producer": event.get("producer", ""),
            "_schemaURL": _RUN_FACET_SCHEMA,
            "cuts": made,
            "originalSizeBytes": original,
            "budgetBytes": budget,
        }
        if size(event) <= budget:
            break
    return steps


class EventBudget:
    """The largest event one replay sends, and the steps each run's earlier events needed.

    ``configured`` bytes (``--max-event-bytes``; None: none), lowered to 90% of the size of any event the endpoint
    refused as too large (HTTP 413) for the rest of the replay. The steps are remembered for at most 10,000 runs; a run
    is forgotten at its terminal event.
    """

    def __init__(self, configured: int | None) -> None:
        """A budget of ``configured`` bytes of JSON, or none until a refusal."""
        self._limit = configured
        self._run_steps: OrderedDict[str, int] = OrderedDict()

    @property
    def limit(self) -> int | None:
        """The budget now, in bytes; None when there is none."""
        return self._limit

    def refused(self, refused_size: int) -> None:
        """Lower the budget below ``refused_size``, the size of an event the endpoint refused: to 90% of it."""
        learned = refused_size - max(1, refused_size // 10)
        self._limit = learned if self._limit is None else min(self._limit, learned)

    def fit(self, event: Event) -> bool:
        """Cut ``event`` (in place) to the budget when it is a RunEvent over it or its run was cut before.

        Returns True when it was cut.
        """
        run = event.get("run")
        if not isinstance(run, dict):
            return False
        run_id = str(run.get("runId", ""))
        terminal = event.get("eventType") in _TERMINAL
        min_steps = self._run_steps.pop(run_id, 0) if terminal else self._run_steps.get(run_id, 0)
        limit = self._limit
        if min_steps == 0 and (limit is None or size(event) <= limit):
            return False
        steps = reduce(event, limit if limit is not None else size(event), min_steps)
        if not terminal:
            self._run_steps[run_id] = max(steps, self._run_steps.get(run_id, 0))
            self._run_steps.move_to_end(run_id)
            while len(self._run_steps) > _MAX_RUNS:
                self._run_steps.popitem(last=False)
        return True
