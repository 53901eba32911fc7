"""The game registry (issue step 1): every game, the toy game of the tests
included, is read, replayed and written through its registration only.

Nothing here names a game's package: records name their game by id, and the
registry finds the rest.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import offered, registry
from games.records import RecordError, load
from games.replay import replay_result

ROOT = Path(__file__).resolve().parents[2]
RECORDS = (
    sorted((ROOT / "tests" / "records").glob("*.json"))
    + sorted((ROOT / "tests" / "games").glob("*/records/*.json"))
    + sorted((ROOT / "tests" / "toy").glob("*.json"))
)
GAME_IDS = [spec.id for spec in registry.games()]


def deals(result: Any) -> list[dict[str, Any]]:
    """A result JSON's deals: a game replaying one deal gives one object, a game
    whose record is a session of deals (L'Hombre's poules) one object per deal."""
    if isinstance(result, list):
        assert result and all(isinstance(deal, dict) for deal in result)
        return result
    assert isinstance(result, dict)
    return [result]


def test_the_offered_games_come_first_then_the_toy_game() -> None:
    assert GAME_IDS[:3] == ["bete-hombree", "bete", "hombre"]
    assert "toy" in GAME_IDS
    assert len(set(GAME_IDS)) == len(GAME_IDS)


def test_an_unknown_game_is_a_key_error_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match="bete-hombree"):
        registry.game("whist")


def test_a_game_registers_once_per_id() -> None:
    spec = registry.game("bete")
    assert registry.register(spec) is spec  # the same spec again: harmless
    other = type(spec)(**{name: getattr(spec, name) for name in spec.__dataclass_fields__})
    with pytest.raises(ValueError, match="registered already"):
        registry.register(other)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_record_replays_through_its_game_s_registration(path: Path) -> None:
    data = load(path)
    spec = registry.game(data["game"])
    replayed = spec.replay_record(spec.read_record(data))
    result = spec.result(replayed)
    assert all(deal.get("game", spec.id) == spec.id for deal in deals(result))
    assert deals(result)[-1]["finished"] is True
    assert result == replay_result(data) == spec.replay(data)
    if isinstance(result, dict):
        # a one-deal record: the record it writes back replays to the same result
        # (a session's deals are written one by one: see the live deal below)
        written = json.loads(json.dumps(spec.write_record(replayed.session, replayed.state)))
        assert written["game"] == spec.id
        assert spec.replay(written) == result


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_of_another_game_is_refused(game_id: str) -> None:
    spec = registry.game(game_id)
    for path in RECORDS:
        data = load(path)
        if data["game"] != game_id:
            with pytest.raises(RecordError, match="not a"):
                spec.read_record(data)


def play_out(game_id: str, seed: int) -> tuple[Any, Any, Any]:
    """A new session of the game, one deal played to the end by random legal moves."""
    spec = registry.game(game_id)
    names = [f"P{i}" for i in range(spec.min_seats)]
    session = spec.new_session(names, seed, spec.options())
    state = session.deal(seed + 1)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return spec, session, state


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_deal_played_live_is_written_and_replayed_the_same(game_id: str, seed: int) -> None:
    spec, session, state = play_out(game_id, seed)
    written = spec.write_record(session, state)
    assert spec.read_record(written) == spec.read_record(json.loads(json.dumps(written)))
    last = deals(spec.replay(written))[-1]  # the deal just played is the record's last
    assert last["finished"] is True
    assert last["payments"] == list(state.outcome.net)
    # the actions were written in the game's words, which parse back
    lines = [line for deal in written.get("deals", [written]) for line in deal["actions"]]
    assert lines
    for line in lines:
        _, words = line.split(" ", 1)
        action = spec.parse_action(words)
        assert isinstance(action, spec.action) and str(action) == words


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_is_the_registered_view_type(game_id: str) -> None:
    spec, _, state = play_out(game_id, 4)
    assert all(isinstance(state.view(seat), spec.view) for seat in range(spec.min_seats))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_table_levels_name_registered_players(game_id: str) -> None:
    spec = registry.game(game_id)
    assert {spec.fair, spec.strong} <= set(spec.players())


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


SHARED = sorted((ROOT / "games").glob("*.py"))


@pytest.mark.parametrize("path", SHARED, ids=[p.name for p in SHARED])
def test_the_shared_part_of_the_engine_imports_no_game(path: Path) -> None:
    packages = {f"games.{package}" for package in offered.PACKAGES}
    imported = _imported_modules(path)
    named = {m for m in imported if any(m == p or m.startswith(p + ".") for p in packages)}
    assert not named, f"{path.name} imports {sorted(named)}"
    if path.name != "offered.py":
        text = path.read_text(encoding="utf-8")
        assert not any(f'"{p}"' in text for p in offered.PACKAGES)
