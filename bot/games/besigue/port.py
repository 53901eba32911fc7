"""Bésigue's engine at a table: sessions, deals, log lines, what a deal stores, and
the match (``BesigueMatch``): a game to the target over many deals and evenings,
settled at its end, kept at its scores when stopped before.

Bésigue moves no money and has no register: a deal's points go to the scores,
the match's result to the scoreboard (an *en bas table* counting double).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.game import (
    DealInputs,
    Dealt,
    HandResult,
    Json,
    LogLine,
    OpenHands,
    Standing,
    card_list,
    card_lists,
)
from games.besigue import Action, BesigueRecord, DealState, Kind, Rules, Session, replay
from games.besigue.rules import deck_for
from games.cards import Card
from games.register import Register
from games.tricks import PlayedTrick

WON: Final = "won"  # the deal that won the match, for its winner
EN_BAS_TABLE: Final = "en-bas-table"  # ...won while every loser is under 750
COUNTED: Final = "counted"  # a deal counted, the match going on
RESULTS: Final = (WON, EN_BAS_TABLE, COUNTED)


class BesiguePort(OpenHands):
    """Bésigue (RULES.md §4) for the table service: no money, no register, no hand
    face down (``OpenHands``)."""

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session = Session.start(players, seed, rules=rules)
        return session, [LogLine.of("log.besigue.start", seat=session.dealer)]

    def deal(self, session: Session, inputs: DealInputs) -> Json:
        """The deal's cards (the turned card first, then the stock from the top) and its
        dealer (the session's, checked when it is applied).  Only shuffled here: the
        session deals them when the event is applied, so its deals are the log's."""

        def shuffle() -> tuple[Sequence[int], Sequence[int]]:
            hands, turned, stock = session.shuffle(inputs.seed)
            return hands, [turned, *stock]

        hands, rest = inputs.cards(shuffle)
        return {"dealer": session.dealer, "hands": hands, "turned": rest[0], "stock": rest[1:]}

    def apply_deal(self, session: Session, dealt: Dealt) -> DealState:
        payload = dealt.payload
        if payload["dealer"] != session.dealer:
            raise ValueError("the dealer differs from the session's")
        turned = payload["turned"]
        if not isinstance(turned, str):
            raise ValueError(f"not a card: {turned!r}"[:80])
        rest = [turned, *card_list(payload["stock"])]
        hands, cards = deck_for(session.seats).parse_deal(card_lists(payload["hands"]), rest)
        return session.deal_hands(hands, cards[1:], cards[0])

    def pot_of(self, session: Session) -> dict[str, int]:
        return {}

    def pot_for_deal(
        self, session: Session, pot: dict[str, int], held_elsewhere: bool
    ) -> dict[str, int]:
        return {}

    def playable(self, session: Session, register: Register, pot: dict[str, int]) -> Register:
        return register  # none: Bésigue keeps no register

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: DealState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        if action.kind is Kind.MELD:
            assert action.meld is not None
            return LogLine.of(
                "log.besigue.meld",
                seat=seat,
                kind=action.meld.value,
                cards=" ".join(str(c) for c in action.cards),
                points=action.meld.points,
            )
        if action.kind is Kind.SEVEN_SHOW:
            return LogLine.of("log.besigue.seven_show", seat=seat)
        if action.kind is Kind.SEVEN_EXCHANGE:
            # the turned card, public, that the 7 is exchanged for (before the action)
            turned = Card.from_index(state.turned).face
            return LogLine.of("log.besigue.seven_exchange", seat=seat, card=str(turned))
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action))
        return None  # cards are on the table, the draws are for everyone

    def hand_result(self, session: Session, state: DealState) -> HandResult:
        """A deal's points by seat and each side's score after it; the deal that won
        the match names the winning side (its first seat, his partner with him)."""
        outcome = state.outcome
        assert outcome is not None
        teams = outcome.teams
        scores = tuple(outcome.scores[side] for side in teams)
        if not outcome.over or outcome.winner is None:
            return HandResult(None, COUNTED, None, teams, outcome.points, scores)
        winner = teams.index(outcome.winner)
        result = EN_BAS_TABLE if outcome.en_bas_table else WON
        return HandResult(winner, result, True, teams, outcome.points, scores)

    def played_tricks(self, record: Mapping[str, Any]) -> tuple[PlayedTrick, ...]:
        states = replay(BesigueRecord.from_json(record)).states
        return states[-1].view(0).tricks_played if states else ()


class BesigueMatch:
    """A Bésigue game as a match: its end stood on the scoreboard, kept when stopped."""

    def standings(self, session: Session) -> tuple[Standing, ...] | None:
        if not session.over or session.winner is None:
            return None
        counted = 2 if session.en_bas_table else 1
        out = []
        for seat in range(session.seats):
            side = session.teams[seat]
            feats = [f for f in (d.best[seat] for d in session.settled) if f is not None]
            best = max(feats, key=lambda f: f[1], default=None)
            won = side == session.winner
            out.append(
                Standing(
                    points=session.scores[side],
                    won=won,
                    counted=counted if won else 0,
                    best=None if best is None else best[0].value,
                    best_points=0 if best is None else best[1],
                )
            )
        return tuple(out)

    def kept(self, session: Session) -> Json:
        return {"scores": list(session.scores), "dealer": session.dealer}

    def summary(self, kept: Mapping[str, Any], names: Sequence[str]) -> str:
        scores = list(kept.get("scores", []))
        if len(scores) == len(names):
            return " · ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
        sides = [" & ".join(names[i::2]) for i in range(len(scores))]  # partners: 0+2, 1+3
        return " · ".join(f"{n} {s}" for n, s in zip(sides, scores, strict=True))

    def resume(
        self, players: Sequence[str], seed: int, rules: Rules, kept: Mapping[str, Any]
    ) -> tuple[Session, list[LogLine]]:
        scores, dealer = kept["scores"], kept["dealer"]
        if not isinstance(scores, list) or not isinstance(dealer, int):
            raise ValueError("a kept match holds its scores and its dealer")
        session = Session.start(players, seed, rules=rules, scores=scores, dealer=dealer)
        return session, [LogLine.of("log.resume")]
