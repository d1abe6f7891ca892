// washigen studio: the page's state and wiring. The server makes, checks and prints; this file asks it, shows
// what it answers, and keeps the URL so that a link makes the same design again.

import { ApiError, getJson, postFile, postJson, render } from "./api.js";
import { buildForm, buildPrintOptions, markInvalid, readForm, readPrintOptions } from "./form.js";
import { Preview, calibrate, cellAt, cellRect } from "./preview.js";
import { History, toolsFor } from "./editor.js";
import { Replay, showBalance } from "./play.js";

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 250;
const LANGUAGE_NAMES = { en: "English", de: "Deutsch" };       // others show their code

const state = {
  games: [], papers: [], languages: [],
  game: null, component: null,        // entries of GET /api/games
  result: null,                       // the last answer: design, report, svg, geometry
  selected: -1,                       // index of the highlighted violation
  edited: false,
  history: new History(),
  tools: [],                          // the edit tools for the design shown
  pick: null,                         // the first cell of a two-click edit (a swap)
  page: 0,                            // the page of the print shown (0 the first)
  request: 0,                         // answers to older requests are dropped
};
const preview = new Preview($("preview"));
const replay = new Replay({ view: $("replay-view"), lines: $("replay-lines"), step: $("replay-step"),
                            first: $("replay-first"), back: $("replay-back"), next: $("replay-next"),
                            last: $("replay-last") }, showStep);

// The places "(row, col)" that a step of a bot game names, outlined on the drawing.
function showStep(lines) {
  const geometry = state.result?.geometry;
  if (!geometry) return;
  const rects = [];
  for (const match of lines.join("\n").matchAll(/\((\d+), (\d+)\)/g)) {
    const [row, col] = [Number(match[1]), Number(match[2])];
    if (row >= 1 && col >= 1 && row <= geometry.rows && col <= geometry.cols) rects.push(cellRect(geometry, row, col));
  }
  preview.showStep(rects);
}

// -- status line -------------------------------------------------------------------------------------------------

function status(text, kind = "") {
  const line = $("status");
  line.textContent = text;
  line.className = `status ${kind}`;
}

function failed(error) {
  const message = error instanceof ApiError ? error.message : `Unexpected: ${error.message}`;
  status("Something needs fixing", "error");
  $("problem").textContent = message;
  $("problem").hidden = false;
  return message;
}

function solved() {
  $("problem").hidden = true;
  document.querySelector(".side").classList.remove("stale");
}

// -- pickers and the URL -------------------------------------------------------------------------------------------

function fillGames() {
  $("game").replaceChildren(...state.games.map((g) => new Option(g.title, g.name)));
}

function chooseGame(name, componentName, values = {}) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  $("game").value = state.game.name;
  $("component").replaceChildren(...state.game.components.map((c) => new Option(c.name, c.name)));
  chooseComponent(componentName, values);
}

function chooseComponent(name, values = {}) {
  state.page = 0;
  const components = state.game.components;
  state.component = components.find((c) => c.name === name) || components[0];
  $("component").value = state.component.name;
  $("component-help").textContent = state.component.help;
  $("seed-row").hidden = !state.component.seeded;
  buildForm($("params"), state.component.params, values, scheduleDesign);
  buildPrintOptions($("print-options"), state.component.print_options, state.papers, () => {});
  $("print-box").hidden = state.component.print_options.length === 0;
  $("balance-result").replaceChildren();
  $("replay-view").hidden = true;
}

function readUrl() {
  const query = new URLSearchParams(location.search);
  const values = {};
  for (const [key, value] of query) {
    if (!["game", "component", "seed", "lang"].includes(key)) values[key] = value;
  }
  return { game: query.get("game"), component: query.get("component"), seed: query.get("seed"),
           lang: query.get("lang"), values };
}

function writeUrl(params, seed) {
  const query = new URLSearchParams({ game: state.game.name, component: state.component.name });
  if (state.component.seeded && seed !== null && seed !== undefined) query.set("seed", seed);
  if ($("lang").value && $("lang").value !== "en") query.set("lang", $("lang").value);
  for (const [key, value] of Object.entries(params)) query.set(key, value);
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function newSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 1000000;
}

// -- making a design ---------------------------------------------------------------------------------------------

let timer = null;
function scheduleDesign() {
  clearTimeout(timer);
  preview.setStale(true);
  timer = setTimeout(makeDesign, DEBOUNCE_MS);
}

function designRequest() {
  const params = readForm($("params"), state.component.params);
  // as text: seeds go up to 2^63 - 1, past what a JavaScript number holds exactly
  const seed = state.component.seeded && $("seed").value.trim() !== "" ? $("seed").value.trim() : null;
  return { game: state.game.name, component: state.component.name, params, seed };
}

// Another page, or another language: the design shown is drawn again (not made again: edits stay).
function redraw() {
  if (state.result?.design) checkDesign(state.result.design);
  else makeDesign();
}

function turnPage(step) {
  state.page = Math.max(0, Math.min((state.result?.pages ?? 1) - 1, state.page + step));
  redraw();
}

async function makeDesign() {
  clearTimeout(timer);
  const request = designRequest();
  const ticket = ++state.request;
  status("Making…", "busy");
  try {
    const result = await postJson("/api/design", { ...request, page: state.page, lang: $("lang").value });
    if (ticket !== state.request) return;
    markInvalid($("params"), "");
    state.history.reset();
    state.edited = false;
    if (result.seed !== null && state.component.seeded && !request.seed) $("seed").value = result.seed;
    writeUrl(request.params, request.seed ?? result.seed);
    show(result);
    status(result.design ? "Ready" : "Ready · this part only prints; nothing to check");
  } catch (error) {
    if (ticket !== state.request) return;
    const message = failed(error);
    markInvalid($("params"), message);
    preview.setStale(true);
    document.querySelector(".side").classList.add("stale");
    if (!state.result) preview.message(message, true);
  }
}

// -- showing an answer -------------------------------------------------------------------------------------------

function show(result) {
  solved();
  state.result = result;
  state.selected = -1;
  preview.show(result.svg);
  preview.setStale(false);
  state.page = result.page ?? 0;
  $("page-nav").hidden = !(result.pages > 1);
  $("page-label").textContent = `page ${state.page + 1} of ${result.pages}`;
  $("page-prev").disabled = state.page === 0;
  $("page-next").disabled = state.page >= result.pages - 1;
  $("log").textContent = (result.messages || []).join("\n") || "(nothing printed)";
  $("text-form").textContent = result.text || "(this part has no text form)";
  for (const button of document.querySelectorAll("[data-needs-design]")) button.disabled = !result.design;
  const game = state.games.find((g) => g.name === result.game);        // play needs a design to play on
  $("balance-box").hidden = !(result.design && game?.balance);
  $("replay-box").hidden = !(result.design && game?.play);
  $("play-box").hidden = $("balance-box").hidden && $("replay-box").hidden;
  showReport();
  showEditTools();
}

function whereText(where) {
  return Object.entries(where).map(([k, v]) => `${k} ${Array.isArray(v) ? `(${v.join(", ")})` : v}`).join(", ");
}

function showReport() {
  const report = state.result.report;
  const summary = $("report-summary");
  const list = $("violations");
  list.replaceChildren();
  if (!report) {
    summary.textContent = "No rules to check for this part.";
    summary.className = "summary";
    preview.drawMarks([], -1, select);
    return;
  }
  if (report.violations.length === 0) {
    summary.textContent = "Valid: no rule broken";
    summary.className = "summary ok";
  } else {
    summary.textContent = report.valid
      ? `Valid, ${report.warnings} warning(s)`
      : `Invalid: ${report.errors} error(s), ${report.warnings} warning(s)`;
    summary.className = `summary ${report.valid ? "warn" : "bad"}`;
  }
  if (state.result.score !== null && state.result.score !== undefined) {
    summary.textContent += ` · score ${state.result.score} points`;
  }
  report.violations.forEach((violation, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = violation.severity;
    button.dataset.index = index;
    button.dataset.rule = violation.rule;
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = `${violation.severity} · ${violation.rule}`;
    const where = document.createElement("span");
    where.className = "where";
    const place = whereText(violation.where);
    where.textContent = place ? ` (${place}${violation.mark ? "" : "; not on this drawing"})` : "";
    button.append(rule, violation.message, where);
    button.addEventListener("click", () => select(index));
    const item = document.createElement("li");
    item.append(button);
    list.append(item);
  });
  drawMarks();
}

function drawMarks() {
  const violations = state.result?.report?.violations || [];
  const onDrawing = state.page === 0;          // marks place things on the first page, where the part is
  const rects = violations.flatMap((v, index) => onDrawing && v.mark
    ? [{ x: v.mark[0], y: v.mark[1], w: v.mark[2], h: v.mark[3], severity: v.severity, index }] : []);
  preview.drawMarks(rects, state.selected, select);
}

function select(index) {
  state.selected = state.selected === index ? -1 : index;
  for (const button of $("violations").querySelectorAll("button")) {
    const chosen = Number(button.dataset.index) === state.selected;
    button.classList.toggle("selected", chosen);
    button.setAttribute("aria-pressed", chosen);
    if (chosen) button.scrollIntoView({ block: "nearest" });
  }
  drawMarks();
}

// -- editing -----------------------------------------------------------------------------------------------------

function showEditTools() {
  const tools = toolsFor(state.result?.design, state.result?.geometry);
  const kept = $("tool").value;
  if (tools.map((t) => t.id).join() !== state.tools.map((t) => t.id).join()) {
    $("tool").replaceChildren(...tools.map((t) => new Option(t.label, t.id)));
    if (tools.some((t) => t.id === kept)) $("tool").value = kept;
  }
  state.tools = tools;
  state.pick = null;
  const on = tools.length > 0;
  $("edit-tools").hidden = !on;
  $("preview").classList.toggle("editing", on);
  $("edit-hint").hidden = !on;
  $("edit-hint").textContent = on
    ? "Click (or drag) on the drawing to edit, or focus it and use the arrow keys and Enter; the report follows " +
      "every edit. Ctrl+Z undoes, Ctrl+Shift+Z redoes."
    : "";
  $("undo").disabled = state.history.past.length === 0;
  $("redo").disabled = state.history.future.length === 0;
}

function currentTool() {
  return state.tools.find((t) => t.id === $("tool").value) || null;
}

async function checkDesign(design) {
  const ticket = ++state.request;
  status("Checking…", "busy");
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(design));
    const query = new URLSearchParams({ name: "edited.json", page: state.page, lang: $("lang").value });
    const result = await postFile(`/api/validate?${query}`, bytes);
    if (ticket !== state.request) return;
    result.messages = state.result?.messages || [];
    show(result);
    status(state.edited ? "Edited · checked" : "Ready");
  } catch (error) {
    if (ticket === state.request) failed(error);
  }
}

function commit(next) {
  if (!next) return;
  state.history.push(state.result.design);
  state.edited = true;
  state.result.design = next;
  checkDesign(next);
}

// The design shown changes at once (a second Ctrl+Z before the server answers goes one step further back); the
// server's check follows.
function restore(design, edited) {
  if (!design) return;
  state.result.design = design;
  state.edited = edited;
  checkDesign(design);
  showEditTools();
}

function undo() {
  if (state.result?.design) restore(state.history.undo(state.result.design), state.history.past.length > 0);
}

function redo() {
  if (state.result?.design) restore(state.history.redo(state.result.design), true);
}

let stroke = null;       // a drag of a brush: the design as painted so far, committed on release
function pointerCell(event) {
  return cellAt(state.result?.geometry, preview.pointAt(event));
}

function onPointerDown(event) {
  const tool = currentTool();
  if (!tool || event.button !== 0) return;
  const cell = pointerCell(event);
  if (!cell) return;
  event.preventDefault();
  if (tool.brush) {
    stroke = { design: state.result.design, changed: false, cells: new Set() };
    brush(tool, cell);
  } else if (tool.pick && !state.pick) {
    state.pick = cell;                    // the first of two: wait for the second
    preview.hover(cellRect(state.result.geometry, cell.row, cell.col), true);
    status(`Tile at row ${cell.row}, column ${cell.col} picked; click the tile to swap it with`);
  } else {
    const first = state.pick;
    state.pick = null;
    commit(tool.apply(state.result.design, cell, first));
  }
}

function brush(tool, cell) {
  const key = `${cell.row},${cell.col}`;
  if (stroke.cells.has(key)) return;
  stroke.cells.add(key);
  const next = tool.apply(stroke.design, cell);
  if (next) { stroke.design = next; stroke.changed = true; }
  preview.hover(cellRect(state.result.geometry, cell.row, cell.col));
}

function onPointerMove(event) {
  const tool = currentTool();
  if (!tool) return;
  const cell = pointerCell(event);
  if (!state.pick) preview.hover(cell ? cellRect(state.result.geometry, cell.row, cell.col) : null);
  if (stroke && cell && event.buttons & 1) brush(tool, cell);
}

function onPointerUp() {
  if (!stroke) return;
  const finished = stroke;
  stroke = null;
  if (finished.changed) commit(finished.design);
}

// From the keyboard: arrows move a cursor over the grid, Enter or Space applies the tool there (an opening
// tool opens the edge the last arrow pointed to).
let cursor = null;
const ARROWS = { ArrowUp: [-1, 0, 0.5, 0], ArrowDown: [1, 0, 0.5, 1], ArrowLeft: [0, -1, 0, 0.5],
                 ArrowRight: [0, 1, 1, 0.5] };

function onStageKey(event) {
  const tool = currentTool();
  const geometry = state.result?.geometry;
  if (!tool || !geometry) return;
  if (event.key in ARROWS) {
    event.preventDefault();
    const [dr, dc, dx, dy] = ARROWS[event.key];
    const up = geometry.rows_up ? -1 : 1;           // on a tree, row 1 is at the bottom
    const row = Math.min(geometry.rows, Math.max(1, (cursor?.row ?? 1) + dr * up));
    const col = Math.min(geometry.cols, Math.max(1, (cursor?.col ?? 1) + dc));
    cursor = { row: cursor ? row : 1, col: cursor ? col : 1, dx, dy };
    preview.hover(cellRect(geometry, cursor.row, cursor.col));
    status(`Row ${cursor.row}, column ${cursor.col}: Enter applies “${tool.label}”`);
  } else if ((event.key === "Enter" || event.key === " ") && cursor) {
    event.preventDefault();
    if (tool.pick && !state.pick) {
      state.pick = { ...cursor };
      status(`Row ${cursor.row}, column ${cursor.col} picked; move to the other and press Enter`);
    } else {
      const first = state.pick;
      state.pick = null;
      commit(tool.apply(state.result.design, cursor, first));
    }
  }
}

// -- downloads, uploads, play -------------------------------------------------------------------------------------

async function download(format) {
  const options = format === "json" ? {} : readPrintOptions($("print-options"));
  if (format !== "json" && (state.result?.design || state.component.print_options.includes("lang"))) {
    options.lang = $("lang").value;
  }
  const body = state.result?.design
    ? { design: state.result.design, options }
    : { ...designRequest(), options };
  status(`Printing ${format.toUpperCase()}…`, "busy");
  try {
    const { blob, filename } = await render(format, body);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    status(`Downloaded ${filename}`);
  } catch (error) {
    failed(error);
  }
}

async function upload(file) {
  if (!file) return;
  status(`Reading ${file.name}…`, "busy");
  const ticket = ++state.request;
  try {
    const result = await postFile(`/api/validate?name=${encodeURIComponent(file.name)}`, await file.arrayBuffer());
    if (ticket !== state.request) return;
    const game = state.games.find((g) => g.name === result.game);
    const component = game?.components.find((c) => c.name === result.kind) ? result.kind : undefined;
    chooseGame(result.game, component);
    if (result.seed !== null) $("seed").value = result.seed;
    state.history.reset();
    state.edited = true;
    result.messages = [`opened ${file.name}`];
    show(result);
    status(`Opened ${file.name}`);
  } catch (error) {
    if (ticket === state.request) failed(error);
  } finally {
    $("upload").value = "";
  }
}

async function estimateBalance() {
  const games = Number($("balance-games").value) || 200;
  status(`Playing ${games} games…`, "busy");
  $("balance").disabled = true;
  try {
    const result = await postJson("/api/balance", { design: state.result.design, games,
                                                    seed: $("seed").value.trim() || 0 });
    showBalance($("balance-result"), result);
    status("Balance estimated");
  } catch (error) {
    $("balance-result").textContent = failed(error);
  } finally {
    $("balance").disabled = false;
  }
}

async function playOne() {
  status("Playing one bot game…", "busy");
  $("replay").disabled = true;
  try {
    const result = await postJson("/api/play", { design: state.result.design, seed: $("seed").value.trim() || 0 });
    replay.load(result.lines);
    status("Bot game played; step through it");
  } catch (error) {
    failed(error);
  } finally {
    $("replay").disabled = false;
  }
}

// -- zoom and calibration -----------------------------------------------------------------------------------------

function setZoom(mode) {
  preview.setMode(mode);
  $("zoom-fit").setAttribute("aria-pressed", mode === "fit");
  $("zoom-real").setAttribute("aria-pressed", mode === "real");
}

// -- start ---------------------------------------------------------------------------------------------------------

function wire() {
  $("game").addEventListener("change", () => { chooseGame($("game").value); makeDesign(); });
  $("component").addEventListener("change", () => { chooseComponent($("component").value); makeDesign(); });
  $("seed").addEventListener("input", scheduleDesign);
  $("lang").addEventListener("change", () => { writeUrl(readForm($("params"), state.component.params),
                                                        designRequest().seed); redraw(); });
  $("new-seed").addEventListener("click", () => { $("seed").value = newSeed(); makeDesign(); });
  $("params").addEventListener("submit", (event) => { event.preventDefault(); makeDesign(); });
  for (const button of document.querySelectorAll("[data-format]")) {
    button.addEventListener("click", () => download(button.dataset.format));
  }
  $("upload").addEventListener("change", () => upload($("upload").files[0]));
  $("balance").addEventListener("click", estimateBalance);
  $("replay").addEventListener("click", playOne);
  $("replay-first").addEventListener("click", () => replay.go(0));
  $("replay-back").addEventListener("click", () => replay.go(replay.at - 1));
  $("replay-next").addEventListener("click", () => replay.go(replay.at + 1));
  $("replay-last").addEventListener("click", () => replay.go(replay.steps.length - 1));
  $("zoom-fit").addEventListener("click", () => setZoom("fit"));
  $("zoom-real").addEventListener("click", () => setZoom("real"));
  $("calibrate").addEventListener("click", () => { $("calibration").hidden = !$("calibration").hidden; });
  $("calibration-done").addEventListener("click", () => {
    calibrate(Number($("ruler-length").value) || 100);
    $("calibration").hidden = true;
    setZoom("real");
  });
  $("undo").addEventListener("click", undo);
  $("page-prev").addEventListener("click", () => turnPage(-1));
  $("page-next").addEventListener("click", () => turnPage(1));
  $("redo").addEventListener("click", redo);
  const stage = $("preview");
  stage.addEventListener("pointerdown", onPointerDown);
  stage.addEventListener("pointermove", onPointerMove);
  stage.addEventListener("pointerleave", () => { if (!state.pick) preview.hover(null); });
  window.addEventListener("pointerup", onPointerUp);
  stage.addEventListener("keydown", onStageKey);
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === "z") { event.preventDefault(); event.shiftKey ? redo() : undo(); }
    else if ((event.ctrlKey || event.metaKey) && key === "y") { event.preventDefault(); redo(); }
    else if (!typing && key === "n" && state.component?.seeded) { $("seed").value = newSeed(); makeDesign(); }
  });
}

async function start() {
  wire();
  try {
    const listing = await getJson("/api/games");
    state.games = listing.games.filter((g) => g.components.length > 0);
    state.papers = listing.papers;
    state.languages = listing.languages;
  } catch (error) {
    preview.message(failed(error), true);
    return;
  }
  if (!state.games.length) {
    preview.message("No game is registered.", true);
    return;
  }
  fillGames();
  const wanted = readUrl();
  $("lang").replaceChildren(...state.languages.map((code) => new Option(LANGUAGE_NAMES[code] || code, code)));
  $("lang").value = state.languages.includes(wanted.lang) ? wanted.lang : "en";
  chooseGame(wanted.game || "cats", wanted.component, wanted.values);
  $("seed").value = wanted.seed ?? newSeed();
  await makeDesign();
}

// For tests and the console: the grid of the design shown (cell of row 1, column 1 at x, y; mm).
window.studioGeometry = () => state.result?.geometry ?? null;
window.studioDesign = () => state.result?.design ?? null;

start();
