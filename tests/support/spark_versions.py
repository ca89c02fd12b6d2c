"""The Spark line the tests run on, and everything the tests do differently per line, in this one place.

The full suite runs on the primary line (``PRIMARY``, pyspark in ``.venv``); the tests marked ``compat`` also run on
every other supported line, each in its own venv (``make test-compat``). Per line this module says which Delta Lake
and Apache Iceberg releases the shared session loads (none where the project publishes no runtime for that Spark),
and where a Spark version plans a query differently, what the tests expect instead (``PLANNED``); each difference is
listed in docs/supported-operations.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from headwater.spark.jar import scala_for_spark, spark_line

if TYPE_CHECKING:
    from collections.abc import Collection

PRIMARY = "4.1"
"""The line of .venv's pyspark: the full suite runs there."""

SPARK_VERSION = version("pyspark")
LINE = spark_line(SPARK_VERSION)
SCALA = scala_for_spark(SPARK_VERSION)

TEST_CATALOG_JAR = (
    Path(__file__).resolve().parents[2] / "build" / "test-catalog" / f"headwater-test-catalog_{SCALA}.jar"
)
"""The test catalog and test extension jar built for this line's Scala (``make test-catalog``; build.gradle)."""

BUILD = Path(__file__).resolve().parents[2] / "build"


SESSION = "-".join(
    name for name in (os.environ.get("HEADWATER_TEST_SESSION", ""), os.environ.get("PYTEST_XDIST_WORKER", "")) if name
)
"""The name of this pytest session when ``make test`` runs several of one line side by side: ``HEADWATER_TEST_SESSION``
(``integration``: the primary line's ``integration/`` tests, beside its ``tests/``), then the pytest-xdist worker it is
(``gw0``, ``gw1``: ``integration/`` runs on two workers) when it is one; empty for a session of its own. Drivers a test
starts inherit both variables, so they name the same directories as the test."""


def line_build_dir(name: str) -> Path:
    """``build/<name>`` for the primary line's session, ``build/<name>-<line>`` for another line's (``build/pytest-3.5``)
    and ``build/<name>[-<line>]-<session>`` for a named session (``build/pytest-integration``; ``SESSION``): what a
    test session writes or caches per checkout is its own, so that ``make test`` can run several sessions side by side
    in the same checkout."""
    parts = [name] + ([LINE] if LINE != PRIMARY else []) + ([SESSION] if SESSION else [])
    return BUILD / "-".join(parts)


IVY_HOME = line_build_dir("ivy")
"""Ivy's home for the shared session's ``spark.jars.packages`` (the line's connectors, downloaded once per checkout)."""


@dataclass(frozen=True)
class Connectors:
    """The connector releases for one Spark line (Maven coordinates for ``spark.jars.packages``), or why none.

    ``kafka`` is Spark's own Kafka source and sink (``spark-sql-kafka-0-10``): the newest release of the line whose
    artefacts, with ``spark-token-provider-kafka-0-10`` of the same version, are all on the Maven Central the build
    reaches (several patch releases lack the token provider there), so it may be behind the pyspark of the line; a
    connector of a minor line runs on every patch release of it.
    """

    delta: str | None
    iceberg: str | None
    no_delta: str = ""
    no_iceberg: str = ""
    kafka: str | None = None
    no_kafka: str = ""


CONNECTORS: dict[str, Connectors] = {
    "3.5": Connectors(
        "io.delta:delta-spark_2.12:3.3.3",
        "org.apache.iceberg:iceberg-spark-runtime-3.5_2.12:1.12.0",
        kafka="org.apache.spark:spark-sql-kafka-0-10_2.12:3.5.7",
    ),
    "4.0": Connectors(
        "io.delta:delta-spark_4.0_2.13:4.4.0",
        "org.apache.iceberg:iceberg-spark-runtime-4.0_2.13:1.11.0",
        kafka="org.apache.spark:spark-sql-kafka-0-10_2.13:4.0.0",
    ),
    "4.1": Connectors(
        "io.delta:delta-spark_4.1_2.13:4.4.0",
        "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13:1.12.0",
        kafka="org.apache.spark:spark-sql-kafka-0-10_2.13:4.1.1",
    ),
    "4.2": Connectors(
        "io.delta:delta-spark_4.2_2.13:4.4.0",
        None,
        no_iceberg="Apache Iceberg publishes no iceberg-spark-runtime for Spark 4.2",
        kafka="org.apache.spark:spark-sql-kafka-0-10_2.13:4.2.0",
    ),
    "4.3": Connectors(
        None,
        None,
        no_delta="Delta Lake publishes no delta-spark for Spark 4.3 (the 4.2 build does not link on 4.3)",
        no_iceberg="Apache Iceberg publishes no iceberg-spark-runtime for Spark 4.3",
        no_kafka="Maven Central has no spark-sql-kafka-0-10 for Spark 4.3 yet",
    ),
}
"""Delta, Iceberg and Spark's Kafka connector per Spark line: the newest release built for that line."""

CONNECTOR = CONNECTORS[LINE]


def connector_options(iceberg_warehouse: str) -> list[str]:
    """The shared session's ``spark_options`` lines (``key: value``) that load this line's Delta, Iceberg and Kafka
    connector: Delta as the session catalog, Iceberg as a Hadoop catalog ``iceberg`` with its warehouse at
    ``iceberg_warehouse``, Kafka as the ``kafka`` data source (with kafka-clients on the driver's class path).

    Not IcebergSparkSessionExtensions: Iceberg 1.12's SQL parser throws UnsupportedOperationException from
    parseRoutineParam, so no SQL function (CREATE FUNCTION ... RETURN, test_column_lineage_suite.py) could be created;
    Spark runs Iceberg's MERGE/UPDATE/DELETE and time travel without it.
    """
    packages = [p for p in (CONNECTOR.delta, CONNECTOR.iceberg, CONNECTOR.kafka) if p]
    # Ivy's home (its cache, its resolution files and their locks) is this checkout's own, under build/: two checkouts
    # (or a developer's run beside CI's) resolving at the same moment in a shared ~/.ivy2 broke each other's session.
    options = [f"spark.jars.packages: {','.join(packages)}", f"spark.jars.ivy: {IVY_HOME}"] if packages else []
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


COMPAT: tuple[str, ...] = (
    # DataFrame and SQL writes of files, every format family, failures
    "tests/test_file_lineage.py::test_csv_join_aggregate_to_parquet",
    "tests/test_file_lineage.py::test_failed_write_gives_fail_with_error_message",
    "tests/test_file_lineage.py::test_every_file_format_round_trips[parquet]",
    "tests/test_file_lineage.py::test_every_file_format_round_trips[orc]",
    "tests/test_file_lineage.py::test_several_paths_and_partitioned_directories",
    # session-catalog and Hive tables; saveAsTable is planned differently on 3.5 and 4.0 (PLANNINGS)
    "tests/test_catalog_tables.py::test_ctas_is_one_run_with_symlink_and_create",
    "tests/test_catalog_tables.py::test_save_as_table_modes",
    "tests/test_catalog_tables.py::test_ddl_lifecycle_as_runs",
    "tests/test_catalog_tables.py::test_hive_tables",
    "tests/test_catalog_tables.py::test_temp_views_and_cached_dataframes",  # the CachedPlans seam
    # JDBC (a query with a CTE: UnresolvedWith differs between 4.0 and 4.1)
    "tests/test_jdbc_lineage.py::test_read_query_joining_two_tables_gives_both_tables",
    "tests/test_jdbc_lineage.py::test_write_append_from_a_jdbc_read",
    # the query analysed over the tables' schemas (CTESubstitution, LocalRelation, the analyzer differ by version)
    "tests/test_jdbc_lineage.py::test_a_query_read_written_traces_columns_to_the_tables_and_counts_rows",
    "tests/test_jdbc_lineage.py::test_credentials_never_leave_the_process[url]",
    # DataSourceV2 (the CatalogAccess seam: CatalogManager became an interface in 4.2)
    "tests/test_v2_lineage.py::test_sql_create_insert_and_read",
    "tests/test_v2_lineage.py::test_dataframe_write_to_create_append_overwrite",
    "tests/test_v2_lineage.py::test_ctas_rtas_and_insert_overwrite_read_v2_tables",
    "tests/test_v2_lineage.py::test_drop_table",
    # Delta Lake and Apache Iceberg where they publish a release for the line
    "tests/test_delta_lineage.py::test_catalog_table_create_ctas_insert_overwrite_read_and_time_travel",
    "tests/test_delta_lineage.py::test_save_as_table_modes",
    "tests/test_delta_lineage.py::test_merge_update_delete_and_drop",
    "tests/test_iceberg_lineage.py::test_create_ctas_writes_reads_and_time_travel",
    "tests/test_iceberg_lineage.py::test_merge_update_delete_and_drop",
    # row-level writes' column lineage: MergeRows, ReplaceData and WriteDelta, Delta's commands, on each line
    "tests/test_row_level_lineage.py::test_merge_clauses_assign_condition_and_join",
    "tests/test_row_level_lineage.py::test_update_assignments_and_where",
    "tests/test_row_level_lineage.py::test_delete_where",
    # Kafka source and sink, batch and streaming, against a real broker (every line with a spark-sql-kafka release)
    "tests/test_kafka_lineage.py::test_batch_write_and_subscribe_read_name_the_topic",
    "tests/test_kafka_lineage.py::test_assign_names_every_assigned_topic_and_a_pattern_names_none",
    "tests/test_kafka_lineage.py::test_write_routed_by_a_topic_column_names_no_output",
    "tests/test_kafka_lineage.py::test_streaming_query_from_a_pattern_to_a_topic",
    # RDD jobs
    "tests/test_rdd_lineage.py::test_text_file_map_save_as_text_file",
    "tests/test_rdd_lineage.py::test_hadoop_file_writes_old_and_new_api",
    "tests/test_rdd_lineage.py::test_jobs_of_sql_executions_are_not_rdd_runs",
    # structured streaming (the StreamingPlans seam)
    "tests/test_streaming_lineage.py::test_file_source_to_file_sink_is_one_run_with_running_per_micro_batch",
    "tests/test_streaming_lineage.py::test_foreach_batch_writes_are_the_queries_outputs",
    "tests/test_streaming_lineage.py::test_failing_query_gives_fail_with_error_message",
    # column lineage: a representative query of each family, and the writes of each kind
    "tests/test_column_lineage.py::test_join_filter_aggregate_and_masking",
    "tests/test_column_lineage_suite.py::test_column_lineage[tpch_q3]",
    "tests/test_column_lineage_suite.py::test_column_lineage[case_when]",
    "tests/test_column_lineage_suite.py::test_column_lineage[python_udf]",
    "tests/test_column_lineage_suite.py::test_column_lineage[sql_udf]",
    "tests/test_column_lineage_suite.py::test_column_lineage[inner_join]",
    "tests/test_column_lineage_suite.py::test_column_lineage[scalar_subquery]",
    "tests/test_column_lineage_suite.py::test_column_lineage[union_all]",
    "tests/test_column_lineage_suite.py::test_column_lineage[rollup]",
    "tests/test_column_lineage_suite.py::test_column_lineage[window_running_sum]",
    "tests/test_column_lineage_suite.py::test_column_lineage[explode]",
    "tests/test_column_lineage_suite.py::test_column_lineage[cte_referenced_twice]",
    "tests/test_column_lineage_suite.py::test_column_lineage[persistent_view]",
    "tests/test_column_lineage_suite.py::test_column_lineage[cached_dataframe]",
    "tests/test_column_lineage_writes.py::test_session_catalog_tables",
    "tests/test_column_lineage_writes.py::test_jdbc_write",
    "tests/test_column_lineage_writes.py::test_datasource_v2_writes",
    # static lineage (DatasetEvents, JobEvents of views) and tags
    "tests/test_static_lineage.py::test_metadata_ddl_emits_dataset_events",
    "tests/test_static_lineage.py::test_v2_create_and_drop_emit_dataset_events",
    "tests/test_static_lineage.py::test_v2_alter_table_emits_dataset_events_with_the_new_state",
    "tests/test_static_lineage.py::test_create_view_emits_a_job_event",
    "tests/test_tags.py::test_local_properties_tag_the_runs_of_their_thread",
    "tests/test_tags.py::test_tags_context_manager_nests_flattens_and_restores",
    "tests/test_tags.py::test_tags_context_manager_tags_rdd_job_runs",
    # the packaging: the jar of the line's Scala chosen, and none of its classes shipped by the line's Spark (the jars'
    # contents are the same wheel's on every line: checked once, on the primary line)
    "tests/test_packaging.py::test_the_jar_for_this_pyspark_is_chosen",
    "tests/test_packaging.py::test_jar_bundles_nothing_spark_ships",
    "tests/test_python_api.py::test_jar_path_follows_the_installed_pyspark_and_names_others",
    "tests/test_support.py::test_the_pyspark_of_the_tests_is_supported",
    # extension jars (spark-submit), and the jar of the other Scala version turning the agent off: on the lines of
    # ONLY_ON only
    "integration/test_extensions.py::test_the_example_extension_changes_the_events_as_designed",
    "integration/test_extensions.py::test_a_broken_extension_loses_no_built_in_lineage",
    "integration/test_spark_versions.py",
)
"""The compatibility subset (marker ``compat``, added by the root conftest.py): the tests run on every supported Spark
line, not only the primary one (unless ``ONLY_ON`` narrows an entry). Each entry is a test file, a test function (all
its parameters) or one parameterised case. A chosen part of the suite, so that each other line runs in one pytest
session of a few minutes."""

_EXTENSION_LINES = ("3.5", "4.0", "4.3")
ONLY_ON: dict[str, tuple[str, ...]] = {
    # The agent code these run is the same on every line of a seam (jvm/src/spark<line>): the extension's visitors and
    # builders go through the seams of 3.5, 4.0 and 4.2 (which 4.3 uses too, on the newest Spark) and the primary
    # line's 4.1; each run is three spark-submit drivers and a Gradle build of the example extension.
    "integration/test_extensions.py::test_the_example_extension_changes_the_events_as_designed": _EXTENSION_LINES,
    "integration/test_extensions.py::test_a_broken_extension_loses_no_built_in_lineage": _EXTENSION_LINES,
    # The mistake is the jar of the other Scala: 2.13's on the Scala 2.12 line (3.5), and 2.12's on a 2.13 line (the
    # primary line runs it); every 2.13 line fails the same way, in the same class.
    "integration/test_spark_versions.py": ("3.5",),
}
"""COMPAT entries that run on these compatibility lines only (besides the primary line, where every test runs), each
with why the other lines would only repeat them."""


def _runs_here(entry: str) -> bool:
    return LINE in ONLY_ON.get(entry, (LINE,))


def compat_files() -> list[str]:
    """The test files with compatibility tests on this line (what `make test-compat` collects)."""
    return sorted({entry.split("::")[0] for entry in COMPAT if _runs_here(entry)})


def mark_compat(items: list[pytest.Item], narrowed: Collection[str] = ()) -> None:
    """Add the marker ``compat`` to the collected tests that :data:`COMPAT` names.

    ``narrowed`` are the files (paths relative to the repository) of which only some tests were asked for by node id
    (``pytest tests/test_x.py::test_y``): their entries are not checked.

    Raises:
        pytest.UsageError: an entry names a test that was not collected although its whole file was (a renamed test).
    """
    used: set[str] = set()
    for item in items:
        node = item.nodeid
        for entry in (node, node.split("[")[0], node.split("::")[0]):
            if entry in COMPAT:
                used.add(entry)
                if _runs_here(entry):
                    item.add_marker(pytest.mark.compat)
    collected_files = {item.nodeid.split("::")[0] for item in items}
    checked = collected_files - set(narrowed)
    stale = [entry for entry in COMPAT if entry not in used and entry.split("::")[0] in checked]
    stale += [entry for entry in ONLY_ON if entry not in COMPAT]
    if stale:
        msg = f"tests/support/spark_versions.py COMPAT names tests that do not exist: {stale}"
        raise pytest.UsageError(msg)


if __name__ == "__main__":
    print(" ".join(compat_files()))
