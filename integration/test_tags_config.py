"""Job and run tags, and job owners, from Spark configuration and the environment (a driver of its own)."""

from __future__ import annotations

from pathlib import Path

from integration.support import JOBS, agent_args, driver_env, spark_submit, write_flights_csv
from tests.support.events import read_jsonl, runs_by_id


def test_configuration_and_environment_tags_on_every_run(tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    events_file = tmp_path / "events.jsonl"
    finished = spark_submit(
        [
            *agent_args(
                events_file,
                "spark.openlineage.job.tags=team:platform;critical;pipeline:nightly:AIRFLOW",
                "spark.openlineage.run.tags=attempt:1",
                "spark.openlineage.job.owners.team=flights",
            ),
            str(JOBS / "etl_job.py"),
            str(source),
            str(tmp_path / "out"),
            str(tmp_path / "result.json"),
        ],
        cwd=tmp_path,
        env=driver_env(
            OPENLINEAGE__TAGS__JOB__TEAM="data",
            OPENLINEAGE__TAGS__RUN__SCHEDULE="daily",
            OPENLINEAGE_TAG__ENVIRONMENT="prod",
        ),
    )
    assert finished.returncode == 0, finished.stderr[-3000:]

    events = read_jsonl(events_file)  # validated against the spec
    runs = runs_by_id(events)
    assert len(runs) == 3  # the application, the write, the read-back
    expected_job_tags = [
        {"key": "environment", "value": "prod", "source": "USER"},
        {"key": "team", "value": "platform", "source": "CONFIG"},  # the configuration's replaces the environment's
        {"key": "critical", "value": "true", "source": "CONFIG"},
        {"key": "pipeline", "value": "nightly", "source": "AIRFLOW"},
    ]
    expected_run_tags = [
        {"key": "environment", "value": "prod", "source": "USER"},
        {"key": "schedule", "value": "daily", "source": "USER"},
        {"key": "attempt", "value": "1", "source": "CONFIG"},
    ]
    for event in events:
        assert event["job"]["facets"]["tags"]["tags"] == expected_job_tags, event["job"]["name"]
        assert event["run"]["facets"]["tags"]["tags"] == expected_run_tags, event["job"]["name"]
        assert event["job"]["facets"]["ownership"]["owners"] == [{"name": "flights", "type": "team"}]
        for dataset in event["inputs"] + event["outputs"]:
            assert "tags" not in dataset["facets"]  # user tags never apply to datasets
