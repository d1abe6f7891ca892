"""Every command in the README runs as written, from a fresh checkout's point of view.

Each ```sh block is one bash script run in a copy of the repository's tracked files (so a command may use
examples/ and the files an earlier command of its own block made, nothing else: blocks may run on different test
workers), with this environment's washigen and python first on
PATH and an empty config folder. A command must exit 0, or the N its comment announces (`# exit 1: ...`). No two
commands may write the same `-o` file: an overwritten example would hide what the first one made.

A block preceded by the line `<!-- not run by tests/test_readme.py: REASON -->` is skipped (the set-up commands
that build this very environment, a server that serves until stopped).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP_MARK = "<!-- not run by tests/test_readme.py:"
EXIT_COMMENT = re.compile(r"#\s*exit (\d+)\b")
BLOCK_TIMEOUT = 600


@dataclass(frozen=True)
class Command:
    line: int          # in README.md, 1-based
    text: str          # the command without its comment
    exit_code: int


def split_comment(line: str) -> tuple[str, str]:
    """A command and its trailing `# comment` (a # that starts a word outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), line[i:]
    return line.strip(), ""


def readme_blocks(text: str) -> list[tuple[int, list[Command], bool]]:
    """(the block's first line, its commands, skipped) for every ```sh block; lines count from 1."""
    lines = text.split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```sh":
            i += 1
            continue
        skipped = i > 0 and lines[i - 1].strip().startswith(SKIP_MARK)
        start, commands, pending, first = i + 2, [], "", None
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            command, comment = split_comment(lines[i])
            if command:
                first = first or i + 1
                if command.endswith("\\"):
                    pending += command[:-1] + " "
                else:
                    expected = EXIT_COMMENT.search(comment)
                    commands.append(Command(first, pending + command, int(expected.group(1)) if expected else 0))
                    pending, first = "", None
            i += 1
        blocks.append((start, commands, skipped))
        i += 1
    return blocks


def outputs(command: Command) -> list[str]:
    words = shlex.split(command.text)
    return [words[k + 1] for k, word in enumerate(words[:-1]) if word in ("-o", "--output")]


def script(commands: list[Command]) -> str:
    lines = ["set -u"]
    for command in commands:
        lines.append(f"{command.text}\nrc=$?\nif [ $rc -ne {command.exit_code} ]; then echo "
                     f"{shlex.quote(f'README.md:{command.line}: ')}\"exit $rc, expected {command.exit_code}: \""
                     f"{shlex.quote(command.text)} >&2; exit 1; fi")
    return "\n".join(lines) + "\n"


README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = readme_blocks(README)


def test_the_readme_parser_reads_comments_continuations_and_exit_codes():
    blocks = readme_blocks("x\n```sh\nwashigen a -o 'x # y.pdf'   # exit 1: broken\nwashigen b \\\n  --c  # note\n"
                           "```\n" + SKIP_MARK + " serves -->\n```sh\nwashigen studio\n```\n")
    (first, commands, skipped), (_, studio, skipped_studio) = blocks
    assert (first, skipped, skipped_studio) == (3, False, True)
    assert commands == [Command(3, "washigen a -o 'x # y.pdf'", 1), Command(4, "washigen b  --c", 0)]
    assert outputs(commands[0]) == ["x # y.pdf"] and studio[0].text == "washigen studio"


def test_no_two_readme_commands_write_the_same_file():
    seen: dict[str, int] = {}
    for _, commands, skipped in BLOCKS:
        for command in commands:
            for output in ([] if skipped else outputs(command)):
                assert output not in seen, (f"README.md:{command.line} writes {output} again "
                                            f"(README.md:{seen[output]} wrote it first)")
                seen[output] = command.line


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """The tracked files, as a fresh clone has them."""
    folder = tmp_path_factory.mktemp("readme") / "washigen"
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=False)
    if listed.returncode != 0:
        pytest.skip("needs a git checkout")
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("first, commands", [(first, commands) for first, commands, skipped in BLOCKS
                                             if not skipped and commands], ids=lambda v: str(v) if
                         isinstance(v, int) else "")
def test_every_readme_block_runs(checkout, first, commands):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run(["bash", "-c", script(commands)], cwd=checkout, env=env, capture_output=True,
                            text=True, timeout=BLOCK_TIMEOUT)
    assert result.returncode == 0, f"README.md block at line {first}:\n{result.stderr[-3000:]}"
