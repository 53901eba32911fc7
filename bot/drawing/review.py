"""A hand's review in words and pictures: the button under a hand's summary, the
progress line, and the result (the totals, then the three costliest decisions, each
with the seat's hand as it was at that moment).

Each decision's hand is drawn from the seat's own view at that step
(``games.ai.teacher.steps``): a review never shows a card its reader's seat did
not see then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord

from bot.drawing.pictures.files import send_files
from bot.drawing.pictures.scenes import hand_scene
from bot.drawing.render import COLOUR, button
from bot.drawing.wording import hand_words, loss_text
from bot.game import TableGame
from bot.ids import ComponentId, component_ids
from bot.texts.grammar import decimal
from bot.texts.i18n import t
from db.models import StoredReview
from games.ai.teacher.steps import Step, steps
from games.records import RecordError

NO_TABLE: Final = 0  # a review button's table: a hand is reviewed by its number alone
TEXT_ONLY: Final = "text"  # the button's argument after the hand's number: no pictures


def review_view(table_id: int, hand_no: int, lang: str, pictures: bool) -> discord.ui.View:
    """The *Review* button under a hand's summary: the table's number and the hand's in
    its id (no table message: the summary is none), so that it answers after a restart
    and after the table has closed, and the summary is posted without first reading
    the stored hand's number (a summary posted late would follow the table's end)."""
    arg = f"{table_id}.{hand_no}" + ("" if pictures else f":{TEXT_ONLY}")
    view = discord.ui.View(timeout=None)
    label = t(lang, "review.button")
    view.add_item(button(ComponentId(NO_TABLE, 0, "review", arg), label))
    view.stop()  # the dynamic item answers its clicks (bot.drawing.render)
    return view


def reviewed_hand(message: discord.Message) -> tuple[int, int] | None:
    """The table and hand whose *Review* button ``message`` carries (a hand's summary),
    if it carries one."""
    for component in component_ids(message):
        if component.verb == "review" and component.table == NO_TABLE:
            try:
                table, hand, _ = review_target(component.arg)
            except ValueError:
                continue
            return table, hand
    return None


def review_target(arg: str) -> tuple[int, int, bool]:
    """The table and hand a *Review* button reviews, and whether with pictures;
    ``ValueError`` for an argument no button carries."""
    place, _, rest = arg.partition(":")
    table, _, hand = place.partition(".")
    if not table.isdigit() or not hand.isdigit() or rest not in ("", TEXT_ONLY):
        raise ValueError(arg)
    return int(table), int(hand), rest != TEXT_ONLY


def progress_text(done: int, total: int, lang: str) -> str:
    return t(lang, "review.progress", done=done, total=total)


def review_shown(
    stored: StoredReview,
    game: TableGame,
    record: Mapping[str, Any],
    name: str,
    lang: str,
    pictures: bool,
    own: bool = True,
) -> tuple[list[discord.Embed], list[discord.File]]:
    """A stored review in embeds (the totals, then one per costliest decision) and their
    pictures' files; ``own``: read by its player (else by a referee, told of ``name``'s
    cards and choices, not "yours"). Replays the record: slow, run it in a worker thread."""
    whose = {} if own else {"name": name}  # the texts' third-person forms take the name
    of = "" if own else "_of"
    owner = None if own else name
    data: Mapping[str, Any] = stored.review
    unit = str(data.get("unit", ""))  # the valuer's unit, worded by each amount's number
    decisions: Sequence[Mapping[str, Any]] = data.get("decisions", [])
    head = discord.Embed(
        title=t(lang, "review.title", id=stored.hand_id, name=name, game=game.spec.name(lang)),
        colour=COLOUR,
    )
    lines = []
    timed_out = len(data.get("timed_out", []))  # the time limit's decisions, left out
    if not decisions and not timed_out:
        lines.append(t(lang, f"review.no_decisions{of}", **whose))
    valued = int(data.get("valued", 0))
    if valued:
        accuracy = data.get("accuracy")
        percent = None if accuracy is None else decimal(lang, float(accuracy), 0)
        shown = "—" if percent is None else t(lang, "percent", value=percent)
        loss = loss_text(float(data.get("total_loss", 0.0)), unit, lang)  # "0,8 jeton"
        lines.append(t(lang, "review.totals", loss=loss, accuracy=shown, valued=valued))
        counts = data.get("counts", {})
        lines.append(
            t(
                lang,
                "review.counts",
                inaccuracies=int(counts.get("inaccuracy", 0)),
                mistakes=int(counts.get("mistake", 0)),
                blunders=int(counts.get("blunder", 0)),
            )
        )
    left = len(decisions) - valued
    if left:
        lines.append(t(lang, "review.not_valued", count=left))
    if timed_out:
        lines.append(t(lang, f"review.timed_out{of}", count=timed_out, **whose))
    costliest = [str(key) for key in data.get("costliest", [])]
    if valued and not costliest:
        lines.append(t(lang, "review.none_costly"))
    head.description = "\n".join(lines)
    embeds: list[discord.Embed] = [head]
    files: list[discord.File] = []
    at = _steps_at(record, stored.seat)
    numbers = {str(d.get("key")): n for n, d in enumerate(decisions, start=1)}
    by_key = {str(d.get("key")): d for d in decisions}
    for key in costliest:
        decision = by_key.get(key)
        if decision is None:
            continue
        step = at.get(key)
        embed = _decision_embed(decision, numbers[key], step, game, unit, lang, pictures, owner)
        embeds.append(embed)
        for file in send_files(embed).values():  # one file for a hand shown twice
            if all(f.filename != file.filename for f in files):
                files.append(file)
    return embeds, files


def _steps_at(record: Mapping[str, Any], seat: int) -> dict[str, Step]:
    try:
        return {step.key: step for step in steps(record, seat)}
    except RecordError:  # shown without the hands rather than not at all
        return {}


def _decision_embed(
    decision: Mapping[str, Any],
    number: int,
    step: Step | None,
    game: TableGame,
    unit: str,  # the valuer's
    lang: str,
    pictures: bool,
    owner: str | None,  # the seat's player, where the reader is another (``hand_words``)
) -> discord.Embed:
    """One costly decision: what was played, the strong player's move, the loss and its
    class, and the seat's hand then (a picture, or in words)."""
    kind = decision.get("class")
    title = t(lang, "review.decision", number=number)
    if kind:
        title = t(lang, "labelled", label=title, text=t(lang, f"review.class.{kind}"))
    embed = discord.Embed(title=title, colour=COLOUR)
    played = _move(game, step, str(decision.get("played", "")), lang)
    best = _move(game, step, str(decision.get("best", "")), lang)
    embed.add_field(name=t(lang, "review.played"), value=played, inline=True)
    embed.add_field(name=t(lang, "review.best"), value=best, inline=True)
    embed.add_field(
        name=t(lang, "review.loss"),
        value=loss_text(float(decision.get("loss", 0.0)), unit, lang),
        inline=True,
    )
    if step is None:
        return embed
    rows = game.renderer.hand_rows(step.view, lang)
    if not any(row.cards for row in rows):
        return embed
    words = hand_words(rows, lang, owner)
    if pictures:
        picture = hand_scene(rows, lang, words)
        embed.set_image(url=picture.url)
    else:
        embed.description = words
    return embed


def _move(game: TableGame, step: Step | None, words: str, lang: str) -> str:
    """A move of the record in the game's words, as the seat was offered it then."""
    try:
        action = game.spec.parse_action(words)
        if step is not None:
            return game.renderer.move_text(step.view, action, lang)
        return game.renderer.action_text(action, lang)
    except (ValueError, KeyError, AttributeError):  # the record's own words, at worst
        return f"`{words}`"
