"""Tokyo Washi Game Cops: tape segments with two zones of four crime locations joined by yellow paths, maps of one
segment per player that wrap top to bottom, offset set-ups completed with new roads, and squad sheets."""

from __future__ import annotations

import secrets

from ...errors import DesignFormatError, InputError
from ...i18n import check_language, translator
from ...press import KitPart, PrintOptions
from .. import Component, Game, Param, register_game
from .commands import commands
from .draw import location_diagram, map_scene, print_design, print_sheets, print_strips, segment_scene
from .generate import card_areas, generate_map, generate_tape, sample_segment
from .model import (DEFAULT_PLAYERS, DEFAULT_TAPE_WIDTH, GAME, MAX_PLAYERS, MIN_PLAYERS, TITLE, CopsMap, CopsSheet,
                    CopsTape, Location, max_offset_for, segment_length_for)
from .rules import validate
from .text import to_text


def check_design(design) -> None:
    """What a file must get right before its rules can be checked: unique location ids, path ends that name a
    location of their own segment (or a port or joint with a position), roads that name segments of the map."""
    if isinstance(design, CopsSheet):
        return
    seen: dict[str, str] = {}
    for s, segment in enumerate(design.segments):
        ids = set()
        for z, zone in enumerate(segment.zones):
            for k, location in enumerate(zone.locations):
                where = f"segments[{s}].zones[{z}].locations[{k}].id"
                if location.id in seen:
                    raise DesignFormatError(f"location id {location.id!r} is used twice (also at "
                                            f"{seen[location.id]})", path=where)
                seen[location.id] = where
                ids.add(location.id)
        for p, path in enumerate(segment.paths):
            for label in ("a", "b"):
                _check_end(getattr(path, label), ids, f"segments[{s}].paths[{p}].{label}")
    for r, road in enumerate(getattr(design, "roads", ())):
        for label in ("a", "b"):
            end = getattr(road, label)
            where = f"roads[{r}].{label}"
            if end.segment >= len(design.segments):
                raise DesignFormatError(f"names segment index {end.segment}, but the map has "
                                        f"{len(design.segments)} segments (0..{len(design.segments) - 1})",
                                        path=f"{where}.segment")
            if (end.joint is None) == (end.location is None):
                raise DesignFormatError("a road end names either a joint (with at) or a location", path=where)
            if end.joint is not None and end.at is None:
                raise DesignFormatError("a joint end needs its height (at, mm)", path=f"{where}.at")
            if end.location is not None and end.location not in seen:
                raise DesignFormatError(f"names location {end.location!r}, which does not exist",
                                        path=f"{where}.location")


def _check_end(end, ids: set[str], where: str) -> None:
    given = [name for name in ("location", "port", "joint") if getattr(end, name) is not None]
    if len(given) != 1:
        raise DesignFormatError("a path end names exactly one of location, port or joint, got "
                                f"{', '.join(given) or 'none'}", path=where)
    if end.location is not None:
        if end.location not in ids:
            raise DesignFormatError(f"names location {end.location!r}, which does not exist on this segment",
                                    path=f"{where}.location")
        if end.at is not None:
            raise DesignFormatError("a location end has no position (at)", path=f"{where}.at")
    elif end.at is None:
        raise DesignFormatError(f"a {given[0]} end needs its position (at, mm)", path=f"{where}.at")


def golden() -> dict:
    """Fixed seeds for tests/golden/cops-*.txt."""
    return {
        "map-2p": generate_map(players=2, seed=1),
        "map-4p": generate_map(players=4, seed=2),
        "map-3p-offset": generate_map(players=3, seed=3, offset=8.0),
        "tape-2": generate_tape(segments=2, seed=4),
    }


DIAGRAMS = ("segment", "location", "map")


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `segment` (seed: one segment, joints at both ends), `location` (one location
    with its areas named), `map` (players, seed, offset: a whole map)."""
    seed = int(params.get("seed", 7))
    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "segment":
        width = float(params.get("tape_width", DEFAULT_TAPE_WIDTH))
        return segment_scene(sample_segment(seed, width), width, segment_length_for(width), 0.0,
                             translator(lang).gettext("seed {seed}").format(seed=seed),
                             {"game": GAME, "kind": "diagram"}, lang)
    if name == "location":
        fish = Location(id="", kind="fish", shape="rect", x=0.0, y=0.0, w=28.0, h=12.0,
                        areas=card_areas(0.0, 0.0, 28.0, 12.0))
        return location_diagram(fish, lang)
    if name == "map":
        return map_scene(generate_map(int(params.get("players", 2)), seed, offset=float(params.get("offset", 0))),
                         lang=lang)
    raise InputError(f"cops: no diagram named {name!r}; known: {', '.join(DIAGRAMS)}")


def kit(players: int, paper: str, lang: str = "en") -> list[KitPart]:
    """Everything a table needs besides the rules: the map's strips on paper and one squad sheet per player. The
    map's seed is chosen afresh and printed on every strip and in the instructions."""
    seed = secrets.randbelow(1_000_000)
    design = generate_map(players, seed)
    _ = translator(lang)
    options = PrintOptions(paper=paper, lang=lang)
    paper_name = "A4" if paper.lower() == "a4" else paper.capitalize()
    return [
        KitPart(_("Map"), print_strips(design, options), _("{paper}, plain paper, one side").format(paper=paper_name),
                _("Cut out the {players} strips along the crop marks and lay them end to end in order, tops in "
                  "line, so the paths meet (map seed {seed}: washigen cops map --players {players} --seed {seed} "
                  "makes it again).").format(players=players, seed=seed)),
        KitPart(_("Squad sheets"), print_sheets(CopsSheet(squads=players), options),
                _("{paper}, plain paper").format(paper=paper_name),
                _("Cut the sheets apart; every squad takes one and writes its name on it and in a blue section of "
                  "the tape.")),
    ]


_TAPE_WIDTH = Param("tape_width", "length", f"{DEFAULT_TAPE_WIDTH:g}mm", 10.0, 200.0,
                    help="tape width; everything scales with it")
_SEED = Param("seed", "int", None, 0, 2**63 - 1, help="chosen and printed when omitted")

COMPONENTS = (
    Component("map", "one segment per player end to end, wrapping top to bottom; offset set-ups with new roads", (
        Param("players", "int", DEFAULT_PLAYERS, MIN_PLAYERS, MAX_PLAYERS),
        Param("offset", "length", "0mm", 0.0, max_offset_for(DEFAULT_TAPE_WIDTH),
              help="every other segment this much lower; at most a quarter of the tape width"),
        _TAPE_WIDTH, _SEED)),
    Component("tape", "artwork for a tape maker: a repeat of segments whose last joins its first", (
        Param("segments", "int", 4, 1, 24), Param("length", "length", "one repeat", help="e.g. 10m for a roll"),
        _TAPE_WIDTH, _SEED)),
    Component("sheet", "squad sheets: name, colour, two ramen bowls, two crimes with the culprits' faces", (
        Param("players", "int", 4, 1, 24, help="how many sheets, four to a page"),)),
)

GAME_OBJECT = Game(
    name=GAME,
    title=TITLE,
    designs={"map": CopsMap, "tape": CopsTape, "sheet": CopsSheet},
    validate=validate,
    print_design=print_design,
    components=COMPONENTS,
    to_text=to_text,
    from_text=None,
    check_design=check_design,
    diagram=diagram,
    golden=golden,
    kit=kit,
    commands=commands,
    extra={"diagrams": DIAGRAMS},
)

register_game(GAME_OBJECT)
