"""End-to-end: RDD jobs (Spark jobs outside SQL executions) on the shared session give RDD_JOB runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, only_run

NAMESPACE = "headwater-tests"
RDD_JOB_TYPE = {"jobType": "RDD_JOB", "processingType": "BATCH", "integration": "SPARK"}
# PySpark's textFile -> map -> saveAsTextFile computes MapPartitionsRDD <- MapPartitionsRDD <- PythonRDD <-
# MapPartitionsRDD (named after the path) <- HadoopRDD; named by class as the OpenLineage integration names it.
TEXT_FILE_MAP_SAVE = f"{APP_JOB}.map_partitions_python_map_partitions_hadoop"


def write_lines(path: Path, lines: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


def assert_rdd_dataset(dataset: dict[str, Any]) -> None:
    """RDD datasets have no schema (an RDD has none) and the file namespace's dataSource facet."""
    assert dataset["facets"]["dataSource"] == {
        **dataset["facets"]["dataSource"],
        "name": "file",
        "uri": "file:///",
    }
    assert "schema" not in dataset["facets"]


def test_text_file_map_save_as_text_file(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    source = tmp_path / "words"
    write_lines(source / "part-1.txt", ["alpha", "beta"])
    write_lines(source / "part-2.txt", ["gamma"])
    out = tmp_path / "upper"

    spark_session.sparkContext.textFile(str(source)).map(str.upper).saveAsTextFile(str(out))

    events = lineage.events(spark_session)
    run = only_run(events)
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    start, complete = run
    assert start["run"]["runId"] == complete["run"]["runId"]
    app_start = next(e for e in lineage.all_events() if e["job"]["name"] == APP_JOB and e["eventType"] == "START")
    for event in run:
        assert event["job"]["name"] == TEXT_FILE_MAP_SAVE
        assert event["job"]["namespace"] == NAMESPACE
        assert event["job"]["facets"]["jobType"] == {**event["job"]["facets"]["jobType"], **RDD_JOB_TYPE}
        assert datasets(event, "inputs") == [("file", str(source))]
        assert datasets(event, "outputs") == [("file", str(out))]
        assert_rdd_dataset(event["inputs"][0])
        assert_rdd_dataset(event["outputs"][0])
        parent = event["run"]["facets"]["parent"]
        assert parent["run"]["runId"] == app_start["run"]["runId"]
        assert parent["job"] == {"namespace": NAMESPACE, "name": APP_JOB}
        assert event["run"]["facets"]["spark_properties"]["properties"]["spark.app.name"] == "headwater-tests"
        assert "sql" not in event["job"]["facets"]
    assert sorted((out).glob("part-*")) != []  # the write really happened
    # statistics from the tasks' metrics, on the terminal event only: 3 lines read from the 17 bytes of the source
    # files (Hadoop reads a little past a split's end to finish its last line, so the bytes read can be more), 3 lines
    # written
    assert "inputStatistics" not in (start["inputs"][0].get("inputFacets") or {})
    read = complete["inputs"][0]["inputFacets"]["inputStatistics"]
    assert read["rowCount"] == 3
    assert read["size"] >= 17
    assert "fileCount" not in read
    written = complete["outputs"][0]["outputFacets"]["outputStatistics"]
    assert written["rowCount"] == 3
    assert written["size"] >= sum(part.stat().st_size for part in out.glob("part-*")) > 0


def test_hadoop_file_writes_old_and_new_api(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    sc = spark_session.sparkContext
    first = write_lines(tmp_path / "in" / "a" / "data.txt", ["x", "y"])  # a file: its directory is the dataset
    second = write_lines(tmp_path / "in" / "b" / "data.txt", ["z"])
    pairs = sc.textFile(str(first)).union(sc.textFile(str(second))).map(lambda line: (line, 1))
    old_api = tmp_path / "out_old"
    new_api = tmp_path / "out_new"

    pairs.saveAsHadoopFile(str(old_api), "org.apache.hadoop.mapred.TextOutputFormat")
    lineage_old = lineage.events(spark_session)
    lineage.mark(spark_session)
    pairs.saveAsNewAPIHadoopFile(
        str(new_api),
        "org.apache.hadoop.mapreduce.lib.output.TextOutputFormat",
        keyClass="org.apache.hadoop.io.Text",
        valueClass="org.apache.hadoop.io.IntWritable",
    )
    lineage_new = lineage.events(spark_session)

    for events, out in ((lineage_old, old_api), (lineage_new, new_api)):
        run = only_run(events)
        assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
        for event in run:
            assert datasets(event, "inputs") == [("file", str(first.parent)), ("file", str(second.parent))]
            assert datasets(event, "outputs") == [("file", str(out))]
            assert event["job"]["facets"]["jobType"] == {**event["job"]["facets"]["jobType"], **RDD_JOB_TYPE}
        complete = run[-1]
        # two inputs: the tasks' read figures cannot be split between them, so neither gets any
        assert [i.get("inputFacets", {}).get("inputStatistics") for i in complete["inputs"]] == [None, None]
        assert complete["outputs"][0]["outputFacets"]["outputStatistics"]["rowCount"] == 3
    assert only_run(lineage_old)[0]["job"]["name"] == (
        f"{APP_JOB}.map_partitions_python_union_map_partitions_hadoop_map_partitions_hadoop"
    )
    assert only_run(lineage_new)[0]["job"]["name"] == (
        f"{APP_JOB}.map_partitions_python_union_map_partitions_hadoop_map_partitions_hadoop"
    )


def test_new_api_hadoop_file_input_and_glob(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    sc = spark_session.sparkContext
    logs = tmp_path / "logs"
    write_lines(logs / "2024-01.log", ["a"])
    write_lines(logs / "2024-02.log", ["b"])
    write_lines(tmp_path / "extra" / "e.txt", ["c"])
    records = sc.newAPIHadoopFile(
        str(logs),
        "org.apache.hadoop.mapreduce.lib.input.TextInputFormat",
        "org.apache.hadoop.io.LongWritable",
        "org.apache.hadoop.io.Text",
    ).map(lambda kv: kv[1])
    globbed = sc.textFile(str(tmp_path / "extra" / "*.txt"))
    out = tmp_path / "merged"

    records.union(globbed).saveAsTextFile(str(out))

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    for event in run:
        # the glob's dataset is the directory above its first wildcard
        assert datasets(event, "inputs") == [("file", str(logs)), ("file", str(tmp_path / "extra"))]
        assert datasets(event, "outputs") == [("file", str(out))]


def test_dataframe_rdd_saved_as_text_reads_the_files(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    table = tmp_path / "events"
    spark_session.createDataFrame([(1, "a"), (2, "b")], "id INT, day STRING").write.partitionBy("day").parquet(
        str(table)
    )
    df = spark_session.read.parquet(str(table))
    out = tmp_path / "events_text"
    lineage.mark(spark_session)

    df.rdd.map(lambda row: f"{row.id},{row.day}").saveAsTextFile(str(out))

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    for event in run:
        assert event["job"]["facets"]["jobType"] == {**event["job"]["facets"]["jobType"], **RDD_JOB_TYPE}
        # FileScanRDD's files, partition directories trimmed: the table directory
        assert datasets(event, "inputs") == [("file", str(table))]
        assert datasets(event, "outputs") == [("file", str(out))]


def test_parallelized_collection_saved_has_an_output_only(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    out = tmp_path / "numbers"

    spark_session.sparkContext.parallelize([1, 2, 3], 2).saveAsPickleFile(str(out))

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    for event in run:
        # a local collection is no dataset; saveAsPickleFile writes a sequence file through saveAsHadoopFile
        assert datasets(event, "inputs") == []
        assert datasets(event, "outputs") == [("file", str(out))]
        assert event["job"]["facets"]["jobType"] == {**event["job"]["facets"]["jobType"], **RDD_JOB_TYPE}


def test_rdd_jobs_that_write_nothing_emit_nothing(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    sc = spark_session.sparkContext
    source = write_lines(tmp_path / "nums" / "n.txt", ["1", "2", "3"])

    assert sc.parallelize(range(10), 2).map(lambda x: x * 2).count() == 10
    assert sc.textFile(str(source)).map(int).sum() == 6
    assert sc.textFile(str(source)).take(1) == ["1"]

    assert child_runs(lineage.events(spark_session)) == {}


def test_failing_rdd_job_gives_fail_with_error_message(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    source = write_lines(tmp_path / "bad" / "rows.txt", ["1", "2", "boom"])
    out = tmp_path / "never"

    def parse(line: str) -> str:
        if line == "boom":
            raise ValueError("unparseable row boom")
        return line

    with pytest.raises(Exception, match="unparseable row boom"):
        spark_session.sparkContext.textFile(str(source)).map(parse).saveAsTextFile(str(out))

    run = only_run(lineage.events(spark_session))
    assert [e["eventType"] for e in run] == ["START", "FAIL"]
    fail = run[1]
    assert fail["job"]["name"] == TEXT_FILE_MAP_SAVE
    assert fail["job"]["facets"]["jobType"] == {**fail["job"]["facets"]["jobType"], **RDD_JOB_TYPE}
    error = fail["run"]["facets"]["errorMessage"]
    assert "unparseable row boom" in error["message"]
    assert error["programmingLanguage"] == "JAVA"
    assert datasets(fail, "inputs") == [("file", str(source.parent))]
    assert datasets(fail, "outputs") == [("file", str(out))]


def test_jobs_of_sql_executions_are_not_rdd_runs(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    out = tmp_path / "ids"

    spark_session.range(100).repartition(3).write.parquet(str(out))

    runs = child_runs(lineage.events(spark_session))
    assert len(runs) == 1
    (run,) = runs.values()
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    for event in run:
        assert event["job"]["facets"]["jobType"]["jobType"] == "SQL_JOB"
        assert event["job"]["facets"]["jobType"]["processingType"] == "BATCH"


def test_dataframe_built_from_rdds_lists_the_files_they_read(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    a, b, c = tmp_path / "rdd_a", tmp_path / "rdd_b", tmp_path / "rdd_c"
    df = spark_session.createDataFrame([("x", "z"), ("y", "z")], "a STRING, b STRING")
    df.write.parquet(str(a))
    df.write.parquet(str(b))
    lineage.mark(spark_session)

    rows = spark_session.read.parquet(str(a)).rdd.union(spark_session.read.parquet(str(b)).rdd)
    rows.map(lambda row: (row["a"] + row["b"],)).toDF().write.mode("overwrite").parquet(str(c / "20251030"))

    runs = [evs for evs in child_runs(lineage.events(spark_session)).values() if evs[-1]["outputs"]]
    assert len(runs) == 1, [evs[0]["job"]["name"] for evs in runs]
    complete = runs[0][-1]
    # the LogicalRDD's dependencies down to the two parquet scans; the dated directory trimmed from the output
    assert sorted(datasets(complete, "inputs")) == [("file", str(a)), ("file", str(b))]
    assert datasets(complete, "outputs") == [("file", str(c))]
    assert complete["job"]["name"] == f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_rdd_c"
    assert sorted(p.name for p in (c / "20251030").glob("part-*"))  # written where asked


@pytest.mark.parametrize("dated", ["20251030", "2025-10-30", "2025/10/30", "202510", "day=2025-10-30"])
def test_rdd_write_to_a_dated_directory_names_the_dataset_above_it(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path, dated: str
) -> None:
    source = write_lines(tmp_path / "in" / "lines.txt", ["alpha", "beta", "gamma", "delta"])
    out = tmp_path / "rdd_output"
    lineage.mark(spark_session)

    spark_session.sparkContext.textFile(str(source.parent), 2).map(str.upper).saveAsTextFile(str(out / dated))

    complete = only_run(lineage.events(spark_session))[-1]
    assert datasets(complete, "outputs") == [("file", str(out))]
    written = complete["outputs"][0]["outputFacets"]["outputStatistics"]
    assert written["rowCount"] == 4
    # one file per write task that wrote bytes, as openlineage-spark counts them
    assert written["fileCount"] == len([p for p in (out / dated).glob("part-*") if p.stat().st_size > 0]) >= 1
