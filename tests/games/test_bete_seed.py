"""The 1792 text's own arithmetic (RULES.md §2), played through a session of five.

The Dictionnaire des jeux counts, for five players:

* a first bête "d'une fiche & six jetons": the winner would have taken the
  deal's fiche, one jeton from each player and the dealer's extra one (the
  king jeton excluded) = 10 + 5 + 1 = 16;
* the second bête, made on the next deal while the first is in play: the five
  game jetons of the first deal, the two dealers' jetons, the fiches of both
  deals and the first bête = 5 + 2 + 20 + 16 = 43 = 4 fiches 3 jetons;
* the third deal's winner takes the first bête, the players' jetons and a fiche
  for each of the three deals (16 + 5 + 30), with the three dealers' jetons that
  the text counted for the second bête: 54.  The second bête only enters then.

The deals are scripted (``bete_helpers.scripted``): the declarer is always first
hand, trump is ♣ turned with the 7 and the K♣ stays in the talon, so the king
jetons pile up untouched (5 a deal).
"""

from __future__ import annotations

import pytest

from games.bete import Pot, Session, SettledDeal, fiches
from games.register import Register
from tests.games.bete_helpers import Script, run, scripted

PLAYERS = ["A", "B", "C", "D", "E"]

# Relative to the declarer L (first hand): L takes the first trick only, L+1 four.
# Nobody but L+1 holds a trump, so the void players may discard anything.
FAIL = [
    "KS QS JS AS 10S",  # L leads: all follow, L's king wins
    "7H KH QH JH AH",  # L+1's king wins and leads
    "KD QD JD AD 10D",
    "9S 8S 7S 10H 9H",  # L+4 and L are void in ♠ and hold no trump: any card
    "8C 9D 8D 8H 7D",  # L+1 leads his only trump
]
# L takes the first four tricks; L+2, void in ♦, trumps the fifth.
WIN = [
    "KS QS JS AS 10S",
    "KH QH JH AH 10H",
    "KD QD JD AD 10D",
    "9S 8S 7S 9H 8H",
    "9D 8D 8C 7D 7H",  # trumped: L+3 may keep any ♦ (he has one left)
]


def rotated(tricks: list[str], dealer: int) -> Script:
    return scripted(5, dealer, "7C", tricks, talon_extra="KC")


def speak(first: int) -> list[str]:
    """First hand plays, the four others pass (no contre)."""
    return [f"{first} play-contract"] + [f"{(first + i) % 5} pass" for i in range(1, 5)]


def play_deal(session: Session, tricks: list[str]) -> tuple[Pot, SettledDeal]:
    script = rotated(tricks, session.dealer)
    state = session.deal_hands(script.hands, script.talon)
    ante_pot = state.pot
    run(state, speak(state.first) + script.plays)
    return ante_pot, session.settle(state)


def test_first_bete_is_one_fiche_six_jetons() -> None:
    session = Session(PLAYERS, dealer=0)
    ante_pot, settled = play_deal(session, FAIL)
    # the round opens: 5 fiches into the reserve, one moves to the stake;
    # stake = 10 + 5 game jetons + the dealer's 1 = 16; king jetons 5
    assert ante_pot == Pot(reserve=40, stake=16, kings=5)
    outcome = settled.outcome
    assert outcome.declarer == 1 and outcome.tricks == (0, 1, 4, 0, 0)
    assert not outcome.declarer_won
    assert [(b.owner, b.amount) for b in outcome.new_betes] == [(1, 16)]
    assert fiches(16) == "1 fiche 6 jetons"
    # each paid a fiche, a game jeton and a king jeton; the dealer one more
    assert outcome.net == (-13, -12, -12, -12, -12)
    assert session.pot == Pot(40, 16, 5)  # the stake stays for the next deal
    assert [(e.owner, e.amount) for e in session.register.entries] == [("B", 16)]


def test_second_bete_is_four_fiches_three_jetons() -> None:
    session = Session(PLAYERS, dealer=0)
    play_deal(session, FAIL)
    ante_pot, settled = play_deal(session, FAIL)
    # B's 16 enters: he pays it into the stake, and the game jetons stop;
    # 16 left + 16 + the deal's fiche 10 + the dealer's 1 = 43
    assert ante_pot == Pot(reserve=30, stake=43, kings=10)
    outcome = settled.outcome
    assert outcome.declarer == 2 and not outcome.declarer_won
    # the seed's count: 5 game jetons + 2 dealers' jetons + 2 fiches + the first bête
    assert 5 + 2 + 2 * 10 + 16 == 43
    assert [(b.owner, b.amount) for b in outcome.new_betes] == [(2, 43)]
    assert fiches(43) == "4 fiches 3 jetons"
    # B (dealer) pays his bête, his dealer's jeton and a king jeton; the others a king jeton
    assert outcome.net == (-1, -18, -1, -1, -1)
    assert session.bete_in_play
    assert [(e.owner, e.amount) for e in session.register.entries] == [("C", 43)]


def test_third_deal_wins_the_first_bete_then_the_second_enters() -> None:
    session = Session(PLAYERS, dealer=0)
    play_deal(session, FAIL)
    play_deal(session, FAIL)
    ante_pot, settled = play_deal(session, WIN)
    # no bête enters (one is in play), no game jetons: 43 + 10 + the dealer's 1
    assert ante_pot == Pot(reserve=20, stake=54, kings=15)
    assert 16 + 5 + 3 * 10 + 3 == 54  # first bête, game jetons, 3 fiches, 3 dealers' jetons
    outcome = settled.outcome
    assert outcome.declarer == 3 and outcome.declarer_won
    assert outcome.tricks == (1, 0, 0, 4, 0)
    assert outcome.net == (-1, -1, -2, -1 + 54, -1)
    assert session.pot == Pot(20, 0, 15) and not session.bete_in_play
    # the fourth deal: C's 43 now enters (C pays it), stake 43 + 10 + 1 = 54
    ante_pot, settled = play_deal(session, WIN)
    assert ante_pot == Pot(reserve=10, stake=54, kings=20)
    outcome = settled.outcome
    assert outcome.net == (-1, -1, -1 - 43, -1 - 1, -1 + 54)
    assert session.register.entries == []


def test_a_new_round_refills_the_reserve() -> None:
    # five deals make a round; the sixth opens the next and each pays a fiche again
    session = Session(PLAYERS, dealer=0)
    reserves = []
    for _ in range(6):
        ante_pot, _settled = play_deal(session, WIN)
        reserves.append(ante_pot.reserve)
    assert reserves == [40, 30, 20, 10, 0, 40]
    # every deal is won: game jetons each time, and the winner takes 10 + 5 + 1
    assert session.pot == Pot(40, 0, 30)


def test_the_carried_register_and_pot_start_a_later_session() -> None:
    # a session stops after the first deal; the next starts with its register and pot
    first = Session(PLAYERS, dealer=0)
    play_deal(first, FAIL)
    second = Session(
        PLAYERS,
        dealer=first.dealer,
        register=Register.of((e.owner, e.amount) for e in first.register.entries),
        pot=first.pot,
        bete_in_play=first.bete_in_play,
        deals_in_round=first.deals_in_round,
    )
    ante_pot, settled = play_deal(second, FAIL)
    assert ante_pot == Pot(30, 43, 10)
    assert [(b.owner, b.amount) for b in settled.outcome.new_betes] == [(2, 43)]


@pytest.mark.parametrize(
    ("jetons", "text"),
    [
        (0, "0 jeton"),
        (1, "1 jeton"),
        (6, "6 jetons"),
        (10, "1 fiche"),
        (16, "1 fiche 6 jetons"),
        (20, "2 fiches"),
        (43, "4 fiches 3 jetons"),
        (101, "10 fiches 1 jeton"),
        (-13, "-1 fiche 3 jetons"),
        (-43, "-4 fiches 3 jetons"),
        (-7, "-7 jetons"),
    ],
)
def test_fiches_display(jetons: int, text: str) -> None:
    assert fiches(jetons) == text
