"""Imposition: finished scenes placed on paper with bleed, crop marks, duplex backs; tape artwork."""

from .document import Document, KitPart
from .options import PrintOptions
from .templates import Template, builtin_templates, load_template, template_for

__all__ = ["Document", "KitPart", "PrintOptions", "Template", "builtin_templates", "load_template", "template_for"]
