"""Lineage sources: a JSONL file of events (the file transport's output), a folder of them, or a store URL."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from headwater.lineage.store import DEFAULT_STORE, IngestReport, LineageStore, RawEvent, store_url

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

EVENT_FILE_SUFFIXES: Final = (".jsonl", ".json", ".ndjson")
"""The files of a folder that are read as events, one JSON event per line."""


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
    files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in EVENT_FILE_SUFFIXES)
    if not files:
        msg = f"no event files ({', '.join(EVENT_FILE_SUFFIXES)}) under {path}"
        raise FileNotFoundError(msg)
    return files


def read_events(files: Sequence[Path], on_bytes: Callable[[int], None] | None = None) -> Iterator[RawEvent]:
    """Every non-blank line of ``files`` as ``("file:line", bytes)``; ``on_bytes`` gets each line's size."""
    for file in files:
        with file.open("rb") as lines:
            for number, line in enumerate(lines, start=1):
                if on_bytes is not None:
                    on_bytes(len(line))
                if line.strip():
                    yield f"{file}:{number}", line


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
