"""Haitian Bésigue's engine at a table (RULES.md §4.1): sessions of parties, deals,
log lines, what a deal stores, and the match (``HaitiMatch``): parties one after
another toward *donner cent points*, each partie won stood on the scoreboard, the
match kept between evenings with its marque, its counters and its head start.

Like the classic game's (``bot.games.besigue.port``, both on
``bot.games.besigue.shared_port``): no money, no register, no hand face down, moves
read from their record words; its own words for a partie won.
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
from games.besigue import Action, Kind
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.match import Match
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import HAITI_GAME
from games.besigue.rules import TrumpBy, Variant
from games.besigue.session import SettledDeal

# a partie won (anbatab: while the loser is under 750, counting double), or a deal counted
RESULTS: Final = ResultWords(won="partie", en_bas_table="anbatab")


class HaitiPort(PointsPort):
    """The Haitian game for the table service."""

    results = RESULTS
    game = HAITI_GAME
    deal_type = HaitiDeal

    def start(
        self, players: Sequence[str], seed: int, rules: HaitiOptions
    ) -> tuple[HaitiSession, list[LogLine]]:
        session = HaitiSession.start(players, seed, rules=rules.rules())
        start = LogLine.of("log.haiti.start", seat=session.dealer)
        return session, [start, *alone(rules.partnerships, len(players))]

    def deal(self, session: HaitiSession, inputs: DealInputs) -> Json:
        """The deal's cards (a turned card first with ``trump=turned``, then the stock
        from the top) and its dealer."""
        turned = session.rules.trump is TrumpBy.TURNED
        return deal_payload(session.dealer, session.shuffle, inputs, turned)

    def apply_deal(self, session: HaitiSession, dealt: Dealt) -> HaitiDeal:
        turned = session.rules.trump is TrumpBy.TURNED
        cards = dealt_cards(dealt, session.dealer, session.seats, Variant.HAITI, turned)
        return session.deal_hands(*cards)

    def action_line(
        self, state: HaitiDeal, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        if action.kind is Kind.MELD:
            meld = state.view(seat).meld_of(action)  # its points now, before it is laid
            if state.trump is None:  # the first marriage: it fixes trump
                suit = meld.cards[0].suit.name
                return LogLine.of("log.haiti.trump", seat=seat, suit=suit, points=meld.points)
            return LogLine.of(
                "log.haiti.meld",
                seat=seat,
                kind=meld.kind.value,
                cards=" ".join(str(c) for c in action.cards),
                points=meld.points,
            )
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action))
        return None


def this_partie(settled: Sequence[SettledDeal]) -> Sequence[SettledDeal]:
    """The deals of the partie the last of ``settled`` belongs to: those after the
    last one before it that won a partie."""
    start = len(settled) - 1
    while start > 0 and not settled[start - 1].outcome.over:
        start -= 1
    return settled[max(start, 0) :]


class HaitiMatch:
    """Parties at a table as a match: each partie won stands on the scoreboard (the
    table goes on with the next), and the match stopped between deals is kept."""

    def standings(self, session: HaitiSession) -> tuple[Standing, ...] | None:
        """Each seat's standing in the partie the last deal won (None otherwise)."""
        if not session.partie_over:
            return None
        won = session.settled[-1]
        outcome = won.outcome
        counted = 2 if outcome.en_bas_table else 1
        partie = this_partie(session.settled)
        out = []
        for seat in range(session.seats):
            side = session.teams[seat]
            feats = [f for f in (d.outcome.best[seat] for d in partie) if f is not None]
            best = max(feats, key=lambda f: f[1], default=None)
            out.append(
                Standing(
                    points=outcome.scores[side],
                    won=side == outcome.winner,
                    counted=counted if side == outcome.winner else 0,
                    best=None if best is None else best[0].value,
                    best_points=0 if best is None else best[1],
                    partie=len(session.parties_won) - 1,
                    hundreds=1 if won.cent_points == side else 0,
                )
            )
        return tuple(out)

    def over(self, session: HaitiSession) -> bool:
        """Never: the parties go on until the players stop (and the match is kept)."""
        return False

    def kept(self, session: HaitiSession) -> Json:
        return {
            "scores": list(session.scores),
            "dealer": session.dealer,
            "match": session.match.to_json(),
        }

    def summary(self, kept: Mapping[str, Any], names: Sequence[str]) -> str:
        scores = list(kept.get("scores", []))
        line = scores_summary(scores, names)
        match = kept.get("match") or {}
        parties = match.get("parties", [0, 0])
        if len(scores) == 2 and any(parties):
            line += f" ({parties[0]}-{parties[1]})"
        return line

    def resume(
        self, players: Sequence[str], seed: int, rules: HaitiOptions, kept: Mapping[str, Any]
    ) -> tuple[HaitiSession, list[LogLine]]:
        scores, dealer = kept_scores(kept)
        game = rules.rules()
        sides = max(game.teams_for(len(players))) + 1
        match = Match.from_json(kept.get("match"), sides)
        session = HaitiSession.start(
            players, seed, rules=game, scores=scores, dealer=dealer, match=match
        )
        return session, [LogLine.of("log.resume"), *alone(rules.partnerships, len(players))]
