"""A click on the table's own buttons whose action takes a while (a deal to draw, a
busy database) is deferred in time, as an update that shows nothing, and the table
message then edited through the click's token; a quick one is answered by the edit
itself. Either way the table message shows the click, and Discord's three seconds are
kept ("This interaction failed" otherwise)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.ids import ComponentId
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.conftest import World
from tests.cogs.helpers import act_in_dm, custom_ids, last_dm
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_slow_database import SLOW, callbacks, slowed

THINKING, DEFERRED_UPDATE, UPDATE = 5, 6, 7  # Discord's callback types


def button_labels(world: World) -> list[str]:
    return [
        str(child.label)
        for row in world.table_message().components
        for child in getattr(row, "children", [])
    ]


@pytest.mark.parametrize("slow", [False, True], ids=["quick", "slow"])
async def test_a_slow_start_is_deferred_and_the_table_message_edited_after(
    world: World, monkeypatch: pytest.MonkeyPatch, slow: bool
) -> None:
    assert SLOW < 3.0
    sud, est, nord, ouest = world.members
    await sud.slash(world.channel, "table new hombree")
    for member in (est, nord, ouest):
        await member.click(world.table_message(), label="Join")
    assert "Start" in button_labels(world)
    answered = slowed(world, monkeypatch, ("start",)) if slow else []
    mark = len(world.env.http_requests)
    await sud.click(world.table_message(), label="Start")
    await world.env.settle()
    assert not world.env.errors
    sent = callbacks(world, mark)
    assert [c.json["type"] for c in sent] == [DEFERRED_UPDATE if slow else UPDATE]
    if slow:  # deferred before the slow deal came back: within Discord's three seconds
        assert answered == [True]
        edits = [
            r
            for r in world.env.http_requests[mark:]
            if r.method == "PATCH" and r.path.endswith("/messages/@original")
        ]
        assert edits, "the table message was not edited through the click's token"
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.status == "playing"
    assert "Start" not in button_labels(world)


async def test_a_slow_join_shows_the_new_seat_and_a_refusal_comes_apart(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    sud, est, _, _ = world.members
    await sud.slash(world.channel, "table new hombree")
    slowed(world, monkeypatch, ("join",))
    mark = len(world.env.http_requests)
    await est.click(world.table_message(), label="Join")
    await world.env.settle()
    assert [c.json["type"] for c in callbacks(world, mark)] == [DEFERRED_UPDATE]
    assert "Est" in str(world.table_message().embeds[0].to_dict())
    # a refusal after the deferral: privately, as a follow-up, the table message untouched
    before = world.table_message().embeds[0].to_dict()
    mark = len(world.env.http_requests)
    result = await est.click(world.table_message(), label="Join")
    await world.env.settle()
    assert [c.json["type"] for c in callbacks(world, mark)] == [DEFERRED_UPDATE]
    followups = [
        r for r in world.env.http_requests[mark:] if r.method == "POST" and "/webhooks/" in r.path
    ]
    assert followups and followups[0].json.get("flags", 0) & 64, followups
    assert world.table_message().embeds[0].to_dict() == before
    assert result is not None


async def test_a_slow_table_new_thinks_in_public_and_the_table_fills_it_in(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    sud = world.members[0]
    answered = slowed(world, monkeypatch, ("open_table",))
    mark = len(world.env.http_requests)
    await sud.slash(world.channel, "table new hombree")
    await world.env.settle()
    assert not world.env.errors
    assert answered == [True]  # deferred before the table was opened
    assert [c.json["type"] for c in callbacks(world, mark)] == [THINKING]
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.row.message_id is not None
    message = world.table_message()  # the message the table filled in, its id kept
    assert "Join" in button_labels(world) and message.id == table.row.message_id


async def test_a_refusal_after_a_public_thinking_is_private(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Est sits at a table already: his ``/table new`` elsewhere is refused after the
    deferral; the public "thinking…" goes (filled with an ellipsis, then deleted: a
    follow-up would fill it in public), and the refusal comes to him alone."""
    sud, est = world.members[:2]
    await sud.slash(world.channel, "table new hombree")
    await est.click(world.table_message(), label="Join")
    other = world.guild.create_text_channel("autre")
    slowed(world, monkeypatch, ("open_table",))
    mark = len(world.env.http_requests)
    await est.slash(other, "table new hombree")
    await world.env.settle()
    errors = [getattr(e, "original", e) for e in world.env.errors]  # read: acknowledged
    assert [type(e).__name__ for e in errors] == ["UserError"], errors
    assert [c.json["type"] for c in callbacks(world, mark)] == [THINKING]
    requests = world.env.http_requests[mark:]
    assert any(r.method == "DELETE" and r.path.endswith("/messages/@original") for r in requests)
    followups = [r for r in requests if r.method == "POST" and "/webhooks/" in r.path]
    assert len(followups) == 1 and followups[0].json.get("flags", 0) & 64, followups
    deleted = next(
        i for i, r in enumerate(requests) if r.method == "DELETE" and "@original" in r.path
    )
    assert requests.index(followups[0]) > deleted  # the refusal after the deletion
    assert "already" in str(followups[0].json.get("content")), followups[0].json
    assert not [m for m in other.history() if not m.flags.ephemeral]  # nothing left in public


async def test_a_slow_move_by_play_thinks_privately_and_its_panel_lives_on(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/play`` on a busy table: "thinking…" to the player alone, filled in by the *My
    hand* panel, which the next move then redraws through the same token; a refused
    ``/play`` (not the sender's turn) stays private too."""
    table = await open_full_table(world)
    (seat, words), (then, after) = actions()[:2]
    moves = table.moves
    answered = slowed(world, monkeypatch, ("play",))
    mark = len(world.env.http_requests)
    result = await world.members[seat].slash(world.channel, "play", move=words)
    await world.env.settle()
    assert not world.env.errors
    assert answered[0] is True and table.moves == moves + 1
    [callback] = callbacks(world, mark)
    assert callback.json["type"] == THINKING and callback.json["data"]["flags"] & 64
    assert result.ephemeral and result.response.embeds  # the panel, privately
    panel = world.bot.presenter.shown(table).panels[str(world.members[seat].id)]
    assert panel.sent and f"/{panel.interaction.token}/callback" in callback.path
    await act_in_dm(world, then, Action.parse(after))  # the next player's move
    await world.env.settle()
    redrawn = token_edits(world, 0, panel.interaction.token)
    assert redrawn, "the panel was not redrawn through its token"

    idle = next(s for s in range(4) if s != table.state.turn)
    mark = len(world.env.http_requests)
    refused = await world.members[idle].slash(world.channel, "play", move="pass")
    await world.env.settle()
    errors = [getattr(e, "original", e) for e in world.env.errors]
    assert [str(e) for e in errors] == ["error.not_your_turn"], errors
    assert [c.json["type"] for c in callbacks(world, mark)] == [THINKING]
    assert refused.ephemeral and refused.response.content


async def test_a_slow_start_whose_deferral_discord_refuses_still_deals(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deferral refused (Discord had forgotten the click, say): the start is not cut
    off halfway, the deal stands and the table message shows it all the same."""
    sud, est, nord, ouest = world.members
    await sud.slash(world.channel, "table new hombree")
    for member in (est, nord, ouest):
        await member.click(world.table_message(), label="Join")
    slowed(world, monkeypatch, ("start",))
    world.env.inject_error(
        "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction"
    )
    await sud.click(world.table_message(), label="Start")
    await world.env.settle()
    errors = [getattr(e, "original", e) for e in world.env.errors]  # the bot logs it, no more
    assert all(isinstance(e, discord.NotFound) for e in errors), errors
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.status == "playing" and table.state is not None
    assert "Start" not in button_labels(world)  # shown by the presenter's own edit


def token_of(callback: Any) -> str:
    """The interaction token in a callback's path (``/interactions/{id}/{token}/callback``)."""
    return str(callback.path.split("/")[-2])


def token_edits(world: World, mark: int, token: str) -> list[Any]:
    """The edits of ``@original`` made through ``token`` since request ``mark``."""
    return [
        r
        for r in world.env.http_requests[mark:]
        if r.method == "PATCH" and r.path.endswith(f"/{token}/messages/@original")
    ]


def offered(payload: dict[str, Any]) -> list[str]:
    """The button labels of a message's JSON payload."""
    return [
        str(child.get("label"))
        for row in payload.get("components", [])
        for child in row.get("components", [])
    ]


async def test_a_slow_move_on_a_private_panel_is_deferred_and_the_panel_redrawn(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move clicked on a *My hand* panel of a busy table: deferred as an update (the
    answer always redraws the panel clicked), the panel then drawn through the click's
    token without its moves, and the table message shows the move."""
    table = await open_full_table(world)
    est = world.members[1]
    await est.user.click(last_dm(world, 1), label="Look at my hand")
    shown = await est.click(world.table_message(), label="My hand")
    assert shown.ephemeral
    moves = table.moves
    answered = slowed(world, monkeypatch, ("play",))
    mark = len(world.env.http_requests)
    await est.click(shown.response, label="Pass")
    await world.env.settle()
    assert not world.env.errors
    assert answered == [True] and table.moves == moves + 1
    [callback] = callbacks(world, mark)
    assert callback.json["type"] == DEFERRED_UPDATE
    [*_, redrawn] = token_edits(world, mark, token_of(callback))
    assert "Pass" not in offered(redrawn.json), redrawn.json  # no longer Est's turn
    assert "Nord to bid" in str(world.table_message().embeds[0].to_dict())


async def test_a_slow_move_on_the_table_message_thinks_privately(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call clicked on the table message of a busy table: "thinking…" to the player
    alone (the answer might have been a private panel: one more step), filled in by a
    line saying it is done; the table message is edited apart, never through that token
    (its message is the private one)."""
    table = await open_full_table(world)
    for seat, words in actions()[:2]:
        await act_in_dm(world, seat, Action.parse(words))
    ouest = world.members[3]
    moves = table.moves
    answered = slowed(world, monkeypatch, ("play",))
    mark = len(world.env.http_requests)
    result = await ouest.click(world.table_message(), label="3")
    await world.env.settle()
    assert not world.env.errors
    assert answered == [True] and table.moves == moves + 1
    [callback] = callbacks(world, mark)
    assert callback.json["type"] == THINKING and callback.json["data"]["flags"] & 64
    assert result.ephemeral and "Done." in str(result.response.content)
    edits = token_edits(world, mark, token_of(callback))
    assert not any("embeds" in r.json for r in edits), edits  # no table in the private answer
    assert "Sud to bid" in str(world.table_message().embeds[0].to_dict())


async def test_a_slow_step_in_the_dms_is_deferred_and_the_hand_shows_the_next_step(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One more step of a declaration clicked in the DMs of a busy table: deferred as an
    update, nothing played, the hand in the DMs then showing the next step."""
    table = await open_full_table(world)
    for seat, words in actions()[:9]:
        await act_in_dm(world, seat, Action.parse(words))
    assert table.state is not None and table.state.turn == 0
    moves = table.moves
    answered = slowed(world, monkeypatch, ("play",))
    mark = len(world.env.http_requests)
    step = str(ComponentId(table.id, moves, "decl", "H"))
    await world.members[0].user.click(last_dm(world, 0), custom_id=step)
    await world.env.settle()
    assert not world.env.errors
    assert answered == [True] and table.moves == moves  # a step: nothing played
    [callback] = callbacks(world, mark)
    assert callback.json["type"] == DEFERRED_UPDATE
    assert token_edits(world, mark, token_of(callback))
    after = custom_ids(last_dm(world, 0))
    assert any(":decl:H:" in cid for cid in after), after  # the levels in hearts offered


async def test_my_hand_clicked_late_thinks_privately_and_the_panel_fills_it_in(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """*My hand* reached 2.5 s after its click (the bot busy elsewhere): deferred at
    once with "thinking…" privately, which the panel fills in; the panel lives on
    through that token."""
    table = await open_full_table(world)
    est = world.members[1]
    presenter = world.bot.presenter
    acted = presenter.acted

    def late(*args: Any) -> float:
        world.env.backend.clock.advance(2.5)  # the click waited while the bot was busy
        return acted(*args)

    monkeypatch.setattr(presenter, "acted", late)
    mark = len(world.env.http_requests)
    result = await est.click(world.table_message(), label="My hand")
    await world.env.settle()
    assert not world.env.errors
    [callback] = callbacks(world, mark)
    assert callback.json["type"] == THINKING and callback.json["data"]["flags"] & 64
    assert result.ephemeral and result.response.embeds  # the panel, privately
    panel = presenter.shown(table).panels[str(est.id)]
    assert panel.sent and panel.interaction.token == token_of(callback)
