"""Reading the events the agent wrote, grouped the way tests assert on them."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.openlineage_schema import validate_event


def read_jsonl(path: Path, offset: int = 0) -> list[dict[str, Any]]:
    """Events of a file transport's output from byte ``offset`` on; every one is validated against the spec."""
    if not path.exists():
        return []
    with path.open("rb") as f:
        f.seek(offset)
        data = f.read()
    events = [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
    for event in events:
        validate_event(event)
    return events


def runs_by_id(events: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """RunEvents grouped by run id, in emission order."""
    runs: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for event in events:
        if "run" in event:
            runs[event["run"]["runId"]].append(event)
    return dict(runs)


# The application run's job name in the shared pytest session (spark.app.name headwater-tests, snake_cased).
APP_JOB = "headwater_tests"


def child_runs(events: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """RunEvents grouped by run id (``runs_by_id``), without the application run."""
    return {run_id: evs for run_id, evs in runs_by_id(events).items() if evs[0]["job"]["name"] != APP_JOB}


def only_run(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the one run other than the application run; fails naming the runs when there are more or none."""
    runs = child_runs(events)
    assert len(runs) == 1, f"expected one run, got {[(evs[0]['job']['name'], len(evs)) for evs in runs.values()]}"
    return next(iter(runs.values()))


def datasets(event: dict[str, Any], side: str) -> list[tuple[str, str]]:
    """(namespace, name) of an event's inputs or outputs, in order."""
    return [(d["namespace"], d["name"]) for d in event.get(side) or []]


def schema_fields(dataset: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``schema`` facet's fields of a dataset."""
    return dataset["facets"]["schema"]["fields"]


def spark_schema_as_facet(schema: Any) -> list[dict[str, Any]]:
    """The schema facet fields Headwater should emit for a pyspark StructType (the facet's nesting rules)."""
    from pyspark.sql.types import ArrayType, MapType, StructType

    def field(name: str, data_type: Any) -> dict[str, Any]:
        if isinstance(data_type, StructType):
            return {"name": name, "type": "struct", "fields": [field(f.name, f.dataType) for f in data_type.fields]}
        if isinstance(data_type, ArrayType):
            return {"name": name, "type": "array", "fields": [field("_element", data_type.elementType)]}
        if isinstance(data_type, MapType):
            return {
                "name": name,
                "type": "map",
                "fields": [field("key", data_type.keyType), field("value", data_type.valueType)],
            }
        return {"name": name, "type": data_type.jsonValue()}  # Spark's type name: integer, long, decimal(10,2)

    return [field(f.name, f.dataType) for f in schema.fields]


@dataclass
class LineageLog:
    """The agent's event file in the shared test session; ``mark`` it before an action, read what followed.

    Attributes:
        path: the file transport's location.
        offset: the byte offset where the current test's events start.
    """

    path: Path
    offset: int = 0

    def mark(self, spark: Any) -> None:
        """Flush the agent, then start a new window: :meth:`events` returns only events written after this call."""
        import headwater

        assert headwater.flush(spark, timeout=60), "the agent did not deliver its events within 60 s"
        self.offset = self.path.stat().st_size if self.path.exists() else 0

    def events(self, spark: Any, *, settle: float = 0.0) -> list[dict[str, Any]]:
        """Flush the agent, then return (validated) the events written since :meth:`mark`."""
        import headwater

        assert headwater.flush(spark, timeout=60), "the agent did not deliver its events within 60 s"
        if settle:
            time.sleep(settle)
            headwater.flush(spark, timeout=60)
        return read_jsonl(self.path, self.offset)

    def all_events(self) -> list[dict[str, Any]]:
        """Every event in the file, from the session's start."""
        return read_jsonl(self.path)
