"""spark-submit --jars with the agent, delivering over HTTP to a real server on loopback."""

from __future__ import annotations

import json
from pathlib import Path

import headwater
from integration.lineage_server import LineageServer
from integration.support import JOBS, spark_submit, write_flights_csv
from tests.support.events import datasets, runs_by_id
from tests.support.openlineage_schema import validate_event


def test_spark_submit_with_http_transport(tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    target = tmp_path / "out"
    result = tmp_path / "result.json"
    with LineageServer(statuses=[503]) as server:
        finished = spark_submit(
            [
                "--jars",
                headwater.jar_path(),
                "--conf",
                f"spark.extraListeners={headwater.LISTENER_CLASS}",
                "--conf",
                "spark.openlineage.transport.type=http",
                "--conf",
                f"spark.openlineage.transport.url={server.url}",
                "--conf",
                "spark.openlineage.transport.auth.type=api_key",
                "--conf",
                "spark.openlineage.transport.auth.apiKey=s3cr3t-key",
                "--conf",
                "spark.openlineage.transport.compression=gzip",
                "--conf",
                "spark.openlineage.namespace=submit-tests",
                "--conf",
                "spark.openlineage.emit.retry.initialBackoffMillis=50",
                str(JOBS / "etl_job.py"),
                str(source),
                str(target),
                str(result),
            ],
            cwd=tmp_path,
        )
        requests = list(server.requests)
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert json.loads(result.read_text()) == [
        {"carrier": "AA", "total_delay": 15},
        {"carrier": "DL", "total_delay": -2},
        {"carrier": "UA", "total_delay": 45},
    ]

    # The first POST got 503 and was retried with the same body; everything else was accepted once.
    assert len(requests) >= 2
    assert requests[0].body == requests[1].body
    for request in requests:
        assert request.path == "/api/v1/lineage"
        assert request.headers["authorization"] == "Bearer s3cr3t-key"
        assert request.headers["content-encoding"] == "gzip"
        assert request.headers["content-type"].startswith("application/json")
    events = [r.event() for r in requests[1:]]
    for event in events:
        validate_event(event)
        assert "s3cr3t-key" not in json.dumps(event)

    runs = runs_by_id(events)
    app = [evs for evs in runs.values() if evs[0]["job"]["name"] == "integration_etl"]
    assert len(app) == 1
    assert [e["eventType"] for e in app[0]] == ["START", "COMPLETE"]
    app_run_id = app[0][0]["run"]["runId"]

    children = [evs for evs in runs.values() if evs[0]["job"]["name"] != "integration_etl"]
    by_name = {evs[0]["job"]["name"]: evs for evs in children}
    write_name = f"integration_etl.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out"
    # the read back: named after its action and input
    assert sorted(by_name) == sorted([write_name, f"integration_etl.collect.{tmp_path.name}_out"])
    write = by_name[write_name]
    assert [e["eventType"] for e in write] == ["START", "COMPLETE"]
    assert datasets(write[-1], "inputs") == [("file", str(source))]
    assert datasets(write[-1], "outputs") == [("file", str(target))]
    for evs in children:
        assert [e["eventType"] for e in evs] == ["START", "COMPLETE"]
        assert all(e["run"]["facets"]["parent"]["run"]["runId"] == app_run_id for e in evs)
        assert all(e["job"]["namespace"] == "submit-tests" for e in evs)
    read_back = [evs for name, evs in by_name.items() if "execute_insert" not in name]
    assert len(read_back) == 1
    assert datasets(read_back[0][-1], "inputs") == [("file", str(target))]
    assert read_back[0][-1]["outputs"] == []
