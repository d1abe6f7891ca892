"""A bot game's lines in the words of a language, for the studio's page (PlayedGame.lines_in): the events as
gamelog.describe tells them and how the game ended as replay.outcome_lines does, line for line and indented alike
(the page steps through them by their indents), in the words of `lang`. The command's own lines stay English."""

from __future__ import annotations

from typing import Any, Callable

from ...i18n import N_, Translator, translator
from ...words import NN_

HEAD = N_("{title}: {players} players, setup seed {setup_seed}, policy {policy}, seed {seed}")
CAT = N_("{colour} cat {number}")
START, DESTINATIONS = N_("the start of row {row}"), N_("the destinations of row {row}")
FIXED = N_("fixed {points}")
PLAYS = {"rearrange": N_("{card}: rearranges {cells}"), "slide": N_("{card}: slides column {col} down by {steps}"),
         "nudge": N_("{card}: moves the {cat} to {place}"), "call": N_("{card}: calls the {cat} back to {place}"),
         "swap": N_("{card}: swaps the {cat} with the {other}")}
PLACED = {"": N_("{cat} is placed on {place}"), "tile": N_("{cat} is placed on {place} by the place-a-cat tile"),
          "tunnel": N_("{cat} is placed on {place} out of the tunnel"),
          "bonus": N_("{cat} is placed on {place} (3-point bonus)"),
          "return": N_("{cat} is placed on {place} (its row has no destination left)")}
STOPPED = {"occupied": N_("the arrow at {place} cannot move the {cat} (occupied)"),
           "wall": N_("the arrow at {place} cannot move the {cat} (wall)"),
           "loop": N_("the arrow at {place} cannot move the {cat} (loop)")}
EVENTS = {
    "turn": N_("turn {number} · {colour}"), "swap": N_("swaps {place} and {other}"), "card": N_("plays {play}"),
    "advance": N_("{cat} advances from {place} to {other}"),
    "arrow": N_("an arrow pushes the {cat} from {place} to {other}"),
    "mouse": N_("the {cat} claims the mouse toy at {place}; {tile} replaces it"),
    "mouse-stays": N_("the exchange deck is empty: the mouse toy at {place} stays"),
    "claim": N_("the {cat} claims a destination in row {row}: {destination}, {points} points"),
    "tunnel": N_("the {cat} enters the tunnel at {place}"), "forward": N_("cat forward: the {cat} advances"),
    "trigger": N_("destination {number} is claimed: this round is the last"),
    "forward-none": N_("cat forward: no cat can advance, the {cat}'s tile does nothing"),
    "place-none": N_("place a cat: {colour} has no cat waiting or no start is free; nothing happens"),
    "off-board": N_("the {cat} leaves the board: no start is free for it"),
    "no-destination": N_("the {cat} reaches row {row}, which has no destination left"),
    "stuck": N_("{colour} can neither advance a cat nor place one: the turn ends"),
    "cascade": N_("the chain of effects stops at the {cat} (too many landings in a row)"),
}
ENDED = {"destinations": N_("end of the game (destinations)"), "turn-limit": N_("end of the game (turn limit)")}
OVER = {"destinations": N_("game over after {rounds} rounds (destinations)"),
        "turn-limit": N_("game over after {rounds} rounds (turn limit)")}
SCORED = N_("{points} points ({destinations}, {toys})")
CLAIMED = NN_("{count} destination", "{count} destinations")
TOYS = NN_("{count} mouse toy", "{count} mouse toys")
WINNER, SHARED = N_("winner: {colours}"), N_("shared victory: {colours}")
NO_WINNER = N_("no winner: the turn limit cut the game off")
AND = N_("{first} and {second}")


def lines_in(design: Any, policy: str, seed: int, result: Any, lang: str) -> tuple[str, ...]:
    """The lines `trail-route play` prints for this game, in the words of `lang`."""
    from .constants import TITLE

    _ = translator(lang)
    state = result.state
    head = _(HEAD).format(title=TITLE, players=design.players, setup_seed=design.seed, policy=policy, seed=seed)
    return (head, *(describe(state, event, _) for event in state.events), *outcome(result, design.players, _))


def describe(state: Any, event: tuple, _: Translator) -> str:
    """gamelog.describe in the words of `_`, indented as it indents."""
    from .gamelog import describe as described

    kind, *data = event
    english = described(state, event)
    indent = english[:len(english) - len(english.lstrip(" "))]
    said = _said(state, kind, data, _)
    return english if said is None else indent + said          # an event it has no words for: as the log says it


def _said(state: Any, kind: str, data: list, _: Translator) -> str | None:
    from .engine import START as START_COLUMN

    cat: Callable[[int], str] = lambda k: cat_name(state, k, _)            # noqa: E731
    place: Callable[[Any], str] = lambda cell: where(cell, _)              # noqa: E731
    if kind == "turn":
        return _(EVENTS[kind]).format(number=data[1], colour=colour(state.colours[data[0]], _))
    if kind == "card":
        return _(EVENTS[kind]).format(play=describe_play(state, data[1], data[2], _))
    if kind == "place":
        return _(PLACED.get(data[2], PLACED[""])).format(cat=cat(data[0]), place=place((data[1], START_COLUMN)))
    if kind == "arrow-stop" and data[2] in STOPPED:
        return _(STOPPED[data[2]]).format(place=place(data[1]), cat=cat(data[0]))
    if kind == "end" and data[0] in ENDED:
        return _(ENDED[data[0]])
    if kind not in EVENTS:
        return None
    values = {"swap": lambda: {"place": place(data[0]), "other": place(data[1])},
              "advance": lambda: {"cat": cat(data[0]), "place": place(data[1]), "other": place(data[2])},
              "arrow": lambda: {"cat": cat(data[0]), "place": place(data[1]), "other": place(data[2])},
              "mouse": lambda: {"cat": cat(data[0]), "place": place(data[1]), "tile": tile(data[2], _)},
              "mouse-stays": lambda: {"place": place(data[1])},
              "claim": lambda: {"cat": cat(data[0]), "row": data[1] + 1, "destination": destination(data[2], _),
                                "points": data[3]},
              "tunnel": lambda: {"cat": cat(data[0]), "place": place(data[1])},
              "forward": lambda: {"cat": cat(data[1])}, "trigger": lambda: {"number": data[0]},
              "forward-none": lambda: {"cat": cat(data[0])},
              "place-none": lambda: {"colour": colour(state.colours[state.cats[data[0]].owner], _)},
              "off-board": lambda: {"cat": cat(data[0])},
              "no-destination": lambda: {"cat": cat(data[0]), "row": data[1] + 1},
              "stuck": lambda: {"colour": colour(state.colours[data[0]], _)},
              "cascade": lambda: {"cat": cat(data[0])}}[kind]()
    return _(EVENTS[kind]).format(**values)


def describe_play(state: Any, play: Any, target: Any, _: Translator) -> str:
    """gamelog.describe_play in the words of `_`: the card by the name its deck prints, then what it did."""
    from .engine import Call, Nudge, Rearrange, Slide
    from .model import CARDS

    card = _(CARDS[play.card][0])
    if isinstance(play, Rearrange):
        return _(PLAYS["rearrange"]).format(card=card, cells=", ".join(where(c, _) for c in play.cells))
    if isinstance(play, Slide):
        return _(PLAYS["slide"]).format(card=card, col=play.col + 1, steps=play.steps % state.rows)
    if isinstance(play, Nudge):
        return _(PLAYS["nudge"]).format(card=card, cat=cat_name(state, play.cat, _), place=where(target, _))
    if isinstance(play, Call):
        return _(PLAYS["call"]).format(card=card, cat=cat_name(state, play.cat, _), place=where(target, _))
    return _(PLAYS["swap"]).format(card=card, cat=cat_name(state, play.mine, _),
                                   other=cat_name(state, play.other, _))


def outcome(result: Any, players: int, _: Translator) -> list[str]:
    """replay.outcome_lines in the words of `_`: the game's length, each cat's points, the winner."""
    state = result.state
    reason = result.end_reason
    lines = [_(OVER[reason]).format(rounds=result.rounds) if reason in OVER
             else f"game over after {result.rounds} rounds ({reason})"]
    names = [colour(c, _) for c in state.colours]
    wide = max(len(name) for name in names)
    for p in range(players):
        claims, mice = len(state.claims[p]), len(state.mice[p])
        scored = _(SCORED).format(points=f"{result.scores[p]:>3}",
                                  destinations=_.ngettext(*CLAIMED, claims).format(count=claims),
                                  toys=_.ngettext(*TOYS, mice).format(count=mice))
        lines.append(f"  {names[p]:<{wide}} {scored}")
    if not result.winners:              # cut off by the turn limit (replay.outcome_lines)
        return [*lines, _(NO_WINNER)]
    winners = names[result.winners[-1]]
    for p in reversed(result.winners[:-1]):
        winners = _(AND).format(first=names[p], second=winners)
    lines.append(_(WINNER if len(result.winners) == 1 else SHARED).format(colours=winners))
    return lines


def colour(name: str, _: Translator) -> str:
    from .rules import COLOUR_WORDS

    return _(COLOUR_WORDS[name]) if name in COLOUR_WORDS else name


def cat_name(state: Any, k: int, _: Translator) -> str:
    """A cat as the lines name it: "blue cat 1" (State.cat_name), "Katze 1 (blau)"."""
    from .engine import PAWNS_PER_PLAYER

    return _(CAT).format(colour=colour(state.cats[k].colour, _), number=k % PAWNS_PER_PLAYER + 1)


def where(cell: Any, _: Translator) -> str:
    """gamelog.where in the words of `_`: a row's start, its destinations, or (row, column) as the language writes
    a pair ("(4; 7)" in German)."""
    from .engine import DEST, START as START_COLUMN

    row, col = cell
    if col == START_COLUMN:
        return _(START).format(row=row + 1)
    if col == DEST:
        return _(DESTINATIONS).format(row=row + 1)
    return _.value((row + 1, col + 1))


def tile(code: str, _: Translator) -> str:
    from .rules import tile_says

    return _.says(tile_says(code))


def destination(code: str, _: Translator) -> str:
    """model.dest_name in the words of `_`: a colour pair ("Red & blue") or a fixed tile's points."""
    from .model import dest_pair

    pair = dest_pair(code)
    if pair is None:
        return _(FIXED).format(points=code.split("-")[1])
    first = colour(pair[0], _)
    return f"{first[:1].upper()}{first[1:]} & {colour(pair[1], _)}"
