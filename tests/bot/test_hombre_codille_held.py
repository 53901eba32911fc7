"""Two tables of L'Hombre in one server after a poule taken by codille (RULES.md §3:
3 each into the next poule, even when a bête enters it). Whether the last poule went
by codille is no money: a deal in progress at one table holds none of the poule by
it, and a deal at the other table begins as the server's next poule, 3 each."""

from __future__ import annotations

import pytest

from bot.drawing.lobby_text import lobby_text
from bot.games.hombre import GAME
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from db import NewEntry
from games.hombre import Action
from games.register import Register
from tests.bot.test_hombre_two_tables import open_table

GUILD = 10


@pytest.fixture
def table_seed() -> int:
    return 5


async def test_a_deal_holding_only_the_codille_mark_leaves_the_poule_to_the_others(service):
    async with service.db.transaction() as store:  # a poule just taken by codille
        await store.ledger.set_pot_part(GUILD, GAME.id, "codille", 1)
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("200", "P200", 12))
    first = await open_table(service, 20, 100)
    assert first.pot_dealt == {"poule": 0, "bete": 0, "codille": 1}
    assert first.session is not None and first.session.before.ante == 3
    second = await open_table(service, 21, 200, start=False)
    _, fields = lobby_text(second, "en")
    assert not any("in play at table" in value for _, value, _ in fields)
    await service.start(second.id, "200")
    # P200's bête enters the next poule, after a codille with 3 each, not 2
    assert second.pot_dealt == {"poule": 0, "bete": 0, "codille": 1}
    assert second.session is not None and second.session.before.ante == 3
    assert second.session.before.entering == 0


def test_a_poule_of_its_own_still_follows_the_last_poule_taken_in_the_server():
    """While another table's deal holds the poule, a deal here opens a poule of its own:
    3 each if the server's last poule taken went by codille."""
    session = GAME.port.session_type.start(["1", "2", "3"], 0)
    pot = {"poule": 9, "bete": 0, "codille": 1}
    dealt = GAME.port.pot_for_deal(session, pot, {"poule": 9, "codille": 1}, Register())
    assert dealt == {"poule": 0, "bete": 0, "codille": 1}
    assert GAME.port.pot_for_deal(session, pot, {}, Register()) == pot


MONEY = {
    "fr": ("Poule : 15 jetons", "Poule : 0 jeton\nMise à la prochaine donne : 3 chacun"),
    "en": ("Poule: 15 jetons", "Poule: 0 jetons\nAnte at the next deal: 3 each"),
}


async def all_pass(service: TableService, table: LiveTable) -> None:
    state = table.state
    assert state is not None
    while not state.is_over:
        await service.act(table.id, table.seats[state.turn].player, Action.parse("pass"))


def money_field(table: LiveTable, lang: str) -> str:
    fields = GAME.renderer.public_fields(table, None, lang)
    return next(value for name, value, _ in fields if name == t(lang, "hombre.money"))


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_between_deals_the_money_said_is_what_the_next_deal_starts_from(service, lang):
    """After an all-pass the poule stands (3 each, then 2 more: 15); a deal at the other
    table then plays for it, and the first table's next deal opens a poule of its own:
    its message says so, not the 15 it left."""
    stands, own = MONEY[lang]
    first = await open_table(service, 20, 100)
    await all_pass(service, first)
    assert money_field(first, lang) == stands
    second = await open_table(service, 21, 200)
    assert second.pot_dealt["poule"] == 15
    assert money_field(first, lang) == own
    await service.next_hand(first.id, "100")
    assert first.pot_dealt["poule"] == 0 and first.session is not None
    assert first.session.before.ante == 3
