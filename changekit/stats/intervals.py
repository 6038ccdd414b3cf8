"""Confidence intervals for proportions and means."""
from __future__ import annotations

import math
from dataclasses import dataclass

from changekit.core.checks import MAX_RUNS, checked, is_items, is_real, is_whole, shown
from changekit.core.errors import InvalidArgument

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte Carlo estimate with its 95 % interval."""

    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] (n={self.n})"


@checked(successes=is_real(0), n=is_whole(0, 10**12), z=is_real(0, 10))
def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion (good near 0 and 1, unlike value ± 2 se).

    >>> e = wilson(50, 100)
    >>> round(e.low, 4), round(e.high, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 20).low, wilson(20, 20).high
    (0.0, 1.0)
    """
    if successes > n:
        raise InvalidArgument(f"successes ({shown(successes)}) cannot exceed n ({n})")
    if n <= 0:
        return Estimate(math.nan, 0.0, 1.0, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at 0 or n successes the bound is exactly 0 or 1 (rounding would put it a hair inside)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


@checked(values=is_items(10 * MAX_RUNS, "values", each=is_real()), z=is_real(0, 10))
def mean_interval(values: list[float], z: float = Z95) -> Estimate:
    """Mean with a normal-approximation interval.

    >>> mean_interval([1.0, 2.0, 3.0]).value
    2.0
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)
