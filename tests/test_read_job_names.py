"""Job names of read-only actions in Headwater's default style: ``<app>.<action>.<first input>`` (shared session).

The action is the method the user's code called, as Spark's call site names it; the suffix is the first input's short
name (a catalog table's ``<db>_<table>``, a path's last two segments). See docs/supported-operations.md, "Job names".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets

ACTIONS: dict[str, tuple[str, Callable[[DataFrame], Any]]] = {
    # name in the job: the action, normalised (PySpark's show calls the JVM's showString)
    "collect": ("collect", lambda df: df.collect()),
    "show": ("show", lambda df: df.show()),
    "count": ("count", lambda df: df.count()),
    "take": ("take", lambda df: df.take(1)),
    "to_pandas": ("to_pandas", lambda df: df.toPandas()),
    "sorted_limit": ("collect", lambda df: df.orderBy("id").limit(2).collect()),
}


@pytest.fixture(scope="module")
def sources(spark_session: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A session-catalog table and a parquet directory, each with three rows."""
    root = tmp_path_factory.mktemp("read_names")
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_read_names")
    spark_session.range(3).write.mode("overwrite").saveAsTable("hw_read_names.flights")
    files = root / "landing" / "carriers"
    spark_session.range(3).write.mode("overwrite").parquet(str(files))
    yield {
        "table": (lambda: spark_session.table("hw_read_names.flights"), "hw_read_names_flights"),
        "file": (lambda: spark_session.read.parquet(str(files)), "landing_carriers"),
    }
    spark_session.sql("DROP DATABASE IF EXISTS hw_read_names CASCADE")


@pytest.mark.parametrize("source", ["table", "file"])
@pytest.mark.parametrize("action", list(ACTIONS))
def test_a_read_only_action_is_named_after_the_action_and_its_input(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, Any], source: str, action: str
) -> None:
    frame, suffix = sources[source]
    part, run = ACTIONS[action]
    df = frame()
    lineage.mark(spark_session)
    run(df)
    runs = list(child_runs(lineage.events(spark_session)).values())

    assert len(runs) == 1  # the action is one run, reading its source
    [events] = runs
    assert [e["eventType"] for e in events] == ["START", "COMPLETE"]
    assert {e["job"]["name"] for e in events} == {f"{APP_JOB}.{part}.{suffix}"}
    assert len(datasets(events[-1], "inputs")) == 1
    assert datasets(events[-1], "outputs") == []


def test_a_job_description_falls_back_to_the_plan_root(
    spark_session: SparkSession, lineage: LineageLog, sources: dict[str, Any]
) -> None:
    """With a job description set, Spark has no call site for the execution: the planned root names it (no
    adaptive wrapper)."""
    frame, suffix = sources["file"]
    df = frame()
    sc = spark_session.sparkContext
    lineage.mark(spark_session)
    sc.setJobDescription("nightly check")
    try:
        df.orderBy("id").limit(2).collect()
    finally:
        sc.setJobDescription(None)  # type: ignore[arg-type]
    [events] = list(child_runs(lineage.events(spark_session)).values())

    assert {e["job"]["name"] for e in events} == {f"{APP_JOB}.take_ordered_and_project.{suffix}"}


def test_a_write_keeps_its_command_name(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    """Only read-only runs are named after their action: a write is still named after its command and output."""
    lineage.mark(spark_session)
    spark_session.range(2).write.parquet(str(tmp_path / "out"))
    [events] = list(child_runs(lineage.events(spark_session)).values())

    assert events[0]["job"]["name"] == (f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out")
