"""Matches: games played to a target over several deals and settled at their end
(Bésigue).  A match's end is stood on the scoreboard in the transaction of the deal
that won it; a match stopped before its end is kept, at its scores, for its players
to take up again another day (``/table new <game> resume:``).

The service's part is ``Matches``; the writers run inside the service's
transactions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from bot.errors import UserError
from bot.game import MatchPort, TableGame
from bot.tables.finding import Commit, Finding, seat_of
from bot.tables.names import AI_PREFIX, person_name
from bot.tables.table import DEALS, LiveTable
from bot.texts.fitting import CHOICE_NAME
from db import Database, NewStanding, Store
from db.models import KeptMatch
from games.options import options_to_dict

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


async def write_standings(table: LiveTable, store: Store) -> None:
    """The match's standing, if the deal just settled won it (with the deal's record)."""
    match, session = table.game.match, table.session
    if match is None or session is None:
        return
    standings = match.standings(session)
    if standings is None:
        return
    await store.matches.insert_standings(
        table.row.guild_id,
        table.game.id,
        table.id,
        [
            NewStanding(
                p,
                table.name(i),
                s.points,
                s.won,
                s.counted,
                s.best,
                s.best_points,
                partie=s.partie,
                hundreds=s.hundreds,
            )
            for i, (p, s) in enumerate(zip(session.players, standings, strict=True))
        ],
    )


async def keep_if_unfinished(table: LiveTable, store: Store) -> None:
    """At a table's end: keep its match for later, if it was played, is not won and its
    players did not say otherwise."""
    match, session = table.game.match, table.session
    if match is None or session is None or not table.keep or match.over(session):
        return
    # the deals dealt so far, so that the match taken up again goes on at the next one
    state = {**match.kept(session), DEALS: table.hand_no}
    seats = [(s.player, s.name, None if s.human or s.stand_in else s.ai) for s in table.seats]
    await store.matches.keep_match(
        guild_id=table.row.guild_id,
        game=table.game.id,
        table_id=table.id,
        options=options_to_dict(cast("DataclassInstance", table.rules), only_changed=False),
        seats=seats,
        state=state,
        summary=match.summary(state, table.names),
    )


def resumed_seats(
    kept: KeptMatch, player: str, name: str, handle: str = ""
) -> list[dict[str, Any]]:
    """The ``join`` payloads of a kept match's seats, in order (``player`` by his name of
    today, unless another seat shows it: ``bot.tables.names``); ``UserError`` if ``player`` is
    not one of them."""
    if all(seat != player for seat, _, _ in kept.seats):
        names = ", ".join(n for _, n, _ in kept.seats)
        raise UserError("error.kept_not_yours", names=names)
    others = [n for seat, n, _ in kept.seats if seat != player]
    joins: list[dict[str, Any]] = []
    for seat, seat_name, ai in kept.seats:
        if seat == player:
            joins.append({"player": seat, "name": person_name(name, handle, others)})
        elif seat.startswith(AI_PREFIX):
            joins.append({"player": seat, "name": seat_name, "ai": ai or "heuristic"})
        else:
            joins.append({"player": seat, "name": seat_name})
    return joins


@dataclass(frozen=True, slots=True)
class MatchGoingOn:
    """A match not won yet: played at a table now, or kept for later."""

    scores: str  # its scores in a line (``MatchPort.summary``)
    table_id: int  # the table it is played at, or was kept from
    kept_at: datetime | None = None  # when it was kept (None: played now)


class Matches:
    """The players' say on keeping a match for later, and the matches not won yet (a
    part of the table service): the live tables through ``finding``, a change through
    the service's ``commit``, the matches kept in ``db``."""

    def __init__(self, finding: Finding, commit: Commit, db: Database) -> None:
        self.finding = finding
        self.commit = commit
        self.db = db

    async def keep_choice(self, table_id: int, player: str, keep: bool) -> LiveTable:
        """A player of a match that is stopping says whether to keep it for later."""
        async with self.finding.held(table_id) as table:
            seat_of(table, player)
            if table.game.match is None or table.session is None:
                raise UserError("error.no_match")
            if not table.session.stop_requested:
                raise UserError("error.not_stopping")
            if table.keep == keep:
                raise UserError("error.kept_already" if keep else "error.dropped_already")
            await self.commit(table, [("keep", {"player": player, "keep": keep})])
        return table

    async def matches_going_on(self, guild_id: int, game: TableGame) -> list[MatchGoingOn]:
        """The guild's matches of ``game`` not won yet: at its tables now (the latest
        first), then those kept for later (the latest first)."""
        match = game.match
        if match is None:
            return []
        going = [
            MatchGoingOn(match.summary(match.kept(table.session), table.names), table.id)
            for table in sorted(self.finding.tables.values(), key=lambda t: -t.id)
            if table.row.guild_id == guild_id
            and table.game is game
            and table.status == "playing"
            and table.session is not None
            and not match.over(table.session)
        ]
        async with self.db.reading() as store:
            kept = await store.matches.kept_matches(guild_id, game.id)
        return going + [MatchGoingOn(k.summary, k.table_id, k.kept_at) for k in kept]


def kept_label(kept: KeptMatch, match: MatchPort[Any, Any]) -> str:
    """A kept match as ``resume:`` offers it, in a choice's 100 characters: the day it
    was kept, then its scores with each name cut to its share, so that every player and
    every score shows (a name whole would push the last ones out)."""
    seats = len(kept.seats)
    width = max((CHOICE_NAME - 21 - 8 * seats) // seats, 4)  # less the day, the scores
    names = [name if len(name) <= width else name[: width - 1] + "…" for _, name, _ in kept.seats]
    label = f"{kept.kept_at:%Y-%m-%d} · {match.summary(kept.state, names)}"
    return label if len(label) <= CHOICE_NAME else label[: CHOICE_NAME - 1] + "…"
