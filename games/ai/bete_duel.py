"""Duplicate evaluation of one La Bête player type against another.

Each seeded deal of ``seats`` players is played at ``seats + 1`` tables: one
with the baseline ``b`` in every seat, and one per seat with the candidate
``a`` there and ``b`` elsewhere.  The candidate's worth in a seat minus the
baseline's worth in the same seat of the same deal cancels the luck of the
cards; the deal's difference is the mean over the seats.

A seat's worth is ``games.ai.bete_value.deal_score`` in jetons: its net
payment, its share of the pot's change and the bêtes made valued as debts,
the quantity the players maximise.  Every deal opens a round (the reserve's
fiche from each player) with an empty pot; with ``bete`` > 0 a waiting bête
of that many jetons, owned by the seat after the dealer's right, enters the
stake.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from games.bete import DealState, Session
from games.register import Register

from .base import BetePlayer
from .bete_value import deal_score
from .duel import bootstrap_ci, percentile


@dataclass(frozen=True, slots=True)
class BeteDuelConfig:
    a: str
    b: str
    deals: int
    seed: int
    seats: int = 3
    budget: float = 0.25
    bete: int = 0
    workers: int = 1


@dataclass(slots=True)
class SeatResult:
    score: float
    declared: bool = False
    succeeded: bool = False
    contred: bool = False
    latencies: list[float] = field(default_factory=list)


@dataclass(slots=True)
class BeteDealResult:
    index: int
    a: list[SeatResult]  # candidate in seat k, baseline elsewhere
    b: list[SeatResult]  # baseline table, seat k

    @property
    def diff(self) -> float:
        return sum(x.score - y.score for x, y in zip(self.a, self.b, strict=True)) / len(self.a)


def session_of(config: BeteDuelConfig, index: int) -> Session:
    """The session a deal is dealt in: a fresh round, the dealer turning with the index."""
    players = [f"p{s}" for s in range(config.seats)]
    dealer = index % config.seats
    register = Register()
    if config.bete:
        register.append(players[(dealer + 2) % config.seats], config.bete)
    return Session(players, dealer=dealer, register=register)


def play_table(
    config: BeteDuelConfig, index: int, table: str, players: Sequence[BetePlayer]
) -> tuple[DealState, list[list[float]]]:
    """Play deal ``index`` with ``players`` by seat; the final state and each seat's
    decision times (decisions with a choice)."""
    state = session_of(config, index).deal(hash_seed(config.seed, index))
    latencies: list[list[float]] = [[] for _ in range(config.seats)]
    step = 0
    while not state.is_over:
        seat = state.turn
        view = state.view(seat)
        rng = random.Random(f"{config.seed}:{index}:{table}:{seat}:{step}")
        start = time.perf_counter()
        action = players[seat].act(view, rng, config.budget)
        if len(view.legal) > 1:
            latencies[seat].append(time.perf_counter() - start)
        state.apply(action)
        step += 1
    return state, latencies


def hash_seed(seed: int, index: int) -> int:
    return random.Random(f"bete-duel:{seed}:{index}").randrange(1 << 62)


def _result(state: DealState, seat: int, latencies: list[float]) -> SeatResult:
    outcome = state.outcome
    assert outcome is not None
    result = SeatResult(deal_score(state, seat), latencies=latencies)
    if outcome.declarer == seat:
        result.declared = True
        result.succeeded = outcome.declarer_won
    if outcome.contreur == seat:
        result.contred = True
        result.succeeded = outcome.contreur_won
    return result


_PLAYERS: dict[str, BetePlayer] = {}


def _player(name: str) -> BetePlayer:
    from games.ai import make_player

    if name not in _PLAYERS:
        _PLAYERS[name] = make_player(name, game="bete")
    return _PLAYERS[name]


def run_deal(config: BeteDuelConfig, index: int) -> BeteDealResult:
    a, b = _player(config.a), _player(config.b)
    seats = range(config.seats)
    state, lat = play_table(config, index, "base", [b] * config.seats)
    b_results = [_result(state, s, lat[s]) for s in seats]
    a_results = []
    for seat in seats:
        players = [a if s == seat else b for s in seats]
        state, lat = play_table(config, index, f"a{seat}", players)
        a_results.append(_result(state, seat, lat[seat]))
    return BeteDealResult(index, a_results, b_results)


def _run_one(args: tuple[BeteDuelConfig, int]) -> BeteDealResult:
    return run_deal(*args)


def run(config: BeteDuelConfig) -> list[BeteDealResult]:
    jobs = [(config, i) for i in range(config.deals)]
    if config.workers <= 1:
        return [_run_one(j) for j in jobs]
    with get_context("spawn").Pool(config.workers) as pool:
        return list(pool.imap(_run_one, jobs, chunksize=1))


def _side(results: Sequence[SeatResult]) -> dict[str, Any]:
    declared = [r for r in results if r.declared]
    contred = [r for r in results if r.contred]
    latencies = sorted(t for r in results for t in r.latencies)
    side: dict[str, Any] = {
        "mean_score_per_seat": sum(r.score for r in results) / len(results),
        "declared": len(declared),
        "success_rate": sum(r.succeeded for r in declared) / len(declared) if declared else None,
        "contres": len(contred),
        "contre_success_rate": (
            sum(r.succeeded for r in contred) / len(contred) if contred else None
        ),
    }
    if latencies:
        side["latency_ms"] = {
            "decisions": len(latencies),
            "p50": 1000 * percentile(latencies, 0.50),
            "p95": 1000 * percentile(latencies, 0.95),
            "max": 1000 * latencies[-1],
        }
    return side


def summarize(config: BeteDuelConfig, results: Sequence[BeteDealResult]) -> dict[str, Any]:
    mean, low, high = bootstrap_ci([r.diff for r in results], config.seed)
    return {
        "game": "bete",
        "a": config.a,
        "b": config.b,
        "seats": config.seats,
        "deals": len(results),
        "seed": config.seed,
        "budget_s": config.budget,
        "bete": config.bete,
        "mean_diff_per_deal": mean,
        "ci95": [low, high],
        "a_side": _side([x for r in results for x in r.a]),
        "b_side": _side([x for r in results for x in r.b]),
    }


def format_summary(s: dict[str, Any]) -> str:
    bete = f", a bête of {s['bete']} in play" if s["bete"] else ""
    lines = [
        f"La Bête, {s['seats']} players: {s['a']} vs {s['b']}, {s['deals']} deals in duplicate "
        f"(seed {s['seed']}, budget {s['budget_s']} s{bete})",
        f"{s['a']}'s mean gain per deal: {s['mean_diff_per_deal']:+.3f} jetons "
        f"(95 % CI {s['ci95'][0]:+.3f} .. {s['ci95'][1]:+.3f})",
    ]
    for label in ("a", "b"):
        side = s[f"{label}_side"]
        text = f"[{label}] {s[label]}: {side['declared']} je joue"
        if side["success_rate"] is not None:
            text += f" ({side['success_rate']:.1%} succeeded)"
        text += f", {side['contres']} contres"
        if side["contre_success_rate"] is not None:
            text += f" ({side['contre_success_rate']:.1%} succeeded)"
        lines.append(text)
        if "latency_ms" in side:
            lat = side["latency_ms"]
            lines.append(
                f"    latency over {lat['decisions']} decisions: p50 {lat['p50']:.1f} ms, "
                f"p95 {lat['p95']:.1f} ms, max {lat['max']:.1f} ms"
            )
    return "\n".join(lines)
