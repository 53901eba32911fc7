"""Bésigue's moves as components carry them and as players type them.

A card played travels in a component id as its code (``QS``), or ``QS:laid`` for
the copy laid on the table; a combination as ``<kind>:<card>.<card>…``
(``trump-marriage:KH.QH``); the seven as ``show`` or ``exchange``; the end of the
declaring as ``draw``.  ``/play`` reads what keyboard players type: record
notation first (``meld marriage KH QH``, ``seven show``, ``draw``), then a few
words in French or English, or a card.
"""

from __future__ import annotations

import re
from typing import Final

from bot.errors import UserError
from bot.texts.i18n import LANGS, MESSAGES
from bot.texts.parsing import parse_card, parse_cards, plain
from games.besigue import Action, Kind
from games.besigue.actions import DRAW, SEVEN_EXCHANGE, SEVEN_SHOW, meld, play
from games.besigue.melds import MeldKind

LAID: Final = "laid"
_CALLS: Final = {"show": SEVEN_SHOW, "exchange": SEVEN_EXCHANGE, "draw": DRAW}
_TYPED: Final = {
    "rien": DRAW,
    "nothing": DRAW,
    "piocher": DRAW,
    "je pioche": DRAW,
    "draw": DRAW,
    "montrer": SEVEN_SHOW,
    "show": SEVEN_SHOW,
    "echanger": SEVEN_EXCHANGE,
    "exchange": SEVEN_EXCHANGE,
    "montrer le 7": SEVEN_SHOW,
    "montrer le sept": SEVEN_SHOW,
    "show the 7": SEVEN_SHOW,
    "show seven": SEVEN_SHOW,
    "echanger le 7": SEVEN_EXCHANGE,
    "echanger le sept": SEVEN_EXCHANGE,
    "exchange the 7": SEVEN_EXCHANGE,
    "exchange seven": SEVEN_EXCHANGE,
}


_RECORD_CALLS: Final = ("meld", "seven")  # the record's words for what is not a card
_ARTICLES: Final = ("un ", "une ", "le ", "la ", "l ", "a ", "an ", "the ")


def action_arg(action: Action) -> str:
    """The short form of a move in a component id (at most 100 characters in all)."""
    if action.kind is Kind.PLAY:
        assert action.card is not None
        return str(action.card) + (f":{LAID}" if action.laid else "")
    if action.kind is Kind.MELD:
        assert action.meld is not None
        return f"{action.meld.value}:" + ".".join(str(c) for c in action.cards)
    return {Kind.SEVEN_SHOW: "show", Kind.SEVEN_EXCHANGE: "exchange", Kind.DRAW: "draw"}[
        action.kind
    ]


def action_of(verb: str, arg: str) -> Action:
    """The move a component's verb and argument stand for; ``ValueError`` for one that
    no component of the bot carries."""
    if verb == "play":
        card, _, where = arg.partition(":")
        if where not in ("", LAID):
            raise ValueError(f"not a place of a card: {where!r}")
        return play(parse_card(card), laid=where == LAID)
    if verb == "meld":
        kind, _, cards = arg.partition(":")
        if not cards:
            raise ValueError(f"a combination without cards: {arg!r}")
        return meld(MeldKind(kind), [parse_card(c) for c in cards.split(".")])
    if verb == "call" and arg in _CALLS:
        return _CALLS[arg]
    raise ValueError(f"not a move of Bésigue: {verb} {arg!r}")


def parse_move(text: str) -> Action:
    """Any move typed with ``/play``: record notation first, then the players' words,
    then a card (``play C``; ``C laid``/``C posée``/``joker posé`` for the copy on the
    table)."""
    try:
        return Action.parse(text.strip())
    except ValueError:
        pass
    words = re.sub(r"\s+", " ", text.strip())
    key = plain(words).lower()
    if key in _TYPED:
        return _TYPED[key]
    if key.partition(" ")[0] in _RECORD_CALLS:  # a record's call misspelt: not a card
        raise UserError("error.bad_input", text=words[:40])
    named = typed_meld(words)
    if named is not None:
        return named
    words = re.sub(r"\s*×\s*\d+", "", words)  # a button's count of identical cards
    card, _, where = words.partition(" ")
    where = where.strip("() ")  # a button's "(posée)"
    laid = plain(where).lower() in ("laid", "pose", "posee", "posees", "table")  # posé: a joker
    if where and not laid:
        card = words  # parse_card says what it cannot read, as typed
    return play(parse_card(card), laid=laid)


def typed_meld(words: str) -> Action | None:
    """A combination typed by the name the hands give it, then its cards: "mariage R♥
    D♥", "cent d'as AS AH AD AC", "the trump marriage KH QH (40)" (None: no name)."""
    said = re.sub(r"\s*\(\d+\)$", "", _said(words))
    for name, kind in _meld_names():
        if said.startswith(name + " "):
            try:
                cards = parse_cards(said[len(name) + 1 :].upper())
            except UserError:
                raise UserError("error.bad_input", text=words[:40]) from None
            return meld(kind, cards)
    return None


def _meld_names() -> list[tuple[str, MeldKind]]:
    """Each combination's names as either Bésigue's hands write them, in either
    language, the longest first (so that "mariage d'atout" is not read "mariage")."""
    names = {
        _said(text): kind
        for kind in MeldKind
        for game in ("besigue", "haiti")
        for lang in LANGS
        if (text := MESSAGES.get(f"{game}.kind.{kind.value}", {}).get(lang))
    }
    return sorted(names.items(), key=lambda item: -len(item[0]))


def _said(text: str) -> str:
    """Words as compared: no accents, lower case, an apostrophe a space, no article."""
    key = re.sub(r"\s+", " ", plain(text).lower().replace("'", " ").replace("’", " ")).strip()
    for article in _ARTICLES:
        if key.startswith(article):
            return key[len(article) :]
    return key
