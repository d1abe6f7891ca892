"""washigen.assets: the fonts (with their licence) and the Trail Route mix, as package data (see washigen/paths.py)."""
