"""A PySpark job that attaches the agent with headwater.configure() (which records this script as the job's code),
writes a file, declares a job with headwater.emit_job_event, and sends an openlineage-python RunEvent with
headwater.emit (its job tag `Team` is overridden by the configured `team` tag).

Usage: configured_job.py EVENTS_JSONL WORK_DIR
"""

import sys
import uuid

from openlineage.client import event_v2
from openlineage.client.facet_v2 import tags_job
from pyspark.sql import SparkSession

import headwater


def main(events: str, work: str) -> None:
    builder = SparkSession.builder.appName("configured job").master("local[1]").config("spark.ui.enabled", "false")
    spark = headwater.configure(
        builder, transport="file", location=events, namespace="configured", options={"job.tags": "team:platform"}
    ).getOrCreate()
    spark.range(3).write.parquet(f"{work}/numbers")
    headwater.emit_job_event(spark, spark.read.parquet(f"{work}/numbers"), job_name="declared", output=f"{work}/copy")
    external = event_v2.RunEvent(
        eventType=event_v2.RunState.COMPLETE,
        eventTime="2026-01-02T03:04:05.000Z",
        run=event_v2.Run(runId=str(uuid.uuid4())),
        job=event_v2.Job(
            namespace="scheduler",
            name="load",
            facets={
                "tags": tags_job.TagsJobFacet(
                    tags=[
                        tags_job.TagsJobFacetFields("Team", "scheduler-team", "SCHEDULER"),
                        tags_job.TagsJobFacetFields("queue", "fast", "SCHEDULER"),
                    ]
                )
            },
        ),
        producer="https://example.com/scheduler",
    )
    headwater.emit(spark, external)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:3])
