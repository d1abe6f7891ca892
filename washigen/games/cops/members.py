"""What the registry entry of Cops (__init__.py) names beyond its spec: the load-time checks of a design, golden
designs, rule-sheet figures, the kit, balance and play. Imported when one of them is first used (a Lazy member), so
registering the game does not compile them; each imports what it draws or plays with inside its body."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import DesignFormatError, InputError
from ...i18n import check_language, translator
from ...words import N_, Says
from .constants import DEFAULT_LAYOUT, DEFAULT_TAPE_WIDTH, DIAGRAMS, GAME

if TYPE_CHECKING:
    from ...arena import Balance, Match
    from ...press import KitPart
    from .model import CopsMap

NEEDS_AT = N_("a {end} end needs its position ({at}, mm)")        # the end's kind and the field "at" are values


def check_design(design) -> None:
    """What a file must get right before its rules can be checked: unique location ids that a game's moves can
    name (model.id_problem), path ends that name a location of their own segment (or a port or joint with a
    position), roads that name segments of the map."""
    from .model import ID_MARKS, CopsSheet, id_problem

    if isinstance(design, CopsSheet):
        return
    seen: dict[str, str] = {}
    for s, segment in enumerate(design.segments):
        ids = set()
        for z, zone in enumerate(segment.zones):
            for k, location in enumerate(zone.locations):
                where = f"segments[{s}].zones[{z}].locations[{k}].id"
                character = id_problem(location.id)
                if character is not None:
                    raise DesignFormatError(Says(N_("location id {id!r} holds {character!r}; a game's moves name "
                                                    "locations by their ids, so an id holds no space and none of "
                                                    "{marks}"), id=location.id, character=character,
                                                 marks=" ".join(ID_MARKS)), path=where)
                if location.id in seen:
                    raise DesignFormatError(Says(N_("location id {id!r} is used twice (also at {other})"),
                                                 id=location.id, other=seen[location.id]), path=where)
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
                raise DesignFormatError(Says(N_("names segment index {index}, but the map has {count} segments "
                                                "(0..{last})"), index=end.segment, count=len(design.segments),
                                             last=len(design.segments) - 1), path=f"{where}.segment")
            named = [name for name in ("joint", "port", "location") if getattr(end, name) is not None]
            if len(named) != 1:
                raise DesignFormatError(Says(N_("a road end names one of a {joint} or a {port} (with {at}) or a "
                                                "{location}"), joint="joint", port="port", at="at",
                                             location="location"), path=where)
            if end.location is None and end.at is None:
                raise DesignFormatError(Says(NEEDS_AT, end=named[0], at="at"), path=f"{where}.at")
            if end.location is not None and end.location not in seen:
                raise DesignFormatError(Says(N_("names location {location!r}, which does not exist"),
                                             location=end.location), path=f"{where}.location")


def _check_end(end, ids: set[str], where: str) -> None:
    given = [name for name in ("location", "port", "joint") if getattr(end, name) is not None]
    if len(given) != 1:
        raise DesignFormatError(Says(N_("a path end names exactly one of {names} or {last}, got {given}"),
                                     names="location, port", last="joint",
                                     given=", ".join(given) or Says(N_("none"))), path=where)
    if end.location is not None:
        if end.location not in ids:
            raise DesignFormatError(Says(N_("names location {location!r}, which does not exist on this segment"),
                                         location=end.location), path=f"{where}.location")
        if end.at is not None:
            raise DesignFormatError(Says(N_("a {end} end has no position ({at})"), end="location", at="at"),
                                    path=f"{where}.at")
    elif end.at is None:
        raise DesignFormatError(Says(NEEDS_AT, end=given[0], at="at"), path=f"{where}.at")


def play_check(design, seed: int):
    """Greedy squads on every seating must finish (the engine is imported only when a map is played)."""
    from .playtest import play_check as check

    return check(design, seed)


def balance(design: CopsMap | None, games: int, seed: int, jobs: int, bots: str = "greedy") -> Balance:
    """Game.balance: win rate per place in the turn order on `design` (None: the 2-squad map of `seed`)."""
    from .playtest import map_balance

    return map_balance(_map_to_play(design, seed), games, seed, jobs, bots)


def play(design: CopsMap | None = None, seed: int | None = None, bots: str | None = None, first: int = 0) -> Match:
    """Game.play: one game between `bots` (greedy by default) on `design` (None: the 2-squad map of `seed`),
    squad `first` starting; the game is seeded as `cops play --seed SEED` seeds its first game."""
    from ...arena import game_seed
    from .playtest import play_game

    seed = 0 if seed is None else seed
    design = _map_to_play(design, seed)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < design.players:
        raise InputError(Says(N_("{field}: must be a squad 0..{last}, got {value!r}"), field="first",
                              last=design.players - 1, value=first))
    return play_game(design, bots or "greedy", game_seed(seed, 0), first)


def _map_to_play(design: Any, seed: int) -> CopsMap:
    from .generate import generate_map
    from .playtest import map_to_play

    return generate_map(seed=seed) if design is None else map_to_play(design)


def golden() -> dict:
    """Fixed seeds for tests/golden/cops-*.txt."""
    from .generate import generate_map, generate_tape

    return {
        "map-2p": generate_map(players=2, seed=1),
        "map-4p": generate_map(players=4, seed=2),
        "map-3p-offset": generate_map(players=3, seed=3, offset=8.0),
        "tape-2": generate_tape(segments=2, seed=4),
        "map-3p-stacked-offset": generate_map(players=3, seed=5, offset=8.0, layout="stacked"),
    }


def diagram(name: str, params: dict):
    """Figures for the rule sheet: `segment` (seed: one segment, joints at both ends), `location` (one location
    with its areas named), `map` (players, seed, offset, layout: a whole map; crop="x,y,w,h": the part of it in
    that rectangle, mm). A segment or map drawn for a figure `print_width` mm wide draws its words large enough
    to print at their tape size there (a whole map scaled into a page would print them too small to read);
    `words=false` leaves them off an overview."""
    from .draw import map_scene, segment_scene
    from .figures import cropped, location_diagram
    from .generate import card_areas, generate_map, sample_segment
    from .model import Location, segment_length_for

    seed = int(params.get("seed", 7))
    lang = check_language(str(params.get("lang", "en")), "lang")
    if name == "segment":
        width = float(params.get("tape_width", DEFAULT_TAPE_WIDTH))
        length = segment_length_for(width)
        return segment_scene(sample_segment(seed, width), width, length, 0.0,
                             translator(lang).gettext("seed {seed}").format(seed=seed),
                             {"game": GAME, "kind": "diagram"}, lang, _lettering(params, length))
    if name == "location":
        fish = Location(id="", kind="fish", shape="rect", x=0.0, y=0.0, w=28.0, h=12.0,
                        areas=card_areas(0.0, 0.0, 28.0, 12.0))
        return location_diagram(fish, lang)
    if name == "map":
        design = generate_map(int(params.get("players", 2)), seed, offset=float(params.get("offset", 0)),
                              layout=str(params.get("layout", "end-to-end")))
        if "crop" not in params:
            return map_scene(design, lang=lang, lettering=_lettering(params, design.size[0]))
        x, y, w, h = _crop(params["crop"], design.size)
        return cropped(map_scene(design, lang=lang, lettering=_lettering(params, w)), x, y, w, h)
    raise InputError(Says(N_("{game}: no diagram named {name!r}; known: {known}"), game=GAME, name=name,
                          known=", ".join(DIAGRAMS)))


def _crop(text, size: tuple[float, float]) -> tuple[float, float, float, float]:
    """'x,y,w,h' (mm) -> a rectangle inside a map of `size`."""
    try:
        x, y, w, h = (float(v) for v in str(text).split(","))
    except ValueError:
        raise InputError(Says(N_("{field}: write {form} in mm, got {value!r}"), field="crop", form="x,y,w,h",
                              value=text)) from None
    if not (0 <= x and 0 <= y and w > 0 and h > 0 and x + w <= size[0] and y + h <= size[1]):
        raise InputError(Says(N_("{field}: {value!r} is not inside the map's {width:g} x {height:g} mm"),
                              field="crop", value=text, width=size[0], height=size[1]))
    return x, y, w, h


def _lettering(params: dict, width: float) -> float | None:
    """How much larger than on the tape a figure `width` mm wide draws its words (None: none at all)."""
    if not params.get("words", True):
        return None
    printed = float(params.get("print_width", width))
    if not 0 < printed <= 1000:
        raise InputError(Says(N_("{field}: must be a width in mm (0..1000), got {value:g}"), field="print_width",
                              value=printed))
    return max(1.0, width / printed)


def kit(players: int, paper: str, lang: str = "en", seed: int | None = None,
        layout: str = DEFAULT_LAYOUT) -> list[KitPart]:
    """Everything a table needs besides the rules: the map's strips on paper and one squad sheet per player. The
    map's seed (chosen afresh when None) is printed on every strip and in the instructions."""
    import secrets

    from ...press import KitPart, PrintOptions
    from .draw import print_sheets, print_strips
    from .generate import generate_map
    from .model import CopsSheet

    seed = secrets.randbelow(1_000_000) if seed is None else seed
    design = generate_map(players, seed, layout=layout, search=True)     # fair by default, as `cops map` makes it
    _ = translator(lang)
    options = PrintOptions(paper=paper, lang=lang)
    paper_name = "A4" if paper.lower() == "a4" else paper.capitalize()
    if layout == "stacked":
        how = _("Cut out the {players} strips along the crop marks and lay them one below the other in order, long "
                "edges together and squad sections at the left, so the paths meet across the edges (map seed {seed}: "
                "washigen cops map --players {players} --layout stacked --seed {seed} makes it again).")
    else:
        how = _("Cut out the {players} strips along the crop marks and lay them end to end in order, tops in "
                "line, so the paths meet (map seed {seed}: washigen cops map --players {players} --seed {seed} "
                "makes it again).")
    return [
        KitPart(_("Map"), print_strips(design, options), _("{paper}, plain paper, one side").format(paper=paper_name),
                how.format(players=players, seed=seed)),
        KitPart(_("Squad sheets"), print_sheets(CopsSheet(squads=players), options),
                _("{paper}, plain paper").format(paper=paper_name),
                _("Cut the sheets apart; every squad takes one and writes its name on it and in a blue section of "
                  "the tape.")),
    ]
