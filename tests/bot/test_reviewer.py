"""The bot's reviewer over a real SQLite file: a seat's review stored whole, once;
two askers at once review it once; a review that stops half-way (a worker that
died, a restart) is taken up where it stopped and comes out as an uninterrupted one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.errors import UserError
from bot.teacher.reviewer import Reviewer, inline_review
from db import Database, HandSeat
from db.reviews import ReviewRepository
from games.ai.teacher import (
    DEFAULT_DEALS,
    decision_keys,
    is_final,
    review_decision,
    review_record,
)
from games.ai.teacher import review as review_module
from tests.teacher.helpers import GAME_IDS, SMALL, played_record

GUILD = 5
SEAT = 1


class Counted:
    """Decisions valued in this process, counted; the ``fail_after``-th one raises."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.keys: list[str] = []
        self.fail_after = fail_after

    async def __call__(
        self, record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
    ) -> dict[str, Any]:
        if self.fail_after is not None and len(self.keys) == self.fail_after:
            raise RuntimeError("the worker died")
        self.keys.append(key)
        return await inline_review(record, seat, key, budget, seed)


async def stored_hand(db: Database, record: dict[str, Any]) -> int:
    async with db.transaction() as store:
        return await store.ledger.insert_hand(
            guild_id=GUILD, game=str(record["game"]), table_id=None, hand_no=1, record=record,
            declarer=None, made=None,
            players=[HandSeat(f"{i + 100}", str(p), 0) for i, p in enumerate(record["players"])],
        )  # fmt: skip


@pytest.fixture
def record() -> dict[str, Any]:
    return played_record(GAME_IDS[0], 7)


async def test_two_askers_at_once_review_the_seat_once(tmp_path: Path, record) -> None:
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, record)
    counted = Counted()
    reviewer = Reviewer(db, counted)
    keys = decision_keys(record, SEAT)
    assert len(keys) > 2
    seen: list[list[tuple[int, int]]] = [[], []]

    def told(i: int):
        async def progress(done: int, total: int) -> None:
            seen[i].append((done, total))

        return progress

    first, second = await asyncio.gather(
        reviewer.review_seat(GUILD, hand, SEAT, told(0)),
        reviewer.review_seat(GUILD, hand, SEAT, told(1)),
    )
    assert counted.keys == keys  # each decision valued once, for both
    assert first == second and first.player == f"{SEAT + 100}"
    assert seen[0][0] == (0, len(keys)) and seen[0][-1] == (len(keys), len(keys))
    assert seen[1] and seen[1][-1] == (len(keys), len(keys))  # the second is told too
    whole = review_record(record, SEAT, DEFAULT_DEALS, hand).to_json()
    assert first.review == whole
    again = await reviewer.review_seat(GUILD, hand, SEAT)  # from the store
    assert again == first and counted.keys == keys
    with pytest.raises(UserError) as refused:  # another server's hand is none of this one's
        await reviewer.review_seat(GUILD + 1, hand, SEAT)
    assert refused.value.key == "review.no_hand"
    await db.close()


async def test_a_review_stopped_half_way_is_taken_up_and_stored_whole(
    tmp_path: Path, record
) -> None:
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, record)
    keys = decision_keys(record, SEAT)
    half = len(keys) // 2
    with pytest.raises(RuntimeError):
        await Reviewer(db, Counted(fail_after=half)).review_seat(GUILD, hand, SEAT)
    async with db.reading() as store:
        assert await store.reviews.review(hand, SEAT) is None  # never half-stored
        kept = await store.reviews.reviewed_decisions(hand, SEAT)
    assert sorted(d["key"] for d in kept) == sorted(keys[:half])

    counted = Counted()  # a restart: a new reviewer on the same file
    stored = await Reviewer(db, counted).review_seat(GUILD, hand, SEAT)
    assert counted.keys == keys[half:]
    assert stored.review == review_record(record, SEAT, DEFAULT_DEALS, hand).to_json()
    async with db.reading() as store:
        assert await store.reviews.reviewed_decisions(hand, SEAT) == []
    await db.close()


async def test_decisions_stored_before_losses_were_confirmed_are_valued_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review under way stored by a version that did not confirm losses on more
    deals: its decisions with a loss to confirm are valued again, in the worker (not by
    the reviewer's own thread), the others kept, and the review comes out as one made
    now without interruption."""
    record, seat = played_record("bete", 2), 0  # seat 0 mixes random moves in
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, record)
    keys = decision_keys(record, seat)
    with monkeypatch.context() as old:  # the version before: no second valuation
        old.setattr(review_module, "confirmed", lambda game, step, first, *_: first)
        stored = [review_decision(record, seat, key, DEFAULT_DEALS, hand) for key in keys]
    again = [d["key"] for d in stored if not is_final(d, "bete")]
    assert again and len(again) < len(keys)
    async with db.transaction() as store:
        for decision in stored:
            await store.reviews.add_reviewed_decision(hand, seat, decision["key"], decision)
    counted = Counted()
    made = await Reviewer(db, counted).review_seat(GUILD, hand, seat)
    assert counted.keys == again
    assert made.review == review_record(record, seat, DEFAULT_DEALS, hand).to_json()
    await db.close()


async def test_an_asker_who_found_no_review_while_it_was_made_does_not_make_it_again(
    tmp_path: Path, record, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second asker reads the store while the first review is under way (none
    stored), and only goes on once that review is stored and over: it is shown the
    stored review, nothing valued again."""
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, record)
    looked = asyncio.Event()  # the second asker found no stored review

    class Held(Counted):  # the first review values nothing before the second looked
        async def __call__(
            self, record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
        ) -> dict[str, Any]:
            await looked.wait()
            return await super().__call__(record, seat, key, budget, seed)

    counted = Held()
    reviewer = Reviewer(db, counted)
    first = asyncio.create_task(reviewer.review_seat(GUILD, hand, SEAT))
    second: asyncio.Task[Any] | None = None
    found_none: set[asyncio.Task[Any]] = set()
    real_review, real_reading = ReviewRepository.review, db.reading

    async def review(self: ReviewRepository, hand_id: int, seat: int) -> Any:
        found = await real_review(self, hand_id, seat)
        if found is None and asyncio.current_task() is second:
            found_none.add(second)
        return found

    @asynccontextmanager
    async def reading() -> AsyncIterator[Any]:
        async with real_reading() as store:
            yield store
        if asyncio.current_task() in found_none:  # once out of the reading that found none
            found_none.clear()
            looked.set()
            await asyncio.wait([first])  # the first review stored, and over

    monkeypatch.setattr(ReviewRepository, "review", review)
    monkeypatch.setattr(db, "reading", reading)
    await asyncio.sleep(0)  # the first asker is under way
    second = asyncio.create_task(reviewer.review_seat(GUILD, hand, SEAT))
    made, shown = await asyncio.wait_for(asyncio.gather(first, second), 120)
    assert looked.is_set()
    assert counted.keys == decision_keys(record, SEAT)  # each decision valued once
    assert shown == made
    await db.close()


@pytest.mark.parametrize("game", ["besigue", "besigue-haiti"])
async def test_a_hand_of_a_game_of_several_deals_is_reviewed_on_its_own_deal(
    tmp_path: Path, game: str
) -> None:
    """A Bésigue hand's record holds the game's deals before it, which their own
    hands review: the hand's review values its deal only, and counts no other."""
    record = played_record(game, 3, deals=2)
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, record)
    counted = Counted()
    stored = await Reviewer(db, counted, budget=SMALL).review_seat(GUILD, hand, SEAT)
    own = decision_keys(record, SEAT, -1)
    assert own and all(key.startswith("1:") for key in own)
    assert counted.keys == own != decision_keys(record, SEAT)
    assert [d["key"] for d in stored.review["decisions"]] == own
    assert stored.review["valued"] <= len(own)
    await db.close()


async def test_a_seat_a_computer_played_for_is_not_reviewed(tmp_path: Path, record) -> None:
    """A person's seat whose moves a stand-in made in the hand (``/table replace``):
    its review is refused, nothing valued; the others' seats are reviewed as ever."""
    db = await Database.open(str(tmp_path / "r.db"))
    hand = await stored_hand(db, {**record, "stood_in": [SEAT]})
    counted = Counted()
    reviewer = Reviewer(db, counted, budget=1)
    with pytest.raises(UserError) as refused:
        await reviewer.review_seat(GUILD, hand, SEAT)
    assert refused.value.key == "review.stood_in" and counted.keys == []
    other = next(s for s in range(len(record["players"])) if s != SEAT)
    assert decision_keys(record, other)
    assert (await reviewer.review_seat(GUILD, hand, other)).seat == other
    await db.close()
