"""The server's boards, in every player's language: the register of bêtes and its pot
(``/betes``), the standings (``/scoreboard``) and the rules in short (``/rules``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import discord

from bot.drawing.lobby_text import first_in_play, options_text, pot_fields
from bot.drawing.pictures.scenes import whole_hand_scene
from bot.drawing.render import COLOUR, clip, hand_tricks_words
from bot.errors import UserError
from bot.game import TableGame
from bot.games import table_game
from bot.tables.computer import key_level
from bot.tables.guild_register import GuildRegister
from bot.tables.matches import MatchGoingOn
from bot.tables.names import inert_name
from bot.tables.table import LiveTable
from bot.texts.fitting import DESCRIPTION_LIMIT, fitted
from bot.texts.i18n import LANGS, MESSAGES, game_text, t
from bot.texts.parsing import plain
from bot.texts.translator import command_word
from db.models import HandSeat, MatchScoreRow, PastHand, ScoreRow


def listed_name(game: TableGame, player: str | None, name: str, lang: str) -> str:
    """A player's name where players of several tables are listed: a computer player's
    with its level, for the fair and the strong one may bear the same name (a name is
    unique at a table, not over a server)."""
    name = inert_name(name)  # as stored, from before names were made inert
    level = None if player is None else key_level(game.spec, player)
    if level is None:
        return name
    return t(lang, "listed.computer", name=name, level=t(lang, f"listed.level.{level}"))


def chart_players(game: TableGame, rows: list[ScoreRow], lang: str) -> list[tuple[str, str]]:
    """The scoreboard chart's players, best ranked first: (player, name as listed)."""
    return [(row.player, listed_name(game, row.player, row.name, lang)) for row in rows]


def register_embed(
    game: TableGame,
    register: GuildRegister,
    lang: str,
    table: LiveTable | None = None,
    room: int = DESCRIPTION_LIMIT,
) -> discord.Embed:
    """A game's register of bêtes, its list of bêtes in ``room`` characters, as the lobby
    marks them: each bête a hand in progress holds, at whichever table of the server; in
    the channel of ``table`` waiting for its next deal (its lobby, or between hands), the
    bête its players would play for first, and those whose owner does not sit there;
    then the pot, with the share of it each hand
    in progress may take."""
    embed = discord.Embed(title=t(lang, "register.title", game=game.spec.name(lang)), colour=COLOUR)
    entries, held = register.view.entries, register.held
    next_id = None
    here = table if table is not None and table.game.id == game.id else None
    if here is not None and not waits_for_a_deal(here):
        here = None  # a hand in progress marks the bête it holds, as held
    if here is not None:
        next_id = first_in_play(here, register)
    lines = []
    for index, e in enumerate(entries, start=1):
        owner = listed_name(game, e.owner, e.owner_name, lang)  # a member gone too
        if e.owner is None:
            owner = game_text(game.id, lang, "register.no_owner")
        line = t(
            lang,
            "register.line",
            index=index,
            owner=owner,
            amount=game.renderer.amount(e.amount, lang),
            date=f"<t:{int(e.created_at.timestamp())}:d>",  # in the reader's own format
        )
        if e.id in held.entries:
            line += " — **" + t(lang, "register.in_play", id=held.entries[e.id]) + "**"
        elif here is not None and e.id == next_id:
            line += " — **" + t(lang, "register.next", id=here.id) + "**"
        elif here is not None and e.owner is not None and here.seat_of(e.owner) is None:
            line += " — " + t(lang, "register.away", id=here.id)  # RULES.md §1.8
        lines.append(line)
    embed.description = (  # the list is /betes itself: "and 12 more", no pointer to it
        listed(lines, room, lang) if lines else t(lang, "register.empty")
    )
    embed.add_field(
        name=t(lang, "register.total"),
        value=game.renderer.amount(sum(e.amount for e in entries), lang),
        inline=True,
    )
    for name, value, inline in pot_fields(game, register.view.pot, held, lang):
        embed.add_field(name=name, value=value, inline=inline)
    return embed


def waits_for_a_deal(table: LiveTable) -> bool:
    """Whether ``table`` has no hand in progress and a deal to come: its lobby, or
    between two hands (a hand in progress holds its bête, marked as held)."""
    return table.status == "lobby" or (table.between_hands and table.deal_coming)


def listed(lines: list[str], room: int, lang: str) -> str:
    """A board's lines in ``room`` characters: as many whole as fit, then how many more."""
    return fitted(lines, "\n", room, lambda count: t(lang, "list.more", count=count))


def scoreboard_embed(
    game: TableGame, rows: list[ScoreRow], lang: str, period: str, room: int = DESCRIPTION_LIMIT
) -> discord.Embed:
    embed = discord.Embed(
        title=t(lang, "score.title", game=game.spec.name(lang), period=t(lang, f"period.{period}")),
        colour=COLOUR,
    )
    lines = []
    # a game with result words of its own (L'Hombre's codille, remise...) counts each
    own = f"score.line.{game.id}"
    key = own if own in MESSAGES else "score.line"
    for index, row in enumerate(rows[:20], start=1):
        counts = {}
        if key == own:
            counts = {w.replace("-", "_"): row.result_count(w) for w in game.capabilities.results}
        lines.append(
            t(
                lang,
                key,
                **counts,
                rank=index,
                name=listed_name(game, row.player, row.name, lang),
                net=t(lang, f"score.net.{game.id}", net=game.renderer.money(row.net, lang)),
                hands=row.hands,
                made=row.made,
                failed=row.failed,
                betes=row.betes_made,
                collected=row.betes_collected,
            )
        )
    embed.description = listed(lines, room, lang) if lines else t(lang, "score.empty")
    return embed


def nothing_played_embed(lang: str, period: str) -> discord.Embed:
    """The standings of a server where no game was played in the period."""
    title = t(lang, "score.title_all", period=t(lang, f"period.{period}"))
    return discord.Embed(title=title, colour=COLOUR, description=t(lang, "score.empty"))


def match_scoreboard_embed(
    game: TableGame,
    rows: list[MatchScoreRow],
    lang: str,
    period: str,
    going: Sequence[MatchGoingOn] = (),
    room: int = DESCRIPTION_LIMIT,
) -> discord.Embed:
    """The standings of a game settled per match: matches won and lost (an *en bas
    table* counts double), points scored, and each player's best feat; then the
    matches not won yet, at a table now or kept for later (whatever the period)."""
    embed = discord.Embed(
        title=t(lang, "score.title", game=game.spec.name(lang), period=t(lang, f"period.{period}")),
        colour=COLOUR,
    )
    lines = []
    for index, row in enumerate(rows[:20], start=1):
        line = game_text(
            game.id,
            lang,
            "score.match_line",
            rank=index,
            name=listed_name(game, row.player, row.name, lang),
            counted=row.counted,
            won=row.won,
            played=row.played,
            double=row.en_bas_table,
            points=row.points,
            # given only in a match of two sides: none said rather than "0" (RULES §4.1)
            hundreds=" · " + t(lang, "score.hundreds", count=row.hundreds) if row.hundreds else "",
        )
        if row.best is not None:
            feat = f"feat.{game.id}.{row.best}"
            best = t(lang, feat) if feat in MESSAGES else row.best
            line += t(lang, "score.best", best=best, points=row.best_points)
        lines.append(line)
    empty = game_text(game.id, lang, "score.empty_matches")
    embed.description = listed(lines, room, lang) if lines else empty
    if going:
        command = game.command.name
        now = [
            t(lang, "score.going_on.table", scores=m.scores, table=m.table_id)
            if m.kept_at is None
            else t(
                lang,
                "score.going_on.kept",
                scores=m.scores,
                when=f"<t:{int(m.kept_at.timestamp())}:d>",
                game=command,
            )
            for m in going
        ]
        embed.add_field(
            name=game_text(game.id, lang, "score.going_on.title"),
            value=clip("\n".join(now)),
            inline=False,
        )
    return embed


def rules_embed(
    game: TableGame, topic: str, lang: str, table: LiveTable | None = None
) -> discord.Embed:
    """One topic of a game's rules in short (``topic`` among ``game.rule_topics``), and
    the options of ``table`` when it plays that game (the rules it uses)."""
    embed = discord.Embed(title=t(lang, f"rules.{game.id}.{topic}.title"), colour=COLOUR)
    embed.description = t(lang, f"rules.{game.id}.{topic}.text")
    if table is not None and table.game.id == game.id:
        options = options_text(table, lang)
        embed.add_field(name=t(lang, "rules.table_options"), value=options, inline=False)
    # the game named: typed again without it, the command would mean this channel's
    embed.set_footer(
        text=t(lang, "rules.footer", game=f"{command_word('game', lang)}:{game.command.name}")
    )
    return embed


def rules_topic(game: TableGame, typed: str, lang: str) -> str:
    """The rules topic asked for: as the autocomplete gives it (its id), or its title
    typed whole in either language (accents and case aside); else a refusal that lists
    the game's topics."""
    wanted = plain(typed).strip().casefold()
    for topic in game.renderer.rule_topics:
        titles = {plain(t(each, f"rules.{game.id}.{topic}.title")).casefold() for each in LANGS}
        if wanted == topic or wanted in titles:
            return topic
    # not "a, b or c": a title may have commas of its own
    topics = " · ".join(t(lang, f"rules.{game.id}.{x}.title") for x in game.renderer.rule_topics)
    raise UserError("error.no_topic", topic=typed[:40], game=game.spec.name(lang), topics=topics)


def sides_text(seats: Sequence[HandSeat], lang: str, game: TableGame | None) -> str:
    """What a hand gave each side (each seat, without partners), partners named
    together: their points and their score after it in a game of points, else each
    one's money (a game no longer offered: its numbers as stored)."""

    def money(amount: int) -> str:
        return game.renderer.money(amount, lang) if game is not None else f"{amount:+d}"

    sides: dict[int, list[HandSeat]] = {}
    for index, seat in enumerate(seats):
        sides.setdefault(index if seat.side is None else seat.side, []).append(seat)
    parts = []
    for side in sides.values():
        names, score = " & ".join(inert_name(seat.name) for seat in side), side[0].score
        if side[0].points is not None:
            points = money(sum(seat.points or 0 for seat in side))
            scored = t(lang, "history.scored", name=names, points=points, score=score)
            parts.append(f"{names} {points}" if score is None else scored)
        elif game is not None and not game.capabilities.money:
            parts.append(names)  # neither money nor points: the players only
        else:
            parts.extend(f"{inert_name(seat.name)} {money(seat.net)}" for seat in side)
    return " · ".join(parts)


def history_shown(
    hands: list[PastHand],
    lang: str,
    page: int = 1,
    pages: int = 1,
    records: Collection[int] = (),
    asked: str = "",
) -> tuple[discord.Embed, list[tuple[discord.Embed, discord.File]]]:
    """``/history``: page ``page`` of ``pages``, its hands in words, and each one's tricks
    as a picture, each record replayed once (slow: run it in a worker thread);
    ``records``: the ids of the hands whose record is attached; ``asked``: the command's
    choices as typed ("game:hombre player:@Est"), which the next page keeps."""
    deals = [replayed(past) for past in hands]
    embed = history_embed(hands, lang, deals, records)
    if not hands and asked:  # nothing of that game or player, though other hands may be
        embed.description = t(lang, "history.empty_for", asked=asked)
    if pages > 1:  # which page, and how to reach the older hands
        embed.title = t(lang, "history.page", page=page, pages=pages)
        if page < pages:
            older = " ".join(filter(None, [asked, f"{command_word('page', lang)}:{page + 1}"]))
            embed.set_footer(text=t(lang, "history.older", asked=older))
    return embed, history_pictures(hands, lang, deals)


Deal = tuple[TableGame, Any] | None  # a past hand's game and its deal replayed to the end


def replayed(past: PastHand) -> Deal:
    """A past hand's deal replayed from its record (None: a game no longer offered, or a
    record it refuses)."""
    try:
        game = table_game(past.hand.game)
        return game, game.port.replayed(past.hand.record)
    except (KeyError, ValueError):
        return None


def history_embed(
    hands: list[PastHand],
    lang: str,
    deals: Sequence[Deal] | None = None,
    records: Collection[int] = (),
) -> discord.Embed:
    """The server's last settled hands, newest first: each with how it went in its
    game's words (``deals``: their records replayed, else replayed here) and what it
    gave each side; the hands of ``records`` name their record (RULES.md §5) attached
    beside as a JSON file, and where one is not, a line says who gets them."""
    if deals is None:
        deals = [replayed(past) for past in hands]
    embed = discord.Embed(title=t(lang, "history.title"), colour=COLOUR)
    lines = []
    for past, deal in zip(hands, deals, strict=True):
        hand = past.hand
        game: TableGame | None
        try:
            game = table_game(hand.game)
        except KeyError:  # a game no longer offered: its hands stay readable
            game, name = None, hand.game
        else:
            name = game.spec.name(lang)
        nets = sides_text(past.seats, lang, game)
        if deal is not None:
            names = [inert_name(seat.name) for seat in past.seats]
            result = deal[0].renderer.history_result(deal[1], names, lang)
        else:  # the result word stored with it
            result = t(lang, f"history.result.{past.result}") if past.result else "—"
            if past.declarers:  # the declarer, and his partners where a side shares it
                result = t(lang, "labelled", label=" & ".join(past.declarers), text=result)
        lines.append(
            game_text(
                hand.game,
                lang,
                "history.line",
                id=hand.id,
                game=name,
                table=hand.table_id or "?",
                hand=hand.hand_no,
                when=f"<t:{int(hand.finished_at.timestamp())}:f>",
                result=result,
                nets=nets,
            )
        )
        if hand.id in records:
            lines[-1] += "\n" + t(lang, "history.file", file=history_file_name(past))
    if any(past.hand.id not in records for past in hands):
        lines.append(t(lang, "history.records_kept"))
    embed.description = clip("\n\n".join(lines), 4096) if lines else t(lang, "history.empty")
    return embed


def history_file_name(past: PastHand) -> str:
    return f"hand-{past.hand.id}-{past.hand.game}.json"


def history_pictures(
    hands: list[PastHand], lang: str, deals: Sequence[Deal]
) -> list[tuple[discord.Embed, discord.File]]:
    """Each past hand's tricks as a picture (``deals``: their records replayed), drawn
    (slow: run it in a worker thread), in an embed of its own (a game no longer offered,
    or a hand without a trick, has none)."""
    shown = []
    for past, deal in zip(hands, deals, strict=True):
        if deal is None:
            continue
        hand = past.hand
        tricks = deal[1].view(0).tricks_played
        names = [inert_name(seat.name) for seat in past.seats]
        picture = whole_hand_scene(tricks, names, lang, hand_tricks_words(tricks, names, lang))
        if picture is None:
            continue
        title = game_text(hand.game, lang, "history.picture", id=hand.id, hand=hand.hand_no)
        embed = discord.Embed(title=title, colour=COLOUR).set_image(url=picture.url)
        shown.append((embed, picture.file()))
    return shown
