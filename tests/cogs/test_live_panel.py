"""The *My hand* panel keeps itself up to date while its token lives (15 minutes), then
says it has expired, with a button that opens a fresh one."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord
import pytest

import bot.delivery.presenter as presenter_module
from bot.texts.i18n import t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, collector_off, last_dm, live, tokens_in_cycles
from tests.cogs.test_full_hand import open_full_table


def panel_edits(world, token: str) -> list:
    """The edits of the panel opened by the interaction of ``token`` (private hands in
    DMs are edited through their readers' tokens too)."""
    return [
        r
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/{token}/messages/@original")
    ]


async def test_my_hand_follows_the_game_then_expires(world, monkeypatch):
    table = await open_full_table(world)
    nord = world.members[2]
    lang = world.bot.presenter.player_lang(table, table.seats[2].player)
    opened = await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    assert opened.ephemeral and str(nord.id) in world.bot.presenter.shown(table).panels
    token = world.bot.presenter.shown(table).panels[str(nord.id)].interaction.token
    before = opened.response.embeds[0].description
    steps = actions()
    seat, words = steps[0]
    assert seat != 2
    await act_in_dm(world, seat, Action.parse(words))  # someone else calls
    edits = panel_edits(world, token)
    assert len(edits) == 1  # the panel shows the call, through its token
    said = edits[-1].json["embeds"][0]["description"]
    assert said != before and t(lang, "call.pass") in said

    real = presenter_module.time.time
    monkeypatch.setattr(presenter_module.time, "time", lambda: real() + 15 * 60)
    seat, words = steps[1]
    await act_in_dm(world, seat, Action.parse(words))
    assert (
        str(nord.id) not in world.bot.presenter.shown(table).panels
    )  # told it expired, and no longer followed
    last = panel_edits(world, token)[-1].json
    assert last["embeds"][0]["description"] == t(lang, "hand.expired")
    reopen = [c for row in last["components"] for c in row["components"]]
    assert [c["custom_id"] for c in reopen] == [f"tb:{table.id}:0:hand"]
    count = len(panel_edits(world, token))
    seat, words = steps[2]
    await act_in_dm(world, seat, Action.parse(words))
    assert len(panel_edits(world, token)) == count  # an expired panel is left alone


async def test_a_panel_let_go_is_freed_at_once(world):
    """A panel's interaction, kept for its token, is let go when a new panel takes its
    place: freed by its references alone, not left in a cycle for a full collection."""
    table = await open_full_table(world)
    nord = world.members[2]
    lang = world.bot.presenter.player_lang(table, table.seats[2].player)
    await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    token = world.bot.presenter.shown(table).panels[str(nord.id)].interaction.token
    with collector_off():
        await nord.click(world.table_message(), label=t(lang, "btn.hand"))
        assert world.bot.presenter.shown(table).panels[str(nord.id)].interaction.token != token
        assert token not in tokens_in_cycles()


async def test_a_change_while_the_panel_is_on_its_way_is_shown(world, monkeypatch):
    """Someone calls while the answer carrying a *My hand* panel is on its way: there is
    no panel yet to edit, so it shows the call once its answer has come."""
    table = await open_full_table(world)
    nord = world.members[2]
    lang = world.bot.presenter.player_lang(table, table.seats[2].player)
    seat, words = actions()[0]
    real = discord.InteractionResponse.send_message

    async def slow(self, *args, **kwargs):
        monkeypatch.setattr(discord.InteractionResponse, "send_message", real)
        player = table.seats[seat].player  # a call comes first, and its change is shown
        await world.bot.service.act(table.id, player, Action.parse(words), table.moves)
        await world.bot.presenter.refresh_panels(live(world))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", slow)
    opened = await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    await world.env.settle()
    # the answer showed the panel as drawn before the call; its token then edited it
    assert t(lang, "call.pass") in opened.response.embeds[0].description
    assert str(nord.id) in world.bot.presenter.shown(table).panels  # and follows the game


def answer_too_late(monkeypatch, name: str, first: Callable[[], object] | None = None) -> None:
    """The next answer to a click sent with ``InteractionResponse.<name>`` reaches Discord
    past its 3 s, which it then refuses (10062), ``first()`` called as it leaves."""
    real = getattr(discord.InteractionResponse, name)

    async def too_late(self, *args, **kwargs):
        monkeypatch.setattr(discord.InteractionResponse, name, real)
        if first is not None:
            first()
        await asyncio.sleep(3.2)
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, name, too_late)


async def nords_panel(world, table) -> tuple[str, str]:
    """Nord opens *My hand*: his language, and the token that edits the panel."""
    lang = world.bot.presenter.player_lang(table, table.seats[2].player)
    await world.members[2].click(world.table_message(), label=t(lang, "btn.hand"))
    token = world.bot.presenter.shown(table).panels[table.seats[2].player].interaction.token
    return lang, token


async def call_or_end(world, table, lang: str, then: str) -> str:
    """The first call is made, or a moderator ends the table: what a panel then shows."""
    if then == "a call":
        seat, words = actions()[0]
        await act_in_dm(world, seat, Action.parse(words))
        return t(lang, "call.pass")
    ended = await world.bot.service.moderator_end(world.channel.id, "1", "Garde")
    await world.bot.presenter.after_change(ended)
    return t(lang, "hand.closed", id=table.id)


@pytest.mark.parametrize("then", ["a call", "the end"])
async def test_a_panel_whose_replacement_never_came_follows_the_game(world, monkeypatch, then):
    """*My hand* clicked again, its answer refused by Discord (too late: 10062, as an
    answer past 3 s is): the panel opened before is still there, and keeps following
    the game to its end."""
    table = await open_full_table(world)
    lang, first = await nords_panel(world, table)
    answer_too_late(monkeypatch, "send_message")
    await world.members[2].click(world.table_message(), label=t(lang, "btn.hand"))
    expected = await call_or_end(world, table, lang, then)
    await world.env.settle()
    edits = panel_edits(world, first)
    assert edits and expected in edits[-1].json["embeds"][0]["description"]


class Busy:
    """The table's presentation lock as the panels take it, the test holding it as if an
    earlier change were still being shown: a wait for it is declared to the simulation,
    so that the click that waits settles."""

    def __init__(self, world, lock: asyncio.Lock) -> None:
        self.world, self.lock = world, lock

    async def __aenter__(self) -> None:
        await self.world.env.external_wait(self.lock.acquire(), reason="an earlier change")

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()


async def test_a_panel_kept_while_the_table_was_busy_follows_after_a_refused_one(
    world, monkeypatch
):
    """A panel's answer lands while an earlier change is still being shown; before the
    panel is kept, the same player opens another, whose answer Discord refuses (too
    late). The first panel, there all along, still follows the game to its end."""
    table = await open_full_table(world)
    presenter = world.bot.presenter
    lock = presenter._lock(table.id)
    presenter.panels.lock = lambda table_id: Busy(world, lock)
    await lock.acquire()  # an earlier change still being shown
    nord = world.members[2]
    lang = presenter.player_lang(table, table.seats[2].player)
    await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    first = presenter.shown(table).panels[table.seats[2].player].interaction.token
    # as the answer leaves, that change is shown, and the first panel's keeping runs
    answer_too_late(monkeypatch, "send_message", first=lock.release)
    await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    ended = await world.bot.service.moderator_end(world.channel.id, "1", "Garde")
    await presenter.after_change(ended)
    await world.env.settle()
    edits = panel_edits(world, first)
    closed = t(lang, "hand.closed", id=table.id)
    assert edits and closed in edits[-1].json["embeds"][0]["description"]


@pytest.mark.parametrize("where", ["dm", "play"])
async def test_a_move_whose_answer_discord_refused_is_shown(world, monkeypatch, where):
    """A move clicked in the private hand (or sent with ``/play``), its answer refused by
    Discord (too late: 10062): the move stands, so the table message and the next
    player's hand show it all the same."""
    table = await open_full_table(world)
    seat, words = actions()[0]
    moves = table.moves
    answer_too_late(monkeypatch, "edit_message" if where == "dm" else "send_message")
    if where == "dm":
        await act_in_dm(world, seat, Action.parse(words))
    else:
        await world.members[seat].slash(world.channel, "play", move=words)
    await world.env.settle()
    if where == "play":  # the command ends on Discord's refusal, which its handler takes
        assert [type(getattr(e, "original", e)) for e in world.env.errors] == [discord.NotFound]
    assert table.moves == moves + 1 and table.state.turn != seat  # the move stands
    following = table.state.turn
    fields = "\n".join(str(f.value) for f in world.table_message().embeds[0].fields)
    assert f"▶ `{following + 1}` **{table.names[following]}**" in fields, fields
    lang = world.bot.presenter.player_lang(table, table.seats[following].player)
    assert last_dm(world, following).components, "the next player's hand offers the moves"
    assert t(lang, "call.pass") in str(last_dm(world, following).embeds[0].description)


@pytest.mark.parametrize("then", ["a call", "the end"])
@pytest.mark.parametrize("status", [500, 429])
async def test_a_panel_edit_discord_refused_for_a_while_catches_up(world, status, then):
    """A *My hand* panel's edit refused (a server error, or still rate-limited past
    discord.py's own tries): no later change may come for a while (it may be the reader's
    turn, or the table's end), so the panel is drawn again, as the table is then, once
    Discord takes it."""
    table = await open_full_table(world)
    lang, token = await nords_panel(world, table)
    world.env.inject_error("PATCH", f"*/{token}/messages/@original", status=status)
    expected = await call_or_end(world, table, lang, then)
    await world.env.settle()
    edits = panel_edits(world, token)
    assert len(edits) == 2, "refused once, then drawn again"
    assert expected in edits[-1].json["embeds"][0]["description"]


async def test_a_panel_replaced_by_a_newer_one_says_so(world):
    """*My hand* clicked again on the table message: the new panel follows the game, and
    the one opened before, still on the screen, says it no longer does and offers
    nothing to click (not an older state with buttons); a panel redrawn in place by a
    click in it is left to that click's answer."""
    table = await open_full_table(world)
    lang, first = await nords_panel(world, table)
    lang, second = await nords_panel(world, table)
    expected = await call_or_end(world, table, lang, "a call")
    await world.env.settle()
    old = panel_edits(world, first)
    assert old and t(lang, "hand.replaced") in old[-1].json["embeds"][0]["description"]
    assert not old[-1].json.get("components")
    assert expected in panel_edits(world, second)[-1].json["embeds"][0]["description"]
    # a click in the panel (Nord's bid) is answered by redrawing that same message
    panel = await world.members[2].click(world.table_message(), label=t(lang, "btn.hand"))
    third = world.bot.presenter.shown(table).panels[table.seats[2].player].interaction.token
    await world.members[2].click(panel.response, label="2")
    await world.env.settle()
    assert [str(a) for _, a in table.state.actions][-1] == "bid 2"
    assert not any(t(lang, "hand.replaced") in str(e.json) for e in panel_edits(world, third)), (
        "the message itself was redrawn by the click's answer: not told it is replaced"
    )
