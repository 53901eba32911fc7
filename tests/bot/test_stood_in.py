"""A person's seat a computer player played for (``/table replace``) is said so in the
hand's record (``stood_in``), so that its moves are never reviewed as the person's."""

from __future__ import annotations

from pathlib import Path

from bot.games.bete import GAME as BETE
from bot.tables.settlement import settlement_writer
from bot.tables.table import apply_event, new_table
from db import Database
from tests.bot.test_bete_words import deal, say

NAMES = ("Sud", "Est", "Nord")


async def test_a_seat_played_by_a_stand_in_is_marked_in_the_hand_record(tmp_path: Path):
    db = await Database.open(str(tmp_path / "s.db"))
    async with db.transaction() as store:
        row = await store.tables.insert_table(
            guild_id=1, channel_id=2, game=BETE.id, options={}, turn_seconds=0,
            created_by="101", seed=3,
        )  # fmt: skip
    table = new_table(row, BETE)
    apply_event(table, 1, "open", {"by": "101", "name": NAMES[0], "lang": "en", "carried": []})
    for i, name in enumerate(NAMES):
        apply_event(table, table.seq + 1, "join", {"player": str(101 + i), "name": name})
    apply_event(table, table.seq + 1, "start", {"by": "101", "seed": 3})
    deal(table, 3)
    replaced = table.state.turn
    apply_event(table, table.seq + 1, "replace", {"seat": replaced, "by": "102", "ai": "pimc"})
    say(table, "play-contract")  # the stand-in's move: the seat is marked
    assert table.stood_in == {replaced}
    apply_event(table, table.seq + 1, "return", {"seat": replaced})
    while not table.state.is_over:  # the others, and the person back: no one else marked
        legal = [str(a) for a in table.state.legal_actions()]
        say(table, "pass" if "pass" in legal else legal[0])
    assert table.stood_in == {replaced}
    async with db.transaction() as store:
        await settlement_writer(table)(store)
    async with db.reading() as store:
        [hand] = await store.ledger.hands(1, BETE.id)
    assert hand.record["stood_in"] == [replaced]
    deal(table, 4)  # a new deal: nobody stood in yet
    assert table.stood_in == set()
    await db.close()
