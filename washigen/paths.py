"""Where the project's data folders are: assets/ (fonts, icons, the Trail Route mix), templates/ (sheet templates)
and seeds/ (rule texts). A checkout has them beside the package; an installed wheel under <prefix>/share/washigen."""

import sys
from pathlib import Path


def _data_root() -> Path:
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "assets" / "fonts").is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "washigen"


ROOT = _data_root()
ASSETS = ROOT / "assets"
TEMPLATES = ROOT / "templates"
SEEDS = ROOT / "seeds"
