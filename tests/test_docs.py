"""The documentation site builds with `mkdocs build --strict` and covers the code: every command of `washigen` is in
the CLI reference, every rule id the code reports is in the rule-id table (and on its game's page, with its
severity), every name of washigen.__all__ is in the API reference, and no link points at a missing page or anchor.
The ids and commands are collected here apart from the build's own hook (a regex over the sources, the click tree),
so a hook that misses one fails."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import click
import pytest

from tests.commands_walk import command_paths

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_click")
BUILD_SECONDS = 300


def _missing_plugins() -> list[str]:
    missing = []
    for name in PLUGINS:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(name)
    return missing


pytestmark = pytest.mark.skipif(
    bool(_missing_plugins()) or not (ROOT / "mkdocs.yml").is_file(),
    reason=f"the documentation needs the docs extra (pip install -e '.[docs]'; missing: "
           f"{', '.join(_missing_plugins()) or 'mkdocs.yml'})")


# ---------------------------------------------------------------------------------------------------- the build

def _build(site: Path) -> str:
    """Builds the site into `site`; returns mkdocs' output (it fails the test on any strict warning)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(site)], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=BUILD_SECONDS)
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}"
    return run.stderr


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The built site, made once per test run: under pytest-xdist the first worker builds it into the run's shared
    temporary folder and the others wait for it (a lock made with mkdir, which is atomic everywhere)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = tmp_path_factory.mktemp("docs-site")
        _build(folder)
        return folder
    shared = tmp_path_factory.getbasetemp().parent
    folder, done, failed = shared / "docs-site", shared / "docs-site.done", shared / "docs-site.failed"
    try:
        (shared / "docs-site.lock").mkdir()
    except FileExistsError:
        deadline = time.monotonic() + BUILD_SECONDS + 30
        while not done.exists() and not failed.exists():
            assert time.monotonic() < deadline, "another worker's documentation build did not finish"
            time.sleep(0.2)
    else:
        try:
            _build(folder)
        except BaseException as error:
            failed.write_text(str(error), encoding="utf-8")
            raise
        done.touch()
    if failed.exists():
        pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
    return folder


class Page(HTMLParser):
    """What the checks read of a built page: ids, links, heading texts and table rows (cells as text)."""

    def __init__(self, text: str):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.headings: list[str] = []
        self.rows: list[list[str]] = []
        self._heading: list[str] | None = None
        self._cell: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href") is not None:
            self.links.append(attributes["href"])
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self._heading = []
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).replace("¶", "").split()))
            self._heading = None
        elif tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        for part in (self._heading, self._cell):
            if part is not None:
                part.append(data)


def page(site: Path, name: str) -> Page:
    return Page((site / name / "index.html").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------------- the code



def game_names() -> list[str]:
    return sorted(folder.name.replace("_", "-") for folder in (ROOT / "washigen" / "games").iterdir()
                  if (folder / "__init__.py").is_file())


def rule_ids_in_code() -> dict[str, set[str]]:
    """Every rule id in the games' sources (CONTRIBUTING: a game's rules live in its package): a quoted
    `<game>.<topic>.<rule>` whose game is a package under washigen/games/, wherever it is written (a Violation call,
    a constant, a table) -> the severities it is reported with where it stands right after `Violation.error(` or
    `Violation.warning(` (empty where that is not seen)."""
    games = "|".join(re.escape(name) for name in game_names())
    literal = re.compile(rf"""["']((?:{games})\.[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*)["']""")
    reported = re.compile(rf"""Violation\.(error|warning)\(\s*["']((?:{games})\.[a-z0-9.-]+)["']""")
    found: dict[str, set[str]] = {}
    for path in (ROOT / "washigen" / "games").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for rule_id in literal.findall(source):
            found.setdefault(rule_id, set())
        for severity, rule_id in reported.findall(source):
            found.setdefault(rule_id, set()).add(severity)
    return found


def table_rules(rows: list[list[str]]) -> dict[str, str]:
    """rule id -> severity cell, from the rows of rule tables (header: rule id, severity, ...)."""
    return {row[0]: row[1] for row in rows if len(row) >= 2 and re.fullmatch(r"[a-z0-9-]+\.[a-z0-9.-]+", row[0])}


# ---------------------------------------------------------------------------------------------------- the checks

def test_the_cli_reference_holds_every_command(site):
    headings = set(page(site, "reference/cli").headings)
    paths = command_paths()
    assert ("cats", "map") in paths and ("profile", "set") in paths       # the walk reaches the games and groups
    missing = [" ".join(("washigen", *path)) for path in paths if " ".join(("washigen", *path)) not in headings]
    assert not missing, f"commands missing from the CLI reference: {missing}"


def test_the_rule_id_page_holds_every_rule_id_with_its_severity(site):
    in_code = rule_ids_in_code()
    assert len(in_code) >= 60 and {"cats.play.stalemate", "cat-tree.deck.count"} <= set(in_code)
    listed = table_rules(page(site, "rule-ids").rows)
    assert sorted(set(in_code) - set(listed)) == [], "rule ids in the code but not on the rule-id page"
    assert sorted(set(listed) - set(in_code)) == [], "rule ids on the rule-id page that the code does not have"
    wrong = {rule_id: (listed[rule_id], sorted(severities)) for rule_id, severities in in_code.items()
             if severities and set(listed[rule_id].split(" or ")) != severities}
    assert not wrong, f"severities that differ from the code: {wrong}"


@pytest.mark.parametrize("game", game_names())
def test_each_game_page_lists_its_own_rule_ids_and_commands(site, game):
    shown = page(site, f"games/{game}")
    mine = {rule_id for rule_id in rule_ids_in_code() if rule_id.startswith(f"{game}.")}
    assert mine and set(table_rules(shown.rows)) == mine
    from washigen.games import get_game

    group = get_game(game).commands
    with click.Context(group) as ctx:
        commands = {f"washigen {game} {name}" for name in group.list_commands(ctx)}
    assert commands <= {row[0] for row in shown.rows if row}


def test_the_api_page_documents_every_public_name(site):
    import washigen

    headings = page(site, "reference/api").headings
    documented = {match.group(1) for heading in headings
                  if (match := re.match(r"washigen\.([A-Za-z_][A-Za-z0-9_]*)\b", heading))}
    assert sorted(set(washigen.__all__) - documented) == []


def test_no_page_links_to_a_missing_page_or_anchor(site):
    pages = {path: Page(path.read_text(encoding="utf-8")) for path in site.rglob("*.html")}
    assert len(pages) >= 20
    broken = []
    for path, shown in pages.items():
        for href in shown.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue                                          # outside the site
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):                      # the 404 page links from the site's root
                target = (site / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(site)}: {href} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else Page(target.read_text(encoding="utf-8")).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{path.relative_to(site)}: {href} (no such anchor)")
    assert not broken, "\n".join(broken[:40])
