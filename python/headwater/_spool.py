"""Headwater's spool, read and re-sent from Python, with the agent's format and locks.

See docs/configuration.md, "The spool".
A spool directory ``<root>/<type>-<digest>/`` holds ``destination.json`` (where its events were going), segments
``00000000000000000001.jsonl`` ... (one OpenLineage event per line), ``cursor`` (``<segment> <byte offset>`` of the next
event to send) and the lock files ``lock`` (held around every change) and ``replay.lock`` (held by whoever re-sends).
The locks are POSIX ``fcntl`` locks, the ones the agent's JVM takes, so ``headwater replay`` and a running agent never
send the same event twice.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator

DEFAULT_SPOOL = Path("~/.headwater/spool")
"""The agent's default ``spark.openlineage.spool.dir``."""

DESTINATION_FILE = "destination.json"
_CURSOR = "cursor"
_LOCK = "lock"
_REPLAY_LOCK = "replay.lock"
_SEGMENT_SUFFIX = ".jsonl"
_LOCK_WAIT_SECONDS = 2.0
_REJECTED = frozenset({400, 409, 413, 415, 422})


class DeliveryError(Exception):
    """An event was not delivered; ``rejected`` when the receiver refused that event for good (it is dropped)."""

    def __init__(self, message: str, *, rejected: bool, status: int | None = None) -> None:
        """Describe the failure; ``rejected`` for HTTP 400, 409, 413, 415 and 422; ``status`` the HTTP status if any."""
        super().__init__(message)
        self.rejected = rejected
        self.status = status


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
        try:
            segment, offset = (self.directory / _CURSOR).read_text(encoding="utf-8").split()
            return segment, int(offset)
        except (OSError, ValueError):
            return None

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
        """Move past ``entry`` (sent, or dropped for good); delete what is behind; clear an emptied spool."""
        with self._locked():
            segments = self._segments()
            last = segments[-1] if segments else None
            if last is not None and last.name == entry.segment and last.stat().st_size <= entry.end:
                for segment in segments:
                    segment.unlink(missing_ok=True)
                (self.directory / _CURSOR).unlink(missing_ok=True)
                return
            temporary = self.directory / f"{_CURSOR}.tmp"
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, f"{entry.segment} {entry.end}\n".encode())
                os.fsync(fd)
            finally:
                os.close(fd)
            temporary.replace(self.directory / _CURSOR)
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


def replay(spool: Spool, sender: Sender, target: str) -> ReplayResult:
    """Send ``spool``'s events in order through ``sender``, removing each one sent (or rejected for good).

    Stops at the first event that could not be delivered for a reason that may pass; it stays first in the spool.
    Skips the spool (``error`` says why) while another process is re-sending it.
    """
    sent = dropped = 0
    error: str | None = None
    status: int | None = None
    with spool.replaying() as mine:
        if not mine:
            return ReplayResult(spool.directory, target, 0, 0, spool.pending(), "another process is re-sending it")
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
                sender.send(event)
            except DeliveryError as e:
                if e.rejected:
                    spool.remove(entry)
                    dropped += 1
                    error = f"{e}; that event was dropped"
                    continue
                error, status = str(e), e.status
                break
            sent += 1
            try:
                spool.remove(entry)
            except OSError as e:  # e.g. a full disk: the event stays and is sent again next time
                error = f"the spool cannot be updated ({e}); the last event sent stays in it"
                break
    return ReplayResult(spool.directory, target, sent, dropped, spool.pending(), error, status)


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
