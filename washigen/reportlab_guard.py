"""reportlab without the home folder (DESIGN 12: nothing from it runs as code, nothing of it is read unasked).

When reportlab is first imported it runs `reportlab_mods` as Python code (a module of that name anywhere on
sys.path, else the file `~/.reportlab_mods`), and its settings run `reportlab_settings` the same way (else
`~/.reportlab_settings`); its font search paths then list `~/fonts`, `~/.fonts`, `~/.local/share/fonts`,
`$XDG_DATA_HOME/fonts` and the working folder's `fonts`. This module, imported before reportlab, puts both hooks
in sys.modules as modules of washigen's own, so reportlab finds them already imported and reads no file for
them, and the settings module it finds limits the font search to reportlab's own folder (washigen registers its
fonts by their full path, so no font is ever looked up by name). The RL_* environment variables still apply: a
user sets those on purpose.

Importing this module costs nothing: it imports no part of reportlab. A process that imported reportlab before
washigen has run its hooks already; nothing here changes that.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Mapping

MODS = "reportlab_mods"
SETTINGS = "reportlab_settings"
# reportlab_settings names -> the only folders searched (reportlab expands %(REPORTLAB_DIR)s itself).
SEARCH_PATHS = {
    "T1SearchPath": ("%(REPORTLAB_DIR)s/fonts",),
    "TTFSearchPath": ("%(REPORTLAB_DIR)s/fonts",),
    "CMapSearchPath": ("%(REPORTLAB_DIR)s/fonts/CMap",),
}


def _module(name: str, doc: str, values: Mapping[str, object]) -> types.ModuleType:
    module = types.ModuleType(name, doc)
    for key, value in values.items():
        setattr(module, key, value)
    return module


def seal() -> None:
    """Puts washigen's stand-ins for reportlab's two home-folder hooks in place (once; a hook already imported
    stays as it is)."""
    sys.modules.setdefault(MODS, _module(MODS, "washigen: no reportlab modifications are run", {}))
    sys.modules.setdefault(SETTINGS, _module(SETTINGS, "washigen: fonts only from reportlab's own folder",
                                             SEARCH_PATHS))


seal()
