"""Haitian Bésigue against the real bot process: simulated users open a table
(``/table new besigue-haiti``), two players for a whole deal (57 tricks of phase
1, then 9), and four in partnerships for another, playing from what they receive
(the cards of their DMs, from the hand and from the table, and the trick winner's
combinations and *nothing more* in his DM).  Each game is also SIGKILLed mid-deal
(right after a combination is laid, in the middle of a trick): the outcome (event
log, records, the marque the records replay to, no money) is the uninterrupted
game's, and no message names a card its readers could not see, a joker included:
the hand and the cards drawn only to their holder, the stock never.

The players' policy (``tests.e2e.players``): the winner lays the first combination
offered (the first marriage fixes trump), else draws; a card from the table on
odd moves, the last card of the hand otherwise.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.besigue.codec import action_of
from games.besigue import Kind
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.kills import KillPoint, nth_play
from tests.e2e.leaks import cards_in, game_knowledge, scan
from tests.e2e.played import SeededGame
from tests.e2e.players import TablePlayers
from tests.e2e.test_besigue_game import nth_move, record_words

GAME = "besigue-haiti"
TWO = SeededGame(GAME, "1", ("arthur", "bertrand"), 1)
FOUR = SeededGame(
    GAME, "2", ("arthur", "bertrand", "claude", "denis"), 1, (("partnerships", True),)
)


def check_game(players: TablePlayers, record: dict, server: FakeDiscord, database: Path) -> None:
    """The deal's record holds exactly the moves made, trump was fixed by a marriage
    laid in a DM, and the scan found no card shown to a reader who could not see it:
    each hand and each joker dealt was shown to its holder, every card played or laid
    to everyone, and no combination offered in public."""
    assert record["game"] == GAME and record["options"]["variant"] == "haiti"
    assert "turned" not in record["deals"][0]
    made = [record_words(m) for m in players.moves]
    assert record["deals"][0]["actions"] == [w for w in made if w]
    melds = [m for m in players.moves if m.verb == "meld"]
    assert melds and melds[0].arg.startswith("trump-marriage:"), melds[:1]
    for move in players.moves:
        if move.verb in ("meld", "call"):
            assert move.message in players.users[move.seat].dms(), move
    knowledge = game_knowledge(players, database)
    seen = scan(server.log, knowledge)
    assert seen.leaks == [], "\n".join(str(leak) for leak in seen.leaks[:20])
    for seat, user in enumerate(players.users):
        dealt = set(record["deals"][0]["hands"][seat])
        missing = dealt - seen.shown[user.id]
        assert not missing, f"{user.name} was never shown {missing}"
    public: set[str] = set()
    for move in players.moves:
        if move.verb in ("play", "meld"):
            action = action_of(move.verb, move.arg)
            cards = [action.card] if action.kind is Kind.PLAY else action.cards
            public |= {str(c) for c in cards}
    assert "JK" in public  # a joker was played or laid, and the scan read it
    assert not public - seen.shown[None], public - seen.shown[None]
    for sent in server.log:
        if sent.audience is None:
            assert not any(":meld:" in s for s in sent.strings()), sent
    # and it would see a joker held, shown to everyone before any was public
    private = next(
        s
        for s in server.log
        if s.audience is not None
        and "JK" not in knowledge.allowed(None, s.seq)
        and any("JK" in cards_in(x) for x in s.strings())
    )
    assert scan([dataclasses.replace(private, audience=None)], knowledge).leaks


async def test_two_players_play_a_whole_deal(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = TWO.bot(make_bot)
    await bot.start()
    players = TWO.players(server)
    game = await TWO.play_through(server, bot, players)
    result = game.outcome
    [(hand_no, _, _, record)] = result.hands
    assert hand_no == 1 and len(record["deals"]) == 1
    plays = [m for m in players.moves if m.verb == "play"]
    assert len(plays) == 2 * (57 + 9) or result.results[-1][-1]["over"]
    check_game(players, record, server, bot.database_path)
    [deal] = result.results[-1]
    assert deal["finished"] and deal["scores"] == deal["points"] and deal["parties"] == [0, 0]
    table_text = players.require_table().text()
    assert "Marque" in table_text and all(f"**{s}**" in table_text for s in deal["scores"])
    assert all(net == 0 for *_, net in result.nets) and result.ledger == []
    assert players.summaries() == [1]
    assert "Traceback" not in bot.output()
    assert server.problems() == []


async def test_four_partners_play_a_whole_deal(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = FOUR.bot(make_bot)
    await bot.start()
    players = FOUR.players(server)
    game = await FOUR.play_through(server, bot, players)
    [(_, _, _, record)] = game.outcome.hands
    assert record["options"]["partnerships"] is True and len(record["scores"]) == 2
    check_game(players, record, server, bot.database_path)
    [deal] = game.outcome.results[-1]
    assert deal["finished"] and len(deal["scores"]) == 2 and len(deal["points"]) == 4
    assert deal["scores"] == [deal["points"][0] + deal["points"][2],
                              deal["points"][1] + deal["points"][3]]  # fmt: skip
    assert "Traceback" not in bot.output()
    assert server.problems() == []


KILLS: dict[str, tuple[SeededGame, KillPoint]] = {
    # the first marriage, which fixes trump: the winner goes on from his DM
    "two, the first marriage": (
        TWO,
        KillPoint(nth_move(1, "meld", 1), presented=True, old_button=True),
    ),
    # the card that leads a trick of phase 1, before anyone is shown it
    "two, mid-trick": (TWO, KillPoint(nth_play(1, 41), hold=True)),
    # four partners: the third combination of the deal, and a trick of phase 2
    "four, a combination": (
        FOUR,
        KillPoint(nth_move(1, "meld", 3), presented=True, old_button=True),
    ),
    "four, phase 2": (FOUR, KillPoint(nth_play(1, 4 * 24 + 6), hold=True)),
}


@pytest.mark.parametrize("point", list(KILLS))
async def test_sigkill_mid_deal_loses_nothing(
    point: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    played, kill = KILLS[point]
    game = await played.killed_once(kill, server, make_bot, tmp_path)
    expected = await played.reference(tmp_path)
    assert game.outcome.results == expected.outcome.results
    assert game.outcome.results[-1][-1]["finished"]
