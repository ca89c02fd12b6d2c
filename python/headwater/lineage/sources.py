"""Lineage sources: events files, a folder of them, or a store URL.

An events file is the file transport's JSON Lines, or what ``headwater serve`` takes: a JSON array of events or one
event, gzipped or not.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import TYPE_CHECKING, Final

import orjson

from headwater.lineage.store import DEFAULT_STORE, IngestReport, LineageStore, RawEvent, store_url

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

EVENT_FILE_SUFFIXES: Final = (".jsonl", ".json", ".ndjson")
"""The files of a folder that are read as events (each also with ``.gz`` after it)."""

_GZIP_MAGIC: Final = b"\x1f\x8b"


def is_store_url(source: str | Path) -> bool:
    """Whether ``source`` names a store (a URL, or a ``.db``/``.sqlite``/``.sqlite3`` file) rather than events."""
    text = str(source)
    return "://" in text or text.endswith((".db", ".sqlite", ".sqlite3"))


def event_files(path: Path) -> list[Path]:
    """``path`` itself, or the event files (:data:`EVENT_FILE_SUFFIXES`) under the folder ``path``, sorted.

    Raises:
        FileNotFoundError: ``path`` does not exist, or the folder holds no event file.
    """
    if path.is_file():
        return [path]
    if not path.is_dir():
        msg = f"no such events file or folder: {path}"
        raise FileNotFoundError(msg)
    files = sorted(p for p in path.rglob("*") if p.is_file() and _is_event_file(p))
    if not files:
        msg = f"no event files ({', '.join(EVENT_FILE_SUFFIXES)}) under {path}"
        raise FileNotFoundError(msg)
    return files


def _is_event_file(path: Path) -> bool:
    suffixes = path.suffixes[-2:] if path.suffix == ".gz" else path.suffixes[-1:]
    return bool(suffixes) and suffixes[0] in EVENT_FILE_SUFFIXES


def read_events(files: Sequence[Path], on_bytes: Callable[[int], None] | None = None) -> Iterator[RawEvent]:
    """The events of ``files`` as ``(where, bytes)``, in order; ``on_bytes`` gets the size of what each one came from.

    A file is read as ``headwater serve`` reads a request body: gzip is recognised by its magic bytes; a file whose
    first non-blank byte is ``[`` is one JSON array of events (``where`` is ``file[index]``), one whose first line is
    a lone ``{`` is one pretty-printed event (``file``), any other is JSON Lines, one event per non-blank line
    (``file:line``).
    """
    for file in files:
        with file.open("rb") as raw:
            compressed = raw.read(2) == _GZIP_MAGIC
        opener = gzip.open if compressed else open
        with opener(file, "rb") as content:
            head = content.read(4096)
            whole = head.lstrip().startswith(b"[") or head.lstrip().split(b"\n", 1)[0].strip() == b"{"
            if whole:
                yield from _whole_file_events(file, head + content.read(), on_bytes)
                continue
        with opener(file, "rb") as lines:
            for number, line in enumerate(lines, start=1):
                if on_bytes is not None:
                    on_bytes(len(line))
                if line.strip():
                    yield f"{file}:{number}", line


def _whole_file_events(file: Path, body: bytes, on_bytes: Callable[[int], None] | None) -> Iterator[RawEvent]:
    """The events of a file that is one JSON value: each item of an array, or the one event; not JSON: one bad event."""
    if on_bytes is not None:
        on_bytes(len(body))
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        yield f"{file}", body  # rejected by the ingest with the JSON error, naming the file
        return
    if not isinstance(value, list):
        yield f"{file}", value
        return
    for index, item in enumerate(value):
        yield f"{file}[{index}]", item if isinstance(item, dict) else orjson.dumps(item)


def open_source(
    source: str | Path | None, on_bytes: Callable[[int], None] | None = None
) -> tuple[LineageStore, IngestReport | None]:
    """The store of ``source``, with the report of its ingest when it was read from files.

    A URL names a store (None: :data:`DEFAULT_STORE`); a file or folder of events gives a new in-memory store
    holding them.

    Raises:
        FileNotFoundError: an events path that does not exist or holds no event file, or a SQLite store file that
            does not exist.
        ValueError: a malformed store URL.
    """
    if source is None or is_store_url(source):
        url = store_url(source or DEFAULT_STORE)
        if url.get_backend_name() == "sqlite" and url.database and not Path(url.database).is_file():
            msg = f"no lineage store at {url.database}: create it with `headwater lineage ingest EVENTS --store {url}`"
            raise FileNotFoundError(msg)
        return LineageStore.open(url.render_as_string(hide_password=False)), None
    files = event_files(Path(source))
    store = LineageStore.open("sqlite://")
    return store, store.ingest(read_events(files, on_bytes))


def total_bytes(source: str | Path) -> int:
    """The size of the event files of an events path (0 for a store URL): the progress bar's total."""
    if is_store_url(source):
        return 0
    return sum(f.stat().st_size for f in event_files(Path(source)))
