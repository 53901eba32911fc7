"""``/stats``'s figures (``bot.teacher.stats``), from stored reviews: per game, the loss
per decision over every valued decision, the classes per hand, the accuracy over the
decisions; hands with nothing valued left out; and its chart."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from bot.drawing.charts import HEIGHT, MARGIN, WIDTH
from bot.drawing.progress import EACH, MEAN, loss_chart, short, stats_embed
from bot.games import table_game
from bot.teacher.stats import clean_decisions, progress_by_game, rolling_mean
from bot.texts.grammar import decimal
from db.models import ReviewFigures

START = datetime(2026, 11, 1, tzinfo=UTC)


def reviewed(
    hand: int,
    game: str,
    valued: int,
    loss: float,
    counts: tuple[int, int, int] = (0, 0, 0),
    accuracy: float | None = None,
) -> ReviewFigures:
    inaccuracies, mistakes, blunders = counts
    if accuracy is None and valued:
        accuracy = round(100.0 * (valued - sum(counts)) / valued, 1)
    moment = START + timedelta(hours=hand)
    return ReviewFigures(
        hand, 0, game, valued, loss, inaccuracies, mistakes, blunders, accuracy, moment
    )


def test_each_games_figures_sum_its_hands() -> None:
    reviews = [
        reviewed(1, "bete", 4, 2.0, (1, 0, 1)),  # 0.5 a decision
        reviewed(2, "hombre", 10, 1.0, (0, 1, 0)),
        reviewed(3, "bete", 6, 0.6, (0, 1, 0)),  # 0.1 a decision
        reviewed(4, "bete", 0, 0.0),  # nothing valued: not a hand that counts
    ]
    bete, hombre = progress_by_game(reviews)
    assert (bete.game, hombre.game) == ("bete", "hombre")  # in the order first played
    assert (bete.hands, bete.decisions) == (2, 10)
    assert bete.loss_per_decision == pytest.approx(2.6 / 10)  # not the mean of 0.5 and 0.1
    assert bete.losses == pytest.approx((0.5, 0.1))
    assert bete.blunders_per_hand == 0.5 and bete.mistakes_per_hand == 0.5
    assert bete.inaccuracies_per_hand == 0.5
    assert bete.clean == 2 + 5 and bete.accuracy == pytest.approx(70.0)
    assert (hombre.hands, hombre.loss_per_decision, hombre.accuracy) == (1, 0.1, 90.0)


def test_a_hand_with_many_decisions_weighs_more_in_the_accuracy() -> None:
    (one,) = progress_by_game(
        [reviewed(1, "bete", 30, 0.0, (0, 0, 0)), reviewed(2, "bete", 3, 9.0, (0, 0, 3))]
    )
    assert one.accuracy == pytest.approx(100.0 * 30 / 33)  # not (100 + 0) / 2


def test_the_clean_decisions_come_back_from_a_rounded_accuracy() -> None:
    assert clean_decisions(reviewed(1, "bete", 7, 1.0, accuracy=85.7)) == 6  # 6/7 = 85.71…
    assert clean_decisions(reviewed(1, "bete", 3, 1.0, accuracy=33.3)) == 1
    assert clean_decisions(reviewed(1, "bete", 0, 0.0)) == 0


def test_no_review_no_figures() -> None:
    assert progress_by_game([]) == []
    assert progress_by_game([reviewed(1, "bete", 0, 0.0)]) == []


def test_the_rolling_mean_takes_the_last_hands() -> None:
    assert rolling_mean([]) == []
    assert rolling_mean([4.0, 2.0, 0.0, 6.0], 2) == [4.0, 3.0, 1.0, 3.0]
    assert rolling_mean([3.0, 0.0, 0.0], 5) == [3.0, 1.5, 1.0]


def test_numbers_are_written_as_each_language_does() -> None:
    assert (decimal("fr", 0.4251), decimal("en", 0.4251), decimal("fr", 87.5, 0)) == (
        "0,43",
        "0.43",
        "88",
    )
    assert [short("fr", v) for v in (0.65, 6.0, 0.2, 16.0)] == ["0,65", "6", "0,2", "16"]
    assert short("en", 1.2) == "1.2"


@pytest.mark.parametrize(
    ("game", "lang", "said"),
    [
        ("bete", "fr", "perd 0,65 jeton ou plus"),
        ("bete-hombree", "fr", "perd 0,2 sou ou plus"),
        ("hombre", "fr", "perd 0,2 jeton ou plus"),
        ("besigue", "fr", "perd 16 points ou plus"),
        ("bete", "en", "loses 0.65 jetons or more"),
        ("bete-hombree", "en", "loses 0.2 sous or more"),
    ],
)
def test_the_thresholds_say_their_unit_in_the_number_of_the_first(
    game: str, lang: str, said: str
) -> None:
    """Below 2 a French unit is singular, as a loss says it ("0,8 jeton"): the footer
    said "perd 0,65 jetons"."""
    (progress,) = progress_by_game([reviewed(1, game, 4, 1.0)])
    embed = stats_embed(table_game(game), progress, "Sud", lang, "all")
    assert said in (embed.footer.text or "")


def colours_in(png: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    plot = image.crop((MARGIN[0] + 1, 0, WIDTH - MARGIN[2], HEIGHT - MARGIN[3]))
    return {colour for _, colour in plot.getcolors(WIDTH * HEIGHT) or []}


@pytest.mark.parametrize(
    "game, lang, hands",
    [("bete", "fr", "Coups analysés : 12"), ("hombre", "en", "Deals reviewed: 12")],
)
def test_the_chart_draws_each_hand_and_the_mean_in_the_games_words(
    game: str, lang: str, hands: str, drawn_text: list[tuple[str, object]]
) -> None:
    reviews = [reviewed(h, game, 4, 0.4 * (h % 5)) for h in range(12)]
    (progress,) = progress_by_game(reviews)
    png = loss_chart(table_game(game), progress, lang)
    assert png.startswith(b"\x89PNG")
    assert {EACH, MEAN} <= colours_in(png)
    texts = [text for text, _ in drawn_text]
    assert hands in texts
    assert {"1", "2", "4", "6", "8", "10", "12"} <= set(texts)  # numbered in order, every 2
    mean = decimal(lang, rolling_mean(progress.losses)[-1])
    assert any(text.endswith(f" {mean}") for text in texts)  # the legend's last mean


def test_one_hand_still_draws() -> None:
    (progress,) = progress_by_game([reviewed(1, "bete", 2, 0.0)])
    assert loss_chart(table_game("bete"), progress, "en").startswith(b"\x89PNG")
