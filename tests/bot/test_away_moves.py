"""What the time limit plays for a person who is away: a pass in the calls, wherever a
pass is legal, so that nobody comes back owing a contract the computer bid for them;
the other decisions (cards, a declarer's discard after his own bid) stay the fair
computer player's choice.  Over every game, with a computer player that would take
every contract offered."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from bot.game import TableGame
from bot.games import table_game, table_games
from bot.tables.service import DealSource, TableService
from bot.tables.table import LiveTable
from db import Database

GUILD, CHANNEL = 10, 20
SAFE = {"pass", "stop"}  # L'Hombre's stop: playing on instead undertakes the vole


def eager(view: Any) -> Any:
    """The computer player who never passes: the first move offered that is not one."""
    offered = list(view.legal)
    return next((a for a in offered if str(a) not in SAFE), offered[0])


async def decide(game: str, level: str, view: Any, seed: int) -> Any:
    return eager(view)


async def opened(
    tmp_path: Path, game: TableGame, deal_source: DealSource | None = None
) -> tuple[TableService, LiveTable]:
    db = await Database.open(str(tmp_path / "t.db"))
    service = TableService(
        db, seed_source=lambda: 7, deal_source=deal_source, decider=decide, ai_pause=0
    )
    await service.load()
    people = [str(101 + seat) for seat in range(game.min_seats)]
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player=people[0], name="Seat 1", game=game,
        rules=game.spec.options(), pictures=False, turn_seconds=60,
    )  # fmt: skip
    for seat, player in enumerate(people[1:], start=2):
        await service.join(table.id, player, f"Seat {seat}", "en")
    return service, await service.start(table.id, people[0])


async def time_out(service: TableService, table: LiveTable) -> str:
    """The seat to act runs out of time; the move played for it, in notation."""
    assert table.state is not None
    await service.clock.expire(table.id, table.moves, table.state.turn, 0)
    return str(table.state.actions[-1][1])


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
async def test_a_timed_out_call_passes_where_a_pass_is_legal(
    tmp_path: Path, game: TableGame
) -> None:
    """Half the decisions time out, over a few deals: each where a pass was offered
    passes, whatever the computer player would have bid; each other plays the computer
    player's own choice."""
    rng = random.Random(zlib.crc32(game.id.encode()))
    service, table = await opened(tmp_path, game)
    passed, chosen, pass_offered = 0, 0, False
    for _ in range(3):
        while table.in_deal:
            assert table.state is not None
            seat = table.state.turn
            view = table.state.view(seat)
            offered = [str(a) for a in view.legal]
            pass_offered |= "pass" in offered
            if rng.random() < 0.5:
                action = rng.choice(list(view.legal))
                await service.act(table.id, table.players[seat], action, table.moves)
                continue
            played = await time_out(service, table)
            if "pass" in offered:
                assert played == "pass", (offered, played)
                passed += 1
            elif played != "stop":  # L'Hombre's (its own test below)
                assert played == str(eager(view)), (offered, played)
                chosen += 1
        if not table.deal_coming:
            break
        await service.next_hand(table.id, table.players[0])
    assert chosen, "no decision left to the computer player timed out"
    assert passed or not pass_offered, "no timed-out call"
    await service.close()
    await service.db.close()


# L'Hombre: seat 1 holds spades enough to win the first five tricks (tests/games/hombre)
def cards(text: str) -> list[str]:
    return text.split()


HOMBRE_HANDS = [
    cards("KH QH JH AH 3H 4H 5H 6H 7H"),
    cards("AS 2S AC KS QS JS 7S 6S 2H"),
    cards("KD QD JD AD 2D 3D 4D 5D 6D"),
]
HOMBRE = ["prendre", "trump S", "discard 2H", *(f"play {c}" for c in cards("AS 2S AC KS QS"))]


def hombre_deal(table: LiveTable, hand_no: int) -> tuple[list[list[str]], list[str]]:
    dealt = {c for hand in HOMBRE_HANDS for c in hand}
    rest = [f"{r}{s}" for s in "SHDC" for r in cards("A 2 3 4 5 6 7 J Q K")]
    return HOMBRE_HANDS, ["5S", *(c for c in rest if c not in dealt and c != "5S")]


async def test_a_hombre_out_of_time_with_five_tricks_stops(tmp_path: Path) -> None:
    """L'Hombre: a hombre who won the first five tricks and runs out of time stops, as
    a pass would: playing on undertakes the vole, a risk nobody takes in his name (the
    eager computer player would play on)."""
    game = table_game("hombre")
    service, table = await opened(tmp_path, game, hombre_deal)
    parse = game.port.parse_action
    while table.in_deal:
        assert table.state is not None
        seat, state = table.state.turn, table.state
        if seat == 1 and "stop" in [str(a) for a in state.view(seat).legal]:
            break
        wanted = HOMBRE if seat == 1 else ["pass", "discard"]
        moves = [parse(w) for w in [*wanted, "hide"]]
        action = next((a for a in moves if state.check(a, seat) is None), None)
        action = action or state.legal_actions()[0]
        await service.act(table.id, table.players[seat], action, table.moves)
    assert table.state is not None and table.state.turn == 1, "the hombre never won five"
    assert str(eager(table.state.view(1))) != "stop"  # the computer would play on
    assert await time_out(service, table) == "stop"
    assert table.state.outcome is not None and table.state.outcome.result == "win"
    await service.close()
    await service.db.close()
