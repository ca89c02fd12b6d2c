"""The agent jars inside this package and which one a Spark version needs.

Headwater ships two agent jars: ``headwater-spark_2.12.jar`` for Spark 3.5 (Scala 2.12) and ``headwater-spark_2.13.jar``
for Spark 4.0 to 4.3 (Scala 2.13). Nothing here imports pyspark: the installed pyspark's version is read from the
package metadata.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

SPARK_SCALA: dict[str, str] = {"3.5": "2.12", "4.0": "2.13", "4.1": "2.13", "4.2": "2.13", "4.3": "2.13"}
"""The supported Spark lines (``major.minor``) and the Scala version of each: the one statement of the supported range
(``pyspark>=3.5,<4.4`` in pyproject.toml; the agent checks the same range when it starts)."""

SUPPORTED_SPARK = "Spark 3.5 (Scala 2.12) and Spark 4.0 to 4.3 (Scala 2.13)"
"""The supported range in words, for messages."""

_JARS = Path(__file__).resolve().parents[1] / "jars"


class UnsupportedSparkError(ValueError):
    """A Spark version (or Scala version) that no agent jar of this package supports."""


def spark_line(spark_version: str) -> str:
    """``major.minor`` of a Spark version: ``"3.5"`` for ``"3.5.9"``, ``"4.1"`` for ``"4.1.0.dev1"``."""
    parts = spark_version.strip().split(".")
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():  # noqa: PLR2004 - major and minor
        msg = f"not a Spark version: {spark_version!r} (expected e.g. 3.5 or 4.1.4)"
        raise UnsupportedSparkError(msg)
    return f"{parts[0]}.{parts[1]}"


def scala_for_spark(spark_version: str) -> str:
    """The Scala version of the agent jar for ``spark_version`` (``"2.12"`` for 3.5.x, ``"2.13"`` for 4.0 to 4.3).

    Raises:
        UnsupportedSparkError: ``spark_version`` is outside the supported range, or not a version.
    """
    line = spark_line(spark_version)
    if line not in SPARK_SCALA:
        msg = f"Spark {spark_version} is not supported by Headwater (supported: {SUPPORTED_SPARK})"
        raise UnsupportedSparkError(msg)
    return SPARK_SCALA[line]


def installed_pyspark_version() -> str:
    """The version of the pyspark next to this package: its distribution's metadata, else ``pyspark.__version__``.

    A platform's own pyspark (a copy on ``PYTHONPATH``, without package metadata) is found by importing it.

    Raises:
        UnsupportedSparkError: pyspark is not installed, so the jar cannot be chosen for it.
    """
    try:
        return version("pyspark")
    except PackageNotFoundError:
        pass
    try:
        import pyspark
    except ModuleNotFoundError:
        msg = (
            "pyspark is not installed here, so the agent jar cannot be chosen for it: name the cluster's Spark "
            "(jar_path(spark='3.5') or jar_path(scala='2.12'); `headwater jar-path --spark 3.5`)"
        )
        raise UnsupportedSparkError(msg) from None
    return str(pyspark.__version__)


def jar_path(scala: str | None = None, *, spark: str | None = None) -> str:
    """Return the absolute path of the agent jar for a Spark, bundled in this package.

    With no argument, the jar for the installed pyspark (``headwater-spark_2.12.jar`` for pyspark 3.5,
    ``headwater-spark_2.13.jar`` for 4.0 to 4.3). For spark-submit to a cluster whose Spark is not the local pyspark,
    name it: ``spark="3.5"`` (any ``major.minor[.patch]``) or ``scala="2.12"``. Use it with
    ``spark-submit --jars "$(headwater jar-path --spark 3.5)"``.

    Args:
        scala: ``"2.12"`` or ``"2.13"``, the Scala version of the Spark the jar runs in.
        spark: a Spark version; its Scala version chooses the jar. Give ``scala`` or ``spark``, not both.

    Raises:
        UnsupportedSparkError: the Spark or Scala version is not supported, both were given, or neither was and
            pyspark is not installed.
        FileNotFoundError: the package was installed without its jars (a source tree that was not built);
            reinstall from a wheel, or with ``pip install .`` (which builds the jars).
    """
    if scala is not None and spark is not None:
        msg = "give scala= or spark=, not both"
        raise UnsupportedSparkError(msg)
    if scala is None:
        scala = scala_for_spark(spark if spark is not None else installed_pyspark_version())
    elif scala not in set(SPARK_SCALA.values()):
        msg = f"no agent jar for Scala {scala!r} (supported: {SUPPORTED_SPARK})"
        raise UnsupportedSparkError(msg)
    path = _JARS / f"headwater-spark_{scala}.jar"
    if not path.is_file():
        msg = (
            f"the Headwater agent jar is missing at {path}: reinstall headwater from a wheel, or with `pip install .` "
            "in the repository (which builds the jar)"
        )
        raise FileNotFoundError(msg)
    return str(path)
