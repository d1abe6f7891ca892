"""A finished game drawn as the paper would look: the map with its fish and cats, every cat's line in its player's
colour (steps solid, jumps dashed, sewer pops dotted), buildings filled, taken fish circled, and under the map a
strip per player with the special moves crossed off and the fish delivered."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...i18n import N_, translator
from ...words import Says
from ...scene import Circle, Group, Line, Path, Primitive, Rect, Scene, Style
from ...tally import Part, TallyRows, add_tally, headline, unfinished
from . import engine
from .dashes import dash_pattern
from .draw import map_scene
from .symbols import symbol, use
from .model import CatsMap, CatsSetup, cell_size


@dataclass(frozen=True)
class Trace:
    seat: int
    kind: str            # step, jump, amazing, pop
    start: int           # the cell the line leaves (a region's exit cell when leaving one)
    end: int
    via: int             # pop: the sewer entered
    fills: int           # cells filled (a building or shrine entered)


def traces(design: CatsMap, setup: CatsSetup, first: int, moves) -> tuple[engine.State, list[Trace]]:
    """Replays `moves` and says where each line went."""
    state = engine.initial_state(design, setup, engine.rules_of(design), 0, first=first)
    land = state.game.terrain
    found = []
    for text in moves:
        move = engine.parse_move(text, state)
        if move.cat >= 0:
            cat = state.cats[move.cat]
            start = move.via if move.via >= 0 and move.kind != "pop" else cat.head
            region = land.region_of[move.target] if move.kind == "step" else engine.NO_REGION
            fills = 0
            if region != engine.NO_REGION and not land.region_forest[region]:
                fills = land.region_mask[region]
            found.append(Trace(cat.player, move.kind, start, move.target, move.via, fills))
        state = engine.apply(state, move)
    return state, found


def game_scene(design: CatsMap, setup: CatsSetup, first: int, moves, outcome: str, mark_last: bool = False,
               lang: str = "en", bleed: float = 0.0) -> Scene:
    """The finished (or, for a figure, unfinished) paper; `mark_last` rings where the last move started and
    ended. `outcome` is printed above the tally, in the words of `lang` (see printed_outcome)."""
    final, lines = traces(design, setup, first, moves)
    scene = map_scene(design, bleed, drawings=setup, lang=lang)
    s = cell_size(design.tape_width, design.segment_rows)
    C = design.grid.width

    def centre(i: int) -> tuple[float, float]:
        return (i % C + 0.5) * s, (i // C + 0.5) * s

    items: list = []
    width = max(0.35, 0.2 * s)
    for t in lines:
        colour = f"player-{t.seat + 1}"
        mask = t.fills
        while mask:
            low = mask & -mask
            x, y = centre(low.bit_length() - 1)
            items.append(Rect(x - 0.5 * s, y - 0.5 * s, s, s, Style(fill=colour, opacity=0.3)))
            mask ^= low
        (x1, y1), (x2, y2) = centre(t.start), centre(t.end)
        if t.kind == "pop":
            (vx, vy) = centre(t.via)
            dotted = Style(stroke=colour, stroke_width=width, dash=(0.4 * width, 1.6 * width), line_cap="round")
            lift = -1.2 * s if vy > s else 1.2 * s
            items.append(Line(x1, y1, vx, vy, Style(stroke=colour, stroke_width=width, line_cap="round")))
            items.append(Path((("M", vx, vy), ("C", vx, vy + lift, x2, y2 + lift, x2, y2)), dotted))
        else:
            # Round ends add a width to each dash: dashes 2.2 widths long, a width apart (a step is solid).
            dash = (1.2 * width, 2.0 * width) if t.kind in ("jump", "amazing") else None
            items.append(Line(x1, y1, x2, y2, Style(stroke=colour, stroke_width=width, dash=dash, line_cap="round")))
    gone = setup_fish_mask(design, setup) & ~final.fish
    while gone:
        low = gone & -gone
        i = low.bit_length() - 1
        taker = next((p for p, m in enumerate(final.lines) if m & low), 0)
        x, y = centre(i)
        items.append(Circle(x, y, 0.47 * s, Style(stroke=f"player-{taker + 1}", stroke_width=max(0.3, 0.08 * s))))
        gone ^= low
    if mark_last and lines:
        radius = 0.62 * s
        ring = Style(stroke="ink", stroke_width=max(0.25, 0.06 * s),
                     dash=dash_pattern(2 * math.pi * radius, 0.15 * s, 0.1 * s))
        for cell in (lines[-1].start, lines[-1].end):
            x, y = centre(cell)
            items.append(Circle(x, y, radius, ring))
    # The game stays on the grid: a ring round a home-row cell must not run over the band's words.
    scene.add(Group(items, dy=s, clip=(0.0, 0.0, scene.width, design.grid.height * s)))
    _tally(scene, design, final, outcome, s, lang)
    return scene


def setup_fish_mask(design: CatsMap, setup: CatsSetup) -> int:
    C = design.grid.width
    mask = 0
    for d in setup.fish:
        mask |= 1 << ((d.row - 1) * C + d.col - 1)
    return mask


def _tally(scene: Scene, design: CatsMap, final: engine.State, outcome: str, s: float, lang: str = "en") -> None:
    """A strip under the map: the outcome, then per player the special moves (used ones crossed off) and the fish
    brought home."""
    _ = translator(lang)
    rows = TallyRows(max(6.0, 1.2 * s))
    add_tally(scene, outcome, [_tally_entry(scene, final, p, rows, _) for p in range(design.players)], rows)


def _tally_entry(scene: Scene, final: engine.State, p: int, rows: TallyRows, _) -> list[Part]:
    """A player's entry: the colour box with the player's name, each special move, the fish brought home."""
    out = final.out[final.game.team_of[p]]
    label = (_("player {number} (out)") if out else _("player {number}")).format(number=p + 1)
    home = sum(1 for c in final.cats if c.player == p and c.home)

    def special(x: float, y: float, side: float) -> list[Primitive]:
        return [use(scene, symbol("special", side), x, y, side)]

    return [rows.swatch(f"player-{p + 1}", label),
            *(rows.token(special, k < final.used[p]) for k in range(engine.SPECIALS)),
            rows.words(_("fish home: {count}").format(count=home))]


def printed_outcome(winners, end: str, turns: int, lang: str = "en") -> str:
    """How a game ended (`end`: win, trap, turn_limit or unfinished), in the words of `lang`, for the drawing of its
    paper: the headline of its tally, so a sentence of its own ("Player 1 wins after 135 turns")."""
    return headline(_outcome(winners, end, turns, lang))


def _outcome(winners, end: str, turns: int, lang: str) -> str:
    _ = translator(lang)
    if end == "unfinished":
        return unfinished(turns, _)
    if end == "turn_limit":
        return _("turn limit reached: no winner after {turns} turns").format(turns=turns)
    if not winners:
        return _("every player trapped: no winner after {turns} turns").format(turns=turns)
    who = " + ".join(str(w + 1) for w in winners)
    if end == "win":
        return _.ngettext("player {who} wins after {turns} turns", "players {who} win after {turns} turns",
                          len(winners)).format(who=who, turns=turns)
    return _.ngettext("player {who} wins after {turns} turns, the others trapped",
                      "players {who} win after {turns} turns, the others trapped", len(winners)).format(
                          who=who, turns=turns)


# -- rule-sheet figures drawn from real games -----------------------------------------------------------------------------

FIGURES = {"step": "step", "jump": "jump", "amazing": "amazing", "pop": "pop", "building": "step", "game": ""}
FIGURE_SEEDS = 40             # games searched for a move of the kind asked
# The narrowest map with room for 2 players' drawings (19 columns) in 4.25 mm cells: 81 mm, so a move figure stands
# in a column of a rule sheet at its real size. Its bands are too narrow for their words; a move's figure needs none.
FIGURE_COLS, FIGURE_TAPE = 19, 21.25


def figure(kind: str, seed: int = 1, lang: str = "en") -> Scene:
    """A small 2-player map in a real game, drawn up to the first move of `kind` (step, jump, amazing, pop,
    building: a step into a building) or, for `game`, to its end. Random bots find every kind of move soon."""
    from ...errors import InputError
    from ...arena import Bot, RandomBot, play_match
    from .generate import generate_map
    from .setup import generate_setup

    if kind not in FIGURES:
        raise InputError(Says(N_("{game} has no play figure {kind!r}; it draws {known}"), game="cats", kind=kind,
                              known=", ".join(FIGURES)))
    design = generate_map(players=2, segment_rows=4, segment_cols=FIGURE_COLS, tape_width=FIGURE_TAPE,
                          seed=seed)
    for attempt in range(FIGURE_SEEDS):
        setup = generate_setup(design, seed + attempt)
        state = engine.initial_state(design, setup)
        bots: list[Bot]
        if kind == "game":
            from .bots import GreedyBot
            bots = [GreedyBot(), GreedyBot()]
        else:
            bots = [RandomBot(), RandomBot()]
        match, states = play_match(engine, state, bots, seed + attempt, 400, keep_states=True)
        if kind == "game":
            if match.result is not None:
                last = engine.parse_move(match.moves[-1], states[len(match.moves) - 1])
                mover = engine.to_move(states[len(match.moves) - 1])
                return game_scene(design, setup, 0, match.moves, _caption(last, mover, design, lang, match.result),
                                  lang=lang)
            continue
        for k, (before, text) in enumerate(zip(states, match.moves)):
            move = engine.parse_move(text, before)
            if move.kind == FIGURES[kind] and (kind != "building" or _enters_building(before, move)) \
                    and _still_played(engine.apply(before, move)):
                return game_scene(design, setup, 0, match.moves[:k + 1],
                                  _caption(move, engine.to_move(before), design, lang),
                                  mark_last=True, lang=lang)
    raise InputError(Says(N_("no game on seed {seed} shows a {kind}; try another seed"), seed=seed, kind=kind))


def _still_played(state: engine.State) -> bool:
    """Nobody is out and nobody has won: a move's figure shows the move, not an end its caption does not tell (a
    cat that walks into a building with one door is trapped, which ends a 2-player game)."""
    return state.winner is None and not any(state.out)


def _enters_building(state: engine.State, move) -> bool:
    land = state.game.terrain
    region = land.region_of[move.target]
    return (region != engine.NO_REGION and not land.region_forest[region] and not land.region_shrine[region]
            and state.cats[move.cat].region == engine.NO_REGION)


LAST_MOVE, WINS = N_("last move, player {player}: {move}"), N_("player {who} wins")
DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
MOVE_WORDS = {
    "step": N_("cat {cat} steps {direction}"),
    "jump": N_("cat {cat} jumps {direction} (super cat jump)"),
    "amazing": N_("cat {cat} jumps {direction} (super amazing cat jump)"),
    "pop": N_("cat {cat} dives into the sewer at column {into} of row {row} and pops out at column {out}"),
    "pass": N_("pass"),
    "trapped": N_("trapped"),
}


def move_words(move: engine.Move, design: CatsMap, lang: str = "en") -> str:
    """A move told in words of `lang` (the notation is for logs and replays; a figure's reader has the rules)."""
    _ = translator(lang)
    C = design.grid.width
    direction = _(DIRECTIONS[move.direction]) if move.direction in DIRECTIONS else ""
    return _(MOVE_WORDS[move.kind]).format(cat=move.number, direction=direction, row=move.target // C + 1,
                                           into=move.via % C + 1, out=move.target % C + 1)


def _caption(move: engine.Move, mover: int, design: CatsMap, lang: str, result=None) -> str:
    """The figure's caption: the last move and whose it was (a cat's number is its player's own: cat 1 of player 2),
    and who won where the game is over."""
    _ = translator(lang)
    last = _(LAST_MOVE).format(player=mover + 1, move=move_words(move, design, lang))
    if result is not None:
        return f"{_(WINS).format(who=' + '.join(str(w + 1) for w in result.winners))} ({last})"
    return last
