"""Bésigue's engine at a table: sessions, deals, log lines, what a deal stores, and
the match (``BesigueMatch``): a game to the target over many deals and evenings,
settled at its end, kept at its scores when stopped before.

Bésigue moves no money and has no register: a deal's points go to the scores,
the match's result to the scoreboard (an *en bas table* counting double).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.game import DealInputs, Dealt, Json, LogLine, Standing
from bot.games.besigue.shared_port import (
    PointsPort,
    ResultWords,
    alone,
    deal_payload,
    dealt_cards,
    kept_scores,
    scores_summary,
)
from games.besigue import GAME, Action, DealState, Kind, Rules, Session
from games.besigue.rules import Variant
from games.cards import Card

RESULTS: Final = ResultWords(won="won", en_bas_table="en-bas-table")  # a match won


class BesiguePort(PointsPort):
    """Bésigue (RULES.md §4) for the table service: no money, no register, no hand
    face down (``PointsPort``)."""

    session_type = Session
    start_line = "log.besigue.start"
    results = RESULTS
    game = GAME
    deal_type = DealState

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session, lines = super().start(players, seed, rules)
        return session, [*lines, *alone(rules.partnerships, len(players))]

    def deal(self, session: Session, inputs: DealInputs) -> Json:
        """The deal's cards (the turned card first, then the stock from the top) and its
        dealer."""
        return deal_payload(session.dealer, session.shuffle, inputs, turned=True)

    def apply_deal(self, session: Session, dealt: Dealt) -> DealState:
        cards = dealt_cards(dealt, session.dealer, session.seats, Variant.CLASSIC, turned=True)
        return session.deal_hands(*cards)

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

    def over(self, session: Session) -> bool:
        return session.over

    def kept(self, session: Session) -> Json:
        return {"scores": list(session.scores), "dealer": session.dealer}

    def summary(self, kept: Mapping[str, Any], names: Sequence[str]) -> str:
        return scores_summary(list(kept.get("scores", [])), names)

    def resume(
        self, players: Sequence[str], seed: int, rules: Rules, kept: Mapping[str, Any]
    ) -> tuple[Session, list[LogLine]]:
        scores, dealer = kept_scores(kept)
        session = Session.start(players, seed, rules=rules, scores=scores, dealer=dealer)
        return session, [LogLine.of("log.resume"), *alone(rules.partnerships, len(players))]
