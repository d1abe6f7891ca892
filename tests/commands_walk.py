"""Every command under `washigen`, as the words that reach it: the walk the command-line tests share."""

from __future__ import annotations

import click


def command_tree() -> list[tuple[tuple[str, ...], click.Command]]:
    """(path, command) for `washigen` itself, every group and every command under it (the games' included)."""
    from washigen.cli import main

    found, stack = [], [((), main)]
    with click.Context(main) as ctx:
        while stack:
            path, command = stack.pop()
            found.append((path, command))
            if isinstance(command, click.Group):
                for name in command.list_commands(ctx):
                    stack.append(((*path, name), command.get_command(ctx, name)))
    return sorted(found, key=lambda item: item[0])


def command_paths() -> list[tuple[str, ...]]:
    return [path for path, _ in command_tree()]
