"""The Monte Carlo runner: seeded simulations (bot tournaments: :mod:`changekit.stats.tournaments`)."""
from __future__ import annotations

import random
from typing import Callable, Sequence, TypeVar

from changekit.core.checks import MAX_RUNS, checked, is_callable, is_items, is_real, is_runs, is_seed

T = TypeVar("T")


@checked(trial=is_callable, n=is_runs, seed=is_seed)
def simulate(trial: Callable[[random.Random], T], n: int, *, seed: int) -> list[T]:
    """Run ``trial`` ``n`` times, each with its own RNG drawn from ``seed``."""
    master = random.Random(seed)
    return [trial(random.Random(master.getrandbits(64))) for _ in range(n)]


@checked(values=is_items(10 * MAX_RUNS, "values", each=is_real()))
def running_mean(values: Sequence[float]) -> list[float]:
    """The average of the first 1, 2, ... values (for convergence plots).

    >>> running_mean([1, 3, 5])
    [1.0, 2.0, 3.0]
    """
    out, total = [], 0.0
    for i, v in enumerate(values, 1):
        total += v
        out.append(total / i)
    return out
