"""``headwater lineage ...`` and ``headwater serve``: the lineage viewer's command line.

SOURCE is a JSONL events file (the file transport's output), a folder of them, or a store URL (``sqlite:///...``,
``postgresql://...``; see :mod:`headwater.lineage.store`); it defaults to ``$HEADWATER_LINEAGE_STORE`` or
``sqlite:///lineage/lineage.db``. Heavy modules are imported inside the commands, so ``headwater --help`` works
without the ``headwater[lineage]`` extra; a command run without it says what to install.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
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


def _source_option(function: F) -> F:
    return click.option(
        "-s", "--source", envvar=STORE_ENV, default=None, metavar="SOURCE",
        help=f"Events file, folder of them, or store URL [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].",
    )(function)  # fmt: skip


@contextlib.contextmanager
def _errors() -> Iterator[None]:
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
def _opened(source: str | None, *, quiet: bool = False) -> Iterator[LineageStore]:
    """The store of SOURCE, with a progress bar (on a terminal) while an events path is read into it."""
    from headwater.lineage.sources import open_source, total_bytes

    with _progress(total_bytes(source) if source else 0, quiet=quiet) as advance:
        store, report = open_source(source, advance)
    if report is not None:
        _print_rejections(report)
    try:
        yield store
    finally:
        store.close()


@contextlib.contextmanager
def _progress(total: int, *, quiet: bool = False) -> Iterator[Callable[[int], None] | None]:
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


def _print_rejections(report: IngestReport | FollowReport) -> None:
    for rejected in report.rejected[:_REJECTIONS_SHOWN]:
        click.echo(f"rejected {rejected}", err=True)
    if len(report.rejected) > _REJECTIONS_SHOWN:
        click.echo(f"... and {len(report.rejected) - _REJECTIONS_SHOWN} more rejected events", err=True)


@click.group("lineage")
def lineage() -> None:
    """See the lineage: store events, query the graph, write the graph page."""


@lineage.command()
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
    with _errors():
        from headwater.lineage.sources import event_files, read_events
        from headwater.lineage.store import DEFAULT_STORE, LineageStore

        files = [f for path in events for f in event_files(path)]
        target = LineageStore.open(store or DEFAULT_STORE)
        try:
            with _progress(sum(f.stat().st_size for f in files)) as advance:
                report = target.ingest(read_events(files, advance), batch_size=batch_size, workers=workers)
        finally:
            target.close()
        _print_rejections(report)
        click.echo(
            f"{report.stored} new events stored in {target.url} ({report.received} read, "
            f"{report.duplicates} already stored, {len(report.rejected)} rejected)"
        )
        if report.rejected:
            sys.exit(1)


@lineage.command()
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
    with _errors():
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
        _print_rejections(follower.report)
        _print_follow(follower.report)
        if follower.report.rejected:
            sys.exit(1)


def _print_follow(report: FollowReport) -> None:
    click.echo(
        f"{report.received} read, {report.stored} new, {report.duplicates} already stored, "
        f"{len(report.rejected)} rejected; lag {report.lag}",
        err=True,
    )


@lineage.command()
@click.option("--older-than", required=True, metavar="AGE", help="What to delete: older than <n>d, <n>h or <n>w.")
@click.option("--store", envvar=STORE_ENV, default=None, metavar="URL",
              help=f"Store to prune [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].")  # fmt: skip
def prune(older_than: str, store: str | None) -> None:
    """Delete runs, events and dataset versions older than AGE (90d), keeping the current state.

    Every job and dataset keeps its current definition, facets (tags) and latest version; each job its latest run;
    every run kept its events.
    """
    with _errors():
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


@lineage.command()
@click.argument("node")
@click.option("--depth", type=click.IntRange(min=0), default=20, show_default=True, help="Edges to follow.")
@click.option("--direction", type=click.Choice(["up", "down", "both"]), default="both", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "dot", "mermaid"]), default="text",
              show_default=True)  # fmt: skip
@_source_option
def graph(node: str, depth: int, direction: str, fmt: str, source: str | None) -> None:
    """The jobs and datasets around NODE (``dataset:NS:NAME``, ``job:NS:NAME``, or a unique name or name end)."""
    with _errors(), _opened(source, quiet=fmt != "text") as store:
        from headwater.lineage.graph import neighbourhood
        from headwater.lineage.render import render

        reader = store.read
        click.echo(render(fmt, reader, neighbourhood(reader, reader.resolve(node), depth, direction)), nl=False)


@lineage.command()
@_source_option
def datasets(source: str | None) -> None:
    """Every dataset: versions, fields, lifecycle state, tags."""
    with _errors(), _opened(source) as store:
        from headwater.lineage.render.marquez import tags

        found = store.read.datasets()
        if not found:
            click.echo(f"no datasets in {store.url}")
        for info in found:
            version = info.current_version
            fields = len(info.fields)
            state = (version.content.get("lifecycleState") if version else None) or "-"
            tag_text = ",".join(f"{t['key']}={t['value']}" for t in tags(info.facets)) or "-"
            click.echo(
                f"{info.node.namespace}:{info.node.name}  versions={info.version_count}  fields={fields}  "
                f"lifecycle={state}  tags={tag_text}  updated={info.updated_at}"
            )


@lineage.command()
@_source_option
def jobs(source: str | None) -> None:
    """Every job: its definition (declared or observed), inputs and outputs, latest run."""
    with _errors(), _opened(source) as store:
        found = store.read.jobs()
        if not found:
            click.echo(f"no jobs in {store.url}")
        for info in found:
            run = info.latest_run
            latest = f"{run.state} {run.started_at}" if run else "no runs"
            click.echo(
                f"{info.node.namespace}:{info.node.name}  definition={info.definition or '-'}  "
                f"inputs={len(info.inputs)}  outputs={len(info.outputs)}  latest={latest}"
            )


@lineage.command()
@click.argument("job")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True)
@_source_option
def runs(job: str, limit: int, source: str | None) -> None:
    """The latest runs of JOB (``job:NS:NAME`` or a unique job name or name end), newest first."""
    with _errors(), _opened(source) as store:
        reader = store.read
        node = reader.resolve(job, "job")
        found = reader.runs(node, limit)
        if not found:
            click.echo(
                f"no runs of {node.namespace}:{node.name}: it is only declared (a JobEvent), no run of it was seen"
            )
        for run in found:
            duration = f"{run.duration:.3f}s" if run.duration is not None else "running"
            click.echo(f"{run.id}  {run.state:<8}  started={run.started_at}  duration={duration}")


@lineage.command()
@click.argument("dataset")
@_source_option
def versions(dataset: str, source: str | None) -> None:
    """The versions of DATASET, newest first: who made each (a run or a DatasetEvent) and its schema."""
    with _errors(), _opened(source) as store:
        reader = store.read
        node = reader.resolve(dataset, "dataset")
        found = reader.versions(node)
        if not found:
            click.echo(
                f"no versions of {node.namespace}:{node.name}: no run wrote it and no DatasetEvent changed its schema "
                "or lifecycle (it is only read, or only declared)"
            )
        for version in found:
            maker = f"run {version.run_id}" if version.run_id else "DatasetEvent"
            fields = ", ".join(f"{f['name']} {f.get('type', '')}".strip() for f in version.content.get("fields", []))
            state = version.content.get("lifecycleState") or "-"
            click.echo(f"#{version.seq}  {version.created_at}  {maker}  lifecycle={state}  fields=[{fields}]")


@lineage.command()
@click.argument("dataset")
@click.argument("field")
@click.option("--indirect", is_flag=True, help="Also fields that filter, join, group or sort the rows.")
@_source_option
def columns(dataset: str, field: str, indirect: bool, source: str | None) -> None:  # noqa: FBT001 - a click flag
    """Where FIELD of DATASET comes from, column by column, transitively (indented by depth)."""
    with _errors(), _opened(source) as store:
        reader = store.read
        node = reader.resolve(dataset, "dataset")
        (info,) = reader.dataset_infos([node.id])
        known = [str(f.get("name")) for f in info.fields]
        if known and field not in known:
            msg = f"{node.namespace}:{node.name} has no field {field!r}; its fields: {', '.join(known)}"
            raise LookupError(msg)
        steps = reader.column_upstream(node, field, indirect=indirect)
        click.echo(f"{node.namespace}:{node.name} {field}")
        if not steps:
            why = "no schema of the dataset is recorded either" if not known else "no column lineage reaches it"
            click.echo(f"  (no upstream columns recorded: {why})")
        for step in steps:
            kinds = ",".join(str(x.get("subtype") or x.get("type")) for x in step.transformations) or "-"
            target = step.field or "(all rows)"
            click.echo(
                f"{'  ' * step.depth}<- {step.source.namespace}:{step.source.name} {step.source_field}"
                f"  [{kinds}]  (into {target})"
            )


@lineage.command()
@click.argument("source", required=False, envvar=STORE_ENV)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=Path("lineage.html"),
              show_default=True, help="The HTML file to write.")  # fmt: skip
@click.option("--node", default=None,
              help="Write only this node's lineage (up- and downstream) and select it on opening.")  # fmt: skip
@click.option("--depth", type=click.IntRange(min=0), default=None,
              help="With --node: at most this many edges from it, each way [default: 20].")  # fmt: skip
def view(source: str | None, output: Path, node: str | None, depth: int | None) -> None:
    """Write the graph page of SOURCE: one self-contained HTML file (no network needed to view it).

    A graph of more than 150 nodes opens with the 60 nearest to the selected node (or to the job that ran last)
    shown and the rest collapsed; a double click on a node shows its neighbours.
    """
    with _errors(), _opened(source) as store:
        from headwater.lineage.graph import neighbourhood, whole_graph
        from headwater.lineage.render.html import page

        reader = store.read
        if node is None:
            if depth is not None:
                msg = "--depth limits the lineage of --node: name the node too"
                raise click.UsageError(msg)
            graph_ = whole_graph(reader)
        else:
            graph_ = neighbourhood(reader, reader.resolve(node), 20 if depth is None else depth)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(
            page(reader, graph_, title=f"Headwater lineage: {source or 'default store'}"), encoding="utf-8"
        )
        click.echo(f"{output.resolve()}  ({len(graph_.nodes)} nodes, {len(graph_.edges)} edges)")


@click.command()
@click.option(
    "--store",
    envvar=STORE_ENV,
    default=None,
    metavar="URL",
    help=f"Store to write to and read from [default: ${STORE_ENV} or sqlite:///lineage/lineage.db].",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=5000, show_default=True)
@click.option("--api-key", envvar="HEADWATER_API_KEY", default=None,
              help="Require `Authorization: Bearer <key>` (or Basic auth with the key as password) on every route "
                   "but /healthz, reads included [env HEADWATER_API_KEY].")  # fmt: skip
@click.option(
    "--open-reads", is_flag=True, help="With --api-key: leave the reads (GET) open; POST still needs the key."
)
@click.option("--max-body-bytes", type=click.IntRange(min=1), default=16 * 1024 * 1024, show_default=True,
              help="The largest POST body taken, before and after gzip; larger gets 413.")  # fmt: skip
@click.option("--page-nodes", type=click.IntRange(min=1), default=300, show_default=True,
              help="The most jobs and datasets the page at / draws at once; it asks for more on demand.")  # fmt: skip
@click.option("--kafka-bootstrap", default=None, metavar="HOST:PORT[,...]",
              help="Also follow a Kafka topic of events into the store (as `headwater lineage follow`).")  # fmt: skip
@click.option("--kafka-topic", default=None, metavar="TOPIC", help="The topic to follow (with --kafka-bootstrap).")
@click.option("--kafka-group", default="headwater-lineage", show_default=True, metavar="GROUP",
              help="The consumer group of the follower.")  # fmt: skip
def serve(  # noqa: PLR0913 - one parameter per option (click passes them by name)
    *,
    store: str | None,
    host: str,
    port: int,
    api_key: str | None,
    open_reads: bool,
    max_body_bytes: int,
    page_nodes: int,
    kafka_bootstrap: str | None,
    kafka_topic: str | None,
    kafka_group: str,
) -> None:
    """Serve the OpenLineage endpoint, Marquez's read API (/api/v1) and the live graph page.

    POST /api/v1/lineage takes events, GET /api/v1/... answers as Marquez does, / is the graph page.
    """
    with _errors():
        import uvicorn

        from headwater.lineage.server import EndpointSettings, create_app
        from headwater.lineage.store import DEFAULT_STORE, LineageStore

        if (kafka_bootstrap is None) != (kafka_topic is None):
            msg = "--kafka-bootstrap and --kafka-topic go together"
            raise click.UsageError(msg)
        opened = LineageStore.open(store or DEFAULT_STORE)
        click.echo(f"serving {opened.url} on http://{host}:{port} (POST /api/v1/lineage, page at /)", err=True)
        stop = threading.Event()
        follower = thread = None
        try:
            if kafka_bootstrap is not None and kafka_topic is not None:
                from headwater.lineage.follow import KafkaFollower

                follower = KafkaFollower(opened, kafka_bootstrap, kafka_topic, group=kafka_group)
                thread = threading.Thread(target=follower.run, kwargs={"stop": stop}, name="kafka-follow", daemon=True)
                thread.start()
            settings = EndpointSettings(
                api_key=api_key, open_reads=open_reads, max_body_bytes=max_body_bytes, page_nodes=page_nodes,
                follow=follower.report if follower else None,
            )  # fmt: skip
            app = create_app(opened, settings)
            uvicorn.run(app, host=host, port=port, log_level="warning")
        finally:
            stop.set()
            if follower is not None and thread is not None:
                thread.join(30)  # the batch in hand is stored and committed first
                follower.close()
            opened.close()
