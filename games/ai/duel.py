"""Duplicate evaluation of one player type against another, for any registered game.

Each seeded deal of ``seats`` players is played at ``seats + 1`` tables: one
with the baseline ``b`` in every seat, and one per seat with the candidate
``a`` there and ``b`` elsewhere.  The candidate's score in a seat minus the
baseline's score in the same seat of the same deal cancels the luck of the
cards; the deal's difference is the mean over the seats.  With a reference
player (``ref``, e.g. La Bête Hombrée's cheater) ``seats`` more tables measure
the gap the candidate closes between the baseline and the reference.

A game takes part through its ``Arena`` (registered by its ``ai`` package with
``register_arena``): the deal of an index, a seat's score (what its players
maximise), what a seat's play did (contracts made, calls...) and how to sum
that up.  The harness finds the arena through the game registry.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from multiprocessing import get_context
from typing import Any, Final, Protocol, TypeVar

from games import registry
from games.records import MOST
from games.refusals import Turns

from .base import FullInfoPlayer
from .stats import bootstrap_ci, percentile, ratio_ci

SettingsT = TypeVar("SettingsT")


class DuelState(Turns, Protocol):
    """What the harness needs of a game's state (every game's state has it)."""

    def legal_actions(self) -> Sequence[Any]: ...

    def view(self, seat: int) -> Any: ...

    def apply(self, action: Any) -> None: ...

    def copy(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class DuelConfig:
    game: str
    a: str
    b: str
    deals: int
    seed: int
    seats: int = 0  # 0: the game's arena's default
    budget: float = 0.25
    ref: str | None = None
    settings: tuple[tuple[str, str], ...] = ()  # the arena's own settings, as text
    workers: int = 1


@dataclass(slots=True)
class TableRun:
    """One deal played at one table: what an arena reads a seat's facts from."""

    config: DuelConfig
    index: int
    players: Sequence[Any]
    start: Any  # the state before the first action
    actions: list[Any]  # every action, in order (replayed from ``start``)
    state: Any  # the final state
    latencies: list[list[float]]  # per seat, decisions with a choice


class Arena(Protocol):
    """One game's side of a duel (see the module docstring)."""

    seats: int
    unit: str  # what a score counts: "sous", "jetons"

    def describe(self) -> str:
        """The settings of the duel, in words (for the summary's first line)."""
        ...

    def player(self, name: str) -> Any:
        """A player by name, set up for the duel."""
        ...

    def deal(self, seed: int, index: int) -> DuelState:
        """The state of deal ``index`` of a seeded set (the same at every table)."""
        ...

    def score(self, state: Any, seat: int) -> float:
        """A seat's score of a finished deal."""
        ...

    def facts(self, run: TableRun, seat: int, check_play: bool) -> dict[str, Any]:
        """What the seat's play did (``check_play``: the candidate's table)."""
        ...

    def side(self, facts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The facts of one side's seats summed up."""
        ...

    def took(self, facts: Mapping[str, Any]) -> bool | None:
        """Whether the seat played the deal's contract (the hombre, the declarer), read
        from its ``facts``; None in a game without one."""
        ...

    def lines(self, label: str, name: str, side: Mapping[str, Any]) -> list[str]:
        """One side's summary in words (latency apart)."""
        ...


ArenaFactory = Callable[[int, Mapping[str, str]], Arena]
_ARENAS: dict[str, ArenaFactory] = {}


def register_arena(game: str, factory: ArenaFactory) -> None:
    """A game's arena: ``factory(seats, settings)`` (seats 0: the default)."""
    _ARENAS[game] = factory


def arena_of(game: str, seats: int = 0, settings: Mapping[str, str] | None = None) -> Arena:
    """The arena of a registered game (its players' package registers it)."""
    spec = registry.game(game)
    spec.players()  # imports the game's players, which register its arena
    factory = _ARENAS.get(spec.id)
    if factory is None:
        raise ValueError(f"{spec.names['en']} has no duel")
    return factory(seats, dict(settings or {}))


def act(player: Any, state: DuelState, rng: random.Random, budget: float) -> Any:
    """A player's action: from the whole state if it sees every card, else the view."""
    if isinstance(player, FullInfoPlayer):
        return player.act_full(state, rng, budget)
    return player.act(state.view(state.turn), rng, budget)


@dataclass(slots=True)
class SeatRecord:
    score: float
    latencies: list[float] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class DealResult:
    index: int
    a: list[SeatRecord]  # candidate in seat k, baseline elsewhere
    b: list[SeatRecord]  # baseline table, seat k
    ref: list[SeatRecord] | None

    @property
    def diff(self) -> float:
        return sum(x.score - y.score for x, y in zip(self.a, self.b, strict=True)) / len(self.a)

    @property
    def ref_diff(self) -> float | None:
        if self.ref is None:
            return None
        return sum(x.score - y.score for x, y in zip(self.ref, self.b, strict=True)) / len(self.b)


def play_table(
    arena: Arena, config: DuelConfig, index: int, table: str, players: Sequence[Any]
) -> TableRun:
    """Play deal ``index`` with ``players`` by seat."""
    state = arena.deal(config.seed, index)
    start = state.copy()
    actions = []
    latencies: list[list[float]] = [[] for _ in players]
    step = 0
    while not state.is_over:
        seat = state.turn
        rng = random.Random(f"{config.seed}:{index}:{table}:{seat}:{step}")
        choice = len(state.legal_actions()) > 1
        begin = time.perf_counter()
        action = act(players[seat], state, rng, config.budget)
        if choice:
            latencies[seat].append(time.perf_counter() - begin)
        state.apply(action)
        actions.append(action)
        step += 1
    return TableRun(config, index, players, start, actions, state, latencies)


def _record(arena: Arena, run: TableRun, seat: int, check_play: bool) -> SeatRecord:
    facts = arena.facts(run, seat, check_play)
    return SeatRecord(arena.score(run.state, seat), run.latencies[seat], facts)


_CACHE: dict[tuple[object, ...], Any] = {}


def _arena(config: DuelConfig) -> Arena:
    key = ("arena", config.game, config.seats, config.settings)
    if key not in _CACHE:
        _CACHE[key] = arena_of(config.game, config.seats, dict(config.settings))
    arena: Arena = _CACHE[key]
    return arena


def _player(config: DuelConfig, name: str) -> Any:
    key = ("player", config.game, config.seats, config.settings, name)
    if key not in _CACHE:
        _CACHE[key] = _arena(config).player(name)
    return _CACHE[key]


def run_deal(config: DuelConfig, index: int) -> DealResult:
    arena = _arena(config)
    seats = range(arena.seats)
    a, b = _player(config, config.a), _player(config, config.b)
    base = [b] * arena.seats
    run = play_table(arena, config, index, "base", base)
    b_records = [_record(arena, run, seat, False) for seat in seats]
    check = not isinstance(a, FullInfoPlayer)
    a_records = []
    for seat in seats:
        players = [a if s == seat else b for s in seats]
        run = play_table(arena, config, index, f"a{seat}", players)
        a_records.append(_record(arena, run, seat, check))
    ref_records = None
    if config.ref is not None:
        r = _player(config, config.ref)
        ref_records = []
        for seat in seats:
            players = [r if s == seat else b for s in seats]
            run = play_table(arena, config, index, f"r{seat}", players)
            ref_records.append(_record(arena, run, seat, False))
    return DealResult(index, a_records, b_records, ref_records)


def _run_one(args: tuple[DuelConfig, int]) -> DealResult:
    return run_deal(*args)


def run(config: DuelConfig) -> list[DealResult]:
    _arena(config)  # an unknown game or setting fails here, before any worker starts
    jobs = [(config, i) for i in range(config.deals)]
    if config.workers <= 1:
        return [_run_one(j) for j in jobs]
    with get_context("spawn").Pool(config.workers) as pool:
        return list(pool.imap(_run_one, jobs, chunksize=1))


# ---- summary ---------------------------------------------------------------


def _side(arena: Arena, records: Iterable[SeatRecord]) -> dict[str, Any]:
    records = list(records)
    latencies = sorted(t for r in records for t in r.latencies)
    side: dict[str, Any] = {
        "mean_score_per_seat": sum(r.score for r in records) / len(records) if records else 0.0
    }
    side.update(arena.side([r.facts for r in records]))
    if latencies:
        side["latency_ms"] = {
            "decisions": len(latencies),
            "p50": 1000 * percentile(latencies, 0.50),
            "p95": 1000 * percentile(latencies, 0.95),
            "p99": 1000 * percentile(latencies, 0.99),
            "max": 1000 * latencies[-1],
        }
    return side


SPLIT: Final = ("both", "candidate only", "baseline only", "neither")


def contract_split(
    arena: Arena, results: Sequence[DealResult], seed: int, ref: bool = False
) -> dict[str, dict[str, Any]] | None:
    """Where the mean difference per deal comes from: each seat's difference put with
    whether it played the contract at the candidate's table (the reference's if
    ``ref``), at the baseline's, at both or at neither (``SPLIT``); the parts sum to
    the mean.  Each part has its 95 % interval over the deals (``seed`` draws the
    resamples): a part is read against its own noise, far larger than a few seats
    make it look.  None in a game without a contract."""
    seats = dict.fromkeys(SPLIT, 0)
    by_deal = {key: [0.0] * len(results) for key in SPLIT}
    for i, result in enumerate(results):
        records = result.ref if ref else result.a
        assert records is not None
        for x, y in zip(records, result.b, strict=True):
            took, base = arena.took(x.facts), arena.took(y.facts)
            if took is None or base is None:
                return None
            key = SPLIT[(not took) * 2 + (not base)]
            seats[key] += 1
            by_deal[key][i] += (x.score - y.score) / len(records)
    split: dict[str, dict[str, Any]] = {}
    for offset, key in enumerate(SPLIT):
        mean, low, high = bootstrap_ci(by_deal[key], seed + offset)
        split[key] = {"seats": seats[key], "per_deal": mean, "ci95": [low, high]}
    return split


def summarize(config: DuelConfig, results: Sequence[DealResult]) -> dict[str, Any]:
    arena = _arena(config)
    diffs = [r.diff for r in results]
    mean, low, high = bootstrap_ci(diffs, config.seed)
    summary: dict[str, Any] = {
        "game": config.game,
        "name": registry.game(config.game).name("en"),
        "seats": arena.seats,
        "a": config.a,
        "b": config.b,
        "deals": len(results),
        "seed": config.seed,
        "budget_s": config.budget,
        "settings": arena.describe(),
        "unit": arena.unit,
        "mean_diff_per_deal": mean,
        "ci95": [low, high],
        "a_side": _side(arena, (x for r in results for x in r.a)),
        "b_side": _side(arena, (x for r in results for x in r.b)),
        "split": contract_split(arena, results, config.seed + 3),
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
            "ref_side": _side(arena, (x for rs in refs for x in rs)),
            "split": contract_split(arena, results, config.seed + 7, ref=True),
        }
    return summary


def format_summary(s: dict[str, Any], arena: Arena) -> str:
    settings = f", {s['settings']}" if s["settings"] else ""
    lines = [
        f"{s['name']}, {s['seats']} players: {s['a']} vs {s['b']}, {s['deals']} deals in "
        f"duplicate (seed {s['seed']}, budget {s['budget_s']} s{settings})",
        f"mean score difference per deal: {s['mean_diff_per_deal']:+.3f} {s['unit']} "
        f"(95 % CI {s['ci95'][0]:+.3f} .. {s['ci95'][1]:+.3f})",
    ]
    sides = [("a", s["a"], s["a_side"]), ("b", s["b"], s["b_side"])]
    splits = [(s["a"], s["split"])]
    if "ref" in s:
        ref = s["ref"]
        lines.append(
            f"reference {ref['name']}: {ref['mean_diff_per_deal']:+.3f} "
            f"(95 % CI {ref['ci95'][0]:+.3f} .. {ref['ci95'][1]:+.3f}); "
            f"gap closed by {s['a']}: {ref['gap_closed']:.1%} "
            f"(95 % CI {ref['gap_closed_ci95'][0]:.1%} .. {ref['gap_closed_ci95'][1]:.1%})"
        )
        sides.append(("ref", ref["name"], ref["ref_side"]))
        splits.append((ref["name"], ref["split"]))
    for label, name, side in sides:
        lines.extend(arena.lines(label, name, side))
        if "latency_ms" in side:
            lat = side["latency_ms"]
            lines.append(
                f"    latency over {lat['decisions']} decisions: p50 {lat['p50']:.1f} ms, "
                f"p95 {lat['p95']:.1f} ms, p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms"
            )
    for name, split in splits:
        if split is not None:
            lines.append(_split_line(name, s["b"], split, s["unit"]))
    return "\n".join(lines)


def _split_line(name: str, baseline: str, split: Mapping[str, Mapping[str, Any]], unit: str) -> str:
    """Where ``name``'s difference comes from, in words."""
    words = {
        "both": "both",
        "candidate only": f"{name} only",
        "baseline only": f"{baseline} only",
        "neither": "neither",
    }
    parts = ", ".join(
        f"{words[key]} {int(split[key]['seats'])} seats {split[key]['per_deal']:+.3f} "
        f"({split[key]['ci95'][0]:+.3f} .. {split[key]['ci95'][1]:+.3f})"
        for key in SPLIT
    )
    return f"{name}'s difference by who played the contract ({unit} a deal): {parts}"


def deal_seed(game: str, seed: int, index: int) -> int:
    """The seed of deal ``index`` of a duel's seeded set of ``game``: the same deal at
    every table, and another in every game."""
    return random.Random(f"{game}-duel:{seed}:{index}").randrange(1 << 62)


def duel_seats(seats: int, allowed: range, game: str, default: int | None = None) -> int:
    """The seats a duel of ``game`` (its name) asks for, ``default`` (else the fewest
    ``allowed``) for 0; ``ValueError`` for a number the game is not played by."""
    if not seats:
        return allowed[0] if default is None else default
    if seats not in allowed:
        many = f"{allowed[0]} to {allowed[-1]}" if len(allowed) > 1 else str(allowed[0])
        raise ValueError(f"{game} is played by {many}")
    return seats


def new_player(players: Mapping[str, Callable[[], Any]], name: str, game: str) -> Any:
    """A new player named ``name`` among a game's ``players`` (its ``PLAYERS``);
    an unknown name is ``ValueError`` naming the known ones."""
    factory = players.get(name)
    if factory is None:
        raise ValueError(f"{game} has no player {name!r} (known: {', '.join(players)})")
    return factory()


def settings_from(cls: type[SettingsT], settings: Mapping[str, str]) -> SettingsT:
    """An arena's settings dataclass from ``name=value`` texts (values by the field's
    default's type); an unknown name is ``ValueError``."""
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, text in settings.items():
        spec = known.get(name.replace("-", "_"))
        if spec is None:
            raise ValueError(f"unknown setting {name!r} (known: {', '.join(known)})")
        values[spec.name] = setting_value(name, text, spec.default)
    return cls(**values)


def setting_value(name: str, text: str, default: object) -> Any:
    """A ``--set`` value read as its default's type: true or false; a whole number from 0
    to ``records.MOST`` (amounts, entries: no record holds more, and the scores' floats
    stay exact); a finite number from 0 (weights); else ``ValueError`` naming the
    setting."""
    if isinstance(default, bool):
        if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
            raise ValueError(f"the setting {name} is true or false, not {text!r}")
        return text.lower() in ("true", "yes", "1")
    if isinstance(default, int | float):
        try:
            value = int(text) if isinstance(default, int) else float(text)
        except ValueError:
            value = -1
        most = MOST if isinstance(default, int) else math.inf
        if not 0 <= value < math.inf or value > most:  # nan and infinity fail too
            kind = f"a whole number from 0 to {MOST:,}" if most == MOST else "a number from 0"
            raise ValueError(f"the setting {name} is {kind}, not {text!r}")
        return value
    return text
