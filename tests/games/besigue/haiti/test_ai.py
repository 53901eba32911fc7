"""The Haitian game's computer players: legal from a view only in every phase and
option, the first marriage laid in the suit worth most as trump, the trump
marriage laid before the quinte it carries, phase 2 solved exactly with two
(the jokers included), the valuation's reading of combinations, and the duel
reached by its own id and by ``--set variant=haiti``."""

from __future__ import annotations

import random

import pytest

from games.ai.duel import DuelConfig, arena_of, run, summarize
from games.besigue.actions import Action
from games.besigue.flow import Phase
from games.besigue.haiti.ai import PLAYERS
from games.besigue.haiti.ai.pimc import HaitiPimcPlayer, declaring, solve_deal, unseen_of
from games.besigue.haiti.ai.value import best_meld
from games.besigue.haiti.session import HaitiSession
from games.besigue.melds import MeldKind

from .helpers import deal, do, haiti, laid_with, mask


def test_the_players_are_random_heuristic_and_pimc() -> None:
    assert set(PLAYERS) == {"random", "heuristic", "pimc"}


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (3, {"trump": "turned"}), (4, {"partnerships": True, "jokers_per_quartet": 3})],
)
@pytest.mark.parametrize("name", ["heuristic", "pimc"])
def test_a_player_decides_legally_in_every_phase(
    seats: int, options: dict[str, object], name: str
) -> None:
    session = HaitiSession.start([f"P{s}" for s in range(seats)], 3, haiti(**options))
    state = session.deal(3)
    player = PLAYERS[name]()
    rng = random.Random(3)
    phases = set()
    while not state.is_over:
        view = state.view(state.turn)
        action = player.act(view, rng, 0.02)
        assert action in view.legal
        phases.add(state.phase)
        state.apply(action)
    assert phases == {Phase.PLAY1, Phase.DECLARE, Phase.PLAY2}


SOUTH = "7S 8S 9S 8D 9D 8C 9C JH 7C"  # seat 0, the dealer


def test_the_first_marriage_is_laid_in_the_suit_worth_most_as_trump() -> None:
    # two marriages: hearts with the A 10 J of hearts beside, or spades with nothing
    state = deal([SOUTH, "KS QS KH QH AH 10H JH JK 10D"])
    do(state, "1 play 10D", "0 play 8D")
    assert {str(a) for a in state.view(1).legal} >= {
        "meld trump-marriage KS QS",
        "meld trump-marriage KH QH",
    }
    assert str(declaring(state.view(1))) == "meld trump-marriage KH QH"


def test_the_trump_marriage_goes_down_before_its_quinte() -> None:
    state = deal([SOUTH, "KC QC AC 10C JC AS AH AD JK"], rules=haiti(trump="turned"),
                 turned="9C")  # fmt: skip
    do(state, "1 play JK", "0 play 7S")
    legal = [str(a) for a in state.view(1).legal]
    assert legal[0] == "meld aces AS AH AD AC"  # the most points now...
    assert str(declaring(state.view(1))) == "meld trump-marriage KC QC"  # ...but the quinte


def test_best_meld_reads_what_the_engine_allows() -> None:
    rules = haiti()
    laid, own = laid_with((MeldKind.TRUMP_MARRIAGE, "KC QC"))
    cards = mask("AC 10C JC") | laid.cards
    assert best_meld(cards, laid, own, 3, rules, False) == 250  # the quinte
    assert best_meld(mask("AS AH AD JK"), laid_with()[0], [], 3, rules, False) == 100
    assert best_meld(mask("AS AH JK JK#2"), laid_with()[0], [], 3, rules, False) == 0
    assert best_meld(mask("KS QS QS#2 JD"), laid_with()[0], [], -1, rules, False) == 40


def test_phase_2_with_two_players_is_solved_exactly() -> None:
    session = HaitiSession.start(["A", "B"], 9, haiti())
    state = session.deal(9)
    rng = random.Random(9)
    heuristic = PLAYERS["heuristic"]()
    while state.phase is not Phase.PLAY2:
        state.apply(heuristic.act(state.view(state.turn), rng))
    view = state.view(state.turn)
    other = 1 - view.seat
    assert unseen_of(view) == state.hands[other]  # every other card was seen
    hands = [0, 0]
    hands[view.seat], hands[other] = state.hands[view.seat], state.hands[other]
    best = solve_deal(view, hands, float("inf"))
    assert best and all(state.hands[view.seat] >> c & 1 for c in best)
    action = HaitiPimcPlayer().act(view, rng, 0.2)
    assert isinstance(action, Action) and action.card is not None
    assert action.card.index in {c % 64 for c in best}


@pytest.mark.parametrize(
    ("game", "settings"),
    [("besigue-haiti", ()), ("besigue", (("variant", "haiti"), ("seven", "winner")))],
)
def test_the_duel_plays_the_haitian_game(game: str, settings: tuple[tuple[str, str], ...]) -> None:
    arena = arena_of(game, 2, dict(settings))
    assert arena.deal(1, 0).rules.haiti  # type: ignore[attr-defined]
    config = DuelConfig(game, "heuristic", "heuristic", deals=2, seed=1, budget=0.01,
                        settings=settings)  # fmt: skip
    summary = summarize(config, run(config))
    assert summary["mean_diff_per_deal"] == 0.0  # a player against itself
