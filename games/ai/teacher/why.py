"""One line of why a hint's best move is best, where a rule of thumb explains it.

Only facts the seat's own view shows, and only a few: a card that takes the
trick when nobody plays after it, a card led that no card still out can beat,
how many trumps are still out (said "the talon is shown" where the rest of
L'Hombre's talon lies face up; never while one of them could lie in a talon, a
cagnot or a discard instead: the count would not be so).  A line names no card
but the seat's own: the trumps still out are counted, not named (which they are
follows from the view, but a message never names a card its reader does not hold
or see).  A game registers how it reads a view into a ``TrickSense``
(``register_explainer``); a decision that is not a card played, or a game that
registered nothing, has no line: better none than one that is not so.

The line is a reason (the catalogue's ``why.<reason>``) and its cards: the bot
words it in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.knowledge import Knowledge
from games.cards import Card, bits_of
from games.tricks import TrickRules, trick_winner


@dataclass(frozen=True, slots=True)
class Why:
    """Why the best move is best, in a catalogue reason and the cards it names."""

    reason: str
    cards: tuple[Card, ...] = ()  # the seat's own cards it names
    count: int = 0  # the trumps still out


@dataclass(frozen=True, slots=True)
class TrickSense:
    """What a seat to play a card sees: cards are bit numbers, sets bit sets."""

    legal: tuple[int, ...]  # the cards it may play
    out: int  # the cards that may lie in the other hands (neither its own nor seen gone)
    trumps: int  # the deal's trumps (0: none named)
    trick: tuple[int, ...]  # the cards on the table, in play order
    rules: TrickRules
    last: bool  # the seat plays the trick's last card
    shown: bool = False  # the rest of the talon lies face up (L'Hombre)
    unsure: int = 0  # of ``out``, the cards that may as well lie out of play (a talon)


# a game's reading of a view and the card a move plays (None: not a card played)
Explainer = Callable[[Any, Any], tuple[TrickSense, int] | None]

_EXPLAINERS: dict[str, Explainer] = {}


def register_explainer(game: str, explainer: Explainer) -> None:
    """A game's reading of its views for the rules of thumb (its players register it)."""
    _EXPLAINERS[game] = explainer


def sense_of(game: str, view: Any, move: Any) -> tuple[TrickSense, int] | None:
    """``game``'s reading of ``view`` and the card ``move`` plays (None: no card played,
    or no reading registered)."""
    explainer = _EXPLAINERS.get(game)
    return explainer(view, move) if explainer is not None else None


def explain(game: str, view: Any, best: Any) -> Why | None:
    """The line of why ``best`` (a move of ``view``) is best, or None."""
    read = sense_of(game, view, best)
    return None if read is None else card_play_why(*read)


def card_play_why(sense: TrickSense, card: int) -> Why | None:
    """Why ``card`` is the card to play, as far as a rule of thumb says it."""
    rules = sense.rules
    if sense.trick and sense.last:
        winner = trick_winner(sense.trick, rules)
        takers = [c for c in sense.legal if rules.beats(c, winner)]
        if card in takers and len(takers) < len(sense.legal):
            return Why("takes_last", (Card.from_index(card),))
    if not sense.trick and not any(rules.beats(c, card) for c in bits_of(sense.out)):
        return Why("master", (Card.from_index(card),))
    if not sense.trumps:
        return None
    left = (sense.out & sense.trumps).bit_count()
    if not left:
        return Why("no_trump_left")
    if sense.out & sense.trumps & sense.unsure:  # some may lie in a talon: no count is so
        return None
    return Why("trumps_left_shown" if sense.shown else "trumps_left", count=left)


def in_other_hands(knowledge: Knowledge) -> int:
    """The cards ``knowledge``'s seat has not seen that may lie in another seat's hand
    (not those only the out pile may hold: a discard, the talon), as a bit set."""
    hands = ((1 << knowledge.out) - 1) & ~(1 << knowledge.seat)
    cards = 0
    for card, allowed in zip(knowledge.cards, knowledge.allowed, strict=True):
        if allowed & hands:
            cards |= 1 << card
    for seat, fixed in enumerate(knowledge.fixed[: knowledge.out]):
        if seat != knowledge.seat:
            cards |= fixed
    return cards


def maybe_out_of_play(knowledge: Knowledge) -> int:
    """Of ``in_other_hands``, the cards that may as well lie in the out pile (a talon,
    a discard): where they are, the seat cannot know."""
    hands = ((1 << knowledge.out) - 1) & ~(1 << knowledge.seat)
    cards = 0
    for card, allowed in zip(knowledge.cards, knowledge.allowed, strict=True):
        if allowed & hands and allowed >> knowledge.out & 1:
            cards |= 1 << card
    return cards


def played_cards(trick: Sequence[tuple[int, Card]]) -> tuple[int, ...]:
    """A trick in progress's cards, as bit numbers in play order."""
    return tuple(card.index for _, card in trick)


__all__ = [
    "Explainer",
    "TrickSense",
    "Why",
    "card_play_why",
    "explain",
    "in_other_hands",
    "maybe_out_of_play",
    "played_cards",
    "register_explainer",
    "sense_of",
]
