"""Reading what keyboard players type, for every game: cards, in French or English."""

from __future__ import annotations

import re
import unicodedata

from bot.errors import UserError
from bot.texts.i18n import MESSAGES
from games.cards import Card

_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}
CARD_LENGTH = 3  # the longest a card is written: 10S, 10♥


def plain(text: str) -> str:
    """``text`` without accents (what players type varies: é or e)."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def parse_card(text: str) -> Card:
    """``10S``, ``KH``, ``K♥``, ``R♥`` (roi), ``D♠`` (dame), ``V♦`` (valet); a joker
    (``JK``) also by its name as the bot writes it."""
    raw = text.strip().replace(" ", "")
    try:
        return Card.parse(raw)
    except ValueError:
        pass
    if plain(raw).lower() in {plain(name).lower() for name in MESSAGES["card.joker"].values()}:
        return Card.joker()
    if len(raw) >= 2:
        rank, suit = raw[:-1].upper(), raw[-1]
        suit = _SUITS.get(suit, suit.upper())
        rank = _FRENCH_RANKS.get(rank, rank)
        try:
            return Card.parse(rank + suit)
        except ValueError:
            pass
    if all(len(word) > CARD_LENGTH for word in text.split()):
        # words, not a card mistyped: the caller says how to write a move
        raise UserError("error.bad_input", text=text.strip()[:40])
    raise UserError("error.bad_card", text=text[:20])


def parse_cards(text: str) -> list[Card]:
    cards = [parse_card(word) for word in re.split(r"[\s,;]+", text.strip()) if word]
    if not cards or len(set(cards)) != len(cards):
        raise UserError("error.bad_input", text=text[:40])
    return cards


def matches(typed: str, *candidates: str) -> bool:
    """Whether an autocomplete choice fits what the user typed so far (accents aside)."""
    needle = plain(typed).strip().lower()
    return not needle or any(needle in plain(c).lower() for c in candidates)
