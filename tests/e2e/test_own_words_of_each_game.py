"""Each game says what belongs to it, on the transcripts of whole games (over every
offered game):

- ``/table stop`` answers with what stopping means for that game (the line its table
  then shows), and how to stop at once;
- the lobby shows a register of bêtes only where the game keeps one;
- ``/betes`` where no table is shows every game of the server that keeps a register,
  each in its own money; ``/scoreboard`` there names no game but the one played.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.texts.i18n import t
from tests.e2e.fake import Sent
from tests.e2e.transcripts import Key, Transcript, keys, played
from tests.vocabulary import named_game, offered_games


def titled(transcript: Transcript, sent: Sent, key: str) -> list[dict]:
    """The embeds of ``sent`` whose title is the catalogue's ``key`` (for any game)."""
    start = t(transcript.lang, key, game="\0", period="\0").split("\0")[0]
    return [
        e for e in sent.payload.get("embeds") or [] if str(e.get("title", "")).startswith(start)
    ]


@cache
def amounts(game: str, lang: str) -> frozenset[str]:
    """Every amount up to 20,000 as ``game`` writes it (in its money)."""
    renderer = next(g for g in offered_games() if g.id == game).renderer
    return frozenset(renderer.amount(n, lang) for n in range(20_000))


def answers(transcript: Transcript, key: str) -> list[list[dict]]:
    """The embeds titled ``key`` of each answer given in the channel without a table."""
    out = []
    for s in transcript.sent:
        if s.channel_id == transcript.other_channel and s.seq >= transcript.commands_at:
            embeds = titled(transcript, s, key)
            if embeds:
                out.append(embeds)
    return out


@pytest.mark.parametrize("game", [g.id for g in offered_games()])
async def test_table_stop_says_what_stopping_means_for_the_game(game: str) -> None:
    stopped = [
        transcript
        for key in keys()
        if key.game == game and (transcript := await played(key)).stop_at is not None
    ]
    assert stopped, f"{game}: every game ended before /table stop"
    for transcript in stopped:
        stop_answered(transcript)


def stop_answered(transcript: Transcript) -> None:
    """The answer to ``/table stop`` says what the table then shows, and how to stop at
    once."""
    key = transcript.key
    assert transcript.stop_at is not None
    after = [s for s in transcript.sent if s.seq >= transcript.stop_at]
    answer = next(  # the first private answer in the table's channel: a text, no embed
        s
        for s in after
        if s.channel_id == transcript.table_channel
        and s.audience == transcript.persons[0]
        and s.kind == "message.create"
        and not s.payload.get("embeds")
    )
    meaning, _, rest = answer.text().partition("\n")
    assert rest == t(transcript.lang, "ok.stop_now"), answer.text()
    table = [s for s in after if s.message_id in transcript.table_messages]
    assert any(meaning in s.text().splitlines() for s in table), (
        f"{key}: the table never showed what /table stop said: {meaning!r}"
    )


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_the_lobby_shows_a_register_only_where_the_game_keeps_one(key: Key) -> None:
    transcript = await played(key)
    lobby = next(s for s in transcript.sent if s.message_id == transcript.table_message)
    names = {f.get("name") for e in lobby.payload["embeds"] for f in e.get("fields") or []}
    lang = transcript.lang
    register = {t(lang, "table.register"), t(lang, "table.carried_title")} & names
    assert bool(register) == transcript.game.capabilities.register, (key, names)


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_betes_where_no_table_shows_every_game_keeping_a_register(key: Key) -> None:
    transcript = await played(key)
    lang = transcript.lang
    games = offered_games()
    (embeds,) = answers(transcript, "register.title")
    shown = [named_game(str(e["title"]), games, lang) for e in embeds]
    wanted = [g for g in games if g.capabilities.register]
    assert [g.id for g in shown if g is not None] == [g.id for g in wanted]
    for game, embed in zip(wanted, embeds, strict=True):
        total = next(f["value"] for f in embed["fields"] if f["name"] == t(lang, "register.total"))
        assert total in amounts(game.id, lang), (game.id, total)
        assert re.search(r"[^\d\s]", total), f"{game.id}: the total says no unit: {total!r}"


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_scoreboard_where_no_table_names_no_other_game(key: Key) -> None:
    transcript = await played(key)
    games = offered_games()
    for embeds in answers(transcript, "score.title"):
        named = [named_game(str(e["title"]), games, transcript.lang) for e in embeds]
        assert {g.id for g in named if g is not None} <= {transcript.game.id}, key
