"""Root pytest configuration: attaches the installed Headwater jar to pytest-spark's shared session.

pytest-spark builds its session-scoped ``spark_session`` from the ``spark_options`` in pyproject.toml. The jar's
path depends on where the package is installed, so it is added here, before pytest-spark reads the options, together
with PostgreSQL's JDBC driver (Debian's ``libpostgresql-jdbc-java``) for the JDBC lineage tests, and with the
DataSourceV2 test catalog's jar (``make test-catalog``; configured as ``testcat`` in pyproject.toml), and with the
absolute warehouse of the Iceberg Hadoop catalog ``iceberg``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent
TEST_OUTPUT = REPO / "build" / "pytest"
SESSION_EVENTS = TEST_OUTPUT / "lineage" / "events.jsonl"
TEST_CATALOG_JAR = REPO / "build" / "test-catalog" / "headwater-test-catalog.jar"
# The warehouse of the Iceberg Hadoop catalog `iceberg` (pyproject.toml). Absolute: Iceberg stores table locations
# as the warehouse path is given, and a relative location would not name a dataset.
ICEBERG_WAREHOUSE = TEST_OUTPUT / "iceberg"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    import headwater
    from pytest_spark.config import SparkConfigBuilder

    from tests.support.postgres import INSTALL_HINT, JDBC_DRIVER_JAR

    if not JDBC_DRIVER_JAR.is_file():
        msg = f"PostgreSQL's JDBC driver {JDBC_DRIVER_JAR} is missing (the JDBC tests need it): {INSTALL_HINT}"
        raise pytest.UsageError(msg)

    if TEST_OUTPUT.exists():
        shutil.rmtree(TEST_OUTPUT)
    SESSION_EVENTS.parent.mkdir(parents=True)
    options = list(config.getini("spark_options"))
    if not TEST_CATALOG_JAR.is_file():
        raise pytest.UsageError(f"{TEST_CATALOG_JAR} is missing: run `make test-catalog` (or `make test`) first")
    options.append(f"spark.jars: {headwater.jar_path()},{JDBC_DRIVER_JAR},{TEST_CATALOG_JAR}")
    options.append(f"spark.sql.catalog.iceberg.warehouse: {ICEBERG_WAREHOUSE}")
    SparkConfigBuilder.initialize(options_from_ini=options)
