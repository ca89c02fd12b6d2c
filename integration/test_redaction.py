"""Secrets planted everywhere an event or a log line could carry one never leave the driver: not in any event (the
file transport's output and the spool of a failing HTTP endpoint), not in any Headwater log line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from integration.lineage_server import Answer, LineageServer
from integration.support import JOBS, run_python
from tests.support.events import runs_by_id
from tests.support.openlineage_schema import validate_event

SECRETS = ["S1hunter", "S2value", "ghp_S3abcdef", "S4tok", "S5secret", "S6pw", "S7pw", "S8tok", "S9pw", "S10key"]
REDACTED = "*********(redacted)"
RECORD = re.compile(r"^\d\d/\d\d/\d\d \d\d:\d\d:\d\d [A-Z]+ ")


def headwater_log_records(stderr: str) -> list[str]:
    """The driver log's records (a timestamped line and the lines under it, e.g. a stack trace) of Headwater."""
    records: list[list[str]] = []
    for line in stderr.splitlines():
        if RECORD.match(line) or not records:
            records.append([line])
        else:
            records[-1].append(line)
    return ["\n".join(r) for r in records if "Headwater" in r[0]]


def delivered(events_file: Path, spool: Path) -> tuple[list[dict], list[dict]]:
    """The events the file transport wrote and those the failing HTTP destination spooled: the same number."""
    events = [json.loads(line) for line in events_file.read_text().splitlines()]
    spooled = [
        json.loads(line)
        for segment in sorted(spool.glob("http-*/*.jsonl"))
        for line in segment.read_text().splitlines()
    ]
    assert len(spooled) == len(events)
    return events, spooled


def test_no_planted_secret_leaves_the_process(tmp_path: Path) -> None:
    events_file = tmp_path / "events.jsonl"
    failing = [Answer(500, body=b"invalid api_token=S8tok for this tenant")] * 1000
    with LineageServer(answers=failing) as server:
        finished = run_python(JOBS / "secrets_job.py", [str(events_file), server.url, str(tmp_path)], cwd=tmp_path)
        assert finished.returncode == 0, finished.stderr[-5000:]
        assert len(server.requests) >= 1  # the failing endpoint really answered, with its secret

    events, spooled = delivered(events_file, tmp_path / "spool")
    records = headwater_log_records(finished.stderr)
    assert any("500" in r for r in records), "the failing endpoint was logged"
    assert any("must not carry credentials" in r for r in records), "the bad URL was refused"
    for secret in SECRETS:
        for event in events + spooled:
            assert secret not in json.dumps(event), (secret, event["job"]["name"])
        for record in records:
            assert secret not in record, (secret, record)

    # Redacted, not removed: each event still says what happened.
    for event in events:
        validate_event(event)
    runs = runs_by_id(events)
    properties = next(iter(runs.values()))[0]["run"]["facets"]["spark_properties"]["properties"]
    assert properties["spark.myapp.connection"] == REDACTED
    assert properties["spark.myapp.secret.key"] == REDACTED
    assert properties["spark.master"] == "local[1]"
    assert properties["spark.myapp.endpoint"] == f"https://api.example.com/v1?key={REDACTED}&region=eu"
    ctas = next(run for run in runs.values() if "sql" in run[-1]["job"]["facets"])
    query = ctas[-1]["job"]["facets"]["sql"]["query"]
    assert query.startswith("CREATE TABLE secrets_out USING parquet LOCATION ? AS")
    assert query.endswith("SELECT id, ? AS gh, ? AS mine FROM nums WHERE ? <> ?")  # SQL literals are masked
    failed = next(run for run in runs.values() if run[-1]["eventType"] == "FAIL")
    error = failed[-1]["run"]["facets"]["errorMessage"]
    assert f"jdbc:postgresql://bob:{REDACTED}@db/shop" in error["message"]
    assert f"jdbc:postgresql://bob:{REDACTED}@db/shop" in error["stackTrace"]
    hand_made = next(e for e in events if e["job"]["name"] == "hand_made")
    assert hand_made["inputs"][0]["namespace"] == "postgres://db:5432"
    assert hand_made["inputs"][0]["name"] == "shop.public.orders"


SQL_SECRETS = ["S11dir", "S12ctas", "S13view", "S14cmp", "S15write", "S16comment", "S17error", "S18emit"]


def sql_literals_run(tmp_path: Path, literals: str) -> tuple[list[dict], list[dict], str]:
    """The events (file, spool) and driver log of integration/jobs/sql_literals_job.py with ``facets.sql.literals``."""
    events_file = tmp_path / "events.jsonl"
    with LineageServer(answers=[Answer(500)] * 1000) as server:
        finished = run_python(
            JOBS / "sql_literals_job.py", [str(events_file), server.url, str(tmp_path), literals], cwd=tmp_path
        )
        assert finished.returncode == 0, finished.stderr[-5000:]
    events, spooled = delivered(events_file, tmp_path / "spool")
    return events, spooled, finished.stderr


def sql_queries(events: list[dict]) -> list[str]:
    return [e["job"]["facets"]["sql"]["query"] for e in events if "sql" in e["job"].get("facets", {})]


def test_sql_literals_never_leave_the_process(tmp_path: Path) -> None:
    events, spooled, stderr = sql_literals_run(tmp_path, "mask")

    console = [line for line in stderr.splitlines() if "ConsoleTransport" in line]
    assert len(console) >= len(events), "the console transport logged every event"
    agent_lines = console + headwater_log_records(stderr)
    for secret in SQL_SECRETS:
        for event in events + spooled:
            assert secret not in json.dumps(event), (secret, event["job"]["name"])
        assert not any(secret in line for line in agent_lines), secret
        if not secret.startswith("S17"):  # Spark itself logs the failed task's error, which quotes the statement
            assert secret not in stderr, secret  # not in any line of the driver log
    failed = [e for e in events if e.get("eventType") == "FAIL"]
    assert len(failed) == 1
    error = failed[0]["run"]["facets"]["errorMessage"]
    assert "== SQL (line 2, position 3) ==\n  id / ? AS r, ? AS k FROM nums" in error["message"]
    assert "== SQL (line 2, position 3) ==\n  id / ? AS r, ? AS k FROM nums" in error["stackTrace"]
    for event in events:
        validate_event(event)
    queries = set(sql_queries(events))
    work = str(tmp_path)
    assert "INSERT OVERWRITE DIRECTORY ? USING parquet SELECT id, ? AS password FROM nums" in queries
    assert "CREATE TABLE ctas_out USING parquet AS SELECT id, ? AS token FROM nums" in queries
    assert "SELECT id FROM ctas_out WHERE token <> ?" in queries  # the view's JobEvent: its definition
    assert "INSERT OVERWRITE DIRECTORY ? USING parquet\nSELECT id FROM nums WHERE ? <> ? AND id < ? -- ?\n" in queries
    assert "SELECT ?" in queries  # an event sent with headwater.emit
    # spark.sql(...).write: the write's plan carries no SQL text, so the facet has the nearest query's (as
    # openlineage-spark gives it), masked like any other; the failed one's too
    assert "SELECT id,\n  id / ? AS r, ? AS k FROM nums" in queries
    assert [q for q in queries if q.startswith("SELECT id, ? AS b, ? AS k FROM nums")], queries
    assert len(queries) == 7
    assert not any(work in query for query in queries)


def test_sql_literals_can_be_kept(tmp_path: Path) -> None:
    events, spooled, _ = sql_literals_run(tmp_path, "keep")

    queries = " ".join(sql_queries(events))
    in_sql_text = [s for s in SQL_SECRETS if s[:3] not in ("S15", "S17")]  # a DataFrame write has no SQL text
    for planted in in_sql_text:
        assert planted in queries, planted
    assert sql_queries(spooled) == sql_queries(events)
    (failed,) = [e for e in events if e.get("eventType") == "FAIL"]
    assert "'S17error' AS k" in failed["run"]["facets"]["errorMessage"]["message"]
