"""A readable summary of OpenLineage events: one line per run, with its inputs, outputs and final state."""

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


def format_summary(runs: list[RunSummary]) -> str:
    """Render runs as text: the job and its state, then ``inputs -> outputs`` indented below."""
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
    return "\n".join(lines)
