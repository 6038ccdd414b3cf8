"""Exact answers for Odd One Out's questions: the chance a pick is unique, and what it earns."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from .rules import PICKS, unique_picks


def expected_points(pick: int, others: int = 2) -> Fraction:
    """What ``pick`` scores on average against ``others`` players who pick uniformly at random
    (every combination of their picks counted once)."""
    combos = list(product(PICKS, repeat=others))
    wins = sum(unique_picks([pick, *combo])[0] for combo in combos)
    return Fraction(pick * wins, len(combos))


def chance_unique(others: int = 2) -> Fraction:
    """The chance a pick is nobody else's, against ``others`` random pickers."""
    return expected_points(1, others)


def best_reply_to(others_pick: int, others: int = 2) -> int:
    """The pick that scores most when every other player picks ``others_pick``."""
    return max(PICKS, key=lambda p: p * unique_picks([p, *[others_pick] * others])[0])
