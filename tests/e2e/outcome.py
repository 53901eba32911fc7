"""What a game left in the bot's database, in a form two games can be compared in.

Two games on two fake servers have different user and guild ids, so players
are named by their seat (``seat0``..``seat3``, the order they joined) and
guilds are left out. Everything else is kept as stored: the table's event log,
the hands and their records, each player's net, the ledger, the register and
the pot (in total, and by game and part as ``Store.pot_parts`` reads it), and the
results of the games settled per match (Bésigue: no money, its scores in the
session, a match's standing in ``match_results`` once it ends). Each record is
also replayed by the engine: its result (a Bésigue deal's scores after it) must
be the same too.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.replay import replay_result


@contextmanager
def reading(db_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection: safe while the bot runs (the database is in WAL mode)."""
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        yield con
    finally:
        con.close()


def count_rows(db_path: Path, table: str) -> int:
    with reading(db_path) as con:
        (count,) = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(count)


def counts(db_path: Path) -> dict[str, int]:
    """Rows of the tables an action may add to."""
    names = (
        "table_events",
        "hands",
        "hand_players",
        "ledger",
        "register_entries",
        "seats",
        "match_results",
        "kept_matches",
    )
    return {name: count_rows(db_path, name) for name in names}


@dataclass(frozen=True)
class Outcome:
    events: list[tuple[int, int, str, Any]]  # table, seq, kind, payload
    hands: list[tuple[Any, ...]]  # hand_no, declarer, made, record
    nets: list[tuple[Any, ...]]  # hand_no, seat, player, name, net
    ledger: list[tuple[Any, ...]]  # hand_no, payer, payee, amount, reason
    register: list[tuple[Any, ...]]  # owner, name, amount, hand_no, crossed hand_no, by, paid
    pot: int
    pot_parts: dict[str, dict[str, int]]  # game -> part -> amount ("" for an undivided pot)
    results: list[Any]  # each hand's record replayed by the engine: its result JSON
    matches: list[tuple[Any, ...]]  # seat, player, name, points, won, counted, best, points

    def totals(self) -> dict[str, int]:
        """Each player's net over every hand, from the ledger."""
        out: dict[str, int] = {}
        for _, payer, payee, amount, _ in self.ledger:
            if payer is not None:
                out[payer] = out.get(payer, 0) - amount
            if payee is not None:
                out[payee] = out.get(payee, 0) + amount
        return out


def outcome(db_path: Path, players: list[str]) -> Outcome:
    """The outcome stored in ``db_path``; ``players`` are the user ids in seat order."""
    seats = {player: f"seat{index}" for index, player in enumerate(players)}

    def named(value: Any) -> Any:
        if isinstance(value, str):
            return seats.get(value, value)
        if isinstance(value, list):
            return [named(v) for v in value]
        if isinstance(value, dict):
            return {k: named(v) for k, v in value.items()}
        return value

    with reading(db_path) as con:
        hand_no = dict(con.execute("SELECT id, hand_no FROM hands"))
        events = [
            (table, seq, kind, named(json.loads(payload)))
            for table, seq, kind, payload in con.execute(
                "SELECT table_id, seq, kind, payload FROM table_events ORDER BY table_id, seq"
            )
        ]
        hands = [
            (number, named(declarer), made, named(json.loads(record)))
            for number, declarer, made, record in con.execute(
                "SELECT hand_no, declarer, made, record FROM hands ORDER BY id"
            )
        ]
        nets = [
            (hand_no[hand], seat, named(player), name, net)
            for hand, seat, player, name, net in con.execute(
                "SELECT hand_id, seat, player, name, net FROM hand_players ORDER BY hand_id, seat"
            )
        ]
        ledger = [
            (hand_no[hand], named(payer), named(payee), amount, reason)
            for hand, payer, payee, amount, reason in con.execute(
                "SELECT hand_id, payer, payee, amount, reason FROM ledger ORDER BY id"
            )
        ]
        register = [
            (
                named(owner),
                name,
                amount,
                hand_no.get(hand),
                hand_no.get(crossed_hand),
                named(by),
                paid,
            )
            for owner, name, amount, hand, crossed_hand, by, paid in con.execute(
                "SELECT owner, owner_name, amount, hand_id, crossed_hand_id, crossed_by, paid"
                " FROM register_entries ORDER BY id"
            )
        ]
        pot = sum(amount for (amount,) in con.execute("SELECT amount FROM pots"))
        pot_parts: dict[str, dict[str, int]] = {}
        # one guild per fake server: each game's parts are Store.pot_parts(guild, game)
        for game, part, amount in con.execute(
            "SELECT game, part, amount FROM pots ORDER BY game, part"
        ):
            pot_parts.setdefault(str(game), {})[str(part)] = int(amount)
        matches = [
            (seat, named(player), *rest)
            for seat, player, *rest in con.execute(
                "SELECT seat, player, name, points, won, counted, best, best_points"
                " FROM match_results ORDER BY table_id, seat"
            )
        ]
    results = [replay_result(record) for _, _, _, record in hands]
    return Outcome(events, hands, nets, ledger, register, pot, pot_parts, results, matches)
