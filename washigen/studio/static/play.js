import { pageLanguage, t, tn } from "./i18n.js";

// The balance estimate of POST /api/balance: per seat the win rate, its 95 % interval and the fair share.

const ONE_DECIMAL = new Intl.NumberFormat(pageLanguage, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SCORE = new Intl.NumberFormat(pageLanguage, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

// A number with one decimal as the page's language writes it: "135.8", "135,8".
export function decimal(value) {
  return ONE_DECIMAL.format(value);
}

// A share, likewise: "40.0 %", "40,0 %" (a space that never breaks the line).
export function percent(value) {
  return `${decimal(100 * value)}\u00a0%`;
}

function intervalBar(seat, fair) {
  const bar = document.createElement("div");
  bar.className = "interval";
  bar.title = t("95 % interval {low} – {high}; fair share {fair}", { low: percent(seat.low), high: percent(seat.high),
                                                                    fair: percent(fair) });
  const span = document.createElement("div");
  span.className = "span";
  span.style.left = `${(100 * seat.low).toFixed(1)}%`;
  span.style.width = `${(100 * (seat.high - seat.low)).toFixed(1)}%`;
  const rate = document.createElement("div");
  rate.className = "rate";
  rate.style.left = `${(100 * seat.win_rate).toFixed(1)}%`;
  const share = document.createElement("div");
  share.className = "fair";
  share.style.left = `${(100 * fair).toFixed(1)}%`;
  bar.append(span, share, rate);
  return bar;
}

// How a balance run's games ended (its answer's `ends`), said for the endings its game has (GET /api/games: Trail
// Route's games are never trapped, Cats' never a stalemate) and any that happened anyway, as the drawn chart says
// them, each in its `words`, joined in a list.
const ALL_ENDINGS = ["win", "trap", "stalemate", "turn_limit"];
const SUMMARY_WORDS = { trap: "{count} trapped", stalemate: ["{count} stalemate", "{count} stalemates"],
                        turn_limit: "{count} at the turn limit" };
export const CHART_WORDS = { win: "{count} won", trap: "{count} by a trap",
                             stalemate: ["{count} stalemate", "{count} stalemates"],
                             turn_limit: "{count} at the turn limit" };

export function endingsText(result, endings, words) {
  const count = (end) => result.ends?.[end] ?? 0;
  return ALL_ENDINGS.filter((end) => end in words && (!endings || endings.includes(end) || count(end)))
    .map((end) => tn(words[end], count(end))).join(", ");
}

// The numbers of a run, for a game whose games end in `endings` (its GET /api/games entry's).
export function showBalance(box, result, endings) {
  const seats = result.seats || [];
  const fair = result.fair_share ?? (seats.length ? 1 / seats.length : 0);
  const table = document.createElement("table");
  table.className = "balance-table";
  const head = table.createTHead().insertRow();
  for (const title of ["Seat", "Wins", "Win rate", "95 % interval"]) {
    const th = document.createElement("th");
    th.textContent = t(title);
    head.append(th);
  }
  const body = table.createTBody();
  for (const seat of seats) {
    const row = body.insertRow();
    row.insertCell().textContent = seat.seat;
    row.insertCell().textContent = seat.wins;
    row.insertCell().textContent = percent(seat.win_rate);
    row.insertCell().append(intervalBar(seat, fair));
  }
  const verdict = document.createElement("p");
  verdict.className = result.fair ? "summary ok" : "summary warn";
  // how the games ended, but for those won (a game that always ends won, as Cat Tree's, says nothing more)
  const ends = endingsText(result, endings, SUMMARY_WORDS);
  verdict.textContent = t("{games} games · {verdict} ({fair}) · balance score {score} · mean {mean} turns", {
    games: result.games, fair: percent(fair), score: SCORE.format(result.score),
    verdict: result.fair ? t("fair: every interval holds the fair share")
      : t("unfair: an interval misses the fair share"),
    mean: decimal(result.mean_turns) }) + (ends ? ` · ${ends}` : "");
  // what else the run says of the games (README: the balance metrics), where the answer carries it
  const metrics = document.createElement("p");
  metrics.className = "metrics";
  metrics.textContent = t("first mover's edge {edge} · decisive {decisive} · the lead changed {leads} times a game", {
    edge: (result.first_mover_edge > 0 ? "+" : "") + percent(result.first_mover_edge ?? 0),
    decisive: percent(result.decisiveness ?? 0), leads: decimal(result.lead_changes ?? 0) });
  box.replaceChildren(verdict, metrics, table);
}

// One bot game (POST /api/play), stepped through. A game drawn on the board (Cats, Cops: the answer's `board`
// says how many moves) has a step per move, from 0 (the start) to the last, and `onStep` draws the board after
// that many moves; another game's log is stepped through by its lines (a line that is not indented starts a step)
// and `onStep` outlines the cells it names. `onStep` may return a promise: Play waits for each drawing.
const PLAY_PAUSE_MS = 450;

export class Replay {
  constructor(elements, onStep) {
    this.el = elements;
    this.onStep = onStep;
    this.steps = [];
    this.board = null;
    this.at = 0;
    this.playing = false;
  }

  load(result) {
    this.stop();
    const lines = result.lines || [];
    this.board = result.board || null;
    this.steps = [];
    if (this.board) {
      // step k: the first k moves (a line each), and at the last step what the game's command said after them
      const moves = this.board.moves;
      for (let k = 0; k <= moves; k += 1) this.steps.push(k === moves ? lines : lines.slice(0, k));
    } else {
      for (const line of lines) {
        if (!line.startsWith(" ") || this.steps.length === 0) this.steps.push([line]);
        else this.steps[this.steps.length - 1].push(line);
      }
    }
    this.at = this.board ? this.board.moves : 0;      // a board opens on the finished game
    this.el.view.hidden = false;
    this.el.play.hidden = !this.board;
    return this.show();
  }

  go(step) {
    if (!this.steps.length) return Promise.resolve();
    this.at = Math.max(0, Math.min(this.steps.length - 1, step));
    return this.show();
  }

  show() {
    const shown = this.board ? this.steps[this.at] : this.steps.slice(0, this.at + 1).flat();
    this.el.lines.textContent = shown.join("\n");
    this.el.lines.scrollTop = this.el.lines.scrollHeight;
    const last = this.steps.length - 1;
    this.el.step.textContent = this.board
      ? (this.at === 0 ? t("start: no move yet ({moves} moves in all)", { moves: last })
        : t("after move {step} of {moves}", { step: this.at, moves: last }))
      : t("step {step} of {steps}", { step: this.at + 1, steps: this.steps.length });
    this.el.back.disabled = this.el.first.disabled = this.at === 0;
    this.el.next.disabled = this.el.last.disabled = this.at >= last;
    return Promise.resolve(this.onStep(this.steps[this.at], this.board ? this.at : null));
  }

  // Play: a step forward after each drawing, a moment apart, until the last or until stopped.
  async toggle() {
    if (this.playing) { this.stop(); return; }
    if (this.at >= this.steps.length - 1) await this.go(0);
    this.setPlaying(true);
    while (this.playing && this.at < this.steps.length - 1) {
      await this.go(this.at + 1);
      await new Promise((resolve) => { setTimeout(resolve, PLAY_PAUSE_MS); });
    }
    this.setPlaying(false);
  }

  stop() { this.setPlaying(false); }

  setPlaying(playing) {
    this.playing = playing;
    if (!this.el.play) return;
    this.el.play.setAttribute("aria-pressed", String(playing));
    this.el.play.textContent = playing ? t("Pause") : t("Play through");
  }
}
