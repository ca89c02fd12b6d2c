"""Root pytest configuration: attaches the installed Headwater jar to pytest-spark's shared session.

pytest-spark builds its session-scoped ``spark_session`` from the ``spark_options`` in pyproject.toml. The jar's
path depends on where the package is installed and on the running pyspark (the Scala 2.12 jar for Spark 3.5, the 2.13
one for 4.x), so it is added here, before pytest-spark reads the options, together with PostgreSQL's JDBC driver
(Debian's ``libpostgresql-jdbc-java``) for the JDBC lineage tests, with the DataSourceV2 test catalog's jar of the same
Scala version (``make test-catalog``; configured as ``testcat`` in pyproject.toml), and with the Delta Lake, Apache
Iceberg and Spark Kafka connector releases of the running Spark line (tests/support/spark_versions.py; Iceberg's Hadoop
catalog ``iceberg`` gets an absolute warehouse). Tests marked ``delta``, ``iceberg`` or ``kafka`` are skipped, with the
reason, on a Spark line for which that connector has no release.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support.spark_versions import line_build_dir

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tests.support.kafka_broker import KafkaBroker

# Spark's Python workers run this interpreter (the venv of the Spark line under test), not whatever `python3` is first
# on PATH: pyspark 4.2+ runs Python UDFs through Arrow, which only the venv has.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

# The JVMs of the test drivers (the shared session's and every child driver's: spark-submit reads SPARK_SUBMIT_OPTS, and
# child drivers inherit this environment) compile with the client compiler only and collect with the serial collector.
# The suite's drivers are short-lived and the machine has two cores: the optimising compiler's and G1's threads take
# CPU the queries need and never pay it back (a small job's driver took about a quarter less wall time here). What the
# agent does is the same; bench/ measures with the JVM's defaults, never with these.
TEST_DRIVER_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
os.environ["SPARK_SUBMIT_OPTS"] = f"{os.environ.get('SPARK_SUBMIT_OPTS', '')} {TEST_DRIVER_JAVA_OPTIONS}".strip()

# HEADWATER_CPU_REPORT=<directory>: each test's CPU time, this process and every process under it (tests/support/
# cpu_report.py)
pytest_plugins = ["tests.support.cpu_report"]

REPO = Path(__file__).resolve().parent
# What the session writes (its events, spool, warehouse, metastore, Iceberg warehouse): build/pytest on the primary
# line, build/pytest-<line> on another, so a compatibility line's session can run beside the primary one (make test).
TEST_OUTPUT = line_build_dir("pytest")
SESSION_EVENTS = TEST_OUTPUT / "lineage" / "events.jsonl"
# The warehouse of the Iceberg Hadoop catalog `iceberg` (pyproject.toml). Absolute: Iceberg stores table locations
# as the warehouse path is given, and a relative location would not name a dataset.
ICEBERG_WAREHOUSE = TEST_OUTPUT / "iceberg"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    from pytest_spark.config import SparkConfigBuilder

    import headwater
    from tests.support import spark_versions
    from tests.support.postgres import INSTALL_HINT, JDBC_DRIVER_JAR

    if not JDBC_DRIVER_JAR.is_file():
        msg = f"PostgreSQL's JDBC driver {JDBC_DRIVER_JAR} is missing (the JDBC tests need it): {INSTALL_HINT}"
        raise pytest.UsageError(msg)

    if TEST_OUTPUT.exists():
        shutil.rmtree(TEST_OUTPUT)
    SESSION_EVENTS.parent.mkdir(parents=True)
    # pyproject.toml's options name the primary line's directory; another line's session writes into its own
    own = f"{TEST_OUTPUT.relative_to(REPO)}/"
    options = [option.replace("build/pytest/", own) for option in config.getini("spark_options")]
    test_catalog_jar = spark_versions.TEST_CATALOG_JAR
    if not test_catalog_jar.is_file():
        msg = f"{test_catalog_jar} is missing: run `make test-catalog` (or `make test`) first"
        raise pytest.UsageError(msg)
    options.append(f"spark.jars: {headwater.jar_path()},{JDBC_DRIVER_JAR},{test_catalog_jar}")
    options += spark_versions.connector_options(str(ICEBERG_WAREHOUSE))
    SparkConfigBuilder.initialize(options_from_ini=options)


@pytest.hookimpl(tryfirst=True)  # before `-m compat` deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the compatibility subset ``compat`` (tests/support/spark_versions.py, ``COMPAT``), and skips the tests of a
    connector that has no release for the running Spark line, saying so."""
    from tests.support import spark_versions

    # a file named with a test (`pytest tests/test_x.py::test_y`) was not collected whole: its other COMPAT entries are
    # not stale
    narrowed = {Path(arg.split("::")[0]).resolve() for arg in config.args if "::" in arg}
    spark_versions.mark_compat(items, narrowed={str(path.relative_to(config.rootpath)) for path in narrowed})

    missing = {
        "delta": spark_versions.CONNECTOR.no_delta,
        "iceberg": spark_versions.CONNECTOR.no_iceberg,
        "kafka": spark_versions.CONNECTOR.no_kafka,
    }
    for item in items:
        for marker, reason in missing.items():
            if reason and item.get_closest_marker(marker):
                item.add_marker(pytest.mark.skip(reason=f"Spark {spark_versions.SPARK_VERSION}: {reason}"))


@pytest.fixture(scope="session")
def kafka_broker() -> Iterator[KafkaBroker]:
    """A real Apache Kafka broker (KRaft, one node) on 127.0.0.1, started once for the session (tests/support/
    kafka_broker.py); the Kafka source and sink tests and the ``kafka`` transport's test use it."""
    from tests.support import kafka_broker as broker

    running = broker.start()
    try:
        yield running
    finally:
        running.stop()
