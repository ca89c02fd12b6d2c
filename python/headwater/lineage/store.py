"""The lineage store: a SQLAlchemy engine on SQLite or PostgreSQL, migrated on open, that ingests events.

Store URLs (SQLAlchemy's):

- ``sqlite:///lineage/lineage.db`` (relative path), ``sqlite:////abs/path.db``, ``sqlite://`` (in memory); a plain
  path ending in ``.db``, ``.sqlite`` or ``.sqlite3`` means that SQLite file;
- ``postgresql://user:password@host:5432/database`` (read as ``postgresql+psycopg://``: psycopg 3, part of the
  ``headwater[lineage]`` extra); any other SQLAlchemy PostgreSQL driver URL as it is.

Ingesting validates each event first (:mod:`.validation`): an invalid one is rejected with its schema errors and
nothing of it is stored. Valid events are applied in batches, each in one transaction (:mod:`.ingest`). One store
object serialises its writers, and stores the batches of writers that wait together in one transaction (group
commit, :mod:`.group_commit`); readers (:attr:`LineageStore.read`) never wait for them on PostgreSQL or SQLite (WAL).
A PostgreSQL store keeps a pool of connections (:data:`POOL_SIZE`, for the server's concurrent reads).
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.engine import URL
from sqlalchemy.pool import StaticPool

from headwater.lineage._extra import INSTALL_HINT
from headwater.lineage.ingest.apply import apply_batch
from headwater.lineage.ingest.batches import prepared_batches
from headwater.lineage.ingest.group_commit import GroupCommit
from headwater.lineage.ingest.prepare import RawEvent, Rejected, prepare_batch, prepare_event
from headwater.lineage.validation import EventValidator, default_validator

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping

    from headwater.lineage.ingest.apply import BatchResult
    from headwater.lineage.prune import PruneReport
    from headwater.lineage.reader import LineageReader
    from headwater.lineage.semantics import EventFacts

__all__ = [
    "DEFAULT_STORE", "POOL_SIZE", "IngestReport", "LineageStore", "RawEvent", "Rejected", "RejectedEventsError",
    "create_store_engine", "migrate", "store_url",
]  # fmt: skip

DEFAULT_STORE: Final = "sqlite:///lineage/lineage.db"
"""The store used when none is named: a SQLite file under ``lineage/`` in the working directory."""

POOL_SIZE: Final = 8
"""Connections a PostgreSQL store keeps open (and as many more it may open under load, closed when returned): one per
concurrent request of ``headwater serve`` that reads, the writer's among them."""

_SQLITE_SUFFIXES: Final = (".db", ".sqlite", ".sqlite3")
_REMEMBERED_BODIES: Final = 65536
_SQLITE_PAGE_SIZE: Final = 16384
"""Bytes per page of a new SQLite store. An event's row is about 2 KB (its skeleton), so at SQLite's default of 4 KB
one row fits a page, half of it unused; at 16 KB the file is 28 % smaller and an ingest writes that much less (at
100,000 events, bench/lineage_store.py: 5,324 events/s against 4,964, medians of three rounds)."""

_SQLITE_CACHE_KIB: Final = 131072
"""Most KiB of pages a SQLite connection keeps cached (128 MiB; SQLite's default is 2 MiB), taken only as pages are
read. An ingest batch of 5,000 events touches pages all over the indexes of random keys (event hashes, run ids): with
2 MiB they were read, spilled and written again within the batch, so its reads and writes grew with the store (at
200,000 events, 8,000 events read 2.1 GB and wrote 1.4 GB through SQLite); with 128 MiB each page is read and written
once per batch (0.6 GB each). docs/performance.md has the figures."""


class RejectedEventsError(ValueError):
    """Some events of an all-or-nothing ingest are invalid (``rejected`` lists them); none was stored."""

    def __init__(self, rejected: list[Rejected]) -> None:
        self.rejected = rejected
        super().__init__(f"{len(rejected)} invalid event(s), nothing stored: " + "; ".join(map(str, rejected[:3])))


@dataclass
class IngestReport:
    """What one :meth:`LineageStore.ingest` did.

    Attributes:
        received: events read.
        stored: events new to the store (the others were stored before, or earlier in the same input).
        rejected: the invalid events, none of which was stored.
    """

    received: int = 0
    stored: int = 0
    rejected: list[Rejected] = field(default_factory=list)

    @property
    def duplicates(self) -> int:
        """Valid events that were already in the store."""
        return self.received - self.stored - len(self.rejected)


def store_url(location: str | Path) -> URL:
    """The SQLAlchemy URL of a store location (see the module docstring).

    Raises:
        ValueError: ``location`` is neither a URL nor a SQLite file path.
    """
    text = str(location)
    if "://" not in text:
        if not text.endswith(_SQLITE_SUFFIXES):
            msg = f"{text!r} is not a store URL (sqlite:///path.db, postgresql://...) nor a .db/.sqlite file"
            raise ValueError(msg)
        return URL.create("sqlite", database=text)
    url = make_url(text)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    return url


def create_store_engine(location: str | Path) -> Engine:
    """An engine for the store at ``location`` (SQLite: WAL journal, one shared connection when in memory).

    Raises:
        ValueError: not a store location.
        MissingExtraError: the PostgreSQL driver is missing.
    """
    url = store_url(location)
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False})
        else:
            engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if url.get_driver_name() == "psycopg" and importlib.util.find_spec("psycopg") is None:
        from headwater.lineage._extra import MissingExtraError

        msg = f"a PostgreSQL store needs psycopg: {INSTALL_HINT}"
        raise MissingExtraError(msg)
    return create_engine(url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=POOL_SIZE)


def _sqlite_pragmas(connection: Any, _record: object) -> None:  # noqa: ANN401 - the DBAPI connection
    """Set a SQLite connection's page size, journal, sync mode and page cache.

    Pages of ``_SQLITE_PAGE_SIZE`` bytes (SQLite applies it only to a database that has no table yet), the WAL
    journal, and commits that do not wait for the disk (WAL's ``synchronous=NORMAL``: a commit can be lost at a power
    cut, the database is never corrupted), and a page cache of ``_SQLITE_CACHE_KIB``.
    """
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA page_size={_SQLITE_PAGE_SIZE}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA cache_size=-{_SQLITE_CACHE_KIB}")
    cursor.close()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the store's tables to ``revision`` (Alembic, ``headwater/lineage/migrations``).

    ``head``, the default, is the newest schema; ``0001``, ``0002`` ... name the older ones (for upgrade tests).
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).resolve().parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


class _CollectorPause:
    """Python's automatic garbage collection (process-wide) paused while bulk ingests run, restored when the last ends.

    Parsing creates thousands of containers per event, each of which counts towards the collector's next pass; those
    passes then walk the batch being prepared, which holds no reference cycles (JSON is a tree), and cost about a
    sixth of ingest time. The store makes few cycles of its own (SQLAlchemy's per-transaction objects); they are
    collected once per batch (:meth:`collect`) and by the collector when it runs again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._was_enabled = False

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Automatic collection off inside (thread-safe: the state from before the outermost pause is restored)."""
        with self._lock:
            if self._depth == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0 and self._was_enabled:
                    gc.enable()

    @staticmethod
    def collect() -> None:
        """Collect the young objects (between batches)."""
        gc.collect(1)


_COLLECTOR = _CollectorPause()


class LineageStore:
    """Events in, lineage out: a migrated store with the static-lineage consumer semantics.

    >>> store = LineageStore.open("sqlite://")
    >>> store.ingest([("example", event)]).stored   # doctest: +SKIP
    1
    """

    def __init__(self, engine: Engine, validator: EventValidator | None = None) -> None:
        """Wrap an engine whose database is already migrated (:meth:`open` migrates)."""
        self.engine = engine
        self.validator = validator or default_validator()
        self._group = GroupCommit(self._write)
        self._stored_bodies: set[str] = set()  # facet bodies committed to the store (never deleted)

    @classmethod
    def open(cls, location: str | Path = DEFAULT_STORE, validator: EventValidator | None = None) -> LineageStore:
        """Open (creating or upgrading) the store at ``location``, a store URL or SQLite file path.

        Raises:
            ValueError: not a store location.
            sqlalchemy.exc.OperationalError: the database cannot be reached.
        """
        engine = create_store_engine(location)
        migrate(engine)
        return cls(engine, validator)

    @property
    def url(self) -> str:
        """The store's URL, password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def transactions(self) -> int:
        """Write transactions run since the store was opened (each group commit's one, a retried batch's own)."""
        return self._group.transactions

    @property
    def read(self) -> LineageReader:
        """Queries over the store (:class:`headwater.lineage.reader.LineageReader`)."""
        from headwater.lineage.reader import LineageReader

        return LineageReader(self.engine)

    def prepare(self, where: str, raw: bytes | str | Mapping[str, Any]) -> EventFacts:
        """Parse and validate one event; return what the store derives from it (:func:`.prepare.prepare_event`).

        Raises:
            InvalidEventError: not JSON, or not a valid OpenLineage event; ``where`` prefixes the message.
        """
        return prepare_event(self.validator, where, raw)

    def ingest(
        self,
        events: Iterable[RawEvent],
        *,
        batch_size: int = 5000,
        progress: Callable[[int], None] | None = None,
        workers: int | None = None,
    ) -> IngestReport:
        """Validate and store ``events``; invalid ones are reported in the result and skipped.

        Events are read in batches of ``batch_size``; the valid events of a batch are stored in one transaction, and
        ``progress`` is called with the number of events read after each batch. A batch holds about 30 KB per event
        of 16 KB (its facts and facet bodies); larger batches write less per event (the rows for the same job,
        dataset, facet or run in one batch are merged into one), so 5,000 spends about a sixth less CPU per event
        than 1,000.

        ``workers`` worker processes prepare (parse, validate, derive) the next batches while this process stores
        (:mod:`.pipeline`); None, the default, means 1 when a CPU is idle (:func:`.pipeline.default_workers`), else
        0 (all in this process). An input of one batch or less never starts a process. The result is the same either
        way.

        Raises:
            ValueError: ``batch_size`` below 1 or ``workers`` below 0.
        """
        report = IngestReport()
        with (
            _COLLECTOR.paused(),
            contextlib.closing(
                prepared_batches(events, self.validator, batch_size=batch_size, workers=workers)
            ) as batches,
        ):
            for batch in batches:
                report.received += batch.received
                report.rejected += batch.rejected
                report.stored += self._store(batch.facts)
                del batch
                _COLLECTOR.collect()
                if progress is not None:
                    progress(report.received)
        return report

    def ingest_all_or_nothing(self, events: Iterable[RawEvent]) -> IngestReport:
        """Store ``events`` in one transaction only when every one is valid (the HTTP endpoint's contract).

        Everything runs in this process. While this call prepares its events, a concurrent call about to write a
        transaction waits for them (a few ms at most) so that they share it (:mod:`.group_commit`).

        Raises:
            RejectedEventsError: listing every invalid event; nothing was stored.
        """
        report = IngestReport()

        def prepared() -> list[EventFacts]:
            batch = prepare_batch(self.validator, events)
            if batch.rejected:
                raise RejectedEventsError(batch.rejected)
            report.received = batch.received
            return batch.facts

        report.stored = self._group.store_prepared(prepared)
        return report

    def _store(self, batch: list[EventFacts]) -> int:
        if not batch:
            return 0
        return self._group.store(batch)

    def _write(self, batch: list[EventFacts]) -> BatchResult:
        """Store ``batch`` in one transaction (called by one thread at a time: :class:`.group_commit.GroupCommit`)."""
        with self.engine.begin() as connection:
            result = apply_batch(connection, batch, self._stored_bodies)
        if len(self._stored_bodies) + len(result.bodies) > _REMEMBERED_BODIES:
            self._stored_bodies.clear()
        self._stored_bodies.update(result.bodies)  # committed now
        return result

    def prune(self, cut: str) -> PruneReport:
        """Delete the runs, events and dataset versions older than ``cut`` (store time text), keeping the current state.

        One transaction, while no other write runs (:mod:`.prune` says what is kept).
        """
        from headwater.lineage.prune import prune

        with self._group.exclusive(), self.engine.begin() as connection:
            return prune(connection, cut)

    def close(self) -> None:
        """Release the engine's connections."""
        self.engine.dispose()
