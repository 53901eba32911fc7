"""The toy game's engine: registered from its own package, played through the
trick core with its own rules object, recorded and replayed through the registry.

Expected results are worked out by hand from the toy game's rules (see
``examples.toy.game``), not read back from the engine.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import examples.toy
from examples.toy import (
    SPEC,
    DealRecord,
    DealState,
    HighCard,
    IllegalActionError,
    Phase,
    Rules,
    Session,
    play,
    record_of,
    replay,
)
from examples.toy.game import DECK
from games import registry
from games.__main__ import main
from games.cards import Card, card_mask, cards_of, parse_cards
from games.records import RecordError, load
from games.refusals import Refusal, Rule
from games.replay import replay_result
from games.tricks import PlayedTrick, trick_winner

RECORD = Path(examples.toy.__file__).with_name("deal.json")  # the example's record


def mask(text: str) -> int:
    return card_mask(parse_cards(text))


def deal(dealer: int, first: str, second: str, talon: str = "") -> DealState:
    hands = [mask(first), mask(second)]
    if not talon:
        talon = " ".join(str(c) for c in cards_of(DECK.mask & ~(hands[0] | hands[1])))
    return DealState(Rules(), dealer, hands, [c.index for c in parse_cards(talon)])


def run(state: DealState, cards: str) -> None:
    for text in cards.split():
        state.apply(play(Card.parse(text)))


# ---- the registry ------------------------------------------------------------------


def test_the_toy_game_is_registered_from_its_package() -> None:
    spec = registry.game("toy")
    assert spec is SPEC
    assert spec.names == {"fr": "Jeu d'essai", "en": "Toy game"}
    assert (spec.min_seats, spec.max_seats) == (2, 2)
    assert (spec.fair, spec.strong) == ("random", "high")
    assert set(spec.players()) == {"random", "high"}
    assert spec.options_from({}) == Rules(deals=3)
    assert spec.options_from({"deals": 5}).deals == 5
    assert spec in registry.games()


@pytest.mark.parametrize("value", [0, -1, 100, "3", True, 2.0])
def test_the_deals_option_is_a_whole_number(value: Any) -> None:
    with pytest.raises(ValueError, match="deals"):
        SPEC.options_from({"deals": value})


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        SPEC.options_from({"trump": True})


# ---- one deal ----------------------------------------------------------------------


def test_the_deal_is_three_cards_each_from_twelve_by_the_seed() -> None:
    session = Session(["A", "B"], dealer=1)
    state = session.deal(42)
    hands = state.initial_hands
    assert [h.bit_count() for h in hands] == [3, 3]
    assert len(state.talon) == 6
    everything = hands[0] | hands[1] | card_mask(Card.from_index(i) for i in state.talon)
    assert everything == DECK.mask and DECK.size == 12
    assert {c.rank.text for c in cards_of(DECK.mask)} == {"K", "Q", "J"}
    again = Session(["A", "B"], dealer=1).deal(42)
    assert again.initial_hands == hands and again.talon == state.talon
    assert Session(["A", "B"], dealer=1).deal(43).initial_hands != hands


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_non_dealer_leads(dealer: int) -> None:
    state = deal(dealer, "KS QH JD", "KH JS QC")
    assert state.turn == 1 - dealer
    assert state.view(1 - dealer).legal and not state.view(dealer).legal


def test_any_card_may_be_played_whatever_was_led() -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    run(state, "JS")  # seat 1 leads a spade; seat 0 need not follow nor beat
    assert {str(a) for a in state.legal_actions()} == {"play KS", "play QH", "play JD"}
    run(state, "JD")
    assert state.history[0].winner == 1


def test_the_highest_rank_wins_and_of_equal_ranks_the_first_played() -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    run(state, "KH KS")  # equal kings: seat 1 played first and takes it
    assert state.history[0] == PlayedTrick(1, ((1, Card.parse("KH")), (0, Card.parse("KS"))), 1)
    run(state, "JS QH")  # a queen over a jack, suits apart: seat 0
    assert state.history[1].winner == 0 and state.turn == 0  # the winner leads
    run(state, "JD QC")
    assert state.tricks == [1, 2]
    assert state.is_over and state.phase is Phase.DONE and state.turn == -1
    outcome = state.outcome
    assert outcome is not None
    # seat 0 took one trick fewer: it pays the difference, 1 jeton
    assert (outcome.winner, outcome.amount, outcome.net) == (1, 1, (-1, 1))
    assert outcome.pot_delta == 0


def test_three_tricks_to_none_pay_three() -> None:
    state = deal(1, "KS KH KD", "QS QH JC")
    run(state, "KS QS KH QH KD JC")
    assert state.outcome is not None and state.outcome.net == (3, -3)


def test_the_rules_object_alone_decides_the_trick() -> None:
    rules = HighCard()
    k, q, j, k2 = (Card.parse(c).index for c in ("KC", "QS", "JH", "KD"))
    assert rules.legal(0b1011, k, k) == 0b1011  # no obligation
    assert rules.beats(k, q) and not rules.beats(q, k) and rules.beats(q, j)
    assert not rules.beats(k2, k)  # equal ranks: the first played stays
    assert trick_winner([j, k, k2], rules) == k


@pytest.mark.parametrize(
    ("seat", "card", "words"),
    [(0, "KS", "seat 1's turn"), (None, "KS", "not in this hand"), (1, "KD", "not in this hand")],
)
def test_illegal_plays_are_refused_saying_why(seat: int | None, card: str, words: str) -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    action = play(Card.parse(card))
    refused = state.check(action, seat)
    assert refused is not None and words in refused.text
    assert refused.code is (Rule.TURN if "turn" in words else Rule.NOT_HELD)
    assert not state.is_legal(action, seat)
    with pytest.raises(IllegalActionError, match=words):
        state.apply(action, seat)
    assert state.actions == [] and state.hands[0] == mask("KS QH JD")


def test_nothing_is_played_after_the_end() -> None:
    state = deal(1, "KS KH KD", "QS QH JC")
    run(state, "KS QS KH QH KD JC")
    assert state.legal_actions() == []
    assert state.check(play(Card.parse("KS"))) == Refusal(Rule.OVER, "the deal is over")


def test_a_deal_holding_a_card_twice_or_outside_the_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        deal(0, "KS QH JD", "KS JS QC", "KH KD KC QS QD JH")
    with pytest.raises(ValueError, match="not in the deck"):
        deal(0, "AS QH JD", "KH JS QC", "KS KD KC QS QD JH")
    with pytest.raises(ValueError, match="holds 2 cards"):
        deal(0, "KS QH", "KH JS QC", "JD KD KC QS QD JH")


def test_a_view_shows_its_own_hand_and_the_table_only() -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    run(state, "KH")
    view = state.view(0)
    assert view.hand == mask("KS QH JD") and view.hand_counts == (3, 2)
    assert view.trick == ((1, Card.parse("KH")),)
    assert view.visible_cards() == mask("KS QH JD KH")
    assert not view.visible_cards() & mask("JS QC")
    assert {str(a) for a in view.legal} == {"play KS", "play QH", "play JD"}


def test_a_copy_is_independent() -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    fork = state.copy()
    run(fork, "KH KS")
    assert state.trick == [] and state.history == [] and state.hands[1] == mask("KH JS QC")
    assert fork.history[0].winner == 1


# ---- the session -------------------------------------------------------------------


def play_session(session: Session, names: tuple[str, str], seed: int) -> list[int]:
    """Play the session to its end with two computer players; the dealers in order."""
    rng = random.Random(seed)
    players = [SPEC.player(name) for name in names]
    dealers = []
    while not session.finished:
        state = session.deal(rng.randrange(1 << 30))
        dealers.append(state.dealer)
        while not state.is_over:
            view = state.view(state.turn)
            state.apply(players[state.turn].act(view, rng, 0.0), state.turn)
        session.settle(state)
    return dealers


def test_a_session_is_its_number_of_deals_with_the_dealer_alternating() -> None:
    session = SPEC.new_session(["A", "B"], 7, Rules(deals=5))
    first = session.dealer
    assert session.deals_left == 5 and not session.finished
    dealers = play_session(session, ("random", "random"), 1)
    assert dealers == [first, 1 - first, first, 1 - first, first]
    assert session.deal_no == 5 and session.deals_left == 0
    assert sum(session.balances.values()) == 0
    assert any(session.balances.values())  # someone won something in 5 deals


def test_the_first_dealer_comes_from_the_seed() -> None:
    dealers = {Session.start(["A", "B"], seed).dealer for seed in range(20)}
    assert dealers == {0, 1}
    assert Session.start(["A", "B"], 3).dealer == Session.start(["A", "B"], 3).dealer


def test_a_stop_ends_once_both_dealt_as_often() -> None:
    session = Session(["A", "B"], dealer=0, rules=Rules(deals=9))
    state = session.deal(1)
    run(state, " ".join(str(a) for a in _any_plays(state)))
    session.settle(state)
    session.request_stop()
    assert session.deals_left == 1 and not session.finished  # B deals once more
    assert play_session(session, ("high", "high"), 2) == [1]
    assert session.finished and session.deal_no == 2


def _any_plays(state: DealState) -> list[str]:
    fork = state.copy()
    out = []
    while not fork.is_over:
        action = fork.legal_actions()[0]
        out.append(str(action.card))
        fork.apply(action)
    return out


def test_settling_an_unfinished_deal_is_refused() -> None:
    session = Session(["A", "B"], dealer=0)
    with pytest.raises(ValueError, match="not over"):
        session.settle(session.deal(1))


# ---- computer players --------------------------------------------------------------


def test_high_plays_its_highest_card() -> None:
    state = deal(0, "QS JH JD", "KH JS QC")
    run(state, "KH")
    assert str(SPEC.player("high").act(state.view(0), random.Random(0), 0.0)) == "play QS"


def test_random_plays_a_legal_card_and_not_always_the_same() -> None:
    state = deal(0, "KS QH JD", "KH JS QC")
    player = SPEC.player("random")
    seen = {str(player.act(state.view(1), random.Random(s), 0.0)) for s in range(30)}
    assert seen == {"play KH", "play JS", "play QC"}


def test_high_beats_random_over_many_deals() -> None:
    session = Session(["High", "Random"], dealer=0, rules=Rules(deals=60))
    play_session(session, ("high", "random"), 5)
    assert session.balances["High"] > 0


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="no player 'pimc'"):
        SPEC.player("pimc")


# ---- records -----------------------------------------------------------------------


def the_record() -> dict[str, Any]:
    return copy.deepcopy(load(RECORD))


EXPECTED = {
    "game": "toy",
    "players": ["Alice", "Bruno"],
    "finished": True,
    "tricks": [1, 2],
    "winner": 1,
    "amount": 1,
    "payments": [-1, 1],
    "net": {"Alice": -1, "Bruno": 1},
}


def test_the_record_replays_through_the_registry() -> None:
    assert replay_result(the_record()) == EXPECTED


def test_the_command_line_replays_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORD)]) == 0
    assert json.loads(capsys.readouterr().out) == EXPECTED


def test_a_session_writes_the_record_it_replays() -> None:
    session = Session(["Alice", "Bruno"], dealer=1)
    state = session.deal(11)
    run(state, " ".join(_any_plays(state)))
    record = record_of(session, state)
    again = DealRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    replayed = replay(again)
    assert replayed.state.history == state.history
    assert replayed.settled is not None and replayed.state.outcome == state.outcome


def test_an_unfinished_record_says_whose_turn() -> None:
    data = the_record()
    data["actions"] = data["actions"][:3]
    assert replay_result(data) == {
        "game": "toy",
        "players": ["Alice", "Bruno"],
        "finished": False,
        "turn": 0,
        "phase": "play",
    }


@pytest.mark.parametrize(
    ("index", "line", "words"),
    [
        (0, "0 play KS", "illegal"),  # seat 1 leads
        (2, "1 play KC", "not in this hand"),
        (3, "0 pass", "malformed"),
        (1, "2 play KS", "malformed"),
    ],
)
def test_a_bad_action_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int, line: str, words: str
) -> None:
    data = the_record()
    data["actions"][index] = line
    with pytest.raises(RecordError) as caught:
        replay_result(data)
    assert caught.value.index == index and words in str(caught.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) != 0
    assert f"action {index}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["hands"][1].__setitem__(0, "KS"),  # a card twice
        lambda d: d["hands"][0].pop(),
        lambda d: d.__setitem__("players", ["Alice"]),
        lambda d: d.__setitem__("options", {"deals": 0}),
        lambda d: d.pop("talon"),
        lambda d: d.__setitem__("dealer", 2),
    ],
)
def test_a_bad_record_is_refused(spoil: Any) -> None:
    data = the_record()
    spoil(data)
    with pytest.raises(RecordError):
        replay_result(data)
