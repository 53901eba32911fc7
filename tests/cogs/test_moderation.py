"""Moderation: a member with *Manage Server* ends any table or has the computer play
for a player; everyone else is refused; each act is on the table and in its log."""

from __future__ import annotations

import discord

from bot.texts.i18n import game_text, t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_refusals import refused


def moderator(world):
    role = world.guild.create_role("Gardes", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("Garde"), roles=[role])


async def test_only_a_moderator_ends_a_table_and_the_table_says_who(world, db_path):
    table = await open_full_table(world)
    for seat, words in actions()[:6]:
        await act_in_dm(world, seat, Action.parse(words))
    refused(world, await world.members[1].slash(world.channel, "table end"), "manage")
    assert table.status == "playing"

    garde = moderator(world)
    vide = world.guild.create_text_channel("vide")  # no table there: nothing to end
    refused(world, await garde.slash(vide, "table end"), "No table in this channel.")
    result = await garde.slash(world.channel, "table end")
    assert result.ephemeral
    assert table.status == "ended" and table.ended_reason == "moderator"
    message = next(m for m in world.channel.history() if m.id == table.row.message_id)
    embed = message.embeds[0]
    lang = table.public_lang
    ended = game_text(table.game.id, lang, "table.ended.moderator", name="Garde")
    assert ended in embed.description
    # mid-hand: that hand is not settled, and what carries over is said as it stands
    unsettled = game_text(table.game.id, lang, "table.ended.unsettled")
    assert unsettled in embed.description
    async with world.bot.db.reading() as store:
        events = await store.tables.events(table.id)
        hands = await store.ledger.unpaid_entries(world.guild.id, table.game.id)
    assert events[-1].kind == "end" and events[-1].payload["by"] == str(garde.id)
    assert hands == []  # the hand in progress was not settled: nothing was paid or added


async def test_a_moderator_has_the_computer_play_for_a_player(world):
    table = await open_full_table(world)
    est = world.members[1]
    refused(world, await world.members[2].slash(world.channel, "table replace", player=est))
    garde = moderator(world)
    result = await garde.slash(world.channel, "table replace", player=est)
    assert result.ephemeral
    assert live(world).seats[1].ai == table.game.spec.strong and table.seats[1].stand_in
    lang = table.public_lang
    log = next(
        f.value for f in world.table_message().embeds[0].fields if f.name == t(lang, "table.log")
    )
    assert t(lang, "log.replace_by", by="Garde", name=table.name(1)) in log
    for _ in range(5):  # the computer player plays Est's call, after its short pause
        if live(world).state.turn != 1:
            break
        await world.env.advance_time(1.1)
    assert live(world).state.turn != 1 and live(world).state.actions[0][0] == 1
    stranger = world.guild.add_member(world.env.create_user("Passant"))
    refused(world, await garde.slash(world.channel, "table replace", player=stranger), "Passant")


async def test_a_moderator_is_told_why_the_computer_cannot_take_a_seat(world):
    """``/table replace`` refused in words meant for the moderator, who need not sit at
    the table: no table in the channel, a game not started yet, a seat the computer
    plays already (not "click *Take my seat back*", which speaks to its player)."""
    garde, est = moderator(world), world.members[1]
    vide = world.guild.create_text_channel("vide")
    no_table = t("en", "error.no_table_here")
    refused(world, await garde.slash(vide, "table replace", player=est), no_table)
    table = await open_full_table(world)
    autre = world.guild.create_text_channel("autre")
    cinq = world.guild.add_member(world.env.create_user("Cinq"))
    await cinq.slash(autre, "table new bete")
    lobby = t("en", "error.not_started")
    refused(world, await garde.slash(autre, "table replace", player=cinq), lobby)
    await garde.slash(world.channel, "table replace", player=est)
    seq = table.seq
    again = await garde.slash(world.channel, "table replace", player=est)
    refused(world, again, t("en", "error.replaced_already", name="Est"))
    assert "Take my seat back" not in again.response.content and table.seq == seq


async def test_a_table_ended_in_its_lobby_speaks_of_no_hand_nor_of_betes_it_has_not(world):
    """Ended before any deal: no hand "in progress is not settled", and no "the bêtes
    are carried over" beside "no bête is carried over"."""
    sud, garde = world.members[0], moderator(world)
    await sud.slash(world.channel, "table new hombree")
    table = live(world)
    await garde.slash(world.channel, "table end")
    message = next(m for m in world.channel.history() if m.id == table.row.message_id)
    words = message.embeds[0].description or ""
    lang = table.public_lang
    assert game_text(table.game.id, lang, "table.ended.moderator", name="Garde") in words
    assert game_text(table.game.id, lang, "table.ended.unsettled") not in words
    assert "carried over" in t(lang, "table.carried_none")  # the one word of it, said once
    assert words.count("carried over") <= 1 and "in progress" not in words
