"""A click group whose commands are imported when first asked for, so that `washigen cats map --help` compiles and
builds `map` alone, not every command of the game with its hundred-odd options."""

from __future__ import annotations

import importlib
from collections.abc import Callable, MutableMapping

import click


class LazyGroup(click.Group):
    """A game's group: each command is the `command` of the module of its name in `package` (`cats map` is
    washigen.cli.cats.map's), imported by get_command when asked for; list_commands names them all without importing
    any. `commands`, read where the whole group is wanted (click's suggestion for a mistyped name, the docs, a
    listing), builds every one, in the order of `names`."""

    def __init__(self, name: str | None = None, *, package: str, names: tuple[str, ...], **attrs) -> None:
        self.package = package
        self.names = names
        self.built: dict[str, click.Command] = {}
        # Called with (name, command) as each command is built: cli/examples.py ends its help with examples.
        self.on_build: Callable[[str, click.Command], None] | None = None
        super().__init__(name, **attrs)

    @property
    def commands(self) -> MutableMapping[str, click.Command]:
        self.built = {**{name: self._built(name) for name in self.names}, **self.built}
        return self.built

    @commands.setter
    def commands(self, commands: MutableMapping[str, click.Command]) -> None:    # click.Group's own, if any
        self.built = dict(commands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._built(cmd_name) if cmd_name in self.names else self.built.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.names, *self.built})

    def _built(self, name: str) -> click.Command:
        if name not in self.built:
            command = importlib.import_module(f"{self.package}.{name}").command
            self.built[name] = command
            if self.on_build is not None:
                self.on_build(name, command)
        return self.built[name]
