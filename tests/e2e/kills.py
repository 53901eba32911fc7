"""SIGKILL the bot at a chosen move of a game the simulated players are playing, and
check that the restart lost nothing: the database is as the killed bot left it,
the move's own button is now stale, and play goes on (with a button drawn before
the kill, or by asking for *My hand*).

Used by the whole-game tests of every game (``test_whole_game``, ``test_bete_game``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord, Hold
from tests.e2e.fake.interaction import DEFERRED_UPDATE_MESSAGE
from tests.e2e.outcome import Target, count_rows, counts, database_of
from tests.e2e.players import WAIT, Move, TablePlayers

EDITS = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
POSTS = ("POST", "/channels/{channel_id}/messages")
# a private hand is edited, and the next one or a turn notice posted, with its player's
# last click's token while it lives (``bot.delivery.presenter``)
HOOK_EDITS = ("PATCH", "/webhooks/{application_id}/{interaction_token}/messages/{message_id}")
HOOK_POSTS = ("POST", "/webhooks/{application_id}/{interaction_token}")
HELD = (EDITS, POSTS, HOOK_EDITS, HOOK_POSTS)  # what a kill point's hold keeps from landing


@dataclass(frozen=True)
class KillPoint:
    when: Callable[[Move, list[Move]], bool]
    """Whether to kill after this move, given the moves before it."""
    presented: bool = False
    """Wait until the next player is shown his move before the kill (else: kill right
    after the bot's answer)."""
    hold: bool = False
    """Hold the bot's message edits and posts from the move on, its own and those made
    with a click's token: it dies presenting."""
    old_button: bool = False
    """The next move must be possible from a message sent before the kill."""


def nth_play(hand_no: int, n: int) -> Callable[[Move, list[Move]], bool]:
    """The ``n``-th card played in hand ``hand_no``."""

    def when(move: Move, before: list[Move]) -> bool:
        plays = sum(1 for m in before if m.hand_no == hand_no and m.verb == "play")
        return move.verb == "play" and move.hand_no == hand_no and plays == n - 1

    return when


def nth_call(hand_no: int, n: int) -> Callable[[Move, list[Move]], bool]:
    """The ``n``-th call made in hand ``hand_no``."""

    def when(move: Move, before: list[Move]) -> bool:
        calls = sum(1 for m in before if m.hand_no == hand_no and m.verb == "call")
        return move.verb == "call" and move.hand_no == hand_no and calls == n - 1

    return when


def arm(
    server: FakeDiscord,
    bot: BotProcess,
    players: TablePlayers,
    kill: KillPoint,
    *,
    while_down: Callable[[Move], Awaitable[None]] | None = None,
) -> list[Move]:
    """Kill and restart ``bot`` once, after the first move ``kill.when`` picks; returns
    the list that holds that move once it is made (empty if the game never got there).

    ``while_down(move)`` runs between the kill and the restart (other processes of the
    bot may still be answering); whatever it does must leave the database as it was."""
    db = database_of(bot)
    chosen: list[Move] = []
    holds: list[Hold] = []

    async def before_move(move: Move) -> None:
        if not chosen and kill.when(move, players.moves):
            chosen.append(move)
            if kill.hold:
                # the bot quiet is no proof the previous move's presentation is over: its
                # table edit may wait its turn under the bot's pacing, and once that is
                # superseded by this move's, its private hands are drawn as the table is
                # then, this move's turn included; so the tokens' routes are held too
                await server.settle()
                spare = own_answer(server, server.snowflakes.next())
                holds.extend(server.hold(*route, spare=spare) for route in HELD)

    async def after_move(move: Move) -> None:
        if not chosen or move is not chosen[0]:
            return
        if kill.presented:
            await server.wait_for(players.offer, WAIT, "the next player's turn")
        if holds:  # the bot has started to present the move (or is still at the last one)
            await server.wait_for(lambda: any(h.held for h in holds), WAIT, "a held request")
        before = counts(db)
        old = {m.id for u in players.users for m in [*u.dms(), *u.ephemerals()]}
        await bot.kill()
        for hold in holds:
            hold.drop()
        if holds:  # the kill came before any player was shown the move's effect
            assert players.offer() is None
        if while_down is not None:
            await while_down(move)
        await bot.start()
        assert counts(db) == before, "the restart changed the database"
        await stale_click_changes_nothing(server, players, move, db)
        if kill.old_button:  # the next move is made with a button drawn before the kill
            offer = players.offer(among=old)
            assert offer is not None, "no message sent before the restart offers the next move"
            await players.act(offer)
        else:
            await players.recover()  # (nobody's turn if the move ended the hand)

    players.before_move = before_move
    players.after_move = after_move
    return chosen


def own_answer(server: FakeDiscord, armed: int) -> Callable[[str], bool]:
    """The answer of the move's own click, made after ``armed`` (a snowflake), when the
    bot deferred it (a slow moment: its message then edited through its token) and not
    its presentation to anyone: let through, as an answer in the click's callback is,
    since the click waits for it before the kill can come."""

    def spared(path: str) -> bool:
        parts = path.split("/")  # /webhooks/{application_id}/{token}/messages/@original
        if len(parts) != 6 or parts[1] != "webhooks" or parts[5] != "@original":
            return False
        clicked = next((ix for ix in server.interactions.values() if ix.token == parts[3]), None)
        return clicked is not None and clicked.id > armed

    return spared


async def stale_click_changes_nothing(
    server: FakeDiscord, players: TablePlayers, move: Move, db: Target
) -> None:
    """The move's own button, clicked again as it was drawn, is refused as stale."""
    user = players.users[move.seat]
    events = count_rows(db, "table_events")
    if move.verb == "discard":
        ix = await user.select(
            move.message, move.custom_id, move.values, from_version=move.version, timeout=WAIT
        )
    else:
        ix = await user.click(move.message, move.custom_id, from_version=move.version, timeout=WAIT)
    await ix.wait_ack(WAIT)
    stale = t("fr", "error.stale")
    if ix.response_type == DEFERRED_UPDATE_MESSAGE:  # answered late: the refusal follows
        said = await ix.wait_followup(1, WAIT)
        assert said.ephemeral and stale in said.text(), said.text()
    else:
        assert ix.ephemeral and stale in ix.text(), ix.text()
    assert count_rows(db, "table_events") == events
    await server.settle()
    assert count_rows(db, "table_events") == events
