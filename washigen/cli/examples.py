"""The examples that end every command's --help (click's epilog). A command missing from the table gets one made
from its own parameters, so a new command never ends its help without an example; tests/test_cli_habits.py parses
every example against the command it belongs to."""

from __future__ import annotations

import re
from collections.abc import Mapping

import click

from .lazy import LazyGroup

EXAMPLES: dict[str, tuple[str, ...]] = {
    "": ("washigen games", "washigen cats map --players 4 --seed 7 -o map.pdf"),
    "games": ("washigen games", "washigen games --json"),
    "validate": ("washigen validate map.json", "washigen validate map.tmj layout.txt --json"),
    "render": ("washigen render map.json -o map.pdf --paper a4", "washigen render map.tmj -o map.png --dpi 600"),
    "studio": ("washigen studio", "washigen studio --port 9000 --no-open"),
    "calibrate": ("washigen calibrate --duplex long -o calibration.pdf",),
    "sweep": ("washigen sweep cops --seeds 1-4 --games 20 -o sweep.jsonl",
              "washigen sweep cats --seeds 1-100 --set cut_up=true --scheduler tcp://127.0.0.1:8786 -o cuts.jsonl"),
    "profile": ("washigen profile set --back-offset 0.5,-1 --paper a4", "washigen profile show"),
    "profile set": ("washigen profile set --back-offset 0.5,-1 --paper a4",
                    "washigen profile set --name office --paper letter --duplex long"),
    "profile show": ("washigen profile show", "washigen profile show --name office"),
    "profile remove": ("washigen profile remove office",),
    "rules": ("washigen rules cats -o cats-rules.pdf", "washigen rules cats --lang de --paper letter -o regeln.pdf"),
    "kit": ("washigen kit cats --players 4 --seed 7 -o cats-kit.pdf", "washigen kit cat-tree --paper letter -o kit.pdf"),
    "cats": ("washigen cats map --players 4 --seed 7 -o map.pdf", "washigen cats sheet --players 5 -o players.pdf"),
    "cats map": ("washigen cats map --players 4 --seed 7 -o map.pdf",
                 "washigen cats map --cut-up --seed 4 --paper a4 -o strips.pdf"),
    "cats tape": ("washigen cats tape --length 10m --seed 1 -o roll.pdf",
                  "washigen cats tape --repeat-only --seed 1 -o repeat.pdf"),
    "cats sheet": ("washigen cats sheet --players 5 -o players.pdf",),
    "cats variants": ("washigen cats variants --count 2 --seed 4 -o variants/",),
    "cats setup": ("washigen cats setup --players 3 --seed 2 -o setup.pdf",),
    "cops": ("washigen cops map --players 4 --seed 7 -o map.pdf", "washigen cops sheet --players 4 -o squads.pdf"),
    "cops map": ("washigen cops map --players 4 --seed 7 -o map.pdf",
                 "washigen cops map --players 4 --seed 7 --offset 10mm -o offset.pdf"),
    "cops tape": ("washigen cops tape --segments 4 --length 10m --seed 3 -o roll.pdf",
                  "washigen cops tape --repeat-only --segments 4 --seed 3 -o repeat.pdf"),
    "cops sheet": ("washigen cops sheet --players 6 --paper letter -o squads.pdf",),
    "cat-tree": ("washigen cat-tree deck -o deck.pdf", "washigen cat-tree score layout.txt"),
    "cat-tree deck": ("washigen cat-tree deck -o deck.pdf", "washigen cat-tree deck --paper letter --duplex long -o deck.pdf"),
    "cat-tree sheet": ("washigen cat-tree sheet --paper letter -o score-sheet.pdf",),
    "cat-tree score": ("washigen cat-tree score layout.txt", "washigen cat-tree score layout.txt --json"),
    "cat-tree balance": ("washigen cat-tree balance --seed 1 --games 200",
                         "washigen cat-tree balance --bots strong --against greedy --games 100 --jobs 2",
                         "washigen cat-tree balance --map grid.txt --seed 1 --games 200"),
    "cat-tree play": ("washigen cat-tree play --seed 7 -o tree.txt", "washigen cat-tree play --seed 7 --games 3",
                      "washigen cat-tree play --map grid.txt --seed 7 -o tree.txt"),
    "trail-route": ("washigen trail-route components -o trail-route.pdf", "washigen trail-route play --seed 5"),
    "trail-route components": ("washigen trail-route components -o trail-route.pdf",
                               "washigen trail-route components --duplex long --tile-size 45mm -o tiles.pdf"),
    "trail-route setup": ("washigen trail-route setup --players 3 --seed 1 -o setup.json",),
    "trail-route play": ("washigen trail-route play --seed 5 --policy greedy",
                         "washigen trail-route play --setup setup.json --quiet"),
}


def examples_for(path: str, command: click.Command) -> tuple[str, ...]:
    """The table's examples, or one made from the command's own required parameters."""
    if path in EXAMPLES:
        return EXAMPLES[path]
    words = ["washigen", *path.split()]
    if isinstance(command, click.Group):
        first = command.list_commands(click.Context(command))[:1]
        return (" ".join(words + first + ["--help"]),)
    for param in command.params:
        if isinstance(param, click.Argument) and param.required:
            words.append((param.metavar or param.name or "ARG").upper().split("|")[0])
        elif isinstance(param, click.Option) and param.required and param.name == "output":
            suffix = re.search(r"\((\.\w+)", param.help or "")
            words += ["-o", f"out{suffix.group(1) if suffix else '.pdf'}"]
    return (" ".join(words),)


def add_examples(command: click.Command, path: str = "") -> None:
    """Sets the epilog of `command` and of every command under it, where none is set (a LazyGroup's commands as
    they are built)."""
    if command.epilog is None:
        lines = "\n".join(f"  {line}" for line in examples_for(path, command))
        command.epilog = f"Examples:\n\n\b\n{lines}"
    subcommands: Mapping[str, click.Command] = {}
    if isinstance(command, LazyGroup):
        if command.on_build is None:        # those built later get theirs then, under the first path given
            command.on_build = lambda name, sub: add_examples(sub, f"{path} {name}".strip())
        subcommands = command.built
    elif isinstance(command, click.Group):
        subcommands = command.commands
    for name, sub in subcommands.items():
        add_examples(sub, f"{path} {name}".strip())
