"""Spark Declarative Pipelines end to end: a real project made by ``spark-pipelines init``, extended with one Python
and one SQL definition file, dry-run and run by the pyspark wheel's ``spark-pipelines`` CLI with the agent loaded into
the Spark Connect server that runs it (``spark-defaults.conf`` in ``SPARK_CONF_DIR``, the way docs/pipelines.md says).

The pipeline::

    csv files ──▶ orders (materialized view, Python) ──▶ big_orders (temporary view, SQL)
                                                          ──▶ order_events (streaming table, SQL)
    example_python_materialized_view ──▶ example_sql_materialized_view      (the two files ``init`` writes)

Every event read is validated against the OpenLineage spec (``tests.support.events.read_jsonl``).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

import headwater
from integration.support import VENV_BIN, driver_env
from tests.support.events import read_jsonl

if TYPE_CHECKING:
    from pathlib import Path

PIPELINE = "shop"
NAMESPACE = "pipelines-tests"
PRODUCER = "https://github.com/headwater-lineage/headwater/tree/"

ORDERS_PY = """from pyspark import pipelines as dp
from pyspark.sql import DataFrame, SparkSession

spark = SparkSession.active()


@dp.materialized_view(
    comment="Orders as loaded", table_properties={"openlineage.tags.tier": "bronze", "quality": "raw"}
)
def orders() -> DataFrame:
    return spark.read.schema("order_id INT, customer STRING, amount DOUBLE").csv("{csv}")
"""

EVENTS_SQL = """CREATE TEMPORARY VIEW big_orders AS
SELECT order_id, customer, amount FROM STREAM(orders) WHERE amount > 10;

CREATE STREAMING TABLE order_events
COMMENT 'Big orders in cents'
AS SELECT order_id, upper(customer) AS customer, amount * 100 AS amount_cents
FROM STREAM(big_orders);
"""


@dataclass(frozen=True)
class Project:
    """A pipeline project and the Spark configuration directory that loads the agent for it."""

    root: Path
    conf_dir: Path
    events: Path
    csv: Path

    def run(self, command: str, *, agent: bool = True) -> subprocess.CompletedProcess[str]:
        """``spark-pipelines COMMAND`` in the project; the agent is loaded through SPARK_CONF_DIR when ``agent``."""
        env = driver_env(SPARK_CONF_DIR=str(self.conf_dir)) if agent else driver_env()
        return subprocess.run(
            [str(VENV_BIN / "spark-pipelines"), command], cwd=self.root, env=env, capture_output=True, text=True,
            timeout=900, check=False,
        )  # fmt: skip

    def read_events(self) -> list[dict[str, Any]]:
        """The events written so far (validated), then the file is emptied for the next command."""
        events = read_jsonl(self.events)
        self.events.unlink(missing_ok=True)
        return events


def new_project(tmp: Path, name: str) -> Project:
    """``spark-pipelines init --name NAME`` in ``tmp``, extended with transformations/orders.py (a materialized view
    over a CSV directory) and transformations/events.sql (a temporary view and a streaming table), the pipeline named by
    ``spark.openlineage.pipeline.name`` in the spec's configuration; a conf directory whose spark-defaults.conf loads
    the agent with a file transport."""
    init = subprocess.run(
        [str(VENV_BIN / "spark-pipelines"), "init", "--name", name], cwd=tmp, env=driver_env(), capture_output=True,
        text=True, timeout=600, check=False,
    )  # fmt: skip
    assert init.returncode == 0, init.stderr[-3000:]
    root = tmp / name
    csv = tmp / "data" / "orders"
    csv.mkdir(parents=True)
    (csv / "part-0.csv").write_text("1,ann,12.5\n2,bob,7.0\n3,cy,30.0\n")
    (root / "transformations" / "orders.py").write_text(ORDERS_PY.replace("{csv}", str(csv)))
    (root / "transformations" / "events.sql").write_text(EVENTS_SQL)
    spec = root / "spark-pipeline.yml"
    spec.write_text(spec.read_text() + f"configuration:\n  spark.openlineage.pipeline.name: {PIPELINE}\n")
    conf_dir = tmp / f"{name}-conf"
    conf_dir.mkdir()
    events = tmp / f"{name}-events.jsonl"
    (conf_dir / "spark-defaults.conf").write_text(
        f"spark.jars {headwater.jar_path()}\n"
        f"spark.extraListeners {headwater.LISTENER_CLASS}\n"
        "spark.openlineage.transport.type file\n"
        f"spark.openlineage.transport.location {events}\n"
        f"spark.openlineage.namespace {NAMESPACE}\n"
        "spark.ui.enabled false\n"
    )
    return Project(root.resolve(), conf_dir, events, csv)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """The shop project, created once for this module."""
    return new_project(tmp_path_factory.mktemp("pipelines"), "shop")


@pytest.fixture(scope="module")
def dry_run(project: Project) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """``spark-pipelines dry-run`` of the shop project: the finished process and its events."""
    finished = project.run("dry-run")
    return finished, project.read_events()


@pytest.fixture(scope="module")
def real_run(
    project: Project,
    dry_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]],
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """``spark-pipelines run`` of the shop project, after its dry run: the finished process and its events."""
    finished = project.run("run")
    return finished, project.read_events()


def kinds(events: list[dict[str, Any]]) -> list[str]:
    """The event kind of each event: RunEvent, JobEvent or DatasetEvent (from its schemaURL)."""
    return [e["schemaURL"].rsplit("/", 1)[-1] for e in events]


def static_jobs(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The JobEvents by job name."""
    return {e["job"]["name"]: e for e in events if e["schemaURL"].endswith("/JobEvent")}


def static_datasets(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The DatasetEvents' datasets by name."""
    return {e["dataset"]["name"]: e["dataset"] for e in events if e["schemaURL"].endswith("/DatasetEvent")}


def run_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The RunEvents, without those of the Spark application itself (job type APPLICATION)."""
    return [
        e
        for e in events
        if e["schemaURL"].endswith("/RunEvent")
        and e["job"]["facets"].get("jobType", {}).get("jobType") != "APPLICATION"
    ]


def without_meta(facet: dict[str, Any]) -> dict[str, Any]:
    """A facet without ``_producer`` and ``_schemaURL`` (checked separately)."""
    assert facet["_producer"].startswith(PRODUCER)
    assert facet["_schemaURL"]
    return {k: v for k, v in facet.items() if k not in ("_producer", "_schemaURL")}


def warehouse(project: Project, table: str) -> str:
    """The file dataset name of a pipeline table in the project's default warehouse."""
    return str(project.root / "spark-warehouse" / table)


def test_dry_run_emits_one_dataset_event_per_declared_dataset_and_no_runs(
    project: Project, dry_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]
) -> None:
    finished, events = dry_run
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "Run is COMPLETED." in finished.stdout + finished.stderr
    assert run_events(events) == [], "a dry run runs nothing"
    assert not (project.root / "spark-warehouse" / "orders").exists()

    datasets = static_datasets(events)
    orders_name, events_name = warehouse(project, "orders"), warehouse(project, "order_events")
    assert set(datasets) == {
        orders_name, events_name, f"{PIPELINE}.big_orders",
        warehouse(project, "example_python_materialized_view"), warehouse(project, "example_sql_materialized_view"),
    }  # fmt: skip

    orders = datasets[orders_name]
    assert orders["namespace"] == "file"
    facets = orders["facets"]
    assert without_meta(facets["datasetType"]) == {"datasetType": "VIEW", "subType": "MATERIALIZED"}
    assert without_meta(facets["schema"])["fields"] == [
        {"name": "order_id", "type": "integer"},
        {"name": "customer", "type": "string"},
        {"name": "amount", "type": "double"},
    ]
    assert without_meta(facets["tags"]) == {"tags": [{"key": "tier", "value": "bronze", "source": "SPARK"}]}
    assert without_meta(facets["documentation"]) == {"description": "Orders as loaded"}
    assert without_meta(facets["symlinks"])["identifiers"] == [
        {"namespace": f"file:{project.root}/spark-warehouse", "name": "default.orders", "type": "TABLE"}
    ]
    pipeline_facet = without_meta(facets["headwater_sparkPipeline"])
    assert pipeline_facet["pipeline"] == PIPELINE
    assert pipeline_facet["kind"] == "MATERIALIZED_VIEW"
    assert pipeline_facet["definition"] == {
        "file": str(project.root / "transformations" / "orders.py"), "line": 7, "language": "PYTHON",
    }  # fmt: skip
    assert pipeline_facet["properties"] == {"openlineage.tags.tier": "bronze", "quality": "raw"}

    order_events = datasets[events_name]["facets"]
    assert without_meta(order_events["datasetType"]) == {"datasetType": "TABLE", "subType": "STREAMING"}
    assert [f["name"] for f in order_events["schema"]["fields"]] == ["order_id", "customer", "amount_cents"]
    assert without_meta(order_events["documentation"]) == {"description": "Big orders in cents"}
    assert "tags" not in order_events
    assert without_meta(order_events["headwater_sparkPipeline"])["definition"] == {
        "file": "transformations/events.sql", "line": 4, "language": "SQL",
    }  # fmt: skip

    view = datasets[f"{PIPELINE}.big_orders"]
    assert view["namespace"] == NAMESPACE
    assert without_meta(view["facets"]["datasetType"]) == {"datasetType": "VIEW", "subType": "TEMPORARY"}
    assert without_meta(view["facets"]["headwater_sparkPipeline"])["kind"] == "TEMPORARY_VIEW"


def test_dry_run_emits_one_job_event_per_flow(
    project: Project, dry_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]
) -> None:
    events = dry_run[1]
    orders_name, events_name = warehouse(project, "orders"), warehouse(project, "order_events")
    jobs = static_jobs(events)
    assert set(jobs) == {
        f"{PIPELINE}.orders", f"{PIPELINE}.big_orders", f"{PIPELINE}.order_events",
        f"{PIPELINE}.example_python_materialized_view", f"{PIPELINE}.example_sql_materialized_view",
    }  # fmt: skip
    for job in jobs.values():
        assert job["job"]["namespace"] == NAMESPACE

    orders_job = jobs[f"{PIPELINE}.orders"]
    assert [(d["namespace"], d["name"]) for d in orders_job["inputs"]] == [("file", str(project.csv))]
    assert [(d["namespace"], d["name"]) for d in orders_job["outputs"]] == [("file", orders_name)]
    job_facets = orders_job["job"]["facets"]
    assert without_meta(job_facets["jobType"]) == {
        "processingType": "BATCH", "integration": "SPARK", "jobType": "SQL_JOB",
    }  # fmt: skip
    assert without_meta(job_facets["sourceCodeLocation"]) == {
        "type": "file",
        "url": f"file://{project.root}/transformations/orders.py#L7",
        "path": str(project.root / "transformations" / "orders.py"),
    }
    assert without_meta(job_facets["headwater_sparkPipeline"]) == {
        "pipeline": PIPELINE,
        "flow": "spark_catalog.default.orders",
        "flowType": "COMPLETE",
        "destination": "spark_catalog.default.orders",
        "destinationKind": "MATERIALIZED_VIEW",
        "definition": {"file": str(project.root / "transformations" / "orders.py"), "line": 7, "language": "PYTHON"},
    }
    lineage = orders_job["outputs"][0]["facets"]["columnLineage"]["fields"]
    assert set(lineage) == {"order_id", "customer", "amount"}
    assert [(f["namespace"], f["name"], f["field"]) for f in lineage["amount"]["inputFields"]] == [
        ("file", str(project.csv), "amount")
    ]

    view_job = jobs[f"{PIPELINE}.big_orders"]
    assert [(d["namespace"], d["name"]) for d in view_job["inputs"]] == [("file", orders_name)]
    assert [(d["namespace"], d["name"]) for d in view_job["outputs"]] == [(NAMESPACE, f"{PIPELINE}.big_orders")]
    assert view_job["job"]["facets"]["jobType"]["processingType"] == "STREAMING"
    view_sql = view_job["job"]["facets"]["sql"]["query"]
    assert view_sql.startswith("CREATE TEMPORARY VIEW big_orders AS")
    assert "WHERE amount > ?" in view_sql  # a pipeline definition's literals are masked like any SQL text

    events_job = jobs[f"{PIPELINE}.order_events"]
    assert [(d["namespace"], d["name"]) for d in events_job["inputs"]] == [(NAMESPACE, f"{PIPELINE}.big_orders")]
    assert [(d["namespace"], d["name"]) for d in events_job["outputs"]] == [("file", events_name)]
    events_facets = events_job["job"]["facets"]
    assert events_facets["jobType"]["processingType"] == "STREAMING"
    assert without_meta(events_facets["sourceCodeLocation"])["url"] == "file:transformations/events.sql#L4"
    assert without_meta(events_facets["headwater_sparkPipeline"])["flowType"] == "STREAMING"
    amount_cents = events_job["outputs"][0]["facets"]["columnLineage"]["fields"]["amount_cents"]["inputFields"]
    assert [(f["namespace"], f["name"], f["field"]) for f in amount_cents] == [
        (NAMESPACE, f"{PIPELINE}.big_orders", "amount")
    ]

    example = jobs[f"{PIPELINE}.example_sql_materialized_view"]
    assert [d["name"] for d in example["inputs"]] == [warehouse(project, "example_python_materialized_view")]


def test_run_reports_each_flow_under_its_declared_job(
    project: Project,
    dry_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]],
    real_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]],
) -> None:
    finished, events = real_run
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "Run is COMPLETED." in finished.stdout + finished.stderr

    # The run emits the same static events as the dry run (the graph is resolved before the run starts).
    assert set(static_jobs(events)) == set(static_jobs(dry_run[1]))
    assert set(static_datasets(events)) == set(static_datasets(dry_run[1]))

    runs = run_events(events)
    update = [e for e in runs if e["job"]["name"] == PIPELINE]
    assert [e["eventType"] for e in update] == ["START", "COMPLETE"]
    assert update[0]["job"]["namespace"] == NAMESPACE
    assert without_meta(update[0]["job"]["facets"]["headwater_sparkPipeline"]) == {"pipeline": PIPELINE}
    update_id = update[0]["run"]["runId"]
    assert update[1]["run"]["runId"] == update_id

    declared = {(j["job"]["namespace"], name) for name, j in static_jobs(events).items()}
    flows = [e for e in runs if e["job"]["name"] != PIPELINE]
    by_job: dict[str, list[dict[str, Any]]] = {}
    for event in flows:
        assert (event["job"]["namespace"], event["job"]["name"]) in declared, event["job"]["name"]
        parent = event["run"]["facets"]["parent"]
        assert parent["run"] == {"runId": update_id}
        assert parent["job"] == {"namespace": NAMESPACE, "name": PIPELINE}
        by_job.setdefault(event["job"]["name"], []).append(event)
    # the temporary view runs inside order_events, not on its own
    assert set(by_job) == {
        f"{PIPELINE}.orders", f"{PIPELINE}.order_events",
        f"{PIPELINE}.example_python_materialized_view", f"{PIPELINE}.example_sql_materialized_view",
    }  # fmt: skip
    for name, job_events in by_job.items():
        types = [e["eventType"] for e in job_events]
        assert types[0] == "START", (name, types)
        assert types[-1] == "COMPLETE", (name, types)
        assert len({e["run"]["runId"] for e in job_events}) == 1, name

    orders = by_job[f"{PIPELINE}.orders"][-1]
    assert [(d["namespace"], d["name"]) for d in orders["inputs"]] == [("file", str(project.csv))]
    assert [(d["namespace"], d["name"]) for d in orders["outputs"]] == [("file", warehouse(project, "orders"))]
    streaming = by_job[f"{PIPELINE}.order_events"][-1]
    assert streaming["job"]["facets"]["jobType"]["processingType"] == "STREAMING"
    assert [d["name"] for d in streaming["outputs"]] == [warehouse(project, "order_events")]
    assert [d["name"] for d in streaming["inputs"]] == [warehouse(project, "orders")]


def test_a_definition_that_does_not_resolve_fails_cleanly(tmp_path: Path) -> None:
    project = new_project(tmp_path, "broken")
    (project.root / "transformations" / "events.sql").write_text(
        EVENTS_SQL.replace("upper(customer)", "upper(no_such_column)")
    )

    dry = project.run("dry-run")
    dry_events = project.read_events()
    assert dry.returncode != 0
    assert "UNRESOLVED_COLUMN" in dry.stdout + dry.stderr
    assert kinds(dry_events) == ["RunEvent", "RunEvent"], "only the application's own START and COMPLETE"
    assert run_events(dry_events) == []
    assert "Headwater" not in dry.stderr.replace("headwater-spark.jar", ""), "no log line of the agent"

    run = project.run("run")
    run_events_ = run_events(project.read_events())
    assert run.returncode != 0
    assert "UNRESOLVED_COLUMN" in run.stdout + run.stderr
    assert [(e["job"]["name"], e["eventType"]) for e in run_events_] == [(PIPELINE, "START"), (PIPELINE, "FAIL")]
    error = run_events_[1]["run"]["facets"]["errorMessage"]
    assert "UNRESOLVED_COLUMN" in error["message"]

    # Without the agent the run fails the same way: Headwater does not change the job's outcome.
    plain = project.run("run", agent=False)
    assert plain.returncode == run.returncode
    assert "UNRESOLVED_COLUMN" in plain.stdout + plain.stderr


def test_a_flow_that_fails_while_running_yields_its_fail(tmp_path: Path) -> None:
    project = new_project(tmp_path, "failing")
    (project.csv / "part-1.csv").write_text("4,dee,not-a-number\n")
    (project.root / "transformations" / "orders.py").write_text(
        ORDERS_PY.replace("amount DOUBLE", "amount STRING")
        .replace("{csv}", str(project.csv))
        .replace('")\n', '").selectExpr("order_id", "customer", "CAST(amount AS DOUBLE) AS amount")\n')
    )

    run = project.run("run")
    events = run_events(project.read_events())
    assert run.returncode != 0
    assert "CAST_INVALID_INPUT" in run.stdout + run.stderr

    orders = [e for e in events if e["job"]["name"] == f"{PIPELINE}.orders"]
    assert orders, [e["job"]["name"] for e in events]
    assert orders[-1]["eventType"] == "FAIL"
    assert "CAST_INVALID_INPUT" in orders[-1]["run"]["facets"]["errorMessage"]["message"]
    update = [e for e in events if e["job"]["name"] == PIPELINE]
    assert [e["eventType"] for e in update] == ["START", "FAIL"]
    assert not [e for e in events if e["job"]["name"] == f"{PIPELINE}.order_events"], "skipped after its upstream"


def test_headwater_pipelines_loads_the_agent_by_itself_and_keeps_the_users_settings(
    project: Project,
    dry_run: tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]],
    tmp_path: Path,
) -> None:
    """``headwater pipelines dry-run --transport file --location ...``: no spark-defaults.conf written by hand. The
    user's own configuration directory (here with the namespace and a log4j2.properties) still applies; the events are
    those of the hand-written configuration."""
    users = tmp_path / "users-conf"
    users.mkdir()
    (users / "spark-defaults.conf").write_text(
        f"# the user's own\nspark.openlineage.namespace={NAMESPACE}\nspark.ui.enabled false\n"
    )
    (users / "log4j2.properties").write_text("rootLogger.level = error\n")
    events = tmp_path / "events.jsonl"
    env = driver_env(SPARK_CONF_DIR=str(users))
    finished = subprocess.run(
        [str(VENV_BIN / "headwater"), "pipelines", "dry-run", "--transport", "file", "--location", str(events)],
        cwd=project.root, env=env, capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    by_hand = dry_run[1]
    by_command = read_jsonl(events)

    def static(found: list[dict[str, Any]]) -> list[tuple[str, str, list[str], list[str]]]:
        return sorted(
            (
                e["job"]["namespace"],
                e["job"]["name"],
                [i["name"] for i in e["inputs"]],
                [o["name"] for o in e["outputs"]],
            )
            for e in found
            if e["schemaURL"].endswith("/JobEvent")
        )

    assert static(by_command) == static(by_hand)
    assert {"shop.orders", "shop.big_orders", "shop.order_events"} <= {name for _, name, _, _ in static(by_command)}
    assert sorted(static_datasets(by_command)) == sorted(static_datasets(by_hand))
    assert sorted(users.iterdir()) == [users / "log4j2.properties", users / "spark-defaults.conf"]  # left as it was

    # spark-pipelines' own exit status and message come through
    failed = subprocess.run(
        [str(VENV_BIN / "headwater"), "pipelines", "dry-run", "--spec", str(tmp_path / "missing.yml")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert failed.returncode != 0
