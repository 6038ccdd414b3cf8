"""Small timing helpers shared by the benchmark scripts, and their smoke sizes.

Every ``bench_*.py`` module's ``run(smoke=False)`` is decorated with :func:`benchmark`. In a smoke
run (``run(smoke=True)``, ``run.py --smoke``, the test in ``tests/unit/test_benchmarks.py``) the
module takes the same steps at its smallest size, so a renamed function or a changed signature
breaks it, and nothing is timed seriously: the helpers here shrink themselves (one call per
median, one game per playout speed, one checked game per option set), and the module's own
counts go through :func:`sized`.
"""
from __future__ import annotations

import functools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from changekit.core.state import Game

Row = tuple[str, str, str, str]
T = TypeVar("T")
_smoke = False  # set by benchmark() while a module's smoke run runs


def benchmark(run: Callable[[bool], list[Row]]) -> Callable[..., list[Row]]:
    """Decorates a module's ``run(smoke: bool = False)``: while it runs, :func:`sized` and the
    helpers here take their smoke sizes when ``smoke`` is true."""

    @functools.wraps(run)
    def wrapper(smoke: bool = False) -> list[Row]:
        global _smoke
        before, _smoke = _smoke, bool(smoke)
        try:
            return run(smoke)
        finally:
            _smoke = before
    return wrapper


def sized(full: T, smoke: T) -> T:
    """``full`` in a full run, ``smoke`` in a smoke run (the smallest size that takes every step)."""
    return smoke if _smoke else full


def median_seconds(fn: Callable[[], object], *, repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of ``fn``, over ``repeat`` rounds, per call."""
    times = []
    repeat, number = sized(repeat, 1), sized(number, 1)
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def random_playout_speed(game: Game, *, seconds: float = 3.0, seed: int = 0) -> tuple[float, float]:
    """(games/s, steps/s) of uniformly random play, the driver loop included (a smoke run: one game)."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    while (games < 1) if _smoke else (time.perf_counter() - start < seconds):
        state = game.new_state(seed=games)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def games_per_second(play: Callable[[int], object], seconds: float) -> float:
    """Rate of ``play(n)`` calls (n = 0, 1, ...) over ``seconds`` (a smoke run: one call)."""
    start = time.perf_counter()
    n = 0
    while (n < 1) if _smoke else (time.perf_counter() - start < seconds):
        play(n)
        n += 1
    return n / (time.perf_counter() - start)


class Conformance(NamedTuple):
    """What :func:`conformance_over` checked, and what it found."""

    violations: int
    games: int
    seconds: float  # wall time
    cpu: float  # CPU seconds of all the processes (the wall time depends on the box's load)
    workers: int
    steps: int  # actions light-checked
    deep: int  # positions deep-checked (one at a random moment of a game)
    saves: int  # finished games saved, reloaded, compared
    examples: tuple[str, ...]  # the first few violations
    load: float  # the box's 1-minute load average when the games were done
    deep_every: int
    save_every: int

    def checked(self) -> str:
        """What was checked, in a few words."""
        return (f"every step ({self.steps:,}) light; {self.deep:,} deep at a random step ({_share(self.deep_every)}); "
                f"{self.saves:,} end saves ({_share(self.save_every)})")

    def cost(self) -> str:
        return (f"{self.seconds:.0f} s on {self.workers} processes ({self.cpu:.0f} CPU-s; "
                f"1-min load {self.load:.1f} on {os.cpu_count()} cores)")

    def rows(self, area: str, what: str) -> list[tuple[str, str, str, str]]:
        """The table's rows: violations (over ``what``: player counts, option sets), what was
        checked, and the time it took."""
        return [(area, f"conformance violations over {self.games:,} random games ({what})", str(self.violations), "0"),
                (area, "conformance: what was checked", self.checked(), f"{CONFORMANCE_GAMES:,} games"),
                (area, "conformance: time", self.cost(), "")]


#: Random playouts per engine in ``make bench`` (issue 2), every one light-checked at every step.
CONFORMANCE_GAMES = 10_000
#: A deep check (``check_step``: every legal action on a clone, junk refused without a trace, a
#: mid-game save that loads and plays on identically, views against determinizations) costs 5-15 ms,
#: as much as the light checks of a whole game or more; the save round trip of a finished game
#: replays all of it. One deep check in every fifth game and one save in every fifth (other) game
#: keep the eight engines' 80,000 games near five and a half minutes on two cores (2,000 of each
#: per engine; deep checks in every game would take about three times as long).
DEEP_EVERY = 5
SAVE_EVERY = 5


def conformance_over(games: Sequence[Game], total: int = CONFORMANCE_GAMES, *, deep_every: int = DEEP_EVERY,
                     save_every: int = SAVE_EVERY, workers: int | None = None, chunk: int = 100) -> Conformance:
    """Check ``total`` random playouts shared out among ``games`` (player counts or option sets),
    each with its own range of seeds, with :func:`changekit.conformance.check_sampled_playout`:
    the light checks at every step of every game, a deep check at one random position of every
    ``deep_every``-th game, the save round trip of every ``save_every``-th finished game (other
    games than the deep-checked ones where both are above 1, so more games get a heavy check).

    The games run in ``workers`` processes (default: one per core, at most two); the counts and
    the seeds do not depend on it. Violations found are printed (the first five) to stderr.
    A smoke run checks one game per entry of ``games``, deep-checked and saved, on the same workers.
    """
    if _smoke:
        total, deep_every, save_every, chunk = len(games), 1, 1, 1
    jobs = []
    for i, game in enumerate(games):
        share = total // len(games) + (i < total % len(games))
        jobs += [(game, i * 100_000 + first, min(chunk, share - first), deep_every, save_every)
                 for first in range(0, share, chunk)]
    workers = workers or min(2, os.cpu_count() or 1)
    start = time.perf_counter()
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            results = list(pool.map(_conformance_chunk, jobs))
    else:
        results = [_conformance_chunk(job) for job in jobs]
    seconds = time.perf_counter() - start
    tally = {k: sum(r[1].get(k, 0) for r in results) for k in ("games", "steps", "deep", "saves", "cpu")}
    examples = tuple(e for r in results for e in r[2])[:5]
    for example in examples:
        print(f"conformance violation: {example}", file=sys.stderr, flush=True)
    return Conformance(sum(r[0] for r in results), int(tally["games"]), seconds, tally["cpu"], workers,
                       int(tally["steps"]), int(tally["deep"]), int(tally["saves"]), examples, os.getloadavg()[0],
                       deep_every, save_every)


def _share(every: int) -> str:
    return "every game" if every == 1 else f"1 game in {every}"


def _conformance_chunk(job: tuple[Game, int, int, int, int]) -> tuple[int, dict[str, float], list[str]]:
    """One process's share: ``count`` games from seed ``first`` on."""
    from changekit.conformance import check_sampled_playout

    cpu = time.process_time()
    game, first, count, deep_every, save_every = job
    tally: dict[str, float] = {"games": count}
    bad = 0
    examples: list[str] = []
    for seed in range(first, first + count):
        problems = check_sampled_playout(game, seed, deep=int(seed % deep_every == 0),
                                         save=(seed + 1) % save_every == 0, tally=tally)
        bad += len(problems)
        examples += [f"{game!r}, seed {seed}: {p}" for p in problems[:1]]
    tally["cpu"] = time.process_time() - cpu
    return bad, tally, examples[:5]
