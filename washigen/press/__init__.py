"""Imposition: finished scenes placed on paper with bleed, crop marks, duplex backs; tape artwork.

Names are imported on first use: the templates and the scene model cost start-up time that `washigen --version`
and `washigen games` need not pay."""

from importlib import import_module

_NAMES = {"Document": "document", "KitPart": "document", "PrintOptions": "options", "Template": "templates",
          "builtin_templates": "templates", "load_template": "templates", "template_for": "templates"}


def __getattr__(name: str):
    if name in _NAMES:
        return getattr(import_module(f"{__name__}.{_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Document", "KitPart", "PrintOptions", "Template", "builtin_templates", "load_template", "template_for"]
