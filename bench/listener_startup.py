"""What the agent adds to the job's critical path at start-up: the listener's constructor, timed in a fresh JVM.

Spark builds ``spark.extraListeners`` on the thread that creates the ``SparkContext``, so the constructor's time is
added to ``getOrCreate``. ``bench/overhead.py``'s "start-up added" measures the whole ``getOrCreate`` and needs a quiet
machine; this measures only the constructor, cold (a fresh JVM per run: class loading included), as wall time and as
the CPU time of the constructing thread, which a busy machine disturbs much less.

Each run is ``java`` with pyspark's jars and one agent jar on the class path: it sets up Spark's configuration and
logging first (Spark has done that before it builds listeners), then constructs
``io.headwater.spark.agent.OpenLineageSparkListener`` with a file transport, prints wall and thread CPU, and exits.
Runs alternate between the jars (``--jar``, given twice or more, e.g. ``main``'s build and this one), so a drift of
the machine's load affects each alike. Prints the median per jar.

Usage: .venv/bin/python bench/listener_startup.py --jar /tmp/main.jar
       --jar python/headwater/jars/headwater-spark_2.13.jar [--runs 10] [--workdir build/bench/listener-startup]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
from pathlib import Path

# A single-file Java program (JEP 330: ``java Timer.java`` compiles it in memory); argv: events file
TIMER = r"""
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.apache.spark.SparkConf;

public class Timer {
  public static void main(String[] args) throws Exception {
    SparkConf conf = new SparkConf()
        .set("spark.app.name", "listener_startup")
        .set("spark.openlineage.transport.type", "file")
        .set("spark.openlineage.transport.location", args[0]);
    org.slf4j.LoggerFactory.getLogger("listener_startup").info("logging is set up");
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu = threads.getCurrentThreadCpuTime();
    long wall = System.nanoTime();
    Object listener = Class.forName("io.headwater.spark.agent.OpenLineageSparkListener")
        .getConstructor(SparkConf.class).newInstance(conf);
    long wallNanos = System.nanoTime() - wall;
    long cpuNanos = threads.getCurrentThreadCpuTime() - cpu;
    boolean enabled = (Boolean) listener.getClass().getMethod("isEnabled").invoke(listener);
    System.out.println("{\"wall_ms\": " + wallNanos / 1e6 + ", \"cpu_ms\": " + cpuNanos / 1e6
        + ", \"enabled\": " + enabled + "}");
    System.exit(0);
  }
}
"""


def spark_jars() -> Path:
    """The jars directory of this interpreter's pyspark (found, not imported: bench/profile.py shadows the standard
    library's ``profile``, which importing pyspark needs)."""
    spec = importlib.util.find_spec("pyspark")
    if spec is None or spec.origin is None:
        sys.exit("pyspark is not installed in this interpreter")
    return Path(spec.origin).parent / "jars"


def run_once(jar: Path, timer: Path, events: Path) -> dict[str, float]:
    """One constructor timing in a fresh JVM with ``jar``."""
    classpath = f"{spark_jars()}/*:{jar}"
    finished = subprocess.run(
        ["java", "-cp", classpath, str(timer), str(events)], capture_output=True, text=True, check=False
    )
    if finished.returncode != 0:
        sys.exit(f"{jar}: the timer failed:\n{finished.stderr[-3000:]}")
    result: dict[str, float] = json.loads(finished.stdout.strip().splitlines()[-1])
    if not result["enabled"]:
        sys.exit(f"{jar}: the agent was disabled:\n{finished.stderr[-3000:]}")
    return result


def main() -> None:
    """Alternate the jars, print the median constructor wall and CPU time of each."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--jar", type=Path, action="append", required=True, help="an agent jar (give two or more)")
    parser.add_argument("--runs", type=int, default=10, help="runs per jar")
    parser.add_argument("--workdir", type=Path, default=Path("build/bench/listener-startup"))
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    timer = args.workdir / "Timer.java"
    timer.write_text(TIMER)
    results: dict[Path, list[dict[str, float]]] = {jar: [] for jar in args.jar}
    for run in range(args.runs):
        for jar in args.jar[run % len(args.jar) :] + args.jar[: run % len(args.jar)]:
            results[jar].append(run_once(jar.resolve(), timer, args.workdir / "events.jsonl"))
    print(f"listener constructor, cold, {args.runs} fresh JVMs per jar (median; min-max)")
    for jar, runs in results.items():
        wall = [r["wall_ms"] for r in runs]
        cpu = [r["cpu_ms"] for r in runs]
        print(
            f"  {jar!s:60} wall {statistics.median(wall):7.0f} ms ({min(wall):.0f}-{max(wall):.0f}), "
            f"thread CPU {statistics.median(cpu):7.0f} ms ({min(cpu):.0f}-{max(cpu):.0f})"
        )


if __name__ == "__main__":
    main()
