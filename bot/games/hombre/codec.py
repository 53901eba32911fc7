"""L'Hombre's moves as components carry them and as players type them.

A call or choice travels in a component id in a short form (``pass``, ``pr``,
``sp``, ``spv``, ``t:S``, ``show``, ``hide``, ``stop``, ``keep``); a card
played as ``KS`` or with a defender's signal ``KS:gano``.  ``/play`` reads
what keyboard players type: record notation, the calls in French or English,
a suit for trump, cards for the exchange (``écart 4H 5H``) or a card to play.
"""

from __future__ import annotations

import re
from typing import Final

from bot.errors import UserError
from bot.texts.parsing import parse_card, parse_cards, plain
from games.cards import Suit
from games.hombre import Action, Kind, Signal
from games.hombre.actions import discard, play, trump

_ARGS: Final = {
    Kind.PASS: "pass",
    Kind.PRENDRE: "pr",
    Kind.SANS_PRENDRE: "sp",
    Kind.SANS_PRENDRE_VOLE: "spv",
    Kind.SHOW: "show",
    Kind.HIDE: "hide",
    Kind.STOP: "stop",
}
_BY_ARG: Final = {arg: kind for kind, arg in _ARGS.items()}
_SIGNALS: Final = {"gano": Signal.GANO, "knock": Signal.KNOCK}
_TYPED: Final = {
    "pass": Kind.PASS,
    "passe": Kind.PASS,
    "je passe": Kind.PASS,
    "prendre": Kind.PRENDRE,
    "je prends": Kind.PRENDRE,
    "take": Kind.PRENDRE,
    "sans prendre": Kind.SANS_PRENDRE,
    "sans prendre vole": Kind.SANS_PRENDRE_VOLE,
    "montrer": Kind.SHOW,
    "show": Kind.SHOW,
    "cacher": Kind.HIDE,
    "hide": Kind.HIDE,
    "stop": Kind.STOP,
    "je m'arrete": Kind.STOP,
}
_SUIT_WORDS: Final = {
    "pique": Suit.S,
    "spades": Suit.S,
    "coeur": Suit.H,
    "hearts": Suit.H,
    "carreau": Suit.D,
    "diamonds": Suit.D,
    "trefle": Suit.C,
    "clubs": Suit.C,
}
_EXCHANGE: Final = re.compile(r"^(ecart|ecarter|echange|exchange|discard)\b\s*", re.IGNORECASE)


def action_arg(action: Action) -> str:
    """The short form of a call or choice in a component id."""
    if action.kind is Kind.TRUMP:
        return f"t:{Suit(action.suit).name}"
    if action.kind is Kind.DISCARD and not action.cards:
        return "keep"
    return _ARGS[action.kind]


def action_of(arg: str) -> Action:
    """The action a button's argument stands for; ``ValueError`` for one no button carries."""
    if arg.startswith("t:"):
        return trump(Suit.parse(arg[2:]))
    if arg == "keep":
        return discard(0)
    kind = _BY_ARG.get(arg)
    if kind is None:
        raise ValueError(f"not a choice of L'Hombre: {arg!r}")
    return Action(kind)


def play_arg(card: str, signal: Signal) -> str:
    return card if signal is Signal.NONE else f"{card}:{signal.name.lower()}"


def play_of(arg: str) -> Action:
    """A card button's argument: ``KS``, or ``KS:gano`` / ``KS:knock`` with a signal."""
    card, _, word = arg.partition(":")
    signal = _SIGNALS[word] if word else Signal.NONE  # KeyError: a forged signal
    return play(parse_card(card), signal)


def parse_move(text: str) -> Action:
    """Any move typed with ``/play``: record notation first, then the players' words."""
    try:
        return Action.parse(text.strip())
    except ValueError:
        pass
    key = re.sub(r"[\s-]+", " ", plain(text).strip().lower().replace("œ", "oe"))
    if key in _TYPED:
        return Action(_TYPED[key])
    words = key.replace("atout", "").split()
    if len(words) == 1 and words[0] in _SUIT_WORDS:
        return trump(_SUIT_WORDS[words[0]])
    exchange = _EXCHANGE.match(key)
    if exchange:
        rest = key[exchange.end() :]
        return discard(sum(c.bit for c in parse_cards(rest)) if rest.strip() else 0)
    card, _, signal = key.partition(" ")
    if signal in ("", "gano", "knock"):
        try:
            return play(parse_card(card), _SIGNALS.get(signal, Signal.NONE))
        except UserError:
            pass
    cards = parse_cards(text)  # UserError naming what it cannot read
    return discard(sum(c.bit for c in cards))
