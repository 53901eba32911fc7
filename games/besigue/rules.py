"""Bésigue's options, cards and card play (RULES.md §4).

Two to four players, one pack of 32 cards (A 10 K Q J 9 8 7) per player, so
identical cards are frequent: they are distinct bits of ``games.cards`` (one
per pack) of equal strength, and of two equal cards the first played wins
(``games.tricks``).  The strength order is the same in every suit, trump
included: A > 10 > K > Q > J > 9 > 8 > 7.

The card play has two regimes, each a ``games.tricks.TrickRules``: while the
stock lasts any card may be played (``phase 1``); once it is empty one must
follow suit, and void, trump and overtrump (``phase 2``, with the option
``phase2_must_win`` also beating the best card of the suit led).  One rules
object per (trump, phase, must-win) is built once and shared (``trick_rules``).

The game as played in Haiti (RULES.md §4.1) is a variant of the same game
(``variant=haiti``): the same options object says so, with the variant's own
options; its cards, combinations and card play are in ``games.besigue.haiti``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Final

from games.cards import (
    MAX_PACKS,
    PACK_BITS,
    SUIT_BITS,
    Card,
    Rank,
    Suit,
    rank_of,
    suit_mask,
    suit_of,
)
from games.dealing import Deck
from games.duties import Duty, Must
from games.options import coerce_options, options_from_dict, options_to_dict

MIN_SEATS: Final = 2

MAX_SEATS: Final = 4
PARTNERSHIP_PLAYERS: Final = 4  # partnerships play at four only (RULES.md §4)
RANKS: Final = (Rank.A, Rank.TEN, Rank.K, Rank.Q, Rank.J, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
TARGETS: Final = (600, 1000, 1500, 2000)
HAND_SIZES: Final = (8, 9, 10)
LAST_TRICK: Final = 10
BRISQUE: Final = 10  # each ace and ten in a player's tricks at the end of the deal
BRISQUE_MIN_SCORE: Final = 100  # with 3 or more players: the score needed for brisques...
BRISQUE_MIN_CARDS: Final = 8  # ...and the brisques needed in one's tricks
EN_BAS_TABLE: Final = 750  # a loser under this: the game counts double

# strength inside a suit, higher is stronger (by Rank value; ranks not played: 0)
_RANK_VALUES: Final = [int(r) for r in RANKS]
STRENGTH: Final = tuple(
    len(RANKS) - _RANK_VALUES.index(r) if r in _RANK_VALUES else 0 for r in range(SUIT_BITS)
)
ALL_BITS: Final = PACK_BITS * MAX_PACKS


class Variant(StrEnum):
    """The game as RULES.md §4 says it, or as it is played in Haiti (§4.1)."""

    CLASSIC = "classic"
    HAITI = "haiti"


class TrumpBy(StrEnum):
    """Haiti: what fixes trump (RULES.md §4.1 "Trump")."""

    MARRIAGE = "marriage"  # the first marriage laid
    TURNED = "turned"  # a card turned after the deal


class Seven(StrEnum):
    """Haiti: who scores the 7 of trump played to a trick."""

    PLAYER = "player"  # the player who plays it
    WINNER = "winner"  # the winner of the trick, for each one in it
    NONE = "none"


class Brisques(StrEnum):
    """Haiti: how the aces and tens taken count at the end of a deal."""

    EACH = "each"  # 10 each
    MAJORITY = "majority"  # the side with the most scores them, the others lose 200


HAITI_PACKS: Final = 4  # four packs of 32 and four jokers, whatever the number of players
HAITI_HAND: Final = 9
HAITI_TARGET: Final = 1000
HAITI_ONLY: Final = (
    "trump",
    "trump_marriage",
    "first_besigue",
    "jokers_per_quartet",
    "seven",
    "brisques",
)
CLASSIC_ONLY: Final = ("reuse", "phase2_must_win")


def packs_for(players: int, variant: Variant = Variant.CLASSIC) -> int:
    """The packs of 32 a game of ``players`` plays with: one each (four in Haiti)."""
    return HAITI_PACKS if variant is Variant.HAITI else players


def deck_for(players: int, variant: Variant = Variant.CLASSIC) -> Deck:
    """The cards of a game of ``players`` (in Haiti, 132 with the jokers)."""
    packs = packs_for(players, variant)
    return Deck(RANKS, packs=packs, jokers=packs if variant is Variant.HAITI else 0)


def card_order(card: Card) -> tuple[int, int, int]:
    """The order cards are written in: by suit (S H D C), strongest first, then pack;
    jokers last."""
    if card.rank is Rank.JOKER:
        return (len(Suit), 0, card.copy)
    return (card.suit, -STRENGTH[card.rank], card.copy)


def is_brisque(index: int) -> bool:
    """Whether a card (bit number, any pack) is an ace or a ten."""
    return rank_of(index) in (Rank.A, Rank.TEN)


class Reuse(StrEnum):
    """Which laid cards may serve again (RULES.md §4 "Combinations")."""

    KIND = "kind"  # in any combination of another kind
    CLASS = "class"  # ...and never in a lower one of the same family (English rules)


@dataclass(frozen=True, slots=True)
class Rules:
    """Table options of Bésigue; the defaults are RULES.md §4 as written.

    ``target`` 0 is the rules' target for the number of players
    (``target_for``); ``partnerships`` only plays with four players (seats 0
    and 2 against 1 and 3): with two or three it changes nothing.

    ``variant=haiti`` is the game of RULES.md §4.1, with its own options
    (``HAITI_ONLY``, refused in the classic game; ``reuse`` and
    ``phase2_must_win`` are the classic game's only): 9 cards a hand, and a
    target of 1000 unless said.
    """

    target: int = 0
    hand_size: int = 8
    reuse: Reuse = Reuse.KIND
    phase2_must_win: bool = False
    partnerships: bool = False
    variant: Variant = Variant.CLASSIC
    trump: TrumpBy = TrumpBy.MARRIAGE
    trump_marriage: int = 40
    first_besigue: int = 40
    jokers_per_quartet: int = 1
    seven: Seven = Seven.PLAYER
    brisques: Brisques = Brisques.EACH

    def __post_init__(self) -> None:
        coerce_options(self)
        for name, allowed in (
            ("target", (0, *TARGETS)),
            ("hand_size", HAND_SIZES),
            ("trump_marriage", (40, 100)),
            ("first_besigue", (40, 100)),
            ("jokers_per_quartet", (1, 2, 3)),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name} takes a whole number, not {value!r}")
            if value not in allowed:
                words = ", ".join(str(a) for a in allowed)
                raise ValueError(f"option {name} takes one of {words}, not {value}")
        default = {f.name: f.default for f in fields(self)}
        if self.variant is Variant.HAITI:
            for name in CLASSIC_ONLY:
                if getattr(self, name) != default[name]:
                    raise ValueError(f"option {name} is not one of variant=haiti")
            if self.hand_size not in (default["hand_size"], HAITI_HAND):
                raise ValueError(f"variant=haiti deals {HAITI_HAND} cards, not {self.hand_size}")
            object.__setattr__(self, "hand_size", HAITI_HAND)
            object.__setattr__(self, "target", self.target or HAITI_TARGET)
        else:
            for name in HAITI_ONLY:
                if getattr(self, name) != default[name]:
                    raise ValueError(f"option {name} is one of variant=haiti only")

    @property
    def haiti(self) -> bool:
        return self.variant is Variant.HAITI

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options as written in a record; unknown names and values are errors."""
        rules = options_from_dict(cls, data)
        if rules.haiti and data.get("hand_size", HAITI_HAND) != HAITI_HAND:
            raise ValueError(f"variant=haiti deals {HAITI_HAND} cards, not {data['hand_size']}")
        return rules

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        """As written in a record; the Haitian game's without the classic options."""
        data = options_to_dict(self, only_changed)
        if self.haiti:
            for name in CLASSIC_ONLY:
                data.pop(name, None)
        else:
            for name in ("variant", *HAITI_ONLY):
                data.pop(name, None)
        return data

    def target_for(self, players: int) -> int:
        """The score that ends the game: the option, else 1000 for two, 600 for more
        (in Haiti 1000 whatever the number of players)."""
        if self.target:
            return self.target
        return 1000 if players == 2 else 600

    def teams_for(self, players: int) -> tuple[int, ...]:
        """The side each seat scores for: seat ``s`` for ``s % 2`` with partnerships
        at four, else every seat for itself."""
        if plays_in_partnerships(self.partnerships, players):
            return tuple(s % 2 for s in range(players))
        return tuple(range(players))


def plays_in_partnerships(partnerships: bool, players: int) -> bool:
    """Whether the ``partnerships`` option plays with ``players``: at four only (RULES.md
    §4); with fewer, each plays for himself."""
    return partnerships and players == PARTNERSHIP_PLAYERS


def _stronger_masks() -> tuple[int, ...]:
    """For each card, every card of its suit (any pack) strictly stronger."""
    out = [0] * ALL_BITS
    for index in range(ALL_BITS):
        strength = STRENGTH[rank_of(index)]
        if not strength:
            continue
        suit = suit_of(index)
        mask = 0
        for rank in RANKS:
            if STRENGTH[rank] > strength:
                for copy in range(MAX_PACKS):
                    mask |= Card(Suit(suit), rank, copy).bit
        out[index] = mask
    return tuple(out)


STRONGER: Final = _stronger_masks()
SUITS: Final = tuple(suit_mask(s, MAX_PACKS) for s in Suit)  # every pack's cards of a suit


class BesigueTricks:
    """Following and taking under one trump, in one phase (``TrickRules``)."""

    __slots__ = ("must_win", "phase2", "trump", "trump_mask")

    def __init__(self, trump: Suit | int, phase2: bool, must_win: bool = False) -> None:
        self.trump = int(trump)
        self.trump_mask = SUITS[self.trump]
        self.phase2 = phase2
        self.must_win = must_win and phase2

    def beats(self, card: int, winner: int) -> bool:
        suit, winner_suit = suit_of(card), suit_of(winner)
        if suit == winner_suit:
            return STRENGTH[rank_of(card)] > STRENGTH[rank_of(winner)]
        return suit == self.trump

    def legal(self, hand: int, lead: int, winner: int) -> int:
        if lead < 0 or not self.phase2:
            return hand
        led = suit_of(lead)
        follow = hand & SUITS[led]
        if follow:
            if self.must_win and suit_of(winner) == led:
                return follow & STRONGER[winner] or follow
            return follow
        trumps = hand & self.trump_mask
        if not trumps:
            return hand
        if suit_of(winner) == self.trump:
            return trumps & STRONGER[winner] or trumps
        return trumps

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        if lead < 0 or not self.phase2:
            return Duty(Must.ANY)
        led = Suit(suit_of(lead))
        trump = Suit(self.trump)
        follow = hand & SUITS[led]
        if follow:
            if self.must_win and suit_of(winner) == led and follow & STRONGER[winner]:
                return Duty(Must.FOLLOW_BEAT, led, Card.from_index(winner))
            return Duty(Must.FOLLOW, led)
        trumps = hand & self.trump_mask
        if trumps:
            if suit_of(winner) == self.trump and trumps & STRONGER[winner]:
                return Duty(Must.OVERTRUMP, led, Card.from_index(winner), trump)
            return Duty(Must.TRUMP, led, trump=trump)
        return Duty(Must.ANY)


_BY_KEY: Final = {
    (int(s), phase2, must_win): BesigueTricks(s, phase2, must_win)
    for s in Suit
    for phase2 in (False, True)
    for must_win in (False, True)
}


def trick_rules(trump: Suit | int, phase2: bool, must_win: bool = False) -> BesigueTricks:
    """The card play's rules object under ``trump`` in phase 1 or 2 (shared)."""
    return _BY_KEY[int(trump), phase2, must_win and phase2]
