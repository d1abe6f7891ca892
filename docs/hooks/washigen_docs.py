"""MkDocs hook: the parts of the site that are read off the code at build time, so they cannot fall behind it.

- Rule ids: every `Violation.error(...)` / `Violation.warning(...)` in washigen/games/<game>/ is found in the
  source (ast, nothing imported), its rule id resolved (a string, a module constant, or every value of a constant
  dict indexed by it), with its severity, the places it names and a sample of its message. A page asks for the
  table with `<!-- rule-ids -->` (every game) or `<!-- rule-ids: cats -->` (one game).
- Commands: `<!-- commands: cats -->` lists a game's commands with their first sentence, linked to the CLI
  reference.
- API: `<!-- api-members -->` becomes one mkdocstrings entry per name in `washigen.__all__`.
- CLI: mkdocs-click documents a group through its `commands` dict, which holds only washigen's own commands (the
  games' groups are found by the registry). The hook registers the module `washigen_docs_cli`, whose `main` is a
  group holding every command `washigen` answers to.
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "washigen" / "games"
CLI_MODULE = "washigen_docs_cli"
CLI_PAGE = "reference/cli.md"

MARKER = re.compile(r"<!--\s*(rule-ids|commands|api-members)(?::\s*([a-z0-9-]+))?\s*-->")
SEVERITIES = ("error", "warning")


@dataclass
class Rule:
    rule_id: str
    game: str
    severities: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    message: str = ""


# ---------------------------------------------------------------------------------------------------- rule ids

def game_packages() -> dict[str, Path]:
    """CLI name -> package folder of every built-in game (cat_tree -> cat-tree)."""
    return {folder.name.replace("_", "-"): folder for folder in sorted(GAMES.iterdir())
            if (folder / "__init__.py").is_file()}


Table = dict[object, str]       # a module-level dict of texts: key -> text


def _text(node: ast.expr) -> str | None:
    """A literal text, or one marked for translation (`N_("...")`)."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _constants(trees: list[ast.Module]) -> tuple[dict[str, str], dict[str, Table]]:
    """Module-level `NAME = "text"` and `NAME = {key: "text", ...}` of a game's modules."""
    strings: dict[str, str] = {}
    tables: dict[str, Table] = {}
    for tree in trees:
        for node in tree.body:
            target, value = _assignment(node)
            if target is None:
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                strings[target] = value.value
            elif isinstance(value, ast.Dict) and value.values and all(
                    isinstance(k, ast.Constant) for k in value.keys):
                texts = [_text(v) for v in value.values]
                if all(t is not None for t in texts):
                    tables[target] = {k.value: t for k, t in zip(value.keys, texts)}
    return strings, tables


def _described(rule_ids: Table, tables: dict[str, Table]) -> Table:
    """rule id -> text, where another table of the game has exactly the keys of a table of rule ids: the ids of
    Cat Tree's placement rules are keyed like the placement texts its cards print."""
    for table in tables.values():
        if table is not rule_ids and table.keys() == rule_ids.keys():
            return {rule_ids[key]: table[key] for key in rule_ids}
    return {}


def _assignment(node: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id, node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
        return node.target.id, node.value
    return None, None


def _rule_ids(argument: ast.expr, strings: dict[str, str], tables: dict[str, Table]) -> Table:
    """rule id -> a description where the code gives one ("" where the message says it all)."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return {argument.value: ""}
    if isinstance(argument, ast.Name) and argument.id in strings:
        return {strings[argument.id]: ""}
    if isinstance(argument, ast.Subscript) and isinstance(argument.value, ast.Name) and argument.value.id in tables:
        ids = tables[argument.value.id]
        described = _described(ids, tables)
        return {rule_id: described.get(rule_id, "") for rule_id in ids.values()}
    return {}


def _message_sample(argument: ast.expr | None) -> str:
    """A message as written, with `…` for each value filled in when it is reported."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    if isinstance(argument, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "…" for part in argument.values)
    return ""


def _violation_severity(node: ast.Call) -> str | None:
    func = node.func
    if (isinstance(func, ast.Attribute) and func.attr in SEVERITIES and isinstance(func.value, ast.Name)
            and func.value.id == "Violation"):
        return func.attr
    return None


@functools.lru_cache(maxsize=1)
def collect_rules() -> dict[str, Rule]:
    """Every rule id the built-in games report, in game order, then by id."""
    rules: dict[str, Rule] = {}
    for game, folder in game_packages().items():
        files = sorted(folder.rglob("*.py"))
        trees = [ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for path in files]
        strings, tables = _constants(trees)
        for path, tree in zip(files, trees):
            calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
            for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):   # the first message wins
                severity = _violation_severity(node)
                if severity is None or not node.args:
                    continue
                message = _message_sample(node.args[1] if len(node.args) > 1 else None)
                places = {keyword.arg for keyword in node.keywords if keyword.arg}
                for rule_id, description in _rule_ids(node.args[0], strings, tables).items():
                    rule = rules.setdefault(rule_id, Rule(rule_id, game))
                    rule.severities.add(severity)
                    rule.places |= places
                    rule.message = rule.message or message or (f"*{description}*" if description else "")
    return dict(sorted(rules.items(), key=lambda item: (item[1].game, item[0])))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _wrapped(table: str) -> str:
    """A generated table in a block of its own class (docs/stylesheets/washigen.css keeps its ids on one line)."""
    return f'<div class="washigen-generated" markdown>\n\n{table}\n</div>\n'


def rule_table(rules: list[Rule]) -> str:
    lines = ["| rule id | severity | where | message |", "|---|---|---|---|"]
    for rule in rules:
        severity = " or ".join(s for s in SEVERITIES if s in rule.severities)
        places = ", ".join(f"`{p}`" for p in sorted(rule.places)) or "—"
        message = _cell(rule.message) or "—"
        lines.append(f"| `{rule.rule_id}` | {severity} | {places} | {message} |")
    return _wrapped("\n".join(lines) + "\n")


def rule_section(game: str | None) -> str:
    rules = list(collect_rules().values())
    if game is not None:
        chosen = [rule for rule in rules if rule.game == game]
        if not chosen:
            raise ValueError(f"rule-ids: no rules found for game {game!r}")
        return rule_table(chosen)
    parts = []
    for name in game_packages():
        chosen = [rule for rule in rules if rule.game == name]
        if chosen:
            parts.append(f"## {_title(name)} (`{name}`) {{ #{name} }}\n\n{len(chosen)} rule ids.\n\n"
                         + rule_table(chosen))
    return "\n".join(parts)


def _title(game: str) -> str:
    from washigen.games import get_game

    return get_game(game).title


# ---------------------------------------------------------------------------------------------------- commands

def cli_tree():
    """A plain click group holding every command of `washigen` (the games' groups included), for mkdocs-click."""
    import click

    from washigen.cli import main

    with click.Context(main, info_name="washigen") as ctx:
        commands = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
    return click.Group(name="washigen", commands=commands, help=main.help, params=list(main.params),
                       context_settings=dict(main.context_settings))


def _first_sentence(text: str) -> str:
    text = " ".join((text or "").split())
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    return match.group(1) if match else text


def command_list(game: str, cli_page: str) -> str:
    """A game's commands with their first sentence, each linked to its entry in the CLI reference (`cli_page`, as
    the page that asks links to it)."""
    import click

    from washigen.games import get_game

    group = get_game(game).commands
    lines = ["| command | what it does |", "|---|---|"]
    with click.Context(group, info_name=game) as ctx:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            anchor = f"washigen-{game}-{name}"
            summary = _cell(_first_sentence(command.help or command.short_help or ""))
            lines.append(f"| [`washigen {game} {name}`]({cli_page}#{anchor}) | {summary} |")
    return _wrapped("\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------------------- API

def _init_literals() -> dict[str, object]:
    """The literal assignments of washigen/__init__.py (`__all__`, `_EXPORTS`), read without importing it."""
    tree = ast.parse((ROOT / "washigen" / "__init__.py").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        target, value = _assignment(node)
        if target in ("__all__", "_EXPORTS"):
            found[target] = ast.literal_eval(value)
    return found


def public_names() -> list[str]:
    """washigen.__all__, in its order."""
    return list(_init_literals()["__all__"])


def api_members() -> str:
    """One entry per public name, headed by the name scripts use and documented where it is defined:
    `washigen.render` is washigen.api.render."""
    exports = _init_literals().get("_EXPORTS", {})
    entries = []
    documented: dict[str, str] = {}                     # where a name is defined -> the first public name for it
    for name in public_names():
        module, attribute = exports.get(name, ("", name))
        where = ".".join(part for part in ("washigen", module, attribute) if part)     # the anchor mkdocstrings sets
        if where in documented:                                             # load_design is load: said once
            shown = f"washigen.{name}".replace("_", "\\_")
            entries.append(f"## {shown} {{ #washigen.{name} data-toc-label='{name}' }}\n\n"
                           f"Another name for [`washigen.{documented[where]}`](#{where}).\n")
            continue
        documented[where] = name
        entries.append(f"::: {where}\n    options:\n      heading: washigen.{name}\n      toc_label: {name}\n")
    return "\n".join(entries)


# ---------------------------------------------------------------------------------------------------- hooks

def on_config(config):
    if str(ROOT) not in sys.path:           # the checkout's washigen, installed or not
        sys.path.insert(0, str(ROOT))
    collect_rules.cache_clear()             # `mkdocs serve` rebuilds in one process: read the code afresh
    module = types.ModuleType(CLI_MODULE, "Every command of washigen, for mkdocs-click.")
    module.main = cli_tree()
    sys.modules[CLI_MODULE] = module
    return config


def on_page_markdown(markdown: str, page, config, files) -> str:
    def replace(match: re.Match) -> str:
        kind, argument = match.group(1), match.group(2)
        if kind == "rule-ids":
            return rule_section(argument)
        if kind == "commands":
            return command_list(argument, posixpath.relpath(CLI_PAGE, posixpath.dirname(page.file.src_uri) or "."))
        return api_members()

    return MARKER.sub(replace, markdown)
