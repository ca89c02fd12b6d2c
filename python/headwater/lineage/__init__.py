"""See the lineage: a store with the static-lineage consumer semantics, graph queries, the graph page, an endpoint.

Needs the ``headwater[lineage]`` extra. The names below are imported on first use, so importing this package (or
``headwater``) costs nothing and never fails for a missing extra; using one without the extra raises
:class:`MissingExtraError` naming ``pip install 'headwater[lineage]'``::

    from headwater.lineage import LineageStore

    store = LineageStore.open("sqlite:///lineage/lineage.db")
    store.ingest(read_events([Path("lineage/events.jsonl")]))
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from headwater.lineage._extra import INSTALL_HINT, MissingExtraError, require_extra

if TYPE_CHECKING:
    from headwater.lineage.graph import Graph, neighbourhood, whole_graph
    from headwater.lineage.notebook import LineageView
    from headwater.lineage.reader import LineageReader, Node
    from headwater.lineage.sources import open_source, read_events
    from headwater.lineage.store import IngestReport, LineageStore
    from headwater.lineage.validation import EventValidator, InvalidEventError

_LAZY = {
    "Graph": "graph", "neighbourhood": "graph", "whole_graph": "graph",
    "LineageView": "notebook",
    "LineageReader": "reader", "Node": "reader",
    "open_source": "sources", "read_events": "sources",
    "IngestReport": "store", "LineageStore": "store",
    "EventValidator": "validation", "InvalidEventError": "validation",
}  # fmt: skip

__all__ = [
    "INSTALL_HINT", "EventValidator", "Graph", "IngestReport", "InvalidEventError", "LineageReader", "LineageStore",
    "LineageView", "MissingExtraError", "Node", "neighbourhood", "open_source", "read_events", "require_extra",
    "whole_graph",
]  # fmt: skip


def __getattr__(name: str) -> Any:  # noqa: ANN401 - the lazily imported attribute
    module = _LAZY.get(name)
    if module is None:
        msg = f"module 'headwater.lineage' has no attribute {name!r}"
        raise AttributeError(msg)
    require_extra()
    return getattr(importlib.import_module(f"headwater.lineage.{module}"), name)
