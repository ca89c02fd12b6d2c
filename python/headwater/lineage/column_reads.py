"""Column lineage in a lineage store: each dataset's column-lineage edges, and a field's sources upstream.

:class:`ColumnReads` is the part of :class:`~headwater.lineage.reader.LineageReader` that reads the ``column_edges``
table (written from the ``columnLineage`` facets); each step is a :class:`~headwater.lineage.records.ColumnStep`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import select, tuple_

from headwater.lineage import schema as t
from headwater.lineage.applications import ApplicationReads, column_step, composed_edges
from headwater.lineage.lookup import keyed
from headwater.lineage.statements import among_keys

if TYPE_CHECKING:
    from collections.abc import Sequence

    from headwater.lineage.records import ColumnStep, Node


class ColumnReads(ApplicationReads):
    """Column-lineage reads over the store behind ``engine`` (and the application view's, from its base)."""

    def column_lineage(self, dataset: Node) -> list[ColumnStep]:
        """The dataset's current column-lineage edges (depth 1), by field."""
        return self.column_lineages([dataset]).get(dataset.id, [])

    def column_lineages(self, datasets: Sequence[Node]) -> dict[str, list[ColumnStep]]:
        """Each dataset's current column-lineage edges (depth 1), by field, by dataset id (one query per 500)."""
        c = t.column_edges
        by_id = {node.id: node for node in datasets}
        if not by_id:
            return {}
        with self.engine.connect() as conn:
            query = lambda: (  # noqa: E731
                select(c)
                .where(among_keys(conn.dialect.name, c.c.dataset_id, "ids"))
                .order_by(c.c.dataset_id, c.c.field, c.c.input_field)
            )
            rows = keyed(conn, "column lineages", query, ids=by_id.keys())
        nodes = self.nodes({r.input_dataset_id for r in rows})
        found: dict[str, list[ColumnStep]] = {}
        for row in rows:
            if row.input_dataset_id in nodes:
                found.setdefault(row.dataset_id, []).append(column_step(1, by_id[row.dataset_id], row, nodes))
        return found

    def column_upstream(
        self, dataset: Node, field_name: str, *, indirect: bool = False, steps: bool = False
    ) -> list[ColumnStep]:
        """Where ``field_name`` of ``dataset`` comes from, transitively, breadth first.

        With ``indirect``, fields that only filter, join, group or sort the rows (INDIRECT transformations, and the
        dataset-wide dependencies) count too; by default only fields whose values flow into it (DIRECT).
        A dataset an application with application lineage wrote is followed by the application's composed lineage
        (:mod:`headwater.lineage.applications`), straight to the application's inputs; with ``steps``, every
        dataset by its own lineage, as the step that wrote it stated it.
        """
        c = t.column_edges
        found_steps: list[ColumnStep] = []
        seen = {(dataset.id, field_name)}
        frontier = [(dataset.id, field_name)]
        depth = 0
        known: dict[str, Node] = {dataset.id: dataset}
        with self.engine.connect() as conn:
            while frontier:
                depth += 1
                composed = {} if steps else composed_edges(conn, {d for d, _ in frontier})
                wanted = set(frontier) | ({(d, "") for d, _ in frontier} if indirect else set())
                rows: list[Any] = [
                    e for edges in composed.values() for e in edges
                    if (e.dataset_id, e.field) in wanted and (indirect or e.direct)
                ]  # fmt: skip
                for chunk in t.chunked([key for key in frontier if key[0] not in composed]):
                    keys = chunk + [(d, "") for d, _ in chunk] if indirect else chunk
                    query = select(c).where(tuple_(c.c.dataset_id, c.c.field).in_(keys))
                    rows += conn.execute(query if indirect else query.where(c.c.direct)).all()
                known.update(self.nodes({r.input_dataset_id for r in rows} - known.keys()))
                frontier = []
                for row in sorted(rows, key=lambda r: (r.dataset_id, r.field, r.input_dataset_id, r.input_field)):
                    if row.input_dataset_id not in known:
                        continue
                    found_steps.append(column_step(depth, known[row.dataset_id], row, known))
                    target = (row.input_dataset_id, row.input_field)
                    if target not in seen:
                        seen.add(target)
                        frontier.append(target)
        return found_steps
