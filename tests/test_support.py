"""The supported pyspark range: written once, agreed with pyproject.toml, and one actionable message outside it."""

from __future__ import annotations

from pathlib import Path

import pyspark
import pytest
import tomllib

import headwater
from headwater._support import SUPPORTED_PYSPARK, unsupported_pyspark
from headwater.spark.jar import SPARK_SCALA

REPO = Path(__file__).resolve().parents[1]


def test_pyproject_extras_declare_the_supported_range() -> None:
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in ("spark", "demo"):
        (pyspark_requirement,) = [r for r in extras[extra] if r.startswith("pyspark")]
        assert pyspark_requirement == f"pyspark{SUPPORTED_PYSPARK}", extra
    assert headwater.SUPPORTED_PYSPARK == SUPPORTED_PYSPARK


def test_the_pyspark_of_the_tests_is_supported() -> None:
    assert unsupported_pyspark(pyspark.__version__) is None


@pytest.mark.parametrize("found", ["3.4.4", "3.5.0rc1", "4.4.0", "4.4.0.dev1", "5.0.0", "2.4.8", "not a version"])
def test_an_unsupported_pyspark_gets_one_message_with_the_fix(found: str) -> None:
    assert unsupported_pyspark(found) == (
        f"headwater {headwater.__version__} supports pyspark {SUPPORTED_PYSPARK}, not the pyspark {found} of this "
        f"Python: install a supported one (pip install 'pyspark{SUPPORTED_PYSPARK}'); until then the lineage agent "
        "stays off"
    )


@pytest.mark.parametrize("found", ["3.5.0", "3.5.9", "4.0.5", "4.1.0", "4.1.4", "4.1.5rc1", "4.2.1", "4.3.0", "4.3.9"])
def test_supported_releases(found: str) -> None:
    assert unsupported_pyspark(found) is None


def test_the_jars_serve_exactly_the_supported_range() -> None:
    # SPARK_SCALA (which jar serves which Spark line) and SUPPORTED_PYSPARK name the same lines
    for line in SPARK_SCALA:
        assert unsupported_pyspark(f"{line}.0") is None, line
    for outside in ("3.4", "4.4", "5.0"):
        assert outside not in SPARK_SCALA
        assert unsupported_pyspark(f"{outside}.0") is not None


def test_one_test_of_a_file_with_compat_entries_can_be_run_by_its_node_id() -> None:
    """``pytest <file>::<test>`` on a file that tests/support/spark_versions.py's COMPAT names other tests of collects
    that test alone: the check for renamed COMPAT entries looks only at files collected whole."""
    import subprocess
    import sys

    node = "tests/test_packaging.py::test_the_jar_for_this_pyspark_is_chosen"
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", node],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert collected.returncode == 0, collected.stdout[-2000:] + collected.stderr[-2000:]
    assert collected.stdout.splitlines()[0] == node
    assert "1 test collected" in collected.stdout
