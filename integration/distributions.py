"""Distributions as a user gets them: built by ``make dist`` in a fresh clone, installed into new venvs.

``make dist`` writes exactly what a release uploads: the wheel, the sdist and ``maven/``, a Maven repository with the
agents and the extension API (docs/releasing.md). Building from a clean tree runs Gradle (a few minutes), so the result
is cached under ``build/fresh-clone/<digest of the files it is built from>/dist`` and rebuilt only when one of those
changes. The clone shares this checkout's Python environments (``.venv`` and the other Spark lines' venvs under
``build/venvs``: downloads, cached as the project caches them), nothing else: the jars, the graph page's script, the
distributions and the Maven repository are all built from the clone's own files. In CI the checkout under test is
itself such a clone (.ci/run), already built by ``make test``: there ``make dist`` runs in it, with nothing compiled twice.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from integration.doc_blocks import install_block
from integration.support import REPO, driver_env

CACHE = REPO / "build" / "fresh-clone"
# Not what the distributions are built from: editing them needs no rebuild.
NOT_BUILT_FROM = ("tests/", "integration/", "bench/", "docs/", "jvm/src/test/", "jvm/src/spark41/test/")


def source_files() -> list[str]:
    """What a clone of the working tree holds: tracked files and new files git does not ignore."""
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    return sorted(name for name in listed.split("\0") if name and (REPO / name).is_file())


def digest(files: list[str]) -> str:
    """A digest of the files the distributions are built from."""
    sha = hashlib.sha256()
    for name in files:
        if not name.startswith(NOT_BUILT_FROM):
            sha.update(name.encode() + b"\0" + (REPO / name).read_bytes() + b"\0")
    return sha.hexdigest()[:16]


def fresh_clone(files: list[str], target: Path) -> Path:
    """A copy of the working tree's source files at ``target``, as a clone has them (no jar, nothing built)."""
    if target.exists():
        shutil.rmtree(target)
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target / name)
    assert not list(target.glob("python/headwater/jars/*.jar"))
    return target


def built_distributions() -> Path:
    """The ``dist`` directory ``make dist`` writes in a fresh clone (cached per digest); ``make-dist.log`` beside it
    holds what make printed."""
    files = source_files()
    key = digest(files)
    built = CACHE / key / "dist"
    if (built / "maven").is_dir() and list(built.glob("*.whl")) and list(built.glob("*.tar.gz")):
        return built
    if CACHE.exists():
        for stale in CACHE.iterdir():  # keep only the current digest's build
            shutil.rmtree(stale, ignore_errors=True)
    if is_a_fresh_clone():
        return _make_dist(REPO, CACHE / key)
    clone = fresh_clone(files, CACHE / key / "clone")
    (clone / "build").mkdir()
    (clone / "build" / "venvs").symlink_to(REPO / "build" / "venvs")
    (clone / ".venv").symlink_to(REPO / ".venv")
    built = _make_dist(clone, CACHE / key)
    shutil.rmtree(clone)
    return built


def is_a_fresh_clone() -> bool:
    """Whether this checkout is the fresh clone CI tests (.ci/run: ``CI=true``, a clone made for the run) with nothing
    changed in it. ``make test`` has then built the jars and the graph page's script from exactly the files a new clone
    holds, so ``make dist`` here is ``make dist`` in a fresh clone, without compiling everything a second time."""
    if os.environ.get("CI") != "true":
        return False
    status = subprocess.run(
        ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=all"], capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    return status.stdout.strip() == ""


def _make_dist(checkout: Path, cache: Path) -> Path:
    """Run the README's install-from-a-clone command (``make dist``) in ``checkout`` and move its ``dist`` to
    ``cache/dist``; what make printed goes to ``cache/make-dist.log``."""
    # unsigned, and no make of ours (pytest may run under `make test`) passing its flags down
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HEADWATER_SIGNING", "MAKE", "MFLAGS"))}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", install_block("install-clone").text], cwd=checkout, capture_output=True,
        text=True, timeout=1800, check=False, env=env,
    )  # fmt: skip
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "make-dist.log").write_text(done.stdout + done.stderr)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    shutil.move(checkout / "dist", cache / "dist")
    return cache / "dist"


def compile_pyspark() -> str:
    """The ``pyspark==<version>`` requirements-dev.txt pins (the Spark the tests run)."""
    found = re.search(r"^pyspark==\S+", (REPO / "requirements-dev.txt").read_text(), re.MULTILINE)
    assert found is not None
    return found.group(0)


def new_venv(directory: Path, *requirements: str) -> Path:
    """A brand-new virtual environment at ``directory`` (``python -m venv``, with pip, as a user makes one) with
    ``requirements`` installed; returns its bin directory.

    The requirements are set-up, not what is tested (the tests then run pip themselves, as the docs say), so uv installs
    them from the checkout's cache (``build/uv-cache``, where ``make`` keeps the pyspark wheels it built for the Spark
    lines' venvs): pip would download a pyspark release again (300-450 MB) and build its wheel from the sdist, about a
    minute of CPU each, on the longest path of ``make test``. Without ``.venv/bin/uv`` pip installs them."""
    subprocess.run([sys.executable, "-m", "venv", str(directory)], check=True, timeout=300)
    uv = REPO / ".venv" / "bin" / "uv"
    if uv.is_file():
        command = [str(uv), "pip", "install", "-q", "--python", str(directory / "bin" / "python"), *requirements]
        env = {**os.environ, "UV_CACHE_DIR": str(REPO / "build" / "uv-cache")}
    else:
        command = [str(directory / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", *requirements]
        env = dict(os.environ)
    installed = subprocess.run(command, capture_output=True, text=True, timeout=1200, check=False, env=env)
    assert installed.returncode == 0, installed.stderr[-3000:]
    return directory / "bin"


def venv_env(bin_dir: Path) -> dict[str, str]:
    """The environment of a driver running on the venv of ``bin_dir``."""
    env = driver_env(PYSPARK_PYTHON=str(bin_dir / "python"), PYSPARK_DRIVER_PYTHON=str(bin_dir / "python"))
    env.pop("PYTHONPATH", None)
    return env


def run_in_venv(bin_dir: Path, command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``command`` (its first item a program of the venv, e.g. ``python``) in the venv of ``bin_dir``."""
    return subprocess.run(
        [str(bin_dir / command[0]), *command[1:]], cwd=cwd, env=venv_env(bin_dir), capture_output=True, text=True,
        timeout=600, check=False,
    )  # fmt: skip
