"""The package as a user gets it: ``python -m build`` in a fresh clone (no jar in it) builds the agent jar into the
sdist and the wheel; the wheel, installed into a brand-new virtual environment with pyspark, gives lineage.

Building from a clean tree runs Gradle (about two minutes), so the distributions are cached under
``build/fresh-clone/<digest of the files they are built from>/dist`` and rebuilt only when one of those changes; the
brand-new virtual environment (about 45 s) is made on every run.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from integration.support import REPO, driver_env
from tests.support.events import read_jsonl, runs_by_id

CACHE = REPO / "build" / "fresh-clone"
JAR_ENTRY = re.compile(r"headwater/jars/[^/]+\.jar$")


def source_files() -> list[str]:
    """What a clone of the working tree holds: tracked files and new files git does not ignore."""
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    return sorted(name for name in listed.split("\0") if name and (REPO / name).is_file())


NOT_BUILT_FROM = ("tests/", "integration/", "bench/", "docs/", "jvm/src/test/")


def digest(files: list[str]) -> str:
    """A digest of what the distributions are built from (tests and docs left out: editing them needs no rebuild)."""
    sha = hashlib.sha256()
    for name in files:
        if name.startswith(NOT_BUILT_FROM):
            continue
        sha.update(name.encode() + b"\0" + (REPO / name).read_bytes() + b"\0")
    return sha.hexdigest()[:16]


def fresh_clone(files: list[str], target: Path) -> Path:
    """A copy of the working tree's source files at ``target``, as a clone would have them (no jar, no build)."""
    if target.exists():
        shutil.rmtree(target)
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target / name)
    assert not list(target.glob("python/headwater/jars/*.jar"))
    return target


@pytest.fixture(scope="session")
def dist() -> Path:
    """The wheel and sdist ``python -m build`` makes in a fresh clone (cached per source digest)."""
    files = source_files()
    key = digest(files)
    built = CACHE / key / "dist"
    if list(built.glob("*.whl")) and list(built.glob("*.tar.gz")):
        return built
    if CACHE.exists():
        for stale in CACHE.iterdir():  # keep only the current digest's build
            shutil.rmtree(stale, ignore_errors=True)
    clone = fresh_clone(files, CACHE / key / "clone")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(built), str(clone)],
        capture_output=True, text=True, timeout=1800, check=False, env=driver_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    shutil.rmtree(clone)
    return built


def test_sdist_and_wheel_carry_the_agent_jar(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        wheel_jars = [n for n in archive.namelist() if JAR_ENTRY.search(n)]
        assert archive.getinfo(wheel_jars[0]).file_size > 1_000_000
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert wheel_jars == ["headwater/jars/headwater-spark.jar"]
    root = names[0].split("/")[0]
    for needed in ("python/headwater/jars/headwater-spark.jar", "build.gradle", "build_support/headwater_build.py",
                   "jvm/src/main/java/io/headwater/spark/agent/OpenLineageSparkListener.java"):  # fmt: skip
        assert f"{root}/{needed}" in names, needed
    assert not [n for n in names if "/tests/" in n or n.endswith(".whl")]


def test_the_wheel_in_a_brand_new_venv_gives_lineage(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pyspark_pin = re.search(r"^pyspark==\S+", (REPO / "requirements-dev.txt").read_text(), re.MULTILINE)
    assert pyspark_pin is not None
    installed = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", f"{wheel}[spark]", pyspark_pin[0]],
        capture_output=True, text=True, timeout=1200, check=False,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-3000:]
    events = tmp_path / "events.jsonl"
    script = tmp_path / "job.py"
    script.write_text(
        "import headwater\n"
        "from pyspark.sql import SparkSession\n"
        "builder = SparkSession.builder.appName('fresh venv').master('local[1]').config('spark.ui.enabled', 'false')\n"
        f"spark = headwater.configure(builder, transport='file', location={str(events)!r}).getOrCreate()\n"
        f"spark.range(12).write.parquet({str(tmp_path / 'out')!r})\n"
        "print('JAR', headwater.jar_path())\n"
        "spark.stop()\n"
    )
    env = driver_env(PYSPARK_PYTHON=str(venv / "bin" / "python"), PYSPARK_DRIVER_PYTHON=str(venv / "bin" / "python"))
    env.pop("PYTHONPATH", None)
    ran = subprocess.run(
        [str(venv / "bin" / "python"), str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=600, check=False,
    )  # fmt: skip

    assert ran.returncode == 0, ran.stderr[-3000:]
    assert f"JAR {venv}/lib/" in ran.stdout  # the installed wheel's jar, not this checkout's
    runs = [(evs[0]["job"]["name"], [e["eventType"] for e in evs]) for evs in runs_by_id(read_jsonl(events)).values()]
    assert runs == [
        ("fresh_venv", ["START", "COMPLETE"]),
        (f"fresh_venv.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out", ["START", "COMPLETE"]),
    ]


def test_building_without_a_jdk_names_what_to_install(tmp_path: Path) -> None:
    clone = fresh_clone(source_files(), tmp_path / "clone")
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    env = {**os.environ, "PATH": str(empty_bin)}  # no javac, no gradle

    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(tmp_path / "out"), str(clone)],
        capture_output=True, text=True, timeout=600, check=False, env=env,
    )  # fmt: skip

    assert done.returncode != 0
    assert (
        "building headwater from source needs javac and gradle on PATH to build its Spark agent jar: install a JDK 17 "
        "and Gradle (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless gradle; or run `make build` in the "
        "repository, which installs them), or install a built headwater wheel instead"
    ) in done.stdout + done.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())
