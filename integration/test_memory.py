"""A long driver's heap stays flat: runs that ended are released and every cache is bounded (issue 38, "flat memory").

One driver (bench/memory_driver.py, the memory benchmark's) runs 250 small SQL executions as warm-up (more than the
200 ended runs the agent keeps for ``headwater.lineage``, its largest bounded structure), then 1,000 more, with
Headwater attached; the heap held by the agent's classes (``io.headwater.*``, its relocated Jackson included, and the
OpenLineage client's ``io.openlineage.*``) is measured after each, from the JVM's class histogram after a full GC. Its
growth must stay within the budget of docs/performance.md: 64 KiB per 1,000 executions.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from integration.support import REPO, driver_env, run_python

if TYPE_CHECKING:
    from pathlib import Path

GROWTH_BUDGET = 64 * 1024
RUNS = 1000


def test_agent_heap_does_not_grow_over_a_thousand_runs(tmp_path: Path) -> None:
    finished = run_python(
        REPO / "bench" / "memory_driver.py",
        ["--mode", "headwater", "--workdir", str(tmp_path), "--warmup", "250", "--runs", str(RUNS)],
        cwd=tmp_path,
        env=driver_env(),
        timeout=900,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    [line] = [line for line in finished.stdout.splitlines() if line.startswith("RESULT ")]
    result = json.loads(line.split(" ", 1)[1])
    before, after = result["heap"]
    assert before["agent_instances"] > 0, "the histogram shows the agent's objects"
    assert result["events"] >= 2 * RUNS, "every small run was read and emitted (START and COMPLETE)"
    growth = after["agent_bytes"] - before["agent_bytes"]
    assert growth <= GROWTH_BUDGET, f"the agent's heap grew by {growth} bytes over {RUNS} runs: {before} -> {after}"
