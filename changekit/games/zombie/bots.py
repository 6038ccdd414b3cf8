"""Zombie bots. Each sees only its own view: its hand, the Zombie, the discards, the scores."""
from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import Any, Mapping

from changekit.core import DENOMINATIONS, Bot, RandomBot

from .analysis import Pool, pay_outcomes, pool_of, unseen_pool


#: Fewer unseen bills than this and a payment's draws may reach the recycled discards.
RECYCLE_RISK = 6


def _position(view: Mapping[str, Any]) -> tuple[tuple[int, ...], Pool]:
    zombie = tuple(sorted(view["zombie"]))
    unseen = unseen_pool([*view["hand"], *view["zombie"], *view["discards"]])
    if sum(unseen) < RECYCLE_RISK:
        # so few bills unseen that a payment's draws may empty the register, which is then
        # refilled from the discards: count those as drawable too (an approximation; the exact
        # order of refills is not modelled)
        unseen = tuple(u + d for u, d in zip(unseen, pool_of(view["discards"])))
    return zombie, unseen


@lru_cache(maxsize=100_000)
def expected_points(bill: int, zombie: tuple[int, ...], pool: Pool) -> float:
    return sum(points * p for (points, _, _), p in pay_outcomes(bill, zombie, pool, False).items())


@lru_cache(maxsize=100_000)
def next_player_threat(zombie: tuple[int, ...], pool: Pool, hand_size: int) -> float:
    """Expected points of the next player's best bill against ``zombie``, if their
    ``hand_size`` bills are a random draw from the unseen ``pool``.

    Sort bill kinds by what they would earn; the best bill they hold is kind i when they hold
    one of kind i and none of the better kinds (hypergeometric "none of" probabilities).
    """
    total = sum(pool)
    if hand_size <= 0 or total == 0:
        return 0.0
    hand_size = min(hand_size, total)
    gains = sorted(
        ((expected_points(d, zombie, pool), n) for d, n in zip(DENOMINATIONS, pool) if n),
        reverse=True,
    )
    ways = comb(total, hand_size)
    threat, better = 0.0, 0
    for gain, n in gains:
        none_before = comb(total - better, hand_size) / ways
        better += n
        none_with = comb(total - better, hand_size) / ways
        threat += gain * (none_before - none_with)
    return threat


class GreedyBot(Bot):
    """Pays the bill with the most expected points now (exact over the Zombie's draws)."""

    name = "greedy"
    description = "takes the most expected points now"

    def choose(self, view, legal, *, rng: random.Random):
        zombie, pool = _position(view)
        return max(legal, key=lambda b: (expected_points(b, zombie, pool), -b))

    def explain(self, view, action) -> str:
        zombie, pool = _position(view)
        return f"expects {expected_points(action, zombie, pool):.2f} points now"


class CarefulBot(Bot):
    """Weighs its points now against what its choice leaves the next player (the sheet's hint:
    3 points are not worth it if your neighbour then takes 9)."""

    name = "careful"
    description = "points now minus what it leaves the next player"

    def __init__(self, caution: float = 0.5) -> None:
        self.caution = caution

    def value(self, bill: int, view: Mapping[str, Any]) -> float:
        zombie, pool = _position(view)
        me, n = view["you"], len(view["hand_sizes"])
        nxt = (me + 1) % n
        left = view["hand_sizes"][nxt]
        if nxt == me or left == 0:
            return expected_points(bill, zombie, pool)
        score = 0.0
        for (points, after, drawn), p in pay_outcomes(bill, zombie, pool, False).items():
            still_unseen = tuple(n - k for n, k in zip(pool, pool_of(drawn)))
            score += p * (points - self.caution * next_player_threat(after, still_unseen, left))
        return score

    def choose(self, view, legal, *, rng: random.Random):
        return max(legal, key=lambda b: (self.value(b, view), -b))

    def explain(self, view, action) -> str:
        return f"balances its points against the next player's chances (value {self.value(action, view):.2f})"


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "careful": CarefulBot}
