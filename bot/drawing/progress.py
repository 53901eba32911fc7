"""``/stats`` drawn: a player's progress in one game (``bot.teacher.stats.Progress``) as
an embed of its figures, and a chart of the loss per decision hand by hand with its
rolling mean (drawn with the scoreboard's chart parts, ``bot.drawing.charts``); and the
answer when the player has no reviewed hand."""

from __future__ import annotations

from typing import Final

import discord

from bot.drawing.charts import COLOURS, Plot, tick_step
from bot.drawing.render import COLOUR
from bot.drawing.wording import unit_text
from bot.game import TableGame
from bot.teacher.stats import WINDOW, Progress, rolling_mean
from bot.texts.grammar import decimal
from bot.texts.i18n import game_text, t
from games.ai.teacher.evaluate import valuer_of
from games.ai.teacher.review import CLASSES, thresholds_of

EACH: Final = COLOURS[2]  # each hand's loss per decision, a dot
MEAN: Final = COLOURS[0]  # the rolling mean, a line


def short(lang: str, value: float) -> str:
    """A threshold as people write it: "0,65", "6", "0.2"."""
    text = decimal(lang, value, 2)
    return text.rstrip("0").rstrip(",.")


def stats_embed(
    game: TableGame, progress: Progress, name: str, lang: str, period: str
) -> discord.Embed:
    """A player's figures in one game over the period; the thresholds of its classes
    below, in the game's unit."""
    title = t(
        lang,
        "stats.title",
        name=name,
        game=game.spec.name(lang),
        period=t(lang, f"period.{period}"),
    )
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = game_text(
        game.id,
        lang,
        "stats.figures",
        hands=progress.hands,
        decisions=progress.decisions,
        loss=(loss := decimal(lang, progress.loss_per_decision)),
        unit=unit_text(valuer_of(game.id).unit, lang, loss),  # "0,26 jeton", "0.26 jetons"
        blunders=decimal(lang, progress.blunders_per_hand),
        mistakes=decimal(lang, progress.mistakes_per_hand),
        inaccuracies=decimal(lang, progress.inaccuracies_per_hand),
        accuracy=t(lang, "percent", value=decimal(lang, progress.accuracy, 0)),
    )
    least = {c: short(lang, v) for c, v in zip(CLASSES, thresholds_of(game.id), strict=True)}
    # the unit follows the first threshold: "0,65 jeton" in French, as a loss is said
    unit = unit_text(valuer_of(game.id).unit, lang, least[CLASSES[0]])
    footer = t(lang, "stats.thresholds", unit=unit, **least)
    embed.set_footer(text=footer)
    return embed


def stats_file_name(game: TableGame) -> str:
    return f"stats-{game.id}.png"


def no_stats_embed(name: str, lang: str, period: str, game: TableGame | None) -> discord.Embed:
    """The answer when ``name`` has no reviewed hand (of ``game``) in the period: how
    hands get reviewed."""
    period_words = t(lang, f"period.{period}")
    if game is None:
        title = t(lang, "stats.none_title", name=name, period=period_words)
    else:
        title = t(lang, "stats.title", name=name, game=game.spec.name(lang), period=period_words)
    return discord.Embed(title=title, colour=COLOUR, description=t(lang, "stats.none", name=name))


def loss_chart(game: TableGame, progress: Progress, lang: str) -> bytes:
    """A PNG of the loss per decision of each reviewed hand (a dot) and its rolling mean
    over the last ``WINDOW`` hands (a line), the hands numbered in the order played."""
    losses = progress.losses
    means = rolling_mean(losses)
    count = len(losses)
    high = max(losses, default=0.0) or 1.0
    places = 2 if high < 10 else 1
    plot = Plot.new(0.5, count + 0.5, 0.0, high)
    plot.axes()
    plot.values((high, high / 2, 0.0), lambda value: decimal(lang, value, places))
    step = tick_step(max(count, 1))
    ticks = sorted({1, *range(step, count + 1, step)})
    plot.hands(ticks, game_text(game.id, lang, "stats.chart.hands", count=count))
    for hand, loss in enumerate(losses, start=1):
        plot.dot(hand, loss, EACH)
    plot.curve(list(enumerate(means, start=1)), MEAN)
    plot.legend(0, None, t(lang, "stats.chart.loss", unit=unit_text(valuer_of(game.id).unit, lang)))
    last = f" {decimal(lang, losses[-1], places)}" if losses else ""
    plot.legend(1, EACH, game_text(game.id, lang, "stats.chart.each"), last)
    mean = f" {decimal(lang, means[-1], places)}" if means else ""
    plot.legend(2, MEAN, t(lang, "stats.chart.mean", window=WINDOW), mean)
    return plot.png()
