"""Fixtures of the integration tests that need their own driver."""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import headwater
from integration import xdist_groups
from integration.distributions import built_distributions
from integration.support import REPO, VENV_BIN, driver_env, gradle, pyspark_jars
from tests.support import spark_versions

# The web-page tests' fixture needs Playwright, which only the primary line's venv has (requirements-dev.txt); the
# other Spark lines' venvs collect only the compatibility files (make test-compat), none of which opens a page.
if importlib.util.find_spec("playwright") is not None:
    from integration.browser import browser_page  # noqa: F401 - a fixture of the tests of web pages

EXAMPLE_PROJECT = REPO / "integration" / "example-extension"


@dataclass(frozen=True)
class ExampleJars:
    """The jars of the example extension project (integration/example-extension), built once per Scala version."""

    connector: Path
    extension: Path
    broken: Path


EXAMPLE_CACHE = REPO / "build" / "example-extension"
"""Where the example extension's jars are kept between sessions: ``<scala>-<digest>/`` (see :func:`example_jars`)."""


def _example_spark_jars(scala: str) -> Path:
    """The Spark jars the example extension compiles against for ``scala``: the primary line's (``.venv``) for 2.13, so
    that one build serves every 2.13 line, as an extension author's one jar serves every Spark of its Scala; this
    venv's (Spark 3.5) for 2.12."""
    return pyspark_jars(REPO / ".venv" if scala == "2.13" else VENV_BIN.parent)


def _example_digest(agent_jar: Path, spark_jars: Path) -> str:
    """A digest of what the example extension's jars are built from: the project's files, the agent jar (its API
    package) and the Spark it compiles against (the pyspark release that holds ``spark_jars``)."""
    sha = hashlib.sha256(agent_jar.read_bytes())
    sha.update(str(sorted(p.name for p in spark_jars.glob("spark-core_*.jar"))).encode())
    for path in sorted(EXAMPLE_PROJECT.rglob("*")):
        relative = path.relative_to(EXAMPLE_PROJECT)
        if path.is_file() and relative.parts[0] not in ("build", ".gradle"):
            sha.update(str(relative).encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:16]


@pytest.fixture(scope="session")
def example_jars() -> ExampleJars:
    """The words connector, the example extension and the broken extension, built with the example project's own
    Gradle build against the installed agent jar (its API package only) and Spark's jars (:func:`_example_spark_jars`).

    Built once per Scala version and kept under ``build/example-extension/<scala>-<digest>`` until one of its inputs
    changes: ``make test`` runs the primary line and three other lines that use them, and a Gradle build costs about a
    minute of CPU. A file lock makes sessions running side by side (``make test``) build it once."""
    agent_jar = Path(headwater.jar_path())
    scala = spark_versions.SCALA
    spark_jars = _example_spark_jars(scala)
    EXAMPLE_CACHE.mkdir(parents=True, exist_ok=True)
    built = EXAMPLE_CACHE / f"{scala}-{_example_digest(agent_jar, spark_jars)}"
    libs = built / "example-extension" / "build" / "libs"
    jars = ExampleJars(
        libs / "headwater-words-connector.jar",
        libs / "headwater-example-extension.jar",
        libs / "headwater-broken-extension.jar",
    )
    with (EXAMPLE_CACHE / f"{scala}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (built / "complete").is_file():
            for stale in EXAMPLE_CACHE.glob(f"{scala}-*"):
                shutil.rmtree(stale)
            project = built / "example-extension"
            shutil.copytree(EXAMPLE_PROJECT, project, ignore=shutil.ignore_patterns("build", ".gradle"))
            command = gradle(
                project, f"-PheadwaterJar={agent_jar}", f"-PsparkJarsDir={spark_jars}", "connectorJar", "jar",
                "brokenJar",
            )  # fmt: skip
            done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
            assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
            (built / "complete").touch()
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


# make test runs integration/ on two pytest-xdist workers (`--dist loadgroup`, Makefile) and hands out the longest
# tests first, so that both workers end at about the same time (longest processing time first). Tests that share a
# costly fixture run whole on one worker as a group, so that it is made once: the tests of a module with a fixture of
# module scope, and the tests that use one of the session fixtures below. Every other test is a unit of its own.
SHARED_FIXTURE_GROUPS = {
    "dist": "distributions",
    "example_jars": "distributions",
    "demo_run": "demo",
    "served": "demo",
    "browser_page": "demo",
    "kafka_broker": "kafka",
}
"""Session fixtures that cost a minute or more (``make dist`` in a clone, the example extension's Gradle build, the demo
pipeline, Chromium, the Kafka broker), and the name of the group of the tests that use one."""

SECONDS = {
    "distributions": 1050,
    "test_docs": 405,
    "demo": 555,  # with test_application_lineage.py, which views its page in the demo's browser
    "test_delivery_faults": 255,
    "test_bad_configuration": 225,
    "test_pipelines": 225,
    "test_memory": 190,
    "kafka": 155,
    "test_spool_faults": 135,
    "test_peer_parity_rows": 115,
    "test_docs_settings": 95,
}
"""Roughly how long each group, or each module of tests that are units of their own, takes in make test (seconds, from
``--durations=0`` of a fresh clone's run; only the order matters). What is not listed is handed out after these, in
collection order."""


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    definitions = getattr(item, "_fixtureinfo", None)
    if definitions is None:  # not a test function: keep it with its module
        return True
    return any(d and d[-1].scope == "module" for d in definitions.name2fixturedefs.values())


def _groups(items: list[pytest.Item]) -> dict[Path, str | None]:
    """Each module's xdist group: the first shared fixture group of its tests, else the module when one of its tests uses
    a fixture of module scope, else None (each test a unit of its own). A module is never split between groups: its
    module-scoped fixtures would be made twice."""
    groups: dict[Path, str | None] = {}
    for item in items:
        shared = sorted(SHARED_FIXTURE_GROUPS[name] for name in item.fixturenames if name in SHARED_FIXTURE_GROUPS)
        current = groups.get(item.path)
        if shared and (current is None or current == item.path.stem or shared[0] < current):
            groups[item.path] = shared[0]
        elif current is None and _shares_a_module_fixture(item):
            groups[item.path] = item.path.stem
        else:
            groups.setdefault(item.path, None)
    return groups


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Puts the tests that share a costly fixture in one pytest-xdist group (``xdist_group``, used by ``--dist
    loadgroup`` only; the other Spark lines' venvs have no pytest-xdist) and orders the tests longest group or module
    first, keeping their order within it."""
    groups = _groups(items)
    xdist = config.pluginmanager.hasplugin("xdist")
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        first.setdefault(groups[item.path] or item.path.stem, index)
        if xdist and groups[item.path]:
            item.add_marker(pytest.mark.xdist_group(groups[item.path]))
    items.sort(key=lambda item: (-SECONDS.get(key := groups[item.path] or item.path.stem, 0), first[key]))
    xdist_groups.write_groups(items)


def pytest_configure(config: pytest.Config) -> None:
    if xdist_groups.is_controller(config):
        xdist_groups.name_groups_file()


def pytest_unconfigure(config: pytest.Config) -> None:
    if xdist_groups.is_controller(config):
        Path(os.environ.pop(xdist_groups.GROUPS_FILE)).unlink(missing_ok=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadgroup`` that works under pytest 9 (integration/xdist_groups.py)."""
    return xdist_groups.group_scheduling(config, log) if xdist_groups.is_controller(config) else None
