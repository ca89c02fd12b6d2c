"""The agent on a Spark its jar does not serve: one log line naming the Spark version and the supported range, no
lineage, and the job's result unchanged. Runs on every Spark line (compat): each loads the jar of the other Scala
version, the mistake a spark-submit user can make (``headwater jar-path --spark`` names the right one)."""

from __future__ import annotations

import json
from pathlib import Path

import pyspark

import headwater
from integration.support import JOBS, agent_args, spark_submit, write_flights_csv
from tests.support import spark_versions

SUPPORTED = (
    "Spark 3.5 (Scala 2.12, headwater-spark_2.12.jar) and Spark 4.0 to 4.3 (Scala 2.13, headwater-spark_2.13.jar)"
)


def test_the_jar_of_the_other_scala_version_turns_the_agent_off(tmp_path: Path) -> None:
    other = "2.13" if spark_versions.SCALA == "2.12" else "2.12"
    source = write_flights_csv(tmp_path / "in")
    events = tmp_path / "events.jsonl"
    result = tmp_path / "result.json"
    finished = spark_submit(
        [
            *agent_args(events, agent_jar=headwater.jar_path(scala=other)),
            str(JOBS / "etl_job.py"), str(source), str(tmp_path / "out"), str(result),
        ],
        cwd=tmp_path,
    )  # fmt: skip

    assert finished.returncode == 0, finished.stderr[-3000:]
    assert json.loads(result.read_text()) == [
        {"carrier": "AA", "total_delay": 15},
        {"carrier": "DL", "total_delay": -2},
        {"carrier": "UA", "total_delay": 45},
    ]
    headwater_lines = [line for line in finished.stderr.splitlines() if "Headwater" in line]
    assert len(headwater_lines) == 1, headwater_lines
    assert headwater_lines[0].endswith(
        f"Headwater lineage agent disabled: Spark {pyspark.__version__} runs Scala {spark_versions.SCALA} but this is "
        f"headwater-spark_{other}.jar: use headwater-spark_{spark_versions.SCALA}.jar (`headwater jar-path --spark "
        f"{spark_versions.LINE}`; Headwater {headwater.__version__} supports {SUPPORTED})"
    ), headwater_lines[0]
    assert not events.exists() or events.read_text() == ""
