"""washigen.templates: the built-in sheet templates, as package data (see washigen/paths.py)."""
