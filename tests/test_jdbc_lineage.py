"""End-to-end: JDBC reads and writes against a real PostgreSQL give the right runs, datasets and facets.

The server is the session-scoped ``postgres_server`` (tests/support/postgres.py); the driver jar is on the shared
session's ``spark.jars`` (root conftest.py).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import pytest

from tests.support import driver_log
from tests.support.column_lineage import compact_dataset, compact_fields
from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, schema_fields, spark_schema_as_facet

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

    from tests.support.postgres import PostgresServer

READ_JOB = f"{APP_JOB}.count.lineage_sales_orders"  # a read-only run: <action>.<first input>
WRITE_JOB = f"{APP_JOB}.execute_save_into_data_source_command"
ORDERS_SCHEMA = [
    {"name": "id", "type": "integer"},
    {"name": "customer_id", "type": "integer"},
    {"name": "amount", "type": "decimal(10,2)"},
]
CUSTOMERS_SCHEMA = [{"name": "id", "type": "integer"}, {"name": "name", "type": "string"}]


@pytest.fixture(scope="module")
def pg(postgres_server: PostgresServer) -> PostgresServer:
    """The server with two source tables: ``sales.orders`` and ``public.customers``."""
    postgres_server.sql(
        """
        DROP SCHEMA IF EXISTS sales CASCADE;
        CREATE SCHEMA sales;
        CREATE TABLE sales.orders (id integer, customer_id integer, amount numeric(10, 2));
        INSERT INTO sales.orders VALUES (1, 10, 12.50), (2, 10, 3.25), (3, 20, 40.00);
        DROP TABLE IF EXISTS customers;
        CREATE TABLE customers (id integer, name text);
        INSERT INTO customers VALUES (10, 'Ada'), (20, 'Grace');
        """
    )
    return postgres_server


def namespace(pg: PostgresServer) -> str:
    return f"postgres://127.0.0.1:{pg.port}"


def execution_runs(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Runs other than the application run, in order."""
    return list(child_runs(events).values())


def only_run(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    runs = execution_runs(events)
    assert len(runs) == 1, f"expected one run, got {[evs[0]['job']['name'] for evs in runs]}"
    run = runs[0]
    assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
    assert run[0]["job"]["name"] == run[1]["job"]["name"]
    return run


def test_read_qualified_dbtable(spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer) -> None:
    orders = spark_session.read.jdbc(pg.url, "sales.orders", properties=pg.properties)

    assert orders.count() == 3

    run = only_run(lineage.events(spark_session))
    for event in run:
        assert datasets(event, "inputs") == [(namespace(pg), "lineage.sales.orders")]
        assert event["outputs"] == []
        assert event["job"]["name"] == READ_JOB
    source = run[1]["inputs"][0]
    assert schema_fields(source) == ORDERS_SCHEMA
    assert source["facets"]["dataSource"] == {
        **source["facets"]["dataSource"],
        "name": namespace(pg),
        "uri": namespace(pg),
    }


def test_read_unqualified_dbtable_is_in_schema_public(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    customers = (
        spark_session.read.format("jdbc")
        .option("url", pg.url)
        .option("dbtable", "Customers")
        .options(**pg.properties)
        .load()
    )

    assert sorted(r["name"] for r in customers.collect()) == ["Ada", "Grace"]

    run = only_run(lineage.events(spark_session))
    for event in run:
        assert datasets(event, "inputs") == [(namespace(pg), "lineage.public.customers")]
        # named after the action and the table it read (<database>_<schema>_<table>)
        assert event["job"]["name"] == f"{APP_JOB}.collect.lineage_public_customers"
    assert schema_fields(run[1]["inputs"][0]) == [{"name": "id", "type": "integer"}, {"name": "name", "type": "string"}]


def test_read_query_joining_two_tables_gives_both_tables(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    query = (
        "WITH big AS (SELECT * FROM sales.orders WHERE amount > 3) "
        "SELECT c.name, sum(big.amount) AS total FROM big JOIN customers c ON big.customer_id = c.id GROUP BY c.name"
    )
    totals = (
        spark_session.read.format("jdbc").option("url", pg.url).option("query", query).options(**pg.properties).load()
    )

    assert {r["name"]: r["total"] for r in totals.collect()} == {"Ada": Decimal("15.75"), "Grace": Decimal("40.00")}

    run = only_run(lineage.events(spark_session))
    for event in run:
        assert datasets(event, "inputs") == [
            (namespace(pg), "lineage.public.customers"),
            (namespace(pg), "lineage.sales.orders"),
        ]
        assert event["outputs"] == []
        # named after the action and the first table the query reads, not after the query's text
        assert event["job"]["name"] == f"{APP_JOB}.collect.lineage_public_customers"
    for event in run:
        # each table's own schema, as a dbtable read of it reports it (not the query's result, name and total)
        assert [schema_fields(source) for source in event["inputs"]] == [CUSTOMERS_SCHEMA, ORDERS_SCHEMA]
        for source in event["inputs"]:
            assert source["facets"]["dataSource"]["name"] == namespace(pg)


def test_a_query_read_written_traces_columns_to_the_tables_and_counts_rows(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    """The OpenLineage compatibility suite's cloudsql scenario: a JDBC query joining two tables, written by JDBC."""
    pg.sql("DROP TABLE IF EXISTS public.order_names")
    query = (
        "SELECT o.id AS order_id, c.name AS customer, o.amount * 2 AS doubled "
        "FROM sales.orders o JOIN Customers c ON o.customer_id = c.id WHERE o.amount > 10"
    )
    named = (
        spark_session.read.format("jdbc").option("url", pg.url).option("query", query).options(**pg.properties).load()
    )

    named.write.mode("overwrite").jdbc(pg.url, "public.order_names", properties=pg.properties)

    assert pg.sql("SELECT order_id, customer FROM public.order_names ORDER BY order_id").split() == [
        "1|Ada",
        "3|Grace",
    ]
    run = only_run(lineage.events(spark_session))
    for event in run:
        assert event["job"]["name"] == f"{WRITE_JOB}.public_order_names"
        assert datasets(event, "inputs") == [
            (namespace(pg), "lineage.sales.orders"),
            (namespace(pg), "lineage.public.customers"),
        ]
        assert [schema_fields(source) for source in event["inputs"]] == [ORDERS_SCHEMA, CUSTOMERS_SCHEMA]
        assert datasets(event, "outputs") == [(namespace(pg), "lineage.public.order_names")]
    start, complete = run
    target = complete["outputs"][0]
    names = {"lineage.sales.orders": "orders", "lineage.public.customers": "customers"}
    assert compact_fields(target["facets"]["columnLineage"], names) == {
        "order_id": {"orders.id:ID"},
        "customer": {"customers.name:ID"},
        "doubled": {"orders.amount:TR"},
    }
    # which rows: the query's join and filter
    assert compact_dataset(target["facets"]["columnLineage"], names) == {
        "orders.customer_id:JOIN",
        "customers.id:JOIN",
        "orders.amount:FILTER",
    }
    # the rows Spark's JDBC writer inserted (its tasks' output metrics); it counts no bytes and writes no files
    statistics = target["outputFacets"]["outputStatistics"]
    assert {k: v for k, v in statistics.items() if not k.startswith("_")} == {"rowCount": 2}
    assert "outputStatistics" not in start["outputs"][0].get("outputFacets", {})


def test_a_query_spark_cannot_resolve_keeps_its_inputs_without_column_lineage(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    pg.sql("DROP TABLE IF EXISTS public.quoted_names")
    # quote_literal is PostgreSQL's, not Spark's: the query's columns cannot be traced, its tables are still read
    query = "SELECT id, quote_literal(name) AS quoted FROM customers"
    quoted = (
        spark_session.read.format("jdbc").option("url", pg.url).option("query", query).options(**pg.properties).load()
    )

    quoted.write.mode("overwrite").jdbc(pg.url, "quoted_names", properties=pg.properties)

    assert pg.sql("SELECT quoted FROM quoted_names ORDER BY id").split() == ["'Ada'", "'Grace'"]
    complete = only_run(lineage.events(spark_session))[1]
    assert datasets(complete, "inputs") == [(namespace(pg), "lineage.public.customers")]
    assert schema_fields(complete["inputs"][0]) == CUSTOMERS_SCHEMA
    target = complete["outputs"][0]
    assert target["facets"].get("columnLineage", {"fields": {}})["fields"] == {}
    assert target["outputFacets"]["outputStatistics"]["rowCount"] == 2


def test_write_append_from_a_jdbc_read(spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer) -> None:
    pg.sql("DROP TABLE IF EXISTS public.big_orders")
    orders = spark_session.read.jdbc(pg.url, "sales.orders", properties=pg.properties)
    big = orders.where("amount > 10").select("id", (orders.amount * 2).alias("doubled"))

    big.write.mode("append").jdbc(pg.url, "public.big_orders", properties=pg.properties)
    big.write.mode("append").jdbc(pg.url, "public.big_orders", properties=pg.properties)

    assert pg.sql("SELECT count(*) FROM public.big_orders").strip() == "4"
    runs = execution_runs(lineage.events(spark_session))
    # Each write is two SQL executions (the command, and the foreachPartition Spark's JDBC writer nests inside it);
    # the nested one is folded into the write's run.
    assert [run[0]["job"]["name"] for run in runs] == [f"{WRITE_JOB}.public_big_orders"] * 2
    for run in runs:
        assert [e["eventType"] for e in run] == ["START", "COMPLETE"]
        for event in run:
            assert event["job"]["name"] == f"{WRITE_JOB}.public_big_orders"
            assert datasets(event, "inputs") == [(namespace(pg), "lineage.sales.orders")]
            assert datasets(event, "outputs") == [(namespace(pg), "lineage.public.big_orders")]
        target = run[1]["outputs"][0]
        assert schema_fields(target) == [
            {"name": "id", "type": "integer"},
            {"name": "doubled", "type": "decimal(12,2)"},
        ]
        assert schema_fields(target) == spark_schema_as_facet(big.schema)
        assert "lifecycleStateChange" not in target["facets"]
        assert target["outputFacets"]["outputStatistics"]["rowCount"] == 2
        assert schema_fields(run[1]["inputs"][0]) == ORDERS_SCHEMA


def test_write_overwrite_marks_the_lifecycle(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    report = spark_session.createDataFrame([("Ada", 2), ("Grace", 1)], "customer STRING, orders INT")

    report.write.format("jdbc").mode("overwrite").option("url", pg.url).option("dbtable", "order_report").options(
        **pg.properties
    ).save()

    assert pg.sql("SELECT customer FROM order_report ORDER BY customer").split() == ["Ada", "Grace"]
    run = only_run(lineage.events(spark_session))
    for event in run:
        assert event["job"]["name"] == f"{WRITE_JOB}.order_report"
        assert event["inputs"] == []
        assert datasets(event, "outputs") == [(namespace(pg), "lineage.public.order_report")]
    target = run[1]["outputs"][0]
    assert target["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "OVERWRITE"
    assert target["outputFacets"]["outputStatistics"]["rowCount"] == 2
    assert "size" not in target["outputFacets"]["outputStatistics"]
    assert schema_fields(target) == [{"name": "customer", "type": "string"}, {"name": "orders", "type": "integer"}]


@pytest.mark.parametrize("where", ["url", "options"])
def test_credentials_never_leave_the_process(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer, where: str
) -> None:
    if where == "url":
        url = f"{pg.url}?user={pg.user}&password={pg.password}&ApplicationName=headwater"
        properties = {"driver": "org.postgresql.Driver"}
    else:
        url, properties = pg.url, pg.properties
    target = f"creds_{where}"

    with driver_log.capture(spark_session, "io.headwater") as log:
        orders = spark_session.read.jdbc(url, "sales.orders", properties=properties)
        orders.write.mode("overwrite").jdbc(url, target, properties=properties)
        events = lineage.events(spark_session)

    runs = execution_runs(events)
    assert [run[0]["job"]["name"] for run in runs] == [f"{WRITE_JOB}.{target}"]
    assert datasets(runs[0][1], "inputs") == [(namespace(pg), "lineage.sales.orders")]
    assert datasets(runs[0][1], "outputs") == [(namespace(pg), f"lineage.public.{target}")]
    assert runs[0][1]["outputs"][0]["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "OVERWRITE"
    serialized = json.dumps(events)
    assert pg.password not in serialized
    assert pg.user not in serialized
    assert "ApplicationName" not in serialized
    # The capture works: Headwater's debug lines name the datasets it found, and nothing more.
    assert f"JDBC output {namespace(pg)} lineage.public.{target}" in log.text
    assert pg.password not in log.text
    assert pg.user not in log.text


def test_a_jdbc_backed_catalog_table_is_named_as_its_jdbc_reads_and_writes(
    spark_session: SparkSession, lineage: LineageLog, pg: PostgresServer
) -> None:
    pg.sql("DROP TABLE IF EXISTS sales.backed; CREATE TABLE sales.backed (id integer, amount numeric(10, 2));")
    spark_session.sql("DROP TABLE IF EXISTS default.jdbc_backed")
    lineage.mark(spark_session)
    identity = (namespace(pg), "lineage.sales.backed")

    spark_session.sql(
        f"CREATE TABLE jdbc_backed USING jdbc OPTIONS (url '{pg.url}', dbtable 'sales.backed',"
        f" driver 'org.postgresql.Driver', user '{pg.user}', password '{pg.password}')"
    )
    spark_session.sql("INSERT INTO jdbc_backed SELECT 1, CAST(2.50 AS DECIMAL(10, 2))")
    assert spark_session.table("jdbc_backed").count() == 1
    events = lineage.events(spark_session)

    created = [e for e in events if "dataset" in e]
    assert [(e["dataset"]["namespace"], e["dataset"]["name"]) for e in created] == [identity]
    symlinks = created[0]["dataset"]["facets"]["symlinks"]["identifiers"]
    assert [s["name"] for s in symlinks] == ["default.jdbc_backed"]
    runs = execution_runs(events)
    written = [run for run in runs if run[-1]["outputs"]]
    read = [run for run in runs if run[-1]["inputs"] and not run[-1]["outputs"]]
    assert [datasets(run[-1], "outputs") for run in written] == [[identity]]
    assert [datasets(run[-1], "inputs") for run in read] == [[identity]]
    assert pg.password not in json.dumps(events)
    spark_session.sql("DROP TABLE jdbc_backed")
