"""La Bête's moves as components carry them and as players type them."""

from __future__ import annotations

import re
from typing import Final

from bot.errors import UserError
from bot.texts.parsing import parse_card, plain
from games.bete import Action, Kind

# the calls as a component id carries them
_CALL_ARGS: Final = {
    Kind.PASS: "pass",
    Kind.PLAY_CONTRACT: "joue",
    Kind.CONTRE: "contre",
    Kind.CURIEUSE: "cur",
}
_BY_ARG: Final = {arg: kind for kind, arg in _CALL_ARGS.items()}
# what players type with /play, accents and case aside
_TYPED: Final = {
    "pass": Kind.PASS,
    "passe": Kind.PASS,
    "je passe": Kind.PASS,
    "joue": Kind.PLAY_CONTRACT,
    "je joue": Kind.PLAY_CONTRACT,
    "jouer": Kind.PLAY_CONTRACT,
    "play": Kind.PLAY_CONTRACT,
    "play-contract": Kind.PLAY_CONTRACT,
    "contre": Kind.CONTRE,
    "contrer": Kind.CONTRE,
    "je contre": Kind.CONTRE,
    "curieuse": Kind.CURIEUSE,
    "en curieuse": Kind.CURIEUSE,
    "je vais en curieuse": Kind.CURIEUSE,
    "cur": Kind.CURIEUSE,
}


def call_arg(action: Action) -> str:
    return _CALL_ARGS[action.kind]


def call_of(arg: str) -> Action:
    kind = _BY_ARG.get(arg)
    if kind is None:
        raise ValueError(f"not a call of La Bête: {arg!r}")
    return Action(kind)


def parse_move(text: str) -> Action:
    """A call (``je joue``, ``contre``, ``curieuse``, ``passe``) or a card (``10S``, ``R♥``)."""
    key = re.sub(r"\s+", " ", plain(text).strip().lower())
    kind = _TYPED.get(key)
    if kind is not None:
        return Action(kind)
    try:
        return Action.parse(text.strip())
    except ValueError:
        pass
    try:
        return Action.parse(f"play {parse_card(text)}")
    except (UserError, ValueError):  # not a card, or none of this game's (a joker)
        raise UserError("error.bad_input", text=text[:40]) from None
