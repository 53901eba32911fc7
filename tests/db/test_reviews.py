"""Reviews on both backends: the decisions of a review under way kept until the whole
review is stored, once; a player's reviews by game and period; the seats left to
review in the background; the server's setting for it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db import Database, HandSeat

both = pytest.mark.both_backends
GUILD = 7


async def _hand(db: Database, game: str, players: list[str], guild: int = GUILD) -> int:
    async with db.transaction() as store:
        return await store.ledger.insert_hand(
            guild_id=guild, game=game, table_id=None, hand_no=1, record={"game": game},
            declarer=None, made=None, players=[HandSeat(p, p.upper(), 0) for p in players],
        )  # fmt: skip


def _review(game: str, loss: float, counts: tuple[int, int, int], accuracy: float | None):
    inaccuracy, mistake, blunder = counts
    return {
        "game": game,
        "valued": 4,
        "total_loss": loss,
        "accuracy": accuracy,
        "counts": {"inaccuracy": inaccuracy, "mistake": mistake, "blunder": blunder},
        "decisions": [{"key": "0:3"}],
    }


@both
async def test_a_review_is_taken_up_then_stored_whole_once(database_target):
    db = await Database.open(database_target)
    hand = await _hand(db, "bete", ["1", "ai:strong:Ada"])
    async with db.transaction() as store:
        await store.reviews.add_reviewed_decision(hand, 0, "0:3", {"key": "0:3", "v": 1})
        await store.reviews.add_reviewed_decision(hand, 0, "0:3", {"key": "0:3", "v": 2})
        await store.reviews.add_reviewed_decision(hand, 0, "0:7", {"key": "0:7", "v": 3})
        await store.reviews.add_reviewed_decision(hand, 1, "0:4", {"key": "0:4", "v": 4})
    async with db.reading() as store:
        done = await store.reviews.reviewed_decisions(hand, 0)
        assert await store.reviews.review(hand, 0) is None
    assert done == [{"key": "0:3", "v": 2}, {"key": "0:7", "v": 3}]
    async with db.transaction() as store:
        stored = await store.reviews.save_review(
            hand_id=hand, seat=0, guild_id=GUILD, player="1",
            review=_review("bete", 3.25, (1, 0, 1), 50.0),
        )  # fmt: skip
    assert stored
    async with db.reading() as store:
        review = await store.reviews.review(hand, 0)
        assert await store.reviews.reviewed_decisions(hand, 0) == []
        assert await store.reviews.reviewed_decisions(hand, 1) == [{"key": "0:4", "v": 4}]
    assert review is not None
    assert (review.game, review.player, review.valued, review.total_loss) == ("bete", "1", 4, 3.25)
    assert (review.inaccuracies, review.mistakes, review.blunders) == (1, 0, 1)
    assert review.accuracy == 50.0 and review.review["decisions"] == [{"key": "0:3"}]
    async with db.transaction() as store:  # asked twice at once: the first stays
        again = await store.reviews.save_review(
            hand_id=hand, seat=0, guild_id=GUILD, player="1",
            review=_review("bete", 9.0, (0, 0, 0), None),
        )  # fmt: skip
    assert not again
    async with db.reading() as store:
        kept = await store.reviews.review(hand, 0)
    assert kept is not None and kept.total_loss == 3.25
    await db.close()


@both
async def test_a_players_reviews_by_game_and_period_and_the_seats_left(database_target):
    db = await Database.open(database_target)
    first = await _hand(db, "bete", ["1", "2", "ai:fair:Bo"])
    second = await _hand(db, "hombre", ["2", "1", "ai:strong:Ada"])
    elsewhere = await _hand(db, "bete", ["1", "3"], guild=GUILD + 1)
    async with db.transaction() as store:
        for hand, seat in ((first, 0), (second, 1)):
            await store.reviews.save_review(
                hand_id=hand, seat=seat, guild_id=GUILD, player="1",
                review=_review("bete" if hand == first else "hombre", 1.5, (0, 1, 0), 75.0),
            )  # fmt: skip
        await store.reviews.save_review(
            hand_id=elsewhere, seat=0, guild_id=GUILD + 1, player="1",
            review=_review("bete", 7.0, (0, 0, 2), 0.0),
        )  # fmt: skip
    async with db.reading() as store:
        every = await store.reviews.player_reviews(GUILD, "1")
        bete = await store.reviews.player_reviews(GUILD, "1", "bete")
        later = await store.reviews.player_reviews(
            GUILD, "1", since=datetime.now(UTC) + timedelta(hours=1)
        )
        left = await store.reviews.unreviewed_seats(GUILD, "ai:", 10)
        one = await store.reviews.unreviewed_seats(GUILD, "ai:", 1)
        hombre = await store.reviews.unreviewed_seats(GUILD, "ai:", 10, {"hombre", "toy"})
        assert await store.reviews.unreviewed_seats(GUILD, "ai:", 10, ()) == []
        assert await store.ledger.hand(GUILD, elsewhere) is None
        found = await store.ledger.hand(GUILD + 1, elsewhere)
    seen = [(r.hand_id, r.seat, r.game) for r in every]
    assert seen == [(first, 0, "bete"), (second, 1, "hombre")]
    assert [r.hand_id for r in bete] == [first] and later == []
    assert every[0].played_at <= every[1].played_at
    figures = (every[0].valued, every[0].total_loss, every[0].mistakes, every[0].accuracy)
    assert figures == (4, 1.5, 1, 75.0)  # the figures /stats sums, not the whole review
    assert [(s.hand_id, s.seat, s.player) for s in left] == [(second, 0, "2"), (first, 1, "2")]
    assert [(s.hand_id, s.seat) for s in one] == [(second, 0)]
    assert [(s.hand_id, s.seat, s.game) for s in hombre] == [(second, 0, "hombre")]
    assert found is not None and found.record == {"game": "bete"}
    await db.close()


@both
async def test_the_players_left_out_are_those_whose_key_starts_with_the_prefix(database_target):
    db = await Database.open(database_target)
    hand = await _hand(db, "bete", ["a_%1", "ab%1", "A_%1", "a_"])
    async with db.reading() as store:
        left = await store.reviews.unreviewed_seats(GUILD, "a_%", 10)
    assert [s.player for s in left] == ["ab%1", "A_%1", "a_"]  # no wildcard, case kept
    assert {s.hand_id for s in left} == {hand}
    await db.close()


@both
async def test_a_server_has_its_hands_reviewed_in_the_background_or_not(database_target):
    db = await Database.open(database_target)
    async with db.transaction() as store:
        await store.preferences.set_guild_language(GUILD, "en")
        await store.preferences.set_guild_auto_review(GUILD + 1, True)
    async with db.reading() as store:
        assert not (await store.preferences.guild_settings(GUILD)).auto_review
        assert (await store.preferences.guild_settings(GUILD + 1)).auto_review
        assert await store.preferences.auto_review_guilds() == [GUILD + 1]
    async with db.transaction() as store:
        await store.preferences.set_guild_auto_review(GUILD + 1, False)
        await store.preferences.set_guild_auto_review(GUILD, True)
    async with db.reading() as store:
        assert (await store.preferences.guild_settings(GUILD)).language == "en"
        assert await store.preferences.auto_review_guilds() == [GUILD]
    await db.close()
