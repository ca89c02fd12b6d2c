// Headwater's lineage page: the graph (Cytoscape.js with the dagre layout), the details panel, search, and
// upstream/downstream and column-upstream highlighting. The page embeds its data as JSON in
// <script id="headwater-data" type="application/json"> (written by headwater/lineage/render/html.py), so it needs no
// network (a page served by `headwater serve` fetches more of a large store on a double click). window.headwaterGraph
// is the Cytoscape instance and window.headwaterPage the page's actions, for tests and for the browser console.
import cytoscape from "cytoscape";
import dagre from "cytoscape-dagre";

cytoscape.use(dagre);

const STYLE = [
  {
    selector: "node",
    style: {
      label: "data(label)",
      "font-size": 11,
      "text-wrap": "wrap",
      "text-max-width": 180,
      "text-overflow-wrap": "anywhere",
      "text-valign": "center",
      "text-halign": "center",
      width: 190,
      height: 44,
      "border-width": 1,
      "border-color": "#5b6770",
    },
  },
  { selector: "node.dataset", style: { shape: "round-rectangle", "background-color": "#d9ecf7" } },
  { selector: "node.job", style: { shape: "rectangle", "background-color": "#fbe3c8", height: 56, "font-size": 10 } },
  {
    selector: "edge",
    style: {
      width: 1.5,
      "curve-style": "bezier",
      "target-arrow-shape": "triangle",
      "line-color": "#7d8a93",
      "target-arrow-color": "#7d8a93",
    },
  },
  { selector: "edge.static", style: { "line-style": "dashed", "line-color": "#8a5cc2", "target-arrow-color": "#8a5cc2" } },
  { selector: ".faded", style: { opacity: 0.2 } },
  { selector: "node.selected", style: { "border-width": 3, "border-color": "#1f2a30" } },
  { selector: "node.upstream", style: { "border-width": 3, "border-color": "#2b7bb9" } },
  { selector: "node.downstream", style: { "border-width": 3, "border-color": "#d9822b" } },
  { selector: "edge.upstream", style: { "line-color": "#2b7bb9", "target-arrow-color": "#2b7bb9", width: 3 } },
  { selector: "edge.downstream", style: { "line-color": "#d9822b", "target-arrow-color": "#d9822b", width: 3 } },
  { selector: "node.match", style: { "border-width": 3, "border-color": "#c23b3b" } },
  { selector: "node.column-upstream", style: { "border-width": 4, "border-color": "#2f9e44", "background-color": "#d3f2da" } },
  // a job whose latest run failed or was aborted, and one still running
  { selector: "node.job.failed", style: { "background-color": "#f6c9c9", "border-color": "#c23b3b", "border-width": 2 } },
  { selector: "node.job.running", style: { "border-style": "dashed", "border-width": 2 } },
  // collapsed: far from the selection in a large graph; "more": a node with collapsed neighbours (double-click)
  { selector: ".collapsed", style: { display: "none" } },
  { selector: "node.more", style: { "border-style": "double", "border-width": 4 } },
  // the other view's elements: an application's edges in the step view; its steps, their edges and its intermediate
  // datasets in the application view
  { selector: ".view-hidden", style: { display: "none" } },
  { selector: "node.application", style: { "background-color": "#f3d3a4", "border-width": 2 } },
];

const HIGHLIGHTS = "faded selected upstream downstream match column-upstream";
const LAYOUT = { name: "dagre", rankDir: "LR", nodeSep: 25, rankSep: 70 };
// A graph of more than COLLAPSE_AT nodes opens with the KEEP nodes nearest to its start shown, the rest collapsed.
const COLLAPSE_AT = 150;
const KEEP = 60;
// Zoom bounds when the view fits a selection: readable labels, and no giant boxes around a node with few neighbours.
const MIN_READABLE_ZOOM = 0.6;
const MAX_FIT_ZOOM = 1.0;
const FAILED_STATES = new Set(["FAIL", "FAILED", "ABORT", "ABORTED"]);
const RUNNING_STATES = new Set(["START", "RUNNING", "NEW"]);

function el(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "onclick") element.addEventListener("click", value);
    else element.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

function section(title, ...content) {
  return el("section", {}, el("h3", {}, title), ...content);
}

function json(value) {
  return el("pre", { class: "json" }, JSON.stringify(value, null, 2));
}

function duration(ms) {
  if (ms === null || ms === undefined) return "running";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

// The latest run of a job node: its state and when it started, e.g. "FAIL 2025-03-01 12:05".
function latestRun(node) {
  const run = node.kind === "job" && node.data && node.data.latestRun;
  if (!run) return null;
  const when = (run.startedAt || "").replace("T", " ").slice(0, 16);
  return { state: run.state, text: `${run.state}${when ? ` ${when}` : ""}` };
}

// A node as Cytoscape takes it: the label (with a job's latest run) and the classes for its kind and run state.
function nodeElement(node) {
  const run = latestRun(node);
  const classes = [node.kind];
  if (node.application) classes.push("application");
  if (run && FAILED_STATES.has(run.state)) classes.push("failed");
  if (run && RUNNING_STATES.has(run.state)) classes.push("running");
  const label = run ? `${node.label}\n${run.text}` : node.label;
  return { group: "nodes", data: { id: node.id, label }, classes: classes.join(" ") };
}

function main() {
  const data = JSON.parse(document.getElementById("headwater-data").textContent);
  const nodes = new Map(data.nodes.map((node) => [node.id, node]));
  const panel = document.getElementById("panel");
  const search = document.getElementById("search");
  const shown = document.getElementById("shown");

  const cy = cytoscape({
    container: document.getElementById("graph"),
    elements: [
      ...data.nodes.map(nodeElement),
      ...data.edges.map((edge, index) => ({
        group: "edges",
        data: { id: `e${index}`, source: edge.source, target: edge.target, static: edge.static, application: !!edge.application },
        classes: edge.static ? "static" : "observed",
      })),
    ],
    style: STYLE,
    layout: { name: "preset" },
    wheelSensitivity: 0.3,
  });

  // The view: "step" (each SQL execution's job, as the events of the steps say; an application's own edges hidden)
  // or "application" (each application with application lineage as one job between its inputs and outputs, its
  // steps and the datasets only they touch hidden). The toggle shows only when the page holds such an application.
  let view = "step";
  const toggle = document.getElementById("view-toggle");
  const toggleBox = document.getElementById("application-view");

  function hasApplications() {
    for (const node of nodes.values()) if (node.application) return true;
    return false;
  }

  function applyView() {
    cy.elements().removeClass("view-hidden");
    if (view === "step") {
      cy.edges().filter((e) => e.data("application")).addClass("view-hidden");
    } else {
      const steps = cy.nodes().filter((n) => ((nodes.get(n.id()) || {}).stepOf || []).some((app) => nodes.has(app)));
      steps.addClass("view-hidden");
      steps.connectedEdges().addClass("view-hidden");
      cy.nodes(".dataset")
        .filter((n) => n.connectedEdges().length > 0 && n.connectedEdges().not(".view-hidden").length === 0)
        .addClass("view-hidden");
    }
    if (toggle) toggle.hidden = !hasApplications();
    if (toggleBox) toggleBox.checked = view === "application";
  }

  // A dataset's column lineage in the current view: an application's composed one in the application view.
  function columnsOf(node) {
    if (!node) return [];
    return (view === "application" && node.applicationColumns) || node.columns || [];
  }

  // What is drawn: the nodes neither collapsed nor of the other view, and the edges of the view between them (a
  // layout must see no edge to a hidden node).
  function visible() {
    const shownNodes = cy.nodes().not(".collapsed").not(".view-hidden");
    return shownNodes.union(shownNodes.edgesWith(shownNodes).not(".view-hidden"));
  }

  // Lays out what is shown (left to right) and marks the nodes that have collapsed neighbours; `count` says in the
  // header how much is shown (the page's own header stands until something is collapsed or added).
  function relayout(count = true) {
    visible().layout(LAYOUT).run();
    cy.nodes().removeClass("more");
    cy.nodes().not(".collapsed").filter((n) => n.neighborhood("node.collapsed").length > 0).addClass("more");
    if (!count) return;
    const drawn = visible();
    const inView = cy.nodes().not(".view-hidden");
    const prefix = view === "application" ? "application view: " : "";
    shown.textContent =
      drawn.nodes().length < inView.length
        ? `${prefix}${drawn.nodes().length} of ${inView.length} nodes shown (double-click a node with a double border for more)`
        : `${prefix}${inView.length} nodes, ${drawn.edges().length} edges shown`;
  }

  // Shows the `keep` nodes nearest to `id` (ring by ring along edges either way) and collapses the rest.
  function collapseAround(id, keep) {
    let kept = cy.getElementById(id);
    let frontier = kept;
    while (frontier.length > 0 && kept.length < keep) {
      const ring = frontier.neighborhood().nodes().difference(kept);
      const room = keep - kept.length;
      const taken = ring.length > room ? ring.sort((a, b) => (a.id() < b.id() ? -1 : 1)).slice(0, room) : ring;
      kept = kept.union(taken);
      frontier = taken;
    }
    cy.nodes().addClass("collapsed");
    kept.removeClass("collapsed");
    cy.edges().removeClass("collapsed");
  }

  // Shows the collapsed neighbours of `id` (and `id` itself); returns how many nodes it showed.
  function reveal(id) {
    const node = cy.getElementById(id);
    const hidden = node.closedNeighborhood().nodes(".collapsed");
    hidden.removeClass("collapsed");
    return hidden.length;
  }

  // The job whose latest run started last (the graph's start when none is given), else the first node.
  function latestJob() {
    let best = null;
    for (const node of data.nodes) {
      const run = node.kind === "job" && node.data && node.data.latestRun;
      if (run && (!best || (run.startedAt || "") > best.at)) best = { id: node.id, at: run.startedAt || "" };
    }
    return best ? best.id : data.nodes.length > 0 ? data.nodes[0].id : null;
  }

  // Centres and zooms the view on `id` with its neighbours, as close as reads well.
  function focus(id) {
    const around = cy.getElementById(id).closedNeighborhood().not(".collapsed").not(".view-hidden");
    cy.fit(around, 60);
    if (cy.zoom() > MAX_FIT_ZOOM) cy.zoom({ level: MAX_FIT_ZOOM, renderedPosition: cy.getElementById(id).renderedPosition() });
    if (cy.zoom() < MIN_READABLE_ZOOM) cy.zoom({ level: MIN_READABLE_ZOOM, renderedPosition: cy.getElementById(id).renderedPosition() });
    cy.center(cy.getElementById(id));
  }

  const large = cy.nodes().length > COLLAPSE_AT;
  if (large) collapseAround(data.start || latestJob(), KEEP);
  applyView();
  relayout(large || hasApplications()); // the header counts what the step view draws, without an application's edges
  cy.fit(visible(), 20);
  // too much to read at once: open on the job that ran last and its neighbours (a selected start opens on itself)
  if (!data.start && cy.zoom() < MIN_READABLE_ZOOM && latestJob()) focus(latestJob());

  function clear() {
    cy.elements().removeClass(HIGHLIGHTS);
  }

  function highlight(id) {
    clear();
    const node = cy.getElementById(id);
    const up = node.predecessors();
    const down = node.successors();
    cy.elements().not(up).not(down).not(node).addClass("faded");
    up.addClass("upstream");
    down.addClass("downstream");
    node.addClass("selected");
  }

  // Column lineage upstream of (dataset, field), transitively, along DIRECT edges: [{dataset, field, depth}].
  function columnUpstream(datasetId, field) {
    const found = [];
    const seen = new Set([`${datasetId}\u0000${field}`]);
    let frontier = [[datasetId, field]];
    for (let depth = 1; frontier.length > 0; depth += 1) {
      const next = [];
      for (const [id, name] of frontier) {
        for (const edge of columnsOf(nodes.get(id))) {
          if (edge.field !== name || !edge.direct) continue;
          const key = `${edge.source}\u0000${edge.sourceField}`;
          found.push({ dataset: edge.source, field: edge.sourceField, depth, from: `${id}.${name}` });
          if (!seen.has(key)) {
            seen.add(key);
            next.push([edge.source, edge.sourceField]);
          }
        }
      }
      frontier = next;
    }
    return found;
  }

  function showColumn(datasetId, field) {
    const upstream = columnUpstream(datasetId, field);
    clear();
    cy.elements().addClass("faded");
    const start = cy.getElementById(datasetId).removeClass("faded").addClass("selected");
    const datasets = new Set(upstream.map((step) => step.dataset));
    for (const id of datasets) {
      const node = cy.getElementById(id);
      node.removeClass("faded").addClass("column-upstream");
      // the jobs and edges on the way from that dataset to the selected one
      const path = node.successors().intersection(start.predecessors());
      path.removeClass("faded");
      path.nodes().filter((n) => !n.hasClass("column-upstream")).addClass("upstream");
    }
    const list = document.getElementById("column-upstream");
    if (list) {
      list.replaceChildren(
        el("h4", {}, `${field} comes from`),
        upstream.length === 0
          ? el("p", {}, "no upstream columns recorded")
          : el(
              "ul",
              {},
              upstream.map((step) =>
                el("li", { "data-dataset": step.dataset, "data-field": step.field },
                  `${"  ".repeat(step.depth - 1)}${nodes.get(step.dataset) ? nodes.get(step.dataset).label : step.dataset}.${step.field}`),
              ),
            ),
      );
    }
    return upstream;
  }

  function fieldsTable(node) {
    const fields = (node.data && node.data.fields) || [];
    if (fields.length === 0) return el("p", {}, "no schema recorded");
    const lineage = new Set(columnsOf(node).filter((c) => c.direct).map((c) => c.field));
    return el(
      "table",
      { class: "fields" },
      el("tr", {}, el("th", {}, "field"), el("th", {}, "type"), el("th", {}, "")),
      fields.map((field) =>
        el(
          "tr",
          {},
          el("td", {}, field.name),
          el("td", {}, field.type || ""),
          el("td", {}, lineage.has(field.name)
            ? el("button", { class: "column", "data-field": field.name, onclick: () => showColumn(node.id, field.name) }, "upstream")
            : ""),
        ),
      ),
    );
  }

  function tagList(tags) {
    if (!tags || tags.length === 0) return el("p", {}, "no tags");
    return el("ul", { class: "tags" }, tags.map((t) => el("li", {}, `${t.key}=${t.value}${t.field ? ` (${t.field})` : ""} [${t.source}]`)));
  }

  function select(id, zoomTo = true) {
    const node = nodes.get(id);
    if (!node) return false;
    if (cy.getElementById(id).hasClass("collapsed") && reveal(id) > 0) relayout();
    highlight(id);
    const d = node.data || {};
    const content = [
      el("h2", {}, node.label),
      el("p", { class: "kind" }, `${node.kind} ${node.namespace}:${node.name}`),
      section("Tags", tagList(d.tags)),
    ];
    if (node.kind === "dataset") {
      content.push(section("Schema", fieldsTable(node)), el("div", { id: "column-upstream" }));
      content.push(
        section(
          `Versions (${d.versionCount || 0})`,
          el("ul", {}, (node.versions || []).map((v) =>
            el("li", {}, `#${v.seq} ${v.createdAt} ${v.runId ? `run ${v.runId}` : "DatasetEvent"}${v.lifecycleState ? ` ${v.lifecycleState}` : ""}`))),
        ),
        section(
          "Column lineage",
          el("ul", {}, columnsOf(node).map((c) =>
            el("li", {}, `${c.field || "(whole dataset)"} \u2190 ${nodes.get(c.source) ? nodes.get(c.source).label : c.source}.${c.sourceField} ${c.transformations.map((x) => x.subtype || x.type).join(", ")}`))),
        ),
      );
    } else {
      content.push(
        section("Definition", el("p", {}, d.definition === "job_event" ? "declared by a JobEvent (static)" : d.definition === "run" ? "observed in its latest run" : "none")),
        node.application
          ? section(
              "Application",
              el("p", {}, `one job in the application view: ${node.application.inputs.length} inputs, ${node.application.outputs.length} outputs, ${node.application.steps.length} steps`),
              el("ul", { class: "steps" }, node.application.steps.map((step) => el("li", {}, nodes.get(step) ? nodes.get(step).label : step))),
            )
          : null,
        section(
          "Last runs",
          el("ul", {}, (node.runs || []).map((r) => el("li", {}, `${r.state} ${r.startedAt} (${duration(r.durationMs)}) ${r.id}`))),
        ),
      );
    }
    content.push(
      section(
        "Facets",
        Object.entries(d.facets || {}).map(([name, facet]) => el("details", { class: "facet", "data-facet": name }, el("summary", {}, name), json(facet))),
      ),
    );
    panel.replaceChildren(...content);
    if (!panel.classList.contains("open")) {
      panel.classList.add("open");
      cy.resize();
    }
    if (zoomTo) focus(id);
    return true;
  }

  function find(text) {
    const query = text.trim().toLowerCase();
    clear();
    if (!query) return [];
    const matches = cy.nodes().filter((n) => {
      const node = nodes.get(n.id());
      return node.label.toLowerCase().includes(query) || node.name.toLowerCase().includes(query);
    });
    cy.elements().not(matches).addClass("faded");
    matches.addClass("match");
    return matches.map((n) => n.id());
  }

  // A page served by `headwater serve` may draw only part of a large store (data.expand is then the URL of its
  // nearest read): a double click on a node adds the nodes nearest to it, and the edges between them, to the graph.
  let nextEdge = data.edges.length;
  const edgeKey = (source, target, isStatic) => `${source}\u0000${target}\u0000${isStatic}`;
  const edgeKeys = new Set(data.edges.map((edge) => edgeKey(edge.source, edge.target, edge.static)));

  async function expand(id, limit = 50) {
    const revealed = reveal(id);
    if (!data.expand) {
      if (revealed > 0) relayout();
      select(id);
      return revealed;
    }
    const url = `${data.expand}?nodeId=${encodeURIComponent(id)}&limit=${limit}`;
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const more = await response.json();
    const added = [];
    for (const node of more.nodes) {
      if (nodes.has(node.id)) continue;
      nodes.set(node.id, node);
      added.push(nodeElement(node));
    }
    for (const edge of more.edges) {
      const key = edgeKey(edge.source, edge.target, edge.static);
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      added.push({
        group: "edges",
        data: { id: `e${nextEdge++}`, source: edge.source, target: edge.target, static: edge.static, application: !!edge.application },
        classes: edge.static ? "static" : "observed",
      });
    }
    if (added.length > 0) cy.add(added);
    if (added.length > 0) applyView();
    if (added.length > 0 || revealed > 0) relayout();
    select(id);
    return revealed + added.filter((element) => element.group === "nodes").length;
  }

  // A tap selects at once and zooms a moment later, unless it was the first tap of a double click (which must find
  // the node where it was).
  const DOUBLE_CLICK_MS = 350;
  let pendingFocus = null;
  cy.on("tap", "node", (event) => {
    const id = event.target.id();
    select(id, false);
    clearTimeout(pendingFocus);
    pendingFocus = setTimeout(() => focus(id), DOUBLE_CLICK_MS);
  });
  cy.on("dbltap", "node", (event) => {
    clearTimeout(pendingFocus);
    expand(event.target.id()).catch((error) => console.error(`headwater: ${error.message}`));
  });
  cy.on("tap", (event) => {
    if (event.target === cy) {
      clear();
      panel.classList.remove("open");
      cy.resize();
    }
  });
  // Switches to the "step" or "application" view and draws it anew.
  function setView(name) {
    if (name !== "step" && name !== "application") throw new Error(`headwater: no view ${name}`);
    view = name;
    clear();
    applyView();
    relayout();
    cy.fit(visible(), 20);
    panel.classList.remove("open");
    cy.resize();
  }
  if (toggleBox) toggleBox.addEventListener("change", () => setView(toggleBox.checked ? "application" : "step"));
  search.addEventListener("input", () => find(search.value));
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      const matches = find(search.value);
      if (matches.length > 0) select(matches[0]);
    }
  });

  window.headwaterGraph = cy;
  window.headwaterPage = { select, find, showColumn, columnUpstream, clear, expand, focus, setView, view: () => view };
  if (data.start) select(data.start);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
