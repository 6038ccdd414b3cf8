"""The hypergeometric distributions of changekit.stats.exact, against brute-force enumeration."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from changekit.core import ChangekitError
from changekit.stats.exact import draw_ways, draws_without_replacement, hypergeometric


def every_draw(pool, k):
    """Each k-subset of the pool's distinct items, as counts per kind (brute force)."""
    items = [kind for kind, n in pool.items() for _ in range(n)]
    return Counter(frozenset(Counter(items[i] for i in picked).items())
                   for picked in combinations(range(len(items)), k))


@pytest.mark.parametrize(("population", "successes", "draws"),
                         [(4, 2, 2), (10, 3, 4), (12, 0, 5), (9, 9, 3), (7, 2, 0)])
def test_hypergeometric_counts_the_subsets(population, successes, draws):
    seen = Counter(sum(1 for i in picked if i < successes) for picked in combinations(range(population), draws))
    assert hypergeometric(population, successes, draws) == {k: Fraction(n, comb(population, draws))
                                                             for k, n in sorted(seen.items())}


def test_hypergeometric_refuses_impossible_draws():
    with pytest.raises(ChangekitError, match="cannot draw 5 from 4"):
        hypergeometric(4, 2, 5)
    with pytest.raises(ChangekitError):
        hypergeometric(4, -1, 2)


@pytest.mark.parametrize(("pool", "k"),
                         [({"a": 2, "b": 1}, 2), ({"x": 3, "y": 0, "z": 4}, 3), ({1: 2, 5: 2, 10: 1}, 5)])
def test_draw_ways_and_probabilities_match_brute_force(pool, k):
    expected = every_draw(pool, k)
    ways = {frozenset(h.items()): w for h, w in draw_ways(pool, k)}
    assert ways == dict(expected)
    total = comb(sum(pool.values()), k)
    assert {frozenset(h.items()): p for h, p in draws_without_replacement(pool, k)} == {
        h: Fraction(n, total) for h, n in expected.items()}
