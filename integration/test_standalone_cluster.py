"""A real cluster: a Spark standalone master and two workers started from the pyspark wheel on loopback, the agent
reaching the driver through ``spark-submit --jars``. The write statistics (``outputStatistics``: rows, bytes, files)
come from the executors' task metrics, and equal those of the same job in local mode."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from integration.support import JOBS, VENV_BIN, agent_args, driver_env, spark_submit
from tests.support.daemons import Daemon, free_ports
from tests.support.events import read_jsonl, runs_by_id

if TYPE_CHECKING:
    from collections.abc import Iterator

WORKERS = 2
APP = "cluster_statistics"


def alive_workers(web_port: int) -> int:
    """How many workers the master's status page counts as alive."""
    with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/json/", timeout=10) as response:
        return int(json.load(response)["aliveworkers"])


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The master's URL, once both workers registered; everything is stopped at the end."""
    directory = tmp_path_factory.mktemp("standalone")
    spark_class = str(VENV_BIN / "spark-class")
    env = driver_env(SPARK_LOCAL_IP="127.0.0.1", PATH=f"{VENV_BIN}:{driver_env().get('PATH', '')}")
    # every port of the cluster chosen in one go (the workers' are bound only once the master listens)
    port, web_port, *worker_ports = free_ports(2 + 2 * WORKERS)
    master = Daemon.start(
        "standalone master",
        [spark_class, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", str(port),
         "--webui-port", str(web_port)],
        log=directory / "master.log", env=env, cwd=directory,
    )  # fmt: skip
    daemons = [master]
    try:
        master.wait_for_port(web_port)
        url = f"spark://127.0.0.1:{port}"
        for i in range(WORKERS):
            work = directory / f"worker-{i}"
            work.mkdir()
            daemons.append(
                Daemon.start(
                    f"worker {i}",
                    [
                        spark_class,
                        "org.apache.spark.deploy.worker.Worker",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        str(worker_ports[2 * i]),
                        "--webui-port",
                        str(worker_ports[2 * i + 1]),
                        "--cores",
                        "1",
                        "--memory",
                        "1g",
                        "--work-dir",
                        str(work),
                        url,
                    ],
                    log=directory / f"worker-{i}.log",
                    env=env,
                    cwd=directory,
                )
            )
        deadline = time.monotonic() + 180
        while alive_workers(web_port) < WORKERS:
            assert time.monotonic() < deadline, [d.tail() for d in daemons]
            time.sleep(0.5)
        yield url
    finally:
        for daemon in reversed(daemons):
            daemon.stop()


def run_job(directory: Path, master: str, executors: int) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Runs the cluster job on ``master``; its result, and the output statistics of each write run by job name."""
    directory.mkdir(parents=True)
    events = directory / "events.jsonl"
    result = directory / "result.json"
    finished = spark_submit(
        [
            *agent_args(
                events, "spark.executor.memory=512m", "spark.executor.cores=1", "spark.driver.host=127.0.0.1"
            ),
            str(JOBS / "cluster_job.py"), str(directory / "work"), str(executors), str(result),
        ],
        cwd=directory,
        master=master,
        env=driver_env(SPARK_LOCAL_IP="127.0.0.1"),
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    statistics = {}
    for evs in runs_by_id(read_jsonl(events)).values():
        terminal = evs[-1]
        if terminal["eventType"] == "COMPLETE" and terminal["outputs"]:
            (output,) = terminal["outputs"]
            stats = output["outputFacets"]["outputStatistics"]
            statistics[terminal["job"]["name"]] = {k: v for k, v in stats.items() if not k.startswith("_")}
    return json.loads(result.read_text()), statistics


def test_output_statistics_come_from_the_executors_and_equal_local_mode(cluster: str, tmp_path: Path) -> None:
    on_cluster, cluster_stats = run_job(tmp_path / "cluster", cluster, WORKERS)
    local, local_stats = run_job(tmp_path / "local", "local[2]", 0)

    assert on_cluster == {"block_managers": WORKERS + 1, "master": cluster}  # the driver and one executor per worker
    assert local["master"] == "local[2]"
    rows = f"{APP}.execute_insert_into_hadoop_fs_relation_command.out_rows"
    totals = f"{APP}.execute_insert_into_hadoop_fs_relation_command.out_totals"
    assert sorted(cluster_stats) == [rows, totals]
    assert cluster_stats == local_stats
    assert cluster_stats[rows]["rowCount"] == 10_000
    assert cluster_stats[rows]["fileCount"] == 4
    assert cluster_stats[totals] == {**cluster_stats[totals], "rowCount": 7, "fileCount": 1}
    for stats in cluster_stats.values():
        assert stats["size"] > 0
