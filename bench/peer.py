"""The peer: the OpenLineage Spark integration (``io.openlineage:openlineage-spark_2.13``) from Maven Central.

One place for its version, its jar (downloaded once into a cache folder, ``build/bench/peer`` by default; a test-only
and benchmark-only download, never shipped) and the Spark settings that attach it, shared by ``bench/overhead.py``
and the side-by-side tests (``integration/test_peer_parity.py``).
"""

from __future__ import annotations

import urllib.request
from pathlib import Path

PEER_VERSION = "1.53.0"
PEER_URL = "https://repo1.maven.org/maven2/io/openlineage/openlineage-spark_{scala}/{version}/{jar}"
PEER_LISTENER = "io.openlineage.spark.agent.OpenLineageSparkListener"
DEFAULT_CACHE = Path(__file__).resolve().parents[1] / "build" / "bench" / "peer"


def peer_jar(cache: Path = DEFAULT_CACHE, scala: str = "2.13") -> Path:
    """The peer's jar for Scala ``scala`` (``2.12`` or ``2.13``) in ``cache``, downloaded from Maven Central the first
    time (atomically: a ``.part`` file is renamed when complete). Raises ``urllib.error.URLError`` when Maven Central
    cannot be reached."""
    name = f"openlineage-spark_{scala}-{PEER_VERSION}.jar"
    jar = cache / name
    if not jar.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        url = PEER_URL.format(scala=scala, version=PEER_VERSION, jar=name)
        print(f"downloading {url}", flush=True)
        partial = jar.with_suffix(".part")
        with urllib.request.urlopen(url, timeout=300) as response, partial.open("wb") as out:  # noqa: S310 - https
            out.write(response.read())
        partial.rename(jar)
    return jar


def peer_settings(jar: Path, events: Path | str) -> dict[str, str]:
    """Spark settings that attach the peer from ``jar`` with its file transport writing to ``events`` (one event per
    line). ``spark.jars`` is among them: a caller adding jars of its own joins them with a comma."""
    return {
        "spark.jars": str(jar),
        "spark.extraListeners": PEER_LISTENER,
        "spark.openlineage.transport.type": "file",
        "spark.openlineage.transport.location": str(events),
    }
