"""End-to-end: dataset and facet builders of an extension see the scheduler objects of a SQL run.

The test catalog's jar registers a test extension, ``io.headwater.spark.testing.SchedulerProbeFactory``, like any
extension jar on ``spark.jars``; it acts only while ``spark.headwater.test.schedulerProbe`` is ``true``. It turns the
``FileScanRDD`` it finds among a stage's unwrapped RDDs into an input, reports the classes of the ``ActiveJob``'s final
stage and of the completed ``Stage`` and the job's result as run facets, and puts a facet on every dataset at the
SQL execution's end.
"""

from __future__ import annotations

import time
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

from tests.support.events import LineageLog, datasets, runs_by_id

APP_JOB = "headwater_tests"
PROBE = "spark.headwater.test.schedulerProbe"
PROBE_PRODUCER = "https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test"
RUN_FACET = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet"
DATASET_FACET = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetFacet"


def _slowly(value: int) -> int:
    time.sleep(0.3)  # keeps the job running while the listener bus delivers its start
    return value


def test_builders_see_the_job_its_stages_and_the_unwrapped_rdds(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    path = tmp_path / "numbers"
    spark_session.range(3).coalesce(1).write.parquet(str(path))
    lineage.mark(spark_session)
    spark_session.conf.set(PROBE, "true")
    try:
        slow = F.udf(lambda v: _slowly(v), "long")  # a lambda: no type hints for pyspark to infer from
        rows = spark_session.read.parquet(str(path)).select(slow("id").alias("id")).collect()
        events = lineage.events(spark_session)
    finally:
        spark_session.conf.unset(PROBE)

    assert sorted(r.id for r in rows) == [0, 1, 2]
    runs = [evs for evs in runs_by_id(events).values() if evs[0]["job"]["name"] != APP_JOB]
    assert len(runs) == 1
    start, complete = runs[0]
    assert [start["eventType"], complete["eventType"]] == ["START", "COMPLETE"]

    # START is emitted when the SQL execution starts: no Spark job has run yet.
    assert datasets(start, "inputs") == [("file", str(path))]
    assert [name for name in start["run"]["facets"] if name.startswith("probe_")] == ["probe_executionStart"]
    for event in (start, complete):
        assert event["run"]["facets"]["probe_executionStart"] == {
            "_producer": PROBE_PRODUCER,
            "_schemaURL": RUN_FACET,
            "queryExecution": "QueryExecution",
        }
    assert "probe_executionEnd" not in start["inputs"][0]["facets"]

    # The stage computes wrappers around the FileScanRDD: the builder found it unwrapped.
    assert datasets(complete, "inputs") == [("file", str(path)), ("probe", "FileScanRDD/1")]
    facets = complete["run"]["facets"]
    assert facets["probe_activeJob"] == {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, "finalStage": "ResultStage"}
    assert facets["probe_stage"] == {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, "stage": "ResultStage"}
    assert facets["probe_jobEnd"] == {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, "result": "JobSucceeded"}
    for dataset in complete["inputs"]:
        assert dataset["facets"]["probe_executionEnd"] == {"_producer": PROBE_PRODUCER, "_schemaURL": DATASET_FACET, "seen": True}


def test_an_inactive_extension_adds_nothing(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    path = tmp_path / "numbers"
    spark_session.range(2).coalesce(1).write.parquet(str(path))
    lineage.mark(spark_session)
    spark_session.read.parquet(str(path)).collect()
    runs = [evs for evs in runs_by_id(lineage.events(spark_session)).values() if evs[0]["job"]["name"] != APP_JOB]

    assert len(runs) == 1
    for event in runs[0]:
        assert datasets(event, "inputs") == [("file", str(path))]
        assert "probe_" not in str(event)
