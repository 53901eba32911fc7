"""``/help``: a newcomer's guide, privately, in the reader's language: every offered game
with the word ``/table new`` takes and its number of players, the buttons to sit and
start as the table shows them, where the hand comes, and the commands to know, each
written as the reader's client shows it (checked for every text by test_documented)."""

from __future__ import annotations

from bot.games import offered_games
from bot.texts.i18n import t
from bot.texts.translator import command_word


async def guide(world) -> tuple[str, str]:
    result = await world.members[0].slash(world.channel, "help")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert not world.env.errors
    return embed.title or "", (embed.description or "") + "\n" + (embed.footer.text or "")


async def test_help_names_every_game_to_open_and_what_comes_next(world) -> None:
    title, text = await guide(world)
    assert title == "How to play here"
    assert "`/table new`" in text
    for game in offered_games():
        line = next(x for x in text.splitlines() if x.startswith(f"- `{game.command.name}`:"))
        assert game.spec.name("en") in line and f"{game.min_seats}" in line, line
    for label in ("Join", "Add computer player", "Start", "My hand"):
        assert f"*{label}*" in text
    shown = ("/play", "/hand", "/rules", "/betes", "/scoreboard", "/history", "/settings")
    for command in (*shown, "/table stop"):
        assert f"`{command}`" in text
    assert "La Bête Hombrée, 4 players" in text and "La Bête, 2–5 players" in text


async def test_help_speaks_french_to_a_french_client(world, french) -> None:
    title, text = await guide(world)
    assert title == "Jouer ici"
    assert "`/table nouvelle`" in text and "`/regles`" in text and "`/table arreter`" in text
    assert f"*{t('fr', 'btn.join')}*" in text and "Taper /" in text
    seat = next(line for line in text.splitlines() if t("fr", "btn.join") in line)
    assert seat.count(t("fr", "btn.join")) == 1, seat  # the button, not its heading too
    for game in offered_games():
        assert f"`{command_word(game.command.name, 'fr')}` : {game.spec.name('fr')}" in text
