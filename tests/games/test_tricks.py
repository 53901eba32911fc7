"""The play obligations of RULES.md §1.5, as a table in card notation.

Each case is (hand, trick so far, trump, the cards the rules allow).  It is
checked twice: against ``games.tricks.legal_plays`` directly, and through a
real ``HandState`` where the trick is the first of a hand reached by an
auction and a declaration, with the earlier cards played by seats whose hands
make those cards legal.
"""

from __future__ import annotations

import pytest

from games.bete_hombree import IllegalActionError
from games.bete_hombree.actions import play
from games.cards import Card, Suit, parse_cards
from games.obligations import NO_TRUMP, beats, legal_plays
from games.refusals import Rule
from tests.games.helpers import (
    complete_deal,
    mask,
    new_hand,
    reference_legal,
    run,
    text_of,
    trick_winner,
)

# (id, hand, trick so far in play order, trump, expected legal cards)
CASES = [
    # leading: anything
    ("lead-anything", "KH 10H AS 9D QC", "", "S", "KH 10H AS 9D QC"),
    ("lead-trump-held", "KS QS JS AD 9C", "", "S", "KS QS JS AD 9C"),
    # 1. holding the suit led: follow, and beat the highest card of it if able
    ("follow-beat-one", "KH 10H AS 9D QC", "JH", "S", "KH"),
    ("follow-beat-two", "KH QH 10H 9D QC", "AH", "S", "KH QH"),
    ("follow-cannot-beat", "AH 10H 9D QC JS", "QH", "S", "AH 10H"),
    ("follow-beat-the-winner-not-the-lead", "KH JH AH 9D QC", "10H QH", "S", "KH"),
    ("follow-winner-unbeatable", "QH JH AD 9D QC", "10H KH", "S", "QH JH"),
    ("follow-beat-third-seat", "KD JD AD QC JC", "9D 10D QD", "S", "KD"),
    ("follow-cannot-beat-third-seat", "JD AD 10H QC JC", "9D 10D QD", "S", "JD AD"),
    ("follow-although-trumps-held", "AH KS QS AD QC", "JH", "S", "AH"),
    ("follow-beat-although-trumps-held", "KH QS JS AD QC", "AH", "S", "KH"),
    ("follow-discard-of-third-suit-ignored", "KD QD 10S 9C JH", "AD KC", "S", "KD QD"),
    # 1. ... unless the trick is already trumped: any card of the suit
    ("trumped-any-of-suit", "KH 10H AD 9D QC", "QH 9S", "S", "KH 10H"),
    ("trumped-overtrumped-any-of-suit", "KH AH 9D QC KD", "10H AS JS", "S", "KH AH"),
    ("trumped-diamond-trump", "QS JS AD 10D KH", "KS 9D", "D", "QS JS"),
    # 2. void in the suit led, holding trump: trump
    ("void-trump-any", "QS 10S AD 9D QC", "KH", "S", "QS 10S"),
    ("void-single-trump", "9S AD 9D QC JC", "KH", "S", "9S"),
    ("void-trump-diamonds", "AD 10D KH QH JC", "KS", "D", "AD 10D"),
    ("void-trump-after-two", "JS 10S AD 9D QC", "KH AH", "S", "JS 10S"),
    # 2. ... overtrump a trump already in the trick if able
    ("overtrump-one", "QS 10S AD 9D QC", "KH JS", "S", "QS"),
    ("overtrump-two", "KS QS 10S AD QC", "KH AS", "S", "KS QS"),
    ("overtrump-third-seat", "KS 9S AD QC JC", "KH 10S QS", "S", "KS"),
    # 2. ... unable to overtrump: still a lower trump (pisser)
    ("pisser-two", "JS 10S AD 9D QC", "KH QS", "S", "JS 10S"),
    ("pisser-single", "9S AD 9D QC JC", "KH KS", "S", "9S"),
    ("pisser-third-seat", "JS AS AD 9D QC", "KH 10S QS", "S", "JS AS"),
    ("pisser-hearts-trump", "QH JH QD JD 10D", "AC KH", "H", "QH JH"),
    # 3. otherwise any card
    ("void-no-trump", "AD 9D QC JC KD", "KH", "S", "AD 9D QC JC KD"),
    ("void-no-trump-trick-trumped", "AD 9D QC JC KD", "KH QS", "S", "AD 9D QC JC KD"),
    # trump led
    ("trump-led-beat", "KS 10S AD 9D QC", "AS", "S", "KS"),
    ("trump-led-cannot-beat", "QS 10S AD 9D QC", "KS", "S", "QS 10S"),
    ("trump-led-void", "KH AD 9D QC JC", "AS", "S", "KH AD 9D QC JC"),
    ("trump-led-beat-highest", "KS JS 9S AD QC", "10S AS", "S", "KS JS"),
    ("trump-led-overtrumped-beat", "KS 10S AH QC JC", "JS QS", "S", "KS"),
    ("trump-led-clubs", "KC 9C AD 9D 10H", "AC", "C", "KC"),
]


def _winner_bit(trick: list[Card], trump: Suit) -> int:
    return trick[trick_winner(trick, trump)].index


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_legal_plays_table(hand: str, trick: str, trump: str, expected: str) -> None:
    played = parse_cards(trick)
    trump_suit = Suit.parse(trump)
    led = played[0].suit if played else -1
    winner = _winner_bit(played, trump_suit) if played else -1
    legal = legal_plays(mask(hand), int(led), winner, int(trump_suit), True)
    assert text_of(legal) == set(expected.split())
    # the reference used by the random playouts reads the table the same way
    reference = reference_legal(parse_cards(hand), played, trump_suit)
    assert {str(c) for c in reference} == set(expected.split())


def _position(hand: str, trick: str, trump: str):
    """A real hand where the seat to act holds ``hand`` facing ``trick`` on trick 1."""
    played = trick.split()
    used = parse_cards(hand) + parse_cards(trick)
    nines = {c.suit.name for c in used if c.rank.text == "9"}
    belle = trump if trump not in nines else next(s for s in "SHDC" if s not in nines)
    led = played[0][-1] if played else ""
    fixed = {1: played[0]} if played else {}
    avoid: dict[int, str] = {}
    for j, card in enumerate(played[1:], start=2):
        fixed[j] = card
        avoid[j] = led + trump  # void in the suit led and in trump: any card is legal
    acting = (1 + len(played)) % 4
    fixed[acting] = hand
    hands, cagnot = complete_deal(belle, fixed, avoid=avoid)
    state = new_hand(hands, cagnot, dealer=0, belle=belle)
    bid = "bid 2 belle" if trump == belle else "bid 2"
    run(state, [f"1 {bid}", "2 pass", "3 pass", "0 pass", f"1 declare 2 {trump}"])
    run(state, [f"{(1 + j) % 4} play {c}" for j, c in enumerate(played)])
    return state, acting


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_play_obligations_in_a_hand(hand: str, trick: str, trump: str, expected: str) -> None:
    state, acting = _position(hand, trick, trump)
    assert state.turn == acting
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {f"play {c}" for c in expected.split()}
    allowed = set(expected.split())
    for card in parse_cards(hand):
        action = play(card)
        assert state.is_legal(action, acting) == (str(card) in allowed), card
        if str(card) not in allowed:
            with pytest.raises(IllegalActionError):
                state.copy().apply(action, acting)
    # the seat's own view offers exactly the same cards
    assert {str(a) for a in state.view(acting).legal} == legal


def test_card_not_in_hand_is_refused_with_a_reason() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S")
    reason = state.check(play(Card.parse("QH")), acting)
    assert reason is not None and reason.code is Rule.NOT_HELD
    assert "not in this hand" in reason.text


def test_broken_obligation_names_the_rule() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S")
    reason = state.check(play(Card.parse("10H")), acting)
    assert reason is not None and reason.code is Rule.OBLIGATION and "beat JH" in reason.text
    state, acting = _position("QS 10S AD 9D QC", "KH JS", "S")
    reason = state.check(play(Card.parse("10S")), acting)
    assert reason is not None and reason.code is Rule.OBLIGATION and "overtrump" in reason.text


def test_wrong_seat_cannot_play() -> None:
    state, acting = _position("KH 10H AS 9D QC", "JH", "S")
    other = (acting + 1) % 4
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply(play(Card.parse("KH")), other)


# must_underruff=False is the obligation of games without *pisser*: unable to
# overtrump, any card.
@pytest.mark.parametrize(
    ("hand", "trick", "trump", "expected"),
    [
        ("JS 10S AD 9D QC", "KH QS", "S", "JS 10S AD 9D QC"),
        ("KS 10S AD 9D QC", "KH QS", "S", "KS"),
        ("QS 10S AD 9D QC", "KH", "S", "QS 10S"),
    ],
)
def test_without_underruff(hand: str, trick: str, trump: str, expected: str) -> None:
    played = parse_cards(trick)
    t = Suit.parse(trump)
    legal = legal_plays(mask(hand), int(played[0].suit), _winner_bit(played, t), int(t), False)
    assert text_of(legal) == set(expected.split())


def test_no_trump_game_void_plays_anything() -> None:
    legal = legal_plays(mask("QS 10S AD"), int(Suit.H), Card.parse("KH").index, NO_TRUMP, True)
    assert text_of(legal) == {"QS", "10S", "AD"}


@pytest.mark.parametrize(
    ("card", "winner", "trump", "expected"),
    [
        ("KH", "QH", "S", True),  # same suit, higher
        ("AH", "JH", "S", False),  # same suit, lower: A is below J
        ("10H", "9H", "S", True),
        ("9S", "KH", "S", True),  # any trump beats a plain card
        ("KD", "KH", "S", False),  # another plain suit never wins
        ("QS", "KS", "S", False),  # lower trump
        ("KS", "QS", "S", True),
    ],
)
def test_beats(card: str, winner: str, trump: str, expected: bool) -> None:
    assert (
        beats(Card.parse(card).index, Card.parse(winner).index, int(Suit.parse(trump))) is expected
    )
