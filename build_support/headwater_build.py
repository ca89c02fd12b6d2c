"""Headwater's PEP 517 build backend: setuptools', with the agent jar(s) built into the package first.

``pip install .``, ``pip wheel .`` and ``python -m build`` all come here (``[build-system]`` in pyproject.toml). Before
a wheel or an sdist is made, the jars in ``python/headwater/jars/`` are checked against the JVM sources; when any is
missing or older than a source, the Gradle task ``pythonJar`` rebuilds them (it writes every jar the package ships
into that directory; setuptools then packages whatever ``jars/*.jar`` holds). The sdist carries the built jars, so a
wheel built from it needs no JDK.

Building the jars needs a JDK 17 and Gradle on ``PATH``, and Spark's jars to compile against: those of the pyspark
named in ``requirements-dev.txt``, which is added to the build environment only when the jars must be built. A
missing tool or a failed Gradle build stops the build with one message naming the cause and the fix.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 - re-exported hooks of the PEP 517 interface
    get_requires_for_build_editable,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

ROOT = Path(__file__).resolve().parent.parent
JARS = ROOT / "python" / "headwater" / "jars"
GRADLE_TASK = "pythonJar"
# What the jars are built from: a jar older than any of these files is rebuilt.
JVM_INPUTS = ("build.gradle", "settings.gradle", "gradle.properties", "META-INF", "jvm/src/main")
NO_TOOLS = (
    "building headwater from source needs {missing} on PATH to build its Spark agent jar: install a JDK 17 and "
    "Gradle (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless gradle; or run `make build` in the "
    "repository, which installs them), or install a built headwater wheel instead"
)


class JarBuildError(RuntimeError):
    """The agent jar could not be built; the message says why and what to do."""


def compile_pyspark() -> str:
    """The pyspark requirement the agent is compiled against: the ``pyspark==`` pin of ``requirements-dev.txt``."""
    text = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    found = re.search(r"^pyspark==\S+", text, re.MULTILINE)
    if found is None:
        msg = f"{ROOT / 'requirements-dev.txt'} pins no pyspark (a line `pyspark==<version>`)"
        raise JarBuildError(msg)
    return found.group(0)


def jars_up_to_date() -> bool:
    """True when the package holds at least one jar and every jar is newer than every JVM source."""
    jars = sorted(JARS.glob("*.jar"))
    if not jars:
        return False
    sources = [path for entry in JVM_INPUTS for path in _files(ROOT / entry)]
    newest_source = max((path.stat().st_mtime for path in sources), default=0.0)
    return min(jar.stat().st_mtime for jar in jars) >= newest_source


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else []


def build_jars() -> list[Path]:
    """Run the Gradle task that writes the package's jars, unless they are up to date; returns the jars.

    Raises:
        JarBuildError: no JDK or Gradle on PATH, no pyspark to compile against, or the Gradle build failed.
    """
    if jars_up_to_date():
        return sorted(JARS.glob("*.jar"))
    missing = [tool for tool in ("javac", "gradle") if shutil.which(tool) is None]
    if missing:
        raise JarBuildError(NO_TOOLS.format(missing=" and ".join(missing)))
    try:
        import pyspark
    except ModuleNotFoundError as e:
        msg = f"building the agent jar needs pyspark's Spark jars to compile against: pip install '{compile_pyspark()}'"
        raise JarBuildError(msg) from e
    spark_jars = Path(pyspark.__file__).resolve().parent / "jars"
    command = [
        "gradle", "--console=plain", "-q", "--no-daemon", "-p", str(ROOT), f"-PsparkJarsDir={spark_jars}", GRADLE_TASK,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603 - fixed arguments
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()[-4000:]
        msg = f"the Gradle build of the agent jar failed (`{' '.join(command)}`):\n{output}"
        raise JarBuildError(msg)
    jars = sorted(JARS.glob("*.jar"))
    if not jars:
        msg = f"`gradle {GRADLE_TASK}` succeeded but wrote no jar into {JARS}"
        raise JarBuildError(msg)
    return jars


def _with_compile_pyspark(requires: list[str]) -> list[str]:
    return requires if jars_up_to_date() else [*requires, compile_pyspark()]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Setuptools' requirements, and the pyspark to compile against when the jars must be built."""
    return _with_compile_pyspark(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Setuptools' requirements, and the pyspark to compile against when the jars must be built."""
    return _with_compile_pyspark(_setuptools.get_requires_for_build_sdist(config_settings))


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """Build the jars when needed, then the wheel (which carries them)."""
    build_jars()
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """Build the jars when needed, then the sdist (which carries them and the JVM sources)."""
    build_jars()
    return str(_setuptools.build_sdist(sdist_directory, config_settings))


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """Build the jars when needed, then the editable wheel."""
    build_jars()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
