"""La Bête Hombrée's engine at a table: sessions, deals, log lines, what a hand stores.

The rules are the engine's (``games.bete_hombree``): this only carries them
between the table service and the engine (``bot.game.RulesPort``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.game import Deal, HandResult, Json, LogLine, card_list, card_lists, cards_dealt
from games.bete_hombree import Action, HandState, Kind, Rules, Session, record_of
from games.cards import Suit
from games.dealing import parse_deal
from games.register import Register


class HombreePort:
    """La Bête Hombrée (RULES.md §1) for the table service."""

    def rules(self, options: Mapping[str, object]) -> Rules:
        return Rules.from_dict(dict(options))

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session, draw = Session.start(players, seed, rules)
        turned = " ".join(f"{seat}:{card}" for seat, card in draw.turned)
        return session, [
            LogLine.of("log.draw", burned=str(draw.burned), turned=turned),
            LogLine.of("log.start", seat=draw.dealer, suit=draw.belle.name),
        ]

    def deal(
        self,
        session: Session,
        seed: int,
        register: Register,
        pot: dict[str, int],
        given: Deal | None,
    ) -> Json:
        def shuffle() -> tuple[Sequence[int], Sequence[int]]:
            session.register, session.pot = register, pot.get("", 0)
            state = session.deal(seed)
            return state.initial_hands, state.cagnot

        hands, cagnot = cards_dealt(given, shuffle)
        return {
            "dealer": session.dealer,
            "belle": session.belle.name,
            "hands": hands,
            "cagnot": cagnot,
        }

    def apply_deal(
        self,
        session: Session,
        payload: Mapping[str, object],
        register: Register,
        pot: dict[str, int],
    ) -> HandState:
        dealer, belle = payload["dealer"], payload["belle"]
        if not isinstance(dealer, int) or dealer != session.dealer:
            raise ValueError("the dealer differs from the session's")
        if Suit.parse(str(belle)) != session.belle:
            raise ValueError("the belle differs from the session's")
        session.register, session.pot = register, pot.get("", 0)
        hands, cagnot = parse_deal(card_lists(payload["hands"]), card_list(payload["cagnot"]))
        return session.deal_hands(hands, cagnot)

    def pot_of(self, session: Session) -> dict[str, int]:
        return {"": session.pot}

    def pot_for_deal(
        self, session: Session, pot: dict[str, int], held_elsewhere: bool
    ) -> dict[str, int]:
        # The pot goes with one hand at a time: while another table of the guild plays a
        # hand with it, this one starts from an empty pot (its gains join the guild's pot
        # when it is settled), so no sou is ever won twice.
        return {"": 0 if held_elsewhere else pot.get("", 0)}

    def playable(self, register: Register, pot: dict[str, int]) -> Register:
        # a pinandèle is paid from the pot: without enough in it, it waits for another deal
        kept = [e for e in register.entries if e.owner is not None or e.amount <= pot.get("", 0)]
        return Register(kept, [], register.next_id)

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: HandState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        standing = state.standing  # what this call is measured by
        if action.kind is Kind.DISCARD:  # never show the discarded cards
            return LogLine.of("log.discard", seat=seat, count=action.cards.bit_count())
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action), standing=standing)
        if action.kind is Kind.DECLARE:
            return LogLine.of("log.declare", seat=seat, action=str(action))
        if action.kind is not Kind.PLAY:
            return LogLine.of("log.call", seat=seat, action=str(action), standing=standing)
        return None

    def look(self, state: HandState, seat: int) -> None:
        state.look(seat)

    def busy_entries(self, session: Session, state: HandState | None) -> set[int]:
        entry = session.entry_in_play()
        return set() if entry is None or state is None or state.is_over else {entry.id}

    def entry_in_play(self, players: Sequence[str], rules: Rules, register: Register) -> int | None:
        entry = register.in_play(list(players), rules.bete_order)
        return None if entry is None else entry.id

    def hand_result(self, session: Session, state: HandState) -> HandResult:
        outcome = state.outcome
        assert outcome is not None
        record: Json = record_of(session, state).to_json()
        if outcome.contract is None:
            return HandResult(record, None, None, None)
        made = bool(outcome.made)
        return HandResult(record, outcome.contract.declarer, "made" if made else "failed", made)
