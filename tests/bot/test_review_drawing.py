"""A stored review drawn: the totals, then each costliest decision with the seat's hand
at that moment, as a picture or, where the table's pictures are off, in words."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.drawing.hint_text import worth
from bot.drawing.review import review_shown
from bot.drawing.wording import card_text, loss_text
from bot.games import table_game, table_games
from bot.teacher.reviewer import Reviewer, inline_review
from bot.texts.grammar import decimal
from bot.texts.i18n import t
from db import Database
from db.models import StoredReview
from games.ai.teacher import decision_keys
from games.ai.teacher.steps import steps
from games.besigue import Kind, Phase
from tests.bot.test_reviewer import GUILD, stored_hand
from tests.teacher.helpers import GAME_IDS, played_record


@pytest.mark.parametrize("pictures", [True, False])
async def test_the_costliest_decisions_show_the_hand_then(tmp_path: Path, pictures: bool) -> None:
    db = await Database.open(str(tmp_path / "r.db"))
    # a seat that lost something (seat 0 plays at random every other decision)
    record = played_record(GAME_IDS[0], 7)
    hand = await stored_hand(db, record)
    stored = await Reviewer(db, inline_review).review_seat(GUILD, hand, 0)
    await db.close()
    costliest = stored.review["costliest"]
    assert costliest, "the seat lost nothing: choose another record"
    game = table_game(GAME_IDS[0])
    embeds, files = review_shown(stored, game, record, "Sud", "fr", pictures)
    assert embeds[0].title == t(
        "fr", "review.title", id=hand, name="Sud", game=game.spec.name("fr")
    )
    assert "Perte totale" in (embeds[0].description or "")
    at = {step.key: step for step in steps(record, 0)}
    for embed, key in zip(embeds[1:], costliest, strict=True):
        rows = game.renderer.hand_rows(at[key].view, "fr")
        cards = [card for row in rows for card in row.cards]
        if pictures:
            assert embed.image.url is not None and embed.description is None
            assert embed.image.url.removeprefix("attachment://") in {f.filename for f in files}
        else:
            assert embed.image.url is None and files == []
            words = embed.description or ""
            assert cards and all(card_text(card, "fr") in words for card in cards)
    assert len(embeds) == 1 + len(costliest)
    # the accuracy as each language writes a percentage: "75 %", "75%"
    for lang, space in (("fr", " "), ("en", "")):
        percent = f"**{decimal(lang, stored.review['accuracy'], 0)}{space}%**"
        head, _ = review_shown(stored, game, record, "Sud", lang, False)
        assert percent in (head[0].description or "")


async def test_a_loss_reads_as_the_hint_says_it(tmp_path: Path) -> None:
    """The review's loss is worded as the hint's ("0,8 jeton", "2 sous"), not with a
    second rounding of its own ("0,75 jeton"), and its title nests no brackets."""
    db = await Database.open(str(tmp_path / "r.db"))
    record = played_record(GAME_IDS[0], 7)
    hand = await stored_hand(db, record)
    stored = await Reviewer(db, inline_review).review_seat(GUILD, hand, 0)
    await db.close()
    game = table_game(GAME_IDS[0])
    unit = stored.review["unit"]
    by_key = {d["key"]: d for d in stored.review["decisions"]}
    for lang in ("fr", "en"):
        embeds, _ = review_shown(stored, game, record, "Sud", lang, False)
        total = loss_text(stored.review["total_loss"], unit, lang)
        assert f"**{total}**" in (embeds[0].description or "")
        for embed, key in zip(embeds[1:], stored.review["costliest"], strict=True):
            field = {f.name: f.value for f in embed.fields}[t(lang, "review.loss")]
            assert field == loss_text(by_key[key]["loss"], unit, lang)
            assert f"−{field}" == worth(by_key[key]["loss"], unit, lang)
    for listed in table_games():
        for lang in ("fr", "en"):
            title = t(lang, "review.title", id=1, name="Sud", game=listed.spec.name(lang))
            assert "((" not in title and "))" not in title


async def test_the_decisions_the_time_limit_made_are_said_not_the_players(
    tmp_path: Path,
) -> None:
    """The head of the review says how many decisions the computer made when the
    player's time ran out, and that they are not counted; a seat whose every decision
    was the time limit's is not told it had no choice to make."""
    db = await Database.open(str(tmp_path / "r.db"))
    record = played_record(GAME_IDS[0], 7)
    keys = decision_keys(record, 0)
    assert len(keys) >= 2
    game = table_game(GAME_IDS[0])
    reviewer = Reviewer(db, inline_review, budget=1)
    some = await stored_hand(db, {**record, "timed_out": {"0": keys[:2]}})
    every = await stored_hand(db, {**record, "timed_out": {"0": keys}})
    for hand, count in ((some, 2), (every, len(keys))):
        stored = await reviewer.review_seat(GUILD, hand, 0)
        for lang in ("fr", "en"):
            head, _ = review_shown(stored, game, record, "Sud", lang, False)
            words = head[0].description or ""
            assert t(lang, "review.timed_out", count=count) in words
            assert t(lang, "review.no_decisions") not in words
    stored = await reviewer.review_seat(GUILD, some, 1)  # another seat: nothing said
    head, _ = review_shown(stored, game, record, "Est", "en", False)
    assert "time ran out" not in (head[0].description or "")
    await db.close()


@pytest.mark.parametrize(("game_id", "seed"), [("besigue", 3), ("besigue-haiti", 11)])
def test_a_besigue_winner_who_declared_nothing_is_said_to_have_drawn(
    game_id: str, seed: int
) -> None:
    """A trick's winner who lays nothing draws, and the record writes only the lead after
    the draw. A review stored when that line was one decision (its move the lead) showed
    it as the card alone ("Played: 7♣"), a card not in the hand shown then; it says the
    draw came first. (Reviewed now, the line is two decisions: ``tests/teacher``.)"""
    record = played_record(game_id, seed)
    found = steps(record, 0)
    step, lead = next(
        (s, n)
        for s, n in itertools.pairwise(found)
        if s.view.phase is Phase.DECLARE and n.part == 1 and n.index == s.index
    )
    assert step.played.kind is Kind.DRAW and lead.played.kind is Kind.PLAY
    decision = {"key": step.key, "phase": "declare", "played": str(lead.played)}
    decision |= {"evaluated": True, "best": "draw", "loss": 5.0, "class": None}
    now = datetime.now(UTC)
    review = {"unit": "points", "decisions": [decision], "valued": 1, "accuracy": 100.0}
    stored = StoredReview(1, 0, game_id, 1, 5.0, 0, 0, 0, 100.0, now, GUILD, "1", {}, now)
    stored = replace(stored, review={**review, "total_loss": 5.0, "costliest": [step.key]})
    game = table_game(game_id)
    assert lead.played.card is not None
    for lang in ("fr", "en"):
        embeds, _ = review_shown(stored, game, record, "Sud", lang, False)
        played = {f.name: f.value for f in embeds[1].fields}[t(lang, "review.played")]
        card = card_text(lead.played.card, lang)
        assert played == t(lang, f"{game.renderer.words}.drew_then", card=card)
        assert played.startswith(t(lang, f"{game.renderer.words}.btn.draw"))


async def test_a_referee_reads_of_the_players_cards_not_their_own(tmp_path: Path) -> None:
    """A review shown to a referee (``/history review: player:``) said "Your cards",
    "Your time ran out", "You had no choice" of another person's seat."""
    db = await Database.open(str(tmp_path / "r.db"))
    record = played_record(GAME_IDS[0], 7)
    keys = decision_keys(record, 0)
    hand = await stored_hand(db, {**record, "timed_out": {"0": keys[-1:]}})
    stored = await Reviewer(db, inline_review).review_seat(GUILD, hand, 0)
    every = await stored_hand(db, {**record, "timed_out": {"0": keys}})
    none_left = await Reviewer(db, inline_review, budget=1).review_seat(GUILD, every, 0)
    await db.close()
    assert stored.review["costliest"], "the seat lost nothing: choose another record"
    game = table_game(GAME_IDS[0])
    for lang in ("fr", "en"):
        embeds, _ = review_shown(stored, game, record, "Sud", lang, False, own=False)
        words = "\n".join(e.description or "" for e in embeds)
        assert t(lang, "review.timed_out_of", count=1, name="Sud") in words
        assert t(lang, "review.timed_out", count=1) not in words
        cards = t(lang, "hand.cards_of", name="Sud", cards="").replace("**", "").strip()
        assert all(cards in (e.description or "") for e in embeds[1:])
        assert t(lang, "hand.cards", cards="").replace("**", "").strip() not in words
        mine, _ = review_shown(stored, game, record, "Sud", lang, False)
        assert t(lang, "review.timed_out", count=1) in (mine[0].description or "")
    stored_empty = replace(none_left, review={**none_left.review, "timed_out": []})
    for lang in ("fr", "en"):
        head, _ = review_shown(stored_empty, game, record, "Sud", lang, False, own=False)
        assert head[0].description == t(lang, "review.no_decisions_of", name="Sud")
