"""La Bête against the real bot process: three simulated users open a table
(``/table new bete``), play whole deals from what they receive (their hand
DMs, the table message's call buttons), and the same game is SIGKILLed mid-deal:
once the speaking is over, after a curieuse turned a new trump, in the middle of
a trick and on the card that settles a deal. The outcome (event log, hands,
ledger, register, the pot by part) is the uninterrupted game's, and no message
shows a card its readers could not see.

The players' policy (``tests.e2e.players``): in odd deals the first to speak
says *je joue* and the next *je contre*; in even deals everyone passes, the
first goes *en curieuse* and then plays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.bete.port import PARTS, pot_of_parts
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.kills import KillPoint, nth_call, nth_play
from tests.e2e.leaks import cards_in, game_knowledge, scan
from tests.e2e.played import SeededGame
from tests.e2e.players import Move

SEED = "17920214"
DEALS = 2
NAMES = ("arthur", "bertrand", "edmond")
GAME = "bete"
CARDS = 5 * len(NAMES)  # cards played in a deal that is played out
RECORD_CALLS = {"pass": "pass", "joue": "play-contract", "contre": "contre", "cur": "curieuse"}


PLAYED = SeededGame(GAME, SEED, NAMES, DEALS)


def record_words(move: Move) -> str:
    """A call or card as the deal record writes it ("" for other moves)."""
    if move.verb == "call":
        return f"{move.seat} {RECORD_CALLS[move.arg]}"
    if move.verb == "play":
        return f"{move.seat} play {move.arg}"
    return ""


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
        assert record["game"] == GAME
        made = [record_words(m) for m in players.moves if m.hand_no == hand_no]
        assert record["actions"] == [w for w in made if w]
        assert sum(1 for a in record["actions"] if " play " in a) == CARDS
    # the policy did what it meant to: a contre in the first deal, a curieuse in the second
    assert any(a.endswith(" contre") for a in records[1]["actions"])
    assert any(a.endswith(" curieuse") for a in records[2]["actions"])

    # the money: each deal's nets agree with its ledger rows (None is the pot), and
    # what the players lost in all is what the pot holds, part by part as stored
    pot_total = 0
    for hand_no in range(1, DEALS + 1):
        nets = {player: net for h, _, player, _, net in result.nets if h == hand_no}
        assert set(nets) == {f"seat{i}" for i in range(len(NAMES))} and any(nets.values())
        ledger: dict[str | None, int] = dict.fromkeys(nets, 0)
        for h, payer, payee, amount, _ in result.ledger:
            if h == hand_no:
                ledger[payer] = ledger.get(payer, 0) - amount
                ledger[payee] = ledger.get(payee, 0) + amount
        pot_delta = ledger.pop(None, 0)
        assert ledger == nets, f"deal {hand_no}"
        assert pot_delta == -sum(nets.values()), f"deal {hand_no}"
        pot_total += pot_delta
    assert game.pot == result.pot_parts[GAME]
    assert set(game.pot) <= set(PARTS) and game.pot
    # the pot's jetons (its "bete" part counts the bêtes in the stake)
    assert pot_of_parts(game.pot).total == pot_total == result.pot - game.pot.get("bete", 0) > 0
    # the second deal was dealt with the pot the first one left
    assert records[1]["pot"] == {"reserve": 0, "stake": 0, "kings": 0}  # a record's jetons
    assert sum(records[2]["pot"].values()) == -sum(n for h, *_, n in result.nets if h == 1)

    # a lost deal leaves a bête in the register, in the failing declarer's name
    for hand_no, declarer, made_it, _ in result.hands:
        owners = [e[0] for e in result.register if e[3] == hand_no]
        assert declarer is not None
        assert (made_it == 0) == (declarer in owners), f"deal {hand_no}: {owners}"

    # hidden cards stayed hidden, and the scan saw what it must: each player's
    # hand in their messages, the trump cards and the cards played in public
    knowledge = game_knowledge(players, bot.database_path)
    seen = scan(server.log, knowledge)
    assert seen.leaks == [], "\n".join(str(leak) for leak in seen.leaks[:20])
    for seat, user in enumerate(players.users):
        own = {card for _, cards in knowledge.private[user.id] for card in cards}
        assert own == {card for record in records.values() for card in record["hands"][seat]}
        missing = own - seen.shown[user.id]
        assert not missing, f"{user.name} was never shown {missing}"
    turned = {records[1]["talon"][0], *records[2]["talon"][:2]}  # a curieuse in deal 2
    assert turned <= seen.shown[None], turned - seen.shown[None]
    played = [m.arg for m in players.moves if m.verb == "play"]
    assert len(played) == CARDS * DEALS
    # every card played is seen by everyone: in the trick on the table, or in the last
    # trick taken, which stays beside the next one (so one edit carrying several moves
    # covers nothing)
    unseen = set(played) - seen.shown[None]
    assert not unseen, unseen

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


KILL_POINTS = {
    # the contre that ends the speaking of the first deal, once the first player's
    # hand offers its cards: he plays from that message after the restart
    "speaking": KillPoint(nth_call(1, 2), presented=True, old_button=True),
    # the pass that closes the curieuse round of the second deal (a new trump is
    # turned): the curieux speaks again from the message sent before the kill
    "curieuse": KillPoint(nth_call(2, 2 * len(NAMES)), presented=True, old_button=True),
    # the second card of the second trick of the second deal, before the next
    # player's hand is redrawn: he finds his turn with *My hand*
    "trick": KillPoint(nth_play(2, len(NAMES) + 2), hold=True),
    # the last card of the first deal: settled in the same transaction as the card,
    # the table message and the summary not yet shown
    "settlement": KillPoint(nth_play(1, CARDS), hold=True),
}


@pytest.mark.parametrize("point", list(KILL_POINTS))
async def test_sigkill_mid_deal_loses_nothing(
    point: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    await PLAYED.killed_once(KILL_POINTS[point], server, make_bot, tmp_path)
