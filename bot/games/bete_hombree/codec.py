"""La Bête Hombrée's moves as components carry them and as players type them.

A call travels in a component id in a short form (``pass``, ``b3``, ``b3b``,
``cag``...); ``/play`` reads what keyboard players type: a card (``10S``,
``R♥``), the cards of a discard (``QS QD 10C``), a call (``3 belle``,
``je cagnote``) or a declaration (``4 S matadors 3``, ``4 pique 3``).
"""

from __future__ import annotations

import re
from typing import Final

from bot.errors import UserError
from bot.texts.parsing import parse_cards, plain
from games.bete_hombree import Action, Kind
from games.numerals import digits

_CALL_ARGS: Final = {
    Kind.PASS: "pass",
    Kind.SANS_PREJUDICE: "sp",
    Kind.RETIENS: "ret",
    Kind.CAGNOTE: "cag",
    Kind.TOUT: "tout",
}
_CALL_WORDS: Final = {
    "pass": "pass",
    "sp": "sans-prejudice",
    "ret": "retiens",
    "cag": "cagnote",
    "tout": "tout",
}
_SUIT_WORDS: Final = {
    "pique": "S",
    "piques": "S",
    "spades": "S",
    "spade": "S",
    "coeur": "H",
    "coeurs": "H",
    "hearts": "H",
    "heart": "H",
    "carreau": "D",
    "carreaux": "D",
    "diamonds": "D",
    "diamond": "D",
    "trefle": "C",
    "trefles": "C",
    "clubs": "C",
    "club": "C",
}
_TYPED_CALLS: Final = {
    "pass": "pass",
    "passe": "pass",
    "je passe": "pass",
    "sans prejudice": "sp",
    "sans-prejudice": "sp",
    "sp": "sp",
    "retiens": "ret",
    "je retiens": "ret",
    "cagnote": "cag",
    "je cagnote": "cag",
    "cag": "cag",
    "tout": "tout",
    "je prends le tout": "tout",
    "prends le tout": "tout",
}


def call_arg(action: Action) -> str:
    """The short form of a call in a custom id: ``pass``, ``b3``, ``b3b``, ``cag``..."""
    if action.kind is Kind.BID:
        return f"b{action.level}{'b' if action.belle else ''}"
    return _CALL_ARGS[action.kind]


def call_of(arg: str) -> Action:
    if arg in _CALL_WORDS:
        return Action.parse(_CALL_WORDS[arg])
    match = re.fullmatch(r"b([2-5])(b?)", arg)
    if match is None:
        raise ValueError(f"not a call: {arg!r}")
    return Action.parse(f"bid {match[1]}{' belle' if match[2] else ''}")


def parse_call(text: str) -> Action:
    """A call of the auction: ``3``, ``3 belle``, ``bid 3 belle``, ``b3b``, ``cagnote``..."""
    key = re.sub(r"\s+", " ", plain(text).strip().lower())
    if key in _TYPED_CALLS:
        return call_of(_TYPED_CALLS[key])
    key = re.sub(r"^(bid|premier pour|premier|dernier pour|dernier)\s*:?\s*", "", key)
    key = key.replace("en belle", "belle")
    match = re.fullmatch(r"b?([2-5])\s*(b|belle)?", key)
    if match:
        return Action.parse(f"bid {match[1]}{' belle' if match[2] else ''}")
    raise UserError("error.bad_input", text=text[:40])


def parse_declaration(text: str) -> Action:
    """``4 S matadors 3``, ``4 S 3``, ``4 ♠``, ``4 pique 3``."""
    spaced = plain(text).replace("♠", " S ").replace("♥", " H ").replace("♦", " D ")
    words = spaced.replace("♣", " C ").lower().split()
    words = [w for w in words if w not in ("declare", "matadors", "matador", "a", "in")]
    if len(words) in (2, 3) and digits(words[0]):
        suit = _SUIT_WORDS.get(words[1], words[1].upper())
        matadors = f" matadors {words[2]}" if len(words) == 3 and words[2] != "0" else ""
        try:
            action = Action.parse(f"declare {words[0]} {suit}{matadors}")
        except ValueError:
            raise UserError("error.bad_input", text=text[:40]) from None
        if action.kind is Kind.DECLARE:
            return action
    raise UserError("error.bad_input", text=text[:40])


def parse_move(text: str) -> Action:
    """Any move typed with ``/play``: record notation first, then the players' words."""
    try:
        return Action.parse(text.strip())
    except ValueError:
        pass
    for parse in (parse_call, parse_declaration):
        try:
            return parse(text)
        except UserError:
            pass
    try:
        cards = parse_cards(text)  # UserError naming the card it cannot read
    except UserError as error:
        # a level (a call or a declaration misspelt), or words that are no card
        if text.strip()[:1].isdigit() or error.key == "error.bad_input":
            raise UserError("error.bad_input", text=text.strip()[:40]) from None
        raise
    try:
        if len(cards) == 1:
            return Action.parse(f"play {cards[0]}")
        return Action.parse("discard " + " ".join(map(str, cards)))
    except ValueError:  # a card of no pack of this game (a joker)
        raise UserError("error.bad_input", text=text.strip()[:40]) from None
