"""Hints at the table service: the table's option and its default, a hint counted once
per decision by an event of the table's log (so that a restart keeps it), said in the
log when the deal is settled and kept in the deal's record; a hint that comes back
after the decision was made changes nothing."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.tables.service import TableService
from bot.texts.i18n import game_text
from games.ai.teacher.hint import offers_hint
from games.bete_hombree import Action, Rules
from tests.bot.example import actions
from tests.bot.test_service import GUILD, PLAYERS, make_service, seated_table

pytestmark = pytest.mark.both_backends  # SQLite and PostgreSQL


async def test_hints_are_on_by_default_only_with_a_computer_player(database_target):
    service = await make_service(database_target)
    table = await seated_table(service)
    assert table.hints_option is None and not table.hints  # four people: no hints
    await service.leave(table.id, PLAYERS[3][0])
    await service.add_computer(table.id, PLAYERS[0][0], "fair")
    assert table.hints  # a computer player sits: hints
    await service.remove_computer(table.id, PLAYERS[0][0])
    assert not table.hints
    other = await service.open_table(
        guild_id=GUILD, channel_id=99, player="201", name="Anne", rules=Rules(), hints=False
    )
    await service.add_computer(other.id, "201", "fair")
    assert other.hints_option is False and not other.hints  # said off: off
    await service.db.close()


async def play(service: TableService, table_id: int, upto: int, done: int = 0) -> None:
    for seat, words in actions()[done:upto]:
        await service.act(table_id, PLAYERS[seat][0], Action.parse(words))


async def test_a_hint_counts_once_a_decision_survives_a_restart_and_is_recorded(
    database_target,
):
    service = await make_service(database_target)
    table = await seated_table(service, hints=True)
    await service.start(table.id, PLAYERS[0][0])
    steps = actions()
    chosen = []  # the first two decisions of the card play with a choice
    for index, (seat, _) in enumerate(steps):
        await play(service, table.id, index, index - 1 if index else 0)
        state = table.state
        assert state is not None and state.turn == seat
        if index >= 12 and offers_hint("bete-hombree", state.view(seat)):
            asked = await service.hints.ask(table.id, PLAYERS[seat][0], table.moves, seat)
            for _ in range(2):  # asked twice, counted once
                assert await service.hints.work_out(asked) is not None
            chosen.append(seat)
            if len(chosen) == 2:
                played = index
                break
    counts = {s: chosen.count(s) for s in chosen}
    assert table.hints_taken and {s: len(m) for s, m in table.hints_taken.items()} == counts
    await service.db.close()

    again = await make_service(database_target)
    rebuilt = again.tables[table.id]
    assert rebuilt.hints_taken == table.hints_taken
    await play(again, table.id, len(steps), played)
    assert rebuilt.between_hands
    line = ", ".join(f"{PLAYERS[s][1]} {n}" for s, n in sorted(counts.items()))
    keys = [(entry.key, dict(entry.args)) for entry in rebuilt.log]
    assert ("log.hints", {"hints": line}) in keys
    assert game_text("bete-hombree", "en", "log.hints", hints=line) == f"Hints: {line}."
    async with again.db.reading() as store:
        [hand] = await store.ledger.hands(GUILD, "bete-hombree")
    assert hand.record["hints"] == {str(s): n for s, n in counts.items()}
    await again.db.close()


async def test_a_hint_back_after_the_move_changes_nothing(database_target):
    service = await make_service(database_target)
    table = await seated_table(service, hints=True)
    await service.start(table.id, PLAYERS[0][0])
    steps = actions()
    await play(service, table.id, 12)
    seat = steps[12][0]
    asked = await service.hints.ask(table.id, PLAYERS[seat][0], table.moves, seat)
    await play(service, table.id, 13, 12)  # the move is made while the hint is worked out
    seq = table.seq
    with pytest.raises(UserError) as refused:
        await service.hints.work_out(asked)
    assert refused.value.key == "error.hint_stale"
    with pytest.raises(UserError) as refused:  # and asked again from the old button
        await service.hints.ask(table.id, PLAYERS[seat][0], asked.moves, seat)
    assert refused.value.key == "error.hint_stale"
    assert table.seq == seq and not table.hints_taken
    await service.db.close()
