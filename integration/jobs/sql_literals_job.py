"""Plants secrets as SQL literals and comments in every kind of statement whose text an event carries
(integration/test_redaction.py).

Usage: sql_literals_job.py EVENTS_FILE FAILING_URL WORK_DIR mask|keep
The agent writes each event to EVENTS_FILE, to FAILING_URL (an endpoint answering 500: the events go to the spool under
WORK_DIR) and to the console transport (the driver log, at INFO), with spark.openlineage.facets.sql.literals as given.
"""

import contextlib
import sys
import uuid
from datetime import datetime, timezone
from pathlib import Path

from openlineage.client.event_v2 import Job, Run, RunEvent, RunState
from openlineage.client.facet_v2 import sql_job
from pyspark.sql import SparkSession
from secrets_job import file_and_failing_http  # this folder is the script's: on sys.path

import headwater

# Spark's own logging at WARN, the console transport's lines (INFO) shown
LOG4J2 = """rootLogger.level = warn
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex
logger.transport.name = io.openlineage.client.transports.ConsoleTransport
logger.transport.level = info
"""


def main(events: str, failing_url: str, work: str, literals: str) -> None:
    log4j2 = Path(work) / "log4j2.properties"
    log4j2.write_text(LOG4J2)
    builder = (
        SparkSession.builder.appName("sql literals")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.warehouse.dir", f"{work}/warehouse")
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j2}")
    )
    options = {
        **file_and_failing_http(events, failing_url, work),
        "transport.transports.log.type": "console",
        "emit.retry.maxAttempts": "1",
        "facets.sql.literals": literals,
    }
    spark = headwater.configure(builder, options=options, source_code=False).getOrCreate()
    spark.range(3).createOrReplaceTempView("nums")
    spark.sql(f"INSERT OVERWRITE DIRECTORY '{work}/dir_out' USING parquet SELECT id, 'S11dir' AS password FROM nums")
    spark.sql("CREATE TABLE ctas_out USING parquet AS SELECT id, 'S12ctas' AS token FROM nums")
    spark.sql("CREATE VIEW secret_view AS SELECT id FROM ctas_out WHERE token <> 'S13view'")
    spark.sql(
        f"INSERT OVERWRITE DIRECTORY '{work}/cmp_out' USING parquet\n"
        "SELECT id FROM nums WHERE 'token' <> \"S14cmp\" AND id < 1e9 -- S16comment\n"
    )
    spark.sql("SELECT id, X'5315' AS b, 'S15write' AS k FROM nums /* S16comment */").write.parquet(f"{work}/write_out")
    # fails at run time: Spark's error quotes the statement's line, literal and all
    with contextlib.suppress(Exception):
        spark.sql("SELECT id,\n  id / 0 AS r, 'S17error' AS k FROM nums").write.parquet(f"{work}/fail_out")
    headwater.emit(  # an event built by the user: its sql facet goes through the same masking
        spark,
        RunEvent(
            eventType=RunState.COMPLETE,
            eventTime=datetime.now(timezone.utc).isoformat(),
            run=Run(runId=str(uuid.uuid4())),
            job=Job(
                namespace="sql_literals", name="hand_made", facets={"sql": sql_job.SQLJobFacet("SELECT 'S18emit'")}
            ),
            producer="https://example/sql_literals_job",
        ),
    )
    headwater.flush(spark, timeout=60)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:5])
