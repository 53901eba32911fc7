"""The deal event (a part of the table service): a hand's cards, and the register and
pot it is dealt with, those of the guild not in play at another of its tables."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from bot.game import DealInputs, GameSession
from bot.tables.finding import Finding
from bot.tables.readings import read_register
from bot.tables.table import LiveTable, hand_seed, register_of, start_session
from db import Database

# (table, hand_no) -> (hands as card lists by seat, cagnot in order), or None to shuffle:
# tests inject recorded deals with it; every deal is stored in the log either way.
DealSource = Callable[[LiveTable, int], tuple[list[list[str]], list[str]] | None]


class DealSettings(Protocol):
    """What the dealer reads of the service at each deal (tests set it)."""

    @property
    def deal_source(self) -> DealSource | None: ...


def dealing_session(table: LiveTable) -> GameSession[Any, Any]:
    """The session a deal is computed on: a copy of the table's, or for the first deal
    (which goes with the start) the one the start event will make from the master seed."""
    if table.session is None:
        return start_session(table, table.row.seed)[0]
    return copy.deepcopy(table.session)


class Dealer:
    """Deals: reads the register and the pot in ``db``, the guild's other tables through
    ``finding``, and ``settings.deal_source`` for a deal given rather than shuffled."""

    def __init__(self, db: Database, finding: Finding, settings: DealSettings) -> None:
        self.db = db
        self.finding = finding
        self.settings = settings

    async def deal_event(self, table: LiveTable, hand_no: int) -> tuple[str, dict[str, Any]]:
        """Deal ``hand_no``: its cards, and the register and pot it is dealt with.

        Computed on a copy of the session (``dealing_session``): the live session
        changes only as the event is applied, as on a rebuild from the log."""
        session = dealing_session(table)
        game = table.game
        port, capabilities = game.port, game.capabilities
        async with self.db.reading() as store:
            stands = await read_register(store, table.row.guild_id, game)
        entries, pot = (stands.entries, stands.pot) if stands is not None else ([], {})
        # An entry already in play at another table of the guild (a pinandèle: owned
        # entries only play where their owner sits) waits for that hand to end.
        busy = entries_held_elsewhere(self.finding, table)
        entries = [e for e in entries if e.id not in busy]
        candidates = register_of((e.id, e.owner, e.amount) for e in entries)
        if capabilities.pot_parts:
            pot = port.pot_for_deal(session, pot, self._pot_held_elsewhere(table), candidates)
        register = port.playable(session, candidates, pot)
        rows = [(e.id, e.owner, e.amount) for e in register.entries]
        source = self.settings.deal_source
        given = source(table, hand_no) if source is not None else None
        seed = hand_seed(game.id, table.row.seed, hand_no)
        # dealt with the register exactly as the event will rebuild it on a restart
        cards = port.deal(session, DealInputs(seed, register_of(rows), pot, given))
        payload: dict[str, Any] = {"hand_no": hand_no, **cards}
        payload["register"] = [list(r) for r in rows]
        payload["pot"] = pot[""] if capabilities.pot_parts == ("",) else pot
        return ("deal", payload)

    def _pot_held_elsewhere(self, table: LiveTable) -> dict[str, int]:
        """The parts of the guild's pot the hands at its other tables have at stake."""
        held: dict[str, int] = {}
        for other in others_in_play(self.finding, table):
            for part, amount in other.game.port.pot_at_stake(other.state, other.pot_dealt).items():
                held[part] = held.get(part, 0) + amount
        return held


def others_in_play(finding: Finding, table: LiveTable) -> list[LiveTable]:
    """The guild's other tables of the same game with a hand in progress."""
    return [
        other
        for other in finding.tables.values()
        if other is not table
        and other.row.guild_id == table.row.guild_id
        and other.game.id == table.game.id
        and other.session is not None
        and other.state is not None
        and not other.state.is_over
    ]


def entries_held_elsewhere(finding: Finding, table: LiveTable) -> dict[int, int]:
    """The register entries the hands in progress at the guild's other tables hold (no
    deal here plays them until those hands end): each entry's id, and that table's."""
    held: dict[int, int] = {}
    for other in others_in_play(finding, table):
        for entry in other.game.port.busy_entries(other.session, other.state):
            held[entry] = other.id
    return held
