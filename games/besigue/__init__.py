"""Bésigue (RULES.md §4), for two to four players with one pack of 32 each."""
