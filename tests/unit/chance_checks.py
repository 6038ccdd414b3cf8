"""The tests' own statistics (issue 43): the test of a difference, written out here from the
textbook formulas so that a lesson's "z ≈ 2.09" is checked against arithmetic the kit did not do.

* two independent proportions (two separate runs, as Cambio's thresholds): the standard error of
  the difference is sqrt(p1 q1 / n1 + p2 q2 / n2);
* two shares of the same games (two bots at one table: a game one wins is a game the other did not
  win): the counts are one multinomial draw, Var(p1 - p2) = (p1 + p2 - (p1 - p2)^2) / n.
"""
from __future__ import annotations

from math import erf, sqrt


def normal_tail_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return 1 - erf(abs(z) / sqrt(2))


def z_independent(p1: float, n1: int, p2: float, n2: int) -> float:
    return (p1 - p2) / sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def z_same_games(p1: float, p2: float, n: int) -> float:
    return (p1 - p2) / sqrt((p1 + p2 - (p1 - p2) ** 2) / n)


def z_for_two_sided(level: float) -> float:
    """The |z| beyond which a two-sided test at ``level`` rejects, by bisection on the tail."""
    low, high = 0.0, 10.0
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if normal_tail_two_sided(mid) > level else (low, mid)
    return (low + high) / 2


def game_shares(result, first: str, second: str) -> tuple[float, float, int]:
    """Two named bots' shares of a tournament's games (a seat name may repeat: its seats add up)."""
    def share(name):
        return sum(w for n, w in zip(result.names, result.wins, strict=True) if n == name) / result.games
    return share(first), share(second), result.games


#: Sentences that teach the overlapping-intervals rule (issue 43): "overlap" near a verdict that the
#: two cannot be told apart, ranked or named a winner.
OVERLAP_RULE = (r"overlap\w*[^.;]{0,80}(cannot|can't|not enough|share a rank|tell[^.]{0,20}apart|rank)"
                r"|(cannot|can't)[^.;]{0,60}apart[^.;]{0,40}overlap")
