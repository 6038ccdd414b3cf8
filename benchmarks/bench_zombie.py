"""Zombie: change-making, random playouts, exact analysis,
conformance over 10,000 games (the app's slowest action: bench_apps.py)."""
from __future__ import annotations

import random

from timing import benchmark, conformance_over, median_seconds, random_playout_speed, sized

from changekit.games.zombie import Zombie, make_change
from changekit.games.zombie.analysis import clear_exact_caches, points_distribution
from changekit.games.zombie.rules import clear_change_cache


CONFORMANCE_GAMES = 10_000  # issue 2; each light-checked at every step, some deep-checked: see timing.py


def cold_exact(bill: int, dealt: int) -> float:
    def run():
        clear_exact_caches()
        points_distribution(bill, dealt=dealt)
    return median_seconds(run, repeat=5)


@benchmark
def run(smoke: bool = False):
    # 2,000 hands of 3 to 9 bills, each hand from its own generator (so a hand mixes bills)
    rngs = [random.Random(i) for i in range(sized(2000, 5))]
    hands = [[rng.choice((1, 3, 5, 7, 10)) for _ in range(rng.randint(3, 9))] for rng in rngs]
    cases = [(h, b) for h in hands for b in (1, 3, 5, 7, 10) if sum(h) >= b]
    def all_cases():
        clear_change_cache()  # measure the DP, not the cache
        for h, b in cases:
            make_change(h, b)
    per_call = median_seconds(all_cases, repeat=5) / len(cases)
    games, steps = random_playout_speed(Zombie(players=4), seconds=5)
    k3, k10 = cold_exact(5, 3), cold_exact(5, 10)
    conformance = conformance_over([Zombie(players=n) for n in (2, 3, 4, 6)], CONFORMANCE_GAMES)
    return [
        ("zombie", "make_change median (DP, uncached)", f"{per_call * 1e6:.1f} µs/call", "fast"),
        ("zombie", "random 4-player games", f"{games:,.0f} games/s", ""),
        ("zombie", "random 4-player steps", f"{steps:,.0f} steps/s", "vs Kuhn: bench_playouts"),
        ("zombie", "exact distribution k=3 (cold)", f"{k3 * 1000:.1f} ms", "≤ 50 ms"),
        ("zombie", "exact distribution k=10 (cold)", f"{k10 * 1000:.1f} ms", "≤ 50 ms"),
        *conformance.rows("zombie", "2/3/4/6 players"),
    ]
