"""Bésigue as played in Haiti (RULES.md §4.1, ``variant=haiti``): four packs of 32
and four jokers, trump fixed by the first marriage, the Haitian combinations,
the marque, the partie and the match toward *donner cent points*.

A variant of the same game: its options are ``games.besigue.rules.Rules``'s,
its deal follows the game's course (``games.besigue.flow``), its records are
Bésigue records (RULES.md §5 "Haiti").
"""
