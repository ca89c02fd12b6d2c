"""Docs that run: every code block of README.md and docs/*.md is run or checked here (or in test_docs_settings.py), or
marked as a fragment (integration/doc_blocks.py), so a snippet cannot rot unnoticed.

Python blocks run as scripts and shell blocks with bash, each in a directory of its own with this virtual environment
first on PATH, and a second time in the same directory when the first run wrote files there (a reader runs an example
twice); JSON and YAML blocks must parse.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import headwater
from integration.doc_blocks import DOCS, INSTALL_ROLES, Block, all_blocks, install_block, runnable
from integration.support import VENV_BIN, driver_env
from tests.support.events import read_jsonl

# Languages a test runs or checks, and where (the others must be marked `fragment`, or be `text`).
CHECKED = {
    "python": "test_python_blocks_run",
    "bash": "test_shell_blocks_run",
    "json": "test_json_blocks_parse",
    "yaml": "test_yaml_blocks_parse (and test_docs_settings.py for openlineage.yml)",
    "properties": "test_docs_settings.py",
}
NOT_CODE = {"text"}


def ids(blocks: list[Block]) -> list[str]:
    return [b.name for b in blocks]


def test_every_block_is_checked_or_marked_a_fragment() -> None:
    unchecked = [
        f"{b.name} ({b.language or 'no language'})"
        for b in all_blocks()
        if not b.fragment and b.language not in CHECKED and b.language not in NOT_CODE
    ]
    assert unchecked == [], "label these blocks `text`, mark them `<language> fragment`, or give them a runner"
    assert len(runnable("python")) >= 3  # the quick starts and the static-lineage example really are run
    # the README's install commands, run verbatim by test_install_from_clone.py (from a clone, then from dist/)
    assert [install_block(role).language for role in INSTALL_ROLES] == ["bash", "bash"]


COORDINATES = re.compile(r"io\.headwater:(headwater-spark(?:_2\.1[23]|-api)):(\d[^\s`\"',)]*)")
"""Maven coordinates of Headwater's artefacts with a version (``<version>`` placeholders aside)."""
CENTRAL_URL = re.compile(r"repo1\.maven\.org/maven2/io/headwater/([\w.-]+)/([\w.-]+)/([\w.-]+\.jar)")


def test_the_docs_name_the_artefacts_of_this_release() -> None:
    """Every Maven coordinate and Maven Central address in the docs is of this release's artefacts, and no doc names
    an agent jar without its Scala version (the wheel holds headwater-spark_2.12.jar and headwater-spark_2.13.jar)."""
    coordinates: set[tuple[str, str]] = set()
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "headwater-spark.jar" not in text, doc.name
        coordinates |= set(COORDINATES.findall(text))
        for artefact, version, file in CENTRAL_URL.findall(text):
            assert (version, file) == (headwater.__version__, f"{artefact}-{version}.jar"), doc.name
    assert {version for _, version in coordinates} == {headwater.__version__}
    assert {artefact for artefact, _ in coordinates} == {
        "headwater-spark_2.12",
        "headwater-spark_2.13",
        "headwater-spark-api",
    }


def check_events(directory: Path) -> None:
    """Every event file a snippet wrote validates against the OpenLineage schemas."""
    for events in directory.rglob("*.jsonl"):
        assert read_jsonl(events), f"{events} is empty"


def run_like_a_reader(block: Block, command: list[str], directory: Path, env: dict[str, str]) -> None:
    """Run a block as a reader would, in ``directory``; when it wrote files there, run it again in the same place (a
    reader runs an example twice): both runs must succeed."""
    for attempt in ("first", "second"):
        ran = subprocess.run(
            command, cwd=directory, env=env, capture_output=True, text=True, timeout=600, check=False
        )  # fmt: skip
        assert ran.returncode == 0, f"{block.name} ({attempt} run):\n{ran.stdout[-2000:]}\n{ran.stderr[-3000:]}"
        assert "Headwater lineage agent disabled" not in ran.stderr
        check_events(directory)
        wrote = [p for p in directory.rglob("*") if p.is_file() and p.name != "snippet.py"]
        if not wrote:
            return


@pytest.mark.parametrize("block", runnable("python"), ids=ids(runnable("python")))
def test_python_blocks_run(block: Block, tmp_path: Path) -> None:
    script = tmp_path / "snippet.py"
    script.write_text(block.text)
    run_like_a_reader(block, [sys.executable, str(script)], tmp_path, driver_env())


@pytest.mark.parametrize("block", runnable("bash"), ids=ids(runnable("bash")))
def test_shell_blocks_run(block: Block, tmp_path: Path) -> None:
    env = driver_env(PATH=f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}")
    run_like_a_reader(block, ["bash", "-euo", "pipefail", "-c", block.text], tmp_path, env)


@pytest.mark.parametrize("block", runnable("json"), ids=ids(runnable("json")))
def test_json_blocks_parse(block: Block) -> None:
    text = block.text.strip()
    # a facet shown as it appears inside an event (`"name": {...}`) is checked as the object it belongs to
    json.loads(text if text.startswith(("{", "[")) else "{" + text + "}")


@pytest.mark.parametrize("block", runnable("yaml"), ids=ids(runnable("yaml")))
def test_yaml_blocks_parse(block: Block) -> None:
    assert isinstance(yaml.safe_load(block.text), dict)
