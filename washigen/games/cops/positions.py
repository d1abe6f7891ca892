"""What the engine keeps per position, apart from the rules: fast constructors of its frozen slotted classes, and
the positions a board's games reach again.

Games on one board begin alike (the same opening, greedy squads that differ only where a tie is drawn), above all
with few squads: in 2-squad fairness runs most positions were reached before (by the moves played, not only the
same cards). A position reached a second time gets a `Memo`: its legal moves, the greedy bot's best moves, and the
position after each move played from it, which is then the same object again, so the game's next positions are
found in turn. A board keeps at most MEMOS_A_BOARD of them (and the positions they point to), and only the last
TREES_KEPT boards to start a game keep theirs, so a long run's memory stays bounded (a 1,128-game fairness run
keeps some 500-750, 2-3 MB); past that, positions are worked out as before. What is kept is worked out from the
position alone, so the games are the same move for move.
"""

from __future__ import annotations

from typing import Any, Callable

MEMOS_A_BOARD = 4096
TREES_KEPT = 4
_TREES: list = []          # the boards whose games' positions are kept, the latest to start a game last


class Memo:
    """A position's legal moves (None: not yet asked), the greedy bot's (moves it was shown, best moves), and per
    move played from it (by id, the move kept beside it so the id stays its own) the position after."""
    __slots__ = ("moves", "greedy", "after")

    def __init__(self) -> None:
        self.moves: list | None = None
        self.greedy: tuple[list, list] | None = None
        self.after: dict[int, tuple[Any, Any]] = {}


def remembered(state: Any) -> Any:
    """The position (an engine State), given a Memo where it has none and its board has room for one."""
    board = state.board
    if state.memo is None and board.memos < MEMOS_A_BOARD:
        board.memos += 1
        object.__setattr__(state, "memo", Memo())
    return state


def planted(board: Any) -> None:
    """The board's games begin to be kept (its first game starts): the board that began longest ago lets its go,
    where more than TREES_KEPT keep theirs."""
    _TREES.append(board)
    if len(_TREES) > TREES_KEPT:
        oldest = _TREES.pop(0)
        oldest.roots.clear()
        oldest.memos = 0


def maker(cls: type) -> Callable[..., Any]:
    """A constructor of the frozen slotted dataclass `cls` from its fields in order, without dataclasses' checks:
    each field set through its slot, which a frozen class allows (what the engine makes on every move)."""
    names = tuple(cls.__dataclass_fields__)            # type: ignore[attr-defined]
    lines = [f"def _make({', '.join(names)}):", "    new = _new(cls)"]
    lines += [f"    _put_{name}(new, {name})" for name in names]
    return _compiled(cls, names, lines, "_make")


def copier(cls: type) -> Callable[[Any, dict], Any]:
    """`copy(old, changes)`: a copy with the fields in `changes` changed; dataclasses.replace without its checks,
    written out field by field (as dataclasses writes __init__). A field __init__ does not take (a Memo) is the
    object's own: the copy's starts at its default."""
    fields = cls.__dataclass_fields__                  # type: ignore[attr-defined]
    names = tuple(fields)
    lines = ["def _copy(old, changes):", "    new = _new(cls)"]
    lines += [f"    _put_{name}(new, changes['{name}'] if '{name}' in changes else "
              f"{f'old.{name}' if fields[name].init else repr(fields[name].default)})" for name in names]
    return _compiled(cls, names, lines, "_copy")


def _compiled(cls: type, names: tuple[str, ...], lines: list[str], name: str) -> Callable[..., Any]:
    scope = {"_new": object.__new__, "cls": cls}
    scope.update({f"_put_{field}": cls.__dict__[field].__set__ for field in names})
    exec("\n".join(lines + ["    return new"]), scope)
    return scope[name]                                 # type: ignore[return-value]
