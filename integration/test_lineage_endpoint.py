"""``headwater serve`` end to end: a real PySpark job posts to it through the agent's HTTP transport."""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import signal
import threading
from pathlib import Path
from urllib.parse import quote

import headwater
from headwater.lineage.graph import neighbourhood
from headwater.lineage.reader import Node
from headwater.lineage.render.marquez import marquez_graph
from headwater.lineage.sources import open_source
from headwater.lineage.store import LineageStore
from integration.lineage_server import HeadwaterServe
from integration.support import JOBS, spark_submit, write_flights_csv
from tests.support.lineage_events import dataset, new_run_id, run_event

KEY = "serve-test-key-7f3a"


def test_a_spark_job_posting_to_headwater_serve_gives_the_graph_of_its_file_output(tmp_path: Path) -> None:
    source = write_flights_csv(tmp_path / "in")
    target = tmp_path / "out"
    events_file = tmp_path / "events.jsonl"
    with HeadwaterServe(f"sqlite:///{tmp_path / 'served.db'}", api_key=KEY, cwd=tmp_path) as server:
        http = "spark.openlineage.transport.transports.http"
        finished = spark_submit(
            [
                "--jars", headwater.jar_path(),
                "--conf", f"spark.extraListeners={headwater.LISTENER_CLASS}",
                "--conf", "spark.openlineage.transport.type=composite",
                "--conf", f"{http}.type=http",
                "--conf", f"{http}.url={server.url}",
                "--conf", f"{http}.auth.type=api_key",
                "--conf", f"{http}.auth.apiKey={KEY}",
                "--conf", f"{http}.compression=gzip",
                "--conf", "spark.openlineage.transport.transports.local.type=file",
                "--conf", f"spark.openlineage.transport.transports.local.location={events_file}",
                "--conf", "spark.openlineage.namespace=serve-tests",
                str(JOBS / "etl_job.py"), str(source), str(target), str(tmp_path / "result.json"),
            ],
            cwd=tmp_path,
        )  # fmt: skip
        assert finished.returncode == 0, finished.stderr[-3000:]
        node = f"dataset:file:{target}"
        read = {"Authorization": f"Bearer {KEY}"}
        status, _, body = server.request("GET", f"/api/v1/lineage?nodeId={quote(node)}&depth=10", headers=read)
        assert status == 200, body
        served = json.loads(body)
        status, headers, page = server.request("GET", "/", headers=read)
        assert status == 200 and headers["content-type"].startswith("text/html")

    # the same events through the file transport, ingested directly, give the same graph
    store, report = open_source(events_file)
    assert report is not None and report.rejected == [] and report.stored >= 6
    reader = store.read
    expected = json.loads(
        json.dumps(marquez_graph(reader, neighbourhood(reader, Node("dataset", "file", str(target)), 10)))
    )
    store.close()
    assert served == expected

    ids = {n["id"] for n in served["graph"]}
    write_job = f"job:serve-tests:integration_etl.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out"
    assert {
        f"dataset:file:{source}",
        node,
        write_job,
        f"job:serve-tests:integration_etl.collect.{tmp_path.name}_out",
    } <= ids
    by_id = {n["id"]: n for n in served["graph"]}
    assert by_id[write_job]["data"]["latestRun"]["state"] == "COMPLETED"
    assert by_id[write_job]["inEdges"] == [
        {"origin": f"dataset:file:{source}", "destination": write_job, "static": False}
    ]
    assert by_id[node]["data"]["versionCount"] == 1
    assert f"integration_etl.execute_insert_into_hadoop_fs_relation_command.{tmp_path.name}_out".encode() in page


def test_the_endpoint_contract(tmp_path: Path) -> None:
    run = new_run_id()
    start = run_event("START", "posted", run, 1, inputs=[dataset("/in")])
    complete = run_event("COMPLETE", "posted", run, 2, inputs=[dataset("/in")], outputs=[dataset("/out")])
    bad = run_event("START", "bad", "not-a-uuid", 3)
    auth = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
    with HeadwaterServe(f"sqlite:///{tmp_path / 'served.db'}", api_key=KEY, cwd=tmp_path) as server:
        status, headers, _ = server.request("POST", "/api/v1/lineage", json.dumps(start).encode())
        assert (status, headers["www-authenticate"]) == (401, "Bearer")
        status, _, _ = server.request(
            "POST", "/api/v1/lineage", json.dumps(start).encode(), {"Authorization": "Bearer wrong"}
        )
        assert status == 401

        # an array with one invalid event: 400 naming it, and nothing of the array stored
        status, _, body = server.request("POST", "/api/v1/lineage", json.dumps([start, bad]).encode(), auth)
        assert status == 400
        assert json.loads(body)["events"] == [
            {"index": 1, "errors": [{"path": "run/runId", "message": '"not-a-uuid" is not a "uuid"'}]}
        ]
        status, _, _ = server.request("GET", "/api/v1/lineage?nodeId=job:tests:posted", headers=auth)
        assert status == 404

        # a gzip body with an array, then the same again: stored once
        gzipped = gzip.compress(json.dumps([start, complete]).encode())
        status, _, body = server.request("POST", "/api/v1/lineage", gzipped, {**auth, "Content-Encoding": "gzip"})
        assert (status, json.loads(body)) == (201, {"received": 2, "stored": 2})
        status, _, body = server.request("POST", "/api/v1/lineage", json.dumps(complete).encode(), auth)
        assert (status, json.loads(body)) == (201, {"received": 1, "stored": 0})

        status, _, body = server.request("POST", "/api/v1/lineage", b"{not json", auth)
        assert status == 400 and json.loads(body)["error"].startswith("body is not JSON")

        status, _, body = server.request("GET", "/api/v1/lineage?nodeId=dataset:file:/out&depth=1", headers=auth)
        graph = {n["id"]: n for n in json.loads(body)["graph"]}
        assert sorted(graph) == ["dataset:file:/out", "job:tests:posted"]
        assert graph["job:tests:posted"]["data"]["latestRun"]["durationMs"] == 1000
        status, _, body = server.request("GET", "/api/v1/lineage?nodeId=dataset:file:/out&depth=x", headers=auth)
        assert (status, json.loads(body)) == (
            400,
            {"code": 400, "message": "depth must be an integer", "details": None},
        )
        status, _, body = server.request("GET", "/api/v1/lineage", headers=auth)
        assert status == 400


def _chunked_post(server: HeadwaterServe, chunks: list[bytes], headers: dict[str, str]) -> tuple[int, bytes]:
    """A POST whose body is sent in chunks with no Content-Length, as a streaming client sends it."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request("POST", "/api/v1/lineage", body=iter(chunks), headers=headers, encode_chunked=True)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_endpoint_takes_bodies_up_to_its_limit_and_guards_reads_with_its_key(tmp_path: Path) -> None:
    run = new_run_id()
    event = run_event("COMPLETE", "limited", run, 1, inputs=[dataset("/in")], outputs=[dataset("/out")])
    small = json.dumps(event).encode()
    bearer = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
    basic = {"Authorization": "Basic " + base64.b64encode(f"anyone:{KEY}".encode()).decode()}
    limit = 64 * 1024
    with HeadwaterServe(
        f"sqlite:///{tmp_path / 'served.db'}", api_key=KEY, cwd=tmp_path, options=("--max-body-bytes", str(limit))
    ) as server:
        # over the limit: declared, streamed without a length, or inflated from gzip; 413 with a JSON error each time
        large = json.dumps([event] * (limit // len(small) + 1)).encode()
        assert len(large) > limit
        status, _, body = server.request("POST", "/api/v1/lineage", large, bearer)
        assert (status, json.loads(body)) == (413, {"error": f"the request body is larger than the {limit} bytes "
                                                             "this endpoint takes (--max-body-bytes)"})  # fmt: skip
        status, body = _chunked_post(server, [large[i : i + 8192] for i in range(0, len(large), 8192)], bearer)
        assert status == 413 and "--max-body-bytes" in json.loads(body)["error"]
        bomb = gzip.compress(b" " * (limit * 50) + small)  # 3 MB of JSON white space, 3 KB compressed
        assert len(bomb) < limit
        status, _, body = server.request("POST", "/api/v1/lineage", bomb, {**bearer, "Content-Encoding": "gzip"})
        assert status == 413 and json.loads(body)["error"].startswith("the gzip body inflates to more than")
        status, _, body = server.request(
            "POST", "/api/v1/lineage", gzip.compress(small)[:-8], {**bearer, "Content-Encoding": "gzip"}
        )
        assert status == 400 and json.loads(body)["error"].startswith("body is not gzip")
        status, _, body = server.request("GET", "/api/v1/lineage?nodeId=job:tests:limited", headers=bearer)
        assert status == 404  # nothing of the refused bodies was stored

        # at the limit: taken, streamed or not
        status, _, body = server.request("POST", "/api/v1/lineage", small, bearer)
        assert (status, json.loads(body)) == (201, {"received": 1, "stored": 1})
        status, body = _chunked_post(server, [small[:10], small[10:]], bearer)
        assert (status, json.loads(body)) == (201, {"received": 1, "stored": 0})

        # reads need the key too (they show SQL text and source code): Bearer for clients, Basic for a browser
        node = "/api/v1/lineage?nodeId=job:tests:limited"
        for path in (node, "/"):
            status, headers, body = server.request("GET", path)
            assert status == 401, path
            assert headers["www-authenticate"] == 'Bearer, Basic realm="headwater", charset="UTF-8"'
            assert server.request("GET", path, headers={"Authorization": "Bearer wrong"})[0] == 401
            assert server.request("GET", path, headers={"Authorization": "Basic !!"})[0] == 401
            assert server.request("GET", path, headers=bearer)[0] == 200
            assert server.request("GET", path, headers=basic)[0] == 200
        assert server.request("GET", "/healthz")[0] == 200  # probes need no key

    # --open-reads: reads open, writes still need the key
    with HeadwaterServe(
        f"sqlite:///{tmp_path / 'served.db'}", api_key=KEY, cwd=tmp_path, options=("--open-reads",)
    ) as server:
        assert server.request("GET", node)[0] == 200
        assert server.request("GET", "/")[0] == 200
        assert server.request("POST", "/api/v1/lineage", small, {"Content-Type": "application/json"})[0] == 401


def test_every_201_survives_a_kill_right_after_it(tmp_path: Path) -> None:
    """Group commit answers 201 only once the request's transaction is committed: SIGKILL loses none of them."""
    url = f"sqlite:///{tmp_path / 'served.db'}"
    answered: list[str] = []
    stop = threading.Event()
    with HeadwaterServe(url, cwd=tmp_path) as server:

        def client(k: int) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            n = 0
            while not stop.is_set():
                run_id = new_run_id()
                body = json.dumps(run_event("START", f"posted_{k}", run_id, n, outputs=[dataset(f"/lake/p{k}")]))
                try:
                    connection.request("POST", "/api/v1/lineage", body, {"Content-Type": "application/json"})
                    answer = connection.getresponse()
                    answer.read()
                except (OSError, http.client.HTTPException):  # the kill cut the connection, or an answer in half
                    return
                if answer.status == 201:
                    answered.append(run_id)
                    if len(answered) >= 200:
                        stop.set()
                n += 1

        threads = [threading.Thread(target=client, args=(k,)) for k in range(8)]
        for thread in threads:
            thread.start()
        stop.wait(120)
        assert server.kill() == -signal.SIGKILL  # right after the 200th answer, others in flight
        for thread in threads:
            thread.join(60)
    reopened = LineageStore.open(url)
    try:
        with reopened.engine.connect() as conn:
            stored = set(conn.exec_driver_sql("SELECT id FROM runs").scalars())
    finally:
        reopened.close()
    assert len(answered) >= 200
    assert set(answered) <= stored, len(set(answered) - stored)
