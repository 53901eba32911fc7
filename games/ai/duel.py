"""Duplicate evaluation of one player type against another.

Each seeded deal is played at five tables: one with the baseline ``b`` in every
seat, and four with the candidate ``a`` in one seat (each seat in turn) and
``b`` in the other three.  The candidate's score in a seat minus the
baseline's score in the same seat of the same deal cancels the luck of the
cards; the deal's difference is the mean over the four seats.  With a
reference player (``ref``, e.g. the cheater) four more tables measure the gap
the candidate closes between the baseline and the reference.

A seat's score is its net payment in sous from the engine's ``Outcome`` (the
entry in play collected included), plus, when ``bete_weight`` is not zero, the
bête the hand created valued as a debt (its owner -w*amount, the three others
+w*amount/3); every player is told to maximise that same quantity.  Every deal
starts from the same register: one entry in play, a pinandèle of ``entry``
sous (0: an empty register).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from games.bete_hombree.rules import Rules
from games.bete_hombree.session import shuffled_deal
from games.bete_hombree.state import SEATS, EntryInPlay, HandState, Phase
from games.dealing import DealPattern

from .base import FullInfoPlayer, Player
from .cheater import CheaterPlayer
from .solver import Position, Solver

AnyPlayer = Player | FullInfoPlayer


@dataclass(frozen=True, slots=True)
class DuelConfig:
    a: str
    b: str
    deals: int
    seed: int
    budget: float = 0.25
    ref: str | None = None
    entry: int = 8
    bete_weight: float = 0.0
    workers: int = 1


@dataclass(slots=True)
class SeatRecord:
    """What one seat played by the measured type did at one table."""

    score: float
    declared: bool
    level: int = 0
    made: bool = False
    dd_makeable: bool = False
    cheater_play_made: bool | None = None  # the same contract, declarer's play by the cheater
    latencies: list[float] = field(default_factory=list)


@dataclass(slots=True)
class DealResult:
    index: int
    a: list[SeatRecord]  # candidate in seat k, baseline elsewhere
    b: list[SeatRecord]  # baseline table, seat k
    ref: list[SeatRecord] | None

    @property
    def diff(self) -> float:
        return sum(x.score - y.score for x, y in zip(self.a, self.b, strict=True)) / SEATS

    @property
    def ref_diff(self) -> float | None:
        if self.ref is None:
            return None
        return sum(x.score - y.score for x, y in zip(self.ref, self.b, strict=True)) / SEATS


def deal_of(seed: int, index: int) -> tuple[int, int, list[int], list[int]]:
    """Dealer, belle, hands and cagnot of deal ``index`` of a seeded set."""
    rng = random.Random(f"bete-hombree-duel:{seed}:{index}")
    dealer = index % SEATS
    belle = rng.randrange(4)
    hands, cagnot = shuffled_deal(rng, dealer, belle, DealPattern.TWO_THREE)
    return dealer, belle, hands, cagnot


def _act(player: AnyPlayer, state: HandState, rng: random.Random, budget: float) -> Any:
    if isinstance(player, FullInfoPlayer):
        return player.act_full(state, rng, budget)
    assert isinstance(player, Player)
    return player.act(state.view(state.turn), rng, budget)


def play_table(
    config: DuelConfig,
    index: int,
    table: str,
    players: Sequence[AnyPlayer],
) -> tuple[HandState, list[list[float]], HandState | None]:
    """Play one deal; returns the final state, each seat's decision times
    (decisions with a choice), and the state when play began."""
    dealer, belle, hands, cagnot = deal_of(config.seed, index)
    entry = EntryInPlay(None, config.entry) if config.entry else None
    state = HandState(Rules(), dealer, belle, hands, cagnot, entry)
    latencies: list[list[float]] = [[] for _ in range(SEATS)]
    at_play: HandState | None = None
    step = 0
    while not state.is_over:
        if state.phase is Phase.PLAY and at_play is None:
            at_play = state.copy()
        seat = state.turn
        rng = random.Random(f"{config.seed}:{index}:{table}:{seat}:{step}")
        choice = len(state.legal_actions()) > 1
        start = time.perf_counter()
        action = _act(players[seat], state, rng, config.budget)
        elapsed = time.perf_counter() - start
        if choice:
            latencies[seat].append(elapsed)
        state.apply(action)
        step += 1
    return state, latencies, at_play


def _score(state: HandState, seat: int, weight: float) -> float:
    outcome = state.outcome
    assert outcome is not None
    score = float(outcome.net[seat])
    new = outcome.new_entry
    if weight and new is not None and new.owner is not None:
        score += -weight * new.amount if new.owner == seat else weight * new.amount / 3
    return score


def _cheater_replay(config: DuelConfig, at_play: HandState, players: Sequence[AnyPlayer]) -> bool:
    """The same contract and defenders, the declarer's cards played by the cheater."""
    state = at_play.copy()
    cheater = CheaterPlayer(config.bete_weight)
    step = 0
    while not state.is_over:
        seat = state.turn
        rng = random.Random(f"{config.seed}:replay:{seat}:{step}")
        player: AnyPlayer = cheater if seat == state.declarer else players[seat]
        state.apply(_act(player, state, rng, config.budget))
        step += 1
    assert state.outcome is not None
    return bool(state.outcome.made)


def _record(
    config: DuelConfig,
    state: HandState,
    seat: int,
    latencies: list[float],
    at_play: HandState | None,
    players: Sequence[AnyPlayer],
    check_play: bool,
) -> SeatRecord:
    record = SeatRecord(_score(state, seat, config.bete_weight), False, latencies=latencies)
    outcome = state.outcome
    assert outcome is not None
    contract = outcome.contract
    if contract is not None and contract.declarer == seat and at_play is not None:
        record.declared = True
        record.level = contract.level
        record.made = bool(outcome.made)
        position = Position.from_state(at_play)
        record.dd_makeable = Solver.for_position(position).solve(position)
        if check_play:
            record.cheater_play_made = _cheater_replay(config, at_play, players)
    return record


_PLAYERS: dict[tuple[str, float], AnyPlayer] = {}


def _player(name: str, weight: float) -> AnyPlayer:
    from games.ai import make_player

    key = (name, weight)
    if key not in _PLAYERS:
        _PLAYERS[key] = make_player(name, weight)
    return _PLAYERS[key]


def run_deal(config: DuelConfig, index: int) -> DealResult:
    a = _player(config.a, config.bete_weight)
    b = _player(config.b, config.bete_weight)
    base_players = [b] * SEATS
    state, lat, at_play = play_table(config, index, "base", base_players)
    b_records = []
    for seat in range(SEATS):
        # the baseline's latencies come from its own table, seat by seat
        b_records.append(_record(config, state, seat, lat[seat], at_play, base_players, False))
    a_records = []
    for seat in range(SEATS):
        players = [a if s == seat else b for s in range(SEATS)]
        st, lat, ap = play_table(config, index, f"a{seat}", players)
        check = config.a != "cheater"
        a_records.append(_record(config, st, seat, lat[seat], ap, players, check))
    ref_records = None
    if config.ref is not None:
        r = _player(config.ref, config.bete_weight)
        ref_records = []
        for seat in range(SEATS):
            players = [r if s == seat else b for s in range(SEATS)]
            st, lat, ap = play_table(config, index, f"r{seat}", players)
            ref_records.append(_record(config, st, seat, lat[seat], ap, players, False))
    return DealResult(index, a_records, b_records, ref_records)


def _run_one(args: tuple[DuelConfig, int]) -> DealResult:
    return run_deal(*args)


def run(config: DuelConfig) -> list[DealResult]:
    jobs = [(config, i) for i in range(config.deals)]
    if config.workers <= 1:
        return [_run_one(j) for j in jobs]
    with get_context("spawn").Pool(config.workers) as pool:
        return list(pool.imap(_run_one, jobs, chunksize=1))


# ---- statistics ------------------------------------------------------------


def bootstrap_ci(
    values: Sequence[float], seed: int, resamples: int = 2000
) -> tuple[float, float, float]:
    """Mean and 95 % percentile bootstrap interval."""
    n = len(values)
    mean = sum(values) / n
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    return mean, means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def ratio_ci(
    num: Sequence[float], den: Sequence[float], seed: int, resamples: int = 2000
) -> tuple[float, float, float]:
    """sum(num)/sum(den) with a paired bootstrap 95 % interval."""
    n = len(num)
    rng = random.Random(seed)
    point = sum(num) / sum(den) if sum(den) else float("nan")
    out = []
    for _ in range(resamples):
        idx = rng.choices(range(n), k=n)
        d = sum(den[i] for i in idx)
        out.append(sum(num[i] for i in idx) / d if d else float("nan"))
    out.sort()
    return point, out[int(0.025 * resamples)], out[int(0.975 * resamples) - 1]


def percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def _side_stats(records: Iterable[SeatRecord]) -> dict[str, Any]:
    by_level: dict[int, list[int]] = {}
    declared = made = makeable = 0
    cheater_made = cheater_n = 0
    latencies: list[float] = []
    total = 0.0
    n = 0
    for r in records:
        n += 1
        total += r.score
        latencies.extend(r.latencies)
        if not r.declared:
            continue
        declared += 1
        made += r.made
        makeable += r.dd_makeable
        stats = by_level.setdefault(r.level, [0, 0])
        stats[0] += r.made
        stats[1] += 1
        if r.cheater_play_made is not None:
            cheater_n += 1
            cheater_made += r.cheater_play_made
    latencies.sort()
    out: dict[str, Any] = {
        "mean_score_per_seat": total / n if n else 0.0,
        "contracts": declared,
        "make_rate": made / declared if declared else None,
        "make_rate_by_level": {
            str(level): {"made": m, "of": t, "rate": m / t}
            for level, (m, t) in sorted(by_level.items())
        },
        "contract_accuracy": makeable / declared if declared else None,
    }
    if cheater_n:
        out["cheater_play_make_rate"] = cheater_made / cheater_n
    if latencies:
        out["latency_ms"] = {
            "decisions": len(latencies),
            "p50": 1000 * percentile(latencies, 0.50),
            "p95": 1000 * percentile(latencies, 0.95),
            "p99": 1000 * percentile(latencies, 0.99),
            "max": 1000 * latencies[-1],
        }
    return out


def summarize(config: DuelConfig, results: Sequence[DealResult]) -> dict[str, Any]:
    diffs = [r.diff for r in results]
    mean, low, high = bootstrap_ci(diffs, config.seed)
    summary: dict[str, Any] = {
        "a": config.a,
        "b": config.b,
        "deals": len(results),
        "seed": config.seed,
        "budget_s": config.budget,
        "register": f"pinandèle of {config.entry} in play" if config.entry else "empty",
        "bete_weight": config.bete_weight,
        "mean_diff_per_deal": mean,
        "ci95": [low, high],
        "a_side": _side_stats(x for r in results for x in r.a),
        "b_side": _side_stats(x for r in results for x in r.b),
    }
    if config.ref is not None:
        ref_diffs = [r.ref_diff or 0.0 for r in results]
        rmean, rlow, rhigh = bootstrap_ci(ref_diffs, config.seed + 1)
        share, slow, shigh = ratio_ci(diffs, ref_diffs, config.seed + 2)
        refs = [r.ref for r in results if r.ref is not None]
        summary["ref"] = {
            "name": config.ref,
            "mean_diff_per_deal": rmean,
            "ci95": [rlow, rhigh],
            "gap_closed": share,
            "gap_closed_ci95": [slow, shigh],
            "ref_side": _side_stats(x for rs in refs for x in rs),
        }
    return summary


def format_summary(s: dict[str, Any]) -> str:
    lines = [
        f"{s['a']} vs {s['b']}: {s['deals']} deals in duplicate (seed {s['seed']}, "
        f"budget {s['budget_s']} s, register: {s['register']}, bête weight {s['bete_weight']})",
        f"mean score difference per deal: {s['mean_diff_per_deal']:+.3f} sous "
        f"(95 % CI {s['ci95'][0]:+.3f} .. {s['ci95'][1]:+.3f})",
    ]
    sides = [("a", s["a"], s["a_side"]), ("b", s["b"], s["b_side"])]
    if "ref" in s:
        ref = s["ref"]
        lines.append(
            f"reference {ref['name']}: {ref['mean_diff_per_deal']:+.3f} "
            f"(95 % CI {ref['ci95'][0]:+.3f} .. {ref['ci95'][1]:+.3f}); "
            f"gap closed by {s['a']}: {ref['gap_closed']:.1%} "
            f"(95 % CI {ref['gap_closed_ci95'][0]:.1%} .. {ref['gap_closed_ci95'][1]:.1%})"
        )
        sides.append(("ref", ref["name"], ref["ref_side"]))
    for label, name, side in sides:
        rate = side["make_rate"]
        text = f"[{label}] {name}: {side['contracts']} contracts"
        if rate is not None:
            text += f", make-rate {rate:.1%}, contract accuracy (DD-makeable) "
            text += f"{side['contract_accuracy']:.1%}"
        if "cheater_play_make_rate" in side:
            cheater_rate = side["cheater_play_make_rate"]
            text += f", cheater's play of the same contracts {cheater_rate:.1%}"
            if rate is not None:
                text += f" ({100 * (rate - cheater_rate):+.1f} points)"
        lines.append(text)
        levels = ", ".join(
            f"{lv}: {v['made']}/{v['of']} ({v['rate']:.0%})"
            for lv, v in side["make_rate_by_level"].items()
        )
        if levels:
            lines.append(f"    make-rate by level: {levels}")
        if "latency_ms" in side:
            lat = side["latency_ms"]
            lines.append(
                f"    latency over {lat['decisions']} decisions: p50 {lat['p50']:.1f} ms, "
                f"p95 {lat['p95']:.1f} ms, p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms"
            )
    return "\n".join(lines)
