"""The graph page: one self-contained HTML file (the graph bundle and the data inlined; no network at view time).

The page's script is ``headwater/lineage/static/graph.js``, built from ``web/`` (Cytoscape.js with the dagre layout,
bundled by esbuild: ``make build``). The data is :func:`page_data` as JSON in
``<script id="headwater-data" type="application/json">``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.render.diagrams import label
from headwater.lineage.render.marquez import node_data, run_data

if TYPE_CHECKING:
    from collections.abc import Iterable

    from headwater.lineage.graph import Graph
    from headwater.lineage.reader import ColumnStep, LineageReader, Node

BUNDLE: Final = Path(__file__).resolve().parents[1] / "static" / "graph.js"
"""The page's bundled script."""

RUNS_PER_JOB: Final = 10
VERSIONS_PER_DATASET: Final = 20

_STYLE: Final = """
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, sans-serif; color: #1f2a30; display: flex; flex-direction: column;
       height: 100vh; }
header { display: flex; gap: 1em; align-items: center; padding: 6px 12px; border-bottom: 1px solid #ccd3d8; }
header h1 { font-size: 15px; margin: 0; }
header .legend span { margin-right: 1em; }
#search { width: 24em; padding: 3px 6px; }
#view-toggle { white-space: nowrap; }
main { flex: 1; display: flex; min-height: 0; }
#graph { flex: 1; min-width: 0; }
#panel { width: 0; overflow: auto; border-left: 1px solid #ccd3d8; padding: 0; }
#panel.open { width: 34em; padding: 8px 12px; }
#panel h2 { font-size: 15px; margin: 4px 0; word-break: break-all; }
#panel h3 { font-size: 13px; margin: 12px 0 4px; }
#panel .kind { color: #5b6770; word-break: break-all; }
pre.json { background: #f4f6f7; padding: 6px; overflow: auto; max-height: 20em; font-size: 11px; }
table.fields { border-collapse: collapse; }
table.fields td, table.fields th { border-bottom: 1px solid #e3e7ea; padding: 2px 8px 2px 0; text-align: left; }
ul { padding-left: 1.2em; margin: 2px 0; }
"""


def page_data(reader: LineageReader, graph: Graph, *, title: str) -> dict[str, Any]:
    """What the page shows, as JSON-ready data.

    ``{title, start, nodes: [{id, kind, namespace, name, label, data, versions, runs, columns}], edges: [{source,
    target, static, application}]}``; ``data`` is the node's Marquez data (:mod:`headwater.lineage.render.marquez`).
    For the application view (:mod:`headwater.lineage.applications`): an application's job has ``application``
    (``{inputs, outputs, steps}``, node ids), each of its step jobs ``stepOf`` (the application job ids), a dataset
    an application wrote ``applicationColumns`` (its composed column lineage, shaped as ``columns``); an edge of an
    application is ``application: true``.
    """
    data = node_data(reader, graph)
    applications = reader.applications(n.id for n in graph.nodes if n.kind == "job")
    step_of: dict[Node, list[str]] = {}
    for app in applications:
        for step in app.steps:
            step_of.setdefault(step, []).append(app.job.key)
    by_job = {app.job: app for app in applications}
    composed = reader.application_column_lineages([n for n in graph.nodes if n.kind == "dataset"])
    nodes = []
    for node in graph.nodes:
        entry: dict[str, Any] = {
            "id": node.key,
            "kind": node.kind,
            "namespace": node.namespace,
            "name": node.name,
            "label": label(node),
            "data": data[node],
        }
        if node.kind == "dataset":
            entry["versions"] = [
                {
                    "seq": v.seq,
                    "createdAt": v.created_at,
                    "runId": v.run_id,
                    "lifecycleState": v.content.get("lifecycleState"),
                    "id": v.id,
                }
                for v in reader.versions(node)[:VERSIONS_PER_DATASET]
            ]
            entry["columns"] = _columns(reader.column_lineage(node))
            if node.id in composed:
                entry["applicationColumns"] = _columns(composed[node.id])
        else:
            entry["runs"] = [run_data(r) for r in reader.runs(node, RUNS_PER_JOB)]
            if node in by_job:
                app = by_job[node]
                entry["application"] = {
                    side: [n.key for n in getattr(app, side)] for side in ("inputs", "outputs", "steps")
                }
            if node in step_of:
                entry["stepOf"] = step_of[node]
        nodes.append(entry)
    edges = [
        {"source": e.origin.key, "target": e.destination.key, "static": e.static, "application": e.application}
        for e in graph.edges
    ]
    return {"title": title, "start": graph.start.key if graph.start else None, "nodes": nodes, "edges": edges}


def _columns(steps: Iterable[ColumnStep]) -> list[dict[str, Any]]:
    """Column-lineage steps as the page's ``columns``: ``[{field, source, sourceField, direct, transformations}]``."""
    return [
        {
            "field": s.field,
            "source": s.source.key,
            "sourceField": s.source_field,
            "direct": s.direct,
            "transformations": list(s.transformations),
        }
        for s in steps
    ]


def bundle() -> str:
    """The page's script.

    Raises:
        FileNotFoundError: the package was installed without building it (``make build`` in the repository).
    """
    if not BUNDLE.is_file():
        msg = f"the graph page's script is missing at {BUNDLE}: build it with `make build` (npm ci, esbuild in web/)"
        raise FileNotFoundError(msg)
    return BUNDLE.read_text(encoding="utf-8")


def _json_in_script(text: str) -> str:
    """JSON text that cannot end the ``<script>`` element it is inlined into (every ``<`` escaped)."""
    return text.replace("<", "\\u003c")


def _js_in_script(text: str) -> str:
    """Script text that cannot end its ``<script>`` element (only inside string literals in our bundle)."""
    return re.sub(r"</(script)", r"<\\/\1", text, flags=re.IGNORECASE)


def page(
    reader: LineageReader, graph: Graph, *, title: str, total: int | None = None, expand_url: str | None = None
) -> str:
    """The self-contained HTML page of ``graph``.

    ``total`` is the number of nodes the store holds when ``graph`` shows only part of them (the header says so);
    ``expand_url`` is where the page fetches more around a node on a double click (``headwater serve``'s
    ``/api/v1/headwater/nearest``, answering :func:`page_data`); None for a file, which needs no network.
    """
    content = page_data(reader, graph, title=title)
    if expand_url is not None:
        content["expand"] = expand_url
    data = json.dumps(content, separators=(",", ":"))
    shown = f"{len(graph.nodes)} nodes, {len(graph.edges)} edges"
    if total is not None and total > len(graph.nodes):
        more = " (double-click a node to add its neighbours)" if expand_url else ""
        shown = f"showing {len(graph.nodes)} of {total} nodes, {len(graph.edges)} edges{more}"
    legend = (
        "<span>&#9645; dataset</span><span>&#9632; job</span>"
        '<span style="color:#8a5cc2">- - - declared (JobEvent)</span><span>&#8212; observed (run)</span>'
    )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{_STYLE}</style></head>\n'
        f"<body><header><h1>{html.escape(title)}</h1>"
        '<input id="search" type="search" placeholder="Search jobs and datasets" title="Enter selects the first match">'
        f'<div class="legend">{legend}</div>'
        '<label id="view-toggle" hidden title="Each application with application lineage as one job, its steps hidden">'
        '<input type="checkbox" id="application-view"> application view</label>'
        f'<span id="shown">{html.escape(shown)}</span></header>\n'
        '<main><div id="graph"></div><aside id="panel"></aside></main>\n'
        f'<script id="headwater-data" type="application/json">{_json_in_script(data)}</script>\n'
        f"<script>{_js_in_script(bundle())}</script>\n"
        "</body></html>\n"
    )
