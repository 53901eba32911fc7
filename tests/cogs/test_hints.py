"""The Hint button of a private hand, through the real cogs, in every game offered: only
for the player whose hand and decision it is, only with the table's ``hints`` on, the
moves in the reader's own words and cards, counted per deal in the log and the record."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.delivery.in_time import ANSWER_WAIT
from bot.drawing.render import button
from bot.game import TableGame
from bot.ids import ComponentId
from bot.tables.computer import inline_decider, inline_hinter
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from games.ai.teacher.hint import Hint, offers_hint
from games.cards import Card, cards_of
from tests.bot.offered import offered_games
from tests.cogs.conftest import World
from tests.cogs.helpers import custom_ids, labels, last_dm, live

HINT = t("en", "btn.hint")


async def seated(world: World, game: TableGame, **options: Any) -> LiveTable:
    """People in every seat the game needs, play started."""
    sud = world.members[0]
    await sud.slash(world.channel, f"table new {game.command.name}", **options)
    for member in world.members[1 : game.min_seats]:
        await member.click(world.table_message(), label=t("en", "btn.join"))
    await sud.click(world.table_message(), label=t("en", "btn.start"))
    table = live(world)
    assert table.status == "playing" and table.state is not None
    return table


async def to_a_choice(world: World, table: LiveTable) -> int:
    """Play on (the fair computer player's moves) until the seat to act has a choice the
    game values; its seat, its private hand drawn."""
    service = world.bot.service
    for _ in range(400):
        state = table.state
        assert state is not None and table.in_deal
        seat = state.turn
        if offers_hint(table.game.id, state.view(seat)):
            await world.bot.presenter.after_change(table)
            return seat
        view = state.view(seat)
        action = await inline_decider(table.game.id, table.game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[seat].player, action)
    raise AssertionError("no decision with a choice")


def counted(world: World) -> list[tuple[str, Any]]:
    """The hints worked out from now on: the game and the view each was asked with."""
    calls: list[tuple[str, Any]] = []

    async def hinter(game: str, view: Any, budget: int, seed: int) -> Hint | None:
        calls.append((game, view))
        return await inline_hinter(game, view, budget, seed)

    world.bot.service.hints.hinter = hinter
    return calls


async def posted(world: World, cid: ComponentId) -> discord.Message:
    """A message in the table's channel carrying a Hint button of ``cid`` (a button that
    reached someone else: copied, forged)."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(cid, HINT))
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("💡", view=view)
    return max(world.channel.history(), key=lambda m: m.id)


def card_words(cards: list[Card]) -> dict[Card, set[str]]:
    """The ways a message may name each card (its notation, its words in French and
    English, e.g. "10S", "10♠")."""
    from bot.drawing.wording import card_text

    return {c: {str(c), card_text(c, "fr"), card_text(c, "en")} for c in cards}


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_the_hint_is_its_players_own_and_names_only_what_they_see(world, game):
    table = await seated(world, game, hints=True)
    calls = counted(world)
    seat = await to_a_choice(world, table)
    dms = {s: last_dm(world, s) for s in range(len(table.seats))}
    assert HINT in labels(dms[seat])
    assert all(HINT not in labels(dm) for s, dm in dms.items() if s != seat)
    [hint_id] = [c for c in custom_ids(dms[seat]) if ComponentId.parse(c).verb == "hint"]
    cid = ComponentId.parse(hint_id)

    # the same button in another's hands: refused, nothing worked out
    copied = await posted(world, cid)
    other = world.members[(seat + 1) % len(table.seats)]
    refused = await other.click(copied, label=HINT)
    assert refused.ephemeral
    assert refused.response.content == t("en", "error.hint_not_yours")
    stranger = world.guild.add_member(world.env.create_user("Passant"))
    refused = await stranger.click(copied, label=HINT)
    assert refused.response.content == t("en", "error.not_seated")
    assert calls == []

    # the player's own click: privately, at most three moves, worked out from their view
    answer = await world.members[seat].user.click(dms[seat], label=HINT)
    assert answer.ephemeral
    text = answer.response.content
    state = table.state
    assert state is not None
    view = state.view(seat)
    assert calls == [(game.id, view)]
    moves = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert 2 <= len(moves) <= 3 and t("en", "hint.best") in moves[0]
    assert moves[0].startswith("1. **")
    # no card the reader has not seen is named, in the moves or in the line of why
    hidden = [c for s in range(len(table.seats)) if s != seat for c in others_hand(state, s)]
    own = set().union(*card_words(others_hand(state, seat)).values())  # two packs: the same
    for card, words in card_words(hidden).items():
        words -= own  # a card of another pack the reader holds too reads the same
        for line in text.splitlines():
            named = any(f"**{w}**" in line or f" {w} " in line or f"{w} " in line for w in words)
            assert not named, (card, line)

    # once the decision is made, the button of that decision says so and changes nothing
    action = await inline_decider(game.id, game.spec.fair, view, table.moves)
    await world.bot.service.act(table.id, table.seats[seat].player, action)
    seq = table.seq
    stale = await world.members[seat].click(copied, label=HINT)
    assert stale.ephemeral and stale.response.content == t("en", "error.hint_stale")
    assert table.seq == seq and len(calls) == 1
    assert not world.env.errors


def others_hand(state: Any, seat: int) -> list[Card]:
    """The cards ``seat`` holds now that nobody else has seen (read from the state: the
    test's knowledge; Bésigue's laid cards are face up, and not among them)."""
    return cards_of(state.view(seat).hand)


@pytest.mark.parametrize("game", offered_games()[:1], ids=lambda game: game.id)
async def test_no_hint_button_with_hints_off_and_a_copied_one_is_refused(world, game):
    table = await seated(world, game, hints=False)
    calls = counted(world)
    seat = await to_a_choice(world, table)
    assert HINT not in labels(last_dm(world, seat))
    copied = await posted(world, ComponentId(table.id, table.moves, "hint", str(seat)))
    refused = await world.members[seat].click(copied, label=HINT)
    assert refused.response.content == t("en", "error.hints_off")
    assert calls == []


async def test_the_deal_says_how_many_hints_each_player_took(world):
    """A hint asked twice at one decision counts once; the table's log says at the deal's
    end how many hints each player took."""
    game = offered_games()[0]
    table = await seated(world, game, hints=True)
    seat = await to_a_choice(world, table)
    for _ in range(2):
        answer = await world.members[seat].user.click(last_dm(world, seat), label=HINT)
        assert t("en", "hint.best") in answer.response.content
    service = world.bot.service
    while table.in_deal:
        state = table.state
        view = state.view(state.turn)
        action = await inline_decider(table.game.id, table.game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[state.turn].player, action)
    await world.bot.presenter.after_change(table)
    log = world.table_message().embeds[0].fields[-1].value
    assert t(table.public_lang, "log.hints", hints=f"{table.name(seat)} 1") in log
    assert not world.env.errors


async def test_the_lobby_shows_the_hints_option_and_its_default(world):
    sud = world.members[0]
    game = offered_games()[0]
    await sud.slash(world.channel, f"table new {game.command.name}")
    options = world.table_message().embeds[0].fields[1].value
    assert t("en", "options.hints.off.auto") in options
    await world.bot.service.add_computer(live(world).id, str(sud.id), "fair")
    await world.bot.presenter.after_change(live(world))
    options = world.table_message().embeds[0].fields[1].value
    assert t("en", "options.hints.on.auto") in options
    other = world.guild.create_text_channel("autre")
    await world.members[1].slash(other, f"table new {game.command.name}", hints=False)
    table = world.bot.service.in_channel(other.id)
    assert table is not None and not table.hints


async def test_a_hint_asked_while_the_table_was_busy_is_deferred_in_time(world):
    """The answer's time runs from the click: a click that waited for the table (another
    move being played) past the hint's wait is deferred at once, however quick the
    hint, rather than answered after Discord's three seconds."""
    game = offered_games()[0]
    table = await seated(world, game, hints=True)
    seat = await to_a_choice(world, table)
    dm = last_dm(world, seat)
    mark = len(world.env.http_requests)

    class Busy(asyncio.Lock):
        """The table's lock, its turn coming after another move is played (a while)."""

        async def acquire(self) -> bool:
            await asyncio.sleep(ANSWER_WAIT + 0.5)  # the bot's clock: SimCord's own
            return await super().acquire()

    table.lock = Busy()
    settle = world.env.settle_timeout
    # the hint is worked out in this process (seconds on a busy machine): waited for
    world.env.settle_timeout = 3 * settle
    try:
        answer = await world.members[seat].user.click(dm, label=HINT)
        await world.env.settle()  # the hint worked out after the deferral
    finally:
        world.env.settle_timeout = settle
    callbacks = [r for r in world.env.http_requests[mark:] if r.path.endswith("/callback")]
    assert callbacks and callbacks[0].json == {"type": 5, "data": {"flags": 64}}  # deferred
    assert answer.ephemeral and t("en", "hint.best") in answer.response.content  # once it came
    assert not world.env.errors
