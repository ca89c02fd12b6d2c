"""The extension API proven by real jars: the example extension (integration/example-extension) and a broken one.

Each test runs integration/jobs/words_job.py in its own spark-submit driver, with the agent and the example "words"
connector on ``--jars``; the extension jars are added (or not) through ``--jars`` only. The job writes the flights'
carriers into a words collection, then copies the collection into parquet.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from integration.conftest import EXAMPLE_PROJECT, ExampleJars
from integration.support import JOBS, REPO, agent_args, gradle, pyspark_jars, spark_submit, write_flights_csv
from tests.support import spark_versions
from tests.support.events import datasets, read_jsonl, runs_by_id

APP = "words_example"
WRITE = f"{APP}.execute_save_into_data_source_command"
EXAMPLE_PRODUCER = "https://github.com/headwater-lineage/headwater/tree/main/integration/example-extension"
BASE_SCHEMA = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/"
WORDS = ("words://example", "carriers")
TEAM = {"_producer": EXAMPLE_PRODUCER, "_schemaURL": BASE_SCHEMA + "RunFacet", "team": "lineage-platform"}
SCHEDULING = {"_producer": EXAMPLE_PRODUCER, "_schemaURL": BASE_SCHEMA + "JobFacet", "pool": "default"}

STAGE_INPUT = {
    "_producer": EXAMPLE_PRODUCER,
    "_schemaURL": BASE_SCHEMA + "InputDatasetFacet",
    "numTasks": 1,
    "recordsRead": 5,
}


@dataclass
class JobRun:
    """One spark-submit of the words job: its events (validated), its driver's stderr, and its directory."""

    directory: Path
    events: list[dict[str, Any]]
    stderr: str

    def runs(self) -> dict[str, list[dict[str, Any]]]:
        """Runs by job name, each exactly START then COMPLETE."""
        by_name = {evs[0]["job"]["name"]: evs for evs in runs_by_id(self.events).values()}
        for name, evs in by_name.items():
            assert [e["eventType"] for e in evs] == ["START", "COMPLETE"], name
        return by_name

    def normalized(self) -> list[dict[str, Any]]:
        """The events without what differs between two runs of the same job: run ids, times, Spark's application id
        (``spark_applicationDetails``) and the run's folder (each run has its own parent folder; the folder itself is
        always ``wordsjob``, so job names are alike)."""
        text = json.dumps(self.events).replace(str(self.directory), "<dir>")
        return [_without_volatile(event) for event in json.loads(text)]


VOLATILE = ("runId", "eventTime", "applicationId")
"""Keys whose values differ between two runs of the same job."""


def _without_volatile(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_volatile(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_without_volatile(v) for v in value]
    return value


def run_words_job(directory: Path, jars: list[Path], conf: tuple[str, ...] = ()) -> JobRun:
    """Runs the words job with the connector and ``jars`` on ``--jars``, and ``conf`` (``key=value``) added."""
    directory.mkdir(parents=True)
    source = write_flights_csv(directory / "in")
    events_file = directory / "events.jsonl"
    finished = spark_submit(
        [
            *agent_args(events_file, "spark.example.team=lineage-platform", *conf, jars=tuple(map(str, jars))),
            str(JOBS / "words_job.py"), str(source), str(directory / "carriers.txt"), str(directory / "out"),
        ],
        cwd=directory,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert (directory / "carriers.txt").read_text().split() == ["AA", "AA", "UA", "DL", "UA"]
    return JobRun(directory, read_jsonl(events_file), finished.stderr)


@pytest.fixture(scope="module")
def baseline(example_jars: ExampleJars, tmp_path_factory: pytest.TempPathFactory) -> JobRun:
    """The job with the connector only: no extension."""
    return run_words_job(tmp_path_factory.mktemp("baseline") / "wordsjob", [example_jars.connector])


def test_the_example_extension_changes_the_events_as_designed(
    example_jars: ExampleJars, baseline: JobRun, tmp_path: Path
) -> None:
    run = run_words_job(tmp_path / "wordsjob", [example_jars.connector, example_jars.extension])
    runs = run.runs()
    source, target = str(run.directory / "in"), str(run.directory / "out")
    copy = f"{APP}.execute_insert_into_hadoop_fs_relation_command.wordsjob_out"
    assert sorted(runs) == sorted([APP, f"{WRITE}.words_carriers", copy])

    # The write into the words collection: the output dataset and the job-name suffix come from the extension.
    start, complete = runs[f"{WRITE}.words_carriers"]
    for event in (start, complete):
        assert datasets(event, "inputs") == [("file", source)]
        assert datasets(event, "outputs") == [WORDS]
        assert event["outputs"][0]["facets"]["schema"]["fields"] == [{"name": "carrier", "type": "string"}]
        assert event["outputs"][0]["facets"]["dataSource"]["name"] == "words://example"
        assert event["run"]["facets"]["example_team"] == TEAM  # from SQLExecutionStart: on START already
    assert "example_scheduling" not in start["job"]["facets"]  # from the Spark jobs, which start after START
    assert complete["job"]["facets"]["example_scheduling"] == SCHEDULING
    assert start["inputs"][0]["inputFacets"] == {}
    assert complete["inputs"][0]["inputFacets"]["example_stageInput"] == STAGE_INPUT  # from StageInfo metrics
    assert complete["inputs"][0]["inputFacets"]["inputStatistics"]["rowCount"] == 5  # the built-in facet stays

    # The copy of the collection into parquet: the words input comes from the extension.
    start, complete = runs[copy]
    for event in (start, complete):
        assert datasets(event, "inputs") == [WORDS]
        assert event["inputs"][0]["facets"]["schema"]["fields"] == [{"name": "word", "type": "string"}]
        assert datasets(event, "outputs") == [("file", target)]
        assert event["run"]["facets"]["example_team"] == TEAM
    assert complete["inputs"][0]["inputFacets"] == {"example_stageInput": STAGE_INPUT}
    assert complete["job"]["facets"]["example_scheduling"] == SCHEDULING
    # Headwater's own column lineage now reaches back to the words collection.
    assert complete["outputs"][0]["facets"]["columnLineage"]["fields"] == {
        "word": {
            "inputFields": [
                {
                    "namespace": WORDS[0],
                    "name": WORDS[1],
                    "field": "word",
                    "transformations": [{"type": "DIRECT", "subtype": "IDENTITY", "masking": False}],
                }
            ]
        }
    }

    # The application run's builders see the application start and end events; none of the example's is defined there.
    assert all(not name.startswith("example_") for e in runs[APP] for name in e["run"]["facets"])

    # Take the designed effects away and what is left is exactly the events without the extension.
    assert _without_example_effects(run.normalized()) == baseline.normalized()


def _without_example_effects(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for event in events:
        event["job"]["name"] = event["job"]["name"].removesuffix(".words_carriers")
        for where in (event["run"]["facets"], event["job"]["facets"]):
            for name in [n for n in where if n.startswith("example_")]:
                del where[name]
        for side in ("inputs", "outputs"):
            event[side] = [d for d in event[side] if (d["namespace"], d["name"]) != WORDS]
            for dataset in event[side]:
                column_lineage = dataset["facets"].get("columnLineage", {"fields": {}})["fields"]
                for field in list(column_lineage):
                    inputs = [i for i in column_lineage[field]["inputFields"] if (i["namespace"], i["name"]) != WORDS]
                    if inputs:
                        column_lineage[field]["inputFields"] = inputs
                    else:
                        del column_lineage[field]
                dataset.get("inputFacets", {}).pop("example_stageInput", None)  # an emptied object stays {}
    return events


def test_without_the_extension_nothing_of_it_remains(baseline: JobRun) -> None:
    runs = baseline.runs()
    copy = f"{APP}.execute_insert_into_hadoop_fs_relation_command.wordsjob_out"
    assert sorted(runs) == sorted([APP, WRITE, copy])
    for event in runs[WRITE]:
        assert datasets(event, "inputs") == [("file", str(baseline.directory / "in"))]
        assert datasets(event, "outputs") == []  # Headwater alone does not know the words data source
    for event in runs[copy]:
        assert datasets(event, "inputs") == []
        assert datasets(event, "outputs") == [("file", str(baseline.directory / "out"))]
        assert event["outputs"][0]["facets"]["columnLineage"]["fields"] == {}  # its input is unknown
    assert "example_" not in json.dumps(baseline.events)
    assert "ExtensionFailures" not in baseline.stderr


BROKEN = "io.headwater.example.broken"
EXPECTED_FAILURES = [
    (f"{BROKEN}.UnconstructibleFactory", "loading (ServiceLoader)", "UnconstructibleFactory refuses to start"),
    (f"{BROKEN}.ThrowingFactory$ThrowingIsDefinedAtVisitor", "isDefinedAt", "isDefinedAt is broken"),
    (f"{BROKEN}.ThrowingFactory$ThrowingApplyVisitor", "apply", "apply is broken"),
    (
        f"{BROKEN}.ThrowingFactory$UnconstructibleBuilder",
        f"constructor (from {BROKEN}.ThrowingFactory.createInputDatasetBuilder)",
        "the builder cannot be built",
    ),
    (f"{BROKEN}.ThrowingFactory$ThrowingFacetBuilder", "build", "build is broken"),
    (f"{BROKEN}.ThrowingFactory", "createJobFacetBuilders", "ThrowingFactory has no job facets today"),
    (f"{BROKEN}.UnconstructibleConnector", "loading (ServiceLoader)", "UnconstructibleConnector refuses to start"),
    (f"{BROKEN}.ThrowingConnector", "hiddenQueries", "hiddenQueries is broken"),
]


def test_a_broken_extension_loses_no_built_in_lineage(
    example_jars: ExampleJars, baseline: JobRun, tmp_path: Path
) -> None:
    run = run_words_job(tmp_path / "wordsjob", [example_jars.connector, example_jars.broken])

    assert run.normalized() == baseline.normalized()
    reports = [line for line in run.stderr.splitlines() if "WARN ExtensionFailures" in line]
    for owner, stage, message in EXPECTED_FAILURES:
        matching = [
            line for line in reports if re.search(rf"Headwater: {re.escape(owner)} failed in {re.escape(stage)} ", line)
        ]
        assert len(matching) == 1, (owner, stage, reports)
        assert message in matching[0]
    assert len(reports) == len(EXPECTED_FAILURES), reports


TEST_EXTENSION_JAR = spark_versions.TEST_CATALOG_JAR
PROBE_PRODUCER = "https://github.com/headwater-lineage/headwater/tree/main/jvm/src/test"


def test_builders_see_the_application_start_and_end(
    example_jars: ExampleJars, baseline: JobRun, tmp_path: Path
) -> None:
    """The test extension (the test catalog jar, ``SchedulerProbeFactory``) probes the application run's events in a
    driver launched with ``spark.headwater.test.applicationProbe=true``."""
    assert TEST_EXTENSION_JAR.is_file(), "make test-catalog builds it"
    run = run_words_job(
        tmp_path / "wordsjob",
        [example_jars.connector, TEST_EXTENSION_JAR],
        conf=("spark.headwater.test.applicationProbe=true",),
    )
    start, complete = run.runs()[APP]

    def probe(event: dict[str, Any], facets: str) -> dict[str, Any]:
        found = event["run" if facets == "run" else "job"]["facets"]
        return {name: facet for name, facet in found.items() if name.startswith("probe_")}

    assert probe(start, "run") == {
        "probe_application": {
            "_producer": PROBE_PRODUCER,
            "_schemaURL": BASE_SCHEMA + "RunFacet",
            "event": "SparkListenerApplicationStart",
        }
    }
    assert probe(start, "job") == {
        "probe_applicationJob": {
            "_producer": PROBE_PRODUCER,
            "_schemaURL": BASE_SCHEMA + "JobFacet",
            "appName": "Words Example",
        }
    }
    assert probe(complete, "run") == {
        "probe_application": {
            "_producer": PROBE_PRODUCER,
            "_schemaURL": BASE_SCHEMA + "RunFacet",
            "event": "SparkListenerApplicationEnd",
        }
    }
    assert probe(complete, "job") == {}  # its job facet builder reads the start event only
    # Headwater's own application facets stay, and nothing else in the job's events changes.
    assert start["job"]["facets"]["jobType"]["jobType"] == "APPLICATION"
    for event in run.events:
        for where in (event["run"]["facets"], event["job"]["facets"]):
            for name in [n for n in where if n.startswith("probe_")]:
                del where[name]
    assert run.normalized() == baseline.normalized()


def _class_entries(jar: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(jar) as archive:
        return {n: archive.read(n) for n in archive.namelist() if not n.endswith("/") and "MANIFEST" not in n}


def test_an_extension_built_against_the_published_api_loads(
    dist: Path, example_jars: ExampleJars, tmp_path: Path
) -> None:
    """Extension authors compile against io.headwater:headwater-spark-api from a Maven repository (here the one
    ``make dist`` wrote; after a release, Maven Central), with the OpenLineage client its POM names coming from Maven
    Central: the extension built that way is the same extension, class for class and with the same service
    registration, as the one compiled against the agent jar's API package, which
    ``test_the_example_extension_changes_the_events_as_designed`` runs, so the agent loads it through ServiceLoader
    alike (running it again would only repeat that test)."""
    project = tmp_path / "example-extension"
    shutil.copytree(EXAMPLE_PROJECT, project, ignore=shutil.ignore_patterns("build", ".gradle"))
    spark_jars = pyspark_jars(REPO / ".venv")
    version = (REPO / "VERSION").read_text().strip()
    built = subprocess.run(
        gradle(project, f"-PheadwaterRepository={dist / 'maven'}", f"-PheadwaterVersion={version}",
               f"-PsparkJarsDir={spark_jars}", "jar"),
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    extension = project / "build" / "libs" / "headwater-example-extension.jar"
    entries = _class_entries(extension)
    assert "META-INF/services/io.headwater.spark.api.OpenLineageEventHandlerFactory" in entries
    assert entries == _class_entries(example_jars.extension)
