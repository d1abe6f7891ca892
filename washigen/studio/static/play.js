// The balance estimate of POST /api/balance: per seat the win rate, its 95 % interval and the fair share.

function percent(value) {
  return `${(100 * value).toFixed(1)} %`;
}

function intervalBar(seat, fair) {
  const bar = document.createElement("div");
  bar.className = "interval";
  bar.title = `95 % interval ${percent(seat.low)} – ${percent(seat.high)}; fair share ${percent(fair)}`;
  const span = document.createElement("div");
  span.className = "span";
  span.style.left = percent(seat.low).replace(" ", "");
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

export function showBalance(box, result) {
  const seats = result.seats || [];
  const fair = result.fair_share ?? (seats.length ? 1 / seats.length : 0);
  const table = document.createElement("table");
  table.className = "balance-table";
  const head = table.createTHead().insertRow();
  for (const title of ["Seat", "Wins", "Win rate", "95 % interval"]) {
    const th = document.createElement("th");
    th.textContent = title;
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
  verdict.textContent = `${result.games} games · ` +
    `${result.fair ? "fair: every interval holds the fair share" : "unfair: an interval misses the fair share"}` +
    ` (${percent(fair)}) · balance score ` +
    `${Number(result.score).toFixed(3)} · mean ${Number(result.mean_turns).toFixed(1)} turns · ` +
    `${result.stalemates} stalemate(s), ${result.trapped} trapped`;
  box.replaceChildren(verdict, table);
}

// One bot game's log (POST /api/play), stepped through: a line that is not indented starts a step (a turn).
export class Replay {
  constructor(elements, onStep) {
    this.el = elements;
    this.onStep = onStep;
    this.steps = [];
    this.at = 0;
  }

  load(lines) {
    this.steps = [];
    for (const line of lines) {
      if (!line.startsWith(" ") || this.steps.length === 0) this.steps.push([line]);
      else this.steps[this.steps.length - 1].push(line);
    }
    this.at = 0;
    this.el.view.hidden = false;
    this.show();
  }

  go(step) {
    this.at = Math.max(0, Math.min(this.steps.length - 1, step));
    this.show();
  }

  show() {
    const shown = this.steps.slice(0, this.at + 1);
    this.el.lines.textContent = shown.map((lines) => lines.join("\n")).join("\n");
    this.el.lines.scrollTop = this.el.lines.scrollHeight;
    this.el.step.textContent = `step ${this.at + 1} of ${this.steps.length}`;
    this.el.back.disabled = this.el.first.disabled = this.at === 0;
    this.el.next.disabled = this.el.last.disabled = this.at >= this.steps.length - 1;
    this.onStep(this.steps[this.at]);
  }
}
