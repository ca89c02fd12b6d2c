"""A setting that cannot be used disables the agent with one clear log line and leaves the job's result unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from chispa import assert_df_equality
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

from integration.support import JOBS, driver_env, lines_by_case, run_python, write_flights_csv

DISABLED = "Headwater lineage agent disabled: "


def case_logs(stderr: str) -> dict[str, list[str]]:
    """The Headwater log lines of each case, keyed by case name."""
    return {name: [line for line in lines if "Headwater" in line] for name, lines in lines_by_case(stderr).items()}


def expected_result(spark: SparkSession, source: Path):
    flights = spark.read.csv(str(source), header=True, schema="carrier STRING, origin STRING, dep_delay INT")
    return flights.groupBy("carrier").agg(F.sum("dep_delay").alias("total_delay"))


def test_bad_spark_settings_disable_the_agent(spark_session: SparkSession, tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    not_a_dir = tmp_path / "plain-file"
    not_a_dir.write_text("I am a file, not a directory\n")
    cases = {
        "unknown_type": (
            {"transport.type": "carrier-pigeon"},
            "spark.openlineage.transport.type: unknown transport type 'carrier-pigeon'",
        ),
        "malformed_url": (
            {"transport.type": "http", "transport.url": "http://lineage host:5000"},
            "spark.openlineage.transport.url: 'http://lineage host:5000' is not a valid URL",
        ),
        "url_without_host": (
            {"transport.type": "http", "transport.url": "localhost:5000"},
            "spark.openlineage.transport.url: 'localhost:5000' is not an absolute http:// or https:// URL",
        ),
        "unwritable_location": (
            {"transport.type": "file", "transport.location": str(not_a_dir / "events.jsonl")},
            f"spark.openlineage.transport.location: directory '{not_a_dir}' does not exist and cannot be created",
        ),
        "malformed_tag": (
            {"transport.type": "console", "job.tags": "team:flights;a:b:c:d"},
            "spark.openlineage.job.tags: tag 'a:b:c:d' has 4 ':'-separated parts",
        ),
        "bad_number": (
            {"transport.type": "console", "emit.queueCapacity": "lots"},
            "spark.openlineage.emit.queueCapacity: 'lots' is not a whole number",
        ),
        "negative_timeout": (
            {"transport.type": "http", "transport.url": "http://127.0.0.1:9", "transport.timeoutInMillis": "-5"},
            "spark.openlineage.transport.timeoutInMillis: must be a whole number of milliseconds, at least 1, not '-5'",
        ),
        "word_timeout": (
            {"transport.type": "http", "transport.url": "http://127.0.0.1:9", "transport.timeoutInMillis": "soon"},
            "spark.openlineage.transport.timeoutInMillis: "
            "must be a whole number of milliseconds, at least 1, not 'soon'",
        ),
        "url_with_credentials": (
            {"transport.type": "http", "transport.url": "http://bob:hunter2@127.0.0.1:9"},
            "spark.openlineage.transport.url: 'http://127.0.0.1:9' must not carry credentials (user:password@); set"
            " them with spark.openlineage.transport.auth.type=api_key",
        ),
        "bad_compression": (
            {"transport.type": "http", "transport.url": "http://127.0.0.1:9", "transport.compression": "zip"},
            "spark.openlineage.transport.compression: 'zip' is not one of gzip",
        ),
    }
    settings = {name: options for name, (options, _) in cases.items()}

    finished = run_python(
        JOBS / "bad_config_job.py", [json.dumps(settings), str(source), str(tmp_path / "out")], cwd=tmp_path
    )

    assert finished.returncode == 0, finished.stderr[-3000:]
    logs = case_logs(finished.stderr)
    assert sorted(logs) == sorted(cases)
    for name, (_, message) in cases.items():
        assert len(logs[name]) == 1, f"{name}: expected one Headwater log line, got {logs[name]}"
        assert "hunter2" not in finished.stderr
        assert DISABLED + message in logs[name][0], logs[name][0]
        assert " ERROR " in logs[name][0]
        result = spark_session.read.parquet(str(tmp_path / "out" / name))
        assert_df_equality(result, expected_result(spark_session, source), ignore_row_order=True)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("transport: [unclosed\n", "openlineage.yml cannot be parsed"),
        ("transport:\n  type: http\n  url: not a url\n", "transport.url (in {yml}): 'not a url' is not a valid URL"),
    ],
)
def test_bad_openlineage_yml_disables_the_agent(
    spark_session: SparkSession, tmp_path: Path, content: str, message: str
) -> None:
    source = write_flights_csv(tmp_path / "in")
    yml = tmp_path / "conf" / "openlineage.yml"
    yml.parent.mkdir()
    yml.write_text(content)

    finished = run_python(
        JOBS / "bad_config_job.py",
        [json.dumps({"yml": {}}), str(source), str(tmp_path / "out")],
        cwd=tmp_path,
        env=driver_env(OPENLINEAGE_CONFIG=str(yml)),
    )

    assert finished.returncode == 0, finished.stderr[-3000:]
    lines = case_logs(finished.stderr)["yml"]
    assert len(lines) == 1, lines
    assert DISABLED in lines[0]
    assert str(yml) in lines[0]
    assert message.format(yml=yml) in lines[0]
    result = spark_session.read.parquet(str(tmp_path / "out" / "yml"))
    assert_df_equality(result, expected_result(spark_session, source), ignore_row_order=True)


def test_an_unknown_key_is_named_once_with_the_closest_known_key(spark_session: SparkSession, tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    events = tmp_path / "events.jsonl"
    settings = {
        "typo": {
            "transport.type": "file",
            "transport.location": str(events),
            "emit.closeTimeoutMilis": "5000",
            "transport.locaton": "/elsewhere",
        }
    }

    finished = run_python(
        JOBS / "bad_config_job.py", [json.dumps(settings), str(source), str(tmp_path / "out")], cwd=tmp_path
    )

    assert finished.returncode == 0, finished.stderr[-3000:]
    lines = case_logs(finished.stderr)["typo"]
    assert len(lines) == 2, lines
    assert " WARN " in lines[0]
    assert (
        "spark.openlineage.emit.closeTimeoutMilis is not a setting Headwater knows and is ignored; the closest known"
        " key is spark.openlineage.emit.closeTimeoutMillis"
    ) in "\n".join(lines)
    assert "the closest known key is spark.openlineage.transport.location" in "\n".join(lines)
    assert events.read_text().count("\n") >= 4  # the agent runs, with the keys it knows
    result = spark_session.read.parquet(str(tmp_path / "out" / "typo"))
    assert_df_equality(result, expected_result(spark_session, source), ignore_row_order=True)
