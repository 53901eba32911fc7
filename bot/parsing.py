"""Reading what keyboard players type: cards, calls, declarations (French or English)."""

from __future__ import annotations

import re
import unicodedata

from bot.errors import UserError
from bot.ids import call_of
from games.bete_hombree import Action, Kind
from games.cards import Card

_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}
_SUIT_WORDS = {
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


def plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def parse_card(text: str) -> Card:
    """``10S``, ``KH``, ``K♥``, ``R♥`` (roi), ``D♠`` (dame), ``V♦`` (valet)."""
    raw = text.strip().replace(" ", "")
    try:
        return Card.parse(raw)
    except ValueError:
        pass
    if len(raw) >= 2:
        rank, suit = raw[:-1].upper(), raw[-1]
        suit = _SUITS.get(suit, suit.upper())
        rank = _FRENCH_RANKS.get(rank, rank)
        try:
            return Card.parse(rank + suit)
        except ValueError:
            pass
    raise UserError("error.bad_card", text=text[:20])


def parse_cards(text: str) -> list[Card]:
    cards = [parse_card(word) for word in re.split(r"[\s,;]+", text.strip()) if word]
    if len(set(cards)) != len(cards):
        raise UserError("error.bad_input", text=text[:40])
    return cards


_CALL_WORDS = {
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


def parse_call(text: str) -> Action:
    """A call of the auction: ``3``, ``3 belle``, ``bid 3 belle``, ``b3b``, ``cagnote``..."""
    key = plain(text).strip().lower()
    key = re.sub(r"\s+", " ", key)
    if key in _CALL_WORDS:
        return call_of(_CALL_WORDS[key])
    key = re.sub(r"^(bid|premier pour|premier|dernier)\s*:?\s*", "", key)
    key = key.replace("en belle", "belle")
    match = re.fullmatch(r"b?([2-5])\s*(b|belle)?", key)
    if match:
        return Action.parse(f"bid {match[1]}{' belle' if match[2] else ''}")
    raise UserError("error.bad_input", text=text[:40])


def parse_declaration(text: str) -> Action:
    """``4 S matadors 3``, ``4 S 3``, ``4 ♠``, ``4 pique 3``."""
    spaced = plain(text).replace("♠", " S ").replace("♥", " H ").replace("♦", " D ")
    words = [w for w in spaced.replace("♣", " C ").lower().split()]
    words = [w for w in words if w not in ("declare", "matadors", "matador", "a", "in")]
    if len(words) in (2, 3) and words[0].isdigit():
        suit = _SUIT_WORDS.get(words[1], words[1].upper())
        matadors = f" matadors {words[2]}" if len(words) == 3 and words[2] != "0" else ""
        try:
            action = Action.parse(f"declare {words[0]} {suit}{matadors}")
        except ValueError:
            raise UserError("error.bad_input", text=text[:40]) from None
        if action.kind is Kind.DECLARE:
            return action
    raise UserError("error.bad_input", text=text[:40])
