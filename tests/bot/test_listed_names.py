"""Players listed across tables (``/scoreboard``, its chart, ``/betes``) are told apart:
the fair and the strong computer player of a game may both be called "🤖 Alexandre" (a
name is unique at a table, not over a server), so where tables meet each shows its
level, in every game offered."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot.drawing.boards import (
    chart_players,
    match_scoreboard_embed,
    register_embed,
    scoreboard_embed,
)
from bot.drawing.charts import balance_chart
from bot.game import TableGame
from bot.tables.guild_register import GuildRegister, Holdings
from bot.tables.matches import MatchGoingOn
from bot.tables.names import COMPUTER_MARK, computer_player
from bot.tables.readings import RegisterView
from db.models import MatchScoreRow, RegisterEntry, ScoreRow
from tests.bot.offered import offered_games

LANGS = ("fr", "en")


def two_alexandres(game: TableGame) -> list[tuple[str, str]]:
    """The fair and the strong computer player, each seated first at its own table."""
    fair = computer_player(game.spec.fair, ())
    strong = computer_player(game.spec.strong, ())
    assert fair[0] != strong[0] and fair[1] == strong[1]  # two players, one name
    return [fair, strong]


def bold_names(text: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", text)


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
@pytest.mark.parametrize("lang", LANGS)
def test_the_scoreboard_tells_computer_players_of_one_name_apart(game, lang, drawn_text):
    players = two_alexandres(game)
    if game.match is not None:
        matches = [MatchScoreRow(p, name, 2, 1, 1, 0, 900, None, 0) for p, name in players]
        text = str(match_scoreboard_embed(game, matches, lang, "all").description)
    else:
        rows = [ScoreRow(p, name, 5, 1, 1, 0, 0, 0) for p, name in players]
        text = str(scoreboard_embed(game, rows, lang, "all").description)
        named = chart_players(game, rows, lang)
        assert len({name for _, name in named}) == 2
        balance_chart([(1, players[0][0], 5), (1, players[1][0], -5)], named, lang, game.id)
        bare = players[0][1].replace(COMPUTER_MARK, "").strip()  # the mark is drawn apart
        legend = [text for text, _ in drawn_text if bare in text]
        assert len(set(legend)) == 2, f"the chart's legend: {legend}"
        assert not any("…" in text for text in legend), f"cut short: {legend}"
    shown = bold_names(text)
    assert len(shown) == 2 and len(set(shown)) == 2, text


@pytest.mark.parametrize(
    "game", [g for g in offered_games() if g.capabilities.register], ids=lambda game: game.id
)
@pytest.mark.parametrize("lang", LANGS)
def test_the_register_tells_computer_players_of_one_name_apart(game, lang):
    when = datetime(2026, 1, 1, tzinfo=UTC)
    entries = [
        RegisterEntry(i, 10, game.id, p, name, 12, when, None, None, None, None, None)
        for i, (p, name) in enumerate(two_alexandres(game), start=1)
    ]
    lines = str(
        register_embed(game, GuildRegister(RegisterView(entries, {}), Holdings()), lang).description
    ).splitlines()
    owners = [line.split("—")[0] for line in lines]
    assert len(owners) == 2 and owners[0].split(" ", 1)[1] != owners[1].split(" ", 1)[1], lines


def test_haitian_standings_speak_of_parties_and_of_hundreds_only_once_given():
    """With three or four players for themselves nothing counts toward a hundred
    (RULES.md §4.1): a player who gave none is not told "hundreds given: 0"; and the
    Haitian board says partie where the classic one says match."""
    haiti = next(g for g in offered_games() if g.id == "besigue-haiti")
    rows = [
        MatchScoreRow("1", "Anne", 3, 2, 3, 1, 2100, None, 0, hundreds=1),
        MatchScoreRow("2", "Marc", 3, 1, 1, 0, 1500, None, 0),
    ]
    going = [MatchGoingOn("Anne 100 · Marc 0", 7)]
    embed = match_scoreboard_embed(haiti, rows, "en", "all", going)
    anne, marc = str(embed.description).split("\n")[:2]
    assert anne.endswith("· hundreds given: 1") and "hundreds" not in marc, embed.description
    assert embed.fields[0].name == "Parties in progress"
    empty = match_scoreboard_embed(haiti, [], "en", "all")
    assert empty.description == "No partie finished yet."
    classic = next(g for g in offered_games() if g.id == "besigue")
    assert match_scoreboard_embed(classic, [], "en", "all").description == "No match finished yet."
