"""``headwater.show``: the lineage graph inline in Jupyter, as text in a terminal (needs ``headwater[lineage]``)."""

from __future__ import annotations

import sys
from typing import Any


def show(source: Any, node: str | None = None, depth: int = 20, direction: str = "both") -> None:  # noqa: ANN401
    """Display the lineage graph of ``source``: inline in Jupyter (the interactive graph page), as text elsewhere.

    ``source`` is a SparkSession (its file transport's events: ``spark.openlineage.transport.location``, flushed
    first), a JSONL events file or a folder of them, or a store URL (``sqlite:///lineage/lineage.db``). ``node``
    (``dataset:NS:NAME``, ``job:NS:NAME`` or a unique name) limits the graph to ``depth`` edges around it, followed
    ``up``, ``down`` or ``both`` (``direction``).

    Example::

        spark = headwater.configure(builder, transport="file", location="lineage/events.jsonl").getOrCreate()
        ...
        headwater.show(spark)

    Raises:
        MissingExtraError: the ``headwater[lineage]`` extra is not installed (an ImportError naming the pip command).
        ValueError: the session's transport is not a file (the message says what to pass instead), or a bad node.
        FileNotFoundError: no such events file or store.

    .. versionadded:: 0.1.0
    """
    from headwater.lineage._extra import require_extra

    require_extra()
    from headwater.lineage.notebook import LineageView, spark_events_location

    if hasattr(source, "sparkContext") and hasattr(source, "conf"):
        import headwater

        location = spark_events_location(source)
        headwater.flush(source)
        source = location
    view = LineageView(source, node, depth, direction)
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":
        from IPython.display import display

        display(view)  # type: ignore[no-untyped-call]
    else:
        print(view.text, end="")  # noqa: T201 - showing it is the point
