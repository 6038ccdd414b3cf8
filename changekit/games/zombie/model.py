"""The maths of a payment that bots and analyses share: pools of unseen bills, every way a
payment can go, its expected points, and the threat a Zombie hand poses to the next player.

Pure Python (``fractions``, ``math``), so bots import it without the analysis (which needs the
statistics and charts): rules <- model <- bots <- analysis <- app.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Iterable

from changekit.core import DENOMINATIONS, change_deck
from changekit.core.checks import checked
from changekit.core.money import is_change_bills
from changekit.core.errors import InvalidArgument

from .rules import serve

Number = Fraction | float
# A pool of unseen bills as counts per denomination, in DENOMINATIONS order (a cache key).
Pool = tuple[int, ...]


@checked(bills=is_change_bills())
def pool_of(bills: Iterable[int]) -> Pool:
    counts = Counter(bills)
    return tuple(counts.get(d, 0) for d in DENOMINATIONS)


@checked(removed=is_change_bills())
def unseen_pool(removed: Iterable[int] = ()) -> Pool:
    """The full deck less ``removed`` bills (those you can see: your hand, the Zombie, discards)."""
    left = Counter(change_deck())
    left.subtract(removed)
    if any(n < 0 for n in left.values()):
        raise InvalidArgument(f"removed: more bills than the deck holds: {sorted(removed)}")
    return tuple(left[d] for d in DENOMINATIONS)


Outcome = tuple[int, tuple[int, ...], tuple[int, ...]]  # (points, Zombie after, bills drawn)


def pay_outcomes(bill: int, zombie: tuple[int, ...], pool: Pool, exact: bool = True) -> dict[Outcome, Number]:
    """Every way paying ``bill`` to a Zombie holding ``zombie`` (sorted) can go, when the
    register is a shuffle of ``pool``: ``{(points, Zombie's hand after, bills drawn): probability}``.

    The Zombie draws one bill at a time while it cannot cover the bill, so only draws are
    random; each unseen bill is equally likely to come next.

    >>> pay_outcomes(5, (1, 3, 7), pool_of([10]))
    {(2, (1, 3, 5), ()): Fraction(1, 1)}
    >>> pay_outcomes(5, (1,), pool_of([1, 10]))
    {(5, (1, 1, 5), (1, 10)): Fraction(1, 2), (5, (1, 5), (10,)): Fraction(1, 2)}
    """
    # The bill, not the move: a Pay equals its int, so a Pay cached inside a hand would come back
    # to every later caller of that hand (the bots pass their legal moves).
    bill = int(bill)
    # A Zombie that covers the bill draws nothing: the answer does not depend on the pool, so it
    # is cached without it (the bots' inner loop meets the same few hands with countless pools).
    if sum(zombie) >= bill:
        return _covered(bill, zombie, exact)
    return _drawn(bill, zombie, pool, exact)


@lru_cache(maxsize=20_000)
def _covered(bill: int, zombie: tuple[int, ...], exact: bool) -> dict[Outcome, Number]:
    hand = list(zombie)
    change, _ = serve(hand, bill, None)
    return {(sum(change) - bill, tuple(hand), ()): Fraction(1) if exact else 1.0}


@lru_cache(maxsize=400_000)
def _drawn(bill: int, zombie: tuple[int, ...], pool: Pool, exact: bool) -> dict[Outcome, Number]:
    """:func:`pay_outcomes` when the Zombie must draw (the same sums in the same order)."""
    one: Number = Fraction(1) if exact else 1.0
    left = sum(pool)
    if left == 0:
        raise InvalidArgument("the Zombie must draw but no unseen bill is left (the discards would be recycled)")
    out: dict[Outcome, Number] = {}
    get = out.get
    for i, count in enumerate(pool):
        if not count:
            continue
        weight = one * count / left
        value = DENOMINATIONS[i]
        rest = pool[:i] + (count - 1,) + pool[i + 1:]
        for (points, after, drawn), p in pay_outcomes(bill, _with(zombie, value), rest, exact).items():
            key = (points, after, _with(drawn, value))
            out[key] = get(key, 0) + weight * p
    return out


def clear_outcome_caches() -> None:
    """Empty the caches behind :func:`pay_outcomes` (benchmarks time it cold)."""
    _covered.cache_clear()
    _drawn.cache_clear()


@lru_cache(maxsize=50_000)
def _with(bills: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The sorted ``bills`` with ``value`` added, sorted (few distinct hands, met very often)."""
    return tuple(sorted(bills + (value,)))


def expected_points(bill: int, zombie: tuple[int, ...], pool: Pool) -> float:
    if sum(zombie) >= bill:  # no draws: the pool does not matter (see pay_outcomes)
        return _covered_points(bill, zombie)
    return _drawn_points(bill, zombie, pool)


@lru_cache(maxsize=20_000)
def _covered_points(bill: int, zombie: tuple[int, ...]) -> float:
    return sum(points * p for (points, _, _), p in _covered(bill, zombie, False).items())


@lru_cache(maxsize=400_000)
def _drawn_points(bill: int, zombie: tuple[int, ...], pool: Pool) -> float:
    return sum(points * p for (points, _, _), p in _drawn(bill, zombie, pool, False).items())


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
        ((expected_points(d, zombie, pool), n) for d, n in zip(DENOMINATIONS, pool, strict=True) if n),
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
