"""The Python package's API and command line, without starting a new JVM."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pyspark.sql import SparkSession

import headwater
from headwater.cli import cli
from headwater.spark import connect as _connect
from headwater.summary import format_summary, read_events, summarize
from tests.support import spark_versions

RUNNING = "a SparkSession is already running in this process"


def test_configure_appends_to_existing_jars_and_listeners(spark_session: SparkSession) -> None:
    builder = SparkSession.builder.config("spark.jars", "/opt/jars/other.jar").config(
        "spark.extraListeners", "com.example.AuditListener"
    )

    with pytest.warns(headwater.HeadwaterWarning, match=RUNNING):  # the shared session runs: attach() is the call
        headwater.configure(
            builder,
            transport="http",
            url="http://lineage:5000",
            api_key="k",
            namespace="etl",
            options={"transport.compression": "gzip", "spark.app.name": "x"},
        )

    options = builder._options
    assert options["spark.jars"] == f"/opt/jars/other.jar,{headwater.jar_path()}"
    assert options["spark.extraListeners"] == f"com.example.AuditListener,{headwater.LISTENER_CLASS}"
    assert options["spark.openlineage.transport.type"] == "http"
    assert options["spark.openlineage.transport.url"] == "http://lineage:5000"
    assert options["spark.openlineage.transport.auth.type"] == "api_key"
    assert options["spark.openlineage.transport.auth.apiKey"] == "k"
    assert options["spark.openlineage.namespace"] == "etl"
    assert options["spark.openlineage.transport.compression"] == "gzip"
    assert options["spark.app.name"] == "x"


def test_configure_twice_does_not_duplicate(spark_session: SparkSession) -> None:
    with pytest.warns(headwater.HeadwaterWarning, match=RUNNING):
        twice = headwater.configure(headwater.configure(SparkSession.Builder()))
    assert twice._options["spark.jars"] == headwater.jar_path()
    assert twice._options["spark.extraListeners"] == headwater.LISTENER_CLASS


def test_configure_rejects_a_session() -> None:
    with pytest.raises(TypeError, match=re.escape("SparkSession.Builder")):
        headwater.configure("not a builder")  # type: ignore[arg-type]


def test_cli_jar_path() -> None:
    result = CliRunner().invoke(cli, ["jar-path"])
    assert result.exit_code == 0
    assert result.output.strip() == headwater.jar_path()


def test_cli_summary(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    run = "01a20000-0000-7000-8000-000000000001"

    def event(kind: str, **extra: object) -> str:
        body = {
            "eventType": kind,
            "run": {"runId": run, "facets": extra.pop("facets", {})},
            "job": {"namespace": "demo", "name": "app.write"},
            **extra,
        }
        return json.dumps(body)

    events.write_text(
        "\n".join(
            [
                event(
                    "START",
                    inputs=[{"namespace": "file", "name": "/in"}],
                    outputs=[{"namespace": "file", "name": "/out"}],
                ),
                event("FAIL", facets={"errorMessage": {"message": "disk full\nat ..."}}),
            ]
        )
        + "\n"
    )

    result = CliRunner().invoke(cli, ["summary", str(events)])

    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "FAIL      demo/app.write",
        "          file:/in",
        "            -> file:/out",
        "          error: disk full",
        "1 run, 0 JobEvents, 0 DatasetEvents",
    ]


def test_cli_summary_counts_static_events(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    job_event = {"job": {"namespace": "demo", "name": "report"}, "inputs": [{"namespace": "file", "name": "/in"}],
                 "outputs": [{"namespace": "file", "name": "/report"}], "eventTime": "2025-01-01T00:00:00Z"}  # fmt: skip
    dataset_event = {
        "dataset": {"namespace": "file", "name": "/report", "facets": {
            "lifecycleStateChange": {"lifecycleStateChange": "CREATE"},
            "schema": {"fields": [{"name": "a"}, {"name": "b"}]},
        }},
        "eventTime": "2025-01-01T00:00:01Z",
    }  # fmt: skip
    events.write_text(json.dumps(job_event) + "\n" + json.dumps(dataset_event) + "\n")

    result = CliRunner().invoke(cli, ["summary", str(events)])

    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "JOB       demo/report (declared)",
        "          file:/in",
        "            -> file:/report",
        "DATASET   file:/report (CREATE, 2 fields)",
        "0 runs, 1 JobEvent, 1 DatasetEvent",
    ]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    result = CliRunner().invoke(cli, ["summary", str(empty)])
    assert (result.exit_code, result.output) == (0, f"0 runs, 0 JobEvents, 0 DatasetEvents (no events in {empty})\n")


def test_summary_names_a_broken_line(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text('{"eventType": "START"}\nnot json\n')
    with pytest.raises(ValueError, match=r"events.jsonl:2: not a JSON event"):
        read_events(events)
    result = CliRunner().invoke(cli, ["summary", str(events)])
    assert result.exit_code == 1
    assert "events.jsonl:2" in result.output


def test_summary_of_nothing_is_empty() -> None:
    assert format_summary(summarize([])) == ""


def test_source_settings_of_a_script_in_a_git_checkout(tmp_path: Path) -> None:
    import subprocess

    from headwater._source import source_settings

    repo = tmp_path / "repo"
    (repo / "jobs").mkdir(parents=True)
    script = repo / "jobs" / "load.py"
    script.write_text("print('load')\n")

    def git(*args: str) -> str:
        command = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", *args]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()

    git("init", "-q", "-b", "main")
    git("remote", "add", "origin", "https://bot:s3cr3t@github.com/acme/pipelines.git")
    git("add", ".")
    git("commit", "-q", "-m", "first")
    commit = git("rev-parse", "HEAD")

    assert source_settings(script) == {
        "spark.openlineage.sourceCode.file": str(script.resolve()),
        "spark.openlineage.sourceCodeLocation.type": "git",
        "spark.openlineage.sourceCodeLocation.path": "jobs/load.py",
        "spark.openlineage.sourceCodeLocation.version": commit,
        "spark.openlineage.sourceCodeLocation.branch": "main",
        "spark.openlineage.sourceCodeLocation.repoUrl": "https://github.com/acme/pipelines.git",
        "spark.openlineage.sourceCodeLocation.url": f"https://github.com/acme/pipelines/blob/{commit}/jobs/load.py",
    }
    outside = tmp_path / "scratch.py"
    outside.write_text("x = 1\n")
    assert source_settings(outside) == {"spark.openlineage.sourceCode.file": str(outside.resolve())}
    assert source_settings(tmp_path / "missing.py") == {}


def test_jar_path_follows_the_installed_pyspark_and_names_others() -> None:
    ours = Path(headwater.jar_path())
    assert ours.name == f"headwater-spark_{spark_versions.SCALA}.jar"
    assert Path(headwater.jar_path(spark="3.5")).name == "headwater-spark_2.12.jar"
    assert Path(headwater.jar_path(spark="3.5.9")).name == "headwater-spark_2.12.jar"
    assert Path(headwater.jar_path(scala="2.12")).name == "headwater-spark_2.12.jar"
    for line in ("4.0", "4.1.4", "4.2", "4.3.0"):
        assert Path(headwater.jar_path(spark=line)).name == "headwater-spark_2.13.jar"
    assert Path(headwater.jar_path(spark="3.5")).parent == ours.parent


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"spark": "3.4.1"},
            r"Spark 3\.4\.1 is not supported by Headwater \(supported: Spark 3\.5 \(Scala 2\.12\) and "
            r"Spark 4\.0 to 4\.3 \(Scala 2\.13\)\)",
        ),
        ({"spark": "4.4"}, r"Spark 4\.4 is not supported"),
        ({"spark": "four"}, r"not a Spark version: 'four'"),
        ({"scala": "2.11"}, r"no agent jar for Scala '2\.11'"),
        ({"scala": "2.12", "spark": "3.5"}, r"not both"),
    ],
)
def test_jar_path_rejects_what_no_jar_serves(kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(headwater.UnsupportedSparkError, match=message):
        headwater.jar_path(**kwargs)


def test_cli_jar_path_for_another_spark() -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["jar-path", "--spark", "3.5"]).output.strip() == headwater.jar_path(scala="2.12")
    assert runner.invoke(cli, ["jar-path", "--scala", "2.13"]).output.strip() == headwater.jar_path(scala="2.13")
    unsupported = runner.invoke(cli, ["jar-path", "--spark", "3.3"])
    assert unsupported.exit_code == 1
    assert "Spark 3.3 is not supported by Headwater" in unsupported.output


def test_configure_leaves_a_spark_connect_builder_unchanged() -> None:
    builder = SparkSession.Builder().remote("sc://127.0.0.1:15002")
    before = dict(builder._options)

    with pytest.warns(headwater.HeadwaterWarning) as warned:
        assert headwater.configure(builder, transport="console") is builder

    assert builder._options == before
    (warning,) = warned
    assert str(warning.message) == _connect.CONNECT_CLIENT
    assert "Spark Connect client" in str(warning.message)
    assert "spark.extraListeners=io.headwater.spark.agent.OpenLineageSparkListener" in str(warning.message)
    assert "docs/spark-connect.md" in str(warning.message)
