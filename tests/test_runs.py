"""headwater.recent_runs(spark): the runs the session's agent ended lately, as plain Python objects and as a table."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

import headwater
from tests.support.events import APP_JOB, LineageLog, child_runs

WRITE = f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command"


def new_runs(spark: SparkSession, since: int) -> headwater.LineageRuns:
    return headwater.recent_runs(spark, after=since)


def last_sequence(spark: SparkSession) -> int:
    runs = headwater.recent_runs(spark)
    return runs[-1].sequence if runs else 0


def test_recent_runs_as_python_objects(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    spark_session.range(0, 40, 1, 2).write.parquet(str(tmp_path / "numbers"))
    since = last_sequence(spark_session)
    before = datetime.now(timezone.utc)

    numbers = spark_session.read.parquet(str(tmp_path / "numbers"))
    numbers.groupBy((F.col("id") % 4).alias("k")).count().write.parquet(str(tmp_path / "counts"))

    (run,) = new_runs(spark_session, since)
    complete = list(child_runs(lineage.events(spark_session)).values())[-1][-1]  # the numbers' write came first
    assert run.run_id == complete["run"]["runId"]
    assert (run.state, run.job_namespace, run.job_name) == (
        "COMPLETE",
        "headwater-tests",
        f"{WRITE}.{tmp_path.name}_counts",
    )
    assert run.inputs == (headwater.Dataset("file", str(tmp_path / "numbers")),)
    assert run.outputs == (headwater.Dataset("file", str(tmp_path / "counts"), row_count=4),)
    assert run.error is None
    assert (
        before.replace(microsecond=0) <= run.started.replace(microsecond=0) <= run.ended <= datetime.now(timezone.utc)
    )
    # compared as times: the event's text gives as many fraction digits as the time needs (".57Z" for 570 ms)
    assert run.ended == datetime.fromisoformat(complete["eventTime"])
    assert run.line() == (
        f"COMPLETE {WRITE}.{tmp_path.name}_counts: file:{tmp_path / 'numbers'} -> file:{tmp_path / 'counts'} (4 rows)"
    )


def test_a_failed_run_carries_its_error(spark_session: SparkSession, tmp_path: Path) -> None:
    since = last_sequence(spark_session)
    failing = F.raise_error(F.lit("no delays today"))

    with pytest.raises(Exception, match="no delays today"):
        spark_session.range(3).select(failing.alias("v")).write.parquet(str(tmp_path / "never"))

    (run,) = new_runs(spark_session, since)
    assert run.state == "FAIL"
    assert run.error is not None
    assert "no delays today" in run.error
    assert run.outputs[0].row_count is None  # the failed tasks' metrics are lost: no count, not 0
    assert run.line() == (f"FAIL {WRITE}.{tmp_path.name}_never: (no inputs) -> file:{tmp_path / 'never'} - {run.error}")


def test_recent_runs_as_a_pandas_table(spark_session: SparkSession, tmp_path: Path) -> None:
    since = last_sequence(spark_session)
    spark_session.range(5).write.parquet(str(tmp_path / "a"))
    spark_session.range(6).write.parquet(str(tmp_path / "b"))

    table = new_runs(spark_session, since).to_pandas()

    assert list(table.columns) == [
        "run_id", "state", "job_namespace", "job_name", "started", "ended", "inputs", "outputs", "error", "sequence",
    ]  # fmt: skip
    assert table[["state", "outputs"]].to_dict("records") == [
        {"state": "COMPLETE", "outputs": [f"file:{tmp_path / 'a'}"]},
        {"state": "COMPLETE", "outputs": [f"file:{tmp_path / 'b'}"]},
    ]
    assert list(table["sequence"]) == [since + 1, since + 2]
