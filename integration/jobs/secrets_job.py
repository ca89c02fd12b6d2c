"""Plants a secret everywhere an event or a Headwater log line could carry one (integration/test_redaction.py).

Usage: secrets_job.py EVENTS_FILE FAILING_URL WORK_DIR
The agent writes to EVENTS_FILE and to FAILING_URL (an endpoint answering 500 with a secret in its body) at once; a
second SparkContext is configured with a transport URL carrying a password.
"""

import sys
import uuid
from datetime import datetime, timezone

from openlineage.client.event_v2 import InputDataset, Job, Run, RunEvent, RunState
from pyspark.sql import SparkSession

import headwater


def file_and_failing_http(events: str, failing_url: str, work: str) -> dict[str, str]:
    """Agent options: a composite transport writing EVENTS and posting to FAILING_URL, its spool under WORK."""
    return {
        "transport.type": "composite",
        "transport.transports.local.type": "file",
        "transport.transports.local.location": events,
        "transport.transports.remote.type": "http",
        "transport.transports.remote.url": failing_url,
        "spool.dir": f"{work}/spool",
    }


def planted(events: str, failing_url: str, work: str) -> None:
    builder = (
        SparkSession.builder.appName("secrets")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.myapp.connection", "jdbc:postgresql://db/shop?user=u&password=S1hunter")
        .config("spark.myapp.secret.key", "S2value")
        .config("spark.myapp.endpoint", "https://api.example.com/v1?key=S10key&region=eu")
        .config("spark.sql.redaction.string.regex", "ghp_[A-Za-z0-9]+")
    )
    options = {
        **file_and_failing_http(events, failing_url, work),
        "capturedProperties": "spark.master,spark.myapp.connection,spark.myapp.secret.key,spark.myapp.endpoint",
        "redaction.regex": "S5[a-z]+",
        "emit.retry.maxAttempts": "2",
        "emit.retry.initialBackoffMillis": "10",
    }
    spark = headwater.configure(builder, options=options, source_code=False).getOrCreate()
    spark.range(3).createOrReplaceTempView("nums")
    spark.sql(
        f"CREATE TABLE secrets_out USING parquet LOCATION '{work}/secrets_out' AS "
        "SELECT id, 'ghp_S3abcdef' AS gh, 'S5secret' AS mine FROM nums WHERE 'x' <> 'api_token=S4tok'"
    )
    try:
        spark.sql("SELECT raise_error('cannot connect to jdbc:postgresql://bob:S6pw@db/shop') AS x").write.parquet(
            f"{work}/never"
        )
    except Exception as e:  # noqa: BLE001 - the failure is the point
        print(f"failed as planned: {type(e).__name__}", file=sys.stderr)
    headwater.emit(
        spark,
        RunEvent(
            eventType=RunState.COMPLETE,
            eventTime=datetime.now(timezone.utc).isoformat(),
            run=Run(runId=str(uuid.uuid4())),
            job=Job(namespace="secrets", name="hand_made"),
            producer="https://example/secrets_job",
            inputs=[InputDataset(namespace="postgres://bob:S7pw@db:5432", name="shop.public.orders")],
        ),
    )
    headwater.flush(spark, timeout=60)
    spark.stop()


def bad_url(work: str) -> None:
    builder = SparkSession.builder.appName("secrets url").master("local[1]").config("spark.ui.enabled", "false")
    options = {"transport.type": "http", "transport.url": "http://bob:S9pw@127.0.0.1:9", "spool.dir": f"{work}/spool"}
    spark = headwater.configure(builder, options=options, source_code=False).getOrCreate()
    spark.range(3).write.parquet(f"{work}/plain")
    spark.stop()


if __name__ == "__main__":
    planted(*sys.argv[1:4])
    bad_url(sys.argv[3])
