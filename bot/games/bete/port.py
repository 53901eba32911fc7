"""La Bête's engine at a table: sessions, deals, log lines, what a deal stores.

Money is kept in jetons; the pot has three parts (the reserve, the stake, the
king jetons), stored apart (``bot.game.RulesPort``), and with them whether a bête is
in the stake (``bete``: how many, not jetons), which the next table of the server
goes on with: no other bête enters, no game jeton is paid, until a deal is won
(RULES.md §2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import HandResult, TableLike
from bot.tables.guild_register import GuildRegister
from bot.trick_game import TrickPort
from games.bete import Action, DealState, Pot, Session
from games.bete.record import DealRecord, replay
from games.register import Register

PARTS = ("reserve", "stake", "kings", "bete")


def pot_of_parts(parts: Mapping[str, int]) -> Pot:
    """The pot's jetons (its ``bete`` part counts bêtes, not jetons)."""
    return Pot(parts.get("reserve", 0), parts.get("stake", 0), parts.get("kings", 0))


def bete_in_stake(parts: Mapping[str, int]) -> bool:
    return parts.get("bete", 0) > 0


def parts_of(session: Session) -> dict[str, int]:
    pot = session.pot
    bete = int(session.bete_in_play)
    return {"reserve": pot.reserve, "stake": pot.stake, "kings": pot.kings, "bete": bete}


class BetePort(TrickPort):
    """La Bête (RULES.md §2) for the table service; a bête in play is paid into the
    stake, no longer waiting (``OpenHands``); a waiting bête is paid by its owner, never
    from the pot (``TrickPort.playable``)."""

    action_type = Action
    session_type = Session
    start_line = "log.bete.start"

    def with_money(self, session: Session, register: Register, pot: Mapping[str, int]) -> None:
        session.register, session.pot = register, pot_of_parts(pot)
        if "bete" in pot:  # a deal logged before the pot said so goes on with the session's
            session.bete_in_play = bete_in_stake(pot)
        if not session.bete_in_play:
            # a bête this table paid in was taken with the stake at another table of the
            # server meanwhile: no deal here collects it again (nor, in its stead, a bête
            # another table paid into its own stake)
            session.stake_bete = None

    def pot_of(self, session: Session) -> dict[str, int]:
        return parts_of(session)

    def pot_for_deal(
        self,
        session: Session,
        pot: dict[str, int],
        held_elsewhere: Mapping[str, int],
        register: Register,
    ) -> dict[str, int]:
        # A round under way goes on with this table's own pot, which its antes filled
        # (with one table it is the guild's pot, deal by deal): its reserve holds the
        # fiche of every deal left in the round, whatever another table of the guild did.
        if session.deals_in_round != 0:
            return parts_of(session)
        # A round starts from the guild's pot; from an empty one while another table
        # plays a deal with it (its gains join the guild's pot when it is settled).
        return {part: 0 if any(held_elsewhere.values()) else pot.get(part, 0) for part in PARTS}

    def pot_kept(self, session: Session) -> dict[str, int]:
        # A round under way goes on with this table's pot (``pot_for_deal``): between
        # two of its deals it is still that round's, and a round begun elsewhere
        # meanwhile starts without it, or its stake would be won at both tables.
        return parts_of(session) if session.deals_in_round != 0 else {}

    def hand_result(self, session: Session, state: DealState) -> HandResult:
        outcome = state.outcome
        assert outcome is not None
        if outcome.void:
            return HandResult(None, None, None)
        collected: tuple[tuple[int | None, str], ...] = ()
        taken = session.stake_taken  # the bête paid into the stake here, won with it
        if taken is not None and taken.by is not None:
            collected = ((taken.entry.id, taken.by),)
        elif outcome.stake_winner >= 0 and session.before[2]:  # one the server's pot brought
            collected = ((None, session.players[outcome.stake_winner]),)
        won = outcome.declarer_won
        return HandResult(outcome.declarer, "made" if won else "failed", won, collected=collected)

    def replayed(self, record: Mapping[str, Any]) -> DealState:
        return replay(DealRecord.from_json(record)).state


def coming_pot(table: TableLike, session: Session) -> Pot:
    """Between deals, the pot the next deal is dealt with (``BetePort.pot_for_deal``): a
    round under way goes on with the table's own; a round to begin starts from the
    server's pot as it stands, or from an empty one while another table of the server
    plays with it (``LiveTable.guild_register``, which a table keeps between hands);
    the session's own where the table keeps no other."""
    server = getattr(table, "guild_register", None)
    if not table.between_hands or not isinstance(server, GuildRegister):
        return session.pot
    pot, held = server.view.pot, server.held.pot_total()
    return pot_of_parts(BetePort().pot_for_deal(session, pot, held, Register()))
