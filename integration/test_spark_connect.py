"""Spark Connect: the agent in a Connect server reports the queries a Connect client sends as it reports the same
queries in a classic session.

The server is started from the pyspark wheel (``spark-submit --class ...SparkConnectServer``) with the agent on
``--jars`` and ``spark.extraListeners``, on a free loopback port; the client is a separate Python process
(``SparkSession.builder.remote("sc://127.0.0.1:<port>")``). The same script then runs in a classic session with
``headwater.configure``. Job names (the client's application name included), datasets, schemas and column lineage must
be equal; ``headwater.configure`` leaves a Connect builder unchanged with one warning, and ``headwater.flush`` says the
client has no driver of its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from integration.support import JOBS, VENV_BIN, agent_args, driver_env, run_python
from tests.support.daemons import Daemon, free_port
from tests.support.events import read_jsonl, runs_by_id

if TYPE_CHECKING:
    from collections.abc import Iterator

SERVER_APP = "Headwater Connect Server"
CLIENT_APP = "connect_lineage"  # the normalised application name the job script sets (APP_NAME)
CONNECT_SERVER = "org.apache.spark.sql.connect.service.SparkConnectServer"


@dataclass
class ConnectServer:
    """A running Connect server with the agent: its URL, the agent's event file and its working directory."""

    url: str
    events: Path
    directory: Path
    daemon: Daemon


@pytest.fixture(scope="module")
def connect_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConnectServer]:
    directory = tmp_path_factory.mktemp("connect-server")
    port = free_port()
    events = directory / "events.jsonl"
    command = [
        str(VENV_BIN / "spark-submit"), "--class", CONNECT_SERVER, "--master", "local[2]", "--name", SERVER_APP,
        *agent_args(
            events,
            "spark.connect.grpc.binding.address=127.0.0.1",
            f"spark.connect.grpc.binding.port={port}",
            f"spark.sql.warehouse.dir={directory / 'work' / 'warehouse'}",
            "spark.ui.enabled=false",
        ),
    ]  # fmt: skip
    env = driver_env(SPARK_LOCAL_IP="127.0.0.1", PATH=f"{VENV_BIN}:{driver_env().get('PATH', '')}")
    daemon = Daemon.start("Spark Connect server", command, log=directory / "server.log", env=env, cwd=directory)
    try:
        daemon.wait_for_port(port)
        yield ConnectServer(f"sc://127.0.0.1:{port}", events, directory, daemon)
    finally:
        daemon.stop()


def job_runs(events: list[dict[str, Any]], root: Path) -> dict[str, dict[str, Any]]:
    """The terminal event of each query's run by job name, the run's paths made relative to ``root`` and the
    run-specific values (ids, times, producer-side properties) left out."""
    runs = {}
    for evs in runs_by_id(events).values():
        name = evs[0]["job"]["name"]
        if not name.startswith(f"{CLIENT_APP}."):
            continue
        assert [e["eventType"] for e in evs] == ["START", "COMPLETE"], name
        terminal = json.loads(json.dumps(evs[-1]).replace(str(root), "<root>"))
        runs[name] = {
            "inputs": [(d["namespace"], d["name"], d["facets"].get("schema")) for d in terminal["inputs"]],
            "outputs": [
                (d["namespace"], d["name"], d["facets"].get("schema"), d["facets"].get("columnLineage"))
                for d in terminal["outputs"]
            ],
            "sql": terminal["job"]["facets"].get("sql"),
            "jobType": terminal["job"]["facets"].get("jobType"),
        }
    return runs


def test_a_connect_client_gets_the_lineage_of_a_classic_session(connect_server: ConnectServer, tmp_path: Path) -> None:
    connect_dir = connect_server.directory / "work"
    result = tmp_path / "connect.json"
    client = run_python(
        JOBS / "connect_queries.py", ["connect", connect_server.url, str(connect_dir), str(result)], cwd=tmp_path
    )
    assert client.returncode == 0, client.stderr[-3000:]
    report = json.loads(result.read_text())

    classic_dir = tmp_path / "classic"
    classic_events = tmp_path / "classic-events.jsonl"
    classic_result = tmp_path / "classic.json"
    classic = run_python(
        JOBS / "connect_queries.py",
        ["classic", str(classic_events), str(classic_dir), str(classic_result)],
        cwd=tmp_path,
    )
    assert classic.returncode == 0, classic.stderr[-3000:]
    assert report["rows"] == json.loads(classic_result.read_text())["rows"] == [
        ["American", 15], ["Delta", -2], ["United", 45],
    ]  # fmt: skip

    # The Python package says what it cannot do for a Connect client, and changes nothing.
    assert report["configure_returned_the_builder"] is True
    assert report["configure_changed_options"] is False
    assert len(report["configure_warnings"]) == 1
    assert "Spark Connect" in report["configure_warnings"][0]
    assert "--jars" in report["configure_warnings"][0]
    assert "has no Spark driver in this Python process (Spark Connect" in report["flush"]

    assert connect_server.daemon.stop() in (0, 143)  # the server's shutdown completes its application run
    server_events = read_jsonl(connect_server.events)  # validated against the OpenLineage schema
    connect = job_runs(server_events, connect_dir)
    expected = job_runs(read_jsonl(classic_events), classic_dir)
    writes = [
        f"{CLIENT_APP}.execute_create_data_source_table_as_select_command.default_airline_delays",
        f"{CLIENT_APP}.execute_insert_into_hadoop_fs_relation_command.etl_totals",
    ]
    # Reading the totals back: a classic session's read is named after its call site's action; a Connect server runs
    # the query with no call site, so its read is named after the executed plan's root (docs/supported-operations.md).
    assert sorted(expected) == [f"{CLIENT_APP}.collect.etl_totals", *writes]
    assert sorted(connect) == [f"{CLIENT_APP}.columnar_to_row.etl_totals", *writes]
    connect_read = connect.pop(f"{CLIENT_APP}.columnar_to_row.etl_totals")
    assert connect_read == expected.pop(f"{CLIENT_APP}.collect.etl_totals")
    assert connect == expected
    connect[f"{CLIENT_APP}.columnar_to_row.etl_totals"] = connect_read
    totals = connect[f"{CLIENT_APP}.execute_insert_into_hadoop_fs_relation_command.etl_totals"]
    assert sorted(name for _, name, _ in totals["inputs"]) == ["<root>/in/carriers.csv", "<root>/in/flights.csv"]
    assert totals["outputs"][0][3]["fields"]["total_delay"]["inputFields"][0]["field"] == "dep_delay"

    # Every client query ran in the server's application: its parent is the server's application run.
    app_runs = [
        evs for evs in runs_by_id(server_events).values() if evs[0]["job"]["name"] == "headwater_connect_server"
    ]
    assert len(app_runs) == 1
    # The server is stopped the way spark-daemon.sh stops it, with SIGTERM, while no query runs: the usual end of a
    # server, so its application run COMPLETEs (docs/configuration.md, "Terminated drivers").
    assert [e["eventType"] for e in app_runs[0]] == ["START", "COMPLETE"]
    assert "errorMessage" not in app_runs[0][-1]["run"]["facets"]
    app_run_id = app_runs[0][0]["run"]["runId"]
    client_events = [e for e in server_events if e["job"]["name"].startswith(f"{CLIENT_APP}.")]
    assert {e["run"]["facets"]["parent"]["run"]["runId"] for e in client_events} == {app_run_id}
