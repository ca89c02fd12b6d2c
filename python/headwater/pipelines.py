"""``headwater pipelines run|dry-run``: Spark Declarative Pipelines' ``spark-pipelines`` with the agent loaded.

``spark-pipelines`` runs a pipeline's definitions in a Spark Connect server it starts itself, so the agent must be in
that server's Spark configuration. Neither of its own ways carries it with pyspark 4.1 (docs/pipelines.md): its
``--conf`` options reach the server in groups of ten of which one survives, and ``spark.jars`` in ``spark-pipeline.yml``
is applied to every flow too, which Spark refuses. The one place that works is a ``spark-defaults.conf`` in
``SPARK_CONF_DIR``; this module writes one in a temporary directory: the user's own configuration directory copied
(``$SPARK_CONF_DIR``, else ``$SPARK_HOME/conf``, else pyspark's ``conf``), with the agent's jar appended to
``spark.jars``, its listener to ``spark.extraListeners`` and the given ``spark.openlineage.*`` settings over the
user's, then runs ``spark-pipelines`` with it and removes it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from headwater.spark.agent import LISTENER_CLASS
from headwater.spark.jar import jar_path
from headwater.spark.session import append_csv

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

_DEFAULTS = "spark-defaults.conf"
# spark-defaults.conf: a key, then white space or "=" (Spark's Utils.getPropertiesFromFile reads it as Properties)
_ENTRY = re.compile(r"^\s*(?P<key>[^\s=:#!]+)\s*[=:\s]\s*(?P<value>.*?)\s*$")


class PipelinesError(RuntimeError):
    """``spark-pipelines`` cannot be started with the agent; the message says why and what to do."""


def user_conf_dir(environ: Mapping[str, str]) -> Path | None:
    """The Spark configuration directory ``spark-pipelines`` would read; None when there is none.

    ``$SPARK_CONF_DIR``, else ``$SPARK_HOME/conf``, else the ``conf`` directory of the installed pyspark.
    """
    if environ.get("SPARK_CONF_DIR"):
        return Path(environ["SPARK_CONF_DIR"])
    if environ.get("SPARK_HOME"):
        return Path(environ["SPARK_HOME"]) / "conf"
    try:
        import pyspark
    except ModuleNotFoundError:
        return None
    return Path(pyspark.__file__).resolve().parent / "conf"


def read_defaults(path: Path) -> dict[str, str]:
    """The entries of a ``spark-defaults.conf``, in order (comments and blank lines left out)."""
    entries: dict[str, str] = {}
    if not path.is_file():
        return entries
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith(("#", "!")) or not line.strip():
            continue
        found = _ENTRY.match(line)
        if found:
            entries[found["key"]] = found["value"]
    return entries


def agent_defaults(user: Mapping[str, str], settings: Mapping[str, str], jar: str) -> dict[str, str]:
    """The user's entries with the agent added.

    The agent's jar and listener are appended to the user's ``spark.jars`` and ``spark.extraListeners`` (once), and
    ``settings`` replace the user's values of the same keys.
    """
    merged = dict(user)
    merged["spark.jars"] = append_csv(merged.get("spark.jars"), jar)
    merged["spark.extraListeners"] = append_csv(merged.get("spark.extraListeners"), LISTENER_CLASS)
    merged.update(settings)
    return merged


def write_conf_dir(target: Path, source: Path | None, entries: Mapping[str, str]) -> None:
    """Make ``target`` a Spark configuration directory: ``source``'s files, ``entries`` as its spark-defaults.conf.

    The other files of ``source`` (log4j2.properties, spark-env.sh, ...) are copied as they are.
    """
    if source is not None and source.is_dir():
        for item in source.iterdir():
            if item.is_file() and item.name != _DEFAULTS:
                shutil.copy2(item, target / item.name)
    lines = [f"{key} {value}" for key, value in entries.items()]
    (target / _DEFAULTS).write_text("\n".join(lines) + "\n", encoding="utf-8")


def spark_pipelines() -> str:
    """The ``spark-pipelines`` command of this Python's pyspark (its scripts directory first, then ``PATH``).

    Raises:
        PipelinesError: there is none (pyspark before 4.1 has no Declarative Pipelines).
    """
    beside = Path(sys.executable).parent / "spark-pipelines"
    found = str(beside) if beside.is_file() else shutil.which("spark-pipelines")
    if found is None:
        msg = (
            "spark-pipelines not found: Spark Declarative Pipelines come with pyspark 4.1 or later "
            "(pip install 'pyspark>=4.1')"
        )
        raise PipelinesError(msg)
    return found


def run_pipelines(command: str, arguments: Sequence[str], settings: Mapping[str, str]) -> int:
    """Run ``spark-pipelines COMMAND ARGUMENTS...`` with the agent in its Spark Connect server; its exit status.

    Raises:
        PipelinesError: no ``spark-pipelines``.
        FileNotFoundError, UnsupportedSparkError: no agent jar for the installed pyspark.
    """
    executable = spark_pipelines()
    jar = jar_path()
    source = user_conf_dir(os.environ)
    entries = agent_defaults(read_defaults(source / _DEFAULTS) if source else {}, settings, jar)
    with tempfile.TemporaryDirectory(prefix="headwater-pipelines-conf-") as conf:
        write_conf_dir(Path(conf), source, entries)
        env = {**os.environ, "SPARK_CONF_DIR": conf}
        return subprocess.run([executable, command, *arguments], env=env, check=False).returncode  # noqa: S603
