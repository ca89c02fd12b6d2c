"""The Spark line the tests run on, and everything the tests do differently per line, in this one place.

The full suite runs on the primary line (``PRIMARY``, pyspark in ``.venv``); the tests marked ``compat`` also run on
every other supported line, each in its own venv (``make test-compat``). Per line this module says which Delta Lake
and Apache Iceberg releases the shared session loads (none where the project publishes no runtime for that Spark),
and where a Spark version plans a query differently, what the tests expect instead (``PLANNED``); each difference is
listed in docs/supported-operations.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import version

from headwater._jar import scala_for_spark, spark_line

PRIMARY = "4.1"
"""The line of .venv's pyspark: the full suite runs there."""

SPARK_VERSION = version("pyspark")
LINE = spark_line(SPARK_VERSION)
SCALA = scala_for_spark(SPARK_VERSION)


@dataclass(frozen=True)
class Connectors:
    """The connector releases for one Spark line (Maven coordinates for ``spark.jars.packages``), or why none."""

    delta: str | None
    iceberg: str | None
    no_delta: str = ""
    no_iceberg: str = ""


CONNECTORS: dict[str, Connectors] = {
    "3.5": Connectors("io.delta:delta-spark_2.12:3.3.3", "org.apache.iceberg:iceberg-spark-runtime-3.5_2.12:1.12.0"),
    "4.0": Connectors("io.delta:delta-spark_4.0_2.13:4.4.0", "org.apache.iceberg:iceberg-spark-runtime-4.0_2.13:1.11.0"),
    "4.1": Connectors("io.delta:delta-spark_4.1_2.13:4.4.0", "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13:1.12.0"),
    "4.2": Connectors(
        "io.delta:delta-spark_4.2_2.13:4.4.0",
        None,
        no_iceberg="Apache Iceberg publishes no iceberg-spark-runtime for Spark 4.2",
    ),
    "4.3": Connectors(
        None,
        None,
        no_delta="Delta Lake publishes no delta-spark for Spark 4.3 (the 4.2 build does not link on 4.3)",
        no_iceberg="Apache Iceberg publishes no iceberg-spark-runtime for Spark 4.3",
    ),
}
"""Delta and Iceberg per Spark line: the newest release built for that line."""

CONNECTOR = CONNECTORS[LINE]


def connector_options(iceberg_warehouse: str) -> list[str]:
    """The shared session's ``spark_options`` lines (``key: value``) that load this line's Delta and Iceberg: Delta as
    the session catalog, Iceberg as a Hadoop catalog ``iceberg`` with its warehouse at ``iceberg_warehouse``.

    Not IcebergSparkSessionExtensions: Iceberg 1.12's SQL parser throws UnsupportedOperationException from
    parseRoutineParam, so no SQL function (CREATE FUNCTION ... RETURN, test_column_lineage_suite.py) could be created;
    Spark runs Iceberg's MERGE/UPDATE/DELETE and time travel without it.
    """
    packages = [p for p in (CONNECTOR.delta, CONNECTOR.iceberg) if p]
    options = [f"spark.jars.packages: {','.join(packages)}"] if packages else []
    if CONNECTOR.delta:
        options += [
            "spark.sql.extensions: io.delta.sql.DeltaSparkSessionExtension",
            "spark.sql.catalog.spark_catalog: org.apache.spark.sql.delta.catalog.DeltaCatalog",
            # Delta rebuilds a table's state with this many partitions (default 50): 2 keeps the tests quick.
            "spark.databricks.delta.snapshotPartitions: 2",
        ]
    if CONNECTOR.iceberg:
        options += [
            "spark.sql.catalog.iceberg: org.apache.iceberg.spark.SparkCatalog",
            "spark.sql.catalog.iceberg.type: hadoop",
            f"spark.sql.catalog.iceberg.warehouse: {iceberg_warehouse}",
        ]
    return options


@dataclass(frozen=True)
class Planning:
    """Where a Spark line plans or supports a query differently, what the tests expect on it (listed in
    docs/supported-operations.md, "Spark versions")."""

    save_as_table_root: str
    """The job-name plan part of ``df.write.saveAsTable`` into a V1 table: Spark 4.1 plans a ``SaveAsV1TableCommand``
    above the CTAS; 3.5 and 4.0 run ``CreateDataSourceTableAsSelectCommand`` as the root."""
    save_as_table_keeps_case: bool
    """Whether that job name's table suffix keeps the database name as the user wrote it (``SaveAsV1TableCommand``
    holds the name as written; the CTAS of 3.5 and 4.0 holds the catalog's lower-cased name)."""
    sql_functions: bool
    """Whether the Spark has SQL functions (``CREATE FUNCTION ... RETURN``), new in Spark 4.0."""


_SAVE_AS_V1 = "execute_save_as_v1_table_command"
_CTAS = "execute_create_data_source_table_as_select_command"

PLANNINGS: dict[str, Planning] = {
    "3.5": Planning(save_as_table_root=_CTAS, save_as_table_keeps_case=False, sql_functions=False),
    "4.0": Planning(save_as_table_root=_CTAS, save_as_table_keeps_case=False, sql_functions=True),
    "4.1": Planning(save_as_table_root=_SAVE_AS_V1, save_as_table_keeps_case=True, sql_functions=True),
    "4.2": Planning(save_as_table_root=_SAVE_AS_V1, save_as_table_keeps_case=True, sql_functions=True),
    "4.3": Planning(save_as_table_root=_SAVE_AS_V1, save_as_table_keeps_case=True, sql_functions=True),
}

PLANNING = PLANNINGS[LINE]
"""The running line's differences."""
