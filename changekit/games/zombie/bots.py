"""Zombie bots. Each sees only its own view: its hand, the Zombie, the discards, the scores."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from changekit.core import DENOMINATIONS, Bot, RandomBot

from .model import Pool, expected_points, next_player_threat, pay_outcomes, pool_of, unseen_pool
from .rules import describe


#: Where each denomination sits in a pool (a position's inner loop; ``pool_of`` checks its input, slower).
_SLOT = {d: i for i, d in enumerate(DENOMINATIONS)}

#: Fewer unseen bills than this and a payment's draws may reach the recycled discards.
RECYCLE_RISK = 6


def position(view: Mapping[str, Any]) -> tuple[tuple[int, ...], Pool]:
    """The Zombie hand and the pool of bills this player cannot see, from its view (the lab's exact
    comparison counts the same way)."""
    zombie = tuple(sorted(view["zombie"]))
    # unchecked: a bot asks at every move, and a view's bills are the engine's own
    unseen = unseen_pool.__wrapped__([*view["hand"], *view["zombie"], *view["discards"]])
    if sum(unseen) < RECYCLE_RISK:
        # so few bills unseen that a payment's draws may empty the register, which is then
        # refilled from the discards: count those as drawable too (an approximation; the exact
        # order of refills is not modelled)
        unseen = tuple(u + d for u, d in zip(unseen, pool_of.__wrapped__(view["discards"]), strict=True))
    return zombie, unseen


_position = position  # its older name (tests/unit/test_zombie_bots.py still imports it)


class GreedyBot(Bot):
    """Pays the bill with the most expected points now (exact over the Zombie's draws)."""

    name = "greedy"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "takes the most expected points now"

    def choose(self, view, legal, *, rng: random.Random):
        zombie, pool = position(view)
        return max(legal, key=lambda b: (expected_points(b, zombie, pool), -b))

    def explain(self, view, action) -> str:
        zombie, pool = position(view)
        return f"{describe(action)}: expects {expected_points(action, zombie, pool):.2f} points now"


class CarefulBot(Bot):
    """Weighs its points now against what its choice leaves the next player (the sheet's hint:
    3 points are not worth it if your neighbour then takes 9)."""

    name = "careful"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "points now minus what it leaves the next player"

    def __init__(self, caution: float = 0.5) -> None:
        self.caution = caution

    def value(self, bill: int, view: Mapping[str, Any], seen: tuple[tuple[int, ...], Pool] | None = None) -> float:
        """``seen``: the view's :func:`position`, when the caller has it already (choose)."""
        zombie, pool = seen or position(view)
        me, n = view["you"], len(view["hand_sizes"])
        nxt = (me + 1) % n
        left = view["hand_sizes"][nxt]
        if nxt == me or left == 0:
            return expected_points(bill, zombie, pool)
        score = 0.0
        for (points, after, drawn), p in pay_outcomes(bill, zombie, pool, False).items():
            unseen = list(pool)
            for bill_drawn in drawn:
                unseen[_SLOT[bill_drawn]] -= 1
            still_unseen = tuple(unseen)
            score += p * (points - self.caution * next_player_threat(after, still_unseen, left))
        return score

    def choose(self, view, legal, *, rng: random.Random):
        seen = position(view)  # once for every bill weighed
        return max(legal, key=lambda b: (self.value(b, view, seen), -b))

    def explain(self, view, action) -> str:
        return (f"{describe(action)}: balances its points against the next player's chances "
                f"(value {self.value(action, view):.2f})")


#: Two expected points closer than this are a tie (they are floats: equal sums may differ in the last bits).
TIE = 1e-9


class SheddingBot(GreedyBot):
    """The sheet's "keep no duplicates" taken literally: while it holds two or more bills of a kind,
    it pays one of those (the kind with the most expected points now); then it pays like greedy."""

    name = "sheds duplicates"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "pays a bill it holds twice while it has one, else the most expected points now"

    def choose(self, view, legal, *, rng: random.Random):
        zombie, pool = position(view)
        held = Counter(view["hand"])
        doubled = [b for b in legal if held[b] > 1]
        return max(doubled or legal, key=lambda b: (expected_points(b, zombie, pool), -b))


class TieSheddingBot(GreedyBot):
    """Greedy, with the hint as a tiebreak: among the bills that expect the most points now, it pays
    one it holds twice if there is one (greedy pays the smallest of them)."""

    name = "sheds on ties"
    reads_log = False  # (Bot.reads_log: no log copied for it at every move)
    description = "the most expected points now; a duplicate when bills tie"

    def choose(self, view, legal, *, rng: random.Random):
        zombie, pool = position(view)
        held = Counter(view["hand"])
        points = {b: expected_points(b, zombie, pool) for b in legal}
        best = max(points.values())
        doubled = [b for b in legal if held[b] > 1 and points[b] >= best - TIE]
        # no duplicate among the best: exactly greedy's choice
        return max(doubled or legal, key=lambda b: (points[b], -b))


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "careful": CarefulBot}
