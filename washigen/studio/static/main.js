// washigen studio: the page's state and wiring. The server makes, checks and prints; this file asks it, shows
// what it answers, and keeps the URL so that a link makes the same design again.

import { ApiError, Stopped, getJson, postFile, postJson, postStream, render } from "./api.js";
import { buildForm, buildPrintOptions, fieldMessage, markInvalid, readForm, readPrintOptions } from "./form.js";
import { pageLanguage, t, tn, translatePage } from "./i18n.js";
import { Preview, calibrate, cellRect } from "./preview.js";
import { History, toolsFor } from "./editor.js";
import { Replay, showBalance } from "./play.js";
import { BalanceChart } from "./chart.js";
import { wireStage } from "./stage_input.js";

const $ = (id) => document.getElementById(id);
// The wait after a keystroke before the design is asked for: short, since a newer request aborts the older (the
// server stops its work), so typing "12" costs at most one wasted start.
const DEBOUNCE_MS = 30;
const SELECT = "select";                // the tool that selects, never edits (the default)
const LANGUAGE_NAMES = { en: "English", de: "Deutsch" };       // others show their code

const state = {
  games: [], papers: [], languages: [],
  game: null, component: null,        // entries of GET /api/games
  result: null,                       // the last answer: design, report, svg, geometry
  selected: -1,                       // index of the highlighted violation
  edited: false,                      // the design differs from what its command made
  dirty: false,                       // edits not yet downloaded as a design file (leaving warns)
  work: null,                         // the AbortController of the request at work (a newer one, or Cancel, aborts it)
  history: new History(),
  tools: [],                          // the edit tools for the design shown
  pick: null,                         // the first cell of a two-click edit (a swap)
  page: 0,                            // the page of the print shown (0 the first)
  request: 0,                         // answers to older requests are dropped
  gamesTyped: false,                  // the balance's games were typed for this game (kept, not set to what fits)
  played: null,                       // the bot game on the board: {design, seed}
  onBoard: false,                     // the preview shows the board of that game, not the design
  boardRequest: 0,                    // answers to older board steps are dropped
  stepTimes: [],                      // how long each board step took to show, in ms (tests read it)
  boardSvg: null,                     // the board shown, as the server drew it
};
const preview = new Preview($("preview"));
const chart = new BalanceChart({ box: $("balance-chart"), image: $("chart-image"), large: $("chart-large"),
                                 dialog: $("chart-dialog") });
const replay = new Replay({ view: $("replay-view"), lines: $("replay-lines"), step: $("replay-step"),
                            first: $("replay-first"), back: $("replay-back"), next: $("replay-next"),
                            last: $("replay-last"), play: $("replay-play") }, showStep);

// A step of a bot game: on the board (Cats, Cops) the server draws the game after that many moves; otherwise the
// places the step names are outlined on the drawing: "(row, col)" or "row R, column C", as the page's language
// writes them ("(4; 7)", "Reihe 1, Spalte 3" in German).
const PLACES = /\((\d+)[,;] (\d+)\)|(?:row|Reihe) (\d+), (?:column|Spalte) (\d+)/g;

function showStep(lines, boardStep) {
  if (boardStep !== null) return showBoard(boardStep);
  const geometry = state.result?.geometry;
  if (!geometry) return;
  const rects = [];
  for (const match of lines.join("\n").matchAll(PLACES)) {
    const [row, col] = [Number(match[1] ?? match[3]), Number(match[2] ?? match[4])];
    if (row >= 1 && col >= 1 && row <= geometry.rows && col <= geometry.cols) rects.push(cellRect(geometry, row, col));
  }
  preview.showStep(rects);
}

// The board after `step` moves of the game played (state.played: its design and seed), drawn by the server; an
// answer to an older step is dropped. The next step is asked for as soon as one is shown, so that stepping forward
// (and Play through) rarely waits. The design's marks and edit tools rest while the board is shown.
async function showBoard(step) {
  const played = state.played;
  if (!played) return;
  const ticket = ++state.boardRequest;
  const started = performance.now();
  const lang = $("lang").value;
  try {
    const svg = await boardSvg(played, step, lang);
    if (ticket !== state.boardRequest || state.played !== played) return;
    preview.show(svg);
    state.boardSvg = svg;
    preview.svgElement().setAttribute("aria-label", t("The game after move {step}", { step }));
    state.onBoard = true;
    state.stepTimes.push(performance.now() - started);
    document.body.classList.add("on-board");
    $("board-actions").hidden = false;
    $("edit-tools").hidden = true;
    $("edit-hint").hidden = true;
    if (step < played.moves) boardSvg(played, step + 1, lang).catch(() => {});
  } catch (error) {
    if (ticket === state.boardRequest) { replay.stop(); failed(error); }
  }
}

const BOARDS_KEPT = 60;          // drawings of one game kept in the page (a Cops board is ~200 kB)

// The SVG of the board after `step` moves, asked once per game, step and language.
function boardSvg(played, step, lang) {
  const key = `${step}|${lang}`;
  if (!played.boards.has(key)) {
    const asked = postJson("/api/board", { design: played.design, seed: played.seed, step, lang })
      .then((answer) => answer.svg);
    asked.catch(() => played.boards.delete(key));
    played.boards.set(key, asked);
    if (played.boards.size > BOARDS_KEPT) played.boards.delete(played.boards.keys().next().value);
  }
  return played.boards.get(key);
}

// The stepping controls: above the board while a game is on it (beside what they change, on a phone too), in the
// Play panel otherwise.
function placeReplayControls(onBoard) {
  const controls = $("replay-controls");
  if (onBoard) $("board-bar").append(controls);
  else $("replay-view").prepend(controls);
  $("board-bar").hidden = !onBoard;
}

// Leaving the board: the design is shown again, as it was.
function leaveBoard() {
  replay.stop();
  placeReplayControls(false);
  state.boardRequest += 1;
  state.played = null;
  if (!state.onBoard) return;
  state.onBoard = false;
  document.body.classList.remove("on-board");
  $("board-actions").hidden = true;
  $("replay-view").hidden = true;
  if (state.result) show(state.result);
}

// -- status line -------------------------------------------------------------------------------------------------

// The work bar: shown while a request may take long; Cancel aborts it (and the server stops it).
function startWork() {
  state.work?.abort();
  state.work = new AbortController();
  return state.work;
}

function progress(done, total) {
  $("work").hidden = false;
  $("work-progress").max = total || 1;
  $("work-progress").value = done;
  status(t("{done} of {total} games played", { done, total }), "busy");
}

function endWork(work) {
  if (state.work !== work) return;
  state.work = null;
  $("work").hidden = true;
}

function status(text, kind = "") {
  const line = $("status");
  line.textContent = text;
  line.className = `status ${kind}`;
}

// `onForm`: the field a refusal names is one of the part's form (false: the balance's games, which Cat Tree's play
// part also has a field for, with a range of its own).
function failed(error, onForm = true) {
  const specs = !onForm ? [] : [...(state.component?.params || []),
    ...(state.component?.print_options || []).map((name) => ({ name, min: null, max: null }))];
  const message = error instanceof ApiError
    ? (error.field ? fieldMessage(error, specs) : error.message) : t("Unexpected: {message}", { message: error.message });
  const field = onForm ? error.field : null;
  markInvalid($("params"), field);
  markInvalid($("print-options"), field);
  if (field && $("print-options").querySelector(`[name="${CSS.escape(field)}"]`)) {
    $("print-box").open = true;
  }
  status(t("Something needs fixing"), "error");
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
  const game = state.games.find((g) => g.name === name) || state.games[0];
  if (game !== state.game) state.gamesTyped = false;     // a count typed for one game is no start for another
  state.game = game;
  $("game").value = state.game.name;
  $("component").replaceChildren(...state.game.components.map((c) => new Option(c.label ?? c.name, c.name)));
  $("component").value = componentName && state.game.components.some((c) => c.name === componentName)
    ? componentName : state.game.components[0].name;
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
  chart.clear();
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
  else if (pageLanguage !== "en") query.set("lang", "en");      // a link opened elsewhere prints the same
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

// A number field holding what is no number ("1e999", "-", "2..5"): the browser reads it as empty, so the design
// would be made with the default instead; it is refused naming the field, as the server refuses a value.
function unreadable(...boxes) {
  const input = boxes.flatMap((box) => [...box.querySelectorAll("input")]).find((i) => i.validity?.badInput);
  if (!input) return null;
  const field = input.name || input.id;
  return new ApiError(t("not a number"), 400, { field, reason: t("not a number"), range: true });
}

async function makeDesign() {
  clearTimeout(timer);
  const refused = unreadable($("params"), $("seed-row"));
  if (refused) {
    ++state.request;
    failed(refused);
    preview.setStale(true);
    return;
  }
  const request = designRequest();
  const ticket = ++state.request;
  const work = startWork();
  status(t("Making…"), "busy");
  try {
    const result = await postStream("/api/design", { ...request, page: state.page, lang: $("lang").value },
                                    progress, work.signal);
    if (ticket !== state.request) return;
    markInvalid($("params"), null);
    state.history.reset();
    state.edited = false;
    state.dirty = false;
    if (result.seed !== null && state.component.seeded && !request.seed) $("seed").value = result.seed;
    writeUrl(request.params, request.seed ?? result.seed);
    show(result);
    status(t(result.design ? "Ready" : "Ready · this part only prints; nothing to check"));
  } catch (error) {
    if (ticket !== state.request) return;
    if (error instanceof Stopped) { status(t("Stopped")); preview.setStale(false); return; }
    const message = failed(error);
    preview.setStale(true);
    document.querySelector(".side").classList.add("stale");
    if (!state.result) preview.message(message, true);
  } finally {
    endWork(work);
  }
}

// -- showing an answer -------------------------------------------------------------------------------------------

function show(result) {
  if (state.onBoard && result !== state.result) leaveBoard();
  solved();
  state.result = result;
  state.selected = -1;
  preview.show(result.svg);
  preview.setStale(false);
  state.page = result.page ?? 0;
  $("page-nav").hidden = !(result.pages > 1);
  $("page-label").textContent = t("page {page} of {pages}", { page: state.page + 1, pages: result.pages });
  $("page-prev").disabled = state.page === 0;
  $("page-next").disabled = state.page >= result.pages - 1;
  $("log").textContent = (result.messages || []).join("\n") || t("(nothing printed)");
  $("text-form").textContent = result.text || t("(this part has no text form)");
  for (const button of document.querySelectorAll("[data-needs-design]")) button.disabled = !result.design;
  // offered only for what can be played (a map or set-up, never a tape, sheet or deck), as the server says
  $("balance-box").hidden = !result.playable?.balance;
  // the games field starts at as many as fit in the run's minute on this design, unless the user typed a count
  if (result.balance_games && !state.gamesTyped) $("balance-games").value = result.balance_games;
  $("replay-box").hidden = !result.playable?.play;
  $("play-box").hidden = $("balance-box").hidden && $("replay-box").hidden;
  showReport();
  showEditTools();
}

// Where a violation lies, as the server words it in the page's language ("Feld (3; 4)").
function whereText(violation) {
  return violation.place ?? "";
}

function showReport() {
  const report = state.result.report;
  const summary = $("report-summary");
  const list = $("violations");
  list.replaceChildren();
  if (!report) {
    summary.textContent = t("No rules to check for this part.");
    summary.className = "summary";
    preview.drawMarks([], -1, null);
    return;
  }
  if (report.violations.length === 0) {
    summary.textContent = t("Valid: no rule broken");
    summary.className = "summary ok";
  } else {
    const counts = { errors: tn(["{count} error", "{count} errors"], report.errors),
                     warnings: tn(["{count} warning", "{count} warnings"], report.warnings) };
    summary.textContent = report.valid ? t("Valid, {warnings}", counts) : t("Invalid: {errors}, {warnings}", counts);
    summary.className = `summary ${report.valid ? "warn" : "bad"}`;
  }
  if (state.result.score !== null && state.result.score !== undefined) {
    summary.textContent += t(" · score {score} points", { score: state.result.score });
  }
  report.violations.forEach((violation, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = violation.severity;
    button.dataset.index = index;
    button.dataset.rule = violation.rule;
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = `${t(violation.severity)} · ${violation.rule}`;
    const where = document.createElement("span");
    where.className = "where";
    const place = whereText(violation);
    where.textContent = place ? ` (${place}${violation.mark ? "" : `; ${t("not on this drawing")}`})` : "";
    button.append(rule, violation.message, where);
    button.addEventListener("click", () => select(index));
    const item = document.createElement("li");
    item.append(button);
    list.append(item);
  });
  drawMarks();
}

// The selected violation, told in full: its rule's sentence and where it lies.
function showSelection() {
  const violation = state.result?.report?.violations?.[state.selected];
  $("selection").hidden = !state.result?.report;
  if (!violation) {
    $("selection-text").textContent = t("Nothing selected: click a mark on the drawing or a violation in the list.");
    return;
  }
  const place = whereText(violation);
  $("selection-text").textContent = `${t(violation.severity)} · ${violation.rule}: ${violation.message}` +
    (place ? ` (${place})` : "");
}

// With the select tool, a click on the drawing selects the violation marked there (the topmost, or the next one
// on a second click); a click where nothing is marked clears the selection.
function selectAt(point) {
  const violations = state.result?.report?.violations || [];
  const hits = violations.flatMap((v, index) => v.mark && state.page === 0 && point &&
    point.x >= v.mark[0] && point.x <= v.mark[0] + v.mark[2] && point.y >= v.mark[1] &&
    point.y <= v.mark[1] + v.mark[3] ? [index] : []);
  if (!hits.length) { select(-1, false); status(t("No violation here.")); return; }
  const next = hits[(hits.indexOf(state.selected) + 1) % hits.length];
  select(next, false);
}

function drawMarks() {
  const violations = state.result?.report?.violations || [];
  const onDrawing = state.page === 0;          // marks place things on the first page, where the part is
  const rects = violations.flatMap((v, index) => onDrawing && v.mark
    ? [{ x: v.mark[0], y: v.mark[1], w: v.mark[2], h: v.mark[3], severity: v.severity, index }] : []);
  preview.drawMarks(rects, state.selected, null);     // a click on the drawing selects (selectAt), never a mark's own
}

function select(index, toggle = true) {
  state.selected = toggle && state.selected === index ? -1 : index;
  showSelection();
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
  const tools = state.onBoard ? [] : toolsFor(state.result?.design, state.result?.geometry, state.result?.frames);
  const kept = $("tool").value;
  if (tools.map((tool) => tool.id).join() !== state.tools.map((tool) => tool.id).join()) {
    $("tool").replaceChildren(new Option(t("Select"), SELECT), ...tools.map((tool) => new Option(tool.label, tool.id)));
    $("tool").value = tools.some((tool) => tool.id === kept) ? kept : SELECT;
  }
  state.tools = tools;
  state.pick = null;
  $("undo").hidden = $("redo").hidden = tools.length === 0;
  $("edit-tools").hidden = !state.result?.report;
  $("preview").classList.toggle("editing", Boolean(currentTool()));
  $("edit-hint").hidden = tools.length === 0;
  $("edit-hint").textContent = tools.length
    ? t("Choose an edit tool, then click (or drag) on the drawing, or focus it and use the arrow keys and Enter; " +
        "the report follows every edit. Ctrl+Z undoes, Ctrl+Shift+Z redoes.")
    : "";
  $("undo").disabled = state.history.past.length === 0;
  $("redo").disabled = state.history.future.length === 0;
}

// The edit tool chosen; null while the select tool is (it never edits).
function currentTool() {
  return state.tools.find((tool) => tool.id === $("tool").value) || null;
}

async function checkDesign(design) {
  const ticket = ++state.request;
  status(t("Checking…"), "busy");
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(design));
    const query = new URLSearchParams({ name: "edited.json", page: state.page, lang: $("lang").value });
    const result = await postFile(`/api/validate?${query}`, bytes);
    if (ticket !== state.request) return;
    result.messages = state.result?.messages || [];
    show(result);
    status(t(state.edited ? "Edited · checked" : "Ready"));
  } catch (error) {
    if (ticket === state.request) failed(error);
  }
}

function commit(next) {
  if (!next) return;
  state.history.push(state.result.design);
  state.edited = true;
  state.dirty = true;
  state.result.design = next;
  checkDesign(next);
}

// The design shown changes at once (a second Ctrl+Z before the server answers goes one step further back); the
// server's check follows.
function restore(design, edited) {
  if (!design) return;
  state.result.design = design;
  state.edited = edited;
  state.dirty = true;
  checkDesign(design);
  showEditTools();
}

function undo() {
  if (state.result?.design) restore(state.history.undo(state.result.design), state.history.past.length > 0);
}

function redo() {
  if (state.result?.design) restore(state.history.redo(state.result.design), true);
}

// -- downloads, uploads, play -------------------------------------------------------------------------------------

function saveBlob(blob, filename) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function download(format) {
  const refused = unreadable($("params"), $("seed-row"), $("print-options"));
  if (refused) { failed(refused); return; }
  const options = format === "json" ? {} : readPrintOptions($("print-options"));
  if (format !== "json" && (state.result?.design || state.component.print_options.includes("lang"))) {
    options.lang = $("lang").value;
  }
  const body = state.result?.design
    ? { design: state.result.design, options }
    : { ...designRequest(), options };
  status(t("Printing {format}…", { format: format.toUpperCase() }), "busy");
  try {
    const { blob, filename } = await render(format, body);
    saveBlob(blob, filename);
    if (format === "json") state.dirty = false;        // the edits are kept in a file now
    status(t("Downloaded {name}", { name: filename }));
  } catch (error) {
    failed(error);
  }
}

// The finished game, as its `play -o game.pdf` draws it, with the print options the drawing takes.
async function downloadGame() {
  if (!state.played) return;
  const options = { ...readPrintOptions($("print-options")), lang: $("lang").value };
  status(t("Printing {format}…", { format: "PDF" }), "busy");
  try {
    const { design, seed } = state.played;
    const { blob, filename } = await render("pdf", { design, seed, options }, "/api/game");
    saveBlob(blob, filename);
    status(t("Downloaded {name}", { name: filename }));
  } catch (error) {
    failed(error);
  }
}

async function upload(file) {
  if (!file) return;
  status(t("Reading {name}…", { name: file.name }), "busy");
  const ticket = ++state.request;
  state.work?.abort();
  try {
    const query = new URLSearchParams({ name: file.name, lang: $("lang").value });
    const result = await postFile(`/api/validate?${query}`, await file.arrayBuffer());
    if (ticket !== state.request) return;
    chooseGame(result.game, result.component ?? undefined);    // the Part follows what the file holds
    // and so do the form and the address, where the design says a parameter (the server reads them off it: a
    // Cops map's players are its segments): a field changed or a reload then makes the file's map again, not one of
    // the form's old parameters
    buildForm($("params"), state.component.params, result.params ?? {}, scheduleDesign);
    $("seed").value = result.seed ?? "";
    writeUrl(readForm($("params"), state.component.params), result.seed);
    state.history.reset();
    state.edited = true;
    state.dirty = false;
    result.messages = [t("opened {name}", { name: file.name })];
    show(result);
    status(t("Opened {name}", { name: file.name }));
  } catch (error) {
    if (ticket === state.request) failed(error);
  } finally {
    $("upload").value = "";
  }
}

// The balance's games field marked as refused (a run past its minute, a count out of range), its message beside it.
function markGames(bad) {
  const field = $("balance-games");
  field.setAttribute("aria-invalid", bad);
  if (bad) field.setAttribute("aria-describedby", "balance-result");
  else field.removeAttribute("aria-describedby");
}

async function estimateBalance() {
  const games = Number($("balance-games").value) || 200;
  markGames(false);
  status(t("Playing {games} games…", { games }), "busy");
  $("balance").disabled = true;
  const work = startWork();
  let numbers = false;
  try {
    const run = { design: state.result.design, games, seed: $("seed").value.trim() || 0 };
    const result = await postStream("/api/balance", run, progress, work.signal);
    showBalance($("balance-result"), result, state.game.endings);
    numbers = true;
    status(t("Drawing the chart…"), "busy");
    // drawn from the run the server has just played
    await chart.show(run, result, $("lang").value, state.game.endings);
    status(t("Balance estimated"));
  } catch (error) {
    if (error instanceof Stopped) { status(t("Stopped")); return; }
    chart.clear();
    const gamesRefused = error instanceof ApiError && error.field === "games";
    const message = failed(error, !gamesRefused);
    markGames(gamesRefused);
    if (!numbers) $("balance-result").textContent = message;    // a chart that failed leaves the numbers shown
  } finally {
    $("balance").disabled = false;
    endWork(work);
  }
}

// The balance chart as a file, as `GAME balance -o chart.FORMAT` writes it.
async function downloadChart(format) {
  status(t("Printing {format}…", { format: format.toUpperCase() }), "busy");
  try {
    const { blob, filename } = await chart.file(format, $("lang").value);
    saveBlob(blob, filename);
    status(t("Downloaded {name}", { name: filename }));
  } catch (error) {
    failed(error);
  }
}

async function playOne() {
  status(t("Playing one bot game…"), "busy");
  $("replay").disabled = true;
  try {
    const seed = $("seed").value.trim() || 0;
    const design = state.result.design;
    const result = await postJson("/api/play", { design, seed });
    state.played = result.board ? { design, seed, moves: result.board.moves, boards: new Map() } : null;
    placeReplayControls(Boolean(result.board));
    await replay.load(result);
    status(t("Bot game played; step through it"));
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
  // An emptied seed field is one being typed in: a design made then would draw a random seed into the field under
  // the typing (New seed asks for one).
  $("seed").addEventListener("input", () => {
    if ($("seed").value.trim() === "") clearTimeout(timer);
    else scheduleDesign();
  });
  $("lang").addEventListener("change", () => { writeUrl(readForm($("params"), state.component.params),
                                                        designRequest().seed);
                                             if (state.onBoard) replay.go(replay.at); else redraw();
                                             chart.draw($("lang").value).catch(failed); });
  $("new-seed").addEventListener("click", () => { $("seed").value = newSeed(); makeDesign(); });
  $("params").addEventListener("submit", (event) => { event.preventDefault(); makeDesign(); });
  for (const button of document.querySelectorAll("[data-format]")) {
    button.addEventListener("click", () => download(button.dataset.format));
  }
  $("upload").addEventListener("change", () => upload($("upload").files[0]));
  $("balance").addEventListener("click", estimateBalance);
  $("balance-games").addEventListener("input", () => { state.gamesTyped = true; });
  $("chart-image").addEventListener("click", () => chart.enlarge());
  $("chart-zoom").addEventListener("click", () => chart.enlarge());
  $("chart-close").addEventListener("click", () => $("chart-dialog").close());
  $("chart-dialog").addEventListener("click", (event) => {     // a click beside the chart (the backdrop) closes it
    if (event.target === $("chart-dialog")) $("chart-dialog").close();
  });
  for (const button of document.querySelectorAll("[data-chart]")) {
    button.addEventListener("click", () => downloadChart(button.dataset.chart));
  }
  $("replay").addEventListener("click", playOne);
  $("replay-first").addEventListener("click", () => replay.go(0));
  $("replay-back").addEventListener("click", () => replay.go(replay.at - 1));
  $("replay-next").addEventListener("click", () => replay.go(replay.at + 1));
  $("replay-last").addEventListener("click", () => replay.go(replay.steps.length - 1));
  $("replay-play").addEventListener("click", () => replay.toggle());
  $("replay-close").addEventListener("click", leaveBoard);
  $("game-pdf").addEventListener("click", downloadGame);
  $("zoom-fit").addEventListener("click", () => setZoom("fit"));
  $("zoom-real").addEventListener("click", () => setZoom("real"));
  $("calibrate").addEventListener("click", () => { $("calibration").hidden = !$("calibration").hidden; });
  $("calibration-done").addEventListener("click", () => {
    calibrate(Number($("ruler-length").value) || 100);
    $("calibration").hidden = true;
    setZoom("real");
  });
  $("undo").addEventListener("click", undo);
  $("cancel").addEventListener("click", () => state.work?.abort());
  $("tool").addEventListener("change", () => {
    state.pick = null;
    $("preview").classList.toggle("editing", Boolean(currentTool()));
  });
  window.addEventListener("beforeunload", (event) => {     // edits not saved: the browser asks before leaving
    if (!state.dirty) return;
    event.preventDefault();
    event.returnValue = t("This design has unsaved edits. Leave anyway?");
  });
  $("page-prev").addEventListener("click", () => turnPage(-1));
  $("page-next").addEventListener("click", () => turnPage(1));
  $("redo").addEventListener("click", redo);
  wireStage($("preview"), preview, { state, currentTool, selectAt, commit, status });
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === "z") { event.preventDefault(); event.shiftKey ? redo() : undo(); }
    else if ((event.ctrlKey || event.metaKey) && key === "y") { event.preventDefault(); redo(); }
    else if (!typing && key === "n" && state.component?.seeded) { $("seed").value = newSeed(); makeDesign(); }
  });
}

async function start() {
  translatePage();
  wire();
  try {
    const listing = await getJson(`/api/games?lang=${pageLanguage}`);      // helps in the page's language
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
  // printed in the page's language unless the link says otherwise
  $("lang").value = state.languages.includes(wanted.lang) ? wanted.lang
    : state.languages.includes(pageLanguage) ? pageLanguage : "en";
  chooseGame(wanted.game || "cats", wanted.component, wanted.values);
  $("seed").value = wanted.seed ?? newSeed();
  await makeDesign();
}

// For tests and the console: the grid of the design shown (cell of row 1, column 1 at x, y; mm).
window.studioGeometry = () => state.result?.geometry ?? null;
window.studioDesign = () => state.result?.design ?? null;
window.studioDirty = () => state.dirty;
window.studioReport = () => state.result?.report ?? null;
window.studioStepTimes = () => state.stepTimes;
window.studioOnBoard = () => state.onBoard;
window.studioBoardSvg = () => (state.onBoard ? state.boardSvg : null);

start();
