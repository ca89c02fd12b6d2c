"""A readable summary of OpenLineage events: runs, static-lineage events, and how many of each.

One entry per run, with its inputs, outputs and final state, then one per static-lineage event (JobEvent,
DatasetEvent), then how many of each there were.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_TERMINAL = ("COMPLETE", "FAIL", "ABORT")


@dataclass
class RunSummary:
    """What a run's events say, merged in the order they were emitted.

    Attributes:
        run_id: the run's id.
        job: ``namespace/name`` of the job.
        states: every event type seen, in order (``["START", "COMPLETE"]``).
        inputs: ``namespace:name`` of each input dataset, in first-seen order.
        outputs: ``namespace:name`` of each output dataset, in first-seen order.
        error: the ``errorMessage`` facet's message of a failed run.
    """

    run_id: str
    job: str
    states: list[str] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def state(self) -> str:
        """The terminal state when there is one, else the last state seen."""
        terminal = [s for s in self.states if s in _TERMINAL]
        return terminal[-1] if terminal else (self.states[-1] if self.states else "?")


@dataclass
class StaticSummary:
    """What one static-lineage event says.

    Attributes:
        kind: ``JobEvent`` or ``DatasetEvent``.
        name: ``namespace/name`` of a JobEvent's job, ``namespace:name`` of a DatasetEvent's dataset.
        inputs: a JobEvent's declared inputs (``namespace:name``).
        outputs: a JobEvent's declared outputs.
        detail: a DatasetEvent's lifecycle state change and schema size, e.g. ``CREATE, 3 fields``.
    """

    kind: str
    name: str
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    detail: str = ""


def read_events(path: str | Path) -> list[dict[str, Any]]:
    """Read a file transport's output: one JSON event per line; blank lines are skipped.

    Raises:
        ValueError: a line is not JSON; the message names the file and line number.
    """
    events = []
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError as e:
                msg = f"{path}:{number}: not a JSON event ({e.msg})"
                raise ValueError(msg) from e
    return events


def summarize(events: list[dict[str, Any]]) -> list[RunSummary]:
    """Group RunEvents by run id, in the order runs first appear; other event types are skipped."""
    runs: dict[str, RunSummary] = {}
    for event in events:
        run = event.get("run")
        if not run or "eventType" not in event:
            continue
        job = event.get("job", {})
        summary = runs.setdefault(
            run["runId"], RunSummary(run["runId"], f"{job.get('namespace', '?')}/{job.get('name', '?')}")
        )
        summary.states.append(event["eventType"])
        for key, target in (("inputs", summary.inputs), ("outputs", summary.outputs)):
            for dataset in event.get(key) or []:
                name = f"{dataset['namespace']}:{dataset['name']}"
                if name not in target:
                    target.append(name)
        error = (run.get("facets") or {}).get("errorMessage")
        if error:
            summary.error = error.get("message")
    return list(runs.values())


def _names(datasets: list[dict[str, Any]] | None) -> list[str]:
    return [f"{d.get('namespace', '?')}:{d.get('name', '?')}" for d in datasets or []]


def summarize_static(events: list[dict[str, Any]]) -> list[StaticSummary]:
    """The JobEvents (a ``job`` and no ``run``) and DatasetEvents (a ``dataset``), in the order they appear."""
    found = []
    for event in events:
        if "dataset" in event and "run" not in event:
            dataset = event["dataset"] or {}
            facets = dataset.get("facets") or {}
            details = []
            state = (facets.get("lifecycleStateChange") or {}).get("lifecycleStateChange")
            if state:
                details.append(str(state))
            if "schema" in facets:
                details.append(f"{len((facets['schema'] or {}).get('fields') or [])} fields")
            name = f"{dataset.get('namespace', '?')}:{dataset.get('name', '?')}"
            found.append(StaticSummary("DatasetEvent", name, detail=", ".join(details)))
        elif "job" in event and "run" not in event:
            job = event["job"] or {}
            name = f"{job.get('namespace', '?')}/{job.get('name', '?')}"
            found.append(StaticSummary("JobEvent", name, _names(event.get("inputs")), _names(event.get("outputs"))))
    return found


def format_counts(runs: list[RunSummary], static: list[StaticSummary]) -> str:
    """``3 runs, 1 JobEvent, 2 DatasetEvents``: how many of each the events held."""
    jobs = sum(1 for s in static if s.kind == "JobEvent")
    datasets = len(static) - jobs

    def counted(count: int, what: str) -> str:
        return f"{count} {what}{'' if count == 1 else 's'}"

    return ", ".join((counted(len(runs), "run"), counted(jobs, "JobEvent"), counted(datasets, "DatasetEvent")))


def format_summary(runs: list[RunSummary], static: list[StaticSummary] | None = None) -> str:
    """Render runs, then static events, as text.

    A run: the job and its state, then ``inputs -> outputs`` indented below. A JobEvent: ``JOB`` and its declared job,
    inputs and outputs; a DatasetEvent: ``DATASET`` and its dataset.
    """
    lines = []
    for run in runs:
        lines.append(f"{run.state:<9} {run.job}")
        if run.inputs or run.outputs:
            inputs = ", ".join(run.inputs) or "(none)"
            outputs = ", ".join(run.outputs) or "(none)"
            lines.append(f"          {inputs}")
            lines.append(f"            -> {outputs}")
        if run.error:
            lines.append(f"          error: {run.error.splitlines()[0]}")
    for entry in static or []:
        if entry.kind == "JobEvent":
            lines.append(f"{'JOB':<9} {entry.name} (declared)")
            inputs = ", ".join(entry.inputs) or "(none)"
            outputs = ", ".join(entry.outputs) or "(none)"
            lines.append(f"          {inputs}")
            lines.append(f"            -> {outputs}")
        else:
            lines.append(f"{'DATASET':<9} {entry.name}" + (f" ({entry.detail})" if entry.detail else ""))
    return "\n".join(lines)
