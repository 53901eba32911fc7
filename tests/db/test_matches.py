"""Matches on both backends: a finished match's standing once per table, the standings
ranked by wins as counted (an en bas table counts double), and a kept match taken up
again once only."""

from __future__ import annotations

import pytest

from db import Database, NewStanding

both = pytest.mark.both_backends
GUILD, GAME = 7, "besigue"
_channels = iter(range(1, 10_000))


async def _table(db: Database, guild: int = GUILD) -> int:
    async with db.transaction() as store:
        row = await store.tables.insert_table(
            guild_id=guild, channel_id=next(_channels), game=GAME, options={}, turn_seconds=0,
            created_by="1", seed=5,
        )  # fmt: skip
    return row.id


@both
async def test_standings_rank_by_wins_counted_then_points(database_target):
    db = await Database.open(database_target)
    first, second, third = await _table(db), await _table(db), await _table(db)
    async with db.transaction() as store:
        await store.matches.insert_standings(GUILD, GAME, first, [
            NewStanding("a", "Anne", 1010, True, 1, "double-besigue", 500),
            NewStanding("b", "Marc", 820, False, 0, "kings", 80),
        ])  # fmt: skip
        await store.matches.insert_standings(GUILD, GAME, second, [
            NewStanding("a", "Anne", 700, False, 0, None, 0),
            NewStanding("b", "Marc", 1000, True, 2, "sequence", 250),
        ])  # fmt: skip
        await store.matches.insert_standings(
            7 + 1,
            GAME,
            third,
            [
                NewStanding("a", "Anne", 1000, True, 2, None, 0),
                NewStanding("c", "Zoé", 100, False, 0, None, 0),
            ],
        )  # fmt: skip  (another guild: not counted here)
    async with db.reading() as store:
        rows = await store.matches.match_scoreboard(GUILD, GAME)
    assert [r.name for r in rows] == ["Marc", "Anne"]
    marc, anne = rows
    assert (marc.played, marc.won, marc.counted, marc.en_bas_table) == (2, 1, 2, 1)
    assert (anne.played, anne.won, anne.counted, anne.en_bas_table) == (2, 1, 1, 0)
    assert (marc.points, anne.points) == (1820, 1710)
    assert (anne.best, anne.best_points) == ("double-besigue", 500)
    assert (marc.best, marc.best_points) == ("sequence", 250)
    with pytest.raises(Exception):  # noqa: B017  (each backend's own integrity error)
        async with db.transaction() as store:
            await store.matches.insert_standings(GUILD, GAME, first, [
                NewStanding("a", "Anne", 1, True, 1, None, 0),
            ])  # fmt: skip
    async with db.reading() as store:
        assert len(await store.matches.match_scoreboard(GUILD, GAME)) == 2
    await db.close()


@both
async def test_a_kept_match_is_taken_up_once(database_target):
    db = await Database.open(database_target)
    kept_from, first, second = await _table(db), await _table(db), await _table(db)
    async with db.transaction() as store:
        kept_id = await store.matches.keep_match(
            guild_id=GUILD, game=GAME, table_id=kept_from, options={"target": 1000},
            seats=[("1", "Anne", None), ("ai:strong:Ada", "Ada", "pimc")],
            state={"scores": [640, 420], "dealer": 1}, summary="Anne 640 · Ada 420",
        )  # fmt: skip
    async with db.reading() as store:
        [kept] = await store.matches.kept_matches(GUILD, GAME)
        assert await store.matches.kept_matches(GUILD + 1, GAME) == []
    assert kept.id == kept_id and kept.summary == "Anne 640 · Ada 420"
    assert kept.seats == (("1", "Anne", None), ("ai:strong:Ada", "Ada", "pimc"))
    assert kept.state == {"scores": [640, 420], "dealer": 1}
    assert kept.options == {"target": 1000}
    async with db.transaction() as store:
        assert await store.matches.resume_match(kept_id, first)
        assert not await store.matches.resume_match(kept_id, second)  # taken up already
    async with db.reading() as store:
        assert await store.matches.kept_matches(GUILD, GAME) == []
        assert await store.matches.kept_match(kept_id) is None
    await db.close()


@both
async def test_a_table_of_parties_stands_each_partie_and_counts_the_hundreds(database_target):
    db = await Database.open(database_target)
    table = await _table(db)
    haiti = "besigue-haiti"
    async with db.transaction() as store:
        await store.matches.insert_standings(GUILD, haiti, table, [
            NewStanding("a", "Anne", 1010, True, 2, "quinte", 250, partie=0),
            NewStanding("b", "Marc", 400, False, 0, None, 0, partie=0),
        ])  # fmt: skip
        await store.matches.insert_standings(GUILD, haiti, table, [  # the next partie, same table
            NewStanding("a", "Anne", 1000, True, 2, None, 0, partie=1, hundreds=1),
            NewStanding("b", "Marc", 600, False, 0, "jokers", 200, partie=1),
        ])  # fmt: skip
    async with db.reading() as store:
        anne, marc = await store.matches.match_scoreboard(GUILD, haiti)
    assert (anne.name, anne.played, anne.won, anne.counted, anne.hundreds) == ("Anne", 2, 2, 4, 1)
    assert (marc.played, marc.counted, marc.hundreds, marc.best) == (2, 0, 0, "jokers")
    with pytest.raises(Exception):  # noqa: B017  (a partie stands once)
        async with db.transaction() as store:
            await store.matches.insert_standings(GUILD, haiti, table, [
                NewStanding("a", "Anne", 1, True, 1, None, 0, partie=1),
            ])  # fmt: skip
    await db.close()
