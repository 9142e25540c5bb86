"use strict";
// The setter's workbench. Genre-agnostic: everything a genre offers (its tokens, its
// answer characters, its export formats, whether it can be analysed or generated)
// comes from /api/genres. Every puzzle edit makes a new version; every request carries
// it and every answer is dropped unless it belongs to the current version.
const $ = (id) => document.getElementById(id);
const clientId = "page-" + Math.random().toString(36).slice(2);
const NS = "http://www.w3.org/2000/svg";
const state = {
  doc: null, version: 0, past: [], future: [], genres: {}, selected: null,
  editStart: 0, times: [], bbTimes: [], dropped: 0, check: null, bb: null,
  conflict: null, explain: null, step: 0, gen: null, hash: null, typed: null,
  gridVersion: -1, bbShown: -1,
};
window.pencilproof = state;  // read by the browser tests

const inflight = {};  // channel -> requests under way (a new version cancels stale ones)

async function api(op, payload, channel) {
  const body = { ...payload, version: payload.version ?? state.version };
  if (channel) body.client = clientId + ":" + channel;
  let r;
  if (channel) inflight[channel] = (inflight[channel] || 0) + 1;
  try {
    r = await fetch("api/" + op, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
    return { status: 0, body: { error: "the server cannot be reached", version: body.version } };
  } finally {
    if (channel) inflight[channel]--;
  }
  const type = r.headers.get("content-type") || "";
  const out = type.startsWith("application/json") ? await r.json() : await r.blob();
  if (out instanceof Blob) return { status: r.status, body: out, version: body.version };
  if (out.version === undefined) out.version = body.version;
  return { status: r.status, body: out, version: out.version };
}

/** Whether an answer belongs to the puzzle on screen; a stale one is counted and dropped. */
function current(version) {
  if (version === state.version) return true;
  state.dropped++;
  return false;
}

const esc = (s) => String(s).replace(/[&<>"]/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
const cellName = (r, c) => `r${r + 1}c${c + 1}`;
const genreOf = () => (state.doc && state.genres[state.doc.genre]) || {};
const puzzleText = () => JSON.stringify(state.doc);

function showVerdict(text, cls) { const v = $("verdict"); v.textContent = text; v.className = cls; }
function say(id, text) { $(id).textContent = text; }

// -- the grid and what is drawn on it ----------------------------------------------------
function cellRects() {
  const out = new Map();
  const svg = $("grid").querySelector("svg");
  if (!svg) return out;
  for (const el of svg.querySelectorAll("rect.cell, rect.hole")) {
    const m = /^r(\d+)c(\d+)/.exec(el.querySelector("title")?.textContent || "");
    if (m) out.set(`${m[1] - 1},${m[2] - 1}`, el);
  }
  return out;
}

function svgEl(tag, attrs, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Draw one answer character in a cell, the genre's way where it is a shade, else as text. */
function drawValue(g, rect, ch, cls) {
  const x = +rect.getAttribute("x"), y = +rect.getAttribute("y");
  const w = +rect.getAttribute("width"), h = +rect.getAttribute("height");
  const kind = (genreOf().answer_chars || {})[ch] || "";
  if (kind === "shade") {
    g.appendChild(svgEl("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, class: "ov ov-shade " + cls }));
  } else if (ch === (genreOf().blank || ".") || kind === "blank") {
    g.appendChild(svgEl("circle", { cx: x + w / 2, cy: y + h / 2, r: Math.max(2, w / 14), class: "ov ov-dot " + cls }));
  } else {
    const text = (genreOf().answer_text || {})[ch] || ch;  // (Arrow Numbers' 8 is an arrow: ↑)
    g.appendChild(svgEl("text", { x: x + w / 2, y: y + h / 2, "font-size": w * 0.5, class: "ov ov-text " + cls }, text));
  }
}

function box(g, rect, cls, inset = 0) {
  const x = +rect.getAttribute("x"), y = +rect.getAttribute("y");
  const w = +rect.getAttribute("width"), h = +rect.getAttribute("height");
  g.appendChild(svgEl("rect", { x: x + inset, y: y + inset, width: w - 2 * inset,
                                 height: h - 2 * inset, class: "ov " + cls }));
}

/** Everything drawn over the setter's grid: forced and open cells (or an explanation's
 *  step), conflicting clues, the selected cell. Redrawn from state, never patched. */
function drawOverlay() {
  const svg = $("grid").querySelector("svg");
  if (!svg) return;
  svg.querySelector("g#ov")?.remove();
  const g = svgEl("g", { id: "ov" });
  const rects = cellRects();
  const given = (r, c) => state.doc && state.doc.grid[r] && state.doc.grid[r][c] !== null;
  if (state.explain) {
    const steps = state.explain.steps;
    steps.forEach((s, i) => {
      if (i > state.step) return;
      for (const [r, c, ch] of s.cells) {
        const rect = rects.get(`${r},${c}`);
        if (!rect) continue;
        if (i === state.step) box(g, rect, "ov-step");
        if (!given(r, c)) drawValue(g, rect, ch, i === state.step ? "" : "ov-known");
      }
    });
    const s = steps[state.step];
    for (const [r, c] of (s ? s.reasons : [])) {
      const rect = rects.get(`${r},${c}`); if (rect) box(g, rect, "ov-reason", 3);
    }
  } else if (!state.bb && state.check && state.check.differ && state.gridVersion === state.version) {
    // Until the forced cells come: the cells the check's two solutions differ in are open.
    for (const [r, c] of state.check.differ) {
      const rect = rects.get(`${r},${c}`); if (rect) box(g, rect, "ov-open", 1);
    }
  } else if (state.bb && !state.conflict && state.gridVersion === state.version) {
    for (const [r, c] of state.bb.open || []) {
      const rect = rects.get(`${r},${c}`); if (rect) box(g, rect, "ov-open", 1);
    }
    for (const [r, c, ch] of state.bb.fixed || []) {
      const rect = rects.get(`${r},${c}`); if (rect && !given(r, c)) drawValue(g, rect, ch, "forced");
    }
  }
  if (state.conflict) {
    for (const cl of state.conflict.clues || []) {
      const rect = rects.get(`${cl.row},${cl.col}`); if (rect) box(g, rect, "ov-conflict", 2);
    }
  }
  if (state.selected) {
    const rect = rects.get(`${state.selected[0]},${state.selected[1]}`);
    if (rect) box(g, rect, "ov-sel", 1.5);
  }
  svg.appendChild(g);
}

function cellAt(event) {
  for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
    if (el.tagName === "rect" && (el.classList.contains("cell") || el.classList.contains("hole"))) {
      const m = /^r(\d+)c(\d+)/.exec(el.querySelector("title")?.textContent || "");
      if (m) return [Number(m[1]) - 1, Number(m[2]) - 1];
    }
  }
  return null;
}

// -- the address bar -------------------------------------------------------------------------
function hashOf(body) {
  if (body.url) { const i = body.url.indexOf("p?"); if (i >= 0) return body.url.slice(i + 2); }
  if (body.code) return "code:" + encodeURIComponent(body.code);
  return "json:" + encodeURIComponent(puzzleText());
}

function textOfHash(hash) {
  const h = hash.replace(/^#/, "");
  if (!h) return null;
  if (h.startsWith("json:")) return decodeURIComponent(h.slice(5));
  if (h.startsWith("code:")) return decodeURIComponent(h.slice(5));
  return "https://puzz.link/p?" + h;
}

function setHash(h) {
  if (h === state.hash) return;
  const first = state.hash === null && !location.hash;
  state.hash = h;
  if (location.hash.slice(1) === h) return;
  if (first) history.replaceState(null, "", "#" + h); else history.pushState(null, "", "#" + h);
}

window.addEventListener("popstate", () => {
  const text = textOfHash(location.hash);
  if (text && location.hash.slice(1) !== state.hash) { state.hash = location.hash.slice(1); load(text, false); }
});

// -- each edit: a new version, its check and its forced cells ---------------------------
function clearAnswers() {
  state.check = null; state.bb = null; state.conflict = null; state.explain = null;
  $("explainbar").hidden = true;
  $("actions").innerHTML = ""; $("output").textContent = "";
  $("pair").innerHTML = ""; $("pairwrap").hidden = true; $("pairswitch").hidden = true;
  for (const id of ["count", "forced", "differ", "conflict"]) say(id, "");
}

/** Work asked for an older version is cancelled on the server, so it does not hold a
 *  solver process the new version's check needs (a conflict search can take a second). */
function cancelStale() {
  for (const channel of ["conflict", "action"]) {
    if (inflight[channel]) {
      fetch("api/cancel", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ client: clientId + ":" + channel }) }).catch(() => {});
    }
  }
}

function newVersion() {
  state.version++;
  cancelStale();
  clearAnswers();  // no answer, button or step of the old puzzle survives an edit
  return state.version;
}

function setDoc(doc, remember = true) {
  if (remember && state.doc) { state.past.push(puzzleText()); state.future = []; }
  state.doc = doc;
  updateEditor();
  state.editStart = performance.now();
  return recheck();
}

function recheck() {
  if (!state.doc) return Promise.resolve();
  const version = newVersion();
  $("grid").classList.add("busy");
  const jobs = [checkVersion(version)];
  if (genreOf().analysis && genreOf().question === "unique") jobs.push(forcedCells(version));
  return Promise.all(jobs);
}

async function checkVersion(version) {
  const { status, body } = await api("check", { puzzle: puzzleText(), view: "grid", time_limit: 10, version }, "check");
  if (status === 409 || !current(body.version)) return;
  showCheck(status, body, version);
}

function showCheck(status, body, version) {
  $("grid").classList.remove("busy");
  if (body.grid_svg) { $("grid").innerHTML = body.grid_svg; state.gridVersion = version; }
  if (status !== 200 && status !== 504) {
    state.check = null;
    $("grid").classList.add("busy");  // the grid drawn is an older version's
    showVerdict(body.error || ("error " + status), "error");
    say("differ", ""); $("pair").innerHTML = "";
  } else {
    state.check = body;
    const upTo = body.up_to ? ` up to ${body.up_to}` : "";
    if (status === 504) showVerdict("unknown (" + body.error + ")", "unknown");
    else showVerdict(body.verdict.replace("_", " ") + upTo, body.verdict);
    const differ = body.differ_names || [];
    say("differ", differ.length ? `differ in ${differ.length} cells: ${differ.join(" ")}` : "");
    $("differ").dataset.count = differ.length;
    if (body.verdict === "multiple" && body.svg) {
      $("pair").innerHTML = body.svg; $("pairswitch").hidden = false;
      $("pairwrap").hidden = !$("showpair").checked;
    }
    if (body.verdict === "no_solution") askConflict(version);
    if (!state.bb && body.verdict === "multiple" && genreOf().analysis) say("forced", "finding the forced cells ...");
    setHash(hashOf(body));
  }
  drawOverlay();
  forcedShown(version);
  const ms = performance.now() - state.editStart;  // the verdict and the grid are on the page
  state.times.push(ms);
  say("timing", `verdict in ${ms.toFixed(0)} ms (solver ${(1000 * (body.seconds || 0)).toFixed(0)} ms)`);
}

async function forcedCells(version) {
  const { status, body } = await api("backbone", { puzzle: puzzleText(), time_limit: 10, limit: 10, version }, "backbone");
  if (status === 409 || !current(body.version)) return;
  if (status !== 200) {  // an error clears what it replaces
    state.bb = null;
    say("forced", "forced cells: " + (body.error || ("error " + status)));
    say("count", "");
  } else {
    state.bb = body;
    const n = body.solutions;
    const sofar = body.complete ? plural(n, "solution") : `at least ${plural(n, "solution")} so far`;
    say("count", body.verdict === "no_solution" ? "" : sofar + (body.up_to ? ` up to ${body.up_to}` : ""));
    const open = (body.open || []).length;
    say("forced", body.verdict === "no_solution" ? "" :
      `${plural((body.fixed || []).length, "cell")} forced, ${open} open` +
      (open ? `: ${(body.varying_names || []).slice(0, 30).join(" ")}${open > 30 ? " ..." : ""}` : ""));
  }
  $("forced").dataset.version = version;
  drawOverlay();
  if (state.bb) forcedShown(version);
}

/** Forced cells are on screen once both they and this version's grid are drawn. */
function forcedShown(version) {
  if (state.gridVersion !== version || state.bbShown === version || !state.bb) return;
  state.bbShown = version;
  state.bbTimes.push(performance.now() - state.editStart);
}

async function askConflict(version) {
  if (!genreOf().conflict) return;
  const { status, body } = await api("conflict", { puzzle: puzzleText(), time_limit: 10, version }, "conflict");
  if (status === 409 || !current(body.version)) return;
  if (status !== 200 || !body.clues || !body.clues.length) {
    state.conflict = null;  // an error clears what it replaces
    say("conflict", "conflicting clues: " + (body.error ||
        (body.verdict === "no_solution" ? "none: the grid alone has no solution" : "none")));
  } else {
    state.conflict = body;
    const names = body.clues.map((c) => `${c.value} at ${c.place}`);
    say("conflict", `these ${plural(body.clues.length, "clue")} cannot all hold together` +
        (body.minimal ? " (a minimal set: without any one of them, the rest of the set has a solution)"
                      : " (the time ran out before the set was made minimal)") + ": " + names.join(", "));
  }
  drawOverlay();
}

// -- loading ---------------------------------------------------------------------------
async function load(text, remember = true) {
  if (!text || !text.trim()) return;
  $("batch").innerHTML = "";
  const version = newVersion();
  state.editStart = performance.now();
  const { status, body } = await api("check", { puzzle: text, view: "grid", time_limit: 10, version }, "check");
  if (!current(body.version)) return;
  if (body.results) return showBatch(body.results);
  if (!body.document) { showVerdict(body.error || ("error " + status), "error"); return; }
  if (remember && state.doc) { state.past.push(puzzleText()); state.future = []; }
  state.doc = body.document; state.selected = null;
  updateEditor();
  showCheck(status, body, version);  // the check that read the puzzle is its verdict
  if (genreOf().analysis && genreOf().question === "unique") await forcedCells(version);
}

function showBatch(results) {
  $("grid").innerHTML = ""; say("differ", "");
  showVerdict(`${results.length} puzzles`, "");
  const rows = results.map((r, i) => `<tr class="row" data-i="${i}"><td>${esc(r.source)}</td>` +
    `<td>${esc(r.verdict || "error")}</td><td>${esc(r.error || r.url || r.code || "")}</td></tr>`).join("");
  $("batch").innerHTML = `<table id="batchtable"><tr><th>puzzle</th><th>verdict</th>` +
    `<th>URL / error</th></tr>${rows}</table>`;
  $("batch").querySelectorAll("tr.row").forEach((tr) => tr.addEventListener("click", () => {
    const r = results[Number(tr.dataset.i)];
    if (r.url || r.code) { $("source").value = r.url || r.code; load(r.url || r.code); }
  }));
}

// -- editing ---------------------------------------------------------------------------
const tokenOf = (v) => (v === null || v === undefined ? "." : String(v));
function valueOf(token) {
  token = token.trim();
  if (token === "." || token === "") return null;
  return /^\d+$/.test(token) ? Number(token) : token;
}

function setCell(r, c, token) {
  if (!state.doc || r >= state.doc.rows || c >= state.doc.cols) return;
  const doc = JSON.parse(puzzleText());
  doc.grid[r][c] = valueOf(token);
  state.selected = [r, c];
  return setDoc(doc);
}

function cycle(r, c, step) {
  const tokens = genreOf().tokens || ["."];
  const i = tokens.indexOf(tokenOf(state.doc.grid[r][c]));
  const next = tokens[((i < 0 ? 0 : i + step) % tokens.length + tokens.length) % tokens.length];
  return setCell(r, c, next);
}

function select(cell) {
  state.selected = cell; state.typed = null;
  updateEditor(); drawOverlay();
}

function updateEditor() {
  $("undo").disabled = !state.past.length; $("redo").disabled = !state.future.length;
  const s = state.selected;
  $("cellname").textContent = s ? cellName(s[0], s[1]) : "-";
  if (s && state.doc) $("celltoken").value = tokenOf(state.doc.grid[s[0]][s[1]]);
  const g = genreOf();
  for (const b of document.querySelectorAll("[data-needs]")) {
    b.hidden = !state.doc || !g[b.dataset.needs] || g.question !== "unique";
  }
  if (state.doc && $("exportfmt").dataset.genre !== state.doc.genre) {
    $("exportfmt").dataset.genre = state.doc.genre;
    $("exportfmt").innerHTML = (g.formats || []).map((f) => `<option>${esc(f)}</option>`).join("");
  }
  const tokens = (g.tokens || []).filter((t) => t !== ".");
  say("tokens", state.doc ? `${state.doc.genre} givens: ${tokens.join(" ") || "(none)"}; . or Delete clears` : "");
  const chars = Object.entries(g.answer_chars || {}).map(([ch, kind]) => `${ch} ${kind}`);
  $("answer").placeholder = state.doc ? `one row per line of the ${state.doc.rows}x${state.doc.cols} grid` +
    (chars.length ? ` (${chars.join(", ")}; ${g.blank || "."} blank)` : "") : "";
}

$("grid").addEventListener("click", (e) => {
  const cell = cellAt(e); if (!cell || !state.doc || state.explain) return;
  $("gridwrap").focus({ preventScroll: true });
  state.selected = cell; cycle(cell[0], cell[1], 1);
});
$("grid").addEventListener("contextmenu", (e) => {
  const cell = cellAt(e); if (!cell || !state.doc || state.explain) return;
  e.preventDefault(); state.selected = cell; cycle(cell[0], cell[1], -1);
});
$("gridwrap").addEventListener("keydown", (e) => {
  if (!state.doc || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const s = state.selected || [0, 0];
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    select([Math.min(Math.max(s[0] + dr, 0), state.doc.rows - 1),
            Math.min(Math.max(s[1] + dc, 0), state.doc.cols - 1)]);
    return;
  }
  if (!state.selected || state.explain) return;
  if (/^[0-9]$/.test(e.key)) {  // digits typed within a second on one cell make one number
    e.preventDefault();
    const now = performance.now(), t = state.typed;
    const text = t && now - t.at < 1000 && t.cell === s.join() ? t.text + e.key : e.key;
    state.typed = { text, at: now, cell: s.join() };
    setCell(s[0], s[1], String(Number(text)));
  } else if (e.key === "?" || /^[A-Za-z#]$/.test(e.key) && (genreOf().tokens || []).includes(e.key)) {
    e.preventDefault(); state.typed = null; setCell(s[0], s[1], e.key);
  } else if (e.key === "Delete" || e.key === "Backspace" || e.key === ".") {
    e.preventDefault(); state.typed = null; setCell(s[0], s[1], ".");
  }
});
$("celltoken").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && state.selected) setCell(state.selected[0], state.selected[1], $("celltoken").value);
});

function undo() {
  if (!state.past.length) return;
  state.future.push(puzzleText()); state.doc = JSON.parse(state.past.pop());
  updateEditor(); state.editStart = performance.now(); recheck();
}
function redo() {
  if (!state.future.length) return;
  state.past.push(puzzleText()); state.doc = JSON.parse(state.future.pop());
  updateEditor(); state.editStart = performance.now(); recheck();
}
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); }
  if (e.key === "y") { e.preventDefault(); redo(); }
});
$("showpair").addEventListener("change", () => { $("pairwrap").hidden = !$("showpair").checked || !$("pair").innerHTML; });

// -- loading from the page ---------------------------------------------------------------
$("load").addEventListener("click", () => load($("source").value));
$("file").addEventListener("change", async () => {
  const file = $("file").files[0]; if (!file) return;
  const text = await file.text(); $("source").value = text; load(text);
});
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", async (e) => {
  e.preventDefault();
  const file = e.dataTransfer.files[0]; if (!file) return;
  const text = await file.text(); $("source").value = text; load(text);
});
$("new").addEventListener("click", () => {
  const rows = Number($("rows").value), cols = Number($("cols").value);
  state.past = []; state.future = []; state.selected = null; state.doc = null;
  $("batch").innerHTML = "";
  setDoc({ genre: $("genre").value, rows, cols,
           grid: Array.from({ length: rows }, () => Array(cols).fill(null)) }, false);
});

// -- asking: every answer is for the version it was asked for ------------------------------
/** A button that puts a proposed puzzle on the grid, for this version only. */
function applyButton(label, doc, version) {
  const b = document.createElement("button"); b.id = "apply"; b.textContent = label;
  b.dataset.version = version;
  b.addEventListener("click", () => {
    if (Number(b.dataset.version) !== state.version) { b.remove(); return; }  // stale
    $("actions").innerHTML = ""; setDoc(doc);
  });
  $("actions").innerHTML = ""; $("actions").appendChild(b);
}

async function ask(op, payload, busyText) {
  if (!state.doc) return null;
  const version = state.version;
  state.explain = null; $("explainbar").hidden = true; drawOverlay();
  say("output", busyText); $("actions").innerHTML = "";
  const { status, body } = await api(op, { puzzle: puzzleText(), ...payload, version }, "action");
  if (status === 409 || !current(body.version)) return null;
  if (body.error) { say("output", body.error); return null; }
  return body;
}

$("minimize").addEventListener("click", async () => {
  const body = await ask("minimize", { time_limit: 30 }, "minimizing ...");
  if (!body) return;
  say("output", body.removed.length
    ? `${body.clues_before} -> ${body.clues_after} clues; removable: ${body.removed.join(" ")}\nkept: ${body.kept.join(" ")}`
    : `already minimal: every one of the ${body.clues_before} clues is needed`);
  if (body.removed.length) applyButton(`Remove ${body.removed.length} clues`, body.puzzle, body.version);
});

$("suggest").addEventListener("click", async () => {
  const body = await ask("suggest", { time_limit: 20 }, "looking for a clue ...");
  if (!body) return;
  const s = body.suggestion;
  if (!s) { say("output", body.verdict === "unique" ? "already unique" : "no clue found"); return; }
  say("output", `suggested: ${s.token} at ${s.cell} (leaves ${s.solutions} solution${s.solutions === 1 ? "" : "s"})`);
  applyButton(`Put ${s.token} at ${s.cell}`, body.puzzle, body.version);
});

$("repair").addEventListener("click", async () => {
  const body = await ask("repair", { time_limit: 20 }, "looking for clues that make it unique ...");
  if (!body) return;
  if (body.already_unique) { say("output", "already unique: nothing to add"); return; }
  if (!body.puzzle) { say("output", "no repair found: no clue this genre offers tells the solutions apart"); return; }
  const added = body.added.map((a) => `${a.token} at ${a.cell}`).join(", ");
  say("output", `adding ${added} makes it unique (verified)`);
  applyButton(`Add ${added}`, body.puzzle, body.version);
});

$("redundant").addEventListener("click", async () => {
  const body = await ask("redundant", { time_limit: 20 }, "testing each clue ...");
  if (!body) return;
  say("output", body.redundant.length
    ? `each of these can go on its own, the puzzle staying unique: ${body.redundant.map((x) => `${x.token} at ${x.cell}`).join(", ")}`
    : "no clue can go: every clue is needed");
});

$("grade").addEventListener("click", async () => {
  const body = await ask("grade", { time_limit: 20 }, "grading ...");
  if (!body) return;
  const g = body.grade;
  say("output", g ? `grade ${g.grade} of 9 (deepest level ${g.depth}, ${plural(g.rounds, "round")})`
    : "no grade: the puzzle is not unique");
});

$("explain").addEventListener("click", async () => {
  const body = await ask("explain", { time_limit: 20 }, "finding a deduction path ...");
  if (!body) return;
  if (!body.steps.length) { say("output", "nothing to deduce"); return; }
  state.explain = body; state.step = 0;
  $("explainbar").hidden = false;
  const g = body.grade;
  say("output", `${plural(body.steps.length, "step")}` + (g ? `; grade ${g.grade} of 9` : "") +
      (body.undeduced.length ? `; ${plural(body.undeduced.length, "cell")} not deduced (they vary)` : ""));
  showStep();
});

function showStep() {
  const e = state.explain; if (!e) return;
  const s = e.steps[state.step];
  const why = s.level === 0 ? "by symmetry" : s.reasons.length
    ? "from " + s.reasons.map(([r, c]) => cellName(r, c)).join(" ") : "from the rules";
  say("stepinfo", `step ${state.step + 1} of ${e.steps.length}: round ${s.round}, ` +
      `level ${s.level} (${e.levels[s.level] || ""}); ${plural(s.cells.length, "cell")} ${why}`);
  $("prevstep").disabled = state.step === 0;
  $("nextstep").disabled = state.step === e.steps.length - 1;
  drawOverlay();
}
$("prevstep").addEventListener("click", () => { if (state.step > 0) { state.step--; showStep(); } });
$("nextstep").addEventListener("click", () => {
  if (state.explain && state.step < state.explain.steps.length - 1) { state.step++; showStep(); }
});
$("closeexplain").addEventListener("click", () => {
  state.explain = null; $("explainbar").hidden = true; drawOverlay();
});

// -- generating: round after round, each a few attempts, until found or cancelled ------------
const MAX_ROUNDS = 50;
$("generate").addEventListener("click", async () => {
  const genre = $("genre").value;
  const lo = Number($("gengradelo").value), hi = Number($("gengradehi").value);
  const run = { seed: Math.floor(Math.random() * 2 ** 31), t0: performance.now(), attempts: 0 };
  state.gen = run;
  $("generate").disabled = true; $("gencancel").disabled = false;
  const payload = { genre, rows: Number($("rows").value), cols: Number($("cols").value),
                    symmetry: $("gensym").value || null, fewest: $("genfewest").checked,
                    grade: lo > 1 || hi < 9 ? [Math.min(lo, hi), Math.max(lo, hi)] : null,
                    seed: run.seed, time_limit: 30, version: 0 };
  try {
    for (let index = 0; index < MAX_ROUNDS && state.gen === run; index++) {
      say("genprogress", `searching: ${run.attempts} attempts, ${((performance.now() - run.t0) / 1000).toFixed(1)} s`);
      const { status, body } = await api("generate", { ...payload, index }, "generate");
      if (state.gen !== run) return;  // cancelled meanwhile
      if (status !== 200) { say("genprogress", body.error || ("error " + status)); return; }
      run.attempts += body.attempts;
      if (body.found) {
        const secs = ((performance.now() - run.t0) / 1000).toFixed(1);
        say("genprogress", `found after ${plural(run.attempts, "attempt")} in ${secs} s: ` +
            `${body.clues} clues` + (body.grade ? `, grade ${body.grade.grade}` : ""));
        state.past = []; state.future = []; state.selected = null;
        if (state.doc) state.past.push(puzzleText());
        $("source").value = body.url || body.code || JSON.stringify(body.puzzle);
        await setDoc(body.puzzle, false);
        return;
      }
    }
    if (state.gen === run) say("genprogress", `no puzzle in ${run.attempts} attempts: widen the grade range or the size`);
  } finally {
    if (state.gen === run) { state.gen = null; $("generate").disabled = false; $("gencancel").disabled = true; }
  }
});
$("gencancel").addEventListener("click", () => {
  const run = state.gen; if (!run) return;
  state.gen = null;
  api("cancel", { version: 0 }, "generate");
  say("genprogress", `cancelled after ${run.attempts} attempts`);
  $("generate").disabled = false; $("gencancel").disabled = true;
});

// -- export and verify --------------------------------------------------------------------
$("export").addEventListener("click", async () => {
  if (!state.doc) return;
  const to = $("exportfmt").value;
  const { status, body } = await api("convert", { puzzle: puzzleText(), to });
  if (!current(body instanceof Blob ? state.version : body.version)) return;
  if (status !== 200) { say("exported", body.error || ("error " + status)); return; }
  const blob = body instanceof Blob ? body : new Blob([body.text], { type: "text/plain" });
  const ext = { url: "url", pzprv3: "pzprv3", json: "json", text: "txt", svg: "svg", png: "png" }[to] || "txt";
  $("exported").innerHTML = `<a id="download" download="puzzle.${ext}" href="${URL.createObjectURL(blob)}">download puzzle.${ext}</a>` +
    (body instanceof Blob ? "" : "<br>" + esc(body.text));
});

$("verify").addEventListener("click", async () => {
  if (!state.doc) return;
  const { body } = await api("verify", { puzzle: puzzleText(), answer: $("answer").value, view: true });
  if (!current(body.version)) return;
  if (body.error) { say("verified", body.error); return; }
  $("verified").innerHTML = (body.valid ? "a valid solution" :
    esc(body.violations.map((v) => `${v.code}: ${v.message}`).join("\n"))) + "<br>" + (body.svg || "");
});

// -- start -------------------------------------------------------------------------------
(async () => {
  for (const id of ["gengradelo", "gengradehi"]) {
    for (let k = 1; k <= 9; k++) {
      const o = document.createElement("option"); o.value = o.textContent = k; $(id).appendChild(o);
    }
  }
  $("gengradehi").value = "9";
  const r = await fetch("api/genres"); const { genres } = await r.json();
  for (const g of genres) {
    state.genres[g.name] = g;
    const o = document.createElement("option"); o.value = g.name; o.textContent = `${g.name} — ${g.summary}`;
    $("genre").appendChild(o);
  }
  const syncGen = () => { const g = state.genres[$("genre").value] || {};
    $("generate").disabled = !g.generate || !!state.gen; };
  $("genre").addEventListener("change", syncGen); syncGen();
  updateEditor();
  const text = textOfHash(location.hash);
  if (text) { state.hash = location.hash.slice(1); await load(text, false); }
  document.body.dataset.ready = "1";
})();
