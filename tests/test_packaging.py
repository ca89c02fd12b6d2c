"""The agent jar inside the installed package: present, versioned, and free of any library Spark ships."""

from __future__ import annotations

import re
import zipfile
from importlib.metadata import version
from pathlib import Path

import headwater
import pyspark

REPO = Path(__file__).resolve().parents[1]


def class_entries(jar: Path) -> set[str]:
    with zipfile.ZipFile(jar) as archive:
        return {n for n in archive.namelist() if n.endswith(".class") and not n.startswith("META-INF/")}


def test_jar_ships_inside_the_installed_package() -> None:
    jar = Path(headwater.jar_path())
    assert jar.is_file()
    assert "site-packages" in jar.parts, f"expected the installed wheel's copy, got {jar}"
    entries = class_entries(jar)
    assert "io/headwater/spark/agent/OpenLineageSparkListener.class" in entries
    assert "io/openlineage/client/OpenLineage.class" in entries
    with zipfile.ZipFile(jar) as archive:
        services = archive.read("META-INF/services/io.headwater.spark.api.OpenLineageEventHandlerFactory").decode()
        version_file = archive.read("io/headwater/spark/headwater-version.properties").decode()
    assert services.split() == ["io.headwater.spark.connectors.BuiltInEventHandlerFactory"]
    assert f"version={headwater.__version__}" in version_file


def test_test_catalog_is_not_in_the_agent_jar() -> None:
    catalog_jar = REPO / "build" / "test-catalog" / "headwater-test-catalog.jar"
    assert "io/headwater/spark/testing/InMemoryTableCatalog.class" in class_entries(catalog_jar)
    assert not [e for e in class_entries(Path(headwater.jar_path())) if e.startswith("io/headwater/spark/testing/")]


def test_versions_agree() -> None:
    gradle_version = re.search(r"^version=(\S+)$", (REPO / "gradle.properties").read_text(), re.MULTILINE)
    assert gradle_version is not None
    assert version("headwater") == gradle_version.group(1) == headwater.__version__


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
