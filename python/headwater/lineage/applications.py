"""The application view of a lineage store: each Spark application with application lineage as one job.

With ``spark.openlineage.application.lineage.enabled`` (docs/column-lineage.md, "The application as one step") the
application run's COMPLETE or FAIL states the application's external inputs, its final outputs and, on each output, a
``columnLineage`` facet composed through its intermediate datasets, with the ``headwater_applicationLineage`` run
facet. The store keeps both views of such an application:

- the step view: the step jobs (the application run's child runs) with their datasets, and each dataset's own column
  lineage, as the step that wrote it stated it (``column_edges``);
- the application view: the application job with its inputs and outputs (``job_io`` rows marked ``application``)
  and its composed column lineage (``application_lineage``), its steps hidden.

:class:`ApplicationReads` is the part of :class:`~headwater.lineage.reader.LineageReader` that reads the second.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson
from sqlalchemy import select

from headwater.lineage import schema as t
from headwater.lineage.lookup import NodeLookup, keyed
from headwater.lineage.parsed_bodies import parsed_bodies
from headwater.lineage.records import ColumnStep, Node
from headwater.lineage.semantics import APPLICATION_FACET, column_lineage_inputs
from headwater.lineage.statements import among_keys

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Mapping, Sequence

    from sqlalchemy import Connection


@dataclass(frozen=True)
class ApplicationInfo:
    """An application job whose current definition is a run with application lineage.

    Attributes:
        job: the application's job.
        run_id: that run (its latest run with the ``headwater_applicationLineage`` facet, as a rule).
        inputs: the datasets it read from outside, by namespace and name.
        outputs: its final outputs, by namespace and name.
        steps: the jobs of the child runs of any of its runs (the runs whose ``parent`` facet names one), by
            namespace and name: what the application view hides.
    """

    job: Node
    run_id: str
    inputs: tuple[Node, ...]
    outputs: tuple[Node, ...]
    steps: tuple[Node, ...]


class ComposedEdge(NamedTuple):
    """One edge of an application's composed column lineage, in the shape of a row of ``column_edges``."""

    dataset_id: str
    field: str
    input_dataset_id: str
    input_field: str
    direct: bool
    transformations: str


class ApplicationReads(NodeLookup):
    """Reads of the application view over the store behind ``engine``."""

    def applications(self, job_ids: Iterable[str] | None = None) -> list[ApplicationInfo]:
        """The applications among these jobs (all when None), by namespace and name."""
        j, f, io = t.jobs, t.run_facets, t.job_io
        with self.engine.connect() as conn:
            query = (
                select(j.c.id, j.c.namespace, j.c.name, j.c.definition_run_id)
                .join(f, (f.c.owner_id == j.c.definition_run_id) & (f.c.name == APPLICATION_FACET))
                .where(j.c.definition_kind == "run")
                .order_by(j.c.namespace, j.c.name)
            )
            if job_ids is not None:
                query = query.where(t.among(conn.dialect.name, j.c.id, set(job_ids)))
            apps = conn.execute(query).all()
            if not apps:
                return []
            ids = {row.id for row in apps}
            edges = conn.execute(
                select(io.c.job_id, io.c.dataset_id, io.c.direction).where(
                    t.among(conn.dialect.name, io.c.job_id, ids), io.c.application
                )
            ).all()
            steps = _steps(conn, ids)
        nodes = self.nodes({row.dataset_id for row in edges} | {s for found in steps.values() for s in found})
        by_job: dict[str, list[tuple[Node | None, str]]] = defaultdict(list)
        for e in edges:
            by_job[e.job_id].append((nodes.get(e.dataset_id), e.direction))
        result = []
        for row in apps:
            mine = by_job[row.id]
            result.append(
                ApplicationInfo(
                    Node("job", row.namespace, row.name),
                    row.definition_run_id,
                    tuple(sorted(n for n, direction in mine if n is not None and direction == "input")),
                    tuple(sorted(n for n, direction in mine if n is not None and direction == "output")),
                    tuple(sorted(nodes[s] for s in steps.get(row.id, ()) if s in nodes)),
                )
            )
        return result

    def application_column_lineages(self, datasets: Sequence[Node]) -> dict[str, list[ColumnStep]]:
        """The composed column lineage (depth 1) of each of ``datasets`` an application wrote, by field, by id.

        A dataset two applications wrote has the composed lineage of the latest one to state it.
        """
        by_id = {node.id: node for node in datasets}
        with self.engine.connect() as conn:
            composed = composed_edges(conn, by_id.keys())
        nodes = self.nodes({e.input_dataset_id for edges in composed.values() for e in edges})
        return {
            dataset_id: [column_step(1, by_id[dataset_id], e, nodes) for e in edges if e.input_dataset_id in nodes]
            for dataset_id, edges in composed.items()
        }


def composed_edges(conn: Connection, dataset_ids: Collection[str]) -> dict[str, list[ComposedEdge]]:
    """The composed column-lineage edges of each of ``dataset_ids`` an application wrote, by field, by dataset id.

    Input datasets named by an alias are given by their canonical id, as in ``column_edges``.
    """
    a = t.application_lineage
    if not dataset_ids:
        return {}
    query = lambda: (  # noqa: E731
        select(a.c.dataset_id, a.c.body_hash)
        .where(among_keys(conn.dialect.name, a.c.dataset_id, "ids"))
        .order_by(a.c.dataset_id, a.c.event_time)
    )
    latest = dict(keyed(conn, "application lineage", query, ids=set(dataset_ids)))
    bodies = parsed_bodies(conn, set(latest.values()))
    found: dict[str, list[ComposedEdge]] = {}
    for dataset_id, body in latest.items():
        edges: dict[tuple[str, str, str], ComposedEdge] = {}
        for output_field, source in column_lineage_inputs(bodies.get(body) or {}):
            source_id = t.entity_id("dataset", source["namespace"], source["name"])
            transformations = source.get("transformations") or []
            direct = not transformations or any(x.get("type") == "DIRECT" for x in transformations)
            edge = ComposedEdge(
                dataset_id, output_field, source_id, source["field"], direct, orjson.dumps(transformations).decode()
            )
            edges[output_field, source_id, source["field"]] = edge
        found[dataset_id] = sorted(edges.values(), key=lambda e: (e.field, e.input_field, e.input_dataset_id))
    return _canonical(conn, found)


def _canonical(conn: Connection, found: dict[str, list[ComposedEdge]]) -> dict[str, list[ComposedEdge]]:
    """``found`` with the input datasets that are aliases given by their canonical dataset's id."""
    inputs = {e.input_dataset_id for edges in found.values() for e in edges}
    a = t.dataset_aliases
    query = lambda: select(a.c.alias_id, a.c.dataset_id).where(among_keys(conn.dialect.name, a.c.alias_id, "ids"))  # noqa: E731
    renamed = dict(keyed(conn, "composed input aliases", query, ids=inputs)) if inputs else {}
    if not renamed:
        return found
    return {
        dataset_id: [e._replace(input_dataset_id=renamed.get(e.input_dataset_id, e.input_dataset_id)) for e in edges]
        for dataset_id, edges in found.items()
    }


def _steps(conn: Connection, application_ids: Collection[str]) -> dict[str, set[str]]:
    """The step jobs of each application: the jobs of the runs whose parent run is one of the application's runs."""
    parent, child = t.runs.alias("parent"), t.runs.alias("child")
    query = (
        select(parent.c.job_id, child.c.job_id.label("step"))
        .join(child, child.c.parent_run_id == parent.c.id)
        .where(t.among(conn.dialect.name, parent.c.job_id, application_ids), child.c.job_id != parent.c.job_id)
        .distinct()
    )
    found: dict[str, set[str]] = {}
    for job_id, step in conn.execute(query):
        found.setdefault(job_id, set()).add(step)
    return found


def column_step(depth: int, dataset: Node, edge: Any, nodes: Mapping[str, Node]) -> ColumnStep:  # noqa: ANN401 - a row
    """A column-lineage edge (a row of ``column_edges`` or a :class:`ComposedEdge`) as a step ``depth`` upstream."""
    transformations = tuple(orjson.loads(edge.transformations))
    return ColumnStep(
        depth, dataset, edge.field, nodes[edge.input_dataset_id], edge.input_field, bool(edge.direct), transformations
    )
