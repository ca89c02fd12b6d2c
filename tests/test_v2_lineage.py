"""End-to-end: DataSourceV2 catalog tables (the in-memory test catalog ``testcat``) on the shared session.

The catalog (io.headwater.spark.testing.InMemoryTableCatalog, test sources) is loaded like any user catalog. A table
without a location is the dataset ``testcat`` + ``<ns>.<table>``; a table created with LOCATION is the file dataset
of its location with a ``symlinks`` entry naming the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F  # noqa: N812

from tests.support.events import APP_JOB, LineageLog, child_runs, datasets, schema_fields

# These tests assert the run events of V2 DDL (staticLineage.ddl=run_event); the DatasetEvents of the default mode
# are asserted in tests/test_static_lineage.py.
pytestmark = pytest.mark.usefixtures("ddl_runs")

CATALOG = "testcat"
Names = list[tuple[str, str]]
ORDERS_SCHEMA = [{"name": "id", "type": "integer"}, {"name": "region", "type": "string"}]


def execution_runs(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The runs other than the application run, in the order they started; each must be exactly START, COMPLETE."""
    runs = list(child_runs(events).values())
    for run in runs:
        assert [e["eventType"] for e in run] == ["START", "COMPLETE"], run[0]["job"]["name"]
        assert run[0]["job"]["name"] == run[1]["job"]["name"]
    return runs


def only_run(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    runs = execution_runs(events)
    assert len(runs) == 1, f"expected one run, got {[run[0]['job']['name'] for run in runs]}"
    return runs[0]


def lifecycle(dataset: dict[str, Any]) -> str | None:
    facet = dataset["facets"].get("lifecycleStateChange")
    return facet["lifecycleStateChange"] if facet else None


def symlinks(dataset: dict[str, Any]) -> list[dict[str, Any]] | None:
    facet = dataset["facets"].get("symlinks")
    return facet["identifiers"] if facet else None


def assert_both_events(run: list[dict[str, Any]], inputs: Names, outputs: Names) -> None:
    for event in run:
        assert datasets(event, "inputs") == inputs
        assert datasets(event, "outputs") == outputs


def test_sql_create_insert_and_read(spark_session: SparkSession, lineage: LineageLog) -> None:
    table = "testcat.sales.orders"

    spark_session.sql(f"CREATE TABLE {table} (id INT, region STRING) PARTITIONED BY (region)")
    create = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql(f"INSERT INTO {table} VALUES (1, 'eu'), (2, 'us')")
    insert = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    rows = spark_session.table(table).where("id > 1").collect()
    read = only_run(lineage.events(spark_session))

    assert [tuple(r) for r in rows] == [(2, "us")]
    assert_both_events(create, [], [(CATALOG, "sales.orders")])
    output = create[-1]["outputs"][0]
    assert schema_fields(output) == ORDERS_SCHEMA
    assert lifecycle(output) == "CREATE"
    assert symlinks(output) is None
    assert output["facets"]["dataSource"]["name"] == CATALOG
    assert create[-1]["job"]["name"] == f"{APP_JOB}.create_table.sales_orders"

    assert_both_events(insert, [], [(CATALOG, "sales.orders")])  # VALUES is a LocalRelation: no input
    assert schema_fields(insert[-1]["outputs"][0]) == ORDERS_SCHEMA
    assert lifecycle(insert[-1]["outputs"][0]) is None
    assert insert[-1]["job"]["name"] == f"{APP_JOB}.append_data.testcat_sales_orders"

    assert_both_events(read, [(CATALOG, "sales.orders")], [])
    assert schema_fields(read[-1]["inputs"][0]) == ORDERS_SCHEMA
    # A read-only run: its action (the call site's collect) and its first input, the catalog table sales.orders.
    assert read[-1]["job"]["name"] == f"{APP_JOB}.collect.sales_orders"

    # The catalog facet: openlineage-spark has no dataset for a catalog it has no handler for, so this is Headwater's
    # own description of a V2 catalog (docs/supported-operations.md): the catalog plugin's class as framework and type.
    plugin = "io.headwater.spark.testing.InMemoryTableCatalog"
    expected = {"framework": plugin, "type": plugin, "name": CATALOG, "source": "spark"}
    for dataset in (create[0]["outputs"][0], insert[-1]["outputs"][0], read[-1]["inputs"][0]):
        facet = dataset["facets"]["catalog"]
        assert facet["_schemaURL"].endswith("/CatalogDatasetFacet.json#/$defs/CatalogDatasetFacet")
        assert {k: v for k, v in facet.items() if not k.startswith("_")} == expected


def test_dataframe_write_to_create_append_overwrite(spark_session: SparkSession, lineage: LineageLog) -> None:
    table = "testcat.api.events"
    df = spark_session.createDataFrame([(1, "eu"), (2, "us")], "id INT, region STRING")

    df.writeTo(table).partitionedBy(F.col("region")).create()
    create_runs = execution_runs(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.createDataFrame([(3, "eu")], "id INT, region STRING").writeTo(table).append()
    append = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    replacement = spark_session.createDataFrame([(4, "eu")], "id INT, region STRING")
    replacement.writeTo(table).overwrite(F.col("region") == "eu")
    overwrite = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.createDataFrame([(5, "us")], "id INT, region STRING").writeTo(table).overwritePartitions()
    dynamic = only_run(lineage.events(spark_session))

    assert sorted(tuple(r) for r in spark_session.table(table).collect()) == [(4, "eu"), (5, "us")]
    target = [(CATALOG, "api.events")]
    # Spark 4.1 runs a CTAS as two executions, the create and, nested in it, the write: one run.
    assert [run[-1]["job"]["name"] for run in create_runs] == [f"{APP_JOB}.create_table_as_select.api_events"]
    (ctas,) = create_runs
    assert_both_events(ctas, [], target)
    assert lifecycle(ctas[-1]["outputs"][0]) == "CREATE"

    assert_both_events(append, [], target)
    assert lifecycle(append[-1]["outputs"][0]) is None
    assert append[-1]["job"]["name"] == f"{APP_JOB}.append_data.testcat_api_events"
    assert_both_events(overwrite, [], target)
    assert lifecycle(overwrite[-1]["outputs"][0]) == "OVERWRITE"
    assert overwrite[-1]["job"]["name"] == f"{APP_JOB}.overwrite_by_expression.testcat_api_events"
    assert_both_events(dynamic, [], target)
    assert lifecycle(dynamic[-1]["outputs"][0]) == "OVERWRITE"
    assert dynamic[-1]["job"]["name"] == f"{APP_JOB}.overwrite_partitions_dynamic.testcat_api_events"
    for run in (ctas, append, overwrite, dynamic):
        assert schema_fields(run[-1]["outputs"][0]) == ORDERS_SCHEMA


def test_dynamic_insert_overwrite(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.dyn.t (id INT, region STRING) PARTITIONED BY (region)")
    spark_session.sql("INSERT INTO testcat.dyn.t VALUES (1, 'eu'), (2, 'us')")
    lineage.mark(spark_session)
    spark_session.conf.set("spark.sql.sources.partitionOverwriteMode", "dynamic")
    try:
        spark_session.sql("INSERT OVERWRITE testcat.dyn.t VALUES (3, 'eu')")
    finally:
        spark_session.conf.unset("spark.sql.sources.partitionOverwriteMode")

    run = only_run(lineage.events(spark_session))
    assert sorted(tuple(r) for r in spark_session.table("testcat.dyn.t").collect()) == [(2, "us"), (3, "eu")]
    assert_both_events(run, [], [(CATALOG, "dyn.t")])
    assert lifecycle(run[-1]["outputs"][0]) == "OVERWRITE"
    assert run[-1]["job"]["name"] == f"{APP_JOB}.overwrite_partitions_dynamic.testcat_dyn_t"


def test_ctas_rtas_and_insert_overwrite_read_v2_tables(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.etl.src (id INT, region STRING)")
    spark_session.sql("INSERT INTO testcat.etl.src VALUES (1, 'eu'), (2, 'us')")
    lineage.mark(spark_session)
    source = [(CATALOG, "etl.src")]
    target = [(CATALOG, "etl.dst")]

    spark_session.sql("CREATE TABLE testcat.etl.dst AS SELECT id FROM testcat.etl.src")
    ctas_runs = execution_runs(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql("REPLACE TABLE testcat.etl.dst AS SELECT id, region FROM testcat.etl.src WHERE id = 2")
    rtas_runs = execution_runs(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql("INSERT OVERWRITE testcat.etl.src SELECT id + 10, region FROM testcat.etl.dst")
    insert_overwrite = only_run(lineage.events(spark_session))

    assert [tuple(r) for r in spark_session.table("testcat.etl.src").collect()] == [(12, "us")]
    assert [run[-1]["job"]["name"] for run in ctas_runs] == [f"{APP_JOB}.create_table_as_select.etl_dst"]
    for run in ctas_runs:
        assert_both_events(run, source, target)
        assert schema_fields(run[-1]["outputs"][0]) == [{"name": "id", "type": "integer"}]
        assert schema_fields(run[-1]["inputs"][0]) == ORDERS_SCHEMA
    assert [lifecycle(run[-1]["outputs"][0]) for run in ctas_runs] == ["CREATE"]

    assert [run[-1]["job"]["name"] for run in rtas_runs] == [f"{APP_JOB}.replace_table_as_select.etl_dst"]
    for run in rtas_runs:
        assert_both_events(run, source, target)
        assert schema_fields(run[-1]["outputs"][0]) == ORDERS_SCHEMA
        assert lifecycle(run[-1]["outputs"][0]) == "OVERWRITE"

    assert_both_events(insert_overwrite, target, source)
    assert lifecycle(insert_overwrite[-1]["outputs"][0]) == "OVERWRITE"
    assert insert_overwrite[-1]["job"]["name"] == f"{APP_JOB}.overwrite_by_expression.testcat_etl_src"


def test_replace_table_and_create_or_replace(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.rep.t (id INT)")
    spark_session.sql("CREATE TABLE testcat.rep.src (id INT, region STRING)")
    spark_session.sql("INSERT INTO testcat.rep.src VALUES (1, 'eu')")
    lineage.mark(spark_session)

    spark_session.sql("REPLACE TABLE testcat.rep.t (id INT, region STRING, note STRING)")
    replace = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.table("testcat.rep.src").writeTo("testcat.rep.t").createOrReplace()
    create_or_replace = execution_runs(lineage.events(spark_session))

    assert [tuple(r) for r in spark_session.table("testcat.rep.t").collect()] == [(1, "eu")]
    target = [(CATALOG, "rep.t")]
    assert_both_events(replace, [], target)
    assert lifecycle(replace[-1]["outputs"][0]) == "OVERWRITE"
    assert schema_fields(replace[-1]["outputs"][0]) == [*ORDERS_SCHEMA, {"name": "note", "type": "string"}]
    assert replace[-1]["job"]["name"] == f"{APP_JOB}.replace_table.rep_t"
    # createOrReplace is an RTAS with (Spark 4.1) its write nested in it: one run.
    assert [run[-1]["job"]["name"] for run in create_or_replace] == [f"{APP_JOB}.replace_table_as_select.rep_t"]
    for run in create_or_replace:
        assert_both_events(run, [(CATALOG, "rep.src")], target)
        assert lifecycle(run[-1]["outputs"][0]) == "OVERWRITE"
        assert schema_fields(run[-1]["outputs"][0]) == ORDERS_SCHEMA


def test_table_with_location_is_named_by_its_location(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    location = tmp_path / "located"
    table_link = [{"namespace": CATALOG, "name": "geo.located", "type": "TABLE"}]

    spark_session.sql(f"CREATE TABLE testcat.geo.located (id INT) LOCATION '{location}'")
    create = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql("INSERT INTO testcat.geo.located VALUES (7)")
    insert = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    assert spark_session.table("testcat.geo.located").count() == 1
    read = only_run(lineage.events(spark_session))

    assert_both_events(create, [], [("file", str(location))])
    assert symlinks(create[-1]["outputs"][0]) == table_link
    assert lifecycle(create[-1]["outputs"][0]) == "CREATE"
    assert create[-1]["job"]["name"] == f"{APP_JOB}.create_table.geo_located"
    assert_both_events(insert, [], [("file", str(location))])
    assert symlinks(insert[-1]["outputs"][0]) == table_link
    assert insert[-1]["job"]["name"] == f"{APP_JOB}.append_data.testcat_geo_located"
    assert_both_events(read, [("file", str(location))], [])
    assert symlinks(read[-1]["inputs"][0]) == table_link
    assert schema_fields(read[-1]["inputs"][0]) == [{"name": "id", "type": "integer"}]


def test_relative_location_is_left_to_the_catalog(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.geo.relative (id INT) LOCATION 'some/relative/dir'")
    create = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql("INSERT INTO testcat.geo.relative VALUES (1)")
    insert = only_run(lineage.events(spark_session))

    description = spark_session.sql("DESCRIBE TABLE EXTENDED testcat.geo.relative").collect()
    described = {r["col_name"]: r["data_type"] for r in description}
    assert described["Location"] == "some/relative/dir"  # Spark 4.1 does not qualify it for a V2 catalog
    for run in (create, insert):
        assert_both_events(run, [], [(CATALOG, "geo.relative")])
        assert symlinks(run[-1]["outputs"][0]) is None


def test_drop_table(spark_session: SparkSession, lineage: LineageLog, tmp_path: Path) -> None:
    spark_session.sql("CREATE TABLE testcat.tmp.gone (id INT)")
    spark_session.sql(f"CREATE TABLE testcat.tmp.gone_located (id INT) LOCATION '{tmp_path / 'gone'}'")
    lineage.mark(spark_session)

    spark_session.sql("DROP TABLE testcat.tmp.gone")
    spark_session.sql("DROP TABLE testcat.tmp.gone_located")

    drop, drop_located = execution_runs(lineage.events(spark_session))
    assert_both_events(drop, [], [(CATALOG, "tmp.gone")])
    assert lifecycle(drop[-1]["outputs"][0]) == "DROP"
    assert "schema" not in drop[-1]["outputs"][0]["facets"]
    assert drop[-1]["job"]["name"] == f"{APP_JOB}.drop_table.tmp_gone"
    # The plan of a DROP does not hold the table, so its location is unknown: the catalog identity names it.
    assert_both_events(drop_located, [], [(CATALOG, "tmp.gone_located")])
    assert spark_session.sql("SHOW TABLES IN testcat.tmp").count() == 0


def test_v2_visitors_do_not_match_file_writes_or_session_catalog_tables(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    spark_session.sql("CREATE TABLE testcat.mix.src (id INT)")
    spark_session.sql("INSERT INTO testcat.mix.src VALUES (1)")
    lineage.mark(spark_session)
    out = tmp_path / "exported"

    spark_session.table("testcat.mix.src").write.parquet(str(out))
    export = only_run(lineage.events(spark_session))
    lineage.mark(spark_session)
    spark_session.sql("CREATE TABLE default.v1_only (id INT) USING parquet")
    spark_session.sql("DROP TABLE default.v1_only")
    session_catalog = execution_runs(lineage.events(spark_session))

    assert_both_events(export, [(CATALOG, "mix.src")], [("file", str(out))])
    assert symlinks(export[-1]["outputs"][0]) is None
    expected_job = f"{APP_JOB}.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_exported"
    assert export[-1]["job"]["name"] == expected_job
    # CREATE is a V1 command; the DROP a V2 DropTable of the session catalog, which the V2 rule leaves to the
    # session-catalog rule: both are named by the table's location, never as a V2 table of `spark_catalog`.
    assert [[d[0] for d in datasets(run[-1], "outputs")] for run in session_catalog] == [["file"], ["file"]]
