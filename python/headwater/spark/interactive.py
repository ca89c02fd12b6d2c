"""One line per completed run in notebooks and shells, when no transport is configured.

The default transport, ``console``, writes events to the driver log at INFO, which PySpark's default log level
(WARN) hides: in a notebook or shell nothing would show. So in an interactive session, when the agent has no
transport configured, each run the agent ended is printed on the Python side as one line
(:meth:`headwater.LineageRun.line`), without touching Spark's log level:

- IPython and Jupyter: after each cell, from IPython's ``post_run_cell`` event (the lines go to that cell's output);
- the plain Python REPL (``python -i``, the ``pyspark`` shell): each time the prompt is shown, by wrapping
  ``sys.ps1`` (the REPL calls ``str()`` on it before reading each statement, whatever the statement was).
  ``sys.displayhook`` would miss statements that are not expressions (``x = df.count()``), and a polling thread
  would print into the middle of what the user is typing.

A failure here never reaches the user's code: it is reported once and the display turns itself off.
"""

from __future__ import annotations

import sys
from typing import Any

from headwater._runs import parse_runs
from headwater.spark import agent

WAIT_MILLIS = 2000
"""How long, at most, the display waits for Spark and the agent to catch up after a cell or statement."""

PREFIX = "headwater: "
DISPLAY_FAILED = PREFIX + "cannot show lineage runs any more ({error}); headwater.recent_runs(spark) lists them"

_state: dict[str, Any] = {"installed": False, "failed": False}
_shown: dict[int, int] = {}  # listener identity -> sequence number of the last run shown
_reported_off: set[int] = set()


def session_kind() -> str | None:
    """``ipython`` (IPython, Jupyter), ``repl`` (the plain interactive interpreter), or None (a script)."""
    ipython = sys.modules.get("IPython")
    if ipython is not None and getattr(ipython, "get_ipython", lambda: None)() is not None:
        return "ipython"
    if hasattr(sys, "ps1") or sys.flags.interactive:
        return "repl"
    return None


def in_notebook_kernel() -> bool:
    """Whether this Python is a Jupyter kernel (ipykernel): IPython driven by a notebook, not a terminal."""
    return "ipykernel" in sys.modules and session_kind() == "ipython"


def install() -> None:
    """Show completed runs after each cell or prompt from now on; nothing in a script; idempotent."""
    if _state["installed"]:
        return
    kind = session_kind()
    if kind == "ipython":
        shell = sys.modules["IPython"].get_ipython()
        shell.events.register("post_run_cell", _after_cell)
    elif kind == "repl":
        sys.ps1 = _Prompt(getattr(sys, "ps1", ">>> "))
    else:
        return
    _state["installed"] = True


def show_new_runs() -> None:
    """Print, one line each, the runs ended since the last call by the agents of the running SparkContext.

    Only agents without a configured transport are shown; an agent that is off is reported once, with its reason.
    """
    from pyspark import SparkContext

    sc = SparkContext._active_spark_context  # noqa: SLF001 - pyspark's record of the running context
    if sc is None or sc._jsc is None:  # noqa: SLF001
        return
    context = sc._jsc.sc()  # noqa: SLF001 - py4j boundary
    found = agent.listeners(context)
    if not found:
        return
    agent.wait_for_listener_bus(context, WAIT_MILLIS)
    for listener in found:
        key = int(listener.hashCode())  # the listener's identity: it does not override hashCode
        if not listener.isEnabled():
            if key not in _reported_off:
                _reported_off.add(key)
                print(f"{PREFIX}the lineage agent is off: {listener.disabledReason()}")  # noqa: T201
            continue
        entry = listener.python()
        if entry.transportConfigured():
            continue
        runs = parse_runs(entry.recentRuns(_shown.get(key, 0), WAIT_MILLIS))
        for run in runs:
            print(PREFIX + run.line())  # noqa: T201 - showing runs is the point
        if runs:
            _shown[key] = runs[-1].sequence


def _safely() -> None:
    if _state["failed"]:
        return
    try:
        show_new_runs()
    except Exception as e:  # noqa: BLE001 - never let the display break a cell or the prompt
        _state["failed"] = True
        message = DISPLAY_FAILED.format(error=repr(e))
        print(message, file=sys.stderr)  # noqa: T201


def _after_cell(*_: object) -> None:
    _safely()


class _Prompt:
    """``sys.ps1`` that shows new runs each time the REPL prints its prompt."""

    def __init__(self, prompt: object) -> None:
        self._prompt = prompt

    def __str__(self) -> str:
        _safely()
        return str(self._prompt)
