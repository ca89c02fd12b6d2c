"""Kafka in: the events of a topic (the agent's ``kafka`` transport, any number of clusters) consumed into a store.

Each message's value is one OpenLineage event (JSON), validated and stored as ``POST /api/v1/lineage`` stores it
(:meth:`~headwater.lineage.store.LineageStore.ingest`): an invalid one is reported and skipped (a topic cannot refuse
it), an event stored before is stored once (events are keyed by their content's hash). The consumer is in a group
(``headwater-lineage`` by default) and commits offsets itself, synchronously, only after the transaction that stored
the messages up to them has committed: a follower stopped at any point (even killed) resumes from the first message
not stored, and a message stored but not committed (killed between the two) is read again and found stored.

The consumer is confluent-kafka (librdkafka), part of the ``headwater[lineage]`` extra.
"""

from __future__ import annotations

import importlib.util
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from headwater.lineage._extra import INSTALL_HINT, MissingExtraError

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from headwater.lineage.store import LineageStore, Rejected

DEFAULT_GROUP: Final = "headwater-lineage"
"""The consumer group of ``headwater lineage follow`` when none is named."""


@dataclass
class FollowReport:
    """What a follower did so far.

    Attributes:
        received: messages read.
        stored: events new to the store.
        rejected: the invalid messages (skipped), each named ``<topic>[<partition>]@<offset>``.
        lag: messages in the topic after the committed offsets, at the last batch (None before the first).
    """

    received: int = 0
    stored: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    lag: int | None = None

    @property
    def duplicates(self) -> int:
        """Valid messages whose event was stored before."""
        return self.received - self.stored - len(self.rejected)


class KafkaFollower:
    """Consumes ``topic`` of the brokers ``bootstrap`` (``host:port,...``) into ``store``, a batch at a time.

    Raises:
        MissingExtraError: confluent-kafka is not installed.
    """

    def __init__(  # noqa: PLR0913 - the store, the topic and how to read it
        self,
        store: LineageStore,
        bootstrap: str,
        topic: str,
        *,
        group: str = DEFAULT_GROUP,
        batch_size: int = 5000,
        options: dict[str, Any] | None = None,
    ) -> None:
        if importlib.util.find_spec("confluent_kafka") is None:
            msg = f"following a Kafka topic needs confluent-kafka: {INSTALL_HINT}"
            raise MissingExtraError(msg)
        from confluent_kafka import Consumer

        self.store = store
        self.topic = topic
        self.batch_size = batch_size
        self.report = FollowReport()
        settings = {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            **(options or {}),
        }
        self._consumer = Consumer(settings)
        self._consumer.subscribe([topic])

    def step(self, timeout: float = 1.0) -> int:
        """Read up to ``batch_size`` messages (waiting up to ``timeout`` seconds), store them, commit; returns how many.

        Raises:
            KafkaException: the consumer failed (not for a partition's end).
            sqlalchemy.exc.SQLAlchemyError: storing failed; nothing of the batch was committed to Kafka.
        """
        from confluent_kafka import KafkaError, KafkaException, TopicPartition

        messages = self._consumer.consume(num_messages=self.batch_size, timeout=timeout)
        events = []
        ends: dict[int, int] = {}
        for message in messages:
            error = message.error()
            if error is not None:
                if error.code() in (KafkaError._PARTITION_EOF, KafkaError.UNKNOWN_TOPIC_OR_PART):  # noqa: SLF001
                    continue  # a partition's end, or a topic not made yet: wait for messages
                raise KafkaException(error)
            partition, offset = message.partition() or 0, message.offset() or 0
            events.append((f"{message.topic()}[{partition}]@{offset}", message.value() or b""))
            ends[partition] = max(ends.get(partition, -1), offset)
        if events:
            done = self.store.ingest(events, batch_size=max(len(events), 1), workers=0)
            self.report.received += done.received
            self.report.stored += done.stored
            self.report.rejected += done.rejected
            # the store's transaction has committed: only now are the offsets
            offsets = [TopicPartition(self.topic, partition, offset + 1) for partition, offset in ends.items()]
            self._consumer.commit(offsets=offsets, asynchronous=False)
        self.report.lag = self.lag()
        return len(events)

    def lag(self) -> int:
        """Messages of the assigned partitions after the group's committed offsets (0 when caught up)."""
        assigned = self._consumer.assignment()
        if not assigned:
            return 0
        total = 0
        for committed in self._consumer.committed(assigned, timeout=10):
            low, high = self._consumer.get_watermark_offsets(committed, timeout=10, cached=False)
            start = committed.offset if committed.offset >= 0 else low
            total += max(high - start, 0)
        return total

    def run(
        self,
        *,
        until_idle: float | None = None,
        on_batch: Callable[[FollowReport], None] | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        """Follow the topic: until ``stop`` is set, or until ``until_idle`` seconds pass with nothing to read.

        ``on_batch`` is called with the report after each batch that read messages.
        """
        idle_since = time.monotonic()
        while stop is None or not stop.is_set():
            if self.step():
                idle_since = time.monotonic()
                if on_batch is not None:
                    on_batch(self.report)
            elif (
                until_idle is not None
                and time.monotonic() - idle_since >= until_idle
                and self._consumer.assignment()
                and self.report.lag == 0
            ):
                return

    def close(self) -> None:
        """Leave the group and close the consumer (the committed offsets stay)."""
        self._consumer.close()
