"""The deal event (a part of the table service): a hand's cards, and the register and
pot it is dealt with, those of the guild not in play at another of its tables."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from bot.game import DealInputs, GameSession
from bot.tables.finding import Finding
from bot.tables.guild_register import Holdings
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
    """Deals: reads the register and the pot in ``db``, what the hands at the guild's
    other tables hold through ``finding``, and ``settings.deal_source`` for a deal given
    rather than shuffled."""

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
        held = holdings(self.finding, table.row.guild_id, game.id, besides=table)
        entries = [e for e in entries if e.id not in held.entries]
        candidates = register_of((e.id, e.owner, e.amount) for e in entries)
        if capabilities.pot_parts:
            pot = port.pot_for_deal(session, pot, held.pot_total(), candidates)
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


def tables_in_play(
    finding: Finding, guild_id: int, game_id: str, besides: LiveTable | None = None
) -> list[LiveTable]:
    """The guild's tables of the game that have dealt (but ``besides``), a hand in
    progress or between two of their hands; not a lobby, nor a table that ended."""
    return [
        other
        for other in finding.tables.values()
        if other is not besides
        and other.row.guild_id == guild_id
        and other.game.id == game_id
        and other.status == "playing"
        and other.session is not None
    ]


def holdings(
    finding: Finding, guild_id: int, game_id: str, besides: LiveTable | None = None
) -> Holdings:
    """What the guild's tables of the game (but ``besides``) hold: the register entries
    their hands in progress play for (no deal elsewhere plays them until those hands
    end), the parts of the pot each of those hands may take (``pot_at_stake``), and
    the pot a table keeps between two of its deals (``pot_kept``: La Bête's round under
    way): a deal elsewhere leaves them.  A lobby has none."""
    entries: dict[int, int] = {}
    pot: dict[int, dict[str, int]] = {}
    for other in tables_in_play(finding, guild_id, game_id, besides):
        port, session, state = other.game.port, other.session, other.state
        if state is not None and not state.is_over:
            for entry in port.busy_entries(session, state):
                entries[entry] = other.id
            stake = port.pot_at_stake(state, other.pot_dealt)
        else:
            stake = port.pot_kept(session)
        # a part that says how the last deal ended (L'Hombre's codille) is no money: a
        # hand dealt with it holds none, and every deal elsewhere is dealt with it too
        states = other.game.capabilities.pot_states
        stake = {part: amount for part, amount in stake.items() if part not in states}
        if any(stake.values()):  # a hand dealt with none of the pot holds none
            pot[other.id] = stake
    return Holdings(entries, pot)
