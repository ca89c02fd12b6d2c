"""The lineage graph in a notebook (the graph page inline, ``_repr_html_``) or a terminal (plain text)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.graph import Graph, neighbourhood, whole_graph
from headwater.lineage.render.html import page
from headwater.lineage.render.text import graph_text
from headwater.lineage.sources import open_source

if TYPE_CHECKING:
    from pathlib import Path

FRAME_HEIGHT: Final = 640
"""Height in pixels of the graph page's frame in a notebook."""

_TRANSPORT: Final = "spark.openlineage.transport"


class LineageView:
    """The lineage graph of a source (an events file or folder, or a store URL), or the part around one node.

    In Jupyter it displays as the interactive graph page (in an ``<iframe srcdoc>``, so each view is isolated);
    ``str(view)`` and ``repr(view)`` are the plain-text graph.

    Raises:
        FileNotFoundError, ValueError, LookupError: the source or node cannot be read (from the constructor).
    """

    def __init__(self, source: str | Path, node: str | None = None, depth: int = 20, direction: str = "both") -> None:
        self.source = str(source)
        store, _ = open_source(source)
        try:
            reader = store.read
            graph: Graph = whole_graph(reader)
            if node is not None:
                graph = neighbourhood(reader, reader.resolve(node), depth, direction)
            self.graph = graph
            self.text = graph_text(reader, graph)
            self.html = page(reader, graph, title=f"Headwater lineage: {self.source}")
        finally:
            store.close()

    def _repr_html_(self) -> str:
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" style="width:100%;height:{FRAME_HEIGHT}px;'
            'border:1px solid #ccd3d8" sandbox="allow-scripts"></iframe>'
        )

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def spark_events_location(spark: Any) -> str:  # noqa: ANN401 - a pyspark SparkSession
    """The events file of a session's file transport (``spark.openlineage.transport.location``).

    The file child of a composite transport counts.

    Raises:
        ValueError: the session's transport is not a file; the message says what to pass instead.
    """
    conf = spark.conf
    kind = conf.get(f"{_TRANSPORT}.type", None) or "console"
    if kind == "file":
        location = conf.get(f"{_TRANSPORT}.location", None)
        if location:
            return str(location)
    if kind == "composite":
        children = spark.sparkContext.getConf().getAll()
        prefix = f"{_TRANSPORT}.transports."
        names = {
            k[len(prefix) :].split(".", 1)[0]
            for k, v in children
            if k.startswith(prefix) and k.endswith(".type") and v == "file"
        }
        for name in sorted(names):
            location = conf.get(f"{prefix}{name}.location", None)
            if location:
                return str(location)
    url = conf.get(f"{_TRANSPORT}.url", None)
    where = f" to {url}" if url else ""
    msg = (
        f"this session's OpenLineage transport is {kind!r}{where}, not a file, so there are no events to read here: "
        "pass the store that receives them instead, e.g. headwater.show('sqlite:///lineage/lineage.db') for "
        "`headwater serve --store sqlite:///lineage/lineage.db`, or a JSONL events file"
    )
    raise ValueError(msg)
