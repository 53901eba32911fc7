"""The background reviews' own course, on a real SQLite file: a loop that reviews the
seats left while idle and stops cleanly (a review under way dropped, nothing half
stored), a review that fails set aside, each server in turn and only those of this
process, and a restart that takes up the seats left."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.errors import UserError
from bot.tables.computer import PoolDecider
from bot.tables.names import AI_PREFIX
from bot.teacher.background import BackgroundReviews
from bot.teacher.reviewer import Reviewer, inline_review
from db import Database, HandSeat
from examples.toy import GAME as TOY
from games.ai.teacher import decision_keys, has_valuer
from tests.teacher.helpers import played_record

GUILD = 7
WAIT = 120  # seconds at most for what a test waits on (a bound, not a measure)


@pytest.fixture
async def db(tmp_path: Path) -> Any:
    database = await Database.open(tmp_path / "reviews.sqlite3")
    yield database
    await database.close()


async def stored_hand(
    db: Database,
    guild: int = GUILD,
    seed: int = 3,
    game: str = "bete",
    level: str = "heuristic",
    extra: Mapping[str, Any] | None = None,
) -> int:
    """A hand of ``game`` (La Bête) played by a person (seat 0) and a computer player
    (seat 1, ``level`` playing both seats' moves), ``extra`` keys in its record."""
    players = ["101", f"{AI_PREFIX}fair:Bo"]
    record = dict(played_record(game, seed, level), players=players, **(extra or {}))
    async with db.transaction() as store:
        await store.preferences.set_guild_auto_review(guild, True)
        return await store.ledger.insert_hand(
            guild_id=guild, game=game, table_id=None, hand_no=1, record=record,
            declarer=None, made=None, players=[HandSeat(p, p, 0) for p in players],
        )  # fmt: skip


async def left(db: Database, guild: int = GUILD) -> list[tuple[int, int]]:
    async with db.reading() as store:
        seats = await store.reviews.unreviewed_seats(guild, AI_PREFIX, 100)
    return [(s.hand_id, s.seat) for s in seats]


async def test_the_loop_reviews_the_seats_left_then_stops(db: Database) -> None:
    hands = [await stored_hand(db, seed=seed) for seed in (3, 4)]
    reviewer = Reviewer(db, inline_review, budget=1)
    done: list[int] = []
    both = asyncio.Event()

    async def review(guild_id: int, hand_id: int, seat: int) -> object:
        stored = await reviewer.review_seat(guild_id, hand_id, seat)
        done.append(hand_id)
        if len(done) == 2:
            both.set()
        return stored

    background = BackgroundReviews(db, review, {}, poll=0.01, pause=0.01)
    background.start()
    await asyncio.wait_for(both.wait(), WAIT)
    await background.close()
    assert not background.running
    assert done == hands[::-1]  # the newest first
    assert await left(db) == []
    async with db.reading() as store:
        review_of = await store.reviews.review(hands[0], 0)
    assert review_of is not None and review_of.player == "101" and review_of.valued > 0


async def test_the_decisions_the_time_limit_made_are_left_out(db: Database) -> None:
    """A background review is the Review button's: the person's decisions the time
    limit made (the record's ``timed_out``) are left out, and named."""
    keys = decision_keys(dict(played_record("bete", 3, "heuristic")), 0)
    assert len(keys) >= 2
    hand = await stored_hand(db, extra={"timed_out": {"0": keys[:1]}})
    reviewer = Reviewer(db, inline_review, budget=1)
    background = BackgroundReviews(db, reviewer.review_seat, {})
    assert await background.review_next() is not None
    async with db.reading() as store:
        stored = await store.reviews.review(hand, 0)
    assert stored is not None and stored.review["timed_out"] == keys[:1]
    assert [d["key"] for d in stored.review["decisions"]] == keys[1:]
    assert await left(db) == []


async def test_closing_drops_a_review_under_way(db: Database) -> None:
    hand = await stored_hand(db)
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def endless(guild_id: int, hand_id: int, seat: int) -> object:
        started.set()
        try:
            await asyncio.Event().wait()  # a review that would take long
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return None

    background = BackgroundReviews(db, endless, {}, poll=0.01)
    background.start()
    await asyncio.wait_for(started.wait(), WAIT)
    await asyncio.wait_for(background.close(), WAIT)  # does not wait for the review
    assert cancelled.is_set() and not background.running
    assert await left(db) == [(hand, 0)]  # nothing stored: found again after a restart


async def test_a_failed_review_is_set_aside_and_a_restart_takes_up_the_rest(
    db: Database,
) -> None:
    first, second = await stored_hand(db, seed=3), await stored_hand(db, seed=4)
    reviewer = Reviewer(db, inline_review, budget=1)
    tried: list[int] = []

    async def failing_first(guild_id: int, hand_id: int, seat: int) -> object:
        tried.append(hand_id)
        if hand_id == second:  # the newest, tried first
            raise ValueError("this hand cannot be reviewed")
        return await reviewer.review_seat(guild_id, hand_id, seat)

    background = BackgroundReviews(db, failing_first, {})
    assert (await background.review_next()) is not None  # tried, failed, logged
    assert (await background.review_next()) is not None
    assert await background.review_next() is None  # the failed one is not tried again
    assert tried == [second, first] and await left(db) == [(second, 0)]

    restarted = BackgroundReviews(db, reviewer.review_seat, {})  # a new process
    seat = await restarted.review_next()
    assert seat is not None and (seat.hand_id, seat.seat) == (second, 0)
    assert await left(db) == []


async def test_a_game_with_no_valuer_is_left_out_and_a_refusal_set_aside_quietly(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    bete = await stored_hand(db, seed=3)
    toy = await stored_hand(db, seed=4, game=TOY, level="high")  # the newest: no valuer
    unreadable = await stored_hand(db, seed=5)  # newer still: its record is refused
    assert not has_valuer(TOY)
    reviewer = Reviewer(db, inline_review, budget=1)
    tried: list[int] = []

    async def review(guild_id: int, hand_id: int, seat: int) -> object:
        tried.append(hand_id)
        if hand_id == unreadable:
            raise UserError("review.unreadable", id=hand_id)
        return await reviewer.review_seat(guild_id, hand_id, seat)

    background = BackgroundReviews(db, review, {})
    with caplog.at_level(logging.INFO):
        while await background.review_next() is not None:
            pass
    assert tried == [unreadable, bete]  # the toy game's hand is never tried
    assert await left(db) == [(unreadable, 0), (toy, 0)]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_each_server_in_turn_and_only_this_processs(db: Database) -> None:
    ours = [await stored_hand(db, guild, seed) for guild, seed in ((1, 3), (1, 4), (2, 5))]
    theirs = await stored_hand(db, guild=3, seed=6)
    reviewed: list[int] = []

    async def review(guild_id: int, hand_id: int, seat: int) -> object:
        reviewed.append(guild_id)
        return await Reviewer(db, inline_review, budget=1).review_seat(guild_id, hand_id, seat)

    background = BackgroundReviews(db, review, {}, owns=lambda guild: guild != 3)
    while await background.review_next() is not None:
        pass
    assert reviewed == [1, 2, 1]  # one server does not wait for another's backlog
    assert await left(db, 1) == [] and await left(db, 2) == []
    assert await left(db, 3) == [(theirs, 0)] and len(ours) == 3


async def test_the_bots_reviewer_reviews_in_the_workers(db: Database) -> None:
    hand = await stored_hand(db)
    workers = PoolDecider(1)
    reviewer = Reviewer(db, workers.review, budget=1)
    try:
        stored = await asyncio.wait_for(reviewer.review_seat(GUILD, hand, 0), WAIT)
    finally:
        workers.close()
    assert stored.hand_id == hand and stored.player == "101" and stored.valued > 0
    assert await reviewer.review_seat(GUILD, hand, 0) == stored  # stored: not made again
    with pytest.raises(UserError):
        await reviewer.review_seat(GUILD + 1, hand, 0)  # another server's hand
