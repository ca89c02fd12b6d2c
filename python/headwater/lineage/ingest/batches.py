"""Batches of prepared events for a bulk ingest, prepared in worker processes while the caller stores.

Preparing an event (:mod:`.prepare`: parse, split, validate, derive) takes about as much CPU as storing it, and
needs no database, so a bulk ingest runs in two stages: worker processes (``concurrent.futures``) prepare the next
batches of events while the calling process stores the current one. The facts cross back as builtin rows
(:mod:`.wire`).

The workers are forked when the calling process has one thread (quick to start, and the caller's ``__main__`` is
not imported again, so a script without an ``if __name__ == "__main__":`` guard is safe), else started with
``spawn`` (forking a process with threads can copy a lock some thread holds; a spawned worker imports the caller's
``__main__`` module again, as every ``multiprocessing`` program does: guard a script's top-level code, or pass
``workers=0``).

Semantics are those of preparing in process: every event is validated and derived exactly as there, the batches
come back in input order (the store breaks event-time ties by arrival order), and an invalid event is reported
with its schema errors and where it came from (``file:line``), none of it stored. The first batch is prepared in
the calling process while the workers start; an input of one batch never starts a process.

The workers ignore Ctrl-C (SIGINT goes to the whole process group): the caller gets the KeyboardInterrupt, and
the workers are shut down when the caller stops reading batches, however that happens (an error, Ctrl-C, the end).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import shutil
import signal
import tempfile
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Final

from headwater.lineage.ingest.prepare import PreparedBatch, RawEvent, prepare_batch
from headwater.lineage.ingest.wire import decode, encode
from headwater.lineage.validation import EventValidator, SchemaSet, default_validator

if TYPE_CHECKING:
    from collections.abc import Generator, Iterable, Iterator


_WORKER_BATCH_COLLECTION: Final = 1
_IN_MEMORY: Final = "/dev/shm"  # noqa: S108 - a folder of our own is made in it
_FOLDER_PREFIX: Final = "headwater-ingest-"


def default_workers() -> int:
    """The worker processes a bulk ingest uses when not told: 1 when a CPU is idle, else 0.

    A worker pays off only on a CPU of its own: preparing in a worker costs about a third more CPU in all (the events
    are sent to it and its facts sent back), which on a busy machine makes the ingest slower, not faster. So: 1 when
    this process may use more than one CPU and the 1-minute load average leaves one of them idle (load below the
    CPUs minus one), else 0 (preparing and storing take turns in one process).
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this platform: assume an idle machine
        load = 0.0
    return 1 if cpus > 1 and load < cpus - 1 else 0


def prepared_batches(
    events: Iterable[RawEvent], validator: EventValidator, *, batch_size: int, workers: int | None = None
) -> Generator[PreparedBatch, None, None]:
    """``events`` prepared, in batches of ``batch_size`` events read (the last one smaller), in input order.

    ``workers`` is the number of worker processes (None: :func:`default_workers`); with 0, or when ``events`` hold
    no more than one batch, everything runs in this process. Close the iterator (or read it to its end) to stop the
    workers.

    Raises:
        ValueError: ``batch_size`` or ``workers`` below their minimum (1 and 0).
        concurrent.futures.process.BrokenProcessPool: a worker process died (killed, out of memory).
    """
    if batch_size < 1 or (workers is not None and workers < 0):
        msg = f"batch_size must be at least 1 and workers at least 0, not {batch_size} and {workers}"
        raise ValueError(msg)
    count = default_workers() if workers is None else workers
    source = iter(events)
    if count == 0:
        while (batch := prepare_batch(validator, islice(source, batch_size))).received:
            yield batch
        return
    chunks = _chunks(source, batch_size)
    first = next(chunks, [])
    second = next(chunks, None)
    if second is None:
        yield prepare_batch(validator, first)
        return
    yield from _pipelined(first, chain([second], chunks), validator, count)


def _chunks(source: Iterator[RawEvent], size: int) -> Iterator[list[RawEvent]]:
    while chunk := list(islice(source, size)):
        yield chunk


def _pipelined(
    first: list[RawEvent], rest: Iterator[list[RawEvent]], validator: EventValidator, count: int
) -> Generator[PreparedBatch, None, None]:
    """The ``first`` batch prepared here, the ``rest`` by ``count`` workers, at most ``count + 1`` batches ahead.

    The batches and their results go through files of a temporary folder (in ``/dev/shm``, in memory, where there is
    one; folders left there by an ingest that was killed are deleted first), each written and read in one piece and
    deleted once read; only their paths go through the executor's pipes. A pipe moves 64 KB at a time, and each piece
    needs the GIL in a helper thread of the process at the other end, whose main thread holds it while it stores or
    prepares: through pipes, storing a batch took 2-3 times as long (wall) as through files, at the same CPU.
    """
    schemas = None if validator is default_validator() else validator.schemas
    in_memory = _IN_MEMORY if os.access(_IN_MEMORY, os.W_OK) else None
    parent = Path(in_memory or tempfile.gettempdir())
    _remove_orphans(parent)
    folder = Path(tempfile.mkdtemp(prefix=f"{_FOLDER_PREFIX}{os.getpid()}-", dir=parent))
    with _ctrl_c_deferred():
        executor = ProcessPoolExecutor(
            count,
            mp_context=multiprocessing.get_context(_start_method()),
            initializer=_start_worker,
            initargs=(schemas, validator.strict),
        )
    pending: deque[tuple[int, Future[Path]]] = deque()
    sent = 0

    def fill() -> None:
        nonlocal sent
        while len(pending) <= count:
            chunk = next(rest, None)
            if chunk is None:
                return
            sent += 1
            path = folder / f"batch-{sent}"
            with path.open("wb") as file:  # streamed: large events go to the file without a copy
                pickle.dump(chunk, file, protocol=pickle.HIGHEST_PROTOCOL)
            with _ctrl_c_deferred():  # submit starts the worker and the executor's thread
                pending.append((len(chunk), executor.submit(_prepare_file, path)))

    try:
        fill()
        yield prepare_batch(validator, first)
        while pending:
            received, future = pending.popleft()
            result = future.result()
            encoded, rejected = pickle.loads(result.read_bytes())  # noqa: S301 - written by our worker
            result.unlink()
            fill()  # the workers get their next batch before this one is stored
            yield PreparedBatch(received, decode(encoded), rejected)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(folder, ignore_errors=True)


def _remove_orphans(parent: Path) -> None:
    """Delete the batch folders in ``parent`` of ingests whose process is gone (killed before it could clean up).

    A folder is named after its ingest's process id (``headwater-ingest-<pid>-<random>``); one whose process no
    longer exists is an orphan. A folder of a live process, or of a process id now reused, is left alone.
    """
    for folder in parent.glob(f"{_FOLDER_PREFIX}*-*"):
        pid = folder.name[len(_FOLDER_PREFIX) :].split("-", 1)[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except (PermissionError, OverflowError):  # another user's live process, or no process id at all
            continue


@contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
    """SIGINT held back inside (in the main thread, where Python raises KeyboardInterrupt), delivered on leaving.

    A KeyboardInterrupt inside the executor's set-up (starting its worker and its thread) leaves it half made: its
    shutdown then fails ("cannot join thread before it is started"), or the process waits at exit for a worker that
    nobody stops. Threads and forked workers started inside inherit the blocked signal; the worker unblocks it
    (ignored there).
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _start_method() -> str:
    """``fork`` in a process with one thread (where the platform has it), else ``spawn`` (module docstring)."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


class _Worker:
    """The state of a worker process: its validator (which remembers the facet bodies it validated)."""

    validator: EventValidator | None = None


def _start_worker(schemas: SchemaSet | None, strict: bool) -> None:  # noqa: FBT001 - positional initargs
    """Start a worker process.

    Ctrl-C is left to the caller, automatic garbage collection is off (see ``store._CollectorPause``: parsed events
    hold no cycles), and the validator is the caller's (``schemas`` None: the default one).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked while the caller forked this worker (_ctrl_c_deferred)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    gc.disable()
    _Worker.validator = default_validator() if schemas is None else EventValidator(schemas, strict)


def _prepare_file(path: Path) -> Path:
    """A worker's task: prepare the batch of events pickled in file ``path``.

    Returns the file of the result: its :class:`.wire.EncodedFacts` and rejected events, pickled.
    """
    validator = _Worker.validator
    if validator is None:  # pragma: no cover - the initializer always runs first
        msg = "the worker was not started with _start_worker"
        raise RuntimeError(msg)
    chunk: list[RawEvent] = pickle.loads(path.read_bytes())  # noqa: S301 - written by the calling process
    path.unlink()
    batch = prepare_batch(validator, chunk)
    del chunk
    encoded = encode(batch.facts)
    del batch.facts
    result = path.with_name(path.name + ".prepared")
    result.write_bytes(pickle.dumps((encoded, batch.rejected), protocol=pickle.HIGHEST_PROTOCOL))
    del encoded
    gc.collect(_WORKER_BATCH_COLLECTION)
    return result
