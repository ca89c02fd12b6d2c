"""See the lineage: a store with the static-lineage consumer semantics, graph queries, the graph page, an endpoint.

The module is also callable: ``headwater.lineage(spark)`` is :func:`headwater.recent_runs`, the runs a session's
agent ended lately (needs no extra).

Needs the ``headwater[lineage]`` extra. The names below are imported on first use, so importing this package (or
``headwater``) costs nothing and never fails for a missing extra; using one without the extra raises
:class:`MissingExtraError` naming ``pip install 'headwater[lineage]'``::

    from headwater.lineage import LineageStore

    store = LineageStore.open("sqlite:///lineage/lineage.db")
    store.ingest(read_events([Path("lineage/events.jsonl")]))
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from headwater.lineage._extra import INSTALL_HINT, MissingExtraError, require_extra

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

    from headwater._runs import LineageRuns
    from headwater.lineage.graph import Graph, neighbourhood, whole_graph
    from headwater.lineage.notebook import LineageView, show
    from headwater.lineage.reader import LineageReader, Node
    from headwater.lineage.sources import open_source, read_events
    from headwater.lineage.store import IngestReport, LineageStore
    from headwater.lineage.validation import EventValidator, InvalidEventError

_LAZY = {
    "Graph": "graph", "neighbourhood": "graph", "whole_graph": "graph",
    "LineageView": "notebook", "show": "notebook",
    "LineageReader": "reader", "Node": "reader",
    "open_source": "sources", "read_events": "sources",
    "IngestReport": "store", "LineageStore": "store",
    "EventValidator": "validation", "InvalidEventError": "validation",
}  # fmt: skip

__all__ = [
    "INSTALL_HINT", "EventValidator", "Graph", "IngestReport", "InvalidEventError", "LineageReader", "LineageStore",
    "LineageView", "MissingExtraError", "Node", "neighbourhood", "open_source", "read_events", "require_extra",
    "show", "whole_graph",
]  # fmt: skip


def __getattr__(name: str) -> Any:  # noqa: ANN401 - the lazily imported attribute
    module = _LAZY.get(name)
    if module is None:
        msg = f"module 'headwater.lineage' has no attribute {name!r}"
        raise AttributeError(msg)
    require_extra()
    return getattr(importlib.import_module(f"headwater.lineage.{module}"), name)


class _CallableModule(types.ModuleType):
    """This package, callable as ``headwater.lineage(spark)``."""

    def __call__(self, spark: SparkSession, *, after: int = 0, timeout: float = 10.0) -> LineageRuns:
        """The runs the session's agent ended lately: :func:`headwater.recent_runs`."""
        from headwater._runs import recent_runs

        return recent_runs(spark, after=after, timeout=timeout)


sys.modules[__name__].__class__ = _CallableModule
