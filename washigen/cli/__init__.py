"""The command line, built on click: `washigen` and every game's commands. The only layer that imports click, and
the only place that turns a WashigenError into an exit code (cli/main.py)."""

from .main import main

__all__ = ["main"]
