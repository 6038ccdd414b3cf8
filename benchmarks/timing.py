"""Small timing helpers shared by the benchmark scripts."""
from __future__ import annotations

import random
import statistics
import time
from typing import Callable, Sequence

from changekit.core.state import Game


def median_seconds(fn: Callable[[], object], *, repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of ``fn``, over ``repeat`` rounds, per call."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def random_playout_speed(game: Game, *, seconds: float = 3.0, seed: int = 0) -> tuple[float, float]:
    """(games/s, steps/s) of uniformly random play, the driver loop included."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=games)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def conformance_over(games: Sequence[Game], total: int) -> tuple[int, int, float]:
    """(violations, games played, seconds) over ``total`` random playouts shared out among
    ``games`` (player counts or option sets), each with its own range of seeds."""
    start = time.perf_counter()
    bad = played = 0
    for i, game in enumerate(games):
        share = total // len(games) + (i < total % len(games))
        b, g = conformance_violations(game, share, seed=i * 100_000)
        bad, played = bad + b, played + g
    return bad, played, time.perf_counter() - start


def conformance_violations(game: Game, games: int, *, seed: int = 0) -> tuple[int, int]:
    """(violations, games) over ``games`` random playouts with the shared checks."""
    from changekit.conformance import check_playout

    bad = 0
    for g in range(games):
        bad += len(check_playout(game, seed + g, deep_every=type(game).max_steps(game.options)))
    return bad, games
