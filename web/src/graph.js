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
];

const HIGHLIGHTS = "faded selected upstream downstream match column-upstream";
const LAYOUT = { name: "dagre", rankDir: "LR", nodeSep: 25, rankSep: 70 };

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

function main() {
  const data = JSON.parse(document.getElementById("headwater-data").textContent);
  const nodes = new Map(data.nodes.map((node) => [node.id, node]));
  const panel = document.getElementById("panel");
  const search = document.getElementById("search");

  const cy = cytoscape({
    container: document.getElementById("graph"),
    elements: [
      ...data.nodes.map((node) => ({ group: "nodes", data: { id: node.id, label: node.label }, classes: node.kind })),
      ...data.edges.map((edge, index) => ({
        group: "edges",
        data: { id: `e${index}`, source: edge.source, target: edge.target, static: edge.static },
        classes: edge.static ? "static" : "observed",
      })),
    ],
    style: STYLE,
    layout: LAYOUT,
    wheelSensitivity: 0.3,
  });

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
        const node = nodes.get(id);
        for (const edge of (node && node.columns) || []) {
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
    const lineage = new Set((node.columns || []).filter((c) => c.direct).map((c) => c.field));
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

  function select(id) {
    const node = nodes.get(id);
    if (!node) return false;
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
          el("ul", {}, (node.columns || []).map((c) =>
            el("li", {}, `${c.field || "(whole dataset)"} \u2190 ${nodes.get(c.source) ? nodes.get(c.source).label : c.source}.${c.sourceField} ${c.transformations.map((x) => x.subtype || x.type).join(", ")}`))),
        ),
      );
    } else {
      content.push(
        section("Definition", el("p", {}, d.definition === "job_event" ? "declared by a JobEvent (static)" : d.definition === "run" ? "observed in its latest run" : "none")),
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
      cy.fit(undefined, 20);
    }
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
    if (!data.expand) return 0;
    const url = `${data.expand}?nodeId=${encodeURIComponent(id)}&limit=${limit}`;
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const more = await response.json();
    const added = [];
    for (const node of more.nodes) {
      if (nodes.has(node.id)) continue;
      nodes.set(node.id, node);
      added.push({ group: "nodes", data: { id: node.id, label: node.label }, classes: node.kind });
    }
    for (const edge of more.edges) {
      const key = edgeKey(edge.source, edge.target, edge.static);
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      added.push({
        group: "edges",
        data: { id: `e${nextEdge++}`, source: edge.source, target: edge.target, static: edge.static },
        classes: edge.static ? "static" : "observed",
      });
    }
    if (added.length > 0) {
      cy.add(added);
      cy.layout(LAYOUT).run();
      document.getElementById("shown").textContent = `${cy.nodes().length} nodes, ${cy.edges().length} edges shown`;
    }
    select(id);
    return added.filter((element) => element.group === "nodes").length;
  }

  cy.on("tap", "node", (event) => select(event.target.id()));
  cy.on("dbltap", "node", (event) => {
    expand(event.target.id()).catch((error) => console.error(`headwater: ${error.message}`));
  });
  cy.on("tap", (event) => {
    if (event.target === cy) {
      clear();
      panel.classList.remove("open");
      cy.resize();
    }
  });
  search.addEventListener("input", () => find(search.value));
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      const matches = find(search.value);
      if (matches.length > 0) {
        select(matches[0]);
        cy.animate({ center: { eles: cy.getElementById(matches[0]) } }, { duration: 200 });
      }
    }
  });

  window.headwaterGraph = cy;
  window.headwaterPage = { select, find, showColumn, columnUpstream, clear, expand };
  if (data.start) select(data.start);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
