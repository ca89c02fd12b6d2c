"""Graph diagrams as text: Graphviz DOT and Mermaid flowcharts. Static (JobEvent) edges are dashed."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from headwater.lineage.graph import Graph
    from headwater.lineage.reader import Node


def label(node: Node) -> str:
    """A short label: a dataset's last path segment, a job's name without its application prefix."""
    if node.kind == "dataset":
        return node.name.rstrip("/").rsplit("/", 1)[-1] or node.name
    return node.name.split(".", 1)[1] if "." in node.name else node.name


def dot(graph: Graph) -> str:
    """The graph in Graphviz DOT: datasets as cylinders, jobs as rounded boxes, the start node bold."""

    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    lines = ["digraph lineage {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=11];']
    for node in graph.nodes:
        shape = "shape=cylinder" if node.kind == "dataset" else 'shape=box, style="rounded"'
        bold = ", penwidth=2" if node == graph.start else ""
        text = f"{label(node)}\n{node.namespace}:{node.name}"
        lines.append(f"  {quoted(node.key)} [label={quoted(text)}, {shape}{bold}];")
    for edge in graph.edges:
        style = " [style=dashed]" if edge.static else ""
        lines.append(f"  {quoted(edge.origin.key)} -> {quoted(edge.destination.key)}{style};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def mermaid(graph: Graph) -> str:
    """The graph as a Mermaid ``flowchart LR``: datasets as cylinders, jobs as rounded boxes."""
    ids = {node: f"n{i}" for i, node in enumerate(graph.nodes)}

    def text(node: Node) -> str:
        return label(node).replace('"', "#quot;")

    lines = ["flowchart LR"]
    for node, key in ids.items():
        lines.append(f'  {key}[("{text(node)}")]' if node.kind == "dataset" else f'  {key}("{text(node)}")')
    for edge in graph.edges:
        arrow = "-.->" if edge.static else "-->"
        lines.append(f"  {ids[edge.origin]} {arrow} {ids[edge.destination]}")
    return "\n".join(lines) + "\n"
