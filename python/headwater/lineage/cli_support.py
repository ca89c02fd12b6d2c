"""What the ``headwater lineage`` commands share: the store option, error handling, progress and rejections.

Heavy modules are imported inside the functions, so ``headwater --help`` works without the ``headwater[lineage]``
extra.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from headwater.lineage.follow import FollowReport
    from headwater.lineage.store import IngestReport, LineageStore

F = TypeVar("F", bound=Callable[..., Any])

STORE_ENV = "HEADWATER_LINEAGE_STORE"
_PROGRESS_FROM_BYTES = 1_000_000  # smaller inputs are read too quickly for a progress bar
_PROGRESS_STEP_BYTES = 65536
_REJECTIONS_SHOWN = 20


def source_option(function: F) -> F:
    """The ``-s/--source`` option of the read commands (an events path or a store URL)."""
    return click.option(
        "-s", "--source", envvar=STORE_ENV, default=None, metavar="SOURCE",
        help=f"Events file, folder of them, or store URL [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].",
    )(function)  # fmt: skip


@contextlib.contextmanager
def errors() -> Iterator[None]:
    """Turn the viewer's expected errors into one clear message and exit status 1."""
    from headwater.lineage._extra import MissingExtraError, require_extra

    try:
        require_extra()
        yield
    except MissingExtraError as e:
        raise click.ClickException(str(e)) from e
    except (FileNotFoundError, LookupError, ValueError) as e:
        raise click.ClickException(str(e)) from e
    except Exception as e:
        from sqlalchemy.exc import SQLAlchemyError

        if isinstance(e, SQLAlchemyError):
            msg = f"the lineage store failed: {e}"
            raise click.ClickException(msg) from e
        raise


@contextlib.contextmanager
def opened(source: str | None, *, quiet: bool = False) -> Iterator[LineageStore]:
    """The store of SOURCE, with a progress bar (on a terminal) while an events path is read into it."""
    from headwater.lineage.sources import open_source, total_bytes

    with progress(total_bytes(source) if source else 0, quiet=quiet) as advance:
        store, report = open_source(source, advance)
    if report is not None:
        print_rejections(report)
    try:
        yield store
    finally:
        store.close()


@contextlib.contextmanager
def progress(total: int, *, quiet: bool = False) -> Iterator[Callable[[int], None] | None]:
    """A rich progress bar over ``total`` bytes, shown on a terminal for inputs over 1 MB; yields its advance."""
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    if quiet or total < _PROGRESS_FROM_BYTES or not console.is_terminal:
        yield None
        return
    columns = (TextColumn("reading events"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("ingest", total=total)
        pending = [0]

        def advance(size: int) -> None:
            pending[0] += size
            if pending[0] >= _PROGRESS_STEP_BYTES:
                progress.advance(task, pending[0])
                pending[0] = 0

        yield advance


def print_rejections(report: IngestReport | FollowReport) -> None:
    """The first 20 rejected events of ``report`` on stderr, and how many more there were."""
    for rejected in report.rejected[:_REJECTIONS_SHOWN]:
        click.echo(f"rejected {rejected}", err=True)
    if len(report.rejected) > _REJECTIONS_SHOWN:
        click.echo(f"... and {len(report.rejected) - _REJECTIONS_SHOWN} more rejected events", err=True)
