"""Where washigen's data is: the one module that resolves it.

assets/ (fonts, the Trail Route mix), templates/ (sheet templates) and seeds/ (rule texts) sit at the top of the
repository; setup.py maps them into the package as washigen.assets, washigen.templates and washigen.seeds, so a
wheel carries them inside washigen/ and importlib.resources finds them under pip, pip --user, pipx or an editable
install alike. A source tree run without installing (PYTHONPATH) falls back to the folders beside the package.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def package_folder(name: str) -> Path:
    """The folder of the data package washigen.<name> (assets, templates, seeds) as a file-system path."""
    try:
        folder = importlib.resources.files(f"{__package__}.{name}")
    except ModuleNotFoundError:
        return _CHECKOUT / name
    if not isinstance(folder, Path):  # a zipped install: washigen reads its data with open(), so it needs files
        raise RuntimeError(f"washigen's {name} must be installed as files, not inside {folder}")
    return folder


ASSETS = package_folder("assets")
TEMPLATES = package_folder("templates")
SEEDS = package_folder("seeds")
ROOT = SEEDS.parent        # the folder holding seeds/: the checkout, or the installed package
