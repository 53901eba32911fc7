"""Forged and bad input against the real bot process: each gets a clear ephemeral
answer and changes nothing in the database; and a message edit Discord refuses
for a while (429, 5xx) does not stop the table.

Forged clicks come from a modified client: Discord itself only delivers a
component interaction for a component of the clicked message (and discord.py
drops the others), so the forger's message is sent with the forged component
in it, as the bot would receive it were that check bypassed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.ids import ComponentId
from bot.texts.i18n import MESSAGES
from tests.e2e.fake import BotProcess, FakeDiscord, FakeMessage, SimInteraction, SimUser
from tests.e2e.fake.interaction import MESSAGE_COMPONENT
from tests.e2e.outcome import counts
from tests.e2e.players import WAIT, Offer, TablePlayers, component_id, find_button

CHANNEL_MESSAGE = 4
UPDATE_MESSAGE = 7
ANSWER_WAIT = 5.0  # Discord drops an interaction not answered within 3 seconds


def says(key: str) -> str:
    """The fixed start of a French refusal, up to its first placeholder."""
    return MESSAGES[key]["fr"].split("{")[0].strip()


class Refusals:
    """Sends bad input and notes every way an answer falls short, to report them all."""

    def __init__(self, server: FakeDiscord, bot: BotProcess) -> None:
        self.server = server
        self.bot = bot
        self.problems: list[str] = []

    async def expect(
        self, what: str, send: Awaitable[SimInteraction], *keys: str
    ) -> SimInteraction | None:
        """``send`` must be answered privately, with one of the refusals ``keys`` (any
        refusal but the generic one when none is given), and change nothing."""
        before = counts(self.bot.database_path)
        ix = await send
        try:
            await ix.wait_ack(ANSWER_WAIT)
        except (TimeoutError, AssertionError) as error:
            self.problems.append(f"{what}: no answer ({str(error).splitlines()[0]})")
            return None
        text = ix.text()
        if ix.response_type != CHANNEL_MESSAGE or not ix.ephemeral:
            self.problems.append(f"{what}: answered with {ix.response_type}, not privately")
        if says("error.generic") in text:
            self.problems.append(f"{what}: answered as an unexpected error: {text!r}")
        elif keys and not any(says(key) in text for key in keys):
            self.problems.append(f"{what}: answered {text!r}, expected one of {keys}")
        after = counts(self.bot.database_path)
        if after != before:
            self.problems.append(f"{what}: changed the database {before} -> {after}")
        return ix


async def forge(
    server: FakeDiscord,
    user: SimUser,
    message: FakeMessage,
    custom_id: str,
    values: list[str] | None = None,
) -> SimInteraction:
    """``user`` clicks ``custom_id`` as if it were a component of ``message``."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    component: dict[str, Any] = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
    if values is not None:
        data.update(component_type=3, values=values)
        options = [{"label": v, "value": v} for v in values]
        component = {"type": 3, "custom_id": custom_id, "options": options, "max_values": 3}
    payload = {**message.payload, "components": [{"type": 1, "components": [component]}]}
    channel = server.channels[message.channel_id]
    return await server.dispatch_interaction(
        user.user, channel, MESSAGE_COMPONENT, data, message=message, message_payload=payload
    )


def panels(user: SimUser) -> list[FakeMessage]:
    """The user's private hands: their DMs that are not ephemeral answers."""
    return [m for m in user.dms() if not m.ephemeral and m.embeds]


def panel(user: SimUser) -> FakeMessage:
    return panels(user)[-1]


def card_buttons(user: SimUser) -> list[ComponentId]:
    """The cards on the user's private hand (greyed out when not their turn)."""
    found = [component_id(c) for c in panel(user).buttons()] if panels(user) else []
    return [cid for cid in found if cid is not None and cid.verb == "play"]


async def seated_table(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> tuple[BotProcess, TablePlayers]:
    bot = make_bot(module="tests.e2e.seeded_bot", env={"BETE_TABLE_SEED": "1976"})
    await bot.start()
    players = TablePlayers(server, server.add_users("arthur", "bertrand", "edmond", "gaston"))
    await players.open()
    return bot, players


async def play_until(players: TablePlayers, wanted: Callable[[Offer], bool]) -> Offer:
    """Let the players play until one of them is offered ``wanted``; that move is not made."""
    while True:
        offer = await players.server.wait_for(players.offer, WAIT, "a player's turn")
        if wanted(offer):
            await players.server.settle()
            return offer
        await players.act(offer)


def verbs(offer: Offer) -> set[str]:
    return {cid.verb for c in offer.components if (cid := component_id(c)) is not None}


async def test_bad_input_is_refused_and_changes_nothing(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    users, table, tid = players.users, players.require_table(), players.table_id
    refusals = Refusals(server, bot)
    check = refusals.expect

    # ---- the auction: first hand to speak
    offer = await play_until(players, lambda o: "call" in verbs(o))
    actor, other = users[offer.seat], users[(offer.seat + 1) % 4]
    await server.wait_for(lambda: all(panels(u) for u in users), WAIT, "every private hand")
    call = str(offer.components[0]["custom_id"])  # e.g. pass
    moves = offer.moves
    assert table.component(call) is not None, "the table message offers the calls"
    await check(
        "a call on the table by a player not to act",
        other.click(table, call),
        "error.not_your_turn",
    )
    await check(
        "the actor's call forged by another player",
        forge(server, other, panel(other), call),
        "error.not_your_turn",
    )
    intruder = server.add_user("intrus")
    await check("a call by someone not seated", intruder.click(table, call), "error.not_seated")
    hand = find_button(table, "hand")
    assert hand is not None
    await check("My hand by someone not seated", intruder.click(table, hand), "error.not_seated")
    await check(
        "an unknown table",
        forge(server, actor, panel(actor), f"tb:999999:{moves}:call:pass"),
        "error.table_gone",
    )
    await check(
        "the actor's call forged by another player, in an id of an older version",
        forge(server, other, panel(other), call.replace("tb:", "bh:", 1)),
        "error.not_your_turn",
    )
    malformed = {
        "a card that is no card": f"tb:{tid}:{moves}:play:ZZ",
        "a call that is no call": f"tb:{tid}:{moves}:call:banana",
        "a level that is no number": f"tb:{tid}:{moves}:decl:S:x",
        "a suit that is no suit": f"tb:{tid}:{moves}:decl:Z:2",
        "an unknown verb": f"tb:{tid}:{moves}:frob",
    }
    for what, custom_id in malformed.items():
        await check(
            what, forge(server, actor, panel(actor), custom_id), "error.bad_input", "error.bad_card"
        )
    await check(
        "a discard of cards that are no cards",
        forge(server, actor, panel(actor), f"tbs:{tid}:{moves}:discard", ["ZZ", "YY", "XX"]),
        "error.bad_input",
        "error.bad_card",
    )
    for user in (actor, other):
        name = "the actor" if user is actor else "another player"
        await check(f"/play move:zz by {name}", user.slash("play", move="zz"), "error.bad_card")
        await check(
            f"/play move:banana by {name}",
            user.slash("play", move="banana"),
            "error.bad_input",
            "error.bad_card",
        )
        await check(
            f"/play move:discard zz by {name}",
            user.slash("play", move="discard zz"),
            "error.bad_input",
            "error.bad_card",
        )
        await check(
            f"/play move:KH KH by {name}",
            user.slash("play", move="KH KH"),
            "error.bad_input",
            "error.illegal_discard",
            "error.not_your_turn",
        )
        await check(
            f"/play move:declare garbage by {name}",
            user.slash("play", move="declare garbage"),
            "error.bad_input",
            "error.bad_card",
        )
    await check(
        "/play move:5 by a player not to act",
        other.slash("play", move="5"),
        "error.not_your_turn",
    )
    await check(
        "/play move:pass by a player not to act",
        other.slash("play", move="pass"),
        "error.not_your_turn",
    )

    # a double click: the first is taken, the second finds the hand moved on
    events = counts(bot.database_path)["table_events"]
    first = await actor.click(offer.message, call, wait=False)
    second = await actor.click(offer.message, call, wait=False)
    await asyncio.gather(first.wait_ack(WAIT), second.wait_ack(WAIT))
    taken = sorted([first.response_type or 0, second.response_type or 0])
    assert taken == [CHANNEL_MESSAGE, UPDATE_MESSAGE], f"{first.text()!r} / {second.text()!r}"
    refused = first if first.response_type == CHANNEL_MESSAGE else second
    assert refused.ephemeral and says("error.stale") in refused.text()
    assert counts(bot.database_path)["table_events"] == events + 1
    players.last_moves = moves

    # ---- the play: a card of the player to act
    offer = await play_until(players, lambda o: "play" in verbs(o))
    actor, other = users[offer.seat], users[(offer.seat + 1) % 4]
    card = str(offer.components[0]["custom_id"])
    moves = offer.moves
    await check(
        "the actor's card forged by another player",
        forge(server, other, panel(other), card),
        "error.not_your_turn",
    )
    await server.wait_for(lambda: card_buttons(other), WAIT, "the cards of another player")
    foreign = card_buttons(other)[0]
    await check(
        "a card of another player's hand, forged by the actor",
        forge(server, actor, panel(actor), f"tb:{tid}:{moves}:play:{foreign.arg}"),
        "error.not_held",
    )
    await check(
        "a card by a player not to act",
        other.slash("play", move=foreign.arg),
        "error.not_your_turn",
    )
    await check(
        "a discard during the play",
        forge(server, actor, panel(actor), f"tbs:{tid}:{moves}:discard", [foreign.arg]),
        "error.illegal_discard",
        "error.play_expected",  # the refusal lists the cards the hand waits for
        "error.stale",
        "error.no_hand",
    )
    await check(
        "a declaration during the play",
        forge(server, actor, panel(actor), f"tb:{tid}:{moves}:decl:S:3:0"),
        "error.illegal_declare",
        "error.play_expected",  # the refusal lists the cards the hand waits for
        "error.stale",
        "error.no_hand",
    )
    await check(
        "a call during the play", forge(server, actor, panel(actor), f"tb:{tid}:{moves}:call:pass")
    )
    await check("next hand during the play", forge(server, actor, table, f"tb:{tid}:1:next"))
    # the last move's button, clicked again as it was drawn
    last = players.moves[-1]
    await check(
        "a button of a move already made",
        users[last.seat].click(last.message, last.custom_id, from_version=last.version),
        "error.stale",
    )

    # ---- and the table goes on: the hand is played to its settlement
    await players.play_hand()
    await players.finish()
    assert players.summaries() == [1]
    assert counts(bot.database_path)["ledger"] > 0
    assert not refusals.problems, "\n".join(refusals.problems)
    assert "Traceback" not in bot.output()
    assert server.problems() == []


def shown_moves(table: FakeMessage) -> int:
    """The move the table message was drawn at (carried by its *My hand* button)."""
    hand = find_button(table, "hand")
    assert hand is not None, f"no My hand button on {table!r}"
    return ComponentId.parse(hand).moves


async def test_refused_edits_do_not_stop_the_table(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    table = players.require_table()

    # 429 twice, then a 500, on the edits that follow a move (of the table message or
    # of a private hand): discord.py waits or tries again, and every player sees the move
    any_edit = "/channels/{channel_id}/messages/{message_id}"
    for status, times in ((429, 2), (500, 1)):
        fault = server.inject("PATCH", any_edit, status=status, times=times, retry_after=0.2)
        while fault.remaining:
            await players.act(await server.wait_for(players.offer, WAIT, "a call"))
        await server.wait_for(
            lambda: shown_moves(table) == players.last_moves + 1 and players.offer() is not None,
            WAIT,
            "the move shown on the table, and the next player's turn",
        )

    # 503s (which discord.py does not retry) on the posts after the last card (the
    # summary, and the table message below it, the one that offers the next hand), then
    # a 429: the outbox tries them again
    last_card = await play_until(
        players,
        lambda o: "play" in verbs(o) and sum(1 for m in players.moves if m.verb == "play") == 19,
    )
    posts = "/channels/{channel_id}/messages"
    unavailable = server.inject("POST", posts, status=503, times=2)
    server.inject("POST", posts, status=429, retry_after=0.2)
    await players.act(last_card)
    await server.wait_for(players.hand_over, WAIT, "the table to offer the next hand")
    await players.finish()
    assert unavailable.hits == 2 and players.summaries() == [1]
    # the table message, posted again below the summary, offers the next hand
    assert table.deleted and players.require_table() is not table and players.hand_over()

    # and the next hand is dealt and played
    await players.next_hand()
    await players.play_hand()
    await players.finish()
    assert players.summaries() == [1, 2]
    assert "Traceback" not in bot.output()
    assert server.problems() == []
