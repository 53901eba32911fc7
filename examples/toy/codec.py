"""The toy game's moves as components carry them and as players type them: a card's
button carries ``play`` and the card (``play:KS``), and ``/play`` reads a card as the
record writes it (``KS``) or as a player types it (``R♠``, ``king of spades`` aside)."""

from __future__ import annotations

from bot.errors import UserError
from bot.texts.parsing import parse_card
from examples.toy.game import Action, play


def action_of(verb: str, arg: str) -> Action:
    """The move a component carries (its verb and argument)."""
    if verb == "play":
        return Action.parse(f"play {arg}")
    raise ValueError(f"unknown verb {verb!r}")


def parse_move(text: str) -> Action:
    """A move typed with ``/play``: the record's notation, or a card as players write it."""
    try:
        return Action.parse(text)
    except ValueError:
        pass
    try:
        return play(parse_card(text))
    except UserError:
        raise UserError("error.bad_input", text=text[:40]) from None
