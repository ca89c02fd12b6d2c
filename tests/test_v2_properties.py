"""End-to-end: DataSourceV2 tables that declare their dataset through ``openlineage.dataset.*`` table properties.

The test catalog ``testcat`` keeps the TBLPROPERTIES of a table as its ``Table.properties()``, like any V2 connector.
With ``openlineage.dataset.namespace`` and ``.name`` both set, reads, writes and the CREATE name that dataset; each
``openlineage.dataset.facets.<name>`` is a facet: spec facets typed (spec ``_schemaURL``), others custom with
Headwater's ``_producer``; ``schema`` comes from the table, ``dataSource`` from the namespace.
"""

from __future__ import annotations

import json
from typing import Any

from pyspark.sql import SparkSession

import headwater
from tests.support import driver_log
from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, schema_fields

NAMESPACE = "kafka://broker.example:9092"
SCHEMA = [{"name": "id", "type": "integer"}, {"name": "amount", "type": "double"}]
PRODUCER = f"https://github.com/headwater-lineage/headwater/tree/{headwater.__version__}/jvm"
CUSTOM_SCHEMA_URL = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetFacet"

PROPERTIES = {
    "openlineage.dataset.namespace": NAMESPACE,
    "openlineage.dataset.name": "orders.v1",
    # a spec facet: read into the typed DocumentationDatasetFacet (its own _schemaURL is replaced by the spec's)
    "openlineage.dataset.facets.documentation": json.dumps(
        {"description": "Orders topic", "_producer": "https://connector.example/v2", "_schemaURL": "https://wrong"}
    ),
    # a custom facet: kept as given, _producer becomes Headwater's
    "openlineage.dataset.facets.acme_retention": json.dumps(
        {"_producer": "https://connector.example/v2", "_schemaURL": CUSTOM_SCHEMA_URL, "days": 7, "tier": "hot"}
    ),
    # computed by Headwater: ignored
    "openlineage.dataset.facets.schema": json.dumps({"fields": [{"name": "bogus", "type": "string"}]}),
    # malformed JSON: logged with the table and key, skipped
    "openlineage.dataset.facets.acme_broken": "{not json",
}


def tblproperties(properties: dict[str, str]) -> str:
    def quote(text: str) -> str:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    return ", ".join(f"{quote(k)} = {quote(v)}" for k, v in properties.items())


def only_run(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    runs = list(child_runs(events).values())
    assert len(runs) == 1, [run[0]["job"]["name"] for run in runs]
    assert [e["eventType"] for e in runs[0]] == ["START", "COMPLETE"]
    return runs[0]


def assert_declared(dataset: dict[str, Any]) -> None:
    facets = dataset["facets"]
    assert (dataset["namespace"], dataset["name"]) == (NAMESPACE, "orders.v1")
    assert schema_fields(dataset) == SCHEMA
    assert facets["dataSource"]["name"] == NAMESPACE
    assert facets["dataSource"]["uri"] == NAMESPACE
    assert facets["documentation"] == {
        "_producer": "https://connector.example/v2",
        "_schemaURL": "https://openlineage.io/spec/facets/1-1-0/DocumentationDatasetFacet.json#/$defs/DocumentationDatasetFacet",
        "description": "Orders topic",
    }
    assert facets["acme_retention"] == {
        "_producer": PRODUCER,
        "_schemaURL": CUSTOM_SCHEMA_URL,
        "days": 7,
        "tier": "hot",
    }
    assert "acme_broken" not in facets
    assert "symlinks" not in facets


def test_declared_dataset_on_create_write_and_read(spark_session: SparkSession, lineage: LineageLog) -> None:
    table = "testcat.props.orders"
    with driver_log.capture(spark_session, "io.headwater.spark.connectors.v2.DeclaredDataset", "WARN") as log:
        spark_session.sql(f"CREATE TABLE {table} (id INT, amount DOUBLE) TBLPROPERTIES ({tblproperties(PROPERTIES)})")
        created = lineage.events(spark_session)
    lineage.mark(spark_session)
    spark_session.sql(f"INSERT INTO {table} VALUES (1, 9.5), (2, 20.0)")
    insert = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    total = spark_session.table(table).groupBy().sum("amount").collect()[0][0]
    read = only_run(lineage.events(spark_session))

    assert total == 29.5
    # CREATE TABLE without data is metadata only: one DatasetEvent (the default static lineage), of the declared dataset
    assert [event["schemaURL"].rsplit("/", 1)[-1] for event in created] == ["DatasetEvent"]
    assert_declared(created[0]["dataset"])
    assert created[0]["dataset"]["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "CREATE"
    for event in insert:
        assert datasets(event, "inputs") == []
        assert datasets(event, "outputs") == [(NAMESPACE, "orders.v1")]
        assert_declared(event["outputs"][0])
        assert "lifecycleStateChange" not in event["outputs"][0]["facets"]
    assert insert[0]["job"]["name"] == f"{APP_JOB}.append_data.testcat_props_orders"
    for event in read:
        assert datasets(event, "inputs") == [(NAMESPACE, "orders.v1")]
        assert datasets(event, "outputs") == []
        assert_declared(event["inputs"][0])

    warnings = [line for line in log.lines() if line.startswith("WARN")]
    assert len(warnings) == 1, log.text
    assert f"table {table} property openlineage.dataset.facets.acme_broken is not a valid facet" in warnings[0]


def test_a_write_into_a_declared_table_reads_an_undeclared_one(
    spark_session: SparkSession, lineage: LineageLog
) -> None:
    source, target = "testcat.props.raw", "testcat.props.curated"
    spark_session.sql(f"CREATE TABLE {source} (id INT, amount DOUBLE)")
    declared = {"openlineage.dataset.namespace": "s3://lake", "openlineage.dataset.name": "curated/orders"}
    spark_session.sql(f"CREATE TABLE {target} (id INT, amount DOUBLE) TBLPROPERTIES ({tblproperties(declared)})")
    spark_session.sql(f"INSERT INTO {source} VALUES (1, 1.5)")
    lineage.mark(spark_session)
    spark_session.sql(f"INSERT OVERWRITE {target} SELECT id, amount * 2 FROM {source}")
    run = only_run(lineage.events(spark_session))

    assert [tuple(r) for r in spark_session.table(target).collect()] == [(1, 3.0)]
    for event in run:
        assert datasets(event, "inputs") == [("testcat", "props.raw")]
        assert datasets(event, "outputs") == [("s3://lake", "curated/orders")]
        output = event["outputs"][0]
        assert schema_fields(output) == SCHEMA
        assert output["facets"]["lifecycleStateChange"]["lifecycleStateChange"] == "OVERWRITE"
        assert output["facets"]["dataSource"] == {
            "_producer": PRODUCER,
            "_schemaURL": output["facets"]["dataSource"]["_schemaURL"],
            "name": "s3://lake",
            "uri": "s3://lake",
        }
        assert sorted(output["facets"]) == ["columnLineage", "dataSource", "lifecycleStateChange", "schema"]
    assert run[0]["job"]["name"] == f"{APP_JOB}.overwrite_by_expression.testcat_props_curated"
