"""The games the engine knows: each game's package registers itself once.

A game is a package under ``games/`` (its rules, session, records and
computer players) that calls ``register(GameSpec(...))`` when it is imported
(``game_spec`` builds one from the game's parts: its ``GameParts`` and its
``games.records.Records``).
``python -m games replay``, ``python -m games.ai duel`` and the bot find games
here only, by id; the packages imported to fill the registry are listed once,
in ``games.offered`` (a game living elsewhere, such as a test's, registers
itself the same way).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from games import offered
from games.options import options_from_dict
from games.records import Records
from games.refusals import codes

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

OptionsT = TypeVar("OptionsT", bound="DataclassInstance")
SessionT = TypeVar("SessionT")
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class WritableRecord(Protocol):
    """A game's record of a deal, which writes its own JSON."""

    def to_json(self) -> dict[str, Any]: ...


class ComputerPlayer(Protocol[ViewT_contra, ActionT_co]):
    """A computer player: one of a view's legal actions, from that view only."""

    name: str

    def act(self, view: ViewT_contra, rng: random.Random, budget: float) -> ActionT_co: ...


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[OptionsT, SessionT, ViewT, ActionT]):
    """One game as the engine's users see it, generic over its own types.

    ``new_session(players, seed, options)`` starts a session (what outlives a
    deal) from a master seed, every chance of it recorded.  Records (RULES.md
    §5) go through three steps, each the game's: ``read_record(json)`` reads
    and checks one (``RecordError`` for a bad or self-contradicting one),
    ``replay_record(record)`` replays it (``RecordError`` naming a bad action)
    and ``result(replayed)`` gives the result JSON; ``replay(json)`` chains
    them.  ``record_of(session, state)`` is the game's record of the deal
    ``state`` that ``session`` dealt, as far as it went (``write_record`` gives
    its JSON).  ``players_module`` names the module whose ``PLAYERS`` lists the
    computer players by name (imported on first use, by ``players()``), and
    ``fair`` and ``strong`` name the two a table offers; ``refusals`` lists the
    game's own reasons to refuse an action (``games.refusals``).
    """

    id: str  # as stored with tables, hands and registers, and in records
    names: Mapping[str, str]  # the game's name by language ("fr", "en")
    min_seats: int
    max_seats: int
    options: type[OptionsT]  # a frozen dataclass; its defaults are the rules as written
    new_session: Callable[[Sequence[str], int, OptionsT], SessionT]
    view: type[ViewT]  # what one seat may see
    action: type[ActionT]  # what a seat does
    parse_action: Callable[[str], ActionT]  # an action's record words, without the seat
    read_record: Callable[[Mapping[str, Any]], Any]  # JSON -> the game's record
    replay_record: Callable[[Any], Any]  # the game's record -> its replay
    result: Callable[[Any], Any]  # a replay -> its result JSON
    record_of: Callable[[SessionT, Any], WritableRecord]  # (session, deal) -> its record
    players_module: str  # a module whose PLAYERS maps names to computer players
    fair: str = "heuristic"
    strong: str = "pimc"
    refusals: type[StrEnum] | None = None  # the game's own refusal codes (``games.refusals``)
    # the move a record leaves out before a line, if any (``games.records.Records``)
    unwritten: Callable[[Any, ActionT], ActionT | None] | None = None

    def refusal_codes(self) -> tuple[StrEnum, ...]:
        """Every code an action of this game may be refused with: the shared rules
        (``games.refusals.Rule``), then the game's own."""
        return codes(self.refusals)

    def replay(self, data: Mapping[str, Any]) -> Any:
        """Read a record's JSON, replay it and give its result JSON (``RecordError``
        for a bad record, naming the bad action if one is)."""
        return self.result(self.replay_record(self.read_record(data)))

    def write_record(self, session: SessionT, state: Any) -> dict[str, Any]:
        """The JSON record (RULES.md §5) of the deal ``state`` that ``session`` dealt."""
        return self.record_of(session, state).to_json()

    def players(self) -> Mapping[str, Callable[[], ComputerPlayer[ViewT, ActionT]]]:
        """The game's computer players by name (their module imported on first use:
        the search and sampling code loads only where players are wanted)."""
        players: Mapping[str, Callable[[], ComputerPlayer[ViewT, ActionT]]]
        players = import_module(self.players_module).PLAYERS
        return players

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["fr"]

    def options_from(self, data: Mapping[str, Any]) -> OptionsT:
        """Options as written in a record; unknown names and values are ``ValueError``."""
        return options_from_dict(self.options, dict(data))

    def player(self, name: str) -> ComputerPlayer[ViewT, ActionT]:
        """A new computer player by name; ``ValueError`` if the game has none so called."""
        self.check_player(name)
        return self.players()[name]()

    def check_player(self, name: str) -> None:
        """Raise ``ValueError`` naming the known players unless ``name`` is one of them."""
        players = self.players()
        if name not in players:
            known = ", ".join(players)
            raise ValueError(f"{self.names['en']} has no player {name!r} (known: {known})")


AnyGame = GameSpec[Any, Any, Any, Any]
_GAMES: dict[str, AnyGame] = {}


def register(
    spec: GameSpec[OptionsT, SessionT, ViewT, ActionT],
) -> GameSpec[OptionsT, SessionT, ViewT, ActionT]:
    """Add a game (once per id; registering the same spec again is harmless)."""
    known = _GAMES.get(spec.id)
    if known is not None and known is not spec:
        raise ValueError(f"a game {spec.id!r} is registered already")
    _GAMES[spec.id] = spec
    return spec


def game(game_id: str) -> AnyGame:
    """A game by id; ``KeyError`` naming the known ones if there is none."""
    offered.load()
    spec = _GAMES.get(game_id)
    if spec is None:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(_GAMES)})")
    return spec


def games() -> list[AnyGame]:
    """Every registered game, the offered ones first, in the order they are listed
    (a game's package is its id with ``_`` for ``-``), then the others (a test's)
    in the order they registered."""
    offered.load()
    order = {package: n for n, package in enumerate(offered.PACKAGES)}
    listed = len(order)
    return sorted(_GAMES.values(), key=lambda g: order.get(g.id.replace("-", "_"), listed))


class Parsed(Protocol):
    """An action type that reads its record words (``Action.parse``)."""

    @staticmethod
    def parse(text: str) -> Any: ...


ParsedT = TypeVar("ParsedT", bound=Parsed)


@dataclass(frozen=True, slots=True)
class GameParts(Generic[OptionsT, SessionT, ViewT, ParsedT]):
    """What a game is played with: its options, how a session starts, what a seat
    sees and does, and its own reasons to refuse an action."""

    options: type[OptionsT]
    new_session: Callable[[Sequence[str], int, OptionsT], SessionT]
    view: type[ViewT]
    action: type[ParsedT]
    refusals: type[StrEnum] | None = None


def game_spec(
    id: str,
    names: Mapping[str, str],
    seats: range,
    parts: GameParts[OptionsT, SessionT, ViewT, ParsedT],
    records: Records,
    players_module: str | None = None,
) -> GameSpec[OptionsT, SessionT, ViewT, ParsedT]:
    """A game's registration from its parts: actions read by the action type's
    ``parse``, and the computer players in the ``ai`` module of the game's package
    (its id with ``_`` for ``-``) unless ``players_module`` names another."""
    return GameSpec(
        id=id,
        names=names,
        min_seats=seats.start,
        max_seats=seats.stop - 1,
        options=parts.options,
        new_session=parts.new_session,
        view=parts.view,
        action=parts.action,
        parse_action=parts.action.parse,
        read_record=records.read,
        replay_record=records.replay,
        result=records.result,
        record_of=records.of_deal,
        players_module=players_module or f"games.{id.replace('-', '_')}.ai",
        refusals=parts.refusals,
        unwritten=records.unwritten,
    )
