"""L'Hombre's cards and card play (RULES.md §3): the 40-card deck, the strength
orders of plain suits and trumps, the black aces in trump, the matador privilege.

Cards are bit numbers of ``games.cards`` (``16 * suit + rank``).  Which suit a
card follows and how strong it is depend on the trump, so they are tables of
``HombreTricks``, the game's ``TrickRules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from games.cards import Card, Rank, Suit, deck_mask
from games.dealing import Deck
from games.duties import Duty, Must
from games.options import coerce_options, options_from_dict, options_to_dict

SEATS: Final = 3
HAND_SIZE: Final = 9
TALON_SIZE: Final = 13
TRICKS: Final = 9
MAX_POULES: Final = 50
RANKS: Final = (
    Rank.K,
    Rank.Q,
    Rank.J,
    Rank.A,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.THREE,
    Rank.TWO,
)
DECK: Final = Deck(RANKS)
DECK_MASK: Final = deck_mask(RANKS)

ESPADILLE: Final = Card(Suit.S, Rank.A).index
BASTE: Final = Card(Suit.C, Rank.A).index
BLACK: Final = (Suit.S, Suit.C)

# plain suits, strongest first
_PLAIN_BLACK: Final = (Rank.K, Rank.Q, Rank.J, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
                       Rank.THREE, Rank.TWO)  # fmt: skip
_PLAIN_RED: Final = (Rank.K, Rank.Q, Rank.J, Rank.A, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE,
                     Rank.SIX, Rank.SEVEN)  # fmt: skip
# trumps after espadille, manille, baste (and the red ponte), strongest first
_TRUMP_BLACK: Final = (Rank.K, Rank.Q, Rank.J, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
                       Rank.THREE)  # fmt: skip
_TRUMP_RED: Final = (Rank.K, Rank.Q, Rank.J, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)


@dataclass(frozen=True, slots=True)
class Rules:
    """Table options of L'Hombre; the defaults are RULES.md §3 as written."""

    espadille_forcee: bool = False  # all pass: the holder of A♠ plays, en prenant
    poules: int = 0  # poules won by a hombre that end a session (0: no agreed end)
    jouer_les_coups: bool = False  # then 3 more deals each, or until the first bête

    def __post_init__(self) -> None:
        coerce_options(self)
        if isinstance(self.poules, bool) or not isinstance(self.poules, int):
            raise ValueError(f"option poules takes a whole number, not {self.poules!r}")
        if not 0 <= self.poules <= MAX_POULES:
            raise ValueError(f"option poules takes 0 to {MAX_POULES}, not {self.poules}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options as written in a record; unknown names and values are errors."""
        return options_from_dict(cls, data)

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        return options_to_dict(self, only_changed)


def trump_order(trump: Suit | int) -> tuple[int, ...]:
    """The trumps of ``trump`` as bit numbers, strongest first (11 black, 12 red)."""
    suit = Suit(trump)
    if suit in BLACK:
        manille = Card(suit, Rank.TWO).index
        rest = [Card(suit, r).index for r in _TRUMP_BLACK]
        return (ESPADILLE, manille, BASTE, *rest)
    manille = Card(suit, Rank.SEVEN).index
    ponte = Card(suit, Rank.A).index
    rest = [Card(suit, r).index for r in _TRUMP_RED]
    return (ESPADILLE, manille, BASTE, ponte, *rest)


def plain_order(suit: Suit | int, trump: Suit | int) -> tuple[int, ...]:
    """The cards of a plain (non-trump) ``suit``, strongest first (no black ace)."""
    s = Suit(suit)
    ranks = _PLAIN_BLACK if s in BLACK else _PLAIN_RED
    return tuple(Card(s, r).index for r in ranks)


def _mask(indexes: tuple[int, ...]) -> int:
    mask = 0
    for i in indexes:
        mask |= 1 << i
    return mask


class HombreTricks:
    """Following and taking under one trump: effective suits, strengths, matadors."""

    __slots__ = ("matadors", "power", "suit", "suit_masks", "trump", "trump_mask", "trumps")

    def __init__(self, trump: Suit | int) -> None:
        self.trump = int(trump)
        self.trumps = trump_order(trump)
        self.trump_mask = _mask(self.trumps)
        self.matadors = _mask(self.trumps[:3])
        self.power = [-1] * 64  # higher is stronger; trumps above every plain card
        self.suit = [-1] * 64  # the suit a card belongs to for following
        self.suit_masks = [0] * 4
        for n, index in enumerate(self.trumps):
            self.power[index] = 100 - n
            self.suit[index] = self.trump
        self.suit_masks[self.trump] = self.trump_mask
        for s in Suit:
            if s == self.trump:
                continue
            order = plain_order(s, trump)
            for n, index in enumerate(order):
                self.power[index] = 20 - n
                self.suit[index] = int(s)
            self.suit_masks[s] = _mask(order)

    def is_trump(self, card: int) -> bool:
        return bool(self.trump_mask >> card & 1)

    def legal(self, hand: int, lead: int, winner: int) -> int:
        if lead < 0:
            return hand
        follow = hand & self.suit_masks[self.suit[lead]]
        if not follow:
            return hand
        if self.suit[lead] != self.trump:
            return follow
        if follow & ~self.matadors:  # a plain trump: any trump
            return follow
        lower = self._lower_matadors(follow, lead)
        return lower or hand

    def _lower_matadors(self, matadors: int, lead: int) -> int:
        """The matadors of ``matadors`` that the matador ``lead`` forces (0 if none)."""
        if not self.matadors >> lead & 1:
            return 0
        power = self.power[lead]
        forced = 0
        for index in self.trumps[:3]:
            if matadors >> index & 1 and self.power[index] < power:
                forced |= 1 << index
        return forced

    def beats(self, card: int, winner: int) -> bool:
        power = self.power
        if self.trump_mask >> card & 1:
            return not self.trump_mask >> winner & 1 or power[card] > power[winner]
        return self.suit[card] == self.suit[winner] and power[card] > power[winner]

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        if lead < 0:
            return Duty(Must.ANY)
        suit = self.suit[lead]
        follow = hand & self.suit_masks[suit]
        trump = Suit(self.trump)
        if not follow:
            return Duty(Must.ANY)
        if suit != self.trump:
            return Duty(Must.FOLLOW_NOT_TRUMP, Suit(suit), trump=trump)
        if follow & ~self.matadors:
            return Duty(Must.TRUMP_LED, trump, trump=trump)
        return Duty(Must.LOWER_MATADOR, trump, Card.from_index(lead), trump)

    def matador_run(self, hand: int) -> int:
        """How many trumps ``hand`` holds in an unbroken run from the espadille."""
        run = 0
        for index in self.trumps:
            if not hand >> index & 1:
                break
            run += 1
        return run


# one rules object per trump, shared (it is never changed once built)
_BY_TRUMP: Final = {int(s): HombreTricks(s) for s in Suit}


def trick_rules(trump: Suit | int) -> HombreTricks:
    """The card play's rules object under ``trump``."""
    return _BY_TRUMP[int(trump)]


def defenders_of(hombre: int) -> tuple[int, int]:
    """The hombre's two defenders: the one on his right, then the other."""
    return ((hombre + 1) % SEATS, (hombre + 2) % SEATS)
