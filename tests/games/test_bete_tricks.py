"""The play obligations of La Bête (RULES.md §2 "Play"), as a table in card notation.

La Bête differs from La Bête Hombrée in one place: a player void in the suit
led who cannot overtrump a trick already trumped may play *any* card; with the
``bete_must_underruff`` option he must still play a lower trump (*pisser*).  So
each case gives the cards allowed by default and with the option.

Each case is checked three ways: against ``games.tricks.legal_plays``, against
the reference reading in ``bete_helpers`` and through a real five-player
``DealState``, where the trick is the first of a deal and the earlier cards are
played by seats that hold nothing else of the suit led or of trump (so those
cards are legal whatever the trick).
"""

from __future__ import annotations

import pytest

from games.bete import DealState, IllegalActionError, Rules
from games.bete.actions import play
from games.cards import Card, Suit, parse_cards
from games.obligations import legal_plays
from tests.games.bete_helpers import (
    complete_deal,
    mask,
    reference_legal,
    run,
    text_of,
    trick_winner,
)

SAME = None  # the option changes nothing

# (id, hand, trick so far in play order, trump, allowed, allowed with bete_must_underruff)
CASES: list[tuple[str, str, str, str, str, str | None]] = [
    # leading: anything
    ("lead-anything", "KH 10H AS 9D QC", "", "S", "KH 10H AS 9D QC", SAME),
    ("lead-all-trumps", "KS QS 8S 7S AD", "", "S", "KS QS 8S 7S AD", SAME),
    # the seed's example: an ace led, the next holding K J 10 must put at least the J
    ("seed-ace-led-king-or-jack", "KH JH 10H 8S 7D", "AH", "S", "KH JH", SAME),
    # ... and if he put the J, the next holding Q 9 must play the Q
    ("seed-jack-on-ace-queen-forced", "QH 9H 8S 7D 8D", "AH JH", "S", "QH", SAME),
    # ... but had he put the K, the next may keep the Q and give the 9
    ("seed-king-on-ace-keep-queen", "QH 9H 8S 7D 8D", "AH KH", "S", "QH 9H", SAME),
    # follow suit and beat the highest card of it in the trick
    ("follow-beat-jack", "KH 10H AS 9D QC", "JH", "S", "KH", SAME),
    ("follow-ace-is-below-jack", "AH 10H 9D QC 8C", "JH", "S", "AH 10H", SAME),
    ("follow-eight-beats-seven", "8H AD 9D QC 8C", "7H", "S", "8H", SAME),
    ("follow-two-beat", "KD QD 7D AH 8C", "JD", "S", "KD QD", SAME),
    ("follow-beat-winner-not-lead", "KH JH AH 9D QC", "10H QH", "S", "KH", SAME),
    ("follow-beat-third", "KD JD AD QC JC", "9D 10D QD", "S", "KD", SAME),
    ("follow-beat-fourth", "KD 9D 8C 7C AH", "10D QD JD 7D", "S", "KD", SAME),
    ("follow-cannot-beat-any-of-suit", "JD AD 10H QC JC", "9D 10D QD", "S", "JD AD", SAME),
    ("follow-although-trumps-held", "AH KS QS AD QC", "JH", "S", "AH", SAME),
    ("follow-discard-of-third-suit-ignored", "KD QD 10S 9C JH", "AD KC", "S", "KD QD", SAME),
    # the trick already trumped (suit led not trump): any card of the suit
    ("trumped-any-of-suit", "KH 10H AD 9D QC", "QH 9S", "S", "KH 10H", SAME),
    ("trumped-overtrumped-any-of-suit", "KH AH 9D QC KD", "10H AS JS", "S", "KH AH", SAME),
    ("trumped-diamond-trump", "QS JS AD 10D KH", "KS 7D", "D", "QS JS", SAME),
    ("trumped-fourth-seat", "KC 7C AD 9D 8H", "8C 7S QC", "S", "KC 7C", SAME),
    # void in the suit led, holding trump: trump
    ("void-trump-any", "QS 10S AD 9D QC", "KH", "S", "QS 10S", SAME),
    ("void-single-trump", "7S AD 9D QC JC", "KH", "S", "7S", SAME),
    ("void-trump-after-two", "JS 10S AD 9D QC", "KH AH", "S", "JS 10S", SAME),
    # ... and overtrump if able
    ("overtrump-one", "QS 10S AD 9D QC", "KH JS", "S", "QS", SAME),
    ("overtrump-two", "KS QS 10S AD QC", "KH AS", "S", "KS QS", SAME),
    ("overtrump-third", "KS 9S AD QC JC", "KH 10S QS", "S", "KS", SAME),
    ("overtrump-eight-on-seven", "8S AD 9D QC JC", "KH 7S", "S", "8S", SAME),
    # ... unable to overtrump: any card (with the option: a lower trump)
    ("cannot-overtrump-any", "JS 10S AD 9D QC", "KH QS", "S", "JS 10S AD 9D QC", "JS 10S"),
    ("cannot-overtrump-single", "7S AD 9D QC JC", "KH KS", "S", "7S AD 9D QC JC", "7S"),
    ("cannot-overtrump-third", "JS AS AD 9D QC", "KH 10S QS", "S", "JS AS AD 9D QC", "JS AS"),
    ("cannot-overtrump-hearts", "QH JH QD JD 10D", "AC KH", "H", "QH JH QD JD 10D", "QH JH"),
    # otherwise any card
    ("void-no-trump", "AD 9D QC JC KD", "KH", "S", "AD 9D QC JC KD", SAME),
    ("void-no-trump-trick-trumped", "AD 9D QC JC KD", "KH QS", "S", "AD 9D QC JC KD", SAME),
    # trump led
    ("trump-led-beat", "KS 10S AD 9D QC", "AS", "S", "KS", SAME),
    ("trump-led-cannot-beat", "QS 10S AD 9D QC", "KS", "S", "QS 10S", SAME),
    ("trump-led-void", "KH AD 9D QC JC", "AS", "S", "KH AD 9D QC JC", SAME),
    ("trump-led-beat-highest", "KS JS 9S AD QC", "10S AS", "S", "KS JS", SAME),
    ("trump-led-clubs", "KC 9C AD 9D 10H", "AC", "C", "KC", SAME),
]

IDS = [c[0] for c in CASES]


def _winner_bit(trick: list[Card], trump: Suit) -> int:
    return trick[trick_winner(trick, trump)].index


@pytest.mark.parametrize("underruff", [False, True], ids=["default", "underruff"])
@pytest.mark.parametrize(("hand", "trick", "trump", "allowed", "with_option"),
                         [c[1:] for c in CASES], ids=IDS)  # fmt: skip
def test_legal_plays_table(
    hand: str, trick: str, trump: str, allowed: str, with_option: str | None, underruff: bool
) -> None:
    expected = set((with_option if underruff and with_option else allowed).split())
    played = parse_cards(trick)
    trump_suit = Suit.parse(trump)
    led = int(played[0].suit) if played else -1
    winner = _winner_bit(played, trump_suit) if played else -1
    assert text_of(legal_plays(mask(hand), led, winner, int(trump_suit), underruff)) == expected
    # the reference reading of §2 used by the playouts agrees with the table
    reference = reference_legal(parse_cards(hand), played, trump_suit, underruff)
    assert {str(c) for c in reference} == expected


def _position(hand: str, trick: str, trump: str, rules: Rules) -> tuple[DealState, int]:
    """A five-player deal where the seat to act holds ``hand`` facing ``trick``
    on the first trick: dealer 0, first hand 1 declares, nobody contres."""
    played = trick.split()
    led = played[0][-1] if played else ""
    fixed: dict[int, str] = {}
    avoid: dict[int, str] = {}
    for j, card in enumerate(played):
        fixed[1 + j] = card
        if j:  # nothing else of the suit led or of trump: the card is legal
            avoid[1 + j] = led + trump
    acting = (1 + len(played)) % 5
    fixed[acting] = hand
    hands, talon = complete_deal(5, fixed, trump, avoid=avoid)
    state = DealState(rules, 0, hands, talon, round_start=True)
    assert state.trump_card.suit.name == trump
    run(state, ["1 play-contract", "2 pass", "3 pass", "4 pass", "0 pass"])
    run(state, [f"{1 + j} play {c}" for j, c in enumerate(played)])
    return state, acting


@pytest.mark.parametrize("underruff", [False, True], ids=["default", "underruff"])
@pytest.mark.parametrize(("hand", "trick", "trump", "allowed", "with_option"),
                         [c[1:] for c in CASES], ids=IDS)  # fmt: skip
def test_play_obligations_in_a_deal(
    hand: str, trick: str, trump: str, allowed: str, with_option: str | None, underruff: bool
) -> None:
    expected = set((with_option if underruff and with_option else allowed).split())
    state, acting = _position(hand, trick, trump, Rules(bete_must_underruff=underruff))
    assert state.turn == acting
    assert {str(a.card) for a in state.legal_actions()} == expected
    for card in parse_cards(hand):
        assert state.is_legal(play(card), acting) == (str(card) in expected)
        if str(card) not in expected:
            with pytest.raises(IllegalActionError, match="obligation"):
                state.copy().apply(play(card), acting)


def test_a_card_not_held_is_refused() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S", Rules())
    with pytest.raises(IllegalActionError, match="not in this hand"):
        state.apply(play(Card.parse("QH")), acting)


def test_only_the_seat_to_act_may_play() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S", Rules())
    other = (acting + 1) % 5
    assert state.check(play(Card.parse("KH")), other) is not None
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply(play(Card.parse("KH")), other)


def test_words_are_refused_during_the_play() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S", Rules())
    for word in ("pass", "play-contract", "contre", "curieuse"):
        with pytest.raises(IllegalActionError, match="only 'play C'"):
            run(state.copy(), [f"{acting} {word}"])
