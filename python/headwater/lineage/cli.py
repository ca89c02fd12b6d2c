"""``headwater lineage ...`` and ``headwater serve``: the lineage viewer's command line.

SOURCE is a JSONL events file (the file transport's output), a folder of them, or a store URL (``sqlite:///...``,
``postgresql://...``; see :mod:`headwater.lineage.store`); it defaults to ``$HEADWATER_LINEAGE_STORE`` or
``sqlite:///lineage/lineage.db``. Heavy modules are imported inside the commands, so ``headwater --help`` works
without the ``headwater[lineage]`` extra; a command run without it says what to install.
"""

from __future__ import annotations

import threading
from pathlib import Path

import click

from headwater.lineage.cli_feed import follow, ingest, prune
from headwater.lineage.cli_support import STORE_ENV, errors, opened, source_option

__all__ = ["STORE_ENV", "lineage", "serve"]


@click.group("lineage")
def lineage() -> None:
    """See the lineage: store events, query the graph, write the graph page."""


for _command in (ingest, follow, prune):
    lineage.add_command(_command)


@lineage.command()
@click.argument("node")
@click.option("--depth", type=click.IntRange(min=0), default=20, show_default=True, help="Edges to follow.")
@click.option("--direction", type=click.Choice(["up", "down", "both"]), default="both", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "dot", "mermaid"]), default="text",
              show_default=True)  # fmt: skip
@source_option
def graph(node: str, depth: int, direction: str, fmt: str, source: str | None) -> None:
    """The jobs and datasets around NODE (``dataset:NS:NAME``, ``job:NS:NAME``, or a unique name or name end)."""
    with errors(), opened(source, quiet=fmt != "text") as store:
        from headwater.lineage.graph import neighbourhood
        from headwater.lineage.render import render

        reader = store.read
        click.echo(render(fmt, reader, neighbourhood(reader, reader.resolve(node), depth, direction)), nl=False)


@lineage.command()
@source_option
def datasets(source: str | None) -> None:
    """Every dataset: versions, fields, lifecycle state, tags."""
    with errors(), opened(source) as store:
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
@source_option
def jobs(source: str | None) -> None:
    """Every job: its definition (declared or observed), inputs and outputs, latest run."""
    with errors(), opened(source) as store:
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
@source_option
def runs(job: str, limit: int, source: str | None) -> None:
    """The latest runs of JOB (``job:NS:NAME`` or a unique job name or name end), newest first."""
    with errors(), opened(source) as store:
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
@source_option
def versions(dataset: str, source: str | None) -> None:
    """The versions of DATASET, newest first: who made each (a run or a DatasetEvent) and its schema."""
    with errors(), opened(source) as store:
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
@click.option(
    "--steps",
    is_flag=True,
    help="Step by step through an application's intermediate datasets, not by its composed lineage.",
)
@source_option
def columns(dataset: str, field: str, indirect: bool, steps: bool, source: str | None) -> None:  # noqa: FBT001
    """Where FIELD of DATASET comes from, column by column, transitively (indented by depth).

    An output of an application with application lineage is followed by the application's composed lineage, straight
    to the application's inputs, unless --steps is given.
    """
    with errors(), opened(source) as store:
        reader = store.read
        node = reader.resolve(dataset, "dataset")
        (info,) = reader.dataset_infos([node.id])
        known = [str(f.get("name")) for f in info.fields]
        if known and field not in known:
            msg = f"{node.namespace}:{node.name} has no field {field!r}; its fields: {', '.join(known)}"
            raise LookupError(msg)
        found = reader.column_upstream(node, field, indirect=indirect, steps=steps)
        click.echo(f"{node.namespace}:{node.name} {field}")
        if not found:
            why = "no schema of the dataset is recorded either" if not known else "no column lineage reaches it"
            click.echo(f"  (no upstream columns recorded: {why})")
        for step in found:
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
    with errors(), opened(source) as store:
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
    with errors():
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
