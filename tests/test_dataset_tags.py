"""Dataset tags (source SPARK) from table properties and column metadata; ownership and documentation from the
catalog (shared session)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import SparkSession

from tests.support.events import LineageLog, child_runs


def tags(dataset: dict[str, Any]) -> list[dict[str, str]] | None:
    facet = dataset["facets"].get("tags")
    return None if facet is None else facet["tags"]


def last_run(lineage: LineageLog, spark: SparkSession) -> dict[str, Any]:
    runs = list(child_runs(lineage.events(spark)).values())
    assert len(runs) == 1, [r[0]["job"]["name"] for r in runs]
    return runs[0][-1]


@pytest.fixture
def db(spark_session: SparkSession) -> str:
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_dataset_tags")
    yield "hw_dataset_tags"
    spark_session.sql("DROP DATABASE IF EXISTS hw_dataset_tags CASCADE")


def test_table_property_tags_owner_and_comment(
    spark_session: SparkSession, lineage: LineageLog, db: str, tmp_path: Path
) -> None:
    spark_session.sql(
        f"CREATE TABLE {db}.users (id INT, email STRING COMMENT 'work address') USING parquet COMMENT 'app users' "
        "TBLPROPERTIES ('openlineage.tags.pii' = 'true', 'openlineage.tags.domain' = 'identity', 'other' = 'x')"
    )
    (create,) = [e for e in lineage.events(spark_session) if "dataset" in e]
    spark_session.sql(f"INSERT INTO {db}.users VALUES (1, 'a@b.c')")
    lineage.mark(spark_session)

    spark_session.table(f"{db}.users").write.parquet(str(tmp_path / "export"))

    run = last_run(lineage, spark_session)
    owner = spark_session.sparkContext.sparkUser()
    expected_tags = [
        {"key": "domain", "value": "identity", "source": "SPARK"},
        {"key": "pii", "value": "true", "source": "SPARK"},
    ]
    for dataset in (create["dataset"], run["inputs"][0]):
        assert tags(dataset) == expected_tags
        assert dataset["facets"]["ownership"]["owners"] == [{"name": owner}]
        assert dataset["facets"]["documentation"]["description"] == "app users"
        assert dataset["facets"]["schema"]["fields"][1] == {
            "name": "email",
            "type": "string",
            "description": "work address",
        }
    assert tags(run["outputs"][0]) is None  # table tags stay on the table: the exported files are another dataset
    spark_session.sql(f"ALTER TABLE {db}.users SET TBLPROPERTIES ('openlineage.tags.pii' = 'false')")
    (altered,) = [e for e in lineage.events(spark_session) if "dataset" in e]
    assert tags(altered["dataset"])[1] == {"key": "pii", "value": "false", "source": "SPARK"}


def test_v2_table_property_tags(spark_session: SparkSession, lineage: LineageLog) -> None:
    spark_session.sql("CREATE TABLE testcat.tagged.t (id INT) TBLPROPERTIES ('openlineage.tags.tier' = 'gold')")
    spark_session.sql("INSERT INTO testcat.tagged.t VALUES (1)")
    lineage.mark(spark_session)

    assert spark_session.table("testcat.tagged.t").count() == 1

    run = last_run(lineage, spark_session)
    assert (run["inputs"][0]["namespace"], run["inputs"][0]["name"]) == ("testcat", "tagged.t")
    assert tags(run["inputs"][0]) == [{"key": "tier", "value": "gold", "source": "SPARK"}]
    spark_session.sql("DROP TABLE testcat.tagged.t")


def test_column_metadata_tags_follow_unchanged_columns(
    spark_session: SparkSession, lineage: LineageLog, tmp_path: Path
) -> None:
    users = spark_session.createDataFrame([(1, "a@b.c", "x")], "id INT, email STRING, note STRING")
    users = users.withMetadata("email", {"tags": {"pii": True, "meta": {"owner": {"team": "sec"}}}})
    lineage.mark(spark_session)

    users.selectExpr("id", "email", "upper(note) AS note").write.parquet(str(tmp_path / "copy"))
    users.selectExpr("id", "upper(email) AS email_upper").write.parquet(str(tmp_path / "derived"))

    runs = list(child_runs(lineage.events(spark_session)).values())
    copy, derived = runs
    assert tags(copy[-1]["outputs"][0]) == [
        {"key": "pii", "value": "true", "source": "SPARK", "field": "email"},
        {"key": "meta_owner_team", "value": "sec", "source": "SPARK", "field": "email"},
    ]
    assert tags(derived[-1]["outputs"][0]) is None  # an expression over the column is a new column without its tags
