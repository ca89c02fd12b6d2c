"""Group commit: the batches of concurrent writers stored together, in one transaction, by whichever writer is next.

Each writer queues its batch and takes the store's write lock; the writer that gets it stores every batch queued
by then (its own among them) in one transaction, commits, and gives each queued writer its own answer. A writer
whose batch was stored by another finds its answer when it gets the lock (or before), and returns. So a writer
returns only after the transaction holding its batch has committed (what a ``201`` of ``POST /api/v1/lineage``
says), and while one transaction commits the next writers' batches queue for the one after: under load a
transaction carries many requests' events, which the store writes with a few bulk statements per table.

When a group's transaction fails, each of its batches is tried again on its own, so a batch that cannot be stored
fails alone and the others are stored.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from headwater.lineage.ingest.apply import BatchResult
    from headwater.lineage.semantics import EventFacts


@dataclass
class _Waiting:
    """A queued batch and, once stored, how many of its events were new (or why it failed)."""

    facts: Sequence[EventFacts]
    stored: int | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


class GroupCommit:
    """Stores batches from any number of threads, those that wait together in one transaction.

    ``write`` stores a list of events' facts in one transaction and commits it (the store's
    :func:`~headwater.lineage.ingest.apply_batch` in ``engine.begin()``), returning what it wrote.
    """

    def __init__(self, write: Callable[[list[EventFacts]], BatchResult]) -> None:
        self._write = write
        self._write_lock = threading.Lock()
        self._queue_lock = threading.Lock()
        self._queue: list[_Waiting] = []

    def store(self, facts: Sequence[EventFacts]) -> int:
        """Store ``facts`` (with whatever other threads are storing now) and return how many were new.

        An event is new when the store did not have it and no batch of the same transaction queued before had it.
        Returns after the transaction holding the batch has committed.

        Raises:
            Exception: whatever storing the batch on its own raised (nothing of it was stored).
        """
        waiting = _Waiting(facts)
        with self._queue_lock:
            self._queue.append(waiting)
        with self._write_lock:
            if not waiting.done.is_set():
                with self._queue_lock:
                    group, self._queue = self._queue, []
                self._commit(group)
        if waiting.error is not None:
            raise waiting.error
        return waiting.stored or 0

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """No batch is stored while inside (another writer of the store, such as a prune, runs alone)."""
        with self._write_lock:
            yield

    def _commit(self, group: list[_Waiting]) -> None:
        try:
            result = self._write([facts for waiting in group for facts in waiting.facts])
        except Exception:
            if len(group) == 1:
                raise
            for waiting in group:
                self._commit_alone(waiting)
            return
        claimed: set[str] = set()
        for waiting in group:
            mine = {facts.hash for facts in waiting.facts if facts.hash in result.events} - claimed
            claimed |= mine
            waiting.stored = len(mine)
            waiting.done.set()

    def _commit_alone(self, waiting: _Waiting) -> None:
        try:
            waiting.stored = self._write(list(waiting.facts)).stored
        except Exception as e:  # noqa: BLE001 - handed to the waiting thread, which raises it
            waiting.error = e
        waiting.done.set()
