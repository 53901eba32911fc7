"""Example 1 played entirely with slash commands, with autocomplete of the legal choices."""

from __future__ import annotations

from games.bete_hombree import Action, Kind
from tests.bot.example import actions, expected_result
from tests.cogs.conftest import seed_register
from tests.cogs.helpers import live
from tests.cogs.test_full_hand import open_full_table


async def test_example1_by_slash_commands(world):
    await seed_register(world)
    table = await open_full_table(world)
    channel = world.channel
    for index, (seat, words) in enumerate(actions()):
        member = world.members[seat]
        action = Action.parse(words)
        if index == 3:  # Sud may cagnoter or take all: the autocomplete says so
            labels = [c["name"] for c in await member.autocomplete(channel, "bid", "call", "")]
            assert "Je cagnote (stands as 4)" in labels and "Je prends le tout (5)" in labels
            assert "Pass" in labels and "Sans préjudice (blind 2)" not in labels
        if index == 5:  # Ouest may equal Sud's 4, being earlier: premier
            labels = [c["name"] for c in await member.autocomplete(channel, "bid", "call", "pre")]
            assert labels == ["Premier for 4"]
        if action.kind is Kind.PASS:
            result = await member.slash(channel, "pass")
        elif action.kind is Kind.BID:
            result = await member.slash(channel, "bid", call=words.removeprefix("bid "))
        elif action.kind in (Kind.CAGNOTE, Kind.TOUT):
            result = await member.slash(
                channel, "bid", call="je " + words if words == "cagnote" else words
            )
        elif action.kind is Kind.DISCARD:
            choices = await member.autocomplete(channel, "discard", "cards", "QS QD")
            assert any(c["value"] == "QS QD 10C" for c in choices)
            result = await member.slash(channel, "discard", cards="D♠ D♦ 10♣")
        elif action.kind is Kind.DECLARE:
            choices = await member.autocomplete(channel, "declare", "contract", "")
            assert "5 H matadors 4" in [c["value"] for c in choices]
            result = await member.slash(channel, "declare", contract="5 ♥ matadors 4")
        else:
            result = await member.slash(channel, "play", card=str(action.card))
        assert result.ephemeral, (index, words, result)
        assert not world.env.errors, (index, words)
    assert live(world).last is not None
    assert list(table.last.outcome.net) == expected_result()["payments"]
