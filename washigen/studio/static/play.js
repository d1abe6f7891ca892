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
  const fair = seats.length ? 1 / seats.length : 0;
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
  verdict.textContent = `${result.games} games · ${result.fair ? "fair" : "not shown fair"} · balance score ` +
    `${Number(result.score).toFixed(3)} · mean ${Number(result.mean_turns).toFixed(1)} turns · ` +
    `${result.stalemates} stalemate(s), ${result.trapped} trapped`;
  box.replaceChildren(verdict, table);
}
