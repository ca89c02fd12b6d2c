"""Next to a pyspark Headwater does not support (3.4, in a brand-new venv): importing warns once with the fix,
configure() leaves the session without the agent, and a listener named anyway turns itself off with one line naming
the Spark version; the job runs unchanged."""

from __future__ import annotations

from pathlib import Path

import headwater
from headwater._support import SUPPORTED_PYSPARK
from integration.distributions import new_venv, run_in_venv

UNSUPPORTED = "pyspark==3.4.4"


def test_an_unsupported_pyspark(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    bin_dir = new_venv(tmp_path / "venv", str(wheel), UNSUPPORTED)
    script = tmp_path / "job.py"
    script.write_text(
        "import warnings\n"
        "warnings.simplefilter('always')\n"
        "import headwater\n"
        "from pyspark.sql import SparkSession\n"
        "builder = SparkSession.builder.appName('old spark').master('local[1]').config('spark.ui.enabled', 'false')\n"
        "builder = headwater.configure(builder, transport='file', location='events.jsonl')\n"
        "print('OPTIONS', sorted(k for k in builder._options if 'openlineage' in k or k == 'spark.jars'))\n"
        "spark = builder.getOrCreate()\n"
        "spark.range(3).write.parquet('out')\n"
        "spark.stop()\n"
    )
    ran = run_in_venv(bin_dir, ["python", str(script)], tmp_path)

    assert ran.returncode == 0, ran.stderr[-3000:]
    message = (
        f"headwater {headwater.__version__} supports pyspark {SUPPORTED_PYSPARK}, not the pyspark 3.4.4 of this Python: "
        f"install a supported one (pip install 'pyspark{SUPPORTED_PYSPARK}'); until then the lineage agent stays off"
    )
    assert ran.stderr.count(message) == 1  # at import; configure() does not repeat it
    assert ran.stderr.count("HeadwaterWarning") == 1
    assert "OPTIONS []" in ran.stdout  # configure() added nothing
    assert (tmp_path / "out" / "_SUCCESS").exists()
    assert not (tmp_path / "events.jsonl").exists()

    # spark-submit with the listener named anyway: the agent says which Spark it does not support, the job runs
    # Spark 3.4 runs Scala 2.12, the Scala of the 3.5 jar
    jar = next((bin_dir.parent / "lib").glob("python3*/site-packages/headwater/jars/headwater-spark_2.12.jar"))
    job = tmp_path / "plain.py"
    job.write_text(
        "from pyspark.sql import SparkSession\n"
        "spark = SparkSession.builder.getOrCreate()\n"
        "spark.range(3).write.parquet('submitted')\n"
        "spark.stop()\n"
    )
    submitted = run_in_venv(
        bin_dir,
        ["spark-submit", "--master", "local[1]", "--conf", "spark.ui.enabled=false", "--jars", str(jar),
         "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}", str(job)],
        tmp_path,
    )  # fmt: skip

    assert submitted.returncode == 0, submitted.stderr[-3000:]
    assert (tmp_path / "submitted" / "_SUCCESS").exists()
    lines = [line for line in submitted.stderr.splitlines() if "Headwater" in line]
    assert len(lines) == 1, lines
    assert lines[0].endswith(
        f"Headwater lineage agent disabled: Spark 3.4.4 is not supported by Headwater {headwater.__version__} (it "
        "supports Spark 3.5 (Scala 2.12, headwater-spark_2.12.jar) and Spark 4.0 to 4.3 (Scala 2.13, "
        'headwater-spark_2.13.jar)): run it on a supported Spark (docs/configuration.md, "Messages")'
    )
