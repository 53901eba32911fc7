"""The decisions of one seat in a record (RULES.md §5): each as the seat saw it.

A record of any registered game is replayed (its own ``read_record`` and
``replay_record``, which check it) deal by deal: each deal from its start, its
action lines applied one at a time, and before each action of the seat with a
choice (more than one move worth weighing, as a hint weighs them: ``choices``) its
view and the action it took are kept.  A line that stands for two moves, one the
record leaves out before it (``GameSpec.unwritten``: Bésigue's winner of a trick who
lays nothing, draws and leads at once), is two decisions: the move left out, then the
line's own (``Step.part`` 1).
A record of one deal writes its ``actions`` at the top; a record of several
(L'Hombre, Bésigue) writes ``deals``, each with its own.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import registry
from games.records import RecordError, split_action_line

from .evaluate import valuer_of


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the seat: where it lies in the record, what the seat saw and
    what it did."""

    deal: int  # the deal's index in the record (0 for a record of one deal)
    index: int  # the action's index in the deal's action lines
    view: Any
    played: Any
    part: int = 0  # 1: the line's own move, after one the record leaves out (its part 0)

    @property
    def key(self) -> str:
        return f"{self.deal}:{self.index}" + (f".{self.part}" if self.part else "")


def game_of(data: Mapping[str, Any]) -> registry.AnyGame:
    """The registered game a record names; ``RecordError`` for another."""
    game = data.get("game")
    try:
        return registry.game(str(game))
    except KeyError:
        known = ", ".join(g.id for g in registry.games())
        raise RecordError(f"unknown game {game!r} (known: {known})") from None


def judged_as(data: Mapping[str, Any]) -> str:
    """The offered game whose valuations and thresholds judge a record: the game it
    names, or the one a table offers its variant as (``<id>-<variant>``: a classic
    Bésigue record of ``"variant": "haiti"`` is Haitian Bésigue's, RULES.md §5)."""
    spec = game_of(data)
    options = data.get("options")
    variant = options.get("variant") if isinstance(options, Mapping) else None
    offered = f"{spec.id}-{variant}"
    return offered if variant and offered in {g.id for g in registry.games()} else spec.id


def player_of(data: Mapping[str, Any], seat: int) -> str:
    """How a record names the player of ``seat``: the name the table showed where the
    bot wrote it (``players_names``; ``players`` are then Discord ids), else its player."""
    names = data.get("players_names")
    if isinstance(names, list) and len(names) == len(data["players"]):
        return str(names[seat])
    return str(data["players"][seat])


def seats_of(data: Mapping[str, Any]) -> int:
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RecordError("the record lacks its players")
    return len(players)


def deal_lines(data: Mapping[str, Any]) -> list[list[str]]:
    """The action lines of each deal of a record."""
    deals = data.get("deals")
    if isinstance(deals, list):
        return [list(d.get("actions", [])) for d in deals if isinstance(d, dict)]
    return [list(data.get("actions", []))]


def deal_start(spec: registry.AnyGame, data: Mapping[str, Any], deal: int) -> Any:
    """The state of deal ``deal`` of a record before its first action (the deals
    before it replayed whole)."""
    start: dict[str, Any] = copy.deepcopy(dict(data))
    if isinstance(start.get("deals"), list):
        start["deals"] = start["deals"][: deal + 1]
        start["deals"][deal]["actions"] = []
    else:
        start["actions"] = []
    replay = spec.replay_record(spec.read_record(start))
    states = getattr(replay, "states", None)
    return states[-1] if states is not None else replay.state


def choices(game: str, view: Any) -> int:
    """How many moves are worth weighing at ``view``: the game's candidates, as a hint
    weighs them (L'Hombre's one card with or without a signal is one), else every
    legal one."""
    try:
        return len(valuer_of(game).candidates(view))
    except ValueError:  # a game with no valuation of moves
        return len(view.legal)


def steps(data: Mapping[str, Any], seat: int, deal: int | None = None) -> list[Step]:
    """Every decision of ``seat`` in the record ``data``, or in its deal ``deal`` only
    (-1: its last, as a stored hand of a game of several deals is); ``RecordError`` for
    a bad record or seat."""
    spec = game_of(data)
    seats = seats_of(data)
    if not 0 <= seat < seats:
        raise RecordError(f"seat {seat} is not a seat of this record (0-{seats - 1})")
    spec.replay(data)  # the whole record checked first: a bad one is refused as replay does
    found: list[Step] = []
    every = deal_lines(data)
    try:
        chosen = range(len(every)) if deal is None else [range(len(every))[deal]]
    except IndexError:
        raise RecordError(f"the record has no deal {deal} (it has {len(every)})") from None
    for n in chosen:
        state = deal_start(spec, data, n)
        for index, line in enumerate(every[n]):
            who, words = split_action_line(line, seats)
            action = spec.parse_action(words)
            left_out = None if spec.unwritten is None else spec.unwritten(state, action)
            moves = [action] if left_out is None else [left_out, action]
            for part, move in enumerate(moves):
                if who == seat and len(state.legal_actions()) > 1:
                    view = state.view(seat)
                    if choices(spec.id, view) > 1:  # a forced card with a signal is no choice
                        found.append(Step(n, index, view, move, part))
                state.apply(move, who)
    return found


__all__ = ["Step", "deal_lines", "deal_start", "game_of", "judged_as", "player_of", "steps"]
