"""A hand's review through the real bot process, SIGKILLed in the middle: the players
play a hand of La Bête, the first asks for his review with the *Review* button under
the summary, and the bot is killed with part of the decisions valued. Restarted, the
same button (drawn before the kill) finishes the review: stored once, whole, never
half-stored, and the same review as one made without interruption."""

from __future__ import annotations

import json
from collections.abc import Callable

from bot.texts.i18n import t
from games.ai.teacher import DEFAULT_DEALS, decision_keys, review_record
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.outcome import count_rows, database_of, reading
from tests.e2e.played import SeededGame
from tests.e2e.players import WAIT, find_button
from tests.e2e.review_paused_bot import PAUSE_VARIABLE

PLAYED = SeededGame("bete", "17920214", ("arthur", "bertrand", "edmond"), 1)
PAUSE_AFTER = 2  # decisions valued before the kill


async def test_a_review_killed_half_way_is_finished_after_the_restart(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    env = {**PLAYED.env, PAUSE_VARIABLE: str(PAUSE_AFTER)}
    bot = make_bot(module="tests.e2e.review_paused_bot", env=env)
    await bot.start()
    players = PLAYED.players(server)
    await players.play(1)
    await players.finish()
    table = players.require_table()
    summaries = [
        m for m in server.messages(table.channel_id) if find_button(m, "review") is not None
    ]
    assert len(summaries) == 1
    summary = summaries[0]
    button = find_button(summary, "review")
    assert button is not None
    db = database_of(bot)
    with reading(db) as con:
        hand_id, record_text = con.execute("SELECT id, record FROM hands").fetchone()
        seats = dict(
            con.execute("SELECT player, seat FROM hand_players WHERE hand_id = ?", (hand_id,))
        )
    record = json.loads(record_text)
    # the player with the most decisions asks for his review
    user = max(players.users, key=lambda u: len(decision_keys(record, seats[str(u.id)])))
    seat = seats[str(user.id)]
    assert len(decision_keys(record, seat)) > PAUSE_AFTER

    asked = await user.click(summary, button, timeout=WAIT)
    await asked.wait_ack(WAIT)
    assert asked.ephemeral
    await server.wait_for(
        lambda: count_rows(db, "review_decisions") == PAUSE_AFTER, WAIT, "decisions stored"
    )
    await server.wait_for(  # the progress line, edited in place
        lambda: asked.original is not None and f"{PAUSE_AFTER} " in asked.original.text(),
        WAIT,
        "the progress line",
    )
    await bot.kill()
    assert count_rows(db, "reviews") == 0  # never half-stored
    assert count_rows(db, "review_decisions") == PAUSE_AFTER

    again = make_bot(module="tests.e2e.seeded_bot", env=PLAYED.env)
    await again.start()
    retried = await user.click(summary, button, timeout=WAIT)  # drawn before
    shown = await retried.wait_done(WAIT * 4)
    assert shown is not None and shown.ephemeral
    await server.wait_for(lambda: count_rows(db, "reviews") == 1, WAIT * 4, "the review")
    await server.wait_for(
        lambda: bool(retried.original and retried.original.embeds), WAIT, "the result"
    )
    heading = t("fr", "review.title", id=hand_id, name="-", game="-").split(" — ")[0]
    assert str(retried.original.embeds[0].get("title")).startswith(heading)
    with reading(db) as con:
        rows = con.execute("SELECT hand_id, seat, review FROM reviews").fetchall()
    assert [(h, s) for h, s, _ in rows] == [(hand_id, seat)]
    assert count_rows(db, "review_decisions") == 0
    uninterrupted = review_record(record, seat, DEFAULT_DEALS, hand_id).to_json()
    assert json.loads(rows[0][2]) == uninterrupted
    assert server.problems() == []
