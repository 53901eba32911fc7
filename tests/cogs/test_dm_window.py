"""The private hands of players who are not to act follow the play at most once per
window (``DM_WINDOW``): the moves made meanwhile are gathered into one edit, while
the player whose turn comes sees their hand at once."""

from __future__ import annotations

from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, hand_paths, last_dm
from tests.cogs.test_full_hand import open_full_table


def edited(world, start: int) -> list[str]:
    return [r.path for r in world.env.http_requests[start:] if r.method == "PATCH"]


def count(paths: list[str], wanted: set[str]) -> int:
    return sum(path in wanted for path in paths)


async def test_hands_that_only_follow_the_play_are_edited_once_per_window(world):
    # longer than the fake's settling (5 s): the window runs on its virtual clock
    world.bot.presenter.dm_window = 10.0
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps[:10]:
        await act_in_dm(world, seat, Action.parse(words))
    table_path = f"/channels/{world.channel.id}/messages/{table.row.message_id}"
    start = len(world.env.http_requests)
    # two cards within the window: each edits the table and the hand of the player
    # whose turn comes (their cards open); the other hands wait
    played = []
    for seat, words in steps[10:12]:
        played.append(seat)
        await act_in_dm(world, seat, Action.parse(words))
    waiting = [s for s in range(4) if s not in played and s != table.state.turn]
    next_seat = table.state.turn
    assert waiting, "a hand must have waited"
    paths = edited(world, start)
    assert paths.count(table_path) == 2
    assert count(paths, hand_paths(world, table, next_seat)) == 1
    for seat in waiting:
        assert count(paths, hand_paths(world, table, seat)) == 0, seat
    # once the window has passed, each waiting hand is edited once, showing both cards
    mark = len(world.env.http_requests)
    await world.env.advance_time(10.1)
    await world.env.settle()
    later = edited(world, mark)
    for seat in waiting:
        dm = last_dm(world, seat)
        assert count(later, hand_paths(world, table, seat)) == 1, seat
        assert "Est A♠ · Nord K♠" in str(dm.embeds[0].description).replace("**", "")
    assert table_path not in later
