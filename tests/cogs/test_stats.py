"""``/stats``: a player's progress from their reviewed hands, per game and period, with a
chart; for another member; a clear answer when nothing was reviewed.  ``/settings``:
the server's background reviews, changed by its managers only, shown with the rest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.texts.i18n import t
from db import HandSeat
from db.repository import now_text
from tests.cogs.conftest import World
from tests.cogs.test_moderation import moderator
from tests.cogs.test_refusals import refused


def review_of(game: str, valued: int, loss: float, counts: tuple[int, int, int]) -> dict[str, Any]:
    """A stored review's JSON (``Review.to_json``) with these figures."""
    inaccuracy, mistake, blunder = counts
    return {
        "game": game,
        "valued": valued,
        "total_loss": loss,
        "accuracy": round(100.0 * (valued - sum(counts)) / valued, 1),
        "counts": {"inaccuracy": inaccuracy, "mistake": mistake, "blunder": blunder},
        "decisions": [],
    }


async def reviewed_hand(
    world: World, game: str, reviews: dict[int, dict[str, Any]], days_ago: float = 0
) -> int:
    """A stored hand of ``game`` played by the world's members (seat 0 = Sud), ended
    ``days_ago``, and the reviews of the seats of ``reviews``."""
    ids = [str(m.id) for m in world.members]
    async with world.bot.db.transaction() as store:
        hand = await store.ledger.insert_hand(
            guild_id=world.guild.id, game=game, table_id=None, hand_no=1,
            record={"game": game, "players": ids}, declarer=None, made=None,
            players=[HandSeat(p, m.name, 0) for p, m in zip(ids, world.members, strict=True)],
        )  # fmt: skip
        for seat, review in reviews.items():
            await store.reviews.save_review(
                hand_id=hand, seat=seat, guild_id=world.guild.id, player=ids[seat], review=review
            )
    if days_ago:
        ended = now_text(datetime.now(UTC) - timedelta(days=days_ago))
        await world.bot.db.select(
            "UPDATE hands SET finished_at = ? WHERE id = ? RETURNING id", ended, hand
        )
    return hand


async def played_and_reviewed(world: World) -> None:
    """Sud: two hands of La Bête (one ten days ago), one of L'Hombre; Est: one of La Bête."""
    await reviewed_hand(world, "bete", {0: review_of("bete", 4, 2.0, (1, 0, 1))}, days_ago=10)
    await reviewed_hand(
        world,
        "bete",
        {0: review_of("bete", 6, 0.6, (0, 1, 0)), 1: review_of("bete", 5, 5.0, (0, 0, 2))},
    )
    await reviewed_hand(world, "hombre", {0: review_of("hombre", 10, 1.0, (0, 1, 0))})


async def test_stats_shows_each_games_figures_and_chart(world: World) -> None:
    await played_and_reviewed(world)
    sud = world.members[0]
    result = await sud.slash(world.channel, "stats")
    assert not result.ephemeral  # as public as the scoreboard
    embeds, files = result.response.embeds, result.response.attachments
    assert [f.filename for f in files] == ["stats-bete.png", "stats-hombre.png"]
    for embed, file in zip(embeds, files, strict=True):
        assert (await file.read()).startswith(b"\x89PNG")
        assert embed.image.url == f"attachment://{file.filename}"
    bete, hombre = (embed.description for embed in embeds)
    assert "Sud" in embeds[0].title and "La Bête" in embeds[0].title
    # La Bête: 2.6 jetons lost over 10 decisions, in 2 hands: 1 blunder, 1 mistake, 1
    # inaccuracy; 7 decisions of 10 with no classified loss
    assert "**2** hands reviewed · **10** decisions valued" in bete
    assert "Average loss per decision: **0.26** jetons" in bete
    assert "Per hand: **0.50** blunders · **0.50** mistakes · **0.50** inaccuracies" in bete
    assert "Accuracy: **70%**" in bete
    assert "**1** deal reviewed" in hombre and "**0.10** jetons" in hombre  # L'Hombre's words
    assert "blunder" in embeds[0].footer.text and "0.65" in embeds[0].footer.text


async def test_stats_by_game_and_period(world: World) -> None:
    await played_and_reviewed(world)
    sud = world.members[0]
    bete = await sud.slash(world.channel, "stats", game="bete")
    assert [f.filename for f in bete.response.attachments] == ["stats-bete.png"]
    week = await sud.slash(world.channel, "stats", game="bete", period="week")
    (embed,) = week.response.embeds
    assert "**1** hand reviewed · **6** decisions valued" in embed.description  # not 10 days ago
    assert "**0.10** jetons" in embed.description
    assert t("en", "period.week") in embed.title
    day = await sud.slash(world.channel, "stats", period="day")  # both games still
    assert len(day.response.attachments) == 2


async def test_stats_of_another_member(world: World) -> None:
    await played_and_reviewed(world)
    nord, est = world.members[2], world.members[1]
    result = await nord.slash(world.channel, "stats", player=est)
    (embed,) = result.response.embeds
    assert "Est" in embed.title and "Nord" not in embed.title
    assert "**1.00** jetons" in embed.description and "**2.00** blunders" in embed.description


async def test_stats_without_a_review_says_how_to_get_some(world: World) -> None:
    await played_and_reviewed(world)
    ouest = world.members[3]  # played, never reviewed
    result = await ouest.slash(world.channel, "stats")
    assert not result.response.attachments
    (embed,) = result.response.embeds
    assert embed.description == t("en", "stats.none", name="Ouest")
    for way in (f"**{t('en', 'review.button')}**", "`/history`", "`/settings reviews:`"):
        assert way in embed.description
    sud = world.members[0]  # reviews of La Bête, none of Bésigue
    besigue = await sud.slash(world.channel, "stats", game="besigue")
    assert not besigue.response.attachments
    (embed,) = besigue.response.embeds
    assert "Bésigue" in embed.title and embed.description == t("en", "stats.none", name="Sud")
    est = await world.members[1].slash(world.channel, "stats", game="hombre")  # La Bête only
    assert not est.response.attachments


async def test_only_a_manager_turns_the_background_reviews_on(world: World) -> None:
    est = world.members[1]
    refused(world, await est.slash(world.channel, "settings", reviews="on"), "manage")
    settings = await world.bot.service.guild_settings(world.guild.id)
    assert not settings.auto_review
    shown = await est.slash(world.channel, "settings")
    assert shown.ephemeral
    server = shown.response.embeds[0].fields[1].value
    assert t("en", "settings.reviews", reviews=t("en", "no")) in server

    garde = moderator(world)
    result = await garde.slash(world.channel, "settings", reviews="on")
    assert result.ephemeral and result.response.content == t("en", "ok.reviews.on")
    assert (await world.bot.service.guild_settings(world.guild.id)).auto_review
    shown = await est.slash(world.channel, "settings")
    server = shown.response.embeds[0].fields[1].value
    assert t("en", "settings.reviews", reviews=t("en", "yes")) in server
    mine = await est.slash(world.channel, "settings", notify="none")  # still one's own
    assert mine.response.content == t("en", "ok.notify.none")
    await garde.slash(world.channel, "settings", reviews="off")
    assert not (await world.bot.service.guild_settings(world.guild.id)).auto_review
