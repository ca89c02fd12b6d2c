"""Fixtures for end-to-end tests on the shared pytest-spark session."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from conftest import SESSION_EVENTS
from tests.support import postgres
from tests.support.events import LineageLog, read_jsonl

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pyspark.sql import SparkSession


@pytest.fixture(scope="session")
def session_lineage(spark_session: SparkSession) -> Iterator[LineageLog]:
    """The shared session's event file. At the end of the session every event in it must validate."""
    log = LineageLog(SESSION_EVENTS)
    yield log
    read_jsonl(SESSION_EVENTS)  # validates every event the shared session emitted


@pytest.fixture
def lineage(session_lineage: LineageLog, spark_session: SparkSession) -> LineageLog:
    """The event file, marked so that ``lineage.events(spark)`` returns only this test's events."""
    session_lineage.mark(spark_session)
    return session_lineage


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.PostgresServer]:
    """A real PostgreSQL server on 127.0.0.1 (installed when missing), with a database and a password user."""
    server = postgres.start()
    yield server
    server.stop()


@pytest.fixture
def ddl_runs(spark_session: SparkSession) -> Iterator[None]:
    """Metadata-only DDL reported as START/COMPLETE runs (``spark.openlineage.staticLineage.ddl=run_event``) in the
    shared session for one test, instead of the default DatasetEvents/JobEvents."""
    spark_session.conf.set("spark.openlineage.staticLineage.ddl", "run_event")
    try:
        yield
    finally:
        spark_session.conf.unset("spark.openlineage.staticLineage.ddl")
