"""The graph as plain text: each job with its inputs and outputs, then datasets no job of the graph touches."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from headwater.lineage.graph import Graph
    from headwater.lineage.reader import LineageReader


def graph_text(reader: LineageReader, graph: Graph) -> str:
    """One block per job (``job ns:name  [static|observed] STATE``, then ``<- input`` and ``-> output`` lines)."""
    jobs = {info.node: info for info in reader.job_infos(n.id for n in graph.nodes if n.kind == "job")}
    lines = []
    if graph.start is not None:
        lines.append(f"lineage of {graph.start}")
    lines.append(f"{len(graph.nodes)} nodes, {len(graph.edges)} edges")
    linked = set()
    for node in graph.nodes:
        if node.kind != "job":
            continue
        info = jobs.get(node)
        edges = [e for e in graph.edges if node in (e.origin, e.destination)]
        kind = "static" if any(e.static for e in edges) else "observed" if edges else "no datasets"
        state = f" {info.latest_run.state}" if info and info.latest_run else ""
        lines.append(f"job {node.namespace}:{node.name}  [{kind}]{state}")
        for edge in edges:
            other = edge.origin if edge.destination == node else edge.destination
            arrow = "<-" if edge.destination == node else "->"
            lines.append(f"  {arrow} {other.namespace}:{other.name}")
            linked.add(other)
    lines += [f"dataset {n.namespace}:{n.name}" for n in graph.nodes if n.kind == "dataset" and n not in linked]
    return "\n".join(lines) + "\n"
