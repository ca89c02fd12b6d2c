"""A real Apache Kafka broker for the Kafka tests: one KRaft node (broker and controller) on 127.0.0.1.

The broker is Apache Kafka's own ``kafka.Kafka`` from its Maven Central artefacts, which ``make kafka-broker``
resolves into ``build/kafka-broker/lib`` (tests/resources/kafka-broker/pom.xml; :func:`ensure_resolved` runs it when
the directory is missing). :func:`start` writes a ``server.properties`` with two free loopback ports, chosen together so
that they differ (:func:`write_config`: clients and controller), formats the storage directory with ``kafka.tools.StorageTool``, starts the broker as a subprocess and
waits until its log says it started. :meth:`KafkaBroker.stop` stops it and deletes its directory.
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from tests.support.daemons import Daemon, free_ports

REPO = Path(__file__).resolve().parents[2]
LIB = REPO / "build" / "kafka-broker" / "lib"
STARTED = "Kafka Server started"
MESSAGE_MAX_BYTES = 1_048_576
"""The largest record batch the broker takes (``message.max.bytes``): 1 MiB, as an Event Hubs-like limit."""


def ensure_resolved() -> Path:
    """The directory of the broker's jars, resolving them with ``make kafka-broker`` when it is missing."""
    if not any(LIB.glob("kafka_2.13-*.jar")):
        subprocess.run(["make", "-s", "kafka-broker"], cwd=REPO, check=True)
    if not any(LIB.glob("kafka_2.13-*.jar")):
        msg = f"no kafka_2.13 jar in {LIB} after `make kafka-broker`"
        raise RuntimeError(msg)
    return LIB


@dataclass
class KafkaBroker:
    """A running single-node broker.

    Attributes:
        port: the port of its PLAINTEXT client listener on 127.0.0.1.
        directory: its temporary directory (configuration, log, data).
        daemon: the broker process.
    """

    port: int
    directory: Path
    daemon: Daemon

    @property
    def bootstrap_servers(self) -> str:
        """``127.0.0.1:<port>``, the value of ``kafka.bootstrap.servers``."""
        return f"127.0.0.1:{self.port}"

    @property
    def namespace(self) -> str:
        """The OpenLineage namespace of this broker's topics, ``kafka://127.0.0.1:<port>``."""
        return f"kafka://{self.bootstrap_servers}"

    def consume(self, topic: str, *, timeout: float = 120.0) -> list[tuple[str, str]]:
        """Every record of ``topic`` up to its end offsets when called, as (key, value) strings, partition by partition
        in offset order; ``[]`` when the topic does not exist. Read with confluent-kafka (the Kafka client of
        ``headwater lineage follow``, in .venv only), which returns as soon as each partition's end is reached: the
        tests call it after the producing driver has exited, so the topic's end is every record it sent.

        Raises:
            TimeoutError: the end offsets were not reached within ``timeout`` seconds.
            RuntimeError: a record read came with an error.
            confluent_kafka.KafkaException: the topic's metadata or offsets could not be read.
        """
        from confluent_kafka import Consumer, KafkaError, TopicPartition

        consumer = Consumer(
            {
                "bootstrap.servers": self.bootstrap_servers,
                "group.id": f"headwater-tests-{uuid.uuid4()}",
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
            }
        )
        try:
            metadata = consumer.list_topics(topic, timeout=timeout).topics[topic]
            if metadata.error is not None and metadata.error.code() == KafkaError.UNKNOWN_TOPIC_OR_PART:
                return []
            ends: dict[int, int] = {}
            starts = []
            for partition in metadata.partitions:
                low, high = consumer.get_watermark_offsets(TopicPartition(topic, partition), timeout=timeout)
                if high > low:
                    ends[partition] = high
                    starts.append(TopicPartition(topic, partition, low))
            consumer.assign(starts)
            by_partition: dict[int, list[tuple[str, str]]] = {partition: [] for partition in ends}
            unread = set(ends)
            deadline = time.monotonic() + timeout
            while unread:
                if time.monotonic() > deadline:
                    msg = f"topic {topic}: end offsets {ends} not reached in {timeout:.0f} s"
                    raise TimeoutError(msg)
                record = consumer.poll(1.0)
                if record is None:
                    continue
                if record.error() is not None:
                    msg = f"topic {topic}: {record.error()}"
                    raise RuntimeError(msg)
                key, value = record.key(), record.value()
                by_partition[record.partition()].append(
                    (key.decode() if key is not None else "", value.decode() if value is not None else "")
                )
                if record.offset() + 1 >= ends[record.partition()]:
                    unread.discard(record.partition())
        finally:
            consumer.close()
        return [pair for partition in sorted(by_partition) for pair in by_partition[partition]]

    def stop(self) -> None:
        """Stop the broker (SIGTERM, SIGKILL after 60 s) and delete its directory."""
        self.daemon.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def start(timeout: float = 180.0) -> KafkaBroker:
    """Format a new KRaft storage directory and start a broker on two free loopback ports.

    Raises:
        RuntimeError: the storage could not be formatted, or the broker exited or did not start within ``timeout``
            seconds (the message ends with its log).
    """
    lib = ensure_resolved()
    directory = Path(tempfile.mkdtemp(prefix="headwater-kafka-"))
    port, config = write_config(directory)
    # A test broker mostly waits: the client JIT only and the serial collector start it with about 40 % less CPU and
    # keep its idle cost low (with the no-op records off, server_properties), about 1 CPU-second a minute instead of 3;
    # it lives as long as its pytest session, and make test runs five of them.
    java = ["java", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", f"{lib}/*"]
    try:
        format_storage(java, config, new_cluster_id())
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise
    daemon = Daemon.start(
        "kafka broker",
        [*java, "kafka.Kafka", str(config)],
        log=directory / "broker.log",
        env=dict(os.environ),
        cwd=directory,
    )
    broker = KafkaBroker(port, directory, daemon)
    try:
        _wait_until_started(daemon, timeout)
    except BaseException:
        broker.stop()
        raise
    return broker


def new_cluster_id() -> str:
    """A random KRaft cluster id: 16 random bytes in unpadded URL-safe base64 (22 characters), the form Kafka's own
    ``Uuid.toString`` gives. One in 64 starts with ``-``; :func:`format_storage` passes it so that is no option."""
    return base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()


def format_storage(java: list[str], config: Path, cluster_id: str) -> None:
    """Format the KRaft storage that ``config`` names (``kafka-storage format``) for ``cluster_id``.

    The id is passed as ``--cluster-id=<id>``: as a separate argument, an id starting with ``-`` is taken for an
    option by the tool's argument parser and formatting fails.

    Raises:
        RuntimeError: the tool exited non-zero (the message holds its output).
    """
    formatted = subprocess.run(
        [*java, "kafka.tools.StorageTool", "format", f"--cluster-id={cluster_id}", "--config", str(config)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    if formatted.returncode != 0:
        msg = f"formatting the Kafka storage failed ({formatted.returncode}): {formatted.stdout}{formatted.stderr}"
        raise RuntimeError(msg)


def write_config(directory: Path) -> tuple[int, Path]:
    """Choose the broker's two loopback ports in one go (:func:`~tests.support.daemons.free_ports`, so they differ)
    and write its ``server.properties`` into ``directory``; returns the client port and the file."""
    port, controller = free_ports(2)
    config = directory / "server.properties"
    config.write_text(server_properties(port, controller, directory / "data"))
    return port, config


def server_properties(port: int, controller: int, data: Path) -> str:
    """The configuration of a one-node KRaft broker: clients on ``port``, the controller on ``controller``.

    Raises:
        ValueError: the two ports are the same (Kafka would refuse to start).
    """
    if port == controller:
        msg = f"the client and controller listeners need two ports, not {port} for both"
        raise ValueError(msg)
    return "\n".join(
        [
            "process.roles=broker,controller",
            "node.id=1",
            f"controller.quorum.voters=1@127.0.0.1:{controller}",
            f"listeners=PLAINTEXT://127.0.0.1:{port},CONTROLLER://127.0.0.1:{controller}",
            f"advertised.listeners=PLAINTEXT://127.0.0.1:{port}",
            "controller.listener.names=CONTROLLER",
            "inter.broker.listener.name=PLAINTEXT",
            "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            f"log.dirs={data}",
            "num.partitions=1",
            "auto.create.topics.enable=true",
            "offsets.topic.replication.factor=1",
            "offsets.topic.num.partitions=1",
            "transaction.state.log.replication.factor=1",
            "transaction.state.log.min.isr=1",
            "share.coordinator.state.topic.replication.factor=1",
            "share.coordinator.state.topic.min.isr=1",
            "group.initial.rebalance.delay.ms=0",
            "metadata.max.idle.interval.ms=0",  # no no-op record appended to the metadata log twice a second
            f"message.max.bytes={MESSAGE_MAX_BYTES}",
            "",
        ]
    )


def _wait_until_started(daemon: Daemon, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if STARTED in daemon.log.read_text(errors="replace"):
            return
        if daemon.process.poll() is not None:
            msg = f"the Kafka broker exited with {daemon.process.returncode}: {daemon.tail()}"
            raise RuntimeError(msg)
        time.sleep(0.5)
    msg = f"the Kafka broker did not start within {timeout:.0f} s: {daemon.tail()}"
    raise RuntimeError(msg)
