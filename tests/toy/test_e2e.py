"""The toy game against the bot's real process on the fake Discord: two users open
a table with ``/table new toy``, join, get their hands by DM, play two deals by
clicking, and the bot is SIGKILLed in the middle of the second trick; the deals
are settled and stored as if nothing had happened, and no message showed a card
its reader could not see.  The process is ``python -m examples.toy.bot``: the
bot's own entry point, with the toy game registered by importing its package."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from examples.toy.game import GAME, HAND_SIZE, SEATS
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.kills import KillPoint, arm, nth_play
from tests.e2e.leaks import Knowledge, scan
from tests.e2e.outcome import outcome, reading
from tests.e2e.players import TablePlayers

DEALS = 2
CARDS = SEATS * HAND_SIZE  # cards played in a deal


def toy_knowledge(players: TablePlayers, db_path: Path) -> Knowledge:
    """What each player could see: their own hand from the deal on, every card played."""
    with reading(db_path) as con:
        rows = con.execute(
            "SELECT payload FROM table_events WHERE table_id = ? AND kind = 'deal'",
            (players.table_id,),
        ).fetchall()
    deals = {int(d["hand_no"]): d for d in (json.loads(row[0]) for row in rows)}
    ids = [user.id for user in players.users]
    knowledge = Knowledge()
    for move in players.moves:
        if move.verb in ("start", "next"):
            for seat, hand in enumerate(deals[move.hand_no]["hands"]):
                knowledge.show(ids[seat], move.log_at, hand)
        elif move.verb == "play":
            knowledge.show_everyone(move.log_at, [move.arg])
    return knowledge


async def test_the_toy_game_in_the_real_bot_process(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(module="examples.toy.bot")
    await bot.start()
    players = TablePlayers(server, server.add_users("arthur", "bertrand"), game=GAME)
    killed = arm(server, bot, players, KillPoint(nth_play(2, 3), hold=True))
    await players.play(DEALS)
    await players.finish()

    assert killed and bot.starts == 2  # the kill happened, and the bot came back
    ids = [str(u.id) for u in players.users]
    result = outcome(bot.database_path, ids)
    assert [hand[0] for hand in result.hands] == list(range(1, DEALS + 1))
    for hand_no, declarer, made, record in result.hands:
        assert record["game"] == GAME and declarer is None and made is None
        moves = [m for m in players.moves if m.hand_no == hand_no and m.verb == "play"]
        assert record["actions"] == [f"{m.seat} play {m.arg}" for m in moves]
        assert len(record["actions"]) == CARDS
    # each deal's nets sum to zero, and the ledger says the same
    for hand_no in range(1, DEALS + 1):
        nets = [net for h, _, _, _, net in result.nets if h == hand_no]
        assert len(nets) == SEATS and sum(nets) == 0 and any(nets)
        paid = sum(amount for h, *_, amount, _ in result.ledger if h == hand_no)
        assert paid == max(nets)
    assert players.summaries() == list(range(1, DEALS + 1))

    seen = scan(server.log, toy_knowledge(players, bot.database_path))
    assert seen.leaks == [], "\n".join(str(leak) for leak in seen.leaks[:20])
    assert "Traceback" not in bot.output()
    assert server.problems() == []
