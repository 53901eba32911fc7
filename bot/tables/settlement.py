"""Writing a settled hand: its record, the ledger, the register and the pot, in one transaction.

Called by the table service in the transaction of the action that ended the
hand, so the money, the register and the card that settled them are stored
together or not at all.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.tables.matches import write_standings
from bot.tables.table import LiveTable, hint_counts
from db import HandSeat, NewEntry, NewPayment, Store
from games.ai.teacher.timed_out import TIMED_OUT, timed_out_lines

log = logging.getLogger(__name__)


def settlement_writer(table: LiveTable) -> Callable[[Store], Awaitable[None]]:
    """Writes the settlement of the hand if the event just applied ended it."""

    async def write(store: Store) -> None:
        settled, state, session = table.last, table.state, table.session
        if settled is None or state is None or session is None or not state.is_over:
            return
        game, guild, outcome = table.game, table.row.guild_id, settled.outcome
        players = session.players
        result = game.port.hand_result(session, state)
        if result.result is not None and result.result not in game.capabilities.results:
            log.error("%s declares no result %r: stored anyway", game.id, result.result)
        record = game.spec.write_record(session, state)  # the record of RULES.md §5
        record["players_names"] = table.names
        hints = hint_counts(table)
        if hints:  # an extra key, which every reader of a record ignores
            record["hints"] = {str(seat): n for seat, n in sorted(hints.items())}
        if table.stood_in:  # another: the seats not reviewed, a computer played for them
            record["stood_in"] = sorted(table.stood_in)
        if table.timed_out:  # and the lines the time limit played, not reviewed either
            _mark_timed_out(table, record)
        declarer = result.declarer
        hand_id = await store.ledger.insert_hand(
            guild_id=guild,
            game=game.id,
            table_id=table.id,
            hand_no=table.hand_no,
            record=record,
            declarer=players[declarer] if declarer is not None else None,
            made=result.made,
            result=result.result,
            players=[
                HandSeat(p, table.name(i), outcome.net[i], *result.seat(i))
                for i, p in enumerate(players)
            ],
        )
        await store.ledger.add_payments(
            guild,
            game.id,
            hand_id,
            [
                NewPayment(
                    None if t.payer is None else players[t.payer],
                    None if t.payee is None else players[t.payee],
                    t.amount,
                    t.reason,
                )
                for t in outcome.transfers
            ],
        )
        for crossed in settled.crossings:
            done = await store.ledger.cross_entry(
                crossed.entry.id, crossed.by, crossed.paid, hand_id
            )
            if not done:
                log.warning("entry %s was already crossed out elsewhere", crossed.entry.id)
        for entry_id, by in result.collected:  # paid into a stake earlier, won with it now
            if entry_id is not None and await store.ledger.collect_entry(entry_id, by):
                continue
            # entered elsewhere, or here before another table took the stake: the one the
            # server's stake holds now
            if not await store.ledger.collect_stake_entry(guild, game.id, by):
                log.warning("no entry was waiting in a stake (entry %s)", entry_id)
        for entry in settled.new_entries:
            owner = entry.owner
            owner_seat = table.seat_of(owner) if owner is not None else None
            name = table.name(owner_seat) if owner_seat is not None else ""
            await store.ledger.add_entry(
                guild, game.id, NewEntry(owner, name, entry.amount), hand_id
            )
        await write_standings(table, store)  # a deal that won a match stands it
        after = game.port.pot_of(session)
        states = game.capabilities.pot_states
        for part, before in table.pot_dealt.items():
            if part in states:  # the last deal's, whichever table of the guild dealt it
                await store.ledger.set_pot_part(guild, game.id, part, after.get(part, 0))
            elif after.get(part, 0) != before:  # what this deal changed, others' kept
                await store.ledger.add_to_pot(guild, game.id, after.get(part, 0) - before, part)

    return write


def _mark_timed_out(table: LiveTable, record: dict[str, Any]) -> None:
    """Name in ``record`` (the deal's, just written) the lines of the moves the time
    limit made: found in the record itself, whose lines may leave some moves out."""
    assert table.state is not None
    try:
        lines = timed_out_lines(record, table.state.actions, table.timed_out)
    except ValueError as error:  # the hand is settled all the same, its review unmarked
        log.error("table %s, hand %s: no timed-out lines: %s", table.id, table.hand_no, error)
        return
    if lines:
        record[TIMED_OUT] = lines
