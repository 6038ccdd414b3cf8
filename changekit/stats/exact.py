"""Exact discrete distributions as ``{outcome: Fraction}`` dictionaries.

Pure Python (``fractions``), so engines, bots and analyses can all use them, in Pyodide too;
``to_sympy`` converts for display.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from math import comb
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, TypeVar
from changekit.core.checks import (
    MAX_COPIES, MAX_HAND, checked, is_callable, is_distribution, is_hashable, is_items, is_mapping,
    is_number_distribution, is_probability, is_whole, shown,
)
from changekit.core.errors import InvalidArgument

K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Hashable)
#: a number outcome (for means and sums)
Number = TypeVar("Number", int, float, Fraction)
Distribution = dict  # {outcome: Fraction}, probabilities summing to 1


def _weighted(part: Any, name: str) -> tuple[Any, dict]:
    """One (weight, distribution) pair of a mixture."""
    if not isinstance(part, tuple) or len(part) != 2:
        raise InvalidArgument(f"{name} is a (weight, distribution) pair, not {shown(part)}")
    return is_probability(part[0], f"{name}: a weight"), is_distribution(part[1], f"{name}: a distribution")


@checked(outcomes=is_items(100_000, "outcomes", each=is_hashable))
def uniform(outcomes: Iterable[K]) -> dict[K, Fraction]:
    """Each outcome equally likely (repeats add up).

    >>> uniform([1, 2, 2])
    {1: Fraction(1, 3), 2: Fraction(2, 3)}
    """
    items = list(outcomes)
    dist: dict[K, Fraction] = defaultdict(Fraction)
    for o in items:
        dist[o] += Fraction(1, len(items))
    return dict(dist)


@checked(sides=is_whole(1, 10_000))
def die(sides: int) -> dict[int, Fraction]:
    """A fair die with faces 1..sides."""
    return uniform(range(1, sides + 1))


@checked(dist=is_number_distribution)
def mean(dist: Mapping[Number, Fraction]) -> Fraction:
    """Expected value.

    >>> mean(die(6))
    Fraction(7, 2)
    """
    return sum((Fraction(o) * p for o, p in dist.items()), Fraction(0))


@checked(dist=is_number_distribution)
def variance(dist: Mapping[Number, Fraction]) -> Fraction:
    """Variance.

    >>> variance(die(6))
    Fraction(35, 12)
    """
    m = mean(dist)
    return sum(((Fraction(o) - m) ** 2 * p for o, p in dist.items()), Fraction(0))


@checked(dist=is_distribution, f=is_callable)
def push(dist: Mapping[K, Fraction], f: Callable[[K], V]) -> dict[V, Fraction]:
    """The distribution of ``f(outcome)``.

    >>> push(die(6), lambda x: x % 2)
    {1: Fraction(1, 2), 0: Fraction(1, 2)}
    """
    out: dict[V, Fraction] = defaultdict(Fraction)
    for o, p in dist.items():
        out[f(o)] += p
    return dict(out)


@checked(parts=is_items(10_000, "(weight, distribution) pairs", each=_weighted))
def mixture(parts: Iterable[tuple[Fraction, Mapping[K, Fraction]]]) -> dict[K, Fraction]:
    """Weighted mixture of distributions (weights sum to 1)."""
    out: dict[K, Fraction] = defaultdict(Fraction)
    for weight, dist in parts:
        for o, p in dist.items():
            out[o] += weight * p
    return {o: p for o, p in out.items() if p}


@checked(a=is_number_distribution, b=is_number_distribution)
def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent variables.

    >>> convolve(die(2), die(2))
    {2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    """
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (x, p), (y, q) in product(a.items(), b.items()):
        out[x + y] += p * q
    return dict(sorted(out.items()))


@checked(population=is_whole(0, 10 * MAX_COPIES), successes=is_whole(0, 10 * MAX_COPIES),
         draws=is_whole(0, 10 * MAX_COPIES))
def hypergeometric(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """P(k successes) drawing ``draws`` of ``population`` items, ``successes`` of them successes,
    without replacement (the possible k only).

    >>> hypergeometric(4, 2, 2)
    {0: Fraction(1, 6), 1: Fraction(2, 3), 2: Fraction(1, 6)}
    """
    if successes > population or draws > population:
        raise InvalidArgument(f"cannot draw {draws} from {population} items holding {successes} successes")
    total = comb(population, draws)
    return {k: Fraction(comb(successes, k) * comb(population - successes, draws - k), total)
            for k in range(max(0, draws - (population - successes)), min(successes, draws) + 1)}


@checked(pool=is_mapping(MAX_HAND, key=is_hashable, value=is_whole(0, MAX_COPIES)), k=is_whole(0, MAX_HAND))
def draw_ways(pool: Mapping[K, int], k: int) -> Iterator[tuple[dict[K, int], int]]:
    """Every multiset of ``k`` items drawn from ``pool`` (item → count) with its number of ways
    (a product of binomials); the ways sum to C(pool size, k). Whole numbers, for the analyses
    that count over a common denominator; :func:`draws_without_replacement` gives probabilities.

    >>> sorted((tuple(sorted(h.items())), w) for h, w in draw_ways({"a": 2, "b": 1}, 2))
    [((('a', 1), ('b', 1)), 2), ((('a', 2),), 1)]
    """
    kinds = [(item, n) for item, n in pool.items() if n > 0]
    total = sum(n for _, n in kinds)
    if not 0 <= k <= total:
        raise InvalidArgument(f"k: cannot draw {k} from a pool of {total}")

    def rec(i: int, left: int, ways: int, chosen: dict[K, int]) -> Iterator[tuple[dict[K, int], int]]:
        if i == len(kinds):
            if left == 0:
                yield dict(chosen), ways
            return
        item, n = kinds[i]
        rest = sum(c for _, c in kinds[i + 1:])
        for take in range(max(0, left - rest), min(n, left) + 1):
            if take:
                chosen[item] = take
            yield from rec(i + 1, left - take, ways * comb(n, take), chosen)
            chosen.pop(item, None)

    yield from rec(0, k, 1, {})


@checked(pool=is_mapping(MAX_HAND, key=is_hashable, value=is_whole(0, MAX_COPIES)), k=is_whole(0, MAX_HAND))
def draws_without_replacement(pool: Mapping[K, int], k: int) -> Iterator[tuple[dict[K, int], Fraction]]:
    """Every multiset of ``k`` items drawn from ``pool`` (item → count), with its exact
    (multivariate hypergeometric) probability.

    >>> sorted((tuple(sorted(h.items())), p) for h, p in draws_without_replacement({"a": 2, "b": 1}, 2))
    [((('a', 1), ('b', 1)), Fraction(2, 3)), ((('a', 2),), Fraction(1, 3))]
    """
    denominator = comb(sum(pool.values()), k)
    for hand, ways in draw_ways(pool, k):
        yield hand, Fraction(ways, denominator)


@checked(dist=is_distribution)
def to_sympy(dist: Mapping[K, Fraction]) -> dict[K, object]:
    """The same distribution with sympy ``Rational`` probabilities (for pretty display)."""
    import sympy  # sympy is heavy (0.2 s): only to_sympy needs it

    return {o: sympy.Rational(p.numerator, p.denominator) for o, p in dist.items()}
