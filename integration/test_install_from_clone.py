"""What a release uploads, as a user gets it: ``make dist`` (the README's install-from-a-clone command) in a fresh clone
writes the wheel, the sdist and a Maven repository (docs/releasing.md). Checked here: the files, the wheel's and the
sdist's contents and metadata (``twine check``), the sdist building a complete wheel with neither Node.js nor a JDK, the
Maven artefacts' POMs and side files, signing with a real gpg key; then installing as Spark users do, in brand-new venvs
with pyspark only: the agent by its Maven coordinates (``spark-submit --packages``, ``spark.jars.packages``) with no
headwater package, then the README's ``pip install --find-links dist`` with the quick start, ``headwater lineage view``,
``serve`` and ``show``, on the oldest and the newest Spark line; without a JDK the build names what to install. (The
distributions are cached, see integration/distributions.py; each brand-new virtual environment, about 45 s, is made on
every run.)"""

from __future__ import annotations

import email
import hashlib
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

import pytest

from integration.distributions import fresh_clone, new_venv, run_in_venv, source_files, venv_env
from integration.doc_blocks import install_block
from integration.support import REPO, write_flights_csv
from tests.support.daemons import Daemon, free_port
from tests.support.events import read_jsonl, runs_by_id

JAR_ENTRY = re.compile(r"headwater/jars/[^/]+\.jar$")
VERSION = (REPO / "VERSION").read_text().strip()
LISTENER = "io.headwater.spark.agent.OpenLineageSparkListener"
ARTEFACTS = ("headwater-spark_2.12", "headwater-spark_2.13", "headwater-spark-api")
CHECKSUMS = {"md5": hashlib.md5, "sha1": hashlib.sha1, "sha256": hashlib.sha256, "sha512": hashlib.sha512}
POM = "{http://maven.apache.org/POM/4.0.0}"


def test_dist_holds_exactly_what_a_release_uploads(dist: Path) -> None:
    top = sorted(p.name for p in dist.iterdir())
    assert top == [f"headwater-{VERSION}-py3-none-any.whl", f"headwater-{VERSION}.tar.gz", "maven"]
    files = sorted(p.relative_to(dist / "maven").as_posix() for p in (dist / "maven").rglob("*") if p.is_file())
    expected = sorted(
        f"io/headwater/{a}/{VERSION}/{a}-{VERSION}{kind}{side}"
        for a in ARTEFACTS
        for kind in (".jar", "-sources.jar", "-javadoc.jar", ".pom")
        for side in ("", ".md5", ".sha1", ".sha256", ".sha512")
    )
    assert files == expected
    log = (dist.parent / "make-dist.log").read_text()
    # unsigned without a key, said in one line; the metadata checked as PyPI checks it
    assert log.count("no signing key configured (HEADWATER_SIGNING_KEY_ID)") == 1
    assert f"Checking dist/headwater-{VERSION}-py3-none-any.whl: PASSED" in re.sub(r"\x1b\[[0-9;]*m", "", log)


def test_the_wheel_is_complete(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        jars = sorted(n for n in names if JAR_ENTRY.search(n))
        assert all(archive.getinfo(jar).file_size > 1_000_000 for jar in jars)
        metadata = email.message_from_string(archive.read(f"headwater-{VERSION}.dist-info/METADATA").decode())
        script = archive.read("headwater/lineage/static/graph.js")
    assert jars == ["headwater/jars/headwater-spark_2.12.jar", "headwater/jars/headwater-spark_2.13.jar"]
    for needed in ("headwater/py.typed", "headwater/lineage/spec/OpenLineage.json", "headwater/lineage/spec/LICENSE",
                   f"headwater-{VERSION}.dist-info/licenses/LICENSE", "headwater/lineage/migrations/script.py.mako"):  # fmt: skip
        assert needed in names, needed
    assert b"cytoscape" in script.lower()
    assert len(script) > 100_000  # the bundle (Cytoscape.js and dagre), not a stub
    assert metadata["Name"] == "headwater"
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "Apache-2.0"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload().strip() == (REPO / "README.md").read_text().strip()
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL"))
    assert sorted(urls) == ["Changelog", "Documentation", "Homepage", "Issues", "Source"]
    assert "Programming Language :: Python :: 3" in metadata.get_all("Classifier")
    assert "Typing :: Typed" in metadata.get_all("Classifier")
    assert 'extra == "lineage"' in " ".join(metadata.get_all("Requires-Dist"))


def test_the_sdist_builds_a_complete_wheel_without_node_or_a_jdk(dist: Path, tmp_path: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path, filter="data")
    root = names[0].split("/")[0]
    for needed in ("python/headwater/jars/headwater-spark_2.12.jar", "python/headwater/jars/headwater-spark_2.13.jar",
                   "python/headwater/lineage/static/graph.js", "VERSION", "LICENSE", "CHANGELOG.md",
                   "build.gradle", "build_support/headwater_build.py", "jvm/jarjar-rules.txt", "Makefile",
                   "jvm/src/main/java/io/headwater/spark/agent/OpenLineageSparkListener.java"):  # fmt: skip
        assert f"{root}/{needed}" in names, needed
    assert not [n for n in names if "/tests/" in n or "/integration/" in n or "/web/" in n]

    empty_bin = tmp_path / "bin"  # no npm, node, javac or gradle
    empty_bin.mkdir()
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(tmp_path / "out"),
         str(tmp_path / root)],
        capture_output=True, text=True, timeout=600, check=False, env={**os.environ, "PATH": str(empty_bin)},
    )  # fmt: skip
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("*.whl")
    (released,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as rebuilt, zipfile.ZipFile(released) as original:
        assert sorted(n for n in rebuilt.namelist() if "dist-info" not in n) == sorted(
            n for n in original.namelist() if "dist-info" not in n
        )


@pytest.mark.parametrize("artefact", ARTEFACTS)
def test_a_maven_artefact_has_what_maven_central_requires(dist: Path, artefact: str) -> None:
    directory = dist / "maven" / "io" / "headwater" / artefact / VERSION
    prefix = directory / f"{artefact}-{VERSION}"
    for path in directory.iterdir():
        if path.suffix.lstrip(".") not in CHECKSUMS:
            for name, algorithm in CHECKSUMS.items():
                assert Path(f"{path}.{name}").read_text().strip() == algorithm(path.read_bytes()).hexdigest()

    pom = ET.parse(f"{prefix}.pom").getroot()  # noqa: S314 - our own build's file

    def text(path: str) -> str:
        found = pom.findtext(POM + path.replace("/", f"/{POM}"))
        assert found, f"{artefact}: no <{path}> in its POM"
        return found.strip()

    assert (text("groupId"), text("artifactId"), text("version")) == ("io.headwater", artefact, VERSION)
    for required in ("name", "description", "url", "licenses/license/name", "licenses/license/url", "scm/url",
                     "scm/connection", "developers/developer/name"):  # fmt: skip
        text(required)
    dependencies = [
        (d.findtext(f"{POM}groupId"), d.findtext(f"{POM}artifactId"), d.findtext(f"{POM}scope"))
        for d in pom.iter(f"{POM}dependency")
    ]
    with zipfile.ZipFile(f"{prefix}.jar") as jar:
        classes = [n for n in jar.namelist() if n.endswith(".class")]
    with zipfile.ZipFile(f"{prefix}-sources.jar") as sources, zipfile.ZipFile(f"{prefix}-javadoc.jar") as javadoc:
        java_sources = [n for n in sources.namelist() if n.endswith(".java")]
        assert "index.html" in javadoc.namelist()
        assert "io/headwater/spark/api/OpenLineageEventHandlerFactory.html" in javadoc.namelist()
    assert "io/headwater/spark/api/OpenLineageEventHandlerFactory.java" in java_sources
    if artefact == "headwater-spark-api":
        # the API only, and the OpenLineage client (whose model its signatures use) as its one dependency
        assert classes
        assert all(n.startswith("io/headwater/spark/api/") for n in classes)
        assert dependencies == [("io.openlineage", "openlineage-java", "compile")]
    else:
        # the agent the wheel carries, byte for byte, declaring nothing: everything it needs is bundled or Spark's
        scala = artefact.rsplit("_", 1)[1]
        (wheel,) = dist.glob("*.whl")
        with zipfile.ZipFile(wheel) as archive:
            assert archive.read(f"headwater/jars/headwater-spark_{scala}.jar") == Path(f"{prefix}.jar").read_bytes()
        assert dependencies == []
        assert "io/headwater/spark/agent/OpenLineageSparkListener.java" in java_sources


def test_make_dist_signs_the_maven_artefacts_with_a_configured_key(dist: Path, tmp_path: Path) -> None:
    """The signing step of ``make dist`` (build_support/maven_dist.py) with a throwaway key in its own gpg home."""
    import shutil

    # Not under tmp_path: gpg-agent's sockets live in the gpg home, and a Unix socket's path must fit in 107 bytes,
    # which a pytest-xdist tmp_path under a long TMPDIR does not (gpg then fails to make the key, exit status 2).
    home = Path(tempfile.mkdtemp(prefix="gnupg-", dir="/tmp"))
    gpg_env = {**os.environ, "GNUPGHOME": str(home)}
    subprocess.run(
        ["gpg", "--batch", "--passphrase", "test-passphrase", "--quick-gen-key", "Headwater Test <test@example.invalid>",
         "ed25519", "sign", "never"],
        env=gpg_env, capture_output=True, check=True, timeout=120,
    )  # fmt: skip
    listed = subprocess.run(["gpg", "--batch", "--with-colons", "--list-secret-keys"], env=gpg_env, capture_output=True,
                            text=True, check=True).stdout  # fmt: skip
    fingerprint = next(line.split(":")[9] for line in listed.splitlines() if line.startswith("fpr:"))
    copy = tmp_path / "dist"
    shutil.copytree(dist / "maven", copy / "maven")
    try:
        signed = subprocess.run(
            [sys.executable, str(REPO / "build_support" / "maven_dist.py"), str(copy)],
            env={**gpg_env, "HEADWATER_SIGNING_KEY_ID": fingerprint, "HEADWATER_SIGNING_PASSPHRASE": "test-passphrase"},
            capture_output=True, text=True, check=False, timeout=300,
        )  # fmt: skip
        assert signed.returncode == 0, signed.stderr
        artefacts = [p for p in (copy / "maven").rglob("*") if p.suffix in (".jar", ".pom")]
        assert len(artefacts) == 12
        for path in artefacts:
            verified = subprocess.run(["gpg", "--batch", "--verify", f"{path}.asc", str(path)], env=gpg_env,
                                      capture_output=True, text=True, check=False)  # fmt: skip
            assert verified.returncode == 0, verified.stderr
        with zipfile.ZipFile(copy / "central-bundle.zip") as bundle:
            names = set(bundle.namelist())
        for path in artefacts:
            relative = path.relative_to(copy / "maven").as_posix()
            assert {relative, f"{relative}.asc", f"{relative}.md5", f"{relative}.sha1"} <= names
        assert f"{copy}/central-bundle.zip" in signed.stdout
        # a key that is not in the keyring fails with gpg's reason, and nothing claims success
        (
            copy
            / "maven"
            / "io"
            / "headwater"
            / "headwater-spark-api"
            / VERSION
            / f"headwater-spark-api-{VERSION}.pom.asc"
        ).unlink()
        wrong = subprocess.run(
            [sys.executable, str(REPO / "build_support" / "maven_dist.py"), str(copy)],
            env={**gpg_env, "HEADWATER_SIGNING_KEY_ID": "0" * 40},
            capture_output=True, text=True, check=False, timeout=300,
        )  # fmt: skip
        assert wrong.returncode == 1
        assert wrong.stderr.startswith(f"error: gpg could not sign {copy}/maven/")
    finally:
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=gpg_env, check=False, capture_output=True)
        shutil.rmtree(home, ignore_errors=True)


# A job that must run with the agent from its Maven coordinates alone: no headwater package in its Python.
PACKAGES_JOB = """\
import importlib.util
import sys
from pyspark.sql import SparkSession

assert importlib.util.find_spec("headwater") is None, "headwater is installed; this job must not need it"
workdir, settings = sys.argv[1], sys.argv[2:]
builder = SparkSession.builder.appName("packages_job").master("local[1]").config("spark.ui.enabled", "false")
for setting in settings:
    key, value = setting.split("=", 1)
    builder = builder.config(key, value)
spark = builder.getOrCreate()
flights = spark.read.csv(f"{workdir}/in", header=True, schema="carrier STRING, origin STRING, dep_delay INT")
flights.groupBy("carrier").count().write.parquet(f"{workdir}/out")
spark.stop()
"""


def _write_of_in_to_out(events: Path, app: str, workdir: Path) -> dict[str, Any]:
    """The COMPLETE event of the one write run of ``app``, from ``workdir``/in to ``workdir``/out, beside the
    application run (each run exactly START then COMPLETE)."""
    runs = {evs[0]["job"]["name"]: evs for evs in runs_by_id(read_jsonl(events)).values()}
    write = f"{app}.execute_insert_into_hadoop_fs_relation_command.{workdir.name}_out"
    assert sorted(runs) == [app, write]
    assert [e["eventType"] for e in runs[write]] == ["START", "COMPLETE"]
    complete = runs[write][-1]
    assert [(d["namespace"], d["name"]) for d in complete["inputs"]] == [("file", str(workdir / "in"))]
    assert [(d["namespace"], d["name"]) for d in complete["outputs"]] == [("file", str(workdir / "out"))]
    return complete


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


def _quick_start_gives_lineage(bin_dir: Path, workdir: Path, pyspark: str) -> None:
    """The README's quick start in the venv of ``bin_dir``: full lineage, from the installed wheel's jar."""
    events = workdir / "events.jsonl"
    write_flights_csv(workdir / "in")
    script = workdir / "job.py"
    script.write_text(QUICK_START)
    ran = run_in_venv(bin_dir, ["python", str(script), str(events), str(workdir)], workdir)

    assert ran.returncode == 0, ran.stderr[-3000:]
    scala = "2.12" if pyspark.startswith("3.") else "2.13"
    assert f"JAR {bin_dir.parent}/lib/" in ran.stdout  # the installed wheel's jar, not this checkout's
    assert ran.stdout.strip().endswith(f"/headwater/jars/headwater-spark_{scala}.jar")
    assert "Headwater lineage agent disabled" not in ran.stderr
    (output,) = _write_of_in_to_out(events, "nightly_flights", workdir)["outputs"]
    assert [f["name"] for f in output["facets"]["schema"]["fields"]] == ["name", "total_delay"]
    lineage = output["facets"]["columnLineage"]["fields"]
    assert [(i["name"], i["field"]) for i in lineage["total_delay"]["inputFields"]] == [
        (str(workdir / "in"), "dep_delay")
    ]
    assert output["outputFacets"]["outputStatistics"]["rowCount"] == 3


# The oldest line (Scala 2.12) and the newest (Scala 2.13): both agent artefacts, and the newest Spark a user may have.
@pytest.mark.parametrize("pyspark", ["3.5.9", "4.3.0"])
def test_spark_users_install_it_from_dist(dist: Path, tmp_path: Path, pyspark: str) -> None:
    """A brand-new venv with pyspark only. First the agent by Maven coordinates, as spark-submit --packages and
    spark.jars.packages take it, with no headwater package; then the README's pip command, the quick start and the
    lineage viewer (view, serve, show)."""
    bin_dir = new_venv(tmp_path / "venv", f"pyspark=={pyspark}")
    scala = "2.12" if pyspark.startswith("3.") else "2.13"
    coordinate = f"io.headwater:headwater-spark_{scala}:{VERSION}"
    repository = f"file://{dist / 'maven'}"
    job = tmp_path / "packages_job.py"
    job.write_text(PACKAGES_JOB)

    # 1. spark-submit --packages (Ivy resolves the agent from the repository into an empty cache of its own)
    submitted = tmp_path / "submitted"
    write_flights_csv(submitted / "in")
    events = submitted / "events.jsonl"
    ran = run_in_venv(bin_dir, [
        "spark-submit", "--master", "local[1]", "--packages", coordinate, "--repositories", repository,
        "--conf", f"spark.jars.ivy={tmp_path / 'ivy-submit'}", "--conf", f"spark.extraListeners={LISTENER}",
        "--conf", "spark.openlineage.transport.type=file", "--conf", f"spark.openlineage.transport.location={events}",
        str(job), str(submitted),
    ], tmp_path)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert f"io.headwater#headwater-spark_{scala};{VERSION}" in ran.stdout + ran.stderr  # Ivy's resolution report
    assert "Headwater lineage agent disabled" not in ran.stderr
    _write_of_in_to_out(events, "packages_job", submitted)

    # 2. spark.jars.packages on a SparkSession builder
    built = tmp_path / "built"
    write_flights_csv(built / "in")
    events = built / "events.jsonl"
    ran = run_in_venv(bin_dir, [
        "python", str(job), str(built), f"spark.jars.packages={coordinate}", f"spark.jars.repositories={repository}",
        f"spark.jars.ivy={tmp_path / 'ivy-builder'}", f"spark.extraListeners={LISTENER}",
        "spark.openlineage.transport.type=file", f"spark.openlineage.transport.location={events}",
    ], tmp_path)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-3000:]
    _write_of_in_to_out(events, "packages_job", built)

    # 3. the README's install command, verbatim, in a directory holding dist/; then the quick start
    home = tmp_path / "home"
    home.mkdir()
    (home / "dist").symlink_to(dist)
    env_path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    installed = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", install_block("install-dist").text], cwd=home, capture_output=True,
        text=True, timeout=1200, check=False, env={**os.environ, "PATH": env_path, "VIRTUAL_ENV": str(bin_dir.parent)},
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-3000:]
    workdir = tmp_path / "quick"
    workdir.mkdir()
    _quick_start_gives_lineage(bin_dir, workdir, pyspark)

    # 4. the lineage viewer from the same dist: the page, the endpoint's page and the notebook view all carry the
    # bundled graph script
    extra = run_in_venv(bin_dir, ["pip", "install", "-q", "--find-links", str(dist), "headwater[lineage]"], home)
    assert extra.returncode == 0, extra.stderr[-3000:]
    page = tmp_path / "page.html"
    viewed = run_in_venv(
        bin_dir, ["headwater", "lineage", "view", str(workdir / "events.jsonl"), "-o", str(page)], home
    )
    assert viewed.returncode == 0, viewed.stderr[-3000:]
    script = (REPO / "python" / "headwater" / "lineage" / "static" / "graph.js").read_text()[:200]
    assert script in page.read_text()
    shown = run_in_venv(bin_dir, ["python", "-c", (
        "import sys; from headwater.lineage.notebook import LineageView; "
        "sys.stdout.write(LineageView(sys.argv[1])._repr_html_())"
    ), str(workdir / "events.jsonl")], home)  # fmt: skip
    assert shown.returncode == 0, shown.stderr[-3000:]
    assert "nightly_flights" in shown.stdout
    assert script in shown.stdout or "srcdoc" in shown.stdout
    port = free_port()
    server = Daemon.start(
        "headwater serve", [str(bin_dir / "headwater"), "serve", "--port", str(port), "--store",
                            f"sqlite:///{tmp_path / 'store.db'}"],
        log=tmp_path / "serve.log", env=venv_env(bin_dir), cwd=home,
    )  # fmt: skip
    try:
        server.wait_for_port(port, timeout=60)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert script in response.read().decode()
    finally:
        server.stop()


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
