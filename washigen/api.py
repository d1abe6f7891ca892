"""The Python API: plain typed functions for scripts, the studio and the command line alike.

    generate(game, component, **params) -> Design     a new design, its parameters checked as the spec declares them
    validate(design) -> Report                        every violation of the game's placement rules
    render(design, path, **print_options) -> [Path]   .json .txt .tmj .tmx the design; .pdf .svg .png its print
    load(path) -> Design, save(design, path)          design files (.json, a game's .txt, Tiled .tmj/.tmx)
    play(game, design=None, seed=, bots=) -> a game   one game played by bots on the game's engine
    balance(game, design=None, games=, seed=, jobs=, bots=) -> Balance   win rates per seat over seeded games
    balance_chart(balance, design, seed=, bots=, lang=) -> Document   that balance drawn as `GAME balance -o` draws it
    check_run(game, design=None, games=, bots=) -> None   refuses, unplayed, a run past its allowance (DESIGN 12)
    print_options(**values) -> PrintOptions           paper, bleed, duplex, ... checked as the command line checks them
    draw(design, options) -> Document                 the design's print, page by page (Scenes, with their places)
    draw_component(game, component, options, **params) -> Document   a part's print, a part that only prints too
    files(document, name, options) -> [(name, bytes)] what writing the print to `name` writes, byte for byte
    bot_game(design, seed) -> PlayedGame              one bot game on a design as `GAME play` plays it

Each function imports what it needs when called, so `import washigen` stays quick."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .errors import InputError
from .units import MAX_GUTTER
from .words import N_, Says

if TYPE_CHECKING:
    from .arena.balance import Balance
    from .design import Design
    from .games import Game
    from .games.played import PlayedGame
    from .press import Document
    from .press.options import PrintOptions
    from .report import Report
    from .scene import Scene

BALANCE_GAMES = 200         # games a balance plays unless told: enough for a 95 % interval of about ±7 points
BALANCE_BOTS = "greedy"     # who plays a balance unless told (the games' `balance` hooks' default)
MAX_GAMES = 100_000         # games in one balance, as the command line's --games
WHOLE_NUMBER_IN = N_("{field}: must be a whole number {low}..{high}, got {value!r}")    # games, jobs, a seed


def generate(game: str, component: str, **params: Any) -> Design:
    """A new design: `generate("cats", "map", players=4, seed=7)`. Parameters are the component's, as `washigen
    games` lists them (underscores for hyphens); each is checked against its range, an unknown one is refused. A
    missing seed is chosen and kept in the design, so it can be made again."""
    from .games.generating import generate as make

    return _files_named(lambda: make(game, component, **params), _file_params(game, component, params))


def validate(design: Design) -> Report:
    """The design checked against its game's rules: every violation with its rule id, severity and place."""
    from .design import checked, validate as check

    return check(checked(design))


def render(design: Design, path: str | Path, options: PrintOptions | None = None, **print_options: Any) -> list[Path]:
    """Writes a design by the extension of `path` (see design.render); returns the files written."""
    from .design import checked, render as write

    path = _file_name(path)
    chosen = _print_options(options, print_options)
    return _in_python_words(lambda: _files_named(lambda: write(checked(design), path, chosen), _files_of(chosen)),
                            *_PRINT_CHECKS, *_OWN_OPTIONS)


def load(path: str | Path) -> Design:
    """A design file: .json, a game's text form (.txt), or a Tiled map (.tmj, .tmx); "-" reads standard input."""
    from .design import load as read

    return read(_file_name(path))


def save(design: Design, path: str | Path) -> None:
    """The design as JSON at `path`, a name ending in .json ("-": standard output); washigen.render writes the
    other forms (.txt, .tmj, .tmx) and prints."""
    from .design import checked, save as write
    from .output import output_format

    path = _file_name(path)
    if output_format(Path(path)) != ".json":
        raise InputError(Says(N_("{field}: {function} writes a design as JSON, to a name ending in .json (or \"-\", "
                                 "standard output), got {path!r}; {renderer} writes {formats} and prints"),
                              field="path", function="save", path=str(path), renderer="washigen.render",
                              formats=".txt, .tmj, .tmx"))
    write(checked(design), path)


def play(game: str, design: Design | None = None, *, seed: int | None = None, bots: str | None = None,
         **options: Any) -> Any:
    """One game played to its end by bots on the game's engine: on `design` (a map, a set-up), or on one made
    from `seed` (0 when None). `bots` names a bot for every seat, or one per seat ("greedy", "strong:24,greedy");
    None, the game's own (greedy). `options` are the game's own (Cats and Cops `first`, Trail Route `players`).
    Returns the game's played record (moves, result); InputError for a game washigen cannot play."""
    found = _playable(game, "play")
    hook = found.play
    assert hook is not None                  # _playable refuses a game without one
    _taken_options(found, hook, options)
    _no_nan(options)
    return _in_python_words(lambda: hook(_playable_design(design), seed=_seed(seed), bots=_bots(bots), **options),
                            "bots", *options)


def balance(game: str, design: Design | None = None, *, games: int = BALANCE_GAMES, seed: int = 0,
            jobs: int = 1, bots: str | None = BALANCE_BOTS) -> Balance:
    """Win rate per seat over `games` seeded games between equal `bots` (None: greedy), the starting seat rotated,
    each rate with its 95 % Wilson interval (DESIGN 9). The numbers depend only on the arguments, not on `jobs`."""
    hook = _playable(game, "balance").balance
    assert hook is not None                  # _playable refuses a game without one
    _whole(games, "games", 1, MAX_GAMES)
    _whole(jobs, "jobs", 1, 64)
    return _in_python_words(lambda: hook(_playable_design(design), games=games, seed=_seed(seed), jobs=jobs,
                                         bots=_bots(bots) or BALANCE_BOTS), "bots", "games", "jobs")


def check_run(game: str, design: Design | None = None, *, games: int = BALANCE_GAMES, bots: str = BALANCE_BOTS,
              options: str | None = None) -> None:
    """Refuses, before any game is played, `games` games between `bots` on the design (None: the game's own table)
    that would take longer than their allowance of one core (a minute; 30 where a seat is strong), by the game's
    registered cost (Game.extra["run_cost"]) as the command line estimates it: an InputError naming `options`
    (default "games=N, bots=B") and the most games that fit, or the strongest bot that does. A game that registers
    no cost is not estimated. play() and balance() do not call it: a script asks for the work it wants; the
    studio and the command line call it for every run."""
    from .arena.balance import refuse_long_run

    # Held as balance() holds them: a count of any other type failed deep in the estimate (a TypeError, NaN's
    # ValueError), 0 or -3 games passed unestimated, strong:0 was estimated as greedy, a text a design.
    _whole(games, "games", 1, MAX_GAMES)
    if options is not None and not isinstance(options, str):    # 7 or a list was named in the refusal as it was
        raise InputError(Says(N_("{field}: must be text, got {value!r}"), field="options", value=options))
    cost, bots = _run_cost(game, design, bots)
    if cost is not None:
        refuse_long_run(games, cost, bots, options if options and options.strip() else f"games={games}, bots={bots}")


def games_that_fit(game: str, design: Design | None = None, *, bots: str = BALANCE_BOTS) -> int | None:
    """The most games between `bots` on the design (None: the game's own table) that check_run accepts, by the
    game's registered cost; None for a game that registers no cost (check_run accepts any count of its games)."""
    from .arena.balance import games_that_fit as fitting

    cost, bots = _run_cost(game, design, bots)
    return None if cost is None else fitting(cost, bots)


def _run_cost(game: str, design: Design | None, bots: Any) -> tuple[Any, str]:
    """(what a game between `bots` on the design costs by the game's registered cost, or None where it registers
    none; the bots), the bots and the design checked as balance() checks them. A design of another game is refused:
    the costs of games that read no design from it (Trail Route's, Cat Tree's) took it without a word."""
    from .design import Design, checked
    from .games import get_game

    found = get_game(game)
    bots = _bots(bots) or BALANCE_BOTS
    if design is not None and not isinstance(design, Design):
        checked(design)                       # refuses it by its type, as play() and balance() do
    run_cost = found.extra.get("run_cost")
    cost = None if run_cost is None else run_cost(design)      # a game's own cost refuses as its balance does
    if design is not None and design.GAME != found.name:
        raise InputError(Says(N_("{field}: a run of {game} plays a design of {game}, not a {kind} of {other}"),
                              field="design", game=found.name, kind=design.KIND, other=design.GAME))
    _check_bots(found, design, bots)          # after the design, as the games' balance checks them
    return cost, bots


def _check_bots(found: Game, design: Any, bots: str) -> None:
    """`bots` refused as the game's play and balance refuse them (check_run and games_that_fit estimated
    `bots="x"` as greedy bots), with one bot for every seat of the design where it says its players."""
    from .arena.bots import check_game_bots

    table = getattr(design, "map", design)                      # a Cats set-up's players are its map's
    check_game_bots(bots, found.extra.get("bots"), getattr(table, "players", None), option="bots")


def balance_chart(result: Balance, design: Design, *, seed: int = 0, bots: str | None = BALANCE_BOTS,
                  lang: str | None = "en") -> Document:
    """The chart of a balance run, as `washigen GAME balance --seed SEED --bots BOTS --lang LANG -o chart.svg` draws
    it: win rate per seat with its 95 % interval against the fair-share line, the games' lengths and how they ended,
    under a title naming the game, its players, the seed and the bots, its words in `lang`. `result` is what
    washigen.balance answered for `design` with that seed and those bots (they are named, not played, here)."""
    from .arena.balance import Balance
    from .arena.chart import balance_chart as chart
    from .arena.chart import chart_title
    from .design import checked
    from .games import get_game
    from .press import Document

    if not isinstance(result, Balance):
        raise InputError(Says(N_("{field}: must be the {kind} {maker} answered, got {type}"), field="result",
                              kind="Balance", maker="washigen.balance", type=type(result).__name__))
    design = checked(design)
    lang = _language("en" if lang is None else lang, "lang")
    bots = BALANCE_BOTS if bots is None else bots
    seed = _seed(seed, optional=False)          # 0..2^63-1 as balance() takes it (10**30 was drawn in the title)
    if not isinstance(bots, str) or not bots.strip():
        raise InputError(Says(N_("{field}: must name the bots that played, such as {example}, got {value!r}"),
                              field="bots", example="'greedy'", value=bots))
    players = getattr(design, "players", len(result.seats))    # a Cat Tree layout names none: a seat a player
    game = get_game(design.GAME)
    _check_bots(game, design, bots)             # bots no balance() plays ("x") were named in the title
    title = chart_title(game.title, players, seed, bots, lang)
    return Document.single(chart(result, result.lengths, title, lang, game.extra.get("endings")))


DUPLEX = ("long", "short", "none")
COLOURS = ("rgb", "cmyk")


def message(error: BaseException, lang: str = "en") -> str:
    """An error's message in a language: a refusal of bad input (InputError) as the catalog words it, so that a
    program showing it to people speaks their language, as the studio does; str(error), its English, otherwise (and
    for a sentence the catalog does not hold)."""
    from .i18n import check_language, translator

    if not isinstance(error, BaseException):       # 7 or a text was answered as str(7), as if an error's words
        raise InputError(Says(N_("{field}: must be an error (an exception washigen raised), got {type}"),
                              field="error", type=type(error).__name__))
    return translator(check_language(lang, "lang")).says(getattr(error, "says", None) or str(error))


def print_options(**values: Any) -> PrintOptions:
    """PrintOptions from plain values, each checked as the command line checks its option: paper="a4", bleed="3mm"
    (or mm), crop_marks=False, cut_lines=True, duplex="long", back_offset="0.5,-1" (or a pair), dpi=600,
    gutter="4mm", colour="cmyk", lang="de", orientation="landscape". None leaves an option at its default; an
    unknown name, or a value out of range, is an InputError naming the option."""
    from .press.options import PrintOptions

    checked: dict[str, Any] = {}
    for name, value in values.items():
        check = _PRINT_CHECKS.get(name)
        if check is None:
            raise InputError(Says(N_("{field}: not a print option; the print options are {known}"), field=name,
                                  known=", ".join(_PRINT_CHECKS)))
        if value is not None:
            checked[name] = check(value, name)
    return PrintOptions(**checked)


def parse_back_offset(value: Any) -> tuple[float, float]:
    """A duplex back offset "X,Y" (or a pair) in millimetres, each within MAX_BACK_OFFSET; InputError without a
    field name (the caller names it)."""
    from .units import MAX_BACK_OFFSET, Mm

    try:
        parts = value.split(",") if isinstance(value, str) else list(value)
        if len(parts) != 2 or any(isinstance(p, bool) for p in parts):
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except (TypeError, ValueError):
        raise InputError(Says(N_("write X,Y in millimetres, such as 0.5,-1; got {value!r}"), value=value)) from None
    if not (abs(x) <= MAX_BACK_OFFSET and abs(y) <= MAX_BACK_OFFSET):   # also false for NaN
        raise InputError(Says(N_("each of X and Y must be a number from -{most} to {most} mm; got {value!r}"),
                              most=Mm(MAX_BACK_OFFSET), value=value))
    return x, y


def _choice(choices: tuple[str, ...] | Callable[[], Any]):
    def check(value: Any, name: str) -> str:
        known = tuple(choices() if callable(choices) else choices)
        if not isinstance(value, str) or value.lower() not in known:
            raise InputError(Says(N_("{field}: must be one of {known}, got {value!r}"), field=name,
                                  known=", ".join(known), value=value))
        return value.lower()
    return check


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        from .i18n import MUST_BE, either

        raise InputError(Says(MUST_BE, field=name, wanted=either(("true", "false")), value=value))
    return value


def _length(maximum: float):
    def check(value: Any, name: str) -> float:
        from .units import parse_length

        return parse_length(value, field=name, allow_zero=True, maximum=maximum)
    return check


def _dpi(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 30 <= value <= 2400:
        raise InputError(Says(N_("{field}: must be a whole number from {low} to {high}, got {value!r}"), field=name,
                              low=30, high=2400, value=value))
    return value


def _offset(value: Any, name: str) -> tuple[float, float]:
    try:
        return parse_back_offset(value)
    except InputError as error:
        raise InputError(Says(N_("{field}: {problem}"), field=name, problem=error.says)) from None


def _language(value: Any, name: str) -> str:
    from .i18n import check_language

    if not isinstance(value, str):            # ["de"] was looked up as the language "['de']"
        raise InputError(Says(N_("{field}: must be text, a language such as {example}, got {value!r}"), field=name,
                              example="'de'", value=value))
    return check_language(value, name)


def _papers() -> Any:
    from .units import PAPER_SIZES

    return sorted(PAPER_SIZES)


def _bleed(value: Any, name: str) -> float:
    from .units import MAX_BLEED

    return _length(MAX_BLEED)(value, name)


_PRINT_CHECKS: dict[str, Callable[[Any, str], Any]] = {
    "paper": _choice(_papers), "bleed": _bleed, "crop_marks": _flag, "cut_lines": _flag,
    "duplex": _choice(DUPLEX), "back_offset": _offset, "dpi": _dpi, "gutter": _length(MAX_GUTTER),
    "colour": _choice(COLOURS), "lang": _language, "orientation": _choice(("portrait", "landscape")),
}


def _print_options(options: Any, overrides: dict[str, Any]) -> PrintOptions:
    """`options` with `overrides`, every value held to what print_options() takes (render and draw checked the
    bleed alone: dpi="300" or paper="A4" failed deep inside with a TypeError or KeyError)."""
    from .design import print_options_from
    from .press.options import PrintOptions

    if options is not None and not isinstance(options, PrintOptions):
        raise InputError(Says(N_("{field}: must be {kind} ({maker} makes them), got {type}"), field="options",
                              kind="PrintOptions", maker="washigen.print_options(...)", type=type(options).__name__))
    given = {name: value for name, value in overrides.items() if value is not None}   # None: as it is
    made = print_options_from(options, {name: _PRINT_CHECKS[name](value, name) if name in _PRINT_CHECKS else value
                                        for name, value in given.items()})
    for name, check in _PRINT_CHECKS.items():        # PrintOptions made by hand are held to the same
        value = getattr(made, name, None)
        if value is not None and name not in given:      # those given were checked above
            check(value, name)
    _check_own_options(made)
    return made


_OWN_OPTIONS = ("template", "output_profile", "profile")     # render's and draw's, beside print_options()'s


def _file_params(game: str, component: str, params: dict[str, Any]) -> dict[str, Any]:
    """The files a component's parameters name (a Trail Route `mix`), by parameter; none where the game or the
    component is not one (the call refuses it)."""
    from .games import get_game
    from .games.registry import get_component

    try:
        part = get_component(get_game(game), component)
    except InputError:
        return {}
    files = {param.keyword for param in part.params if param.kind in ("file", "folder")}
    return {name: value for name, value in params.items() if name in files and value is not None}


def _files_of(options: PrintOptions) -> dict[str, Any]:
    """The files the print options name, by parameter: what _files_named names in a refusal of one."""
    return {name: getattr(options, name) for name in ("template", "output_profile") if getattr(options, name)}


def _check_own_options(made: PrintOptions) -> None:
    """The options render and draw take beside print_options()'s, given or made by hand: `template` and
    `output_profile` a file's name, the output profile with colour="cmyk" alone (render refused it in the command
    line's words, --icc-profile and --color, whatever its type; draw took it), `profile` a printer profile's name
    as the command line saves one (an object was printed on every sheet by its repr)."""
    from .inputs import clipped
    from .profiles import NAME

    for name in ("template", "output_profile"):
        if getattr(made, name) is not None:
            _file_name(getattr(made, name), name)
    if made.output_profile is not None and made.colour != "cmyk":
        raise InputError(Says(N_("{option}: {path}: an output profile goes with {colour}"), option="output_profile",
                              path=str(made.output_profile), colour="colour='cmyk'"), field="output_profile")
    profile = made.profile
    if profile is not None and not (isinstance(profile, str) and NAME.fullmatch(profile)):
        raise InputError(Says(N_("{field}: a printer profile's name is 1 to 40 letters, digits, - or _, starting with "
                                 "a letter or digit; got {value!r}"), field="profile",
                              value=clipped(profile) if isinstance(profile, str) else profile), field="profile")


def draw(design: Design, options: PrintOptions | None = None, **print_options: Any) -> Document:
    """The design's print as its game draws it: a Document whose pages are Scenes in mm. Without paper, the first
    page is the part at its real size, and its `places` say where each cell, card, tile or location lies."""
    from .design import checked
    from .games import get_game

    design = checked(design)
    chosen = _print_options(options, print_options)
    return _in_python_words(lambda: _files_named(lambda: get_game(design.GAME).print_design(design, chosen),
                                                 _files_of(chosen)), *_PRINT_CHECKS, *_OWN_OPTIONS)


def draw_component(game: str, component: str, options: PrintOptions | None = None, **params: Any) -> Document:
    """The print of a component made afresh from its parameters, as `washigen GAME COMPONENT ... -o OUT.pdf` prints
    it: a part that only prints (player sheets, a score pad) by its spec's drawing, any other by its design's."""
    from .games import get_game
    from .games.registry import get_component

    found = get_game(game)
    part = get_component(found, component)
    options = _print_options(options, {})
    if part.draw is None:
        return draw(generate(game, component, **params), options)
    known = {param.keyword: param for param in part.params}
    for name in params:
        if name not in known:
            from .games.generating import NO_SUCH_PARAMETER
            from .i18n import NONE

            raise InputError(Says(NO_SUCH_PARAMETER, field=name, game=found.name, component=part.name,
                                  known=", ".join(known) or Says(NONE)))
    values = {known[name].name: known[name].check(value, name) for name, value in params.items()
              if value is not None}                     # None: the default, as generate() reads it
    drawing = part.draw
    return _in_python_words(lambda: _files_named(
        lambda: drawing(part.options(**values) if part.options is not None else values, options),
        {**_files_of(options), **_file_params(game, component, params)}), *_PRINT_CHECKS, *_OWN_OPTIONS)


def files(document: Document, name: str, options: PrintOptions | None = None) -> list[tuple[str, bytes]]:
    """What writing `document` to a file called `name` writes, by its extension (one PDF; an SVG or PNG a page,
    numbered), as (file name, bytes): the same bytes as washigen.render and the command line write."""
    from .output import document_files
    from .press import Document

    if not isinstance(document, Document):
        raise InputError(Says(N_("{field}: must be a {kind} ({maker} makes one), got {type}"), field="document",
                              kind="Document", maker="washigen.draw", type=type(document).__name__))
    name = _file_name(name, "name")
    options = _print_options(options, {})
    return _in_python_words(lambda: _files_named(lambda: [(path.name, make()) for path, make in document_files(
        document, Path(name), options.dpi, options.colour, options.output_profile)], _files_of(options)),
        *_PRINT_CHECKS, *_OWN_OPTIONS)


def svg(scene: Scene) -> str:
    """One page as SVG text."""
    from .backends import to_svg
    from .scene import Scene

    if not isinstance(scene, Scene):
        raise InputError(Says(N_("{field}: must be a {kind} (a page of what {maker} makes), got {type}"),
                              field="scene", kind="Scene", maker="washigen.draw", type=type(scene).__name__))
    return to_svg(scene).decode("utf-8")


def bot_game(design: Design, seed: int = 0) -> PlayedGame:
    """One bot game on the design as the game's `play` command plays it (`GAME play --map DESIGN --seed SEED`): its
    moves, the lines the command prints, and, for a game drawn on the board, its drawing after any number of moves.
    InputError for a design no bot game is played on."""
    from .design import checked
    from .games import get_game

    design = checked(design)
    seed = _seed(seed, optional=False)
    found = get_game(design.GAME)
    for part in found.components:
        if part.replay is not None:
            played = part.replay(design, seed)
            if played is not None:
                return played
    raise InputError(Says(N_("{field}: no bot game of {game} is played on a {kind}"), field="design", game=found.name,
                          kind=design.KIND))


def _no_nan(values: dict[str, Any]) -> None:
    """NaN passes every range check (no comparison with it holds), so a game's play option given as float("nan")
    is refused here, by its name, before the game reads it. (generate's parameters are held to their specs.)"""
    for name, value in values.items():
        if isinstance(value, float) and math.isnan(value):
            from .i18n import NOT_A_NUMBER

            raise InputError(Says(NOT_A_NUMBER, field=name, value=value))


def _file_name(path: Any, name: str = "path") -> Any:
    """A file's name as render, load and save take it (text or a path-like object, not empty), or InputError
    naming the parameter (None failed deep in pathlib with a TypeError)."""
    import os

    if isinstance(path, os.PathLike):
        named = os.fspath(path)
    else:
        named = path
    if not isinstance(named, str):
        raise InputError(Says(N_("{field}: must be a file's name (text or a {kind}), got {type}"), field=name,
                              kind="pathlib.Path", type=type(path).__name__))
    if not named.strip():
        raise InputError(Says(N_("{field}: must be a file's name, got an empty one"), field=name))
    return path


def _bots(bots: Any) -> str | None:
    """The bots as the games' hooks take them: text, or None for the game's own (greedy)."""
    if bots is not None and not isinstance(bots, str):
        raise InputError(Says(N_("{field}: must name a bot for every seat or one per seat, such as {one} or {many}, "
                                 "got {value!r}"), field="bots", one="'greedy'", many="'strong:24,greedy'", value=bots))
    if bots is not None and not bots.strip():          # refused as the command line's --bots '' is, not taken as None
        raise InputError(Says(N_("{option}: empty bot name in {spec!r}"), option="bots", spec=bots))
    return bots


def _taken_options(found: Game, hook: Callable[..., Any], options: dict[str, Any]) -> None:
    """Refuses, naming it, an option the game's `play` does not take (it was a TypeError: an unexpected keyword
    argument), with those it takes: its hook's keywords past the design, the seed and the bots."""
    import inspect

    parameters = list(inspect.signature(hook).parameters.values())
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return                                         # a hook that takes any keyword says itself what it refuses
    taken = [p.name for p in parameters[1:] if p.name not in ("seed", "bots")
             and p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)]
    for name in options:
        if name not in taken:
            raise InputError(Says(N_("{field}: {call} takes no such option; it takes {known}"), field=name,
                                  call=f"washigen.play({found.name!r})", known=", ".join(("seed", "bots", *taken))))


def _in_python_words(call: Callable[[], Any], *names: str) -> Any:
    """call()'s value; a refusal of one of the parameters `names`, worded for the command line (`--bots: unknown
    bot`, `lower --dpi`), said with the parameter's Python name (`bots: unknown bot`)."""
    try:
        return call()
    except InputError as error:
        import re

        def renamed(text: str) -> str:
            for name in names:
                for flag, words in _FLAG_WORDS.get(name, ((f"--{name.replace('_', '-')}", name),)):
                    text = re.sub(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", lambda _: words, text)
            return text

        said = renamed(str(error))
        if said == str(error) or type(error).__init__ is not InputError.__init__:   # a TemplateError stays one
            raise
        # The sentence with its options renamed where they are its values (--dpi is a value, never a word), so
        # that it is still said in any language; as text where an option was part of its words.
        sentence = _renamed(error.says, renamed)
        raise type(error)(sentence if str(sentence) == said else said, field=error.field) from None


# A parameter's flags where the command line does not spell it as its name with hyphens, with the Python words for
# each, the longest first: `--icc-profile: ...: an output profile goes with --color cmyk` from render().
_FLAG_WORDS = {"output_profile": (("--icc-profile", "output_profile"),),
               "colour": (("--color cmyk", "colour='cmyk'"), ("--color", "colour"), ("--colour", "colour"))}


def _files_named(call: Callable[[], Any], files: dict[str, Any]) -> Any:
    """call()'s value; a refusal of a file that a parameter named (`x: no such file`, `x: is a folder`, a bad line
    of it), which names the file alone, said with the parameter too (`template: x: no such file`): render(),
    draw() and generate() read several files, and the command line names their option so."""
    try:
        return call()
    except InputError as error:
        import os

        said = str(error)
        for name, path in files.items():
            shown = {os.fspath(path), str(Path(path))} if isinstance(path, (str, os.PathLike)) else set()
            if any(said.startswith(f"{text}:") for text in shown if text) and not said.startswith(f"{name}: ") \
                    and type(error).__init__ is InputError.__init__:       # a TemplateError stays one
                raise type(error)(Says(N_("{field}: {problem}"), field=name, problem=error.says),
                                  field=name) from None
        raise


def _renamed(said: Says | str, renamed: Callable[[str], str]) -> Says | str:
    """A sentence with `renamed` applied to its text values (and its sentences' values), not to its words."""
    return said.with_text(renamed) if isinstance(said, Says) else renamed(said)


def _checked_or_none(design: Any) -> Any:
    from .design import checked

    return None if design is None else checked(design)


def _playable_design(design: Any) -> Any:
    """A design bots may play (None: the game's own): one that breaks a rule of its game is refused naming it."""
    from .design import refuse_broken

    design = _checked_or_none(design)
    if design is not None:
        refuse_broken(design)
    return design


def _whole(value: Any, name: str, low: int, high: int) -> None:
    """A count as balance() takes its games and jobs (no bool, no float), or InputError naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(Says(WHOLE_NUMBER_IN, field=name, low=low, high=high, value=value))


def _seed(seed: Any, optional: bool = True) -> Any:
    """A seed as the command line's --seed takes it (None, where optional: the game's own default), or InputError
    (play and balance took -1, "3", 3.5 and NaN, which generate refuses)."""
    from .games.params import SEED_MAX

    if seed is None and optional:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise InputError(Says(WHOLE_NUMBER_IN, field="seed", low=0, high=SEED_MAX, value=seed))
    return seed


def _playable(name: str, what: str) -> Game:
    from .games import all_games, get_game

    found = get_game(name)
    if getattr(found, what) is None:
        from .i18n import NONE

        able = ", ".join(g.name for g in all_games() if getattr(g, what) is not None) or Says(NONE)
        raise InputError(Says(N_("{field}: {game} has no engine to {field} it; games that do: {games}"), field=what,
                              game=found.name, games=able))
    return found


__all__ = ["BALANCE_GAMES", "balance", "balance_chart", "bot_game", "check_run", "draw", "draw_component", "files", "generate",
           "load", "play", "print_options", "render", "save", "svg", "validate"]
