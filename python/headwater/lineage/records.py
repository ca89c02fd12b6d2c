"""What the store's reads answer: nodes (jobs and datasets), runs, dataset versions, edges and column-lineage steps.

Every record is a plain frozen dataclass of Python values; times are the store's UTC text
(``2025-01-31T12:00:00.123456Z``), facets are parsed JSON objects. :mod:`headwater.lineage.reader` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

import orjson

from headwater.lineage import schema as t

if TYPE_CHECKING:
    from collections.abc import Mapping

KINDS: Final = ("dataset", "job")
"""The kinds of node: ``dataset`` and ``job``."""


@dataclass(frozen=True, order=True)
class Node:
    """A dataset or job of the graph.

    Attributes:
        kind: ``dataset`` or ``job``.
        namespace: its OpenLineage namespace.
        name: its OpenLineage name.
    """

    kind: str
    namespace: str
    name: str

    @property
    def id(self) -> str:
        """Its id in the store (:func:`headwater.lineage.schema.entity_id`)."""
        return t.entity_id(self.kind, self.namespace, self.name)

    @property
    def key(self) -> str:
        """Its Marquez node id: ``dataset:<namespace>:<name>`` or ``job:<namespace>:<name>``."""
        return f"{self.kind}:{self.namespace}:{self.name}"

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class RunInfo:
    """A run: ``state`` is its terminal state once it has one; ``duration`` in seconds when it has ended."""

    id: str
    job: Node
    state: str
    started_at: str
    ended_at: str | None
    parent_run_id: str | None
    facets: Mapping[str, Any] = field(default_factory=dict)

    @property
    def duration(self) -> float | None:
        """Seconds from the first to the terminal event, or None while running."""
        if self.ended_at is None:
            return None
        return (_parse(self.ended_at) - _parse(self.started_at)).total_seconds()


@dataclass(frozen=True)
class VersionInfo:
    """A dataset version: ``seq`` counts from 1; ``run_id`` is None for a DatasetEvent's version.

    ``content`` holds what defines it: ``fields``, ``source``, ``lifecycleState`` (each when known).
    """

    id: str
    seq: int
    created_at: str
    run_id: str | None
    content: Mapping[str, Any]


@dataclass(frozen=True)
class DatasetInfo:
    """A dataset with its current facets, its current version and how many versions it has.

    ``node`` is its canonical identity; ``asked_as`` the alias it was looked up by, if it was.
    """

    node: Node
    created_at: str
    updated_at: str
    facets: Mapping[str, Any]
    current_version: VersionInfo | None
    version_count: int
    asked_as: Node | None = None

    @property
    def shown(self) -> Node:
        """The node to answer under: ``asked_as`` (an alias of ``node`` it was asked for by) when set, else ``node``."""
        return self.asked_as or self.node

    @property
    def fields(self) -> list[Mapping[str, Any]]:
        """The schema fields: the current version's, else the latest ``schema`` facet's (a dataset only read)."""
        if self.current_version is not None and self.current_version.content.get("fields"):
            return list(self.current_version.content["fields"])
        return list((self.facets.get("schema") or {}).get("fields") or [])


@dataclass(frozen=True)
class JobInfo:
    """A job with its current facets and definition (inputs and outputs), and its latest run.

    ``definition`` is ``job_event`` (declared: static edges), ``run`` (observed) or None (nothing defines it yet).
    """

    node: Node
    created_at: str
    updated_at: str
    facets: Mapping[str, Any]
    definition: str | None
    inputs: tuple[Node, ...]
    outputs: tuple[Node, ...]
    latest_run: RunInfo | None


@dataclass(frozen=True)
class Edge:
    """A job-dataset edge of the current definitions: ``origin`` to ``destination``; ``static`` when declared.

    ``application`` when observed in an application run with application lineage (the run facet
    ``headwater_applicationLineage``): an edge of the application view, which the step view leaves out.
    """

    origin: Node
    destination: Node
    static: bool
    application: bool = False


@dataclass(frozen=True)
class ColumnStep:
    """One column-lineage edge on the way upstream.

    ``field`` of ``dataset`` comes from ``source_field`` of ``source`` (``field`` is ``""`` for a dependency of the
    whole dataset); ``depth`` counts from 1.
    """

    depth: int
    dataset: Node
    field: str
    source: Node
    source_field: str
    direct: bool
    transformations: tuple[Mapping[str, Any], ...]


class LookupFailedError(LookupError):
    """A node name matched nothing, or more than one node; the message lists the candidates."""


def _parse(time: str) -> datetime:
    return datetime.fromisoformat(time.replace("Z", "+00:00"))


def run_from_row(row: Any, job: Node, facets: Mapping[str, Any] | None = None) -> RunInfo:  # noqa: ANN401 - a Row
    """The run a row of ``runs`` holds, of ``job``, with ``facets``."""
    return RunInfo(row.id, job, row.state, row.started_at, row.ended_at, row.parent_run_id, facets or {})


def version_from_row(row: Any) -> VersionInfo:  # noqa: ANN401 - a Row
    """The dataset version a row of ``dataset_versions`` holds."""
    return VersionInfo(row.id, row.seq, row.created_at, row.run_id, orjson.loads(row.content))
