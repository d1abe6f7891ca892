import { render } from "./api.js";
import { t } from "./i18n.js";
import { CHART_WORDS, decimal, endingsText, percent } from "./play.js";

// The chart of a balance run (POST /api/balance/chart): drawn by the server as `GAME balance -o chart.svg` draws
// it, in the language the page prints in, from the run it has just played. Shown under the numbers, enlarged in a
// dialog (the side panel is too narrow to read its labels), downloaded as SVG or PDF.

const ENDPOINT = "/api/balance/chart";

// What the chart shows, in words (its text alternative), in the page's language: how the games ended, for the
// endings the game has (`endings`, its GET /api/games entry's).
export function chartText(result, endings) {
  const seats = (result.seats || []).map((seat) => t("seat {seat} wins {rate} (95 % interval {low} – {high})", {
    seat: seat.seat, rate: percent(seat.win_rate), low: percent(seat.low), high: percent(seat.high) }));
  let verdict = result.fair ? t("fair: every interval holds the fair share")
    : t("unfair: an interval misses the fair share");
  if (result.fair_share !== undefined) verdict += ` (${percent(result.fair_share)})`;
  return t("Balance chart of {games} games: {seats}; {verdict}. Games last {mean} turns on average; {endings}.", {
    games: result.games, seats: seats.join("; "), verdict, mean: decimal(result.mean_turns),
    endings: endingsText(result, endings, CHART_WORDS) });
}

export class BalanceChart {
  // elements: box (shown under the numbers), image, large (the dialog's image), dialog
  constructor(elements) {
    this.el = elements;
    this.run = null;            // {design, games, seed} as POST /api/balance was asked
    this.result = null;         // its answer
    this.endings = null;        // how its game's games may end (GET /api/games)
    this.url = null;            // the object URL of the SVG shown
    this.ticket = 0;            // drawings asked for; an older one's answer is dropped
  }

  // The chart of the run just answered, in `lang`.
  show(run, result, lang, endings) {
    this.run = run;
    this.result = result;
    this.endings = endings;
    return this.draw(lang);
  }

  // The same run drawn again, in `lang` (the server keeps the run: no game is played again).
  async draw(lang) {
    if (!this.run) return;
    const ticket = ++this.ticket;
    const { blob } = await render("svg", { ...this.run, lang }, ENDPOINT);
    if (ticket !== this.ticket) return;
    const url = URL.createObjectURL(blob);
    const words = chartText(this.result, this.endings);
    for (const image of [this.el.image, this.el.large]) {
      image.src = url;
      image.alt = words;
    }
    await this.el.image.decode().catch(() => {});
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = url;
    this.el.box.hidden = false;
  }

  clear() {
    this.ticket += 1;
    this.run = this.result = null;
    this.el.box.hidden = true;
    if (this.el.dialog.open) this.el.dialog.close();
    for (const image of [this.el.image, this.el.large]) image.removeAttribute("src");
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
  }

  enlarge() {
    if (this.run && !this.el.dialog.open) this.el.dialog.showModal();
  }

  // The chart as a file ({blob, filename}), in `lang`.
  file(format, lang) {
    return render(format, { ...this.run, lang }, ENDPOINT);
  }
}
