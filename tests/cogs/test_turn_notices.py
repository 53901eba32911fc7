"""Turns noticed: when the turn passes to a player after someone else's move, the bot
tells them once (a short new DM, the previous one deleted; or a mention in the
channel; or nothing, as they chose with ``/settings notify:``)."""

from __future__ import annotations

from bot.texts.i18n import t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, live, notices
from tests.cogs.test_full_hand import open_full_table


def current_notice(world, seat: int) -> int | None:
    found = notices(world, seat)
    assert len(found) <= 1, "notices pile up"
    return found[-1].id if found else None


async def test_each_turn_change_is_noticed_once_and_replaces_the_last(world):
    world.bot.presenter.notices.notice_after = 0  # every player away from the game
    table = await open_full_table(world)
    steps = actions()
    assert all(current_notice(world, s) is None for s in range(4))  # the hands' DMs tell
    for seat, words in steps:
        before = {s: current_notice(world, s) for s in range(4)}
        turn_before = live(world).state.turn
        await act_in_dm(world, seat, Action.parse(words))
        state = live(world).state
        after = {s: current_notice(world, s) for s in range(4)}
        changed = {s for s in range(4) if after[s] != before[s]}
        if state.is_over or state.turn == turn_before:
            assert changed == set(), f"{words}: a notice while nobody new was to act"
        else:
            assert changed == {state.turn}, f"{words}: {changed}"
            text = notices(world, state.turn)[-1].content
            lang = world.bot.presenter.player_lang(table, table.seats[state.turn].player)
            assert t(lang, "notice", id=table.id, channel=world.channel.name) in text


async def test_a_player_chooses_a_mention_or_nothing(world):
    world.bot.presenter.notices.notice_after = 0
    table = await open_full_table(world)
    steps = actions()
    est, nord = world.members[1], world.members[2]
    answer = await nord.slash(world.channel, "settings", notify="mention")
    assert answer.ephemeral and "mention" in answer.response.content
    answer = await est.slash(world.channel, "settings", notify="none")
    assert answer.ephemeral
    mentions = 0
    for seat, words in steps[:8]:
        turn_before = live(world).state.turn
        await act_in_dm(world, seat, Action.parse(words))
        turn = live(world).state.turn
        if turn != turn_before and turn == 2:
            mentions += 1
    assert current_notice(world, 1) is None and current_notice(world, 2) is None
    said = [m for m in world.channel.history() if f"<@{nord.id}>" in (m.content or "")]
    assert mentions > 0 and len(said) == mentions
    assert table.status == "playing"


async def test_each_player_s_dm_channel_is_opened_once(world):
    world.bot.presenter.notices.notice_after = 0
    await open_full_table(world)
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    opened = [r for r in world.env.http_requests if r.path == "/users/@me/channels"]
    # four hands and every turn notice went to the channels opened for the first hands
    assert len(opened) == 4
    assert any(notices(world, s) for s in range(4))  # notices were sent meanwhile


async def test_a_player_who_just_moved_is_not_noticed_one_away_for_a_while_is(world):
    table = await open_full_table(world)  # notices after 30 s without a move (the default)
    steps = actions()
    # a move after which the turn passes to another player, in the card play
    away = next(i for i in range(8, len(steps) - 1) if steps[i + 1][0] != steps[i][0])
    noticed = 0
    for index, (seat, words) in enumerate(steps[: away + 3]):
        turn_before = live(world).state.turn
        if index == away:  # the player to act next has been away for a while
            nxt = steps[index + 1][0]
            world.bot.presenter.shown(table).acted_at[nxt] = (
                world.bot.presenter.shown(table).acted_at.get(nxt, 0.0) - 31
            )
        before = {s: current_notice(world, s) for s in range(4)}
        await act_in_dm(world, seat, Action.parse(words))
        turn = live(world).state.turn
        changed = {s for s in range(4) if current_notice(world, s) != before[s]}
        if index == away and turn != turn_before:
            assert changed == {turn}, "the player away is told"
            noticed += 1
        else:
            assert not changed, f"{words}: a player who just moved was told"
    assert noticed == 1
