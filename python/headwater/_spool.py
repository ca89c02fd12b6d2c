"""Headwater's spool, read and re-sent from Python, with the agent's format and locks.

See docs/configuration.md, "The spool".
A spool directory ``<root>/<type>-<digest>/`` holds ``destination.json`` (where its events were going), segments
``00000000000000000001.jsonl`` ... (one OpenLineage event per line), ``cursor`` (``<segment> <byte offset>`` of the next
event to send, the offset zero-padded to 20 digits: a record of fixed length, rewritten in place, so that recording
progress needs no free space) and the lock files ``lock`` (held around every change) and ``replay.lock`` (held by
whoever re-sends).
The locks are POSIX ``fcntl`` locks, the ones the agent's JVM takes, so ``headwater replay`` and a running agent never
send the same event twice.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from headwater._reduction import EventBudget
from headwater._reduction import size as event_size

if TYPE_CHECKING:
    from collections.abc import Iterator

DEFAULT_SPOOL = Path("~/.headwater/spool")
"""The agent's default ``spark.openlineage.spool.dir``."""

DESTINATION_FILE = "destination.json"
_CURSOR = "cursor"
CURSOR_BYTES = 48
"""The length of the cursor's record (``<20-digit segment>.jsonl <20-digit offset>\\n``)."""
_LOCK = "lock"
_REPLAY_LOCK = "replay.lock"
_SEGMENT_SUFFIX = ".jsonl"
_LOCK_WAIT_SECONDS = 2.0
_REJECTED = frozenset({400, 409, 413, 415, 422})
_TOO_LARGE = 413


class DeliveryError(Exception):
    """An event was not delivered; ``rejected`` when the receiver refused that event for good (it is dropped)."""

    def __init__(self, message: str, *, rejected: bool, status: int | None = None) -> None:
        """Describe the failure; ``rejected`` for HTTP 400, 409, 413, 415 and 422; ``status`` the HTTP status if any."""
        super().__init__(message)
        self.rejected = rejected
        self.status = status


class DiskFullError(OSError):
    """The spool's progress cannot be recorded: its disk is full and it has no cursor file to rewrite in place."""

    def __init__(self, directory: Path, needed: int) -> None:
        """``needed``: the bytes the file system must have free for the cursor file (one block)."""
        super().__init__(
            errno.ENOSPC,
            f"the disk holding {directory} is full: recording which events were sent needs {needed} bytes free there "
            f"(a {CURSOR_BYTES}-byte cursor file); free that much and run `headwater replay` again",
        )
        self.directory = directory
        self.needed = needed


class Sender(Protocol):
    """Delivers one event (a parsed JSON object) or raises :class:`DeliveryError`."""

    def send(self, event: dict[str, Any]) -> None:
        """Deliver ``event``."""


@dataclass(frozen=True)
class SpoolEntry:
    """One spooled event: its segment file, its bytes [start, end) there (newline included), and its JSON text."""

    segment: str
    start: int
    end: int
    text: str


class Spool:
    """One destination's spool directory."""

    def __init__(self, directory: Path) -> None:
        """Open the spool in ``directory`` (it must hold ``destination.json``)."""
        self.directory = directory
        self._unsaved: tuple[str, int] | None = None  # progress of this process the disk had no room for

    @property
    def destination(self) -> dict[str, str]:
        """Where its events were going: ``type`` and ``url`` + ``endpoint`` (http) or ``location`` (file)."""
        data = json.loads((self.directory / DESTINATION_FILE).read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.items()}

    def _segments(self) -> list[Path]:
        return sorted(
            p
            for p in self.directory.glob(f"*{_SEGMENT_SUFFIX}")
            if p.stem.isdigit() and len(p.stem) == 20  # noqa: PLR2004
        )

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with (self.directory / _LOCK).open("a+b") as handle:
            deadline = time.monotonic() + _LOCK_WAIT_SECONDS
            while True:
                try:
                    fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        msg = f"the spool {self.directory} stayed locked by another process"
                        raise OSError(msg) from None
                    time.sleep(0.005)
            try:
                yield
            finally:
                fcntl.lockf(handle, fcntl.LOCK_UN)

    @contextlib.contextmanager
    def replaying(self) -> Iterator[bool]:
        """Hold the right to re-send (``replay.lock``) in the block; yields False when another process has it."""
        with (self.directory / _REPLAY_LOCK).open("a+b") as handle:
            try:
                fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                yield False
                return
            try:
                yield True
            finally:
                fcntl.lockf(handle, fcntl.LOCK_UN)

    def _cursor(self) -> tuple[str, int] | None:
        saved: tuple[str, int] | None
        try:
            segment, offset = (self.directory / _CURSOR).read_text(encoding="utf-8").split()
            saved = segment, int(offset)
        except (OSError, ValueError):
            saved = None
        unsaved = self._unsaved
        if unsaved is not None and (self.directory / unsaved[0]).is_file() and (saved is None or unsaved > saved):
            return unsaved
        self._unsaved = None
        return saved

    def ensure_cursor(self) -> None:
        """Make the cursor file (at the first event) when there is none, so that progress can be recorded in place.

        Raises:
            DiskFullError: the disk has no room for it.
        """
        with self._locked():
            path = self.directory / _CURSOR
            if path.exists() or not self._segments():
                return
            try:
                self._write_cursor(path, (self._segments()[0].name, 0), create=True)
            except OSError as e:
                if e.errno not in {errno.ENOSPC, errno.EDQUOT}:
                    raise
                raise DiskFullError(self.directory, os.statvfs(self.directory).f_frsize) from e

    @staticmethod
    def _write_cursor(path: Path, position: tuple[str, int], *, create: bool) -> None:
        record = f"{position[0]} {position[1]:020d}\n".encode()
        flags = os.O_WRONLY | os.O_NOFOLLOW | ((os.O_CREAT | os.O_EXCL) if create else 0)
        fd = os.open(path, flags, 0o600)
        try:
            os.pwrite(fd, record, 0)
            if os.fstat(fd).st_size > len(record):
                os.ftruncate(fd, len(record))  # a longer record of an older agent
            os.fsync(fd)
        except OSError:
            os.close(fd)
            if create:
                path.unlink(missing_ok=True)
            raise
        os.close(fd)

    @property
    def unsaved_progress(self) -> bool:
        """True while what this process sent is recorded only in its memory (the disk had no room for it)."""
        return self._unsaved is not None

    def head(self) -> SpoolEntry | None:
        """The oldest event not yet sent, or None. A last line without its newline (a torn write) is never returned."""
        with self._locked():
            cursor = self._cursor()
            for segment in self._segments():
                if cursor and segment.name < cursor[0]:
                    continue
                start = cursor[1] if cursor and segment.name == cursor[0] else 0
                with segment.open("rb") as f:
                    f.seek(start)
                    line = f.readline()
                if line.endswith(b"\n"):
                    return SpoolEntry(segment.name, start, start + len(line), line[:-1].decode("utf-8"))
            return None

    def remove(self, entry: SpoolEntry) -> None:
        """Move past ``entry`` (sent, or dropped for good); delete what is behind; clear an emptied spool.

        The cursor is rewritten in place; when it cannot be written at all, the move is kept in this object's memory
        (:attr:`unsaved_progress`), so this process never sends ``entry`` again.
        """
        with self._locked():
            segments = self._segments()
            last = segments[-1] if segments else None
            if last is not None and last.name == entry.segment and last.stat().st_size <= entry.end:
                for segment in segments:
                    segment.unlink(missing_ok=True)
                (self.directory / _CURSOR).unlink(missing_ok=True)
                self._unsaved = None
                return
            path = self.directory / _CURSOR
            try:
                self._write_cursor(path, (entry.segment, entry.end), create=not path.exists())
                self._unsaved = None
            except OSError:
                self._unsaved = (entry.segment, entry.end)  # kept for this process; the caller says so
            for segment in segments:
                if segment.name < entry.segment:
                    segment.unlink(missing_ok=True)

    def pending(self) -> int:
        """How many complete events are waiting."""
        with self._locked():
            cursor = self._cursor()
            count = 0
            for segment in self._segments():
                if cursor and segment.name < cursor[0]:
                    continue
                data = segment.read_bytes()
                start = cursor[1] if cursor and segment.name == cursor[0] else 0
                count += data.count(b"\n", start)
            return count


def find_spools(root: Path) -> list[Spool]:
    """The destination spools in ``root``: ``root`` itself when it is one, else its subdirectories that are."""
    root = root.expanduser()
    if (root / DESTINATION_FILE).is_file():
        return [Spool(root)]
    if not root.is_dir():
        return []
    return [Spool(d) for d in sorted(root.iterdir()) if (d / DESTINATION_FILE).is_file()]


@dataclass(frozen=True)
class ReplayResult:
    """What one spool's replay did."""

    spool: Path
    target: str
    sent: int
    dropped: int
    left: int
    error: str | None
    status: int | None = None
    """The HTTP status of the delivery that stopped the replay, when it was an HTTP answer."""
    disk_full: int | None = None
    """When the spool's disk had no room to record progress: the bytes it needs free."""
    reduced: int = 0
    """Events cut to fit the size budget before they were sent (docs/configuration.md, "Event size")."""


def replay(spool: Spool, sender: Sender, target: str, budget: EventBudget | None = None) -> ReplayResult:
    """Send ``spool``'s events in order through ``sender``, removing each one sent (or rejected for good).

    Each RunEvent over ``budget`` (none: no budget until the endpoint refuses an event as too large, HTTP 413) is cut
    to fit it first, in the agent's order (:mod:`headwater._reduction`); an event refused with 413 lowers the budget
    to 90% of its size and is cut and sent again, while it can still be cut. Stops at the first event that could not
    be delivered for a reason that may pass; it stays first in the spool. Skips the spool (``error`` says why) while
    another process is re-sending it.
    """
    budget = budget or EventBudget(None)
    sent = dropped = reduced = 0
    error: str | None = None
    status: int | None = None
    with spool.replaying() as mine:
        if not mine:
            return ReplayResult(spool.directory, target, 0, 0, spool.pending(), "another process is re-sending it")
        try:
            spool.ensure_cursor()
        except DiskFullError as e:  # nothing is sent that could not be recorded as sent
            return ReplayResult(spool.directory, target, 0, 0, spool.pending(), str(e), disk_full=e.needed)
        while (entry := spool.head()) is not None:
            try:
                event = json.loads(entry.text)
                if not isinstance(event, dict):
                    msg = "not a JSON object"
                    raise TypeError(msg)  # noqa: TRY301 - handled with the JSON errors just below
            except (ValueError, TypeError) as e:
                spool.remove(entry)
                dropped += 1
                error = f"a record is not an OpenLineage event ({e}); it was dropped"
                continue
            try:
                reduced += _send_within(sender, event, budget)
            except DeliveryError as e:
                if e.rejected:
                    spool.remove(entry)
                    dropped += 1
                    error = f"{e}; that event was dropped"
                    continue
                error, status = str(e), e.status
                break
            sent += 1
            spool.remove(entry)
    left = spool.pending()
    if left and spool.unsaved_progress:
        needed = os.statvfs(spool.directory).f_frsize
        error = f"{error}; {DiskFullError(spool.directory, needed).strerror}"
        return ReplayResult(spool.directory, target, sent, dropped, left, error, status, needed, reduced)
    return ReplayResult(spool.directory, target, sent, dropped, left, error, status, reduced=reduced)


def _send_within(sender: Sender, event: dict[str, Any], budget: EventBudget) -> int:
    """Send ``event`` cut to ``budget``, cutting it further after each HTTP 413 while that makes it smaller.

    Returns 1 when it was cut, else 0. Raises the :class:`DeliveryError` of the last attempt.
    """
    cut = budget.fit(event)
    while not _sent(sender, event, budget):
        cut = True
    return int(cut)


def _sent(sender: Sender, event: dict[str, Any], budget: EventBudget) -> bool:
    """Send ``event``: True when it was delivered.

    False when it was refused as too large (HTTP 413) and is now cut below the refused size, to be sent again. Raises
    the :class:`DeliveryError` otherwise.
    """
    try:
        sender.send(event)
    except DeliveryError as e:
        if e.status != _TOO_LARGE:
            raise
        refused = event_size(event)
        budget.refused(refused)
        if not budget.fit(event) or event_size(event) >= refused:
            raise
        return False
    return True


class HttpSender:
    """POSTs events with openlineage-python's HTTP transport (its retries, bearer auth)."""

    def __init__(self, url: str, endpoint: str, api_key: str | None, timeout: float) -> None:
        """Send to ``url`` + ``endpoint``, with ``Authorization: Bearer <api_key>`` when given."""
        from openlineage.client.transport.http import HttpConfig, HttpTransport

        config: dict[str, Any] = {
            "url": url,
            "endpoint": endpoint,
            "timeout": timeout,
            # urllib3's Retry: honours Retry-After on 429 and 503
            "retry": {
                "total": 3,
                "connect": 3,
                "read": 3,
                "backoff_factor": 0.5,
                "status_forcelist": [408, 429, 500, 502, 503, 504],
                "allowed_methods": ["POST"],
                # after the last retry, the last answer itself (its status names what is wrong), not RetryError
                "raise_on_status": False,
            },
        }
        if api_key:
            config["auth"] = {"type": "api_key", "apiKey": api_key}
        self._transport = HttpTransport(HttpConfig.from_dict(config))

    def send(self, event: dict[str, Any]) -> None:
        """POST ``event``; raise :class:`DeliveryError` when it was not accepted."""
        import requests

        try:
            # the transport serialises a dict as it is (Serde.to_json), like its own event classes
            self._transport.emit(event)  # type: ignore[arg-type]
        except requests.HTTPError as e:
            status = e.response.status_code if e.response is not None else 0
            msg = f"HTTP {status}"
            raise DeliveryError(msg, rejected=status in _REJECTED, status=status) from e
        except requests.RequestException as e:
            raise DeliveryError(type(e).__name__, rejected=False) from e

    def close(self) -> None:
        """Close the HTTP session."""
        self._transport.close()


class FileSender:
    """Appends events to a JSON-lines file, each line whole or not at all."""

    def __init__(self, location: Path) -> None:
        """Append to ``location`` (created with its parent directories)."""
        self._location = location

    def send(self, event: dict[str, Any]) -> None:
        """Append ``event`` as one line; on failure cut the file back and raise :class:`DeliveryError`."""
        line = (json.dumps(event, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            self._location.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._location, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as e:
            raise DeliveryError(str(e), rejected=False) from e
        try:
            before = os.fstat(fd).st_size
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view) :]
            except OSError as e:
                os.ftruncate(fd, before)
                raise DeliveryError(str(e), rejected=False) from e
        finally:
            os.close(fd)
