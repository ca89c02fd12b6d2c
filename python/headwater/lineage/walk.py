"""The walk of the job-dataset graph around a node in one statement: a recursive query on SQLite and PostgreSQL.

:func:`walk_edges` answers what :func:`headwater.lineage.graph.neighbourhood` draws: the edges met walking upstream
from the start node, breadth first, at most ``depth`` steps, then downstream, where the downstream walk does not
go on through a node the upstream walk reached (the two walks share the set of nodes seen, as a breadth-first walk
keeping one set of visited nodes does). A step walk took one statement per step of depth (20 at the UI's depth);
this is one statement whatever the depth.

The recursive parts keep each (node, distance) pair once (``UNION``), so the rows they make are at most the graph's
nodes times the depth, bounded by the graph and the depth, not by the runs or events of the store; each step finds
its edges by the ``job_io`` indexes (a job's by its key, a dataset's by ``dataset_id``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import text

from headwater.lineage.statements import run

if TYPE_CHECKING:
    from sqlalchemy import Connection

WALK: Final = """
WITH RECURSIVE
up(node, depth) AS (
    SELECT CAST(:start AS TEXT), 0
    UNION
    SELECT CAST(CASE WHEN io.job_id = up.node THEN io.dataset_id ELSE io.job_id END AS TEXT), up.depth + 1
    FROM up JOIN job_io io
      ON (io.job_id = up.node AND io.direction = 'input') OR (io.dataset_id = up.node AND io.direction = 'output')
    WHERE up.depth < :up_depth
),
down(node, depth) AS (
    SELECT CAST(:start AS TEXT), 0
    UNION
    SELECT CAST(CASE WHEN io.job_id = down.node THEN io.dataset_id ELSE io.job_id END AS TEXT), down.depth + 1
    FROM down JOIN job_io io
      ON (io.dataset_id = down.node AND io.direction = 'input') OR (io.job_id = down.node AND io.direction = 'output')
    WHERE down.depth + 1 < :down_depth
      AND CASE WHEN io.job_id = down.node THEN io.dataset_id ELSE io.job_id END NOT IN (SELECT node FROM up)
),
walked(job_id, dataset_id, direction) AS (
    SELECT io.job_id, io.dataset_id, io.direction FROM up JOIN job_io io ON io.job_id = up.node
    WHERE up.depth < :up_depth AND io.direction = 'input'
    UNION
    SELECT io.job_id, io.dataset_id, io.direction FROM up JOIN job_io io ON io.dataset_id = up.node
    WHERE up.depth < :up_depth AND io.direction = 'output'
    UNION
    SELECT io.job_id, io.dataset_id, io.direction FROM down JOIN job_io io ON io.dataset_id = down.node
    WHERE down.depth < :down_depth AND io.direction = 'input'
    UNION
    SELECT io.job_id, io.dataset_id, io.direction FROM down JOIN job_io io ON io.job_id = down.node
    WHERE down.depth < :down_depth AND io.direction = 'output'
)
SELECT io.job_id, io.dataset_id, io.direction, io.static, io.application,
       j.namespace AS job_namespace, j.name AS job_name, d.namespace AS dataset_namespace, d.name AS dataset_name
FROM walked w
JOIN job_io io ON io.job_id = w.job_id AND io.dataset_id = w.dataset_id AND io.direction = w.direction
JOIN jobs j ON j.id = io.job_id
JOIN datasets d ON d.id = io.dataset_id
"""
"""The walk: ``up`` holds the nodes the upstream walk reached with their distance (to ``up_depth``; the start only
when 0), ``down`` the nodes the downstream walk goes on from (distance below ``down_depth``, none of ``up`` but the
start); ``walked`` the edges into the upstream nodes it went on from and out of the downstream ones, answered with
the names of their jobs and datasets (the columns of :meth:`headwater.lineage.reader.LineageReader.edges`' rows)."""


def walk_edges(conn: Connection, start_id: str, up_depth: int, down_depth: int) -> list[Any]:
    """The rows of the edges met walking ``up_depth`` steps upstream and then ``down_depth`` downstream.

    ``start_id`` is the start node's id (:func:`headwater.lineage.schema.entity_id`); a depth of 0 walks no step
    that way. The rows have the job's and dataset's ids and names, the direction, ``static`` and ``application``.
    """
    params = {"start": start_id, "up_depth": up_depth, "down_depth": down_depth}
    return list(run(conn, "graph walk", lambda: text(WALK), params).all())
