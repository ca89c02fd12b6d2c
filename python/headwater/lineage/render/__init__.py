"""Renderers of a lineage graph: ``text``, ``json`` (Marquez's lineage graph), ``dot``, ``mermaid``, ``html``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from headwater.lineage.graph import Graph
    from headwater.lineage.reader import LineageReader

FORMATS: Final = ("text", "json", "dot", "mermaid", "html")
"""The formats :func:`render` writes."""


def render(fmt: str, reader: LineageReader, graph: Graph, *, title: str = "Headwater lineage") -> str:
    """``graph`` as text in format ``fmt`` (one of :data:`FORMATS`); ``title`` names the HTML page.

    Raises:
        ValueError: an unknown format.
    """
    if fmt == "text":
        from headwater.lineage.render.text import graph_text

        return graph_text(reader, graph)
    if fmt == "json":
        import json

        from headwater.lineage.render.marquez import marquez_graph

        return json.dumps(marquez_graph(reader, graph), indent=2)
    if fmt == "dot":
        from headwater.lineage.render.diagrams import dot

        return dot(graph)
    if fmt == "mermaid":
        from headwater.lineage.render.diagrams import mermaid

        return mermaid(graph)
    if fmt == "html":
        from headwater.lineage.render.html import page

        return page(reader, graph, title=title)
    msg = f"format must be one of {', '.join(FORMATS)}, not {fmt!r}"
    raise ValueError(msg)
