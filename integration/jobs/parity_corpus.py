"""The side-by-side corpus: operations run once per agent (Headwater or the OpenLineage Spark integration), each in
its own window of the agent's event file, so ``integration/test_peer_parity.py`` can compare the two agents' events
operation by operation.

Usage: parity_corpus.py AGENT WORKDIR MANIFEST SETTINGS_JSON
  AGENT     ``headwater`` or ``peer`` (how to wait until the agent has written an operation's events)
  WORKDIR   an empty folder for the data, the warehouse and the metastore
  MANIFEST  where to write ``{"operation": [start byte, end byte], ...}`` of the event file
  SETTINGS  a JSON object of Spark settings: the agent, its file transport, ``spark.jars``
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F  # noqa: N812


def session(workdir: Path, settings: dict[str, str]) -> SparkSession:
    builder = (
        SparkSession.builder.appName("parity corpus")
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.warehouse.dir", str(workdir / "warehouse"))
        .config(
            "spark.hadoop.javax.jdo.option.ConnectionURL",
            f"jdbc:derby:;databaseName={workdir / 'metastore_db'};create=true",
        )
        .config("spark.driver.extraJavaOptions", f"-Dderby.system.home={workdir / 'derby'}")
        .config("spark.sql.catalog.testcat", "io.headwater.spark.testing.InMemoryTableCatalog")
        .enableHiveSupport()
    )
    for key, value in settings.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def write_inputs(data: Path) -> None:
    (data / "flights").mkdir(parents=True)
    (data / "flights" / "flights.csv").write_text(
        "carrier,origin,dep_delay\nAA,JFK,12\nAA,LGA,3\nUA,EWR,40\nDL,JFK,-2\n"
    )
    (data / "airlines").mkdir()
    (data / "airlines" / "airlines.csv").write_text("carrier,name\nAA,American\nUA,United\nDL,Delta\n")
    (data / "stream_in").mkdir()
    (data / "stream_in" / "part-0.csv").write_text("AA,1\nUA,2\n")


def read_flights(spark: SparkSession, data: Path) -> DataFrame:
    """The flights CSV :func:`write_inputs` wrote (carrier, origin, dep_delay)."""
    return spark.read.csv(str(data / "flights"), header=True, schema="carrier STRING, origin STRING, dep_delay INT")


def read_airlines(spark: SparkSession, data: Path) -> DataFrame:
    """The airlines CSV :func:`write_inputs` wrote (carrier, name)."""
    return spark.read.csv(str(data / "airlines"), header=True, schema="carrier STRING, name STRING")


def operations(spark: SparkSession, data: Path) -> dict[str, Any]:
    """The corpus: operation name -> a callable running it."""

    def flights() -> DataFrame:
        return read_flights(spark, data)

    def airlines() -> DataFrame:
        return read_airlines(spark, data)

    def join_aggregate() -> None:
        (
            flights()
            .join(airlines(), "carrier")
            .groupBy("carrier", F.col("name").alias("airline"))
            .agg(F.sum("dep_delay").alias("total_delay"))
            .write.mode("overwrite")
            .parquet(str(data / "delays"))
        )

    def filter_write() -> None:
        (
            spark.read.parquet(str(data / "delays"))
            .where(F.col("total_delay") > 0)
            .select("carrier", "total_delay")
            .write.mode("overwrite")
            .parquet(str(data / "late"))
        )

    def streaming() -> None:
        query = (
            spark.readStream.schema("carrier STRING, n INT")
            .csv(str(data / "stream_in"))
            .writeStream.format("parquet")
            .option("checkpointLocation", str(data / "stream_checkpoint"))
            .trigger(availableNow=True)
            .start(str(data / "stream_out"))
        )
        query.awaitTermination(120)

    def rdd_job() -> None:
        lines = spark.sparkContext.textFile(str(data / "flights"))
        lines.map(lambda line: line.upper()).saveAsTextFile(str(data / "rdd_out"))

    def rdd_text_dated() -> None:
        lines = spark.sparkContext.textFile(str(data / "airlines"))
        lines.map(lambda line: line.lower()).saveAsTextFile(str(data / "rdd_output" / "20251030"))

    def rdd_backed_write() -> None:
        delays = spark.read.parquet(str(data / "delays")).rdd
        late = spark.read.parquet(str(data / "late")).rdd
        rows = delays.union(late).map(lambda row: (row["carrier"] + "!",))
        rows.toDF().write.mode("overwrite").parquet(str(data / "rdd_c" / "20251030"))

    sql = spark.sql
    return {
        "join_aggregate_parquet": join_aggregate,
        "filter_write_parquet": filter_write,
        "create_table": lambda: sql("CREATE TABLE t1 (carrier STRING, total_delay BIGINT) USING parquet"),
        "insert_into_table": lambda: sql(
            f"INSERT INTO t1 SELECT carrier, total_delay FROM parquet.`{data / 'delays'}`"
        ),
        "ctas": lambda: sql("CREATE TABLE t2 USING parquet AS SELECT carrier, total_delay * 2 AS doubled FROM t1"),
        "save_as_table": lambda: flights().write.saveAsTable("t3"),
        "create_hive_table": lambda: sql("CREATE TABLE h1 (carrier STRING, total_delay BIGINT) STORED AS PARQUET"),
        "insert_into_hive_table": lambda: sql("INSERT INTO h1 SELECT carrier, total_delay FROM t1"),
        "drop_table": lambda: sql("DROP TABLE t3"),
        "v2_create_and_insert": lambda: (
            sql("CREATE TABLE testcat.db.v (carrier STRING, total_delay BIGINT)"),
            sql("INSERT INTO testcat.db.v SELECT carrier, total_delay FROM t1"),
        ),
        "iceberg_create_and_insert": lambda: (
            sql("CREATE TABLE iceberg.db.ice (carrier STRING, total_delay BIGINT) USING iceberg"),
            sql("INSERT INTO iceberg.db.ice SELECT carrier, total_delay FROM t1"),
        ),
        "rdd_text": rdd_job,
        "rdd_text_dated": rdd_text_dated,
        "rdd_backed_write": rdd_backed_write,
        "hive_dir_values": lambda: sql(
            f"INSERT OVERWRITE DIRECTORY '{data / 'hive_dir' / 'values_out'}' USING hive VALUES (1, 'a'), (2, 'b')"
        ),
        "hive_dir_select": lambda: sql(
            f"INSERT OVERWRITE DIRECTORY '{data / 'hive_dir' / 'select_out'}' USING hive "
            "SELECT carrier, total_delay FROM t1"
        ),
        "create_hive_text_table": lambda: sql(
            "CREATE TABLE target (carrier STRING, total_delay BIGINT) STORED AS TEXTFILE"
        ),
        "insert_into_hive_text_table": lambda: sql("INSERT INTO target SELECT carrier, total_delay FROM t1"),
        "truncate_table": lambda: sql("TRUNCATE TABLE target"),
        "alter_add_columns": lambda: sql("ALTER TABLE t2 ADD COLUMNS (note STRING)"),
        "alter_rename": lambda: sql("ALTER TABLE t2 RENAME TO t2_renamed"),
        "streaming_file": streaming,
        "collect": lambda: spark.read.parquet(str(data / "late")).collect(),
    }


def drained(spark: SparkSession, agent: str, events: Path) -> int:
    """Wait until the agent has written everything about what ran so far; the event file's size then."""
    jsc = spark.sparkContext._jsc.sc()
    jsc.listenerBus().waitUntilEmpty(60000)
    if agent == "headwater":
        import headwater

        assert headwater.flush(spark, timeout=60), "Headwater did not deliver its events within 60 s"
    time.sleep(0.5)
    jsc.listenerBus().waitUntilEmpty(60000)
    return events.stat().st_size if events.exists() else 0


def main(agent: str, workdir: str, manifest: str, settings_json: str) -> None:
    root = Path(workdir).resolve()
    settings = json.loads(settings_json)
    events = Path(settings["spark.openlineage.transport.location"])
    data = root / "data"
    write_inputs(data)
    spark = session(root, settings)
    spark.sparkContext.setLogLevel("ERROR")
    windows: dict[str, list[int]] = {}
    for name, run in operations(spark, data).items():
        start = drained(spark, agent, events)
        run()
        windows[name] = [start, drained(spark, agent, events)]
    spark.stop()
    Path(manifest).write_text(json.dumps(windows))


if __name__ == "__main__":
    main(*sys.argv[1:5])
