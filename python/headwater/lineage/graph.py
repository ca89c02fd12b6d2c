"""Graph queries: the jobs and datasets around a node, or the whole graph, over the current job definitions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from headwater.lineage.reader import Edge, LineageReader, Node

DIRECTIONS: Final = ("up", "down", "both")
"""``up``: what a node comes from; ``down``: what comes from it; ``both``: the two together."""


@dataclass(frozen=True)
class Graph:
    """Jobs and datasets and the edges between them.

    Attributes:
        nodes: every node, sorted (datasets first, then jobs, by namespace and name).
        edges: every edge between two of them, sorted by origin and destination.
        start: the node the graph was drawn around; None for the whole graph.
    """

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    start: Node | None = None


def neighbourhood(reader: LineageReader, start: Node, depth: int = 20, direction: str = "both") -> Graph:
    """The nodes reachable from ``start`` in at most ``depth`` edges, upstream, downstream or both.

    ``both`` is the union of the upstream and the downstream graph, not every node connected to ``start``.

    Raises:
        ValueError: ``direction`` is not up, down or both, or ``depth`` is negative.
    """
    if direction not in DIRECTIONS:
        msg = f"direction must be one of {', '.join(DIRECTIONS)}, not {direction!r}"
        raise ValueError(msg)
    if depth < 0:
        msg = f"depth must be 0 or more, not {depth}"
        raise ValueError(msg)
    up = depth if direction in ("up", "both") else 0
    down = depth if direction in ("down", "both") else 0
    edges = reader.walk(start, up, down)
    nodes = {start} | {edge.origin for edge in edges} | {edge.destination for edge in edges}
    return Graph(tuple(sorted(nodes)), tuple(sorted(edges, key=_edge_key)), start)


def nearest(reader: LineageReader, start: Node, limit: int) -> Graph:
    """At most ``limit`` nodes nearest to ``start``, ring by ring along edges either way, and the edges between them.

    Each ring is every node one edge from the ring before that is not yet in; a ring that does not fit whole is cut
    to the nodes first in sort order. This is what the served graph page shows of a large store (the page asks for
    more around a node on demand), so a page stays a bounded size whatever the store holds.

    Raises:
        ValueError: ``limit`` is less than 1.
    """
    if limit < 1:
        msg = f"limit must be 1 or more, not {limit}"
        raise ValueError(msg)
    taken = {start}
    frontier = {start}
    while frontier and len(taken) < limit:
        ring = set()
        for edge in reader.edges(n.id for n in frontier):
            ring |= {edge.origin, edge.destination}
        reached = sorted(ring - taken)[: limit - len(taken)]
        taken.update(reached)
        frontier = set(reached)
    edges = [e for e in reader.edges(n.id for n in taken) if e.origin in taken and e.destination in taken]
    return Graph(tuple(sorted(taken)), tuple(sorted(set(edges), key=_edge_key)), start)


def whole_graph(reader: LineageReader) -> Graph:
    """Every job and dataset of the store and every edge of their current definitions."""
    nodes = [d.node for d in reader.datasets()] + [j.node for j in reader.jobs()]
    return Graph(tuple(sorted(nodes)), tuple(sorted(reader.edges(), key=_edge_key)))


def _edge_key(edge: Edge) -> tuple[Node, Node]:
    return edge.origin, edge.destination
