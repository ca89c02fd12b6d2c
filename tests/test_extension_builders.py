"""End-to-end: dataset and facet builders of an extension see the scheduler objects of a SQL run.

The test catalog's jar registers a test extension, ``io.headwater.spark.testing.SchedulerProbeFactory``, like any
extension jar on ``spark.jars``; it acts only while ``spark.headwater.test.schedulerProbe`` is ``true``. It turns the
``FileScanRDD`` it finds among a stage's unwrapped RDDs into an input, reports the classes of the ``ActiveJob``'s final
stage and of the completed ``Stage`` and the job's result as run facets, and puts a facet on every dataset at the
SQL execution's end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

from headwater.spark.agent import java_context, wait_for_listener_bus
from tests.support.events import APP_JOB, LineageLog, child_runs, datasets

PROBE = "spark.headwater.test.schedulerProbe"
PROBE_PRODUCER = "https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test"
RUN_FACET = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet"
DATASET_FACET = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetFacet"
# How long either side of the handshake in _held_until_the_listener_saw_the_job waits for the other, in seconds: a
# bound for a hung run, never a delay (each side goes on as soon as the other has acted).
HANDSHAKE_SECONDS = 60


@contextmanager
def _probing(spark: SparkSession) -> Iterator[None]:
    """The test extension acts inside the block only (the session's ``spark.headwater.test.schedulerProbe``)."""
    spark.conf.set(PROBE, "true")
    try:
        yield
    finally:
        spark.conf.unset(PROBE)


def _await_file(*paths: Path) -> None:
    """Returns once one of ``paths`` exists, at the latest after ``HANDSHAKE_SECONDS``."""
    deadline = time.monotonic() + HANDSHAKE_SECONDS
    while not any(path.exists() for path in paths) and time.monotonic() < deadline:
        time.sleep(0.01)


@contextmanager
def _held_until_the_listener_saw_the_job(spark: SparkSession, folder: Path) -> Iterator[Callable[[int], int]]:
    """A function for a UDF that holds its task until every listener has been handed the job's start.

    A builder sees the ``ActiveJob`` only while the job runs, so the job must outlast the listener bus's delivery of
    its start. A file handshake in ``folder`` (the Python worker and the driver share the file system in local mode):
    the task's first call creates ``running`` and waits for ``release``; a driver thread waits for ``running`` (a task
    runs, so the DAG scheduler has posted the job's start), waits until the listener bus is empty (the listener was
    handed the start), then creates ``release``.
    """
    running, release = folder / "running", folder / "release"

    def hold(value: int) -> int:
        running.touch()
        _await_file(release)
        return value

    def release_after_the_start() -> None:
        _await_file(running, release)
        wait_for_listener_bus(java_context(spark), HANDSHAKE_SECONDS * 1000)
        release.touch()

    releaser = threading.Thread(target=release_after_the_start, daemon=True)
    releaser.start()
    try:
        yield hold
    finally:
        release.touch()  # never leave a task waiting, whatever happened
        releaser.join(HANDSHAKE_SECONDS)


def test_builders_see_the_job_its_stages_and_the_unwrapped_rdds(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    path = tmp_path / "numbers"
    spark_session.range(3).coalesce(1).write.parquet(str(path))
    lineage.mark(spark_session)
    handshake = tmp_path / "handshake"
    handshake.mkdir()
    with _probing(spark_session), _held_until_the_listener_saw_the_job(spark_session, handshake) as hold:
        held = F.udf(lambda v: hold(v), "long")  # noqa: PLW0108 - a lambda: no type hints for pyspark to infer from
        rows = spark_session.read.parquet(str(path)).select(held("id").alias("id")).collect()
        events = lineage.events(spark_session)

    assert sorted(r.id for r in rows) == [0, 1, 2]
    runs = list(child_runs(events).values())
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
    assert facets["probe_activeJob"] == {
        "_producer": PROBE_PRODUCER,
        "_schemaURL": RUN_FACET,
        "finalStage": "ResultStage",
    }
    assert facets["probe_stage"] == {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, "stage": "ResultStage"}
    assert facets["probe_jobEnd"] == {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, "result": "JobSucceeded"}
    for dataset in complete["inputs"]:
        assert dataset["facets"]["probe_executionEnd"] == {
            "_producer": PROBE_PRODUCER,
            "_schemaURL": DATASET_FACET,
            "seen": True,
        }


def test_an_inactive_extension_adds_nothing(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    path = tmp_path / "numbers"
    spark_session.range(2).coalesce(1).write.parquet(str(path))
    lineage.mark(spark_session)
    spark_session.read.parquet(str(path)).collect()
    runs = list(child_runs(lineage.events(spark_session)).values())

    assert len(runs) == 1
    for event in runs[0]:
        assert datasets(event, "inputs") == [("file", str(path))]
        assert "probe_" not in str(event)


def _probe_facet(**values: object) -> dict[str, object]:
    return {"_producer": PROBE_PRODUCER, "_schemaURL": RUN_FACET, **values}


def _probe_facets(event: dict[str, Any]) -> dict[str, Any]:
    return {name: facet for name, facet in event["run"]["facets"].items() if name.startswith("probe_")}


def test_rdd_job_runs_get_the_builders_datasets_and_facets(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "words"
    source.mkdir()
    (source / "part-1.txt").write_text("alpha\nbeta\n")
    (source / "part-2.txt").write_text("gamma\n")
    out = tmp_path / "upper"
    lineage.mark(spark_session)
    with _probing(spark_session):
        spark_session.sparkContext.textFile(str(source)).map(str.upper).saveAsTextFile(str(out))
        events = lineage.events(spark_session)

    runs = list(child_runs(events).values())
    assert len(runs) == 1
    start, complete = runs[0]
    assert [start["eventType"], complete["eventType"]] == ["START", "COMPLETE"]
    for event in (start, complete):
        assert event["job"]["name"] == f"{APP_JOB}.map_partitions_python_map_partitions_hadoop"
        assert datasets(event, "outputs") == [("file", str(out))]  # the built-in output builder
    # START comes at the job's start: the built-in input builder over the ActiveJob, the probe's job facet.
    assert datasets(start, "inputs") == [("file", str(source))]
    assert _probe_facets(start) == {"probe_activeJob": _probe_facet(finalStage="ResultStage")}
    # The completed stage's unwrapped RDDs reach the HadoopRDD under the Python and mapping wrappers.
    assert datasets(complete, "inputs") == [("file", str(source)), ("probe", "HadoopRDD/3")]
    assert _probe_facets(complete) == {
        "probe_activeJob": _probe_facet(finalStage="ResultStage"),
        "probe_stage": _probe_facet(stage="ResultStage"),
        "probe_jobEnd": _probe_facet(result="JobSucceeded"),
    }
    for dataset in complete["inputs"] + complete["outputs"]:
        assert "probe_executionEnd" not in dataset["facets"]  # no SQL execution: no execution end


def test_an_extension_output_makes_an_rdd_job_that_writes_nothing_a_run(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sc = spark_session.sparkContext
    (tmp_path / "without").mkdir()
    (tmp_path / "with").mkdir()
    lineage.mark(spark_session)
    # held: the scheduler still has the job when the listener sees it start (else no RDD job gets a run)
    with _held_until_the_listener_saw_the_job(spark_session, tmp_path / "without") as hold:
        assert sc.parallelize([0, 1, 2, 3], 2).setName("probe_numbers").map(hold).collect() == [0, 1, 2, 3]
    assert child_runs(lineage.events(spark_session)) == {}  # the same job without the extension: nothing

    lineage.mark(spark_session)
    with _probing(spark_session), _held_until_the_listener_saw_the_job(spark_session, tmp_path / "with") as hold:
        assert sc.parallelize([0, 1, 2, 3], 2).setName("probe_numbers").map(hold).collect() == [0, 1, 2, 3]
        events = lineage.events(spark_session)

    runs = list(child_runs(events).values())
    assert len(runs) == 1
    start, complete = runs[0]
    assert [start["eventType"], complete["eventType"]] == ["START", "COMPLETE"]
    for event in (start, complete):
        assert event["job"]["name"] == f"{APP_JOB}.python_probe_numbers"
        assert event["job"]["facets"]["jobType"]["jobType"] == "RDD_JOB"
        assert datasets(event, "inputs") == []
        assert datasets(event, "outputs") == [("probe", "probe_numbers/2")]
    # The output came with the completed stage: START then, carrying the job's start time.
    assert _probe_facets(start) == {
        "probe_activeJob": _probe_facet(finalStage="ResultStage"),
        "probe_stage": _probe_facet(stage="ResultStage"),
    }
    assert start["eventTime"] <= complete["eventTime"]
    assert _probe_facets(complete) == {**_probe_facets(start), "probe_jobEnd": _probe_facet(result="JobSucceeded")}


def _write_json_rows(directory: Path, name: str, rows: list[tuple[int, str]]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    staging = directory.parent / f".{name}.tmp"
    staging.write_text("".join(f'{{"id": {i}, "city": "{c}"}}\n' for i, c in rows))
    staging.rename(directory / name)  # appear atomically, as a file source expects


def test_streaming_micro_batches_go_through_the_builders(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = tmp_path / "arrivals"
    _write_json_rows(source, "a.json", [(1, "Oslo"), (2, "Lima")])
    _write_json_rows(source, "b.json", [(3, "Pune")])
    out = tmp_path / "out"
    lineage.mark(spark_session)
    with _probing(spark_session):  # the query's session is a clone taken at start: set before
        query = (
            spark_session.readStream.schema("id INT, city STRING")
            .option("maxFilesPerTrigger", 1)
            .json(str(source))
            .writeStream.format("parquet")
            .option("checkpointLocation", str(tmp_path / "checkpoint"))
            .trigger(availableNow=True)
            .start(str(out))
        )
        query.awaitTermination()
        events = lineage.events(spark_session)

    runs = list(child_runs(events).values())
    assert len(runs) == 1
    run = runs[0]
    assert [e["eventType"] for e in run] == ["START", "RUNNING", "RUNNING", "COMPLETE"]
    start, *ends = run
    # The first micro-batch's execution start: the context holds the micro-batch's IncrementalExecution.
    assert datasets(start, "inputs") == [("file", str(source))]
    assert _probe_facets(start) == {"probe_executionStart": _probe_facet(queryExecution="IncrementalExecution")}
    for event in ends:
        assert datasets(event, "inputs") == [("file", str(source)), ("probe", "FileScanRDD/1")]
        assert datasets(event, "outputs") == [("file", str(out))]
        assert _probe_facets(event) == {
            "probe_executionStart": _probe_facet(queryExecution="IncrementalExecution"),
            "probe_activeJob": _probe_facet(finalStage="ResultStage"),
            "probe_stage": _probe_facet(stage="ResultStage"),
            "probe_jobEnd": _probe_facet(result="JobSucceeded"),
        }
        # every micro-batch's execution end
        for dataset in event["inputs"] + event["outputs"]:
            assert dataset["facets"]["probe_executionEnd"] == {
                "_producer": PROBE_PRODUCER,
                "_schemaURL": DATASET_FACET,
                "seen": True,
            }
