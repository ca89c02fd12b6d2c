"""Job and run tags from SparkContext local properties and the ``headwater.tags`` context manager (shared session).

Configuration and environment tags need a driver of their own: integration/test_tags_config.py.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

import headwater
from headwater._tags import flatten_tags, format_tags
from tests.support.driver_log import capture
from tests.support.events import LineageLog, child_runs


def execution_runs(lineage: LineageLog, spark: SparkSession) -> list[list[dict[str, Any]]]:
    return list(child_runs(lineage.events(spark)).values())


def job_tags(event: dict[str, Any]) -> list[dict[str, str]] | None:
    facet = event["job"]["facets"].get("tags")
    return None if facet is None else facet["tags"]


def run_tags(event: dict[str, Any]) -> list[dict[str, str]] | None:
    facet = event["run"]["facets"].get("tags")
    return None if facet is None else facet["tags"]


def test_local_properties_tag_the_runs_of_their_thread(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sc = spark_session.sparkContext
    sc.setLocalProperty("spark.openlineage.job.tags", r"team:flights;critical;owner:ops:SERVICE;url:http\://x")
    sc.setLocalProperty("spark.openlineage.run.tags", "trigger:backfill;TEAM:x;team:y")
    try:
        spark_session.range(3).write.parquet(str(tmp_path / "tagged"))
    finally:
        sc.setLocalProperty("spark.openlineage.job.tags", None)
        sc.setLocalProperty("spark.openlineage.run.tags", None)
    spark_session.range(3).write.parquet(str(tmp_path / "untagged"))

    tagged, untagged = execution_runs(lineage, spark_session)
    for event in tagged:  # START and COMPLETE both carry the complete set
        assert job_tags(event) == [
            {"key": "team", "value": "flights", "source": "CONFIG"},
            {"key": "critical", "value": "true", "source": "CONFIG"},
            {"key": "owner", "value": "ops", "source": "SERVICE"},
            {"key": "url", "value": "http://x", "source": "CONFIG"},
        ]
        # one tag per key, case-insensitive: the later `team` replaces `TEAM`
        assert run_tags(event) == [
            {"key": "trigger", "value": "backfill", "source": "CONFIG"},
            {"key": "team", "value": "y", "source": "CONFIG"},
        ]
    assert [e["eventType"] for e in tagged] == ["START", "COMPLETE"]
    for event in untagged:
        assert job_tags(event) is None
        assert run_tags(event) is None


def test_tags_context_manager_nests_flattens_and_restores(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sc = spark_session.sparkContext
    with headwater.tags(
        spark_session, job={"team": "flights", "meta": {"nr_config": {"team": "X"}}}, run={"pii": True}
    ):
        with headwater.tags(spark_session, job={"team": "delays", "step": 2}):
            spark_session.range(2).write.parquet(str(tmp_path / "inner"))
        spark_session.range(2).write.parquet(str(tmp_path / "outer"))
    for prop in (
        "headwater.job.tags",
        "headwater.run.tags",
        "spark.openlineage.job.tags",
        "spark.openlineage.run.tags",
    ):
        assert sc.getLocalProperty(prop) is None
    spark_session.range(2).write.parquet(str(tmp_path / "after"))

    inner, outer, after = execution_runs(lineage, spark_session)
    assert job_tags(inner[0]) == [
        {"key": "meta_nr_config_team", "value": "X", "source": "CONFIG"},
        {"key": "team", "value": "delays", "source": "CONFIG"},
        {"key": "step", "value": "2", "source": "CONFIG"},
    ]
    assert run_tags(inner[-1]) == [{"key": "pii", "value": "true", "source": "CONFIG"}]
    assert job_tags(outer[-1]) == [
        {"key": "team", "value": "flights", "source": "CONFIG"},
        {"key": "meta_nr_config_team", "value": "X", "source": "CONFIG"},
    ]
    assert job_tags(after[0]) is None


def test_tags_of_a_block_add_to_configured_tags(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    """Tags configured for the session (here at run time: Spark sets every spark.* entry of the session's configuration
    as a local property while a SQL execution runs, which hid a block's tags of the same key), a thread's own local
    property, and a ``headwater.tags`` block: each adds its tags, a later one replacing a tag of the same key."""
    sc = spark_session.sparkContext
    spark_session.conf.set("spark.openlineage.job.tags", "team:flights;tier:silver")
    spark_session.conf.set("spark.openlineage.run.tags", "trigger:schedule")
    try:
        with headwater.tags(spark_session, job={"owner": "ann", "tier": "gold"}, run={"attempt": 2}):
            spark_session.range(2).write.parquet(str(tmp_path / "tagged"))
    finally:
        spark_session.conf.unset("spark.openlineage.job.tags")
        spark_session.conf.unset("spark.openlineage.run.tags")
    assert sc.getLocalProperty("headwater.job.tags") is None

    (tagged,) = execution_runs(lineage, spark_session)
    for event in tagged:
        assert job_tags(event) == [
            {"key": "team", "value": "flights", "source": "CONFIG"},
            {"key": "owner", "value": "ann", "source": "CONFIG"},
            {"key": "tier", "value": "gold", "source": "CONFIG"},
        ]
        assert run_tags(event) == [
            {"key": "trigger", "value": "schedule", "source": "CONFIG"},
            {"key": "attempt", "value": "2", "source": "CONFIG"},
        ]


def test_tags_apply_only_to_the_thread_that_set_them(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    def other_thread() -> None:
        spark_session.range(1).write.parquet(str(tmp_path / "other"))

    with headwater.tags(spark_session, job={"who": "main"}):
        worker = threading.Thread(target=other_thread)
        spark_session.range(1).write.parquet(str(tmp_path / "main"))
    worker.start()  # started after the block: its thread never had the tags
    worker.join()

    main, other = execution_runs(lineage, spark_session)
    assert job_tags(main[-1]) == [{"key": "who", "value": "main", "source": "CONFIG"}]
    assert job_tags(other[-1]) is None


def test_tag_values_with_separators_round_trip() -> None:
    assert format_tags({"url": "http://h:1/a;b", "flag": False}) == r"url:http\://h\:1/a\;b;flag:false"
    assert flatten_tags({"a": {"b": {"c": 1}}, "label": None}) == {"a_b_c": "1", "label": "true"}


def test_bad_tags_raise_before_anything_is_set(spark_session: SparkSession) -> None:
    sc = spark_session.sparkContext
    with pytest.raises(ValueError, match="tag key '' is empty"), headwater.tags(spark_session, job={"ok": 1, "": "x"}):
        pass
    with (
        pytest.raises(TypeError, match=r"tag 'when': value .* is a list"),
        headwater.tags(spark_session, run={"when": [1]}),
    ):
        pass
    with pytest.raises(TypeError, match="tag keys must be strings"), headwater.tags(spark_session, job={1: "x"}):
        pass
    assert sc.getLocalProperty("spark.openlineage.job.tags") is None
    assert sc.getLocalProperty("spark.openlineage.run.tags") is None


def test_malformed_local_property_is_logged_and_ignored(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sc = spark_session.sparkContext
    with capture(spark_session, "io.headwater.spark.agent.runs.LocalPropertyTags", "WARN") as log:
        sc.setLocalProperty("spark.openlineage.job.tags", "fine:1;a:b:c:d")
        sc.setLocalProperty("spark.openlineage.run.tags", "ok:yes")
        try:
            spark_session.range(1).write.parquet(str(tmp_path / "bad"))
        finally:
            sc.setLocalProperty("spark.openlineage.job.tags", None)
            sc.setLocalProperty("spark.openlineage.run.tags", None)
        (run,) = execution_runs(lineage, spark_session)
    assert job_tags(run[-1]) is None  # nothing of the malformed value is used
    assert run_tags(run[-1]) == [{"key": "ok", "value": "yes", "source": "CONFIG"}]
    assert log.lines() == [
        "WARN io.headwater.spark.agent.runs.LocalPropertyTags - Headwater: local property spark.openlineage.job.tags ignored: tag 'a:b:c:d' has 4 ':'-separated parts; "
        "write key, key:value or key:value:SOURCE (escape a literal ':' as \\:)"
    ]


def test_tags_context_manager_tags_rdd_job_runs(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "lines.txt"
    source.write_text("a\nb\n", encoding="utf-8")
    lineage.mark(spark_session)
    with headwater.tags(spark_session, job={"team": "rdd"}, run={"attempt": 2}):
        spark_session.sparkContext.textFile(str(source)).map(str.upper).saveAsTextFile(str(tmp_path / "upper"))

    (run,) = execution_runs(lineage, spark_session)
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    assert run[0]["job"]["facets"]["jobType"]["jobType"] == "RDD_JOB"
    for event in run:
        assert job_tags(event) == [{"key": "team", "value": "rdd", "source": "CONFIG"}]
        assert run_tags(event) == [{"key": "attempt", "value": "2", "source": "CONFIG"}]
