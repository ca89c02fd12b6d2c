"""pytest-xdist's ``--dist loadgroup`` (the tests of one ``xdist_group`` run whole on one worker) under pytest 9.

pytest-xdist 3.8 tells its controller a test's group by appending ``@<group>`` to the test's node id in each worker
(``item._nodeid``), an attribute pytest 9 no longer reads the node id from: every test would be a group of its own, and
a costly fixture the group shares would be made on both workers. Here each worker writes the groups of the tests it
collected to a file whose path the controller put in ``HEADWATER_XDIST_GROUPS`` (workers inherit the controller's
environment), and the controller schedules with :class:`GroupScheduling`, pytest-xdist's scope scheduler whose scope is
that group. integration/conftest.py wires the three steps; without pytest-xdist (the other Spark lines' venvs) none of
them runs.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

GROUPS_FILE = "HEADWATER_XDIST_GROUPS"
"""The environment variable naming the file of the workers' groups: a JSON object, node id to group name."""


def is_controller(config: pytest.Config) -> bool:
    """Whether this process is the controller of a ``--dist loadgroup`` run (not a worker, not a run without xdist)."""
    return "PYTEST_XDIST_WORKER" not in os.environ and getattr(config.option, "dist", None) == "loadgroup"


def name_groups_file() -> Path:
    """Create the empty groups file and put its path in the environment the workers will inherit; returns it."""
    descriptor, path = tempfile.mkstemp(prefix="headwater-xdist-groups-", suffix=".json")
    os.close(descriptor)
    os.environ[GROUPS_FILE] = path
    return Path(path)


def write_groups(items: list[pytest.Item]) -> None:
    """In a worker of a ``--dist loadgroup`` run: write each collected test's group (its ``xdist_group`` markers'
    names joined by ``_``, as pytest-xdist names it) to the groups file. Every worker collects the same tests, so each
    writes the same object; the file is replaced whole, never seen half-written."""
    path = os.environ.get(GROUPS_FILE)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not path or not worker:
        return
    groups = {}
    for item in items:
        names = {
            str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")
        }
        if names:
            groups[item.nodeid] = "_".join(sorted(names))
    written = Path(f"{path}.{worker}")
    written.write_text(json.dumps(groups))
    written.replace(path)


def group_scheduling(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's scope scheduler, its scope a test's group from the groups file (a test without a group is a
    scope of its own)."""
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        _groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            # first called once every worker has collected, so once every worker has written the file
            if self._groups is None:
                self._groups = json.loads(Path(os.environ[GROUPS_FILE]).read_text() or "{}")
            return self._groups.get(nodeid, nodeid)

    return GroupScheduling(config, log)
