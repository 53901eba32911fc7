"""La Bête Hombrée's engine at a table: sessions, deals, log lines, what a hand stores.

The rules are the engine's (``games.bete_hombree``): this only carries them
between the table service and the engine (``bot.game.RulesPort``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.game import DealInputs, Dealt, HandResult, Json, LogLine
from games.bete_hombree import Action, HandState, Kind, Rules, Session
from games.bete_hombree.record import HandRecord, replay
from games.bete_hombree.rules import PinandeleRule
from games.bete_hombree.session import pinandele_contradiction
from games.cards import Suit
from games.register import Register


def pot_dealt(
    rules: Rules, pot: Mapping[str, int], held_elsewhere: Mapping[str, int], register: Register
) -> int:
    """The sous of the guild's ``pot`` a deal is dealt with (``RulesPort.pot_for_deal``).

    The pot is the sous of the guild's unpaid pinandèles.  A hand elsewhere that may
    take some of it (its pinandèle in play, or those going with its bête) holds them
    until it is settled; a deal here is dealt with the rest (its gains join the guild's
    pot when it is settled), so no sou is ever won twice."""
    free = pot.get("", 0) - held_elsewhere.get("", 0)
    if rules.pinandele is PinandeleRule.WITH_NEXT_BETE:
        # the pinandèles written in the register (at tables that queue them) are paid
        # from the pot there: they do not go with this table's next bête won
        free -= sum(e.amount for e in register.entries if e.owner is None)
    return max(0, free)


def playable(rules: Rules, players: Sequence[str], register: Register, pot: int) -> Register:
    """The register a deal of ``players`` with ``pot`` in the pot plays with: a pinandèle
    in play is paid from the pot, and one the pot cannot pay (or any, when the pot goes
    with the next bête) would contradict it (``pinandele_contradiction``); it waits for
    another deal, and the next entry is in play instead."""
    kept = register.copy()
    while True:
        entry = kept.in_play(list(players), rules.bete_order)
        if pinandele_contradiction(rules, entry, pot) is None:
            return kept
        assert entry is not None and entry.owner is None
        kept = Register([e for e in kept.entries if e.id != entry.id], [], register.next_id)


class HombreePort:
    """La Bête Hombrée (RULES.md §1) for the table service."""

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session, draw = Session.start(players, seed, rules)
        turned = " ".join(f"{seat}:{card}" for seat, card in draw.turned)
        return session, [
            LogLine.of("log.draw", burned=str(draw.burned), turned=turned),
            LogLine.of("log.start", seat=draw.dealer, suit=draw.belle.name),
        ]

    def deal(self, session: Session, inputs: DealInputs) -> Json:
        def shuffle() -> tuple[Sequence[int], Sequence[int]]:
            session.register, session.pot = inputs.register, inputs.pot.get("", 0)
            state = session.deal(inputs.seed)
            return state.initial_hands, state.cagnot

        hands, cagnot = inputs.cards(shuffle)
        belle = session.belle.name  # the deal's, checked again when it is applied
        return {"dealer": session.dealer, "belle": belle, "hands": hands, "cagnot": cagnot}

    def apply_deal(self, session: Session, dealt: Dealt) -> HandState:
        dealer, belle = dealt.payload["dealer"], dealt.payload["belle"]
        if not isinstance(dealer, int) or dealer != session.dealer:
            raise ValueError("the dealer differs from the session's")
        if Suit.parse(str(belle)) != session.belle:
            raise ValueError("the belle differs from the session's")
        session.register, session.pot = dealt.register, dealt.pot.get("", 0)
        return session.deal_hands(*dealt.cards("cagnot"))

    def pot_of(self, session: Session) -> dict[str, int]:
        return {"": session.pot}

    def pot_for_deal(
        self,
        session: Session,
        pot: dict[str, int],
        held_elsewhere: Mapping[str, int],
        register: Register,
    ) -> dict[str, int]:
        return {"": pot_dealt(session.rules, pot, held_elsewhere, register)}

    def pot_at_stake(self, state: HandState, dealt: Mapping[str, int]) -> dict[str, int]:
        return {"": min(dealt.get("", 0), state.pot_at_stake)}

    def pot_kept(self, session: Session) -> dict[str, int]:
        return {}  # each deal is dealt with the guild's pot, less what is held elsewhere

    def playable(self, session: Session, register: Register, pot: dict[str, int]) -> Register:
        session.register, session.pot = register.copy(), pot.get("", 0)
        session.register = playable(session.rules, session.players, register, pot.get("", 0))
        return session.register

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: HandState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        standing = state.standing  # what this call is measured by
        if action.kind is Kind.DISCARD:  # never show the discarded cards
            return LogLine.of("log.discard", seat=seat, count=action.cards.bit_count())
        if action.kind is Kind.DECLARE:  # in the belle: the contract is en belle
            key = "log.timeout" if timeout else "log.declare"
            return LogLine.of(key, seat=seat, action=str(action), belle=action.suit == state.belle)
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action), standing=standing)
        return None  # calls are in the auction field, cards on the table

    def face_down(self, state: HandState, seat: int) -> bool:
        return state.face_down(seat)

    def look(self, state: HandState, seat: int) -> None:
        state.look(seat)

    def busy_entries(self, session: Session, state: HandState | None) -> set[int]:
        entry = session.entry_in_play()
        return set() if entry is None or state is None or state.is_over else {entry.id}

    def entry_in_play(
        self,
        players: Sequence[str],
        rules: Rules,
        register: Register,
        pot: Mapping[str, int],
        held_elsewhere: Mapping[str, int],
    ) -> int | None:
        dealt = pot_dealt(rules, pot, held_elsewhere, register)
        entry = playable(rules, players, register, dealt).in_play(list(players), rules.bete_order)
        return None if entry is None else entry.id

    def hand_result(self, session: Session, state: HandState) -> HandResult:
        outcome = state.outcome
        assert outcome is not None
        if outcome.contract is None:
            return HandResult(None, None, None)
        made = bool(outcome.made)
        return HandResult(outcome.contract.declarer, "made" if made else "failed", made)

    def replayed(self, record: Mapping[str, Any]) -> HandState:
        return replay(HandRecord.from_json(record)).state
