"""washigen.seeds: each game's rules in the project's own words, as package data (see washigen/paths.py)."""
