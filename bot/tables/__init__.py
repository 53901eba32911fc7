"""The tables: the table service and its parts (finding a table, the turn clock and the
computer players, the deal, the lobby, moderation, matches, preferences, readings, the
settlement), and the table itself as a fold of its event log."""
