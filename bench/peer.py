"""The peer: the OpenLineage Spark integration (``io.openlineage:openlineage-spark_2.13``) from Maven Central.

One place for its version, its jar (downloaded once into a cache folder, ``build/bench/peer`` by default; a test-only
and benchmark-only download, never shipped) and the Spark settings that attach it, shared by ``bench/overhead.py``
and the side-by-side tests (``integration/test_peer_parity.py``).
"""

from __future__ import annotations

import urllib.request
from pathlib import Path

PEER_VERSION = "1.53.0"
PEER_JAR = f"openlineage-spark_2.13-{PEER_VERSION}.jar"
PEER_URL = f"https://repo1.maven.org/maven2/io/openlineage/openlineage-spark_2.13/{PEER_VERSION}/{PEER_JAR}"
PEER_LISTENER = "io.openlineage.spark.agent.OpenLineageSparkListener"
DEFAULT_CACHE = Path(__file__).resolve().parents[1] / "build" / "bench" / "peer"


def peer_jar(cache: Path = DEFAULT_CACHE) -> Path:
    """The peer's jar in ``cache``, downloaded from Maven Central the first time (atomically: a ``.part`` file is
    renamed when complete). Raises ``urllib.error.URLError`` when Maven Central cannot be reached."""
    jar = cache / PEER_JAR
    if not jar.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        print(f"downloading {PEER_URL}", flush=True)
        partial = jar.with_suffix(".part")
        with urllib.request.urlopen(PEER_URL, timeout=300) as response, partial.open("wb") as out:
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
