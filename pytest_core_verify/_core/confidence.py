"""Confidence bounds on a lane metric's mean (pure: no pytest import).

A threshold on a mean says nothing of how many cases the mean stands on: 4 of 5 and
800 of 1,000 both read 0.8. A threshold with ``confidence=`` gates on a bound instead:
the lower bound of the interval for ``min``, the upper for ``max``.

- A metric whose values are all 0/1 (booleans, or the numbers 0 and 1) gets the Wilson
  score interval, which stays inside [0, 1] and is sound for small n and for rates near
  0 or 1 (where the normal interval is not).
- Any other metric gets a percentile bootstrap of the mean (``RESAMPLES`` resamples),
  seeded from the lane split and the metric name, so the bound is the same on every run
  and machine for the same values.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["RESAMPLES", "Interval", "bootstrap_interval", "interval", "wilson_interval"]

#: Bootstrap resamples: the bound's own wobble is then well under 0.01 for n >= 20.
RESAMPLES = 2000


@dataclass(frozen=True)
class Interval:
    n: int
    mean: float
    low: float
    high: float
    confidence: float
    method: Literal["wilson", "bootstrap"]

    def to_json(self) -> dict[str, float | int | str]:
        return {
            "n": self.n,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "confidence": self.confidence,
            "method": self.method,
        }


def _z(confidence: float) -> float:
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, n: int, confidence: float) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``n`` trials (n >= 1)."""
    z = _z(confidence)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At 0 or n successes the bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def bootstrap_interval(
    values: Sequence[float], confidence: float, *, seed: str, resamples: int = RESAMPLES
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values``, seeded by ``seed``."""
    rng = random.Random(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))
    n = len(values)
    means = sorted(math.fsum(rng.choices(values, k=n)) / n for _ in range(resamples))
    tail = (1 - confidence) / 2
    low = means[max(0, math.floor(tail * resamples))]
    high = means[min(resamples - 1, math.ceil((1 - tail) * resamples) - 1)]
    return low, high


def interval(values: Sequence[float | bool], confidence: float, *, seed: str) -> Interval | None:
    """The interval of the mean of ``values`` (``None`` when there are none)."""
    if not values:
        return None
    numbers = [float(v) for v in values]
    n = len(numbers)
    mean = math.fsum(numbers) / n
    if all(v in (0.0, 1.0) for v in numbers):
        low, high = wilson_interval(int(sum(numbers)), n, confidence)
        return Interval(n, mean, low, high, confidence, "wilson")
    low, high = bootstrap_interval(numbers, confidence, seed=seed)
    return Interval(n, mean, low, high, confidence, "bootstrap")
