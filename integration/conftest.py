"""Fixtures of the integration tests that need their own driver."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import headwater
from integration.distributions import built_distributions
from integration.support import REPO, VENV_BIN, driver_env, gradle

# The web-page tests' fixture needs Playwright, which only the primary line's venv has (requirements-dev.txt); the
# other Spark lines' venvs collect only the compatibility files (make test-compat), none of which opens a page.
if importlib.util.find_spec("playwright") is not None:
    from integration.browser import browser_page  # noqa: F401 - a fixture of the tests of web pages

EXAMPLE_PROJECT = REPO / "integration" / "example-extension"


@dataclass(frozen=True)
class ExampleJars:
    """The jars of the example extension project (integration/example-extension), built once per session."""

    connector: Path
    extension: Path
    broken: Path


@pytest.fixture(scope="session")
def example_jars(tmp_path_factory: pytest.TempPathFactory) -> ExampleJars:
    """Build the words connector, the example extension and the broken extension with Gradle, against the installed
    agent jar (its API package only) and the pyspark wheel's Spark jars, in a copy of the project: each Spark line's
    session builds against its own Spark, and the sessions of several lines may run at once (make test)."""
    project = tmp_path_factory.mktemp("example") / "example-extension"
    shutil.copytree(EXAMPLE_PROJECT, project, ignore=shutil.ignore_patterns("build", ".gradle"))
    spark_jars = next((VENV_BIN.parent / "lib").glob("python3*/site-packages/pyspark/jars"))
    command = gradle(
        project, f"-PheadwaterJar={headwater.jar_path()}", f"-PsparkJarsDir={spark_jars}",
        "connectorJar", "jar", "brokenJar",
    )  # fmt: skip
    built = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    libs = project / "build" / "libs"
    jars = ExampleJars(
        libs / "headwater-words-connector.jar",
        libs / "headwater-example-extension.jar",
        libs / "headwater-broken-extension.jar",
    )
    for jar in (jars.connector, jars.extension, jars.broken):
        assert jar.is_file(), jar
    return jars


@dataclass(frozen=True)
class DemoRun:
    """One run of ``headwater demo`` (what ``make demo`` runs) in its own driver: its process, events and page."""

    finished: subprocess.CompletedProcess[str]
    workdir: Path
    events: Path

    @property
    def page(self) -> Path:
        """The graph page the demo writes next to its events."""
        return self.events.parent / "lineage.html"


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> DemoRun:
    """``headwater demo`` run once for the session (test_cli_demo.py checks it, test_lineage_page.py views its page)."""
    root = tmp_path_factory.mktemp("demo")
    events = root / "lineage" / "events.jsonl"
    finished = subprocess.run(
        [str(VENV_BIN / "headwater"), "demo", "--workdir", str(root / "work"), "--events", str(events)],
        cwd=root, env=driver_env(), capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    return DemoRun(finished, (root / "work").resolve(), events.resolve())


@pytest.fixture(scope="session")
def dist() -> Path:
    """The directory of the wheel and sdist built by ``python -m build`` in a fresh clone.

    See integration/distributions.py.
    """
    return built_distributions()
