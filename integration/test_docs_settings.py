"""The Spark settings the docs give (``properties`` blocks, an EMR ``spark-defaults`` classification) and the example
``openlineage.yml`` work as written: an agent started with them delivers its events to a real HTTP endpoint on
loopback (standing in for the backend's host), at the endpoint path and with the Authorization header they configure.
"""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from pathlib import Path

import yaml

import headwater
from integration.doc_blocks import Block, runnable
from integration.lineage_server import LineageServer
from integration.support import JOBS, REPO, driver_env, run_python, write_flights_csv
from tests.support.openlineage_schema import validate_event

PREFIX = "spark.openlineage."
PLACEHOLDER = re.compile(r"^<(.+)>$")
AGENT_COORDINATES = re.compile(rf"io\.headwater:headwater-spark_2\.1[23]:{re.escape(headwater.__version__)}")
"""``spark.jars.packages`` as the docs give it: the agent of this release (either Scala version), nothing else."""


def settings_of(block: Block) -> dict[str, str] | None:
    """The Spark settings of a ``properties`` block or of a ``spark-defaults`` classification; None for other JSON."""
    if block.language == "properties":
        pairs = [re.split(r"\s+|=", line.strip(), maxsplit=1) for line in block.text.splitlines() if line.strip()]
        return {key: value.strip() for key, value in pairs}
    if not block.text.lstrip().startswith("["):
        return None  # a facet or an event, not a list of configuration classifications
    for classification in json.loads(block.text):
        if classification.get("Classification") == "spark-defaults":
            return dict(classification["Properties"])
    return None


def documented_settings() -> list[tuple[str, dict[str, str]]]:
    found = [(b.name, settings_of(b)) for b in runnable("properties") + runnable("json")]
    return [(name, settings) for name, settings in found if settings is not None]


def filled_in(value: str) -> str:
    """A ``<placeholder>`` replaced by a test value, as a user replaces it by hand."""
    placeholder = PLACEHOLDER.match(value)
    return "test-" + re.sub(r"\W+", "-", placeholder.group(1)) if placeholder else value


def test_documented_spark_settings_deliver_events(tmp_path: Path) -> None:
    documented = documented_settings()
    assert len(documented) >= 5  # spark-submit, Databricks, EMR, Marquez, DataHub
    cases, expectations = [], {}
    with ExitStack() as stack:
        servers = {}
        for name, settings in documented:
            assert settings.pop("spark.extraListeners", headwater.LISTENER_CLASS).startswith(
                headwater.LISTENER_CLASS
            ), name
            settings.pop("spark.jars", None)  # attach() loads the installed package's jar
            packages = settings.pop("spark.jars.packages", None)  # the same agent, by its Maven coordinates
            assert packages is None or AGENT_COORDINATES.fullmatch(packages), (name, packages)
            settings.pop("spark.jars.repositories", None)
            agent = {key: filled_in(value) for key, value in settings.items()}
            assert all(key.startswith(PREFIX) for key in agent), name
            assert agent[f"{PREFIX}transport.type"] == "http", name
            servers[name] = stack.enter_context(LineageServer())
            agent[f"{PREFIX}transport.url"] = servers[name].url
            agent[f"{PREFIX}emit.retry.maxAttempts"] = "1"
            cases.append({"name": name, "settings": agent})
            expectations[name] = agent
        finished = run_python(JOBS / "settings_job.py", [json.dumps(cases), str(tmp_path)], cwd=tmp_path, timeout=600)
        received = {name: list(server.requests) for name, server in servers.items()}

    assert finished.returncode == 0, finished.stderr[-3000:]
    results = {line.split()[1]: line.split()[2:] for line in finished.stdout.splitlines() if line.startswith("RESULT ")}
    for name, agent in expectations.items():
        assert results[name] == ["True", "True"], name  # attached (the settings are valid), everything delivered
        requests = received[name]
        assert len(requests) == 4, name  # application START, the write's START and COMPLETE, application COMPLETE
        endpoint = agent.get(f"{PREFIX}transport.endpoint", "/api/v1/lineage")
        api_key = agent.get(f"{PREFIX}transport.auth.apiKey")
        for request in requests:
            assert request.path == endpoint, name
            assert request.headers.get("authorization") == (f"Bearer {api_key}" if api_key else None), name
            event = request.event()
            validate_event(event)
            assert event["job"]["namespace"] == agent.get(f"{PREFIX}namespace", "default"), name


def test_the_example_openlineage_yml(tmp_path: Path) -> None:
    (block,) = [b for b in runnable("yaml") if b.doc.name == "configuration.md"]
    config = yaml.safe_load(block.text)
    assert "apiKey" not in config["transport"]["auth"]  # the key comes from the environment
    with LineageServer() as server:
        config["transport"]["url"] = server.url
        yml = tmp_path / "openlineage.yml"
        yml.write_text(yaml.safe_dump(config))
        env = driver_env(OPENLINEAGE_CONFIG=str(yml), OPENLINEAGE__TRANSPORT__AUTH__API_KEY="key-from-the-environment")
        finished = run_python(
            JOBS / "bad_config_job.py", [json.dumps({"yml": {}}), str(write_input(tmp_path)), str(tmp_path / "out")],
            cwd=tmp_path, env=env,
        )  # fmt: skip
        requests = list(server.requests)

    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "Headwater" not in finished.stderr.replace("=== case yml", "").replace("=== end yml", "")
    assert len(requests) == 4
    for request in requests:
        assert request.path == "/api/v1/lineage"
        assert request.headers["authorization"] == "Bearer key-from-the-environment"
        assert request.headers["content-encoding"] == "gzip"
        assert request.event()["job"]["namespace"] == "nightly"


def write_input(tmp_path: Path) -> Path:
    return write_flights_csv(tmp_path / "in")


def test_no_secret_in_a_documented_configuration_file() -> None:
    """The example files and settings hold no credential to copy: a key is a placeholder or comes from elsewhere."""
    for block in runnable("yaml"):
        assert "apiKey" not in block.text, block.name
    for name, settings in documented_settings():
        key = settings.get(f"{PREFIX}transport.auth.apiKey")
        assert key is None or PLACEHOLDER.match(key) or key.startswith("{{secrets/"), name
    assert (REPO / "docs" / "configuration.md").read_text().count("OPENLINEAGE__TRANSPORT__AUTH__API_KEY") >= 1
