"""``spark.openlineage.dataset.identity=table`` (issue 36 item 3) on a real driver: catalog tables are named by their
catalog identity, their location is a ``LOCATION`` symlink, column lineage follows; every event passes the spec."""

from __future__ import annotations

from pathlib import Path

from integration.support import JOBS, run_python
from tests.support.events import read_jsonl


def test_catalog_tables_are_named_by_their_catalog_identity(tmp_path: Path) -> None:
    finished = run_python(JOBS / "table_identity_job.py", [str(tmp_path)], cwd=tmp_path, timeout=600)
    assert finished.returncode == 0, finished.stderr[-3000:]
    events = read_jsonl(tmp_path / "events.jsonl")  # the spec, strictly, and the suite's checks
    warehouse = f"file:{tmp_path / 'warehouse'}"
    datasets = [d for e in events for kind in ("inputs", "outputs") for d in e.get(kind) or []]
    assert {(d["namespace"], d["name"]) for d in datasets} == {
        (warehouse, "default.t_src"),
        (warehouse, "default.t_dst"),
    }
    for dataset in datasets:
        table = dataset["name"].removeprefix("default.")
        assert dataset["facets"]["symlinks"]["identifiers"] == [
            {"namespace": "file", "name": str(tmp_path / "warehouse" / table), "type": "LOCATION"}
        ]
    (lineage,) = {
        str(o["facets"]["columnLineage"]["fields"]["id"]["inputFields"])
        for e in events
        for o in e.get("outputs") or []
        if "columnLineage" in o["facets"] and o["name"] == "default.t_dst"
    }
    assert "'name': 'default.t_src'" in lineage and f"'namespace': '{warehouse}'" in lineage
