"""Statistics of the duels: means with bootstrap intervals, percentiles."""

from __future__ import annotations

import random
from collections.abc import Sequence


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


def rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None
