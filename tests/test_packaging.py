"""The agent jars inside the installed package: both present, versioned, Jackson relocated, and free of any library
Spark ships. Every Spark line's venv installs the same wheel, so the tests of the jars' contents run on the primary line
only; the two that depend on the line (the jar chosen for its pyspark, and no class its Spark also ships) are in the
compatibility subset."""

from __future__ import annotations

import re
import zipfile
from importlib.metadata import version
from pathlib import Path

import pyspark
import pytest

import headwater
from tests.support import spark_versions

REPO = Path(__file__).resolve().parents[1]
SCALA_VERSIONS = ("2.12", "2.13")


def class_entries(jar: Path) -> set[str]:
    with zipfile.ZipFile(jar) as archive:
        return {n for n in archive.namelist() if n.endswith(".class") and not n.startswith("META-INF/")}


def test_the_jar_for_this_pyspark_is_chosen() -> None:
    jar = Path(headwater.jar_path())
    assert jar.name == f"headwater-spark_{spark_versions.SCALA}.jar"
    assert jar == Path(headwater.jar_path(spark=pyspark.__version__))
    assert jar == Path(headwater.jar_path(scala=spark_versions.SCALA))


@pytest.mark.parametrize("scala", SCALA_VERSIONS)
def test_both_jars_ship_inside_the_installed_package(scala: str) -> None:
    jar = Path(headwater.jar_path(scala=scala))
    assert jar.is_file()
    assert "site-packages" in jar.parts, f"expected the installed wheel's copy, got {jar}"
    entries = class_entries(jar)
    assert "io/headwater/spark/agent/OpenLineageSparkListener.class" in entries
    assert "io/openlineage/client/OpenLineage.class" in entries
    with zipfile.ZipFile(jar) as archive:
        services = archive.read("META-INF/services/io.headwater.spark.api.Connector").decode()
        build = archive.read("io/headwater/spark/headwater-version.properties").decode()
    listed = [line for line in services.splitlines() if line and not line.startswith("#")]
    assert len(listed) == 9
    assert "io.headwater.spark.connectors.kafka.KafkaConnector" in listed
    assert all(f"{name.replace('.', '/')}.class" in entries for name in listed)
    assert f"version={headwater.__version__}" in build.splitlines()
    assert f"scala={scala}" in build.splitlines()


@pytest.mark.parametrize("scala", SCALA_VERSIONS)
def test_jackson_is_bundled_relocated(scala: str) -> None:
    with zipfile.ZipFile(headwater.jar_path(scala=scala)) as archive:
        names = archive.namelist()
        services = [n.removeprefix("META-INF/services/") for n in names if n.startswith("META-INF/services/")]
        listed = "\n".join(archive.read(f"META-INF/services/{s}").decode() for s in services if s)
    classes = [n for n in names if n.endswith(".class")]
    assert [n for n in classes if n.startswith("com/fasterxml/")] == []
    relocated = {n.split("/")[4] for n in classes if n.startswith("io/headwater/shaded/jackson/")}
    assert {"core", "databind", "annotation", "dataformat", "datatype", "module"} <= relocated
    assert "io/headwater/shaded/jackson/databind/ObjectMapper.class" in classes
    assert "io/headwater/shaded/jackson/module/blackbird/BlackbirdModule.class" in classes
    assert not [s for s in services if s.startswith("com.fasterxml")]
    assert "com.fasterxml" not in listed
    # only the OpenLineage client's own Jackson-annotated classes and ours reference Jackson, and all relocated
    with zipfile.ZipFile(headwater.jar_path(scala=scala)) as archive:
        ours = archive.read("io/headwater/spark/facets/SparkPropertiesRunFacet.class")
    assert b"io/headwater/shaded/jackson/" in ours
    assert b"com/fasterxml/jackson/" not in ours


def test_the_seams_of_the_other_scala_version_are_not_in_the_jar() -> None:
    seams = {
        "2.12": {"spark35"},
        "2.13": {"spark35", "spark40", "spark41", "spark42"},
    }
    for scala, packages in seams.items():
        found = {
            n.split("/")[4]
            for n in class_entries(Path(headwater.jar_path(scala=scala)))
            if n.startswith("io/headwater/spark/compat/spark")
        }
        assert found == packages, scala


def test_test_catalog_is_not_in_the_agent_jar() -> None:
    catalog_jar = spark_versions.TEST_CATALOG_JAR
    assert "io/headwater/spark/testing/InMemoryTableCatalog.class" in class_entries(catalog_jar)
    for scala in SCALA_VERSIONS:
        jar = Path(headwater.jar_path(scala=scala))
        assert not [e for e in class_entries(jar) if e.startswith("io/headwater/spark/testing/")]


def test_versions_agree() -> None:
    # VERSION is the one place the version is set: Gradle's project.version and the package's metadata both read it
    assert version("headwater") == (REPO / "VERSION").read_text().strip() == headwater.__version__
    assert not re.search(r"^version\s*=", (REPO / "gradle.properties").read_text(), re.MULTILINE)


def test_jar_bundles_nothing_spark_ships() -> None:
    spark_jars = Path(pyspark.__file__).parent / "jars"
    spark_classes: set[str] = set()
    for jar in spark_jars.glob("*.jar"):
        spark_classes |= class_entries(jar)
    assert len(spark_classes) > 10_000  # really read Spark's class path

    ours = class_entries(Path(headwater.jar_path()))
    clashes = sorted(ours & spark_classes)
    assert clashes == [], f"{len(clashes)} classes also shipped by Spark, e.g. {clashes[:5]}"
    packages_spark_has = {c.rsplit("/", 1)[0] for c in spark_classes}
    shared_packages = sorted({c.rsplit("/", 1)[0] for c in ours} & packages_spark_has)
    assert shared_packages == [], f"bundled packages that Spark also ships: {shared_packages[:10]}"


def unreachable_packages() -> list[str]:
    """The bundled packages build.gradle leaves out of the agent jars (jvm/unreachable-packages.txt)."""
    lines = (REPO / "jvm" / "unreachable-packages.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("scala", SCALA_VERSIONS)
def test_packages_left_out_of_the_jar_are_unreachable_from_what_is_in_it(scala: str) -> None:
    left_out = unreachable_packages()
    assert "io/micrometer/core/instrument/binder/jetty" in left_out
    references = [p.encode() + b"/" for p in left_out] + [p.replace("/", ".").encode() + b"." for p in left_out]
    with zipfile.ZipFile(headwater.jar_path(scala=scala)) as archive:
        names = archive.namelist()
        assert not [n for n in names if any(n.startswith(p + "/") for p in left_out)]
        assert any(n.startswith("io/micrometer/core/instrument/composite/") for n in names)  # the client's registry
        # each entry decompressed once (reading it once per reference made this test take 25 s a jar)
        contents = (
            (name, archive.read(name))
            for name in names
            if name.endswith(".class") or name.startswith("META-INF/services/")
        )
        referring = [name for name, data in contents if any(reference in data for reference in references)]
    assert referring == [], f"classes in the jar that refer to a package left out of it: {referring[:10]}"
