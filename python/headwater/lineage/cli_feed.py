"""The commands that feed and trim the store: ``headwater lineage ingest``, ``follow`` and ``prune``.

Each is a click command that :mod:`headwater.lineage.cli` adds to the ``lineage`` group; heavy modules are imported
inside the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from headwater.lineage.cli_support import STORE_ENV, errors, print_rejections, progress

if TYPE_CHECKING:
    from headwater.lineage.follow import FollowReport


@click.command()
@click.argument("events", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--store", envvar=STORE_ENV, default=None, metavar="URL",
              help=f"Store to ingest into [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].")  # fmt: skip
@click.option("--workers", type=click.IntRange(min=0), default=None, metavar="N",
              help="Processes preparing (parsing, validating) the next batches while this one stores; 0: all in "
                   "this process [default: 1 when a CPU is idle, else 0].")  # fmt: skip
@click.option("--batch-size", type=click.IntRange(min=1), default=5000, show_default=True, metavar="N",
              help="Events stored per transaction (each batch holds about 30 KB per event of 16 KB).")  # fmt: skip
def ingest(events: tuple[Path, ...], store: str | None, workers: int | None, batch_size: int) -> None:
    """Validate EVENTS (JSONL files or folders of them) and add them to the store.

    Invalid events are reported and skipped (exit status 1); the same event twice is stored once. An input of more
    than one batch is prepared in worker processes while this one stores (--workers).
    """
    with errors():
        from headwater.lineage.sources import event_files, read_events
        from headwater.lineage.store import DEFAULT_STORE, LineageStore

        files = [f for path in events for f in event_files(path)]
        target = LineageStore.open(store or DEFAULT_STORE)
        try:
            with progress(sum(f.stat().st_size for f in files)) as advance:
                report = target.ingest(read_events(files, advance), batch_size=batch_size, workers=workers)
        finally:
            target.close()
        print_rejections(report)
        click.echo(
            f"{report.stored} new events stored in {target.url} ({report.received} read, "
            f"{report.duplicates} already stored, {len(report.rejected)} rejected)"
        )
        if report.rejected:
            sys.exit(1)


@click.command()
@click.option("--kafka-bootstrap", required=True, metavar="HOST:PORT[,...]", help="The brokers to read from.")
@click.option("--kafka-topic", required=True, metavar="TOPIC", help="The topic the agents' kafka transport writes.")
@click.option("--kafka-group", default="headwater-lineage", show_default=True, metavar="GROUP",
              help="The consumer group, whose committed offsets say where to resume.")  # fmt: skip
@click.option("--store", envvar=STORE_ENV, default=None, metavar="URL",
              help=f"Store to write to [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].")  # fmt: skip
@click.option("--batch-size", type=click.IntRange(min=1), default=5000, show_default=True, metavar="N",
              help="Messages stored per transaction (at most; fewer when fewer are waiting).")  # fmt: skip
@click.option("--until-idle", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop once caught up (lag 0) with no message for SECONDS [default: until interrupted].")  # fmt: skip
def follow(  # noqa: PLR0913 - one parameter per option (click passes them by name)
    *, kafka_bootstrap: str, kafka_topic: str, kafka_group: str, store: str | None, batch_size: int,
    until_idle: float | None,
) -> None:  # fmt: skip
    """Consume a Kafka topic of OpenLineage events into the store, committing offsets after each stored batch.

    Validation and storage are POST /api/v1/lineage's; an invalid message is reported and skipped (exit status 1),
    an event seen twice is stored once. After each batch it prints what it read and its lag (messages after the
    committed offsets); restarted, it resumes from the group's committed offsets.
    """
    with errors():
        from headwater.lineage.follow import KafkaFollower
        from headwater.lineage.store import DEFAULT_STORE, LineageStore

        target = LineageStore.open(store or DEFAULT_STORE)
        try:
            follower = KafkaFollower(target, kafka_bootstrap, kafka_topic, group=kafka_group, batch_size=batch_size)
            try:
                follower.run(until_idle=until_idle, on_batch=_print_follow)
            except KeyboardInterrupt:
                pass
            finally:
                follower.close()
        finally:
            target.close()
        print_rejections(follower.report)
        _print_follow(follower.report)
        if follower.report.rejected:
            sys.exit(1)


def _print_follow(report: FollowReport) -> None:
    click.echo(
        f"{report.received} read, {report.stored} new, {report.duplicates} already stored, "
        f"{len(report.rejected)} rejected; lag {report.lag}",
        err=True,
    )


@click.command()
@click.option("--older-than", required=True, metavar="AGE", help="What to delete: older than <n>d, <n>h or <n>w.")
@click.option("--store", envvar=STORE_ENV, default=None, metavar="URL",
              help=f"Store to prune [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].")  # fmt: skip
def prune(older_than: str, store: str | None) -> None:
    """Delete runs, events and dataset versions older than AGE (90d), keeping the current state.

    Every job and dataset keeps its current definition, facets (tags) and latest version; each job its latest run;
    every run kept its events.
    """
    with errors():
        from headwater.lineage.prune import cut_time
        from headwater.lineage.store import DEFAULT_STORE, LineageStore

        try:
            cut = cut_time(older_than)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--older-than") from None
        target = LineageStore.open(store or DEFAULT_STORE)
        try:
            report = target.prune(cut)
        finally:
            target.close()
        click.echo(
            f"pruned {report.runs} runs, {report.events} events and {report.versions} dataset versions older than "
            f"{report.cut} from {target.url}"
        )
