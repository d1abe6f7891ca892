"""Figure directives: `![Caption](diagram:GAME/NAME?key=value&...)` resolved through the game registry.

The game's own `diagram(name, params)` draws the Scene, so a rule sheet shows exactly what washigen prints.
Parameter values arrive typed: whole numbers as int, decimals as float, true/false as bool, anything else as str.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import parse_qsl, unquote, urlsplit

from ..errors import InputError, WashigenError
from ..i18n import languages
from ..scene import Scene
from .markdown import Figure, RuleText, fail

FindGame = Callable[[str], Any]         # a game's name -> the game (its diagram, extra), or an InputError

SCHEME = "diagram"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
SEED_MAX = 2**63 - 1            # as --seed takes it (games/params.py, a layer above)


class _Read(dict):
    """A diagram's parameters, remembering which the game read: one it never asked for is a typo (`player=4`)
    or a parameter that diagram does not take (`tape_width` on a map), and was dropped without a word."""

    def __init__(self, values: dict[str, Any]):
        super().__init__(values)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)

    def keys(self):                        # handed on whole (`**params`): every parameter counts as read
        self.read.update(super().keys())
        return super().keys()

    def items(self):
        self.read.update(super().keys())
        return super().items()


@dataclass(frozen=True)
class DiagramRef:
    game: str
    name: str
    params: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.game}/{self.name}"


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes"):
        return True
    if lowered in ("false", "no"):
        return False
    # A number longer than any a parameter takes stays text (the figure refuses it by name): Python will not read
    # whole numbers of over 4,300 digits, and no seed, size or count needs more than 20.
    if len(text) <= MAX_NUMBER_TEXT and re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    if len(text) <= MAX_NUMBER_TEXT and re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+)", text):
        return float(text)
    return text


MAX_NUMBER_TEXT = 40


def _shown(value: Any) -> str:
    """A value as a message quotes it, cut short where it is longer than any a parameter takes."""
    text = repr(value)
    return text if len(text) <= MAX_NUMBER_TEXT else f"{text[:MAX_NUMBER_TEXT]}… ({len(str(value))} characters)"


def parse_target(target: str, source: str, line: int) -> DiagramRef:
    """'diagram:cats/map?players=2' -> DiagramRef('cats', 'map', {'players': 2})."""
    scheme, colon, rest = target.partition(":")
    if not colon or scheme.lower() != SCHEME:
        raise fail(source, line, f"unknown directive {target!r}; figures are written "
                                 "![Caption](diagram:GAME/NAME?key=value)")
    parts = urlsplit(rest)
    path = unquote(parts.path)
    game, slash, name = path.partition("/")
    if not slash or not _NAME.match(game) or not _NAME.match(name):
        raise fail(source, line, f"diagram {rest!r}: write GAME/NAME, such as diagram:cats/segment")
    params: dict[str, Any] = {}
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", key):
            raise fail(source, line, f"diagram {game}/{name}: bad parameter name {key!r}")
        if key in params:
            raise fail(source, line, f"diagram {game}/{name}: parameter {key!r} given twice")
        params[key.replace("-", "_")] = _value(value)
    seed = params.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise fail(source, line, f"diagram {game}/{name}: parameter 'seed' must be a whole number 0..{SEED_MAX}, "
                                 f"got {_shown(seed)}")
    return DiagramRef(game, name, params)


def _find_game(ref: DiagramRef, source: str, line: int, find_game: FindGame):
    try:
        game = find_game(ref.game)
    except InputError as error:
        raise fail(source, line, f"unknown diagram '{ref.label}': {str(error).split(': ', 1)[-1]}") from None
    if game.diagram is None:
        raise fail(source, line, f"unknown diagram '{ref.label}': {game.name} draws no diagrams")
    return game


def draw(figure: Figure, source: str, find_game: FindGame, lang: str = "en") -> Scene:
    """The Scene of one figure, drawn by the game `find_game` names (the registry's get_game, given by the layer
    above: the rulebook knows no game), or an InputError naming the file and line of its directive. The figure's
    words are in the rule text's language unless the directive asks for another (`?lang=en`)."""
    ref = parse_target(figure.target, source, figure.line)
    game = _find_game(ref, source, figure.line, find_game)
    known = game.extra.get("diagrams")            # a game may list its diagram names for better messages
    if known and ref.name not in known:
        raise fail(source, figure.line, f"unknown diagram '{ref.label}'; {game.name} draws "
                                        f"{', '.join(sorted(known))}")
    params = _Read({"lang": lang, **ref.params})
    try:
        scene = game.diagram(ref.name, params)
    except KeyError as error:
        detail = error.args[0] if error.args else ref.name
        raise fail(source, figure.line, f"unknown diagram '{ref.label}' ({detail})") from None
    except WashigenError as error:
        raise fail(source, figure.line, f"diagram '{ref.label}': {error}") from error
    except Exception as error:                    # a figure that cannot be drawn must not pass silently
        raise fail(source, figure.line,
                   f"diagram '{ref.label}' failed: {type(error).__name__}: {error}") from error
    if not isinstance(scene, Scene):
        raise fail(source, figure.line, f"diagram '{ref.label}' drew {type(scene).__name__}, not a Scene")
    unread = [key for key in ref.params if key not in params.read]
    if unread:
        raise fail(source, figure.line, f"diagram '{ref.label}': parameter {unread[0]!r} is not one it takes")
    return scene


def draw_all(rules: RuleText, find_game: FindGame) -> dict[int, Scene]:
    """Every figure of a rule text, by its line; the first failure raises."""
    lang = rules.front.lang if rules.front.lang in languages() else "en"
    return {figure.line: draw(figure, rules.source, find_game, lang) for figure in rules.figures()}
