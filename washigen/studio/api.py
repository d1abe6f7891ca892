"""What each endpoint does, apart from HTTP: list the games, make a design with the game's own command, read an
uploaded design with the CLI's loaders, print one, estimate its balance. Every function takes and returns plain
JSON-ready values and raises WashigenError (InputError, NotFound, Conflict) with a message for the user."""

from __future__ import annotations

import io
import json
import secrets
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from ..design import dumps, load, loads, to_dict
from ..errors import InputError
from ..games import Game, all_games, get_game
from ..games.params import SEED_MAX
from ..output import document_files
from ..press.options import PrintOptions
from ..backends import to_svg
from . import board
from . import commands_bridge as bridge
from .marks import grid_geometry, place, score, segment_frames

FORMATS = {"svg": "image/svg+xml", "pdf": "application/pdf", "png": "image/png", "json": "application/json",
           "txt": "text/plain; charset=utf-8"}
MAX_BALANCE_GAMES = 2000
MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class NotFound(InputError):
    """A game or component that does not exist (HTTP 404)."""


class Conflict(InputError):
    """A request that this design cannot answer, such as balance without an engine (HTTP 409)."""


def find_game(name: Any) -> Game:
    try:
        return get_game(str(name))
    except InputError as error:
        raise NotFound(str(error)) from None


def games_listing() -> dict[str, Any]:
    """Every game, and every component the studio can make, with the registry's parameter specs."""
    probe = Path(tempfile.gettempdir())
    listing = []
    for game in all_games():
        components = []
        for component in bridge.studio_components(game):
            command = bridge.group_of(game).commands[component.name]
            params = bridge.settable_params(game, component)
            option_names = {p.name for p in command.params}
            components.append({
                "name": component.name, "help": component.help,
                "seeded": any(p.name == "seed" for p in params),
                "design": bridge.takes_json(command, probe),
                "print_options": [n for n in bridge.PRINT_OPTION_NAMES if n in option_names],
                "params": [field_spec(command, p) for p in params if p.name != "seed"]})
        listing.append({"name": game.name, "title": game.title, "components": components,
                        "text_form": game.from_text is not None,
                        "balance": getattr(game, "balance", None) is not None,
                        "play": bridge.play_option(game) is not None})
    from ..units import PAPER_SIZES

    from ..i18n import languages

    return {"games": listing, "papers": sorted(PAPER_SIZES), "languages": list(languages()),
            "max_upload_bytes": MAX_UPLOAD_BYTES}


def field_spec(command, param) -> dict[str, Any]:
    """A parameter as the page's form shows it: named as on the command line (--long is "long", whatever the
    command calls it in Python), with the range the command's own type checks (a length's real minimum)."""
    option = bridge.option_for(command, param)
    low = param.min
    if param.kind == "length" and getattr(option.type, "minimum", None) is not None:
        low = option.type.minimum
    return {"name": param.keyword, "kind": param.kind, "default": param.default, "min": low, "max": param.max,
            "choices": list(param.choices), "help": param.help}


def playable(game: Game, design) -> dict[str, bool]:
    """Whether the page offers a bot game and a balance estimate on this design: the game's `play` and `balance`
    hooks take designs of its kind (as their signatures say), or, for a game whose bot game needs no design (Cat
    Tree's grows from the deal), the design is what its `play` command made."""
    return {"play": takes_design(game, "play", design) or replays_its_making(game, design),
            "balance": takes_design(game, "balance", design)}


def design_types(game: Game, hook_name: str) -> tuple[type, ...]:
    """The design classes a hook's first parameter is annotated with."""
    import inspect

    hook = getattr(game, hook_name, None)
    first = None if hook is None else next(iter(inspect.signature(hook).parameters.values()), None)
    return () if first is None else annotated(game, hook, first.annotation)


def annotated(game: Game, function, annotation) -> tuple[type, ...]:
    """The game's design classes an annotation names (a string one resolved among the game's designs)."""
    import typing

    names = {cls.__name__: cls for cls in game.designs.values()}
    try:
        if isinstance(annotation, str):
            annotation = eval(annotation, {**getattr(function, "__globals__", {}), **names})  # noqa: S307 (ours)
    except Exception:           # a name the game's designs do not hold: not a design
        return ()
    found = typing.get_args(annotation) or (annotation,)
    return tuple(t for t in found if isinstance(t, type) and t in game.designs.values())


def takes_design(game: Game, hook_name: str, design) -> bool:
    return isinstance(design, design_types(game, hook_name))


def replays_its_making(game: Game, design) -> bool:
    """A game whose `play` hook takes no design, and a design of the kind its `play` command makes (by the maker's
    return annotation): the bot game shown is the one that made the design, played again from its seed."""
    import inspect

    maker = next((c.make for c in game.components if c.name == "play"), None)
    if getattr(game, "play", None) is None or design_types(game, "play") or maker is None or design.seed is None:
        return False
    return isinstance(design, annotated(game, maker, inspect.signature(maker).return_annotation))


def _seed(body: dict[str, Any]) -> int | None:
    seed = body.get("seed")
    if seed is None or seed == "":
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise InputError(f"seed: must be a whole number 0..{SEED_MAX}, got {seed!r}")
    try:
        value = int(seed)
    except ValueError:
        raise InputError(f"seed: must be a whole number 0..{SEED_MAX}, got {seed!r}") from None
    if not 0 <= value <= SEED_MAX:
        raise InputError(f"seed: must be 0..{SEED_MAX}, got {value}")
    return value


def _component(game: Game, body: dict[str, Any]) -> str:
    name = body.get("component")
    offered = [c.name for c in bridge.studio_components(game)]
    if name not in offered:
        raise NotFound(f"component: {game.name} has no component {name!r} the studio makes; known: "
                       f"{', '.join(offered) or 'none'}")
    return name


def make_design(body: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Runs `washigen GAME COMPONENT ... -o design.json` (or .svg for components that only print) and answers
    the design, its preview and its report."""
    game = find_game(body.get("game"))
    component = _component(game, body)
    seed = _seed(body)
    command = bridge.group_of(game).commands[component]
    if seed is None and any(p.name == "seed" for p in command.params):
        seed = secrets.randbelow(1_000_000)
    params = body.get("params") or {}
    lang = language(body.get("lang"))
    if bridge.takes_json(command, folder):
        run = bridge.run(game, component, params, seed, folder, ".json")
        design = loads(run.files[0].read_bytes(), source=run.files[0].name)
        return {**describe(game, design, page=page_number(body.get("page")), lang=lang), "component": component,
                "messages": run.messages}
    takes_lang = any(p.name == "lang" for p in command.params)
    run = bridge.run(game, component, params, seed, folder, ".svg", {"lang": lang} if takes_lang else None)
    page = min(page_number(body.get("page")), len(run.files) - 1)
    return {"game": game.name, "component": component, "kind": component, "seed": seed, "design": None,
            "svg": run.files[page].read_text("utf-8"), "page": page, "pages": len(run.files), "report": None,
            "geometry": None, "messages": run.messages}


def language(value: Any) -> str:
    """The language of the printed words on the preview (en when not given)."""
    from ..i18n import SOURCE_LANGUAGE, check_language

    return SOURCE_LANGUAGE if value in (None, "") else check_language(str(value), "lang")


def page_number(value: Any) -> int:
    """Which page of the print to preview (0 the first); a page past the last shows the last."""
    if value is None or value == "":
        return 0
    try:
        page = int(value)
    except (TypeError, ValueError):
        raise InputError(f"page: must be a whole number from 0, got {value!r}") from None
    if isinstance(value, bool) or page < 0:
        raise InputError(f"page: must be a whole number from 0, got {value!r}")
    return page


def describe(game: Game, design, page: int | None = 0, lang: str = "en") -> dict[str, Any]:
    """A design as the page sees it: its JSON, its report with each violation's mark on the drawing, and (unless
    page is None) one page of its natural print, in `lang`, as SVG."""
    report = game.validate(design).to_dict()
    geometry = grid_geometry(design)
    for violation in report["violations"]:
        violation["mark"] = place(design, geometry, violation["where"])
    answer: dict[str, Any] = {"game": game.name, "kind": design.KIND, "seed": design.seed,
                              "component": made_by(game, design),
                              "design": to_dict(design), "report": report, "geometry": geometry,
                              "playable": playable(game, design),
                              "text": game.to_text(design) if game.to_text is not None else None,
                              "score": score(design), "frames": segment_frames(design)}
    if page is not None:
        document = game.print_design(design, PrintOptions(lang=lang))
        answer["page"] = min(page, len(document.pages) - 1)
        answer["svg"] = to_svg(document.pages[answer["page"]]).decode("utf-8")
        answer["pages"] = len(document.pages)
    return answer


def made_by(game: Game, design) -> str | None:
    """The studio component whose command makes designs of this kind (a map is made by `map`), if one does."""
    import inspect

    for component in bridge.studio_components(game):
        maker = component.make
        if component.name == design.KIND or (maker is not None and isinstance(
                design, annotated(game, maker, inspect.signature(maker).return_annotation))):
            return component.name
    return None


UPLOAD_FORMS = (".json", ".txt", ".tmj", ".tmx")


def read_design(data: bytes, name: str, folder: Path):
    """A design file as `washigen validate FILE` reads it: saved under its own name (a .tmj is read as a Tiled map,
    a .txt as a text form, anything else as JSON) and loaded by the CLI's loader; its messages name the file."""
    source = Path(name.replace("\\", "/")).name
    source = "".join(c for c in source if c.isprintable() and c not in "/:") or "upload"
    target = folder / source[-120:]
    target.write_bytes(data)
    return load(target)           # the server's folder is taken out of any message by the endpoint


def design_of(body: dict[str, Any]):
    """The design a request carries in "design", read by the same loader as a design file."""
    if "design" not in body:
        raise InputError("design: the request carries no design")
    return loads(json.dumps(body["design"]), source="design")


def validate_upload(data: bytes, name: str, page: Any, lang: Any, folder: Path) -> dict[str, Any]:
    """A design file checked; with `page` None, no drawing (the report alone)."""
    lang = language(lang)
    design = read_design(data, name, folder)
    return describe(get_game(design.GAME), design, None if page is None else page_number(page), lang)


def render(body: dict[str, Any], fmt: str, folder: Path) -> tuple[bytes, str, str]:
    """The print of a design (body["design"]) or of a component made afresh (game, component, params, seed), with
    the print options in body["options"]. Several pages of SVG or PNG come as one zip."""
    if fmt not in FORMATS:
        raise InputError(f"format: must be one of {', '.join(FORMATS)}, got {fmt!r}")
    options = body.get("options") or {}
    if "design" in body:
        design = design_of(body)
        game = get_game(design.GAME)
        stem = f"{game.name}-{design.KIND}" + ("" if design.seed is None else f"-{design.seed}")
        if fmt == "json":
            return dumps(design).encode("utf-8"), FORMATS[fmt], f"{stem}.json"
        if fmt == "txt":
            if game.to_text is None:
                raise InputError(f"format: {game.name} has no text form; use json")
            return game.to_text(design).encode("utf-8"), FORMATS[fmt], f"{stem}.txt"
        print_options = bridge.parse_print_options(options)
        document = game.print_design(design, print_options)
        files = [(path, make()) for path, make in document_files(document, folder / f"{stem}.{fmt}",
                                                                  print_options.dpi, print_options.colour)]
    else:
        game = find_game(body.get("game"))
        component = _component(game, body)
        seed = _seed(body)
        run = bridge.run(game, component, body.get("params") or {}, seed, folder, f".{fmt}", options)
        stem = f"{game.name}-{component}" + ("" if seed is None else f"-{seed}")
        files = [(path, path.read_bytes()) for path in run.files]
    if len(files) == 1:
        return files[0][1], FORMATS[fmt], f"{stem}.{fmt}"
    return zipped(files), "application/zip", f"{stem}-{fmt}.zip"


def zipped(files: list[tuple[Path, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            archive.writestr(path.name, data)
    return buffer.getvalue()


def _count(body: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{key}: must be a whole number {low}..{high}, got {value!r}")
    return value


def balance(body: dict[str, Any]) -> dict[str, Any]:
    """Seeded bot games on the design through the game's `balance` hook: win rates per seat with intervals."""
    design = design_of(body)
    game = get_game(design.GAME)
    hook = getattr(game, "balance", None)
    if hook is None:
        raise Conflict(f"{game.name}: no engine plays this game yet, so there is no balance estimate")
    games = _count(body, "games", 200, 1, MAX_BALANCE_GAMES)
    return hook(design, games, _seed(body) or 0, 1).to_json()


def play(body: dict[str, Any], folder: Path) -> dict[str, Any]:
    """One bot game on the design, by the game's own `play` command: its log, as the command prints it."""
    design = design_of(body)
    game = get_game(design.GAME)
    if replays_its_making(game, design):         # Cat Tree: the game its `play` command played to make it
        run = bridge.run(game, "play", {}, design.seed, folder, ".json")
        return {"game": game.name, "lines": run.messages}
    seed = _seed(body) or 0
    try:
        if board.on_board(game, folder):      # Cats, Cops: the game is replayed on the board, move by move
            game_played = board.played(game, design, seed, folder)
            return {"game": game.name, "lines": game_played.lines, "board": {"moves": len(game_played.moves)}}
        target = folder / "design.json"
        target.write_text(dumps(design), encoding="utf-8")
        lines = bridge.play_log(game, target, seed)
    except bridge.PlayUnavailable as error:
        raise Conflict(str(error)) from None
    return {"game": game.name, "lines": lines, "board": None}


def _board_game(body: dict[str, Any], folder: Path):
    design = design_of(body)
    game = get_game(design.GAME)
    if not board.on_board(game, folder):
        raise Conflict(f"{game.name}: its bot games are not drawn on the board")
    return game, design


def board_step(body: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The board after `step` moves of the bot game `seed` on the design (the game's own drawing of it, in
    `lang`), as SVG; the same game as POST /api/play answers."""
    game, design = _board_game(body, folder)
    step = _count(body, "step", 0, 0, 10**6)
    try:
        return {"game": game.name, **board.board(game, design, _seed(body) or 0, step, language(body.get("lang")),
                                                 folder)}
    except bridge.PlayUnavailable as error:
        raise Conflict(str(error)) from None


def game_file(body: dict[str, Any], fmt: str, folder: Path) -> tuple[bytes, str, str]:
    """The finished bot game as its `play -o game.FMT` draws it (pdf, svg, png; the print options the command
    takes: bleed, dpi, colour, lang), byte for byte; several pages come as one zip."""
    if fmt not in ("pdf", "svg", "png"):
        raise InputError(f"format: a game is drawn as pdf, svg or png, got {fmt!r}")
    game, design = _board_game(body, folder)
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise InputError("options: must be an object such as {\"bleed\": \"3mm\"}")
    files, stem = board.finished(game, design, _seed(body) or 0, fmt, options, folder)
    if len(files) == 1:
        return files[0].read_bytes(), FORMATS[fmt], f"{stem}.{fmt}"
    return zipped([(path, path.read_bytes()) for path in files]), "application/zip", f"{stem}-{fmt}.zip"
