"""Ended means ended in the private hands too, in every game offered: once a table
closes (stopped by agreement, its agreed end reached, ended by a moderator), every
player's hand in DMs and every open *My hand* panel says the table is closed, and why,
and offers nothing to click; no turn notice is left behind."""

from __future__ import annotations

import asyncio
from collections import Counter
from functools import partial
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.delivery.outbox import DELAYS as OUTBOX_DELAYS
from bot.drawing.render import ended_text
from bot.game import TableGame
from bot.ids import ComponentId
from bot.tables.computer import inline_decider
from bot.tables.table import LiveTable
from bot.texts.i18n import LANGS, game_text, t
from games.bete_hombree import Action as HombreeAction
from tests.bot.example import actions
from tests.bot.offered import offered_games
from tests.cogs.conftest import World
from tests.cogs.helpers import act_in_dm, custom_ids, labels, last_dm, live, notices
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_moderation import moderator

DEALS = 12  # at most, between /table stop and the end it agreed


async def seated(world: World, game: TableGame) -> LiveTable:
    """People in every seat the game needs, play started."""
    sud = world.members[0]
    await sud.slash(world.channel, f"table new {game.command.name}")
    for member in world.members[1 : game.min_seats]:
        await member.click(world.table_message(), label=t("en", "btn.join"))
    await sud.click(world.table_message(), label=t("en", "btn.start"))
    table = live(world)
    assert table.status == "playing" and table.state is not None
    return table


def panel_edits(world: World, token: str) -> list[Any]:
    return [
        r
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/{token}/messages/@original")
    ]


async def step(world: World, table: LiveTable) -> None:
    """The seat to act plays the fair computer player's move (or the next deal is dealt),
    through the service and the presenter, as a click would."""
    service = world.bot.service
    state = table.state
    assert state is not None
    if table.between_hands:
        await service.next_hand(table.id, table.seats[0].player)
    else:
        view = state.view(state.turn)
        action = await inline_decider(table.game.id, table.game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[state.turn].player, action)
    await world.bot.presenter.after_change(table)


async def play_out(world: World, table: LiveTable) -> None:
    for _ in range(DEALS * 200):
        if table.status == "ended":
            return
        await step(world, table)
    raise AssertionError("the table did not end")


def end_before_the_answer(world: World, monkeypatch: Any) -> list[dict[str, Any]]:
    """The next answer that edits the clicked message is slow to reach Discord: before it
    lands, a moderator ends the table and the end is shown (the table message, every
    hand closed). Returns what that answer carried, once sent."""
    presenter = world.bot.presenter
    # the end does not wait for the answer due (it would for 50 ms, on a clock the
    # simulation only moves once every answer is sent)
    presenter.answers_first.wait_turn = partial(asyncio.sleep, 0)
    real_edit, sent = discord.InteractionResponse.edit_message, []

    async def slow(self: Any, *args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(discord.InteractionResponse, "edit_message", real_edit)
        ended = await world.bot.service.moderator_end(world.channel.id, "1", "Garde")
        await presenter.after_change(ended)  # as /table end does
        sent.append(kwargs)
        return await real_edit(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", slow)
    return sent


@pytest.mark.parametrize("ending", ["agreed", "moderator", "finished"])
@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_a_closed_table_closes_every_private_hand(world, game, ending):
    world.bot.presenter.notices.notice_after = 0  # every turn that passes is noticed
    table = await seated(world, game)
    players = range(len(table.seats))
    tokens = []
    for seat in players:
        opened = await world.members[seat].click(world.table_message(), label=t("en", "btn.hand"))
        assert opened.ephemeral
        tokens.append(
            world.bot.presenter.shown(table).panels[table.seats[seat].player].interaction.token
        )
    while not any(notices(world, seat) for seat in players):
        await step(world, table)
    assert table.in_deal
    turn = table.state.turn
    assert custom_ids(last_dm(world, turn)), "the player to act has something to click"

    sud = world.members[0]
    if ending == "moderator":
        await moderator(world).slash(world.channel, "table end")
    else:
        await sud.slash(world.channel, "table stop")
        if ending == "agreed":
            for seat in players:
                stop = t("en", "btn.stop_now", count=seat, total=len(table.seats))
                assert stop in labels(world.table_message())
                await world.members[seat].click(world.table_message(), label=stop)
        else:
            await play_out(world, table)
    assert table.status == "ended"
    assert table.ended_reason == ending

    for seat in players:
        player = table.seats[seat].player
        lang = world.bot.presenter.player_lang(table, player)
        closed = [t(lang, "hand.closed", id=table.id), ended_text(table, lang)]
        dm = last_dm(world, seat)
        text = str(dm.embeds[0].description)
        assert all(words in text for words in closed), text
        assert not dm.components, f"a closed table's hand offers {custom_ids(dm)}"
        assert not dm.embeds[0].image, "a closed table's hand still shows its cards"
        panel = panel_edits(world, tokens[seat])[-1].json
        text = panel["embeds"][0]["description"]
        assert all(words in text for words in closed), text
        assert not panel.get("components")
        assert not notices(world, seat), "a turn notice left once the table is closed"
    assert not world.env.errors


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_a_hand_the_next_deal_overtook_says_its_deal_is_over(world, game):
    """The last card and the next deal may both come before the private hands are
    redrawn (the next deal clicked at once): each hand of the deal left behind says that
    deal is over and offers nothing, before the new hand comes."""
    table = await seated(world, game)
    first = {seat: last_dm(world, seat).id for seat in range(len(table.seats))}
    service = world.bot.service
    while table.in_deal:  # no redrawing meanwhile
        state = table.state
        view = state.view(state.turn)
        action = await inline_decider(table.game.id, table.game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[state.turn].player, action)
    await service.next_hand(table.id, table.seats[0].player)
    await world.bot.presenter.after_change(table)
    assert table.hand_no == 2
    for seat in range(len(table.seats)):
        lang = world.bot.presenter.player_lang(table, table.seats[seat].player)
        [old] = [m for m in world.members[seat].user.dm_channel.history() if m.id == first[seat]]
        text = str(old.embeds[0].description)
        assert game_text(game.id, lang, "phase.done") in text, text
        assert game_text(game.id, lang, "table.hand_no", hand=1) in text
        assert not old.components and not old.embeds[0].image
        assert last_dm(world, seat).id != old.id  # the new deal's hand came after


async def test_a_hand_discord_would_not_close_is_closed_later(world):
    """Discord answers 503 to the edit that closes a private hand (after discord.py's own
    tries): no later change of an ended table would carry it, so the outbox does."""
    game = offered_games()[0]
    table = await seated(world, game)
    presenter = world.bot.presenter
    edit, refused = presenter._edit_hand, []

    async def edit_once_refused(ref, embed, view):
        if table.status == "ended" and not refused:
            refused.append(ref.message_id)
            raise discord.DiscordServerError(SimpleNamespace(status=503, reason="busy"), "")
        await edit(ref, embed, view)

    presenter._edit_hand = edit_once_refused
    await moderator(world).slash(world.channel, "table end")
    assert table.status == "ended" and refused
    await world.env.settle()
    await asyncio.sleep(OUTBOX_DELAYS[0] + 0.5)  # the outbox's first try again
    await world.env.settle()
    for seat in range(len(table.seats)):
        lang = presenter.player_lang(table, table.seats[seat].player)
        dm = last_dm(world, seat)
        assert t(lang, "hand.closed", id=table.id) in str(dm.embeds[0].description)
        assert not dm.components, f"a closed table's hand offers {custom_ids(dm)}"


async def test_a_hand_answered_while_the_table_ends_is_closed(world, monkeypatch):
    """A move clicked in a private hand, its answer (the hand redrawn) slow to reach
    Discord: meanwhile a moderator ends the table, and the end closes the hands and
    forgets the table while the answer lands. The answer showed the turn of the next
    player; the hand is then drawn closed through the click's token."""
    game = offered_games()[0]
    table = await seated(world, game)
    presenter = world.bot.presenter
    state = table.state
    seat = state.turn
    view = state.view(seat)
    action = await inline_decider(game.id, game.spec.fair, view, table.moves)
    landed = asyncio.Event()
    ending: list[asyncio.Task[Any]] = []
    sent: list[str] = []  # the answer's hand, as drawn at the click
    real_notice = presenter.notice_turn

    async def end_waits_for_the_answer(live_table):
        if live_table.status == "ended":  # the end's hands are closed: it goes on once
            await landed.wait()  # the slow answer has landed
        await real_notice(live_table)

    presenter.notice_turn = end_waits_for_the_answer
    # the end does not wait for the answer due (it would for 50 ms, on a clock the
    # simulation only moves once every answer is sent)
    presenter.answers_first.wait_turn = partial(asyncio.sleep, 0)
    real_close, closed = presenter._close_hands, asyncio.Event()

    async def close_hands(live_table):
        await real_close(live_table)
        closed.set()

    presenter._close_hands = close_hands

    async def end_table():  # as /table end does
        ended = await world.bot.service.moderator_end(world.channel.id, "1", "Garde")
        await presenter.after_change(ended)

    real_edit = discord.InteractionResponse.edit_message

    async def slow(self, *args, **kwargs):
        monkeypatch.setattr(discord.InteractionResponse, "edit_message", real_edit)
        ending.append(asyncio.create_task(end_table()))
        sent.append(str(kwargs["embed"].description))
        await closed.wait()
        try:
            return await real_edit(self, *args, **kwargs)
        finally:
            landed.set()

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", slow)
    await act_in_dm(world, seat, action)
    await ending[0]
    await world.env.settle()
    assert table.status == "ended"
    lang = presenter.player_lang(table, table.seats[seat].player)
    assert t(lang, "hand.closed", id=table.id) not in sent[0], "the answer came before the end"
    dm = last_dm(world, seat)
    assert t(lang, "hand.closed", id=table.id) in str(dm.embeds[0].description)
    assert not dm.components, f"a closed table's hand offers {custom_ids(dm)}"


async def test_a_step_answered_while_the_table_ends_is_closed(world, monkeypatch):
    """The first step of a declaration (its suit) clicked in a private hand, its answer
    slow to reach Discord: meanwhile a moderator ends the table and every hand is
    closed. The step, drawn before, lands after; the hand is then drawn closed through
    the click's token, offering no step to take."""
    table = await open_full_table(world)
    for seat, words in actions()[:9]:  # to the declaration of the hand's declarer
        await act_in_dm(world, seat, HombreeAction.parse(words))
    sent = end_before_the_answer(world, monkeypatch)
    step = str(ComponentId(table.id, table.moves, "decl", "H"))
    await world.members[0].user.click(last_dm(world, 0), custom_id=step)
    await world.env.settle()
    assert table.status == "ended"
    lang = world.bot.presenter.player_lang(table, table.seats[0].player)
    drawn = str(sent[0]["embed"].description)
    assert t(lang, "hand.closed", id=table.id) not in drawn, "the step came before the end"
    dm = last_dm(world, 0)
    assert t(lang, "hand.closed", id=table.id) in str(dm.embeds[0].description)
    assert not dm.components, f"a closed table's hand offers {custom_ids(dm)}"


async def test_a_table_message_answered_while_the_table_ends_shows_the_end(world, monkeypatch):
    """*Next hand* clicked on the table message, its answer (the table redrawn with the
    new deal) slow to reach Discord: meanwhile a moderator ends the table, and the end's
    edit of the table message lands first. The answer showed the new deal; the table
    message is then edited to show the end, offering nothing to click."""
    game = offered_games()[0]
    table = await seated(world, game)
    while not table.between_hands:
        await step(world, table)
    sent = end_before_the_answer(world, monkeypatch)
    lang = table.public_lang
    await world.members[1].click(world.table_message(), label=t(lang, "btn.next"))
    await world.env.settle()
    assert table.status == "ended"
    assert any("view" in s and s["view"] is not None for s in sent), "the answer drew a deal"
    [message] = [m for m in world.channel.history() if m.id == table.row.message_id]
    ended = ended_text(table, lang)
    shown = "\n".join(
        [str(message.embeds[0].description)] + [str(f.value) for f in message.embeds[0].fields]
    )
    assert ended in shown, shown
    enabled = [
        item.custom_id
        for row in message.components
        for item in getattr(row, "children", [row])
        if getattr(item, "custom_id", None) and not getattr(item, "disabled", False)
    ]
    assert not [cid for cid in enabled if ":next" in cid or ":play" in cid], enabled


def closings(world: World, table: LiveTable, monkeypatch: Any) -> Counter[int]:
    """From now on, by message: the writes (its post, or an edit, by any path) that leave
    it drawn as a closed table's private hand."""
    marks = [t(lang, "hand.closed", id=table.id) for lang in LANGS]
    counted: Counter[int] = Counter()
    backend = world.env.backend

    def counting(write: Any) -> Any:
        def counted_write(*args: Any, **kwargs: Any) -> Any:
            message = write(*args, **kwargs)
            said = " ".join(str(embed.get("description")) for embed in message.embeds)
            if any(mark in said for mark in marks):
                counted[message.id] += 1
            return message

        return counted_write

    for name in ("commit_message", "edit_message"):
        monkeypatch.setattr(backend, name, counting(getattr(backend, name)))
    return counted


def button_of(table: LiveTable, message: Any, seat: int, action: Any) -> str | None:
    """The custom id of the button of ``message`` that makes ``action`` at once (None: a
    menu, or a declaration in steps)."""
    view = table.state.view(seat)
    for custom_id in custom_ids(message):
        cid = ComponentId.parse(custom_id)
        try:
            clicked = table.game.renderer.component_action(view, cid.verb, cid.arg, [])
        except ValueError:
            continue
        if clicked == action:
            return custom_id
    return None


async def move_as_a_person(world: World, table: LiveTable, way: str) -> bool:
    """The seat to act makes the fair computer player's move the way a person does: a
    click in their private hand (``dm``; a menu or a step aside, made as ``step`` does),
    or ``/play`` (``play``); the next deal is dealt as ``step`` does. Whether the person
    made it."""
    state = table.state
    assert state is not None
    if table.between_hands:
        await step(world, table)
        return False
    seat = state.turn
    action = await inline_decider(
        table.game.id, table.game.spec.fair, state.view(seat), table.moves
    )
    member = world.members[seat]
    if way == "play":
        await member.slash(world.channel, "play", move=str(action))
        return True
    message = last_dm(world, seat)
    custom_id = button_of(table, message, seat, action)
    if custom_id is None:
        await world.bot.service.act(table.id, table.seats[seat].player, action)
        await world.bot.presenter.after_change(table)
        return False
    await member.user.click(message, custom_id=custom_id)
    return True


@pytest.mark.parametrize("way", ["dm", "play"])
@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_each_private_hand_is_drawn_closed_once(world, monkeypatch, game, way):
    """A whole game played the way people play it, to the end its stop agreed, the last
    card clicked in a private hand or said with ``/play``: each private message, in DMs
    or a *My hand* panel, is drawn closed once (the answer to that last click, the end's
    closing of the hands and the closing of an answer the end overtook must not each
    draw it: a second drawing of the same is a request for nothing)."""
    table = await seated(world, game)
    for member in world.members[: len(table.seats)]:
        await member.click(world.table_message(), label=t("en", "btn.hand"))
    await world.members[0].slash(world.channel, "table stop")
    counted = closings(world, table, monkeypatch)
    by_a_person = False
    for _ in range(DEALS * 200):
        if table.status == "ended":
            break
        by_a_person = await move_as_a_person(world, table, way)
    await world.env.settle()
    assert table.status == "ended" and table.ended_reason == "finished"
    assert by_a_person, "the last move was not a person's click"
    for seat in range(len(table.seats)):
        assert counted[last_dm(world, seat).id] == 1, f"seat {seat}'s hand in DMs: {counted}"
    assert all(count == 1 for count in counted.values()), counted
    assert not world.env.errors
