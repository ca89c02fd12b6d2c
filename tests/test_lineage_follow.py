"""``headwater lineage follow``: a Kafka topic of events into the store, on the suite's real broker (issue 37 item 3).

Offsets are committed only after the store's transaction (a store that cannot write leaves them where they were),
an event seen twice is stored once, a restarted follower resumes from the committed offsets, and the lag is 0 once
caught up; ``headwater serve --kafka-bootstrap --kafka-topic`` follows while it serves and reports the lag in
``/healthz``.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from confluent_kafka import Consumer, Producer, TopicPartition
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from headwater.cli import cli
from headwater.lineage import schema
from headwater.lineage.follow import KafkaFollower
from headwater.lineage.store import LineageStore
from integration.lineage_server import HeadwaterServe
from tests.support.kafka_broker import KafkaBroker
from tests.support.lineage_events import dataset, new_run_id, run_event


def _produce(broker: KafkaBroker, topic: str, values: list[bytes]) -> None:
    producer = Producer({"bootstrap.servers": broker.bootstrap_servers})
    for value in values:
        producer.produce(topic, value)
    assert producer.flush(30) == 0


def _events(count: int, job: str) -> list[dict[str, Any]]:
    return [run_event("START", job, new_run_id(), n, outputs=[dataset(f"/lake/{job}")]) for n in range(count)]


def _stored(store: LineageStore) -> int:
    with store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(schema.events)) or 0)


def _committed(broker: KafkaBroker, topic: str, group: str) -> int:
    consumer = Consumer({"bootstrap.servers": broker.bootstrap_servers, "group.id": group})
    try:
        (found,) = consumer.committed([TopicPartition(topic, 0)], timeout=30)
        return int(found.offset)
    finally:
        consumer.close()


def _step_until_read(follower: KafkaFollower) -> None:
    """Steps until a step reads messages (the group's first assignment takes a few seconds)."""
    while not follower.step(timeout=2):
        pass


@pytest.fixture
def topic() -> str:
    """A new topic's name (the broker creates it, with one partition, when the test first produces to it)."""
    return f"lineage-{uuid.uuid4().hex[:8]}"


def test_follow_stores_each_event_once_commits_after_storing_and_resumes(
    kafka_broker: KafkaBroker, topic: str, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'followed.db'}"
    first = _events(30, "first")
    values = [json.dumps(e).encode() for e in first]
    values += [values[0], b'{"not": "an event"}']  # a duplicate and an invalid message
    _produce(kafka_broker, topic, values)

    runner = CliRunner()
    command = ["lineage", "follow", "--kafka-bootstrap", kafka_broker.bootstrap_servers, "--kafka-topic", topic,
               "--kafka-group", "g1", "--store", url, "--until-idle", "2"]  # fmt: skip
    result = runner.invoke(cli, command)
    assert result.exit_code == 1, result.output  # the invalid message is reported
    assert "32 read, 30 new, 1 already stored, 1 rejected; lag 0" in result.output
    assert f"{topic}[0]@31" in result.output
    assert _committed(kafka_broker, topic, "g1") == 32

    # restarted: nothing is read again; new messages are
    _produce(kafka_broker, topic, [json.dumps(e).encode() for e in _events(5, "second")])
    result = runner.invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert "5 read, 5 new, 0 already stored, 0 rejected; lag 0" in result.output
    store = LineageStore.open(url)
    try:
        assert _stored(store) == 35
    finally:
        store.close()


def test_offsets_stay_when_the_store_cannot_write(kafka_broker: KafkaBroker, topic: str, tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    store = LineageStore.open(f"sqlite:///{path}")
    _produce(kafka_broker, topic, [json.dumps(e).encode() for e in _events(10, "locked")])
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("BEGIN EXCLUSIVE")  # another writer holds the database: the store's transaction fails
    follower = KafkaFollower(store, kafka_broker.bootstrap_servers, topic, group="g2")
    try:
        with pytest.raises(OperationalError, match="locked"):
            _step_until_read(follower)
        assert _committed(kafka_broker, topic, "g2") < 0  # nothing committed
    finally:
        follower.close()
        holder.rollback()
        holder.close()
    follower = KafkaFollower(store, kafka_broker.bootstrap_servers, topic, group="g2")
    try:
        follower.run(until_idle=1)
        assert (follower.report.received, follower.report.stored, follower.report.lag) == (10, 10, 0)
    finally:
        follower.close()
        store.close()
    assert _committed(kafka_broker, topic, "g2") == 10


def test_serve_follows_a_topic_and_reports_its_lag(kafka_broker: KafkaBroker, topic: str, tmp_path: Path) -> None:
    _produce(kafka_broker, topic, [json.dumps(e).encode() for e in _events(20, "served")])
    options = ("--kafka-bootstrap", kafka_broker.bootstrap_servers, "--kafka-topic", topic)
    with HeadwaterServe(f"sqlite:///{tmp_path / 'served.db'}", cwd=tmp_path, options=options) as server:
        deadline = time.monotonic() + 120
        while True:
            health = json.loads(server.request("GET", "/healthz")[2])
            if health["kafka"]["stored"] == 20 and health["kafka"]["lag"] == 0:
                break
            assert time.monotonic() < deadline, health
            time.sleep(0.5)
        jobs = json.loads(server.request("GET", "/api/v1/namespaces/tests/jobs")[2])
        assert [j["name"] for j in jobs["jobs"]] == ["served"]
    assert _committed(kafka_broker, topic, "headwater-lineage") == 20
