"""Headwater side by side with the OpenLineage Spark integration (openlineage-spark 1.53.0 from Maven Central).

The corpus (``integration/jobs/parity_corpus.py``: file writes under adaptive execution, session-catalog and Hive
tables, INSERT, CTAS, ``saveAsTable``, DDL (TRUNCATE, ALTER ADD COLUMNS and RENAME among them), Hive directory
inserts, a DataSourceV2 catalog, an Iceberg Hadoop catalog, RDD jobs, a DataFrame built from RDDs, writes into dated
directories, a streaming query, ``collect()``) runs once with each agent, in its own driver; each operation's events are compared. Headwater runs with
``jobName.style=openlineage`` and ``staticLineage.ddl=run_event``, the settings a team switching agents uses. Asserted:

- every Headwater job name is one openlineage-spark gives for the same operation, and Headwater has one run per
  operation;
- the same dataset identities (namespace and name) on both sides, except the intended differences below;
- Headwater's column lineage equals or is a superset of openlineage-spark's, field by field;
- the ``fileCount`` and ``rowCount`` of RDD writes' ``outputStatistics`` are openlineage-spark's;
- every Headwater event passes the spec and the compatibility suite's checks (``tests.support.events.read_jsonl``).

The intended differences are listed in ``docs/supported-operations.md`` ("Side by side with openlineage-spark");
``INTENDED`` below is that list as data, and the test fails when a difference appears that it does not name, or when a
named one goes away.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import headwater
from bench.peer import peer_jar, peer_settings
from integration.support import JOBS, driver_env
from tests.support.events import read_jsonl
from tests.support.spark_versions import CONNECTOR, IVY_HOME, TEST_CATALOG_JAR

APP_JOB = "parity_corpus"
# Both agents capture these environment variables into the application run's environment-properties facet.
CAPTURE_ENV = {"spark.openlineage.facets.custom_environment_variables": "[PARITY_MARKER;PARITY_UNSET]"}

Dataset = tuple[str, str]
InputField = tuple[str, str, str]


@dataclass
class Operation:
    """What one agent reported for one operation of the corpus: over all its runs but the application's."""

    job_names: set[str] = field(default_factory=set)
    run_ids: set[str] = field(default_factory=set)
    inputs: set[Dataset] = field(default_factory=set)
    outputs: set[Dataset] = field(default_factory=set)
    # output -> field -> input fields
    column_lineage: dict[Dataset, dict[str, set[InputField]]] = field(default_factory=dict)
    # dataset -> its catalog facet, without _producer
    catalogs: dict[Dataset, dict[str, Any]] = field(default_factory=dict)
    # output -> its outputStatistics facet (of the terminal event), without _producer and _schemaURL
    output_statistics: dict[Dataset, dict[str, Any]] = field(default_factory=dict)


def windows(events_file: Path, manifest: Path) -> dict[str, list[dict[str, Any]]]:
    """The events of each operation of a corpus, from the agent's event file and the byte windows in ``manifest``."""
    data = events_file.read_bytes()
    found: dict[str, list[dict[str, Any]]] = {}
    for name, (start, end) in json.loads(manifest.read_text()).items():
        chunk = data[start:end].decode("utf-8").splitlines()
        found[name] = [json.loads(line) for line in chunk if line.strip()]
    return found


def operations(events_file: Path, manifest: Path) -> dict[str, Operation]:
    """The corpus's operations as one agent reported them, from its event file and the byte windows in ``manifest``."""
    found: dict[str, Operation] = {}
    for name, events in windows(events_file, manifest).items():
        operation = Operation()
        for event in events:
            if "run" not in event or event["job"]["name"] == APP_JOB:
                continue
            operation.job_names.add(event["job"]["name"])
            operation.run_ids.add(event["run"]["runId"])
            operation.inputs |= {(d["namespace"], d["name"]) for d in event.get("inputs") or []}
            for dataset in [*(event.get("inputs") or []), *(event.get("outputs") or [])]:
                catalog = (dataset.get("facets") or {}).get("catalog")
                if catalog:
                    key = (dataset["namespace"], dataset["name"])
                    operation.catalogs[key] = {k: v for k, v in catalog.items() if k != "_producer"}
            for output in event.get("outputs") or []:
                key = (output["namespace"], output["name"])
                operation.outputs.add(key)
                statistics = (output.get("outputFacets") or {}).get("outputStatistics")
                if statistics:
                    operation.output_statistics[key] = {
                        k: v for k, v in statistics.items() if k not in ("_producer", "_schemaURL")
                    }
                facet = (output.get("facets") or {}).get("columnLineage")
                for column, lineage in (facet or {}).get("fields", {}).items():
                    inputs = {(i["namespace"], i["name"], i["field"]) for i in lineage["inputFields"]}
                    operation.column_lineage.setdefault(key, defaultdict(set))[column] |= inputs
        found[name] = operation
    return found


def iceberg_settings(workdir: Path, *, delta: bool = False) -> dict[str, str]:
    """Apache Iceberg as the Hadoop catalog ``iceberg`` with its warehouse in ``workdir`` and, with ``delta``, Delta
    Lake as the session catalog (the releases of the running Spark line, from Maven Central through
    ``spark.jars.packages``; with ``delta`` cached in the checkout's ivy home under build/, as the shared session's)."""
    assert CONNECTOR.iceberg, CONNECTOR.no_iceberg
    assert CONNECTOR.delta or not delta, CONNECTOR.no_delta
    settings = {
        "spark.jars.packages": CONNECTOR.iceberg,
        "spark.sql.catalog.iceberg": "org.apache.iceberg.spark.SparkCatalog",
        "spark.sql.catalog.iceberg.type": "hadoop",
        "spark.sql.catalog.iceberg.warehouse": str(workdir / "iceberg"),
    }
    if delta:
        settings |= {
            "spark.jars.packages": f"{CONNECTOR.delta},{CONNECTOR.iceberg}",
            "spark.jars.ivy": str(IVY_HOME),
            "spark.sql.extensions": "io.delta.sql.DeltaSparkSessionExtension",
            "spark.sql.catalog.spark_catalog": "org.apache.spark.sql.delta.catalog.DeltaCatalog",
            "spark.databricks.delta.snapshotPartitions": "2",
        }
    return settings


def run_corpus(
    agent: str,
    workdir: Path,
    settings: dict[str, str],
    script: str = "parity_corpus.py",
    *,
    delta: bool = False,
    **env: str,
) -> subprocess.Popen[str]:
    """Start the corpus ``script`` (in ``integration/jobs``) in its own driver with ``settings``, Iceberg and, with
    ``delta``, Delta, and ``env`` in its environment; its events go to ``workdir/events.jsonl``."""
    settings = {**settings, **iceberg_settings(workdir, delta=delta)}
    workdir.mkdir(parents=True)
    command = [sys.executable, str(JOBS / script), agent, str(workdir), str(workdir / "manifest.json"),
               json.dumps(settings)]  # fmt: skip
    log = (workdir / "driver.log").open("w")
    env = driver_env(PARITY_MARKER="side-by-side", **env)
    return subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)


def packages_retrieved(driver: subprocess.Popen[str], log: Path, timeout: float = 600) -> None:
    """Wait until ``driver`` has retrieved its ``spark.jars.packages`` (Ivy's "artifacts copied" line in its ``log``)
    or has exited: two drivers resolving into one Ivy cache at once race (one reads a jar the other is still
    downloading and fails with FileNotFoundException), so the second starts only after the first's retrieval."""
    deadline = time.monotonic() + timeout
    while driver.poll() is None and time.monotonic() < deadline:
        if "artifacts copied" in log.read_text(errors="replace"):
            return
        time.sleep(0.5)


def run_side_by_side(
    root: Path,
    jars: list[str],
    shared: dict[str, str],
    ours_only: dict[str, str] | None = None,
    script: str = "parity_corpus.py",
    *,
    delta: bool = False,
    **env: str,
) -> tuple[Path, Path]:
    """Run the corpus ``script`` once with each agent (both drivers at once, the second started once the first has
    retrieved its packages), each with ``jars`` on ``spark.jars``, the ``shared`` settings and Delta as the session
    catalog with ``delta``, Headwater also with ``ours_only``; their work folders ``(root/headwater, root/peer)``.

    Raises AssertionError with the driver log's tail when a driver fails, and when a Headwater event does not pass the
    spec strictly and the suite's checks.
    """
    ours, theirs = root / "headwater", root / "peer"
    extra_jars = "".join(f",{jar}" for jar in jars)
    headwater_settings = {
        "spark.jars": f"{headwater.jar_path()}{extra_jars}",
        "spark.extraListeners": headwater.LISTENER_CLASS,
        "spark.openlineage.transport.type": "file",
        "spark.openlineage.transport.location": str(ours / "events.jsonl"),
        **(ours_only or {}),
        **shared,
    }
    peer = peer_settings(peer_jar(), theirs / "events.jsonl")
    peer["spark.jars"] += extra_jars
    peer.update(shared)
    drivers = {}
    for agent, workdir, settings in (("headwater", ours, headwater_settings), ("peer", theirs, peer)):
        drivers[workdir] = run_corpus(agent, workdir, settings, script, delta=delta, **env)
        packages_retrieved(drivers[workdir], workdir / "driver.log")
    for workdir, driver in drivers.items():
        assert driver.wait(timeout=1200) == 0, (workdir / "driver.log").read_text()[-4000:]
    assert read_jsonl(ours / "events.jsonl")  # every Headwater event: the spec, strictly, and the suite's checks
    return ours, theirs


@pytest.fixture(scope="module")
def side_by_side(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Operation], dict[str, Operation], Path]:
    """The corpus's operations as Headwater and as openlineage-spark reported them (both drivers run at once)."""
    assert TEST_CATALOG_JAR.is_file(), f"{TEST_CATALOG_JAR} is missing: run `make test-catalog`"
    root = tmp_path_factory.mktemp("parity")
    ours, theirs = run_side_by_side(
        root,
        [str(TEST_CATALOG_JAR)],
        shared=CAPTURE_ENV,
        ours_only={
            "spark.openlineage.jobName.style": "openlineage",
            "spark.openlineage.staticLineage.ddl": "run_event",
        },
    )
    return (
        operations(ours / "events.jsonl", ours / "manifest.json"),
        operations(theirs / "events.jsonl", theirs / "manifest.json"),
        root,
    )


def as_ours(root: Path, text: str) -> str:
    """``text`` (a path, or JSON) with the peer's work folder replaced by Headwater's."""
    return text.replace(str(root / "peer"), str(root / "headwater"))


def relative(root: Path, agent: str, datasets: set[Dataset]) -> set[Dataset]:
    """Dataset identities with the agent's work folder replaced by ``~``.

    The two drivers write to different folders.
    """
    prefix = str(root / agent)
    return {(namespace, name.replace(prefix, "~")) for namespace, name in datasets}


# Intended differences, by operation (docs/supported-operations.md, "Side by side with openlineage-spark"):
# datasets Headwater reports that openlineage-spark does not (as relative identities), and inputs it names differently.
INTENDED_EXTRA_OUTPUTS: dict[str, set[Dataset]] = {
    # openlineage-spark reports no dataset for a table of a V2 catalog it has no handler for
    "v2_create_and_insert": {("testcat", "db.v")},
    # openlineage-spark's streaming runs have no outputs
    "streaming_file": {("file", "~/data/stream_out")},
}
INTENDED_INPUT_NAMES: dict[str, dict[Dataset, Dataset]] = {
    # openlineage-spark names a file stream source by the files of the micro-batch, Headwater by the source directory
    "streaming_file": {("file", "~/data/stream_in"): ("file", "~/data/stream_in/part-0.csv")},
}


def test_job_names_in_openlineage_style_are_the_peers(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    ours, theirs, _ = side_by_side
    assert ours.keys() == theirs.keys()
    for name, operation in ours.items():
        assert operation.job_names, f"{name}: Headwater reported no run"
        assert operation.job_names <= theirs[name].job_names, (name, operation.job_names, theirs[name].job_names)
        # one run per operation (the V2 and Iceberg steps are two statements: CREATE TABLE and INSERT)
        two = ("v2_create_and_insert", "iceberg_create_and_insert")
        assert len(operation.run_ids) == (2 if name in two else 1), (name, operation.job_names)


def test_dataset_identities_are_the_peers_but_for_the_intended_differences(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    ours, theirs, root = side_by_side
    for name, operation in ours.items():
        our_outputs = relative(root, "headwater", operation.outputs)
        their_outputs = relative(root, "peer", theirs[name].outputs)
        assert our_outputs - their_outputs == INTENDED_EXTRA_OUTPUTS.get(name, set()), name
        assert their_outputs <= our_outputs, name
        renamed = INTENDED_INPUT_NAMES.get(name, {})
        our_inputs = {renamed.get(d, d) for d in relative(root, "headwater", operation.inputs)}
        assert our_inputs == relative(root, "peer", theirs[name].inputs), name


def test_column_lineage_is_the_peers_or_a_superset(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    ours, theirs, root = side_by_side
    compared = 0
    for name, operation in theirs.items():
        for output, fields in operation.column_lineage.items():
            mine = ours[name].column_lineage.get((output[0], as_ours(root, output[1])))
            assert mine is not None, f"{name}: Headwater has no column lineage for {output}"
            for column, inputs in fields.items():
                expected = {(ns, as_ours(root, n), f) for ns, n, f in inputs}
                assert expected <= mine.get(column, set()), (name, column, expected, mine.get(column))
                compared += 1
    # every field of every output openlineage-spark gives lineage for: delays 3, late 2, t1 2, t2 2, t3 3, h1 2, ice 2,
    # the Hive directory of INSERT OVERWRITE DIRECTORY ... SELECT 2, the Hive text table target 2
    assert compared == 20


def application_facets(events_file: Path) -> dict[str, Any]:
    """The run facets of the application run's START."""
    for line in events_file.read_text().splitlines():
        event = json.loads(line)
        if event.get("eventType") == "START" and event["job"]["name"] == APP_JOB:
            return event["run"]["facets"]
    raise AssertionError(f"no application START in {events_file}")


def test_the_application_run_has_the_peers_application_facets(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    _, _, root = side_by_side
    ours, theirs = (application_facets(root / agent / "events.jsonl") for agent in ("headwater", "peer"))
    for facets in (ours, theirs):
        assert facets["environment-properties"]["environment-properties"] == {"PARITY_MARKER": "side-by-side"}
    details, peer_details = ours["spark_applicationDetails"], theirs["spark_applicationDetails"]
    assert details["applicationId"].startswith("local-")
    shared = ("master", "appName", "deployMode", "driverHost", "userName")
    assert {k: details[k] for k in shared} == {k: peer_details[k] for k in shared}
    assert set(details) - {"_producer", "_schemaURL"} <= set(peer_details) - {"_producer", "_schemaURL"}


def test_catalog_tables_have_the_peers_catalog_facet(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    ours, theirs, root = side_by_side
    compared = 0
    for name, operation in theirs.items():
        for (namespace, dataset), catalog in operation.catalogs.items():
            expected = json.loads(as_ours(root, json.dumps(catalog)))
            assert ours[name].catalogs.get((namespace, as_ours(root, dataset))) == expected, (name, dataset)
            compared += 1
    assert compared >= 6  # the session-catalog and Hive tables the corpus writes and reads, the Iceberg table


def test_rdd_writes_count_the_files_they_write_as_the_peer_does(
    side_by_side: tuple[dict[str, Operation], dict[str, Operation], Path],
) -> None:
    ours, theirs, root = side_by_side
    for name in ("rdd_text", "rdd_text_dated"):
        [(output, expected)] = theirs[name].output_statistics.items()
        mine = ours[name].output_statistics[(output[0], as_ours(root, output[1]))]
        assert expected["fileCount"] >= 1, (name, expected)
        assert mine["fileCount"] == expected["fileCount"], (name, mine, expected)
        assert mine["rowCount"] == expected["rowCount"], (name, mine, expected)
