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

from ..design import dumps, load_text, loads, to_dict
from ..errors import InputError
from ..games import Game, all_games, get_game
from ..output import document_files
from ..press.options import PrintOptions
from ..backends import to_svg
from . import commands_bridge as bridge
from .marks import grid_geometry, place, score

FORMATS = {"svg": "image/svg+xml", "pdf": "application/pdf", "png": "image/png", "json": "application/json",
           "txt": "text/plain; charset=utf-8"}
MAX_BALANCE_GAMES = 2000
SEED_MAX = 2**63 - 1
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
            command = game.commands.commands[component.name]
            params = bridge.settable_params(game, component)
            option_names = {p.name for p in command.params}
            components.append({
                "name": component.name, "help": component.help,
                "seeded": any(p.name == "seed" for p in params),
                "design": bridge.takes_json(command, probe),
                "print_options": [n for n in bridge.PRINT_OPTION_NAMES if n in option_names],
                "params": [{"name": p.name, "kind": p.kind, "default": p.default, "min": p.min, "max": p.max,
                            "choices": list(p.choices), "help": p.help} for p in params if p.name != "seed"]})
        listing.append({"name": game.name, "title": game.title, "components": components,
                        "text_form": game.from_text is not None,
                        "balance": getattr(game, "balance", None) is not None,
                        "play": bridge.play_option(game) is not None})
    from ..units import PAPER_SIZES

    from ..i18n import languages

    return {"games": listing, "papers": sorted(PAPER_SIZES), "languages": list(languages()),
            "max_upload_bytes": MAX_UPLOAD_BYTES}


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
    command = game.commands.commands[component]
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
                              "design": to_dict(design), "report": report, "geometry": geometry,
                              "text": game.to_text(design) if game.to_text is not None else None,
                              "score": score(design)}
    if page is not None:
        document = game.print_design(design, PrintOptions(lang=lang))
        answer["page"] = min(page, len(document.pages) - 1)
        answer["svg"] = to_svg(document.pages[answer["page"]]).decode("utf-8")
        answer["pages"] = len(document.pages)
    return answer


def read_design(data: bytes, source: str):
    """A design file's bytes, JSON or a game's text form, read by the CLI's loaders."""
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return loads(data, source=source)
    return load_text(data, source=source)


def design_of(body: dict[str, Any]):
    """The design a request carries in "design", read by the same loader as a design file."""
    if "design" not in body:
        raise InputError("design: the request carries no design")
    return loads(json.dumps(body["design"]), source="design")


def validate_upload(data: bytes, name: str, page: Any = 0, lang: Any = None) -> dict[str, Any]:
    """A design file checked; with `page` None, no drawing (the report alone)."""
    source = Path(name).name or "upload"
    lang = language(lang)
    design = read_design(data, source)
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
    target = folder / "design.json"
    target.write_text(dumps(design), encoding="utf-8")
    try:
        lines = bridge.play_log(game, target, _seed(body) or 0)
    except bridge.PlayUnavailable as error:
        raise Conflict(str(error)) from None
    return {"game": game.name, "lines": lines}
