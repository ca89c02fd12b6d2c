"""Group commit: the batches of concurrent writers stored together, in one transaction, by whichever writer is next.

Each writer queues its batch. When no transaction is being written, the writer takes every batch queued by then
(its own among them), stores them in one transaction, commits, gives each queued writer its own answer and wakes
them all; while a transaction is being written, the writers that come queue their batches for the one after and
wait. A writer whose batch was committed by another returns as soon as that transaction is committed (it does not
wait for the transaction being written after it), and a writer returns only after the transaction holding its batch
has committed (what a ``201`` of ``POST /api/v1/lineage`` says). So under load a transaction carries every batch
that came while the one before it was written, which the store writes with a few bulk statements per table.

A writer that prepares its batch through :meth:`GroupCommit.store_prepared` is known to be coming while it prepares
(parses, validates); the writer about to start a transaction waits for those, up to ``gather`` seconds (5 ms by
default), so that their batches share it: a transaction costs about 5 ms of CPU whatever its size, an event's share
of it about 0.2 ms, so a transaction of 8 events costs much less per event than two of 4.

When a group's transaction fails, each of its batches is tried again on its own, so a batch that cannot be stored
fails alone and the others are stored.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from headwater.lineage.ingest.apply import BatchResult
    from headwater.lineage.semantics import EventFacts


@dataclass
class _Waiting:
    """A queued batch and, once its transaction is over, how many of its events were new (or why it failed)."""

    facts: Sequence[EventFacts]
    stored: int = 0
    error: BaseException | None = None
    done: bool = False

    def result(self) -> int:
        """How many of the batch's events were new; raises what storing it raised."""
        if self.error is not None:
            raise self.error
        return self.stored


class GroupCommit:
    """Stores batches from any number of threads, those that wait together in one transaction.

    ``write`` stores a list of events' facts in one transaction and commits it (the store's
    :func:`~headwater.lineage.ingest.apply_batch` in ``engine.begin()``), returning what it wrote. It is called by
    one thread at a time.
    """

    def __init__(self, write: Callable[[list[EventFacts]], BatchResult], gather: float = 0.005) -> None:
        """``gather``: the longest a transaction's writer waits for the batches being prepared, in seconds."""
        self._write = write
        self._gather = gather
        lock = threading.Lock()  # guards the fields below
        self._turn = threading.Condition(lock)  # notified when a transaction is over
        self._queued = threading.Condition(lock)  # notified when a batch is queued or its writer gave up
        self._queue: list[_Waiting] = []
        self._busy = False  # a transaction (or an exclusive writer) is running
        self._coming = 0  # writers preparing a batch (store_prepared), not queued yet
        self.transactions = 0
        """Transactions written so far (a group's batches retried alone count one each)."""

    def store(self, facts: Sequence[EventFacts]) -> int:
        """Store ``facts`` (with whatever other threads are storing now) and return how many were new.

        An event is new when the store did not have it and no batch of the same transaction queued before had it.
        Returns after the transaction holding the batch has committed.

        Raises:
            Exception: whatever storing the batch on its own raised (nothing of it was stored).
        """
        return self._queue_and_wait(_Waiting(facts), coming=False)

    def store_prepared(self, prepare: Callable[[], Sequence[EventFacts]]) -> int:
        """:meth:`store` the batch ``prepare()`` returns, the writers about to write waiting for it while it prepares.

        An empty batch is not stored (0).

        Raises:
            Exception: what ``prepare`` raised (nothing stored), or what storing the batch on its own raised.
        """
        with self._turn:
            self._coming += 1
        try:
            facts = prepare()
        except BaseException:
            self._not_coming()
            raise
        if not facts:
            self._not_coming()
            return 0
        return self._queue_and_wait(_Waiting(facts), coming=True)

    def _not_coming(self) -> None:
        with self._turn:
            self._coming -= 1
            self._queued.notify()

    def _queue_and_wait(self, waiting: _Waiting, *, coming: bool) -> int:
        """Queue ``waiting``; then either its answer once another writer committed it, or write the queue's group."""
        with self._turn:
            self._coming -= coming
            self._queue.append(waiting)
            self._queued.notify()
            while self._busy and not waiting.done:
                self._turn.wait()
            if waiting.done:
                return waiting.result()
            self._busy = True
            self._wait_for_coming()
            group, self._queue = self._queue, []
        try:
            self._commit(group)
        finally:
            self._release(group)
        return waiting.result()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """No batch is stored while inside (another writer of the store, such as a prune, runs alone)."""
        with self._turn:
            while self._busy:
                self._turn.wait()
            self._busy = True
        try:
            yield
        finally:
            self._release([])

    def _wait_for_coming(self) -> None:
        """Wait (holding the turn, the lock released while waiting) for the writers preparing, at most ``gather``."""
        deadline = time.monotonic() + self._gather
        while self._coming > 0:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._queued.wait(left)

    def _release(self, group: list[_Waiting]) -> None:
        """End the running transaction: every batch of ``group`` answered, the waiting writers woken."""
        for waiting in group:
            if not waiting.done:  # the transaction was interrupted (a BaseException in this thread)
                waiting.error = RuntimeError("the transaction holding this batch was interrupted; nothing was stored")
                waiting.done = True
        with self._turn:
            self._busy = False
            self._turn.notify_all()

    def _commit(self, group: list[_Waiting]) -> None:
        try:
            self.transactions += 1
            result = self._write([facts for waiting in group for facts in waiting.facts])
        except Exception as e:  # noqa: BLE001 - handed to the waiting thread, which raises it
            if len(group) == 1:
                group[0].error, group[0].done = e, True
                return
            for waiting in group:
                self._commit_alone(waiting)
            return
        claimed: set[str] = set()
        for waiting in group:
            mine = {facts.hash for facts in waiting.facts if facts.hash in result.events} - claimed
            claimed |= mine
            waiting.stored = len(mine)
            waiting.done = True

    def _commit_alone(self, waiting: _Waiting) -> None:
        try:
            self.transactions += 1
            waiting.stored = self._write(list(waiting.facts)).stored
        except Exception as e:  # noqa: BLE001 - handed to the waiting thread, which raises it
            waiting.error = e
        waiting.done = True
