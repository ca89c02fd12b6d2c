"""`headwater demo` (what `make demo` runs) in its own driver process."""

from __future__ import annotations

from integration.conftest import DemoRun
from tests.support.events import read_jsonl, runs_by_id

REPORT_JOB = "nycflights13_demo.weekly_delay_report"


def test_headwater_demo_command(demo_run: DemoRun) -> None:
    finished, events = demo_run.finished, demo_run.events
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "[Stage " not in finished.stderr  # no progress bars between the result and the lineage
    assert "JFK -> CMH (Port Columbus Intl): 742 flights, 22.92 min" in finished.stdout
    assert f"Lineage (5 runs, events in {events})" in finished.stdout
    assert (
        "COMPLETE  demo/nycflights13_demo.execute_insert_into_hadoop_fs_relation_command.warehouse_route_delays"
        in finished.stdout
    )
    all_events = read_jsonl(events)  # validates every event
    runs = runs_by_id(all_events)
    assert len(runs) == 5
    app = [evs for evs in runs.values() if evs[0]["job"]["name"] == "nycflights13_demo"]
    assert [e["eventType"] for e in app[0]] == ["START", "COMPLETE"]
    # the declared report job: a JobEvent over two of the pipeline's outputs, never run
    [declared] = [e for e in all_events if e["schemaURL"].endswith("/JobEvent")]
    assert declared["job"]["name"] == REPORT_JOB
    warehouse = demo_run.workdir / "warehouse"
    assert sorted(d["name"] for d in declared["inputs"]) == [
        str(warehouse / "carrier_delays"),
        str(warehouse / "route_delays"),
    ]
    # it ends by writing the graph page of its events and printing where
    assert finished.stdout.rstrip().endswith(f"Graph page (open it in a browser): {demo_run.page}")
    assert demo_run.page.is_file()
