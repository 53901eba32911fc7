"""``bench.load --split-latency``: where an answer's time goes, from the probe the bot
processes load at start-up (``bench/load_probe/sitecustomize.py``).

An answer's latency, as the fake measures it, is cut in four: *to the bot* (the
INTERACTION_CREATE leaving the fake's gateway until the bot's event loop reads it: the
socket, and the loop busy with other work meanwhile), *handed over* (read until parsed to
be run: a DM click of a table another process holds goes to it through PostgreSQL; next
to nothing otherwise), *in the bot* (parsed until its answer's POST starts: the handler,
the table's lock, the database), and *the answer's POST* (until the fake has it). The
clocks are the machine's one wall clock.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from bench.load_players import Answer, percentile

PARTS = ("to the bot", "handed over", "in the bot", "the answer's POST")


def probe_env(folder: Path) -> dict[str, str]:
    """What puts the probe into a bot process: its folder first on the PYTHONPATH."""
    probe = Path(__file__).resolve().parent / "load_probe"
    folder.mkdir(parents=True, exist_ok=True)
    path = os.pathsep.join(p for p in (str(probe), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, "BENCH_LOAD_PROBE": str(folder)}


@dataclass
class Split:
    """Seconds of one answer: to the bot, handed over, in the bot, its POST."""

    to_bot: float
    handed: float
    in_bot: float
    post: float


def read_collections(folder: Path) -> list[tuple[int, float, float]]:
    """(generation, start, end) of every garbage collection of the bots (wall clock)."""
    found = []
    for path in folder.glob("*.txt"):
        for line in path.read_text().splitlines():
            fields = line.split()
            if len(fields) == 4 and fields[0] == "gc":
                found.append((int(fields[1]), float(fields[2]), float(fields[3])))
    return found


def read_probes(folder: Path) -> dict[str, dict[int, float]]:
    """By event (gate, recv, send): when each interaction's came, the first (wall clock)."""
    events: dict[str, dict[int, float]] = {"gate": {}, "recv": {}, "send": {}}
    for path in folder.glob("*.txt"):
        for line in path.read_text().splitlines():
            fields = line.split()
            if len(fields) >= 3 and fields[0] in events:
                seen = events[fields[0]]
                at = float(fields[2])
                seen[int(fields[1])] = min(at, seen.get(int(fields[1]), at))
    return events


class Splitter:
    """Joins the probes' lines to the answers by interaction id."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.wall = time.time() - time.perf_counter()  # the answers' clock -> the wall clock
        self.splits: dict[int, Split] = {}

    def load(self, answers: list[Answer]) -> None:
        events = read_probes(self.folder)
        for a in answers:
            read = events["gate"].get(a.interaction)
            got, sent = events["recv"].get(a.interaction), events["send"].get(a.interaction)
            if a.latency is None or read is None or got is None or sent is None:
                continue
            dispatched = self.wall + a.dispatched
            self.splits[a.interaction] = Split(
                read - dispatched, got - read, sent - got, dispatched + a.latency - sent
            )

    def figures(self, answers: list[Answer]) -> dict[str, list[float]]:
        """p50, p99 and max (ms) of each part, over ``answers``."""
        found = [self.splits[a.interaction] for a in answers if a.interaction in self.splits]
        if not found:
            return {}
        out = {}
        for name, values in zip(
            PARTS,
            (
                [s.to_bot for s in found],
                [s.handed for s in found],
                [s.in_bot for s in found],
                [s.post for s in found],
            ),
            strict=True,
        ):
            out[name] = [1000 * percentile(values, q) for q in (0.5, 0.99)] + [1000 * max(values)]
        begin = self.wall + min(a.dispatched for a in answers)
        end = self.wall + max(a.dispatched + (a.latency or 0) for a in answers)
        pauses = [c for c in read_collections(self.folder) if begin <= c[1] <= end]
        if pauses:
            full = sum(1 for c in pauses if c[0] == 2)
            took = [c[2] - c[1] for c in pauses]
            name = f"garbage collections ({len(pauses)}, {full} full)"
            out[name] = [1000 * percentile(took, q) for q in (0.5, 0.99)] + [1000 * max(took)]
        return out


def split_line(split: dict[str, list[float]]) -> str:
    return "where the time goes: " + "; ".join(
        f"{name} p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {top:.1f} ms"
        for name, (p50, p99, top) in split.items()
    )
