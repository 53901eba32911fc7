"""Once a player has clicked in their private hand, that click's token edits their
hand, and posts their next hand and their turn notices, for as long as it lives:
Discord does not count those requests in a bot's global limit, so the bot's own
requests are left to the table messages. An expired token gives way to the bot."""

from __future__ import annotations

import bot.delivery.presenter as presenter_module
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, collector_off, live, notices, tokens_in_cycles
from tests.cogs.test_full_hand import open_full_table


def dm_requests(world, since: int) -> list:
    """The bot's own requests into the four players' DM channels since ``since``."""
    dms = {f"/channels/{m.user.dm_channel.id}/" for m in world.members}
    requests = world.env.http_requests[since:]
    return [r for r in requests if any(r.path.startswith(d) for d in dms)]


def hook_requests(world, since: int) -> list:
    return [r for r in world.env.http_requests[since:] if r.path.startswith("/webhooks/")]


async def test_hands_and_notices_go_through_the_players_tokens(world, monkeypatch):
    world.bot.presenter.notices.notice_after = 0  # every turn noticed
    await open_full_table(world)
    steps = actions()
    clicked: set[int] = set()
    index = 0
    while len(clicked) < 4:  # each player clicks once in their hand
        seat, words = steps[index]
        await act_in_dm(world, seat, Action.parse(words))
        clicked.add(seat)
        index += 1
    mark = len(world.env.http_requests)
    before = {seat: notices(world, seat) for seat in range(4)}
    for seat, words in steps[index:]:
        await act_in_dm(world, seat, Action.parse(words))
    assert live(world).state.is_over
    sent_before = {str(n.id) for seat in range(4) for n in before[seat]}
    own = dm_requests(world, mark)
    # not one request of the bot's own in a DM, but deleting the notices it sent itself
    assert [
        r for r in own if r.method != "DELETE" or r.path.split("/")[-1] not in sent_before
    ] == []
    through = hook_requests(world, mark)
    edits = [r for r in through if r.method == "PATCH"]
    posts = [r for r in through if r.method == "POST"]
    assert len(edits) >= len(steps) - index  # hands followed the play
    assert posts and any(notices(world, s) != before[s] for s in range(4))
    for seat in range(4):
        assert len(notices(world, seat)) <= 1  # the last notice deleted, through its token

    # the next hand is a follow-up of each player's last click, and plays the same way
    mark = len(world.env.http_requests)
    await world.members[0].click(world.table_message(), label="Next hand")
    assert live(world).hand_no == 2
    assert dm_requests(world, mark) == []
    posted = [r for r in hook_requests(world, mark) if r.method == "POST" and r.json["embeds"]]
    assert len(posted) == 4
    state = live(world).state
    await act_in_dm(world, state.turn, state.legal_actions()[0])
    assert not dm_requests(world, mark)

    # tokens last 15 minutes: past that, the bot edits the hands itself
    real = presenter_module.time.time
    monkeypatch.setattr(presenter_module.time, "time", lambda: real() + 15 * 60)
    mark = len(world.env.http_requests)
    state = live(world).state
    seat = state.turn
    await act_in_dm(world, seat, state.legal_actions()[0])
    own = [r for r in dm_requests(world, mark) if r.method == "PATCH"]
    assert own, "no hand edited as the bot once the tokens expired"
    others = {str(m.user.dm_channel.id) for i, m in enumerate(world.members) if i != seat}
    assert any(r.path.split("/")[2] in others for r in own)


async def test_a_token_let_go_is_freed_at_once(world):
    """A click's interaction is kept for its token until the player's next click. Kept
    that long, it has reached the collector's oldest generation, which the bot seldom
    collects: let go, it must be freed by its references alone, not left there in a
    cycle (its response refers back to it) with its user, channel and context."""
    await open_full_table(world)
    steps = actions()
    first = steps[0][0]
    player = str(world.members[first].user.id)
    await act_in_dm(world, first, Action.parse(steps[0][1]))
    token = world.bot.presenter.shown(live(world)).dms[player].hook.token
    with collector_off():
        for seat, words in steps[1:]:
            await act_in_dm(world, seat, Action.parse(words))
            if seat == first:
                break
        assert (
            world.bot.presenter.shown(live(world)).dms[player].hook.token != token
        )  # the next click's token
        assert token not in tokens_in_cycles()
