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
from games.cards import Card, Suit
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
_TYPED: Final = {  # the words as typed, buttons' labels among them (``typed_keys``)
    "pass": Kind.PASS,
    "passe": Kind.PASS,
    "passer": Kind.PASS,  # as /rules names the calls
    "je passe": Kind.PASS,
    "prendre": Kind.PRENDRE,
    "prends": Kind.PRENDRE,
    "je prends": Kind.PRENDRE,
    "take": Kind.PRENDRE,
    "sans prendre": Kind.SANS_PRENDRE,
    "sans prendre vole": Kind.SANS_PRENDRE_VOLE,
    "vole": Kind.SANS_PRENDRE_VOLE,  # the only call that says it
    "montrer": Kind.SHOW,
    "montrer le talon": Kind.SHOW,
    "show": Kind.SHOW,
    "show the talon": Kind.SHOW,
    "cacher": Kind.HIDE,
    "cacher le talon": Kind.HIDE,
    "hide": Kind.HIDE,
    "hide the talon": Kind.HIDE,
    "stop": Kind.STOP,
    "je m'arrete": Kind.STOP,
    "m'arreter": Kind.STOP,
    "arreter": Kind.STOP,
}
# keeping one's hand at the exchange: discarding nothing
_KEEP: Final = frozenset(
    ("garder", "garder ma main", "je garde", "je garde ma main", "keep", "keep my hand")
)
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
_SUIT_SIGNS: Final = {"♠": Suit.S, "♥": Suit.H, "♦": Suit.D, "♣": Suit.C}
_SIGNAL_WORDS: Final = {
    "gano": Signal.GANO,
    "knock": Signal.KNOCK,
    "toc": Signal.KNOCK,
    "frappe": Signal.KNOCK,
}
_EXCHANGE: Final = re.compile(r"^(ecart|ecarter|echange|exchange|discard)\b\s*", re.IGNORECASE)
_GLOSS: Final = re.compile(r"\([^)]*\)")  # "Prendre (take)": the English beside the word
# what separates words, as typed or on a button: "Sans prendre, vole", "K♠ · Knock"
_BETWEEN: Final = re.compile(r"[^\w\s'♠♥♦♣]+|[\s-]+")


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


def typed_keys(text: str) -> list[str]:
    """What a player typed, as the keys looked up: without accents, in lower case, the
    punctuation gone; its brackets' words kept first ("7♣ (Gaño)", as the /play choices
    write a signal), then dropped as a gloss ("Prendre (take)")."""
    key = plain(text).lower().replace("œ", "oe").replace("’", "'")
    keys = [key, _GLOSS.sub(" ", key)]
    return list(dict.fromkeys(" ".join(_BETWEEN.sub(" ", k).split()) for k in keys))


def parse_move(text: str) -> Action:
    """Any move typed with ``/play``: record notation first, then the players' words
    (the labels of the bot's buttons among them); ``UserError`` if it is no move."""
    try:
        return Action.parse(text.strip())
    except ValueError:
        pass
    keys = typed_keys(text)
    for key in keys:
        action = worded_move(key)
        if action is not None:
            return action
    exchange = _EXCHANGE.match(keys[0])
    if exchange:  # cards to discard: the refusal names the card not read, or asks for them
        rest = keys[0][exchange.end() :]
        if not rest.strip():
            raise UserError("hombre.error.discard_which")
        parse_cards(rest)
    raise UserError("error.bad_input", text=text[:40])


def worded_move(key: str) -> Action | None:
    """The move a key of ``typed_keys`` says, or None."""
    if key in _TYPED:
        return Action(_TYPED[key])
    if key in _KEEP:
        return discard(0)
    suit = named_suit(key)
    if suit is not None:
        return trump(suit)
    exchange = _EXCHANGE.match(key)
    if exchange:  # with its cards: "écart" alone is no choice to keep one's hand ("garder")
        rest = key[exchange.end() :]
        try:
            return discard(sum(c.bit for c in parse_cards(rest))) if rest.strip() else None
        except UserError:
            return None
    card, _, signal = key.partition(" ")
    if signal in ("", *_SIGNAL_WORDS):
        try:
            return play(parse_card(card), _SIGNAL_WORDS.get(signal, Signal.NONE))
        except UserError:
            pass
    try:  # cards alone: the exchange's discard
        return discard(sum(c.bit for c in parse_cards(key)))
    except UserError:
        return None


def discard_typed(text: str) -> tuple[list[Card], str] | None:
    """A discard being typed card by card (``écart 4H 5``, ``4H 5H``): the cards read so
    far, and the last word when it is not (yet) a card; None when it is no discard."""
    key = typed_keys(text)[0]
    exchange = _EXCHANGE.match(key)
    words = key[exchange.end() :].split() if exchange else key.split()
    cards: list[Card] = []
    for i, word in enumerate(words):
        try:
            card = parse_card(word)
        except UserError:
            return (cards, word) if i == len(words) - 1 else None
        if card in cards:
            return None
        cards.append(card)
    return cards, ""


def named_suit(key: str) -> Suit | None:
    """The suit a key names for trump: "pique", "♠", "♠ pique", "atout ♠ pique"."""
    words = [w for w in key.split() if w not in ("atout", "trump")]
    suits = {_SUIT_WORDS.get(w, _SUIT_SIGNS.get(w)) for w in words}
    if len(words) in (1, 2) and len(suits) == 1 and None not in suits:
        return suits.pop()
    return None
