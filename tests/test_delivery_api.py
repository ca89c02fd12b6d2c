"""headwater.status on the shared session, and `headwater replay` against a real loopback server."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from pyspark.sql import SparkSession

import headwater
from headwater._spool import Spool, find_spools
from headwater.cli import cli
from integration.lineage_server import Answer, HeadwaterServe, LineageServer
from tests.support.daemons import free_port
from tests.support.lineage_events import column_lineage, dataset, new_run_id, run_event
from tests.support.openlineage_schema import validate_event


def test_status_counts_what_the_session_emitted(spark_session: SparkSession, tmp_path: Path) -> None:
    headwater.flush(spark_session)
    before = headwater.status(spark_session)

    spark_session.range(5).write.parquet(str(tmp_path / "nums"))
    headwater.flush(spark_session)
    after = headwater.status(spark_session)

    assert after.emitted - before.emitted == 2  # the write's START and COMPLETE
    assert after.delivered - before.delivered == 2
    assert (after.spooled, after.dropped, after.replayed) == (before.spooled, before.dropped, before.replayed)
    assert after.endpoint_down is False
    assert after.spool_directory is not None
    assert after.spool_directory.endswith("build/pytest/spool")


def write_spool(root: Path, url: str, events: list[dict[str, object]], *, torn: bool = False) -> Path:
    """A spool directory as the agent writes it: destination.json and one segment."""
    directory = root / "http-0000000000000000"
    directory.mkdir(parents=True)
    (directory / "destination.json").write_text(json.dumps({"type": "http", "url": url, "endpoint": "/api/v1/lineage"}))
    text = "".join(json.dumps(e) + "\n" for e in events) + ('{"eventTime": "torn' if torn else "")
    (directory / "00000000000000000001.jsonl").write_text(text)
    return directory


def event(n: int) -> dict[str, object]:
    return {"eventTime": f"2024-05-01T12:00:0{n}Z", "eventType": "START", "run": {"runId": f"r{n}"},
            "job": {"namespace": "ns", "name": f"job{n}"}, "producer": "p", "schemaURL": "s"}  # fmt: skip


def test_replay_sends_in_order_once_and_keeps_a_torn_line_out(tmp_path: Path) -> None:
    with LineageServer() as server:
        directory = write_spool(tmp_path / "spool", server.url, [event(1), event(2), event(3)], torn=True)

        first = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool")])
        second = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool")])

        assert first.exit_code == 0, first.output
        assert "3 sent, 0 dropped, 0 left" in first.output
        assert "0 sent, 0 dropped, 0 left" in second.output
        assert [e["job"]["name"] for e in server.events()] == ["job1", "job2", "job3"]
    assert Spool(directory).pending() == 0


def test_replay_stops_at_a_transient_failure_and_drops_a_rejected_event(tmp_path: Path) -> None:
    with LineageServer(answers=[Answer(400), Answer(200), Answer(503)] + [Answer(503)] * 10) as server:
        write_spool(tmp_path / "spool", server.url, [event(1), event(2), event(3)])

        result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool")])

        assert result.exit_code == 1
        assert "1 sent, 1 dropped, 1 left" in result.output
        assert (
            "Error: 1 event(s) are still in the spool; the endpoint answered HTTP 503; run `headwater replay` again "
            "once it takes events"
        ) in result.output
        assert [e["job"]["name"] for e in server.events()] == ["job2"]
    (spool,) = find_spools(tmp_path / "spool")
    assert spool.pending() == 1
    head = spool.head()
    assert head is not None
    assert json.loads(head.text)["job"]["name"] == "job3"


@pytest.mark.parametrize("status", [401, 403])
def test_replay_refused_for_its_key_says_to_pass_one(tmp_path: Path, status: int) -> None:
    with LineageServer(answers=[Answer(status)] * 5) as server:
        write_spool(tmp_path / "spool", server.url, [event(1), event(2)])

        result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool")])

    assert result.exit_code == 1
    assert "0 sent, 0 dropped, 2 left" in result.output
    assert result.output.endswith(
        f"Error: 2 event(s) are still in the spool; the endpoint refused the request (HTTP {status}: its API key is "
        "missing or wrong): pass it with --api-key or OPENLINEAGE_API_KEY, then run `headwater replay` again\n"
    )


def test_replay_to_an_endpoint_that_does_not_answer(tmp_path: Path) -> None:
    write_spool(tmp_path / "spool", f"http://127.0.0.1:{free_port()}", [event(1)])

    result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool"), "--timeout", "1"])

    assert result.exit_code == 1
    assert result.output.endswith(
        "Error: 1 event(s) are still in the spool; the endpoint did not answer; run `headwater replay` again once it "
        "does\n"
    )


def test_replay_to_another_url_with_an_api_key(tmp_path: Path) -> None:
    with LineageServer() as server:
        write_spool(tmp_path / "spool", "http://127.0.0.1:9", [event(1)])

        result = CliRunner().invoke(
            cli, ["replay", "--spool", str(tmp_path / "spool"), "--url", server.url], env={"OPENLINEAGE_API_KEY": "k1"}
        )

        assert result.exit_code == 0, result.output
        assert server.accepted[0].headers["authorization"] == "Bearer k1"
        assert server.accepted[0].path == "/api/v1/lineage"


def test_replay_refuses_a_url_with_credentials(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path), "--url", "http://bob:pw@lineage:5000"])

    assert result.exit_code == 1
    assert "must not carry credentials" in result.output
    assert "pw@" not in result.output


def test_replay_of_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "none")])

    assert result.exit_code == 0
    assert "nothing to replay" in result.output
    assert not (tmp_path / "none").exists()


def test_an_event_replayed_twice_is_stored_once_by_headwater_serve(tmp_path: Path) -> None:
    # A replay killed after a delivery, before its cursor moved, sends that record again: the same bytes (same runId,
    # eventType, eventTime). The lineage store behind `headwater serve` keeps one copy (docs/configuration.md).
    run_id = new_run_id()
    out = dataset("/data/dedup_out")
    events = [
        run_event("START", "dedup_job", run_id, 0, outputs=[out]),
        run_event("COMPLETE", "dedup_job", run_id, 5, outputs=[out]),
    ]
    store = tmp_path / "served.db"
    with HeadwaterServe(f"sqlite:///{store}", cwd=tmp_path) as server:
        for root in ("first", "again"):
            write_spool(tmp_path / root, server.url, events)
            result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / root)])
            assert result.exit_code == 0, result.output
            assert "2 sent, 0 dropped, 0 left" in result.output

    with sqlite3.connect(store) as db:
        stored = db.execute("SELECT event_type FROM events ORDER BY event_time").fetchall()
    assert stored == [("START",), ("COMPLETE",)]


MIB = 1024 * 1024


def wide_run() -> list[dict[str, object]]:
    """The START and COMPLETE of a write of 990 columns, each from 12 of 120 input columns: about 2 MiB each."""
    mapping = {
        f"output_column_{out:03d}": [
            ("file", "/data/wide_in", f"input_column_{(out * 7 + k * 10) % 120:03d}", "TRANSFORMATION")
            for k in range(12)
        ]
        for out in range(990)
    }
    inputs = [dataset("/data/wide_in")]
    outputs = [dataset("/data/wide_out", columnLineage=column_lineage(mapping))]
    run_id = new_run_id()
    return [
        run_event(kind, "wide_write", run_id, n, inputs=inputs, outputs=outputs)
        for n, kind in enumerate(["START", "COMPLETE"])
    ]


@pytest.mark.parametrize("budget", [None, MIB - 4096])
def test_replay_cuts_an_event_to_the_budget_or_below_a_413(tmp_path: Path, budget: int | None) -> None:
    small = run_event("START", "small_write", new_run_id(), 3, outputs=[dataset("/data/small_out")])
    spooled = [*wide_run(), small]
    assert all(len(json.dumps(e)) > 1.5 * MIB for e in spooled[:2])
    with LineageServer(max_body=MIB) as server:
        write_spool(tmp_path / "spool", server.url, spooled)
        option = [] if budget is None else ["--max-event-bytes", str(budget)]

        result = CliRunner().invoke(cli, ["replay", "--spool", str(tmp_path / "spool"), *option])

        assert result.exit_code == 0, result.output
        assert "3 sent (2 reduced to fit), 0 dropped, 0 left" in result.output
        refused = [r for r in server.requests if len(r.body) > MIB]
        assert len(refused) == (1 if budget is None else 0)  # the first refusal is learned for the rest
        accepted = server.events()
    for sent in accepted:
        validate_event(sent)
    start, complete, small_sent = accepted
    assert [e["eventType"] for e in accepted] == ["START", "COMPLETE", "START"]
    for sent in (start, complete):
        facet = sent["run"]["facets"]["headwater_eventReduced"]
        assert facet["cuts"] == ["columnLineageFields"]
        assert facet["originalSizeBytes"] > 1.5 * MIB
        # the budget given, or 90% of the refused size
        assert facet["budgetBytes"] == (budget or len(refused[0].body) - len(refused[0].body) // 10)
        assert [d["name"] for d in sent["inputs"]] == ["/data/wide_in"]
        [output] = sent["outputs"]
        assert output["name"] == "/data/wide_out"
        lineage = output["facets"]["columnLineage"]
        assert lineage["fields"] == {}
        assert {f["field"] for f in lineage["dataset"]} == {f"input_column_{i:03d}" for i in range(120)}
    assert small_sent == small
