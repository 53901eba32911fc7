"""Whole hands played by four simulated users against the real bot process, and the
same game SIGKILLed at several points: nothing a player did is lost once the bot
answered, and the outcome is the uninterrupted game's.

The bot runs as ``python -m tests.e2e.seeded_bot`` (the entry point with the
table seed fixed), so two games deal the same cards; the players' policy is
deterministic (``tests.e2e.players``), so they make the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.fake.interaction import DEFERRED_UPDATE_MESSAGE
from tests.e2e.kills import KillPoint, arm, nth_play
from tests.e2e.played import SeededGame
from tests.e2e.players import Move
from tests.e2e.seeded_bot import SLOW_VARIABLE

SEED = "20261123"
HANDS = 2
NAMES = ("arthur", "bertrand", "edmond", "gaston")

PLAYED = SeededGame("bete-hombree", SEED, NAMES, HANDS)


async def test_four_players_play_whole_hands(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    game = await PLAYED.play_through(server, bot, players)
    result = game.outcome

    # each hand was settled, and its record holds exactly the moves the players made
    assert [hand[0] for hand in result.hands] == list(range(1, HANDS + 1))
    for hand_no, _, _, record in result.hands:
        made = [record_words(m) for m in players.moves if m.hand_no == hand_no]
        assert [a for a in record["actions"] if "declare" not in a] == [w for w in made if w]
        assert sum(1 for a in record["actions"] if " play " in a) == 20
    # the money: every hand's nets sum to zero and agree with its ledger rows
    for hand_no in range(1, HANDS + 1):
        nets = {player: net for h, _, player, _, net in result.nets if h == hand_no}
        assert sum(nets.values()) == 0 and any(nets.values())
        ledger: dict[str, int] = dict.fromkeys(nets, 0)
        for h, payer, payee, amount, _ in result.ledger:
            if h == hand_no:
                ledger[payer] = ledger.get(payer, 0) - amount
                ledger[payee] = ledger.get(payee, 0) + amount
        assert ledger == nets, f"hand {hand_no}"
    # a failed contract leaves a bête in the register, in the failing declarer's name
    for hand_no, declarer, made_it, _ in result.hands:
        entries = [e for e in result.register if e[3] == hand_no]
        assert (made_it == 0) == (len(entries) == 1 and entries[0][0] == declarer)
    assert players.summaries() == list(range(1, HANDS + 1))
    assert "Traceback" not in bot.output()
    assert server.problems() == []


def record_words(move: Move) -> str:
    """A call, discard or card as the hand record writes it ("" for other moves)."""
    calls = {"b2": "bid 2", "pass": "pass", "cag": "cagnote", "tout": "tout"}
    if move.verb == "call":
        return f"{move.seat} {calls[move.arg]}"
    if move.verb in ("discard", "play"):
        return f"{move.seat} {move.verb} {move.arg}"
    return ""


KILL_POINTS = {
    # after the second call, once the next bidder's hand shows its buttons
    "auction": KillPoint(
        lambda move, before: move.verb == "call" and [m.verb for m in before].count("call") == 1,
        presented=True,
        old_button=True,
    ),
    # right after the dealer's discard is answered: his hand asks for the declaration
    "discard": KillPoint(lambda move, _: move.verb == "discard", old_button=True),
    # the second card of the second trick of the second hand, before the next
    # player's hand is redrawn: he finds his turn with *My hand*
    "trick": KillPoint(nth_play(2, 6), hold=True),
    # the last card of the first hand: settled in the same transaction as the card,
    # the table message and the summary not yet shown
    "settlement": KillPoint(nth_play(1, 20), hold=True),
}


@pytest.mark.parametrize("point", list(KILL_POINTS))
async def test_sigkill_loses_nothing(
    point: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    await PLAYED.killed_once(KILL_POINTS[point], server, make_bot, tmp_path)


async def test_a_kill_after_a_move_answered_late_loses_nothing(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    """The move at the kill point is answered late (the bot slow for 2.5 s: the click
    deferred, its message then edited through its token). That answer is the clicker's
    own, let through the kill point's hold as an answer in the click's callback is: the
    kill comes after it, and the game ends as the game played straight through."""
    expected = await PLAYED.reference(tmp_path)
    bot = make_bot(module="tests.e2e.seeded_bot", env={**PLAYED.env, SLOW_VARIABLE: "play:2.5:1"})
    await bot.start()
    players = PLAYED.players(server)
    first_call = KillPoint(
        lambda move, before: move.verb == "call" and all(m.verb != "call" for m in before),
        hold=True,
    )
    chosen = arm(server, bot, players, first_call)
    game = await PLAYED.play_through(server, bot, players)
    assert chosen and bot.starts == 2
    (late,) = [ix for ix in players.interactions if ix.name == chosen[0].custom_id]
    assert late.response_type == DEFERRED_UPDATE_MESSAGE  # the first service call: slowed
    PLAYED.assert_as_expected(game, expected, server, players, [bot])
