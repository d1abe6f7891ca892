"""Where the project's data folders are: assets/ (fonts, icons) and templates/ (sheet templates)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
TEMPLATES = ROOT / "templates"
SEEDS = ROOT / "seeds"
