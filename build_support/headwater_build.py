"""Headwater's PEP 517 build backend: setuptools', with the agent jar(s) built into the package first.

``pip install .``, ``pip wheel .`` and ``python -m build`` all come here (``[build-system]`` in pyproject.toml). Before
a wheel or an sdist is made, the jars in ``python/headwater/jars/`` are checked against the JVM sources; when any is
missing or older than a source, the Gradle task ``pythonJar`` rebuilds them (it writes every jar the package ships
into that directory; setuptools then packages whatever ``jars/*.jar`` holds). Likewise the lineage graph page's script
(``lineage/static/graph.js``) is bundled from ``web/`` with npm when missing or older than ``web/``. The sdist carries
the built jars and the script, so a wheel built from it needs neither a JDK nor Node.js.

Building the jars needs a JDK 17 and Gradle on ``PATH``, and Spark's jars to compile against: those of the pyspark
named in ``requirements-dev.txt``, which is added to the build environment only when the jars must be built, and,
for the seams of the other Spark lines (3.5, 4.0, 4.2), those of the pyspark release the Makefile pins for each line
(from ``make venvs``' venvs, else from its source distribution; see :func:`other_line_jars`). A
missing tool or a failed Gradle or npm build stops the build with one message naming the cause and the fix.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
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
JVM_INPUTS = (
    "VERSION",
    "build.gradle",
    "settings.gradle",
    "gradle.properties",
    "jvm/src/main",
    "jvm/src/spark35/main",
    "jvm/src/spark40/main",
    "jvm/src/spark41/main",
    "jvm/src/spark42/main",
    "jvm/jarjar-rules.txt",
)
# The Spark lines other than the compile pyspark's whose seam implementations are compiled against their own Spark
# (build.gradle's source sets scala212, spark40, spark42; Gradle property sparkJars<line without the dot>).
OTHER_LINES = ("3.5", "4.0", "4.2")
SPARK_JARS_CACHE = ROOT / "build" / "spark-jars"
NO_TOOLS = (
    "building headwater from source needs {missing} on PATH to build its Spark agent jar: install a JDK 17 and "
    "Gradle (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless gradle; or run `make build` in the "
    "repository, which installs them), or install a built headwater wheel instead"
)


# The lineage graph page's script: web/ (Cytoscape.js + dagre from npm) bundled by esbuild into the package. It is not
# committed; a clone builds it with Node.js (npm), and the sdist carries it, so a wheel built from the sdist needs none.
BUNDLE = ROOT / "python" / "headwater" / "lineage" / "static" / "graph.js"
WEB = ROOT / "web"
NO_NPM = (
    "building headwater from source needs npm on PATH to bundle its lineage graph page's script (web/): install "
    "Node.js with npm (Debian/Ubuntu: apt-get install nodejs npm; or run `make build` in the repository, which "
    "installs them), or install a built headwater wheel or sdist instead"
)


class JarBuildError(RuntimeError):
    """The agent jar (or the graph page's script) could not be built; the message says why and what to do."""


def _pinned(file: str, pattern: str, expected: str) -> re.Match[str]:
    """The first line of ``file`` (in the repository) matching ``pattern``; an error naming ``expected`` if none."""
    found = re.search(pattern, (ROOT / file).read_text(encoding="utf-8"), re.MULTILINE)
    if found is None:
        msg = f"{ROOT / file} pins no pyspark (a line `{expected}`)"
        raise JarBuildError(msg)
    return found


def compile_pyspark() -> str:
    """The pyspark requirement the agent is compiled against: the ``pyspark==`` pin of ``requirements-dev.txt``."""
    return _pinned("requirements-dev.txt", r"^pyspark==\S+", "pyspark==<version>").group(0)


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
    lines = [f"-PsparkJars{line.replace('.', '')}={other_line_jars(line)}" for line in OTHER_LINES]
    command = [
        "gradle", "--console=plain", "-q", "--no-daemon", "-p", str(ROOT), f"-PsparkJarsDir={spark_jars}", *lines,
        GRADLE_TASK,
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


def bundle_up_to_date() -> bool:
    """True when the graph page's script exists and is newer than every file of ``web/`` (an sdist has no ``web/``)."""
    if not BUNDLE.is_file():
        return False
    sources = [path for name in ("package.json", "package-lock.json", "src") for path in _files(WEB / name)]
    return BUNDLE.stat().st_mtime >= max((path.stat().st_mtime for path in sources), default=0.0)


def build_bundle() -> Path:
    """Bundle the graph page's script with npm (``npm ci``, then ``npm run build``), unless it is up to date.

    Raises:
        JarBuildError: no npm on PATH, or npm failed.
    """
    if bundle_up_to_date():
        return BUNDLE
    npm = shutil.which("npm")
    if npm is None:
        raise JarBuildError(NO_NPM)
    for step in (["ci", "--no-audit", "--no-fund", "--loglevel=error"], ["run", "--silent", "build"]):
        command = [npm, *step]
        done = subprocess.run(command, cwd=WEB, capture_output=True, text=True, check=False)  # noqa: S603
        if done.returncode != 0:
            output = (done.stdout + done.stderr).strip()[-4000:]
            msg = f"bundling the graph page's script failed (`npm {' '.join(step)}` in {WEB}):\n{output}"
            raise JarBuildError(msg)
    if not BUNDLE.is_file():
        msg = f"`npm run build` in {WEB} succeeded but wrote no {BUNDLE}"
        raise JarBuildError(msg)
    return BUNDLE


def build_package_files() -> None:
    """What the package ships besides its Python sources: the agent jars and the graph page's script."""
    build_jars()
    build_bundle()


def line_pyspark(line: str) -> str:
    """The pyspark release the Makefile pins for Spark line ``line`` (``PYSPARK_3.5 := 3.5.9``)."""
    return _pinned("Makefile", rf"^PYSPARK_{re.escape(line)} := (\S+)$", f"PYSPARK_{line} := <version>").group(1)


def other_line_jars(line: str) -> Path:
    """The directory of Spark ``line``'s jars to compile that line's seams against.

    The pyspark of the line's venv (``build/venvs/pyspark-<line>``, made by ``make venvs``) when there is one; else
    the ``deps/jars`` of the pinned pyspark's source distribution, downloaded by pip (which caches it) and unpacked
    once into ``build/spark-jars/<version>``.

    Raises:
        JarBuildError: pip could not download the release.
    """
    venv_jars = sorted(
        (ROOT / "build" / "venvs" / f"pyspark-{line}" / "lib").glob("python3*/site-packages/pyspark/jars")
    )
    if venv_jars:
        return venv_jars[0]
    release = line_pyspark(line)
    target = SPARK_JARS_CACHE / release
    if (target / ".complete").is_file():
        return target
    with tempfile.TemporaryDirectory() as download:
        command = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                   "--no-binary", ":all:", "-d", download, f"pyspark=={release}"]  # fmt: skip
        # pip prepares the sdist's metadata with its own build backend: without this backend's hook variables
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PEP517", "_PYPROJECT_HOOKS", "PYTHONPATH"))}
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)  # noqa: S603
        archives = sorted(Path(download).glob("pyspark-*.tar.gz"))
        if done.returncode != 0 or not archives:
            msg = (
                f"downloading pyspark {release} (Spark {line}'s jars, to compile against) failed: {done.stderr[-2000:]}"
            )
            raise JarBuildError(msg)
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        with tarfile.open(archives[0]) as archive:
            for member in archive.getmembers():
                parts = Path(member.name).parts
                if member.isfile() and len(parts) == 4 and parts[1:3] == ("deps", "jars") and parts[3].endswith(".jar"):  # noqa: PLR2004
                    extracted = archive.extractfile(member)
                    if extracted is not None:
                        (target / parts[3]).write_bytes(extracted.read())
    (target / ".complete").touch()
    return target


def _with_compile_pyspark(requires: list[str]) -> list[str]:
    # pip: other_line_jars downloads the other lines' pyspark releases with it (an isolated build env may lack it)
    return requires if jars_up_to_date() else [*requires, compile_pyspark(), "pip"]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Setuptools' requirements, and the pyspark to compile against (and pip) when the jars must be built."""
    return _with_compile_pyspark(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Setuptools' requirements, and the pyspark to compile against (and pip) when the jars must be built."""
    return _with_compile_pyspark(_setuptools.get_requires_for_build_sdist(config_settings))


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """Build the jars and the graph page's script when needed, then the wheel (which carries them)."""
    build_package_files()
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """Build the jars and the graph page's script when needed, then the sdist (carrying them and the JVM sources)."""
    build_package_files()
    return str(_setuptools.build_sdist(sdist_directory, config_settings))


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """Build the jars and the graph page's script when needed, then the editable wheel."""
    build_package_files()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
