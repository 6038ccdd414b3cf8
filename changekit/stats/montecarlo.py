"""The Monte Carlo runner: seeded simulations and bot tournaments."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence, TypeVar

from changekit.core.bots import Bot, play_out
from changekit.core.state import Game

from .intervals import Estimate, wilson
from changekit.core.checks import (
    MAX_RUNS, checked, is_callable, is_instance, is_items, is_real, is_runs, is_seed, optional,
)
from changekit.core.errors import InvalidArgument

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


@dataclass
class TournamentResult:
    """Wins per bot (a shared win counts as a fraction), with 95 % intervals."""

    names: list[str]
    games: int
    wins: list[float]
    points: list[float] = field(default_factory=list)

    def win_rates(self) -> list[Estimate]:
        return [wilson(w, self.games) for w in self.wins]

    def rows(self) -> list[dict[str, object]]:
        return [
            {"bot": name, "wins": w, "games": self.games, "win_rate": e.value, "low": e.low, "high": e.high,
             "mean_points": (p / self.games) if self.points else None}
            for name, w, e, p in zip(self.names, self.wins, self.win_rates(), self.points or [0.0] * len(self.names))
        ]


@checked(game=is_instance(Game, "a Game (say ChaChing(players=4))"), bots=is_items(16, "bots", each=is_instance(Bot, "a Bot")),
         games=is_runs, seed=is_seed, progress=optional(is_callable))
def tournament(game: Game, bots: Sequence[Bot], *, games: int, seed: int,
               progress: Callable[[float], None] | None = None) -> TournamentResult:
    """Play ``games`` games with ``bots`` (one per seat), rotating seats so no bot keeps the
    first-player advantage. A win shared by k players counts 1/k to each. ``progress`` (if given)
    is called with the fraction of games played after each game (a progress bar)."""
    n = len(bots)
    if n != game.options.players:
        raise InvalidArgument(f"bots: {len(bots)} bots for a {game.options.players}-player game")
    master = random.Random(seed)
    wins = [0.0] * n
    points = [0.0] * n
    for g in range(games):
        shift = g % n
        seating = [(i + shift) % n for i in range(n)]  # seat s holds bot seating[s]
        state = game.new_state(seed=master.getrandbits(32))
        play_out(state, [bots[b] for b in seating], rng=random.Random(master.getrandbits(64)))
        winners = state.winners()
        scores = state.scores()
        for seat, b in enumerate(seating):
            if seat in winners:
                wins[b] += 1 / len(winners)
            points[b] += scores[seat]
        if progress is not None:
            progress((g + 1) / games)
    return TournamentResult([type(b).__name__ if not b.name else b.name for b in bots], games, wins, points)
