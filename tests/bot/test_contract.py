"""The game contract, stated once over every registered table game: its port, its
renderer (table, hand, words) and its match satisfy the protocols of ``bot.game``
and ``bot.renderer``; a dealt state, its views and its session are what the core
reads of them; and the worked example writes no more methods than the contract
promises a new trick game."""

from __future__ import annotations

import inspect
import random

import pytest

from bot.game import (
    GameSession,
    GameState,
    GameView,
    GameWords,
    HandDrawer,
    MatchPort,
    Renderer,
    RulesPort,
    TableDrawer,
    TableGame,
)
from bot.games import table_game, table_games
from bot.tables.table import default_action
from bot.trick_game import TrickPort, TrickRenderer

GAMES = table_games()
IDS = [g.id for g in GAMES]
MOST_WRITTEN = 12  # what a new trick game writes at most, bot side (README, adding-a-game.md)


def written(cls: type) -> list[str]:
    """The methods a class writes itself (not those it inherits): functions, static and
    class methods and properties of its own class dict."""
    kinds = (staticmethod, classmethod, property)
    return sorted(
        name
        for name, member in vars(cls).items()
        if inspect.isfunction(member) or isinstance(member, kinds)
    )


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_port_renderer_and_match_satisfy_the_protocols(game: TableGame) -> None:
    assert isinstance(game.port, RulesPort)
    for part in (GameWords, TableDrawer, HandDrawer, Renderer):
        assert isinstance(game.renderer, part), part.__name__
    assert game.match is None or isinstance(game.match, MatchPort)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_dealt_state_its_views_and_its_session_are_what_the_core_reads(
    game: TableGame,
) -> None:
    players = [f"p{i}" for i in range(game.min_seats)]
    session, _ = game.port.start(players, 7, game.spec.options_from({}))
    assert isinstance(session, GameSession)
    state = session.deal(random.Random(7).getrandbits(32))
    assert isinstance(state, GameState)
    for seat in range(len(players)):
        view = state.view(seat)
        assert isinstance(view, GameView)
        assert view.seat == seat
        # what a seat is offered is legal: offering is never looser than the engine
        assert all(state.check(action, seat) is None for action in view.legal)
    assert list(state.view(state.turn).legal)  # the seat to act is offered a move


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_move_of_last_resort_is_one_of_the_game(game: TableGame) -> None:
    notation = game.capabilities.last_resort
    if notation is not None:
        assert str(game.port.parse_action(notation)) == notation


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_move_of_last_resort_is_the_named_one_when_legal(game: TableGame) -> None:
    players = [f"p{i}" for i in range(game.min_seats)]
    session, _ = game.port.start(players, 3, game.spec.options_from({}))
    state = session.deal(3)
    rng = random.Random(3)
    while len(state.legal_actions()) < 2:  # a position with a choice
        state.apply(rng.choice(state.legal_actions()))
    legal = [str(a) for a in state.legal_actions()]
    assert str(default_action(state, legal[-1])) == legal[-1]
    assert str(default_action(state, None)) == legal[0]
    assert str(default_action(state, "no such move")) == legal[0]


def test_the_worked_example_writes_at_most_twelve_methods() -> None:
    toy = table_game("toy")
    port, renderer = type(toy.port), type(toy.renderer)
    assert issubclass(port, TrickPort) and issubclass(renderer, TrickRenderer)
    assert toy.match is None
    count = len(written(port)) + len(written(renderer))
    assert count <= MOST_WRITTEN, (written(port), written(renderer))


def test_written_counts_what_a_class_writes_itself() -> None:
    class Base:
        def inherited(self) -> None: ...

    class Game(Base):
        constant = 1

        def own(self) -> None: ...

        @staticmethod
        def static() -> None: ...

        @property
        def shown(self) -> int:
            return 1

    assert written(Game) == ["own", "shown", "static"]
