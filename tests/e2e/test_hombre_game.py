"""L'Hombre against the real bot process: three simulated users open a table
(``/table new hombre``), play whole deals from what they receive (the calls on
the table message and in DMs, trump, the exchange menu, the talon shown, the
cards, the hombre's stop), and the same game is SIGKILLed mid-deal: after the
auction's first call, after an exchange, in the middle of a trick and on the move
that settles a deal. The outcome (event log, deals, ledger, register, the pot by
part) is the uninterrupted game's, and no message shows a card its readers could
not see: the talon's rest only once shown, the cards drawn only to who drew them.

The players' policy (``tests.e2e.players``): first hand takes, the others pass;
spades are trump; every exchange discards one card; the talon is shown; the
hombre stops as soon as he may.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.hombre.codec import action_of, play_of
from bot.games.hombre.port import PARTS
from games.hombre import Action
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.kills import KillPoint, nth_call, nth_play
from tests.e2e.leaks import cards_in, game_knowledge, scan
from tests.e2e.played import SeededGame
from tests.e2e.players import Move

SEED = "16740101"
DEALS = 2
NAMES = ("arthur", "bertrand", "edmond")
GAME = "hombre"


PLAYED = SeededGame(GAME, SEED, NAMES, DEALS)


def record_words(move: Move) -> str:
    """A move as the deal's record writes it ("" for the table's own moves)."""
    action: Action
    if move.verb == "play":
        action = play_of(move.arg)
    elif move.verb == "discard":
        action = Action.parse("discard " + move.arg)
    elif move.verb == "call":
        action = action_of(move.arg)
    else:
        return ""
    return f"{move.seat} {action}"


async def test_three_players_play_whole_deals(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    game = await PLAYED.play_through(server, bot, players)
    result = game.outcome

    # each deal was settled, and its record holds exactly the moves the players made
    assert [hand[0] for hand in result.hands] == list(range(1, DEALS + 1))
    records = {hand_no: record for hand_no, _, _, record in result.hands}
    for hand_no, record in records.items():
        assert record["game"] == GAME and len(record["deals"]) == 1
        made = [record_words(m) for m in players.moves if m.hand_no == hand_no]
        assert record["deals"][0]["actions"] == [w for w in made if w]
    said = [a.split(" ", 1)[1] for r in records.values() for a in r["deals"][0]["actions"]]
    assert "prendre" in said and "trump S" in said and "show" in said

    # the money: each deal's nets agree with its ledger rows (None is the poule), and
    # what the players paid in all is the poule the server keeps
    poule = 0
    for hand_no in range(1, DEALS + 1):
        nets = {player: net for h, _, player, _, net in result.nets if h == hand_no}
        assert set(nets) == {f"seat{i}" for i in range(len(NAMES))}
        ledger: dict[str | None, int] = dict.fromkeys(nets, 0)
        for h, payer, payee, amount, _ in result.ledger:
            if h == hand_no:
                ledger[payer] = ledger.get(payer, 0) - amount
                ledger[payee] = ledger.get(payee, 0) + amount
        pot_delta = ledger.pop(None, 0)
        assert ledger == nets, f"deal {hand_no}"
        assert pot_delta == -sum(nets.values()), f"deal {hand_no}"
        poule += pot_delta
    assert game.pot == result.pot_parts[GAME] and set(game.pot) <= set(PARTS)
    assert game.pot.get("poule", 0) == poule
    assert records[1]["poule"] == 0 and records[1]["ante"] == 3

    # hidden cards stayed hidden, and the scan saw what it must: each player's hand in
    # their messages, every card played in public, and the talon's rest once shown
    knowledge = game_knowledge(players, bot.database_path)
    seen = scan(server.log, knowledge)
    assert seen.leaks == [], "\n".join(str(leak) for leak in seen.leaks[:20])
    for seat, user in enumerate(players.users):
        dealt = {card for r in records.values() for card in r["deals"][0]["hands"][seat]}
        missing = dealt - seen.shown[user.id]
        assert not missing, f"{user.name} was never shown {missing}"
    played = {str(play_of(m.arg).card) for m in players.moves if m.verb == "play"}
    assert played and not played - seen.shown[None], played - seen.shown[None]

    # and it would see a hand shown to another player, or to everyone
    first, second = players.users[:2]
    private = next(
        s for s in server.log if s.audience == first.id and any(map(cards_in, s.strings()))
    )
    assert scan([private], knowledge).leaks == []
    assert scan([dataclasses.replace(private, audience=second.id)], knowledge).leaks
    assert scan([dataclasses.replace(private, audience=None)], knowledge).leaks

    assert players.summaries() == list(range(1, DEALS + 1))
    assert "Traceback" not in bot.output()
    assert server.problems() == []


def nth_discard(hand_no: int, n: int) -> Callable[[Move, list[Move]], bool]:
    def when(move: Move, before: list[Move]) -> bool:
        done = sum(1 for m in before if m.hand_no == hand_no and m.verb == "discard")
        return move.verb == "discard" and move.hand_no == hand_no and done == n - 1

    return when


def last_move_of(hand_no: int) -> Callable[[Move, list[Move]], bool]:
    """The move that settles deal ``hand_no`` in the game played straight through."""

    def when(move: Move, before: list[Move]) -> bool:
        assert PLAYED.straight is not None  # the reference is played before any kill
        moves = PLAYED.straight.moves
        last = max(i for i, m in enumerate(moves) if m[0] == hand_no)
        return len(before) == last

    return when


KILL_POINTS = {
    # the first call of the first deal, once the next player is offered his
    "auction": KillPoint(nth_call(1, 1), presented=True, old_button=True),
    # the hombre's exchange: the next one exchanges from the menu sent before the kill
    "exchange": KillPoint(nth_discard(1, 1), presented=True, old_button=True),
    # the second card of the second trick of the second deal, before it is shown
    "trick": KillPoint(nth_play(2, 5), hold=True),
    # the move that ends the first deal (the stop, or its last card), settled in the
    # same transaction, the table message and the summary not yet shown
    "settlement": KillPoint(last_move_of(1), hold=True),
}


@pytest.mark.parametrize("point", list(KILL_POINTS))
async def test_sigkill_mid_deal_loses_nothing(
    point: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    await PLAYED.killed_once(KILL_POINTS[point], server, make_bot, tmp_path)
