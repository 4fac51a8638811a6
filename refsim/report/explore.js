// refsim run explorer: hand-written, no library. Reads the run's data from <script id="run-data"> and draws the
// timeline, the series beneath it, the jobs table and the job panel (docs/explore.md).
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("run-data").textContent);
  const J = D.jobs, N = J.id.length, HOSTS = D.hosts.length;
  const MAX_ROWS = 300;  // past this many hosts, consecutive hosts share a timeline row
  const ROWS = Math.max(1, Math.min(HOSTS, MAX_ROWS));
  const LEFT = 90, RIGHT = 30, TOP = 6, AXIS = 34, PAGE_ROWS = 200;
  const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
                   "#9c755f", "#bab0ac"];
  const span = D.span;
  const view = {t0: span.start, t1: span.end > span.start ? span.end : span.start + 1};
  const byId = new Map();
  for (let i = 0; i < N; i++) byId.set(J.id[i], i);
  let maxWait = 0;
  for (let i = 0; i < N; i++) if (J.wait[i] !== null && J.wait[i] > maxWait) maxWait = J.wait[i];
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // ---- times and dates
  const zoneOffset = (() => {  // "UTC+05:30" style zones are fixed offsets; others are IANA names for Intl
    const m = D.epoch && /^UTC([+-])(\d\d):(\d\d)$/.exec(D.epoch.timezone);
    return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : null;
  })();
  let dateFormat = null;
  if (D.epoch && zoneOffset === null) {
    try {
      dateFormat = new Intl.DateTimeFormat("en-CA", {timeZone: D.epoch.timezone, year: "numeric", month: "2-digit",
        day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23"});
    } catch (e) {
      dateFormat = new Intl.DateTimeFormat("en-CA", {timeZone: "UTC", year: "numeric", month: "2-digit",
        day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23"});
    }
  }
  function dateOf(t) {
    if (!D.epoch) return null;
    if (zoneOffset !== null) {
      return new Date((D.epoch.unix + t + zoneOffset) * 1000).toISOString().slice(0, 16).replace("T", " ");
    }
    return dateFormat.format(new Date((D.epoch.unix + t) * 1000)).replace(",", "");
  }
  function seconds(t) {
    const s = Math.abs(t), sign = t < 0 ? "-" : "";
    if (s >= 172800) return sign + (s / 86400).toFixed(s % 86400 ? 1 : 0) + " d";
    if (s >= 7200) return sign + (s / 3600).toFixed(s % 3600 ? 1 : 0) + " h";
    return sign + (Number.isInteger(s) ? s : s.toFixed(1)) + " s";
  }
  const timeLabel = (t) => dateOf(t) || seconds(t - span.start);
  const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
                 172800, 604800, 1209600, 2592000, 7776000, 31536000];
  function ticks(width) {
    const want = (view.t1 - view.t0) / Math.max(2, width / 140);
    const step = STEPS.find((s) => s >= want) || STEPS[STEPS.length - 1];
    const out = [];
    for (let t = Math.ceil((view.t0 - span.start) / step) * step + span.start; t <= view.t1; t += step) out.push(t);
    return out;
  }
  const words = (w) => w === null ? "-" : w < 60 ? w + " s" : w < 3600 ? (w / 60).toFixed(1) + " min" :
    w < 86400 ? (w / 3600).toFixed(1) + " h" : (w / 86400).toFixed(1) + " d";

  // ---- canvases
  function sized(canvas, height) {
    const ratio = window.devicePixelRatio || 1, width = canvas.clientWidth || 800;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.height = height + "px";
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return {ctx, width, height};
  }
  const rowHeight = Math.max(2, Math.min(24, Math.floor(560 / ROWS)));
  const rowOf = (host) => Math.floor(host * ROWS / Math.max(HOSTS, 1));
  function geometry() {
    const width = $("timeline").clientWidth || 800;
    return {left: LEFT, top: TOP, width: width - LEFT - RIGHT, rowHeight, rows: ROWS, t0: view.t0, t1: view.t1};
  }
  const xOf = (g, t) => g.left + (t - g.t0) / (g.t1 - g.t0) * g.width;
  const tOf = (g, x) => g.t0 + (x - g.left) / g.width * (g.t1 - g.t0);

  function colourOf(i) {
    if ($("colour").value === "queue") return PALETTE[J.queue[i] % PALETTE.length];
    const w = J.wait[i] || 0, f = maxWait > 0 ? Math.log1p(w) / Math.log1p(maxWait) : 0;
    return "hsl(" + Math.round(120 * (1 - f)) + ",65%,45%)";
  }

  function drawAxis(ctx, g, y, height) {
    ctx.fillStyle = "#333"; ctx.strokeStyle = "#ccc"; ctx.font = "11px sans-serif"; ctx.textAlign = "center";
    for (const t of ticks(g.width)) {
      const x = xOf(g, t);
      ctx.beginPath(); ctx.moveTo(x, y - height); ctx.lineTo(x, y); ctx.stroke();
      ctx.fillText(timeLabel(t), x, y + 13);
    }
  }

  function drawTimeline() {
    const g = geometry(), height = TOP + ROWS * rowHeight + AXIS;
    const {ctx, width} = sized($("timeline"), height);
    ctx.clearRect(0, 0, width, height);
    drawAxis(ctx, g, g.top + ROWS * rowHeight, ROWS * rowHeight);  // grid lines first, under the bars
    ctx.save();
    ctx.beginPath(); ctx.rect(g.left, 0, g.width, height); ctx.clip();
    for (let i = 0; i < N; i++) {
      const start = J.start[i];
      if (start === null) continue;
      const end = J.end[i] === null ? span.end : J.end[i];
      if (end < view.t0 || start > view.t1) continue;
      const x0 = xOf(g, start), x1 = Math.max(xOf(g, end), x0 + 1);
      ctx.fillStyle = colourOf(i);
      const runs = J.hosts[i];
      for (let k = 0; k < runs.length; k += 2) {
        const r0 = rowOf(runs[k]), r1 = rowOf(runs[k] + runs[k + 1] - 1);
        const gap = rowHeight > 4 ? 1 : 0;
        ctx.fillRect(x0, g.top + r0 * rowHeight, x1 - x0, (r1 - r0 + 1) * rowHeight - gap);
      }
    }
    ctx.restore();
    {  // host names: every row when rows are tall enough, else every few rows so that labels do not overlap
      const every = Math.ceil(12 / rowHeight);
      ctx.textAlign = "right"; ctx.fillStyle = "#333";
      for (let r = 0; r < ROWS; r += every) {
        const name = HOSTS > MAX_ROWS ? D.hosts[Math.ceil(r * HOSTS / ROWS)] + "…" : D.hosts[r];
        ctx.fillText(name, g.left - 4, g.top + r * rowHeight + rowHeight / 2 + 4);
      }
    }
    $("timeline").dataset.drawn = String(Date.now());
  }

  // A step series drawn one pixel column at a time as the range of values in that column, so a run of 92 days
  // with a hundred thousand steps reads as its envelope rather than a block of overdrawn lines.
  function drawSteps(ctx, g, times, values, top, height, ceiling, colour) {
    ctx.fillStyle = colour;
    const Y = (v) => top + height - v / ceiling * height;
    let i = 0;
    while (i + 1 < times.length && times[i + 1] <= view.t0) i++;
    for (let c = 0; c < g.width; c++) {
      const a = tOf(g, g.left + c), b = tOf(g, g.left + c + 1);
      if (times.length === 0 || b < times[0] || a > span.end) continue;
      let lo = values[i], hi = values[i];
      while (i + 1 < times.length && times[i + 1] < b) {
        i++;
        lo = Math.min(lo, values[i]); hi = Math.max(hi, values[i]);
      }
      ctx.fillRect(g.left + c, Y(hi), 1, Math.max(1, Y(lo) - Y(hi) + 1));
    }
  }

  function drawSeries() {
    const g = geometry(), panel = 90, height = 2 * panel + 40 + AXIS;
    const {ctx, width} = sized($("series"), height);
    ctx.clearRect(0, 0, width, height);
    const pending = D.series.pending, busy = D.series.busy, slots = span.slots || 1;
    const most = Math.max(1, ...pending.length ? [pending.reduce((a, b) => Math.max(a, b), 0)] : [1]);
    const tops = [18, panel + 40];
    ctx.font = "11px sans-serif"; ctx.fillStyle = "#333"; ctx.textAlign = "left";
    ctx.fillText("jobs pending (max " + most + ")", g.left, tops[0] - 5);
    ctx.fillText("utilisation, % of " + slots + " slots", g.left, tops[1] - 5);
    ctx.textAlign = "right";
    for (const [top, label] of [[tops[0], String(most)], [tops[1], "100%"]]) {
      ctx.fillText(label, g.left - 4, top + 4);
      ctx.fillText("0", g.left - 4, top + panel);
      ctx.strokeStyle = "#ccc"; ctx.strokeRect(g.left, top, g.width, panel);
    }
    drawSteps(ctx, g, D.series.times, pending, tops[0], panel, most, "#4e79a7");
    drawSteps(ctx, g, D.series.times, busy.map((b) => b / slots * 100), tops[1], panel, 100, "#59a14f");
    drawAxis(ctx, g, tops[1] + panel, 0);
  }

  function legend() {
    const box = $("legend");
    box.replaceChildren();
    if ($("colour").value === "queue") {
      D.queues.forEach((q, k) => {
        const item = el("span", {class: "entry"});
        item.append(el("span", {class: "swatch", style: "background:" + PALETTE[k % PALETTE.length]}), q);
        box.append(item);
      });
    } else {
      box.append(el("span", {}, "wait: green 0 s … red " + words(maxWait) + " (log scale)"));
    }
  }

  function drawAll() {
    drawTimeline();
    drawSeries();
    const shown = (view.t1 - view.t0) < (span.end - span.start) * 0.999 ? "zoomed: " : "";
    $("range").textContent = shown + timeLabel(view.t0) + " to " + timeLabel(view.t1);
  }

  function zoom(factor, at) {
    const width = view.t1 - view.t0, centre = at === undefined ? view.t0 + width / 2 : at;
    const next = Math.max(width * factor, 1);
    view.t0 = centre - (centre - view.t0) * next / width;
    view.t1 = view.t0 + next;
    drawAll();
  }

  function jobAt(x, y) {  // the job drawn at this point of the timeline (the last drawn where bars overlap)
    const g = geometry(), t = tOf(g, x), row = Math.floor((y - g.top) / rowHeight);
    const tolerance = (g.t1 - g.t0) / g.width;  // a bar is at least a pixel wide
    for (let i = N - 1; i >= 0; i--) {
      const start = J.start[i];
      if (start === null) continue;
      const end = J.end[i] === null ? span.end : J.end[i];
      if (t < start - tolerance || t > Math.max(end, start + tolerance)) continue;
      const runs = J.hosts[i];
      for (let k = 0; k < runs.length; k += 2) {
        if (row >= rowOf(runs[k]) && row <= rowOf(runs[k] + runs[k + 1] - 1)) return J.id[i];
      }
    }
    return null;
  }

  function timelineEvents() {
    const canvas = $("timeline");
    let drag = null;
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = canvas.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 0.8 : 1.25, tOf(geometry(), e.clientX - r.left));
    }, {passive: false});
    canvas.addEventListener("mousedown", (e) => { drag = {x: e.clientX, t0: view.t0, t1: view.t1, moved: false}; });
    window.addEventListener("mousemove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      if (!drag.moved) return;
      const shift = dx / geometry().width * (drag.t1 - drag.t0);
      view.t0 = drag.t0 - shift; view.t1 = drag.t1 - shift;
      drawAll();
    });
    window.addEventListener("mouseup", (e) => {
      if (drag && !drag.moved && e.target === canvas) {
        const r = canvas.getBoundingClientRect(), job = jobAt(e.clientX - r.left, e.clientY - r.top);
        if (job !== null) choose(job);
      }
      drag = null;
    });
    $("zoom-in").addEventListener("click", () => zoom(0.5));
    $("zoom-out").addEventListener("click", () => zoom(2));
    $("zoom-reset").addEventListener("click", () => { view.t0 = span.start; view.t1 = Math.max(span.end, span.start + 1); drawAll(); });
    $("colour").addEventListener("change", () => { legend(); drawTimeline(); });
    window.addEventListener("resize", drawAll);
  }

  // ---- the jobs table
  const COLUMNS = [["id", "job", "text"], ["queue", "queue", "text"], ["state", "state", "text"],
    ["tasks", "tasks"], ["submit", "submit"], ["start", "start"]]
    .concat(D.epoch ? [["submitDate", "submitted at", "text"], ["startDate", "started at", "text"]] : [])
    .concat([["wait", "wait"], ["waited", "waited", "text"], ["bsld", "bsld"], ["sessions", "sessions"],
             ["overtaken", "overtaken"], ["reason", "most frequent pend reason", "text"]]);
  const cell = (key, i) => {
    if (key === "queue") return D.queues[J.queue[i]];
    if (key === "state") return D.states[J.state[i]];
    const v = J[key][i];
    return v === null ? "-" : String(v);
  };
  const sortKey = (key, i) => key === "queue" ? D.queues[J.queue[i]] : key === "state" ? D.states[J.state[i]] :
    key === "waited" ? J.wait[i] : J[key][i];
  let order = {key: "wait", descending: true}, limit = PAGE_ROWS, chosen = null;

  function compare(key, descending) {
    // as `report --jobs`: a job that never started sorts as the longest wait; other unknowns go last
    return (a, b) => {
      let x = sortKey(key, a), y = sortKey(key, b);
      if (key === "wait" || key === "waited") { x = x === null ? Infinity : x; y = y === null ? Infinity : y; }
      if (x === y) return a - b;
      if (x === null) return 1;
      if (y === null) return -1;
      // text compares with its numbers as numbers: job 9 before job 10, job 7[2] before job 7[10]
      const c = typeof x === "string" && typeof y === "string" ?
        x.localeCompare(y, "en", {numeric: true}) || (x < y ? -1 : 1) : (x < y ? -1 : 1);
      return descending ? -c : c;
    };
  }

  function filtered() {
    const text = $("search").value.trim(), queue = $("queue-filter").value, state = $("state-filter").value;
    const least = $("min-wait").value === "" ? null : Number($("min-wait").value);
    const out = [];
    for (let i = 0; i < N; i++) {
      if (text && !J.id[i].includes(text)) continue;
      if (queue && D.queues[J.queue[i]] !== queue) continue;
      if (state && D.states[J.state[i]] !== state) continue;
      if (least !== null && !(J.wait[i] === null || J.wait[i] >= least)) continue;
      out.push(i);
    }
    out.sort(compare(order.key, order.descending));
    if (text) {  // an exact id first
      const exact = out.findIndex((i) => J.id[i] === text);
      if (exact > 0) out.unshift(out.splice(exact, 1)[0]);
    }
    return out;
  }

  function drawTable() {
    const rows = filtered(), body = $("jobs").tBodies[0];
    body.replaceChildren();
    for (const i of rows.slice(0, limit)) {
      const tr = el("tr", {"data-job": J.id[i]});
      if (J.id[i] === chosen) tr.classList.add("chosen");
      for (const [key, , kind] of COLUMNS) tr.append(el("td", kind ? {class: kind} : {}, cell(key, i)));
      body.append(tr);
    }
    $("shown-count").textContent = "showing " + Math.min(limit, rows.length) + " of " + rows.length +
      " jobs (" + N + " in the run)";
    $("more").hidden = rows.length <= limit;
    for (const th of $("jobs").tHead.rows[0].cells) {
      th.setAttribute("aria-sort", th.dataset.key === order.key ? (order.descending ? "descending" : "ascending") : "none");
    }
  }

  function tableEvents() {
    const head = $("jobs").tHead.rows[0];
    for (const [key, title, kind] of COLUMNS) {
      const th = el("th", Object.assign({"data-key": key}, kind ? {class: kind} : {}), title);
      th.addEventListener("click", () => {
        order = {key, descending: order.key === key ? !order.descending : !kind};
        drawTable();
      });
      head.append(th);
    }
    for (const q of D.queues) $("queue-filter").append(el("option", {value: q}, q));
    for (const s of D.states) $("state-filter").append(el("option", {value: s}, s));
    for (const id of ["search", "queue-filter", "state-filter", "min-wait"]) {
      $(id).addEventListener("input", () => { limit = PAGE_ROWS; drawTable(); });
    }
    $("more").addEventListener("click", () => { limit += PAGE_ROWS; drawTable(); });
    $("jobs").tBodies[0].addEventListener("click", (e) => {
      const tr = e.target.closest("tr");
      if (tr) choose(tr.dataset.job);
    });
  }

  // ---- the job panel: its story and its traced decisions as trees
  const SECTIONS = {selection: "selection", discipline: "discipline ruling", requirements: "requirements",
                    plans: "plans", positions: "positions", hosts: "host verdicts", outcome: "outcome",
                    totals: "totals", nearest_misses: "nearest misses"};
  const SEARCHABLE = new Set(["hosts", "nearest_misses"]);

  function brief(key, value) {
    if (Array.isArray(value)) return value.length + " item" + (value.length === 1 ? "" : "s");
    if (value.number !== undefined && value.status !== undefined) {
      return "plan " + value.number + ": tasks [" + (value.tasks || []).join(", ") + "], " +
        (value.result || value.status) + (value.reason ? " (" + value.reason + ")" : "");
    }
    if (value.position !== undefined && value.tasks !== undefined) {
      return "position " + value.position + ": " + value.tasks + " task(s), " +
        (value.filled_by ? "filled by " + value.filled_by : "not filled");
    }
    if (value.host !== undefined) return value.host + (value.kinds ? ": " + value.kinds.join(", ") : "");
    if (value.path !== undefined && value.kind !== undefined) return value.kind + " requirement: " + (value.outcome || value.status);
    if (value.kind !== undefined) return String(value.kind);
    if (value.policy !== undefined) return "policy " + value.policy;
    return "";
  }

  function tree(key, value) {
    if (value === null || typeof value !== "object") {
      const leaf = el("div", {class: "leaf"});
      leaf.append(el("span", {class: "k"}, key + ": "), JSON.stringify(value));
      return leaf;
    }
    const box = el("details", value.host !== undefined ? {"data-key": key, "data-host": value.host} : {"data-key": key});
    const summary = el("summary");
    summary.append(el("span", {class: "k"}, SECTIONS[key] || key), " ", el("span", {class: "brief"}, brief(key, value)));
    box.append(summary);
    const children = el("div", {class: "children"});
    if (Array.isArray(value) && SEARCHABLE.has(key)) {
      const search = el("input", {class: "host-search", placeholder: "search " + (SECTIONS[key] || key)});
      search.addEventListener("input", () => {
        const text = search.value.trim().toLowerCase();
        for (const child of children.children) {  // by host name: a reason's words would match almost anything
          const name = (child.dataset.host || child.textContent).toLowerCase();
          child.hidden = !!text && !name.includes(text);
        }
      });
      box.append(search);
    }
    if (Array.isArray(value)) value.forEach((v, k) => children.append(tree(String(k + 1), v)));
    else for (const k of Object.keys(value)) children.append(tree(k, value[k]));
    box.append(children);
    return box;
  }

  function choose(job) {
    const i = byId.get(job);
    if (i === undefined) return;
    chosen = job;
    for (const tr of $("jobs").tBodies[0].rows) tr.classList.toggle("chosen", tr.dataset.job === job);
    $("job-title").textContent = "job " + job + ": " + D.states[J.state[i]] + " in queue " + D.queues[J.queue[i]];
    const story = D.stories[job];
    $("story").textContent = story ? story.join("\n") :
      "Story not held in this page (told for the " + Object.keys(D.stories).length + " longest waits): " +
      "refsim report " + D.run + " --job " + job;
    const traces = D.traces[job] || [], box = $("traces");
    box.replaceChildren(el("h3", {}, traces.length ? "traced decisions (" + traces.length + ")" :
      "no traced decision of this job" + (D.traced ? "" : " (the page was made without --trace)")));
    for (const t of traces) {
      const outcome = t.outcome ? t.outcome.kind : t.kind;
      const top = el("details", {class: "trace"});
      top.append(el("summary", {}, "round " + t.round + ", position " + t.position + ": " + t.kind + ", " + outcome));
      for (const key of ["selection", "discipline", "requirements", "outcome", "totals", "truncated"]) {
        if (t[key] !== undefined && t[key] !== null) top.append(tree(key, t[key]));
      }
      box.append(top);
    }
    $("job-panel").hidden = false;
  }

  legend();
  tableEvents();
  timelineEvents();
  drawAll();
  drawTable();
  // what a test (or a curious person at the console) can ask the page
  window.refsimExplorer = {geometry, jobAt, choose, view, rowOf};
})();
