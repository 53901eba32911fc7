"""Bésigue against the real bot process: two simulated users open a table
(``/table new besigue``), play whole deals from what they receive (the cards of
their DMs, from the hand and from the table, and the trick winner's combinations,
seven and *nothing more* in his DM), and the same game is SIGKILLed mid-deal: right
after a combination is laid, after the 7 of trump is exchanged, in the middle of a
trick and on the move that ends a deal. The outcome (event log, records, the scores
the records replay to, no money, no match result before the target) is the
uninterrupted game's, and no message names a card its readers could not see: the
hand and the cards drawn only to their holder, the stock never.

The players' policy (``tests.e2e.players``): the winner lays the first combination
offered, exchanges or shows the 7 when offered, else draws; a card from the table on
odd moves, the last card of the hand otherwise.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.besigue.codec import action_of
from bot.texts.i18n import t
from games.besigue import Kind
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.fake.model import walk_components
from tests.e2e.kills import KillPoint, nth_play
from tests.e2e.leaks import cards_in, game_knowledge, scan
from tests.e2e.played import Game, SeededGame
from tests.e2e.players import Move

SEED = "1"
DEALS = 2
NAMES = ("arthur", "bertrand")
GAME = "besigue"
LANGS = ("fr", "en")
TARGET = 1000  # the default target with two: no match ends in two deals

PLAYED = SeededGame(GAME, SEED, NAMES, DEALS)


def record_words(move: Move) -> str:
    """A move as the deal's record writes it ("" for the table's own moves and for
    *nothing more*: the draws come by themselves, a record leaves ``draw`` out)."""
    if move.verb not in ("play", "meld", "call") or move.arg == "draw":
        return ""
    return f"{move.seat} {action_of(move.verb, move.arg)}"


def from_table(move: Move) -> bool:
    """The card was played from the laid cards: its button said so when clicked."""
    drawn = move.message.history[move.version]
    button = next(
        c for c in walk_components(drawn.get("components") or [])
        if c.get("custom_id") == move.custom_id
    )  # fmt: skip
    label = str(button.get("label"))
    said = {t(lang, "besigue.from_table", count=n) for lang in LANGS for n in (1, 2)}
    return move.verb == "play" and any(words in label for words in said)


def scores(game: Game) -> list[list[int]]:
    """The scores after each deal, as the engine replays the last record (the game)."""
    return [deal["scores"] for deal in game.outcome.results[-1]]


async def test_two_players_play_whole_deals(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    game = await PLAYED.play_through(server, bot, players)
    result = game.outcome

    # each deal was counted; its record is the game so far (one deal more each time),
    # its last deal holds exactly the moves the players made
    assert [hand[0] for hand in result.hands] == list(range(1, DEALS + 1))
    records = {hand_no: record for hand_no, _, _, record in result.hands}
    for hand_no, record in records.items():
        assert record["game"] == GAME and len(record["deals"]) == hand_no
        assert record["scores"] == [0, 0]
        made = [record_words(m) for m in players.moves if m.hand_no == hand_no]
        assert record["deals"][-1]["actions"] == [w for w in made if w]
        assert record["deals"][:-1] == records[hand_no - 1]["deals"] if hand_no > 1 else True
    said = [a.split(" ", 1)[1] for r in records.values() for a in r["deals"][-1]["actions"]]
    assert any(a.startswith("meld ") for a in said), said
    assert "seven exchange" in said and "seven show" in said
    assert any(m.verb == "call" and m.arg == "draw" for m in players.moves)
    assert any(map(from_table, players.moves)), "no card was played from the table"
    # every choice of the declaring was made in the winner's own DM
    for move in players.moves:
        if move.verb in ("meld", "call"):
            assert move.message in players.users[move.seat].dms(), move

    # the scores: each deal's points added up, the same in both records, and on the
    # table; no money moved, and no match ended short of the target
    results = result.results
    assert results[-1][:-1] == results[0] and len(results[-1]) == DEALS
    totals = [0, 0]
    for deal in results[-1]:
        totals = [a + b for a, b in zip(totals, deal["points"], strict=True)]
        assert deal["scores"] == totals and not deal["over"]
    assert 0 < max(totals) < TARGET and sum(totals) > 0
    table_text = players.require_table().text()
    assert all(f"**{score}**" in table_text for score in totals), (totals, table_text)
    assert all(net == 0 for *_, net in result.nets) and result.ledger == []
    assert result.register == [] and result.pot == 0 and game.pot == {}
    assert result.matches == []

    # hidden cards stayed hidden, and the scan saw what it must: each player's hand in
    # their DMs, every card played and laid in public, no combination offered there
    knowledge = game_knowledge(players, bot.database_path)
    seen = scan(server.log, knowledge)
    assert seen.leaks == [], "\n".join(str(leak) for leak in seen.leaks[:20])
    for seat, user in enumerate(players.users):
        dealt = {card for r in records.values() for card in r["deals"][-1]["hands"][seat]}
        missing = dealt - seen.shown[user.id]
        assert not missing, f"{user.name} was never shown {missing}"
    public: set[str] = set()
    for move in players.moves:
        if move.verb in ("play", "meld"):
            action = action_of(move.verb, move.arg)
            cards = [action.card] if action.kind is Kind.PLAY else action.cards
            public |= {str(c) for c in cards}
    assert public and not public - seen.shown[None], public - seen.shown[None]
    for sent in server.log:
        if sent.audience is None:
            assert not any(":meld:" in s for s in sent.strings()), sent

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


def nth_move(hand_no: int, verb: str, n: int, arg: str = "") -> Callable[[Move, list[Move]], bool]:
    """The ``n``-th move ``verb`` (whose argument starts with ``arg``) of hand ``hand_no``."""

    def chosen(move: Move) -> bool:
        return move.hand_no == hand_no and move.verb == verb and move.arg.startswith(arg)

    def when(move: Move, before: list[Move]) -> bool:
        return chosen(move) and sum(map(chosen, before)) == n - 1

    return when


def last_move_of(hand_no: int) -> Callable[[Move, list[Move]], bool]:
    """The move that ends deal ``hand_no`` in the game played straight through."""

    def when(move: Move, before: list[Move]) -> bool:
        assert PLAYED.straight is not None  # the reference is played before any kill
        moves = PLAYED.straight.moves
        last = max(i for i, m in enumerate(moves) if m[0] == hand_no)
        return len(before) == last

    return when


KILL_POINTS: dict[str, KillPoint] = {
    # the first combination of the second deal: the winner goes on from the DM drawn
    # before the kill (his seven, or his next card once everyone drew)
    "combination": KillPoint(nth_move(2, "meld", 1), presented=True, old_button=True),
    # the 7 of trump exchanged for the turned card: the turned card is the 7 after it
    "exchange": KillPoint(nth_move(1, "call", 1, "exchange"), presented=True, old_button=True),
    # the card that leads the 11th trick of the second deal (phase 1, cards laid on the
    # table), before anyone is shown it: play goes on through *My hand*
    "trick": KillPoint(nth_play(2, 21), hold=True),
    # the last card of the first deal, counted in the same transaction, the table
    # message and the count not yet shown
    "end of deal": KillPoint(last_move_of(1), hold=True),
}


@pytest.mark.parametrize("point", list(KILL_POINTS))
async def test_sigkill_mid_deal_loses_nothing(
    point: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    game = await PLAYED.killed_once(KILL_POINTS[point], server, make_bot, tmp_path)
    expected = await PLAYED.reference(tmp_path)
    assert scores(game) == scores(expected) and len(scores(game)) == DEALS
    assert game.outcome.results == expected.outcome.results
