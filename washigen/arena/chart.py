"""Balance as a picture (DESIGN 9): the win rate of every seat with its 95 % interval against the fair-share
line, the histogram of the games' lengths and how the games ended, drawn into a Scene of the project's own, so the
chart goes through the same backends, preflight and languages as every sheet (a plotting library would bring its
own fonts, its own PDF writer and its own notion of a millimetre).

The geometry is exact: a bar of win rate r is r x PLOT_H mm tall over the axis, an interval's ends sit where their
rates do, so a reader can measure the chart (tests/test_chart.py reads the SVG back)."""

from __future__ import annotations

from typing import Sequence

from ..fonts import fit_size
from ..i18n import N_, translator
from ..scene import Group, Line, Rect, Scene, Style, Text
from .balance import Balance

WIDTH, HEIGHT = 190.0, 125.0           # mm: fits A5 landscape and any larger sheet
MARGIN = 8.0
LABEL = 2.8                            # mm, axis and tick labels (8 pt)
HEADING = 3.4                          # mm, panel headings
TITLE = 4.6

# The win-rate panel: its axis runs from 0 % at PLOT_Y + PLOT_H up to 100 % at PLOT_Y.
PLOT_X, PLOT_Y, PLOT_W, PLOT_H = 22.0, 30.0, 82.0, 70.0
# The length histogram and the endings, right of it.
HIST_X, HIST_Y, HIST_W, HIST_H = 122.0, 30.0, 60.0, 34.0
ENDS_X, ENDS_Y, ENDS_W, ENDS_H = 122.0, 86.0, 60.0, 7.0
MAX_BINS = 12

THEME = {"chart-bar": "#5b8fd6", "chart-interval": "#202830", "chart-fair": "#c8102e", "chart-length": "#8aa98a",
         "chart-win": "#3f7d3a", "chart-trap": "#e0a020", "chart-stalemate": "#9a9a9a", "chart-axis": "#1a1a1a",
         "chart-grid": "#d9d9d9", "chart-turn-limit": "#6a5a8a"}
ENDINGS = (("win", "chart-win"), ("trap", "chart-trap"), ("stalemate", "chart-stalemate"),
           ("turn_limit", "chart-turn-limit"))


def balance_chart(balance: Balance, lengths: Sequence[int], title: str, lang: str = "en",
                  endings: Sequence[str] | None = None) -> Scene:
    """The chart of one balance run; `lengths` are the games' lengths in turns (one per game); `endings` the ways
    the game's games can end (its Game.extra["endings"]), the ones the chart names (default: every one)."""
    _ = translator(lang)
    scene = Scene(WIDTH, HEIGHT, theme=dict(THEME), meta={"title": title, "kind": "balance-chart"})
    scene.add(Text(MARGIN, MARGIN + TITLE, title, fit_size(title, WIDTH - 2 * MARGIN, TITLE, "bold"), weight="bold"))
    summary = _summary(balance, _)
    scene.add(Text(MARGIN, MARGIN + TITLE + 5.0, summary, fit_size(summary, WIDTH - 2 * MARGIN, LABEL)))
    scene.add(_win_rates(balance, _), _lengths(lengths, _), _endings(balance, _, endings))
    return scene


def _summary(balance: Balance, _) -> str:
    verdict = _("fair") if balance.fair else _("not fair")
    return _.ngettext("{games} game; score {score} ({verdict}): the largest gap between a seat's win rate and its "
                      "fair share", "{games} games; score {score} ({verdict}): the largest gap between a seat's win "
                      "rate and its fair share", balance.games).format(games=balance.games,
                                                                        score=_.number(balance.score, 3),
                                                                        verdict=verdict)


def rate_y(rate: float) -> float:
    """Where a win rate sits on the panel's axis (0 at the bottom, 1 at the top)."""
    return PLOT_Y + PLOT_H * (1 - rate)


def _win_rates(balance: Balance, _) -> Group:
    group = Group()
    group.add(Text(PLOT_X - 14, PLOT_Y - 6, _("Win rate per seat, with its 95 % interval"), HEADING, weight="bold"))
    for tick in range(0, 101, 25):
        y = rate_y(tick / 100)
        group.add(Line(PLOT_X, y, PLOT_X + PLOT_W, y, Style(stroke="chart-grid", stroke_width=0.2)))
        group.add(Text(PLOT_X - 1.5, y + LABEL * 0.35, f"{tick} %", LABEL, anchor="end"))
    seats = balance.seats
    slot = PLOT_W / max(1, len(seats))
    bar_w = min(14.0, slot * 0.6)
    for index, seat in enumerate(seats):
        centre = PLOT_X + slot * (index + 0.5)
        top = rate_y(seat.win_rate)
        group.add(Rect(centre - bar_w / 2, top, bar_w, PLOT_Y + PLOT_H - top, Style(fill="chart-bar")))
        low, high = rate_y(seat.low), rate_y(seat.high)
        whisker = Style(stroke="chart-interval", stroke_width=0.35)
        group.add(Line(centre, high, centre, low, whisker),
                  Line(centre - bar_w / 4, high, centre + bar_w / 4, high, whisker),
                  Line(centre - bar_w / 4, low, centre + bar_w / 4, low, whisker))
        group.add(Text(centre, PLOT_Y + PLOT_H + 4.2, _("seat {seat}").format(seat=seat.seat + 1), LABEL,
                       anchor="middle"))
    fair = rate_y(balance.fair_share)
    group.add(Line(PLOT_X, fair, PLOT_X + PLOT_W, fair, Style(stroke="chart-fair", stroke_width=0.45, dash=(2.0, 1.2))))
    # Named under the plot, where no bar or interval can stand in its way.
    label = _("fair share {share} % (dashed line)").format(share=_.number(balance.fair_share * 100, 1))
    group.add(Text(PLOT_X, PLOT_Y + PLOT_H + 10.5, label, LABEL, style=Style(fill="chart-fair")))
    group.add(Line(PLOT_X, PLOT_Y, PLOT_X, PLOT_Y + PLOT_H, Style(stroke="chart-axis", stroke_width=0.3)),
              Line(PLOT_X, PLOT_Y + PLOT_H, PLOT_X + PLOT_W, PLOT_Y + PLOT_H,
                   Style(stroke="chart-axis", stroke_width=0.3)))
    return group


def length_bins(lengths: Sequence[int], most: int = MAX_BINS) -> list[tuple[int, int, int]]:
    """(first, last, games) of each bin: whole turns, equal widths, at most `most` bins over the lengths' range."""
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = max(1, -(-(high - low + 1) // most))
    bins = [[start, min(start + width - 1, high), 0] for start in range(low, high + 1, width)]
    for length in lengths:
        bins[(length - low) // width][2] += 1
    return [(b[0], b[1], b[2]) for b in bins]


def _lengths(lengths: Sequence[int], _) -> Group:
    group = Group()
    group.add(Text(HIST_X, HIST_Y - 6, _("Game length in turns"), HEADING, weight="bold"))
    bins = length_bins(lengths)
    tallest = max((b[2] for b in bins), default=0)
    base = HIST_Y + HIST_H
    if bins and tallest:
        step = HIST_W / len(bins)
        for index, (first, last, count) in enumerate(bins):
            height = HIST_H * count / tallest
            group.add(Rect(HIST_X + index * step + 0.3, base - height, step - 0.6, height,
                           Style(fill="chart-length")))
        group.add(Text(HIST_X, base + 4.2, str(bins[0][0]), LABEL),
                  Text(HIST_X + HIST_W, base + 4.2, str(bins[-1][1]), LABEL, anchor="end"),
                  Text(HIST_X - 1.5, HIST_Y + LABEL * 0.7, str(tallest), LABEL, anchor="end"),
                  Text(HIST_X - 1.5, base, "0", LABEL, anchor="end"))
        mean = sum(lengths) / len(lengths)
        words = _("mean {mean}").format(mean=_.number(mean, 1))
        group.add(Text(HIST_X + HIST_W / 2, base + 4.2, words, LABEL, anchor="middle"))
    group.add(Line(HIST_X, base, HIST_X + HIST_W, base, Style(stroke="chart-axis", stroke_width=0.3)))
    return group


def _endings(balance: Balance, _, endings: Sequence[str] | None = None) -> Group:
    """How the games ended, a share bar and a line for each way the game can end (a Trail Route chart says nothing
    of traps); an ending that happened is named whatever `endings` says."""
    group = Group()
    group.add(Text(ENDS_X, ENDS_Y - 6, _("How the games ended"), HEADING, weight="bold"))
    counts = {"win": balance.won, "trap": balance.trapped, "stalemate": balance.stalemates,
              "turn_limit": balance.turn_limits}
    names = {"win": _("won"), "trap": _("by a trap"), "stalemate": _("stalemate"),
             "turn_limit": _("turn limit")}
    named = [(key, colour) for key, colour in ENDINGS if endings is None or key in endings or counts[key]]
    x = ENDS_X
    for line, (key, colour) in enumerate(named):
        share = counts[key] / balance.games if balance.games else 0.0
        if share:
            group.add(Rect(x, ENDS_Y, ENDS_W * share, ENDS_H, Style(fill=colour)))
            x += ENDS_W * share
        words = f"{names[key]}: {counts[key]} ({_.number(share * 100, 0)} %)"
        y = ENDS_Y + ENDS_H + 5.0 + line * 4.4
        group.add(Rect(ENDS_X, y - 2.3, 2.4, 2.4, Style(fill=colour)),
                  Text(ENDS_X + 3.4, y, words, fit_size(words, ENDS_W - 3.4, LABEL)))
    group.add(Rect(ENDS_X, ENDS_Y, ENDS_W, ENDS_H, Style(stroke="chart-axis", stroke_width=0.3)))
    return group


# The bots' names as a printed page says them (the command line's `greedy`, `strong:400` stay its own words).
BOT_WORDS = {"random": N_("random"), "greedy": N_("greedy"), "strong": N_("strong")}


def bot_words(bots: str, _) -> str:
    """`greedy,strong:400` in the page's language: each known bot's name translated, its strength kept."""
    said = []
    for bot in bots.split(","):
        name, colon, strength = bot.strip().partition(":")
        word = BOT_WORDS.get(name.lower())
        said.append((_(word) if word else name) + colon + strength)
    return ",".join(said)


def chart_title(game: str, players: int, seed: int, bots: str, lang: str = "en") -> str:
    """The chart's heading: which game and map, and who played."""
    _ = translator(lang)
    return _("Balance: {game}, {players} players, seed {seed}, bots {bots}").format(
        game=game, players=players, seed=seed, bots=bot_words(bots, _))


def write_chart(balance: Balance, path, title: str, lang: str = "en", endings: Sequence[str] | None = None) -> list:
    """The chart written to `path` (.svg .pdf .png by its extension), at its own size."""
    from ..output import write_document
    from ..press import Document

    return write_document(Document.single(balance_chart(balance, balance.lengths, title, lang, endings)), path)


SCORE_BIN = 0.025                      # the sweep chart's bins of balance score


def sweep_chart(lines: Sequence[dict], title: str, lang: str = "en") -> Scene:
    """A sweep at a glance: how many maps fall in each band of balance score, fair ones and the others stacked."""
    _ = translator(lang)
    scene = Scene(WIDTH, HEIGHT, theme=dict(THEME), meta={"title": title, "kind": "sweep-chart"})
    scene.add(Text(MARGIN, MARGIN + TITLE, title, fit_size(title, WIDTH - 2 * MARGIN, TITLE, "bold"), weight="bold"))
    fair = sum(1 for line in lines if line["balance"]["fair"])
    summary = _.ngettext("{fair} of {maps} map fair; a map's score is the largest gap between a seat's win rate and "
                         "its fair share", "{fair} of {maps} maps fair; a map's score is the largest gap between a "
                         "seat's win rate and its fair share", len(lines)).format(fair=fair, maps=len(lines))
    scene.add(Text(MARGIN, MARGIN + TITLE + 5.0, summary, fit_size(summary, WIDTH - 2 * MARGIN, LABEL)))
    scores = [line["balance"]["score"] for line in lines]
    bins = max(4, int(max(scores, default=0.0) / SCORE_BIN) + 1)
    counts = [[0, 0] for _bin in range(bins)]
    for line, score in zip(lines, scores):
        counts[min(bins - 1, int(score / SCORE_BIN))][0 if line["balance"]["fair"] else 1] += 1
    x0, y0, width, height = 22.0, 30.0, WIDTH - 22.0 - MARGIN, 72.0
    tallest = max((a + b for a, b in counts), default=0) or 1
    step = width / bins
    group = Group()
    for index, (fair_maps, others) in enumerate(counts):
        base = y0 + height
        for count, colour in ((fair_maps, "chart-win"), (others, "chart-trap")):
            if count:
                tall = height * count / tallest
                group.add(Rect(x0 + index * step + 0.3, base - tall, step - 0.6, tall, Style(fill=colour)))
                base -= tall
    group.add(Line(x0, y0 + height, x0 + width, y0 + height, Style(stroke="chart-axis", stroke_width=0.3)),
              Text(x0 - 1.5, y0 + LABEL * 0.7, str(tallest), LABEL, anchor="end"),
              Text(x0 - 1.5, y0 + height, "0", LABEL, anchor="end"),
              Text(x0, y0 + height + 4.2, _.number(0, 3), LABEL),        # as many decimals as the far end
              Text(x0 + width, y0 + height + 4.2, _.number(bins * SCORE_BIN, 3), LABEL, anchor="end"),
              Text(x0 + width / 2, y0 + height + 4.2, _("balance score"), LABEL, anchor="middle"))
    for row, (colour, words) in enumerate((("chart-win", _("fair")), ("chart-trap", _("not fair")))):
        y = y0 + height + 10.0 + row * 4.4
        group.add(Rect(x0, y - 2.3, 2.4, 2.4, Style(fill=colour)), Text(x0 + 3.4, y, words, LABEL))
    scene.add(group)
    return scene


def sweep_title(game: str, maps: int, bots: str, lang: str = "en") -> str:
    _ = translator(lang)
    return _.ngettext("Sweep: {game}, {maps} map, bots {bots}", "Sweep: {game}, {maps} maps, bots {bots}",
                      maps).format(game=game, maps=maps, bots=bot_words(bots, _))
