"""Haitian Bésigue's port to the table: a deal written to the event log and dealt
from it (no card turned, or one with ``trump=turned``), the log line of the first
marriage saying trump, each partie won stood as the parties go on, and the match
kept and taken up again with its counters and head start."""

from __future__ import annotations

import pytest

from bot.game import DealInputs, Dealt
from bot.games.besigue_haiti.port import HaitiMatch, HaitiPort
from games.besigue import Action
from games.besigue.haiti.match import Match
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.register import Register
from tests.games.besigue.haiti.helpers import deal, do


@pytest.mark.parametrize("trump", ["marriage", "turned"])
def test_a_deal_logged_deals_the_same_cards(trump: str) -> None:
    port = HaitiPort()
    options = HaitiOptions(trump=trump)  # type: ignore[arg-type]
    session, lines = port.start(["A", "B"], 5, options)
    assert lines[0].key == "log.haiti.start"
    payload = port.deal(session, DealInputs(7, Register(), {}))
    assert ("turned" in payload) is (trump == "turned")
    assert len(payload["stock"]) == 132 - 18 - (trump == "turned")  # type: ignore[arg-type]
    state = port.apply_deal(session, Dealt(payload, Register(), {}))
    expected = HaitiSession.start(["A", "B"], 5, options.rules())
    again = expected.deal(7)
    assert state.initial_hands == again.initial_hands and state.stock == again.stock
    assert state.initial_turned == again.initial_turned
    assert (state.trump is None) is (trump == "marriage")


def test_the_first_marriage_is_logged_as_fixing_trump() -> None:
    state = deal(["7S 8S 9S 8D 9D 8C 9C JH 7C", "AS KH QH 7H 10D JC QC KC JK"])
    port = HaitiPort()
    do(state, "1 play 10D", "0 play 8D")
    line = port.action_line(state, 1, Action.parse("meld marriage KC QC"), False)
    assert line is not None and line.key == "log.haiti.trump"
    assert dict(line.args) == {"seat": 1, "suit": "C", "points": 40}
    do(state, "1 meld marriage KC QC", "1 play AS", "0 play 7S")
    line = port.action_line(state, 1, Action.parse("meld marriage KH QH"), False)
    assert line is not None and line.key == "log.haiti.meld"
    assert dict(line.args)["points"] == 20 and dict(line.args)["kind"] == "marriage"
    assert port.action_line(state, 1, Action.parse("draw"), False) is None


def test_each_partie_stands_and_the_match_is_kept_with_its_counters() -> None:
    options = HaitiOptions(target=600)
    match = HaitiMatch()
    session = HaitiSession(["A", "B"], rules=options.rules(), match=Match((0, 3), (0, 100)),
                           scores=[0, 100], seed=3)  # fmt: skip
    stood, partie = [], []
    while len(session.parties_won) < 2:
        state = session.deal()
        while not state.is_over:
            legal = state.legal_actions()
            melds = [a for a in legal if a.meld is not None]
            state.apply(melds[0] if melds else legal[0])
        partie.append(session.settle(state).outcome)
        standings = match.standings(session)
        assert (standings is not None) is session.partie_over
        if standings is not None:
            stood.append(standings)
            for seat, standing in enumerate(standings):  # the partie's best, every deal's
                feats = [o.best[seat][1] for o in partie if o.best[seat] is not None]
                assert standing.best_points == max(feats, default=0)
            partie = []
        assert not match.over(session)
    assert [s[0].partie for s in stood] == [0, 1]
    for standings in stood:
        won = [s for s in standings if s.won]
        assert len(won) == 1 and won[0].counted in (1, 2)
    kept = match.kept(session)
    assert kept["match"] == session.match.to_json() and kept["scores"] == session.scores
    again, lines = match.resume(["A", "B"], 9, options, kept)
    assert again.match == session.match and again.scores == session.scores
    assert again.dealer == session.dealer and lines[0].key == "log.resume"
    assert "A" in match.summary(kept, ["A", "B"])
