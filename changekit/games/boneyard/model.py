"""Boneyard maths the bots need, in pure Python (no numpy: it runs in the browser too): the first
round's equilibrium as a stored table, and the exact expected payoff of each bid total.

The structure that makes the expected payoff cheap: against opponents who bid independently
with the same mixed strategy, a bid of ``t`` earns

* ``-t`` if some opponent bids ``t`` too (the bids cancel), otherwise
* ``bucket[s] - t``, where ``s`` is the number of *unmatched* opponent totals above ``t``
  (``0`` if ``s`` reaches the number of buckets: the bid comes back).

So only two things about the opponents matter: whether ``t`` is hit, and how many totals
above ``t`` are hit by exactly one opponent. Going through the totals from the highest down,
one table ``D[k][s]`` (``k`` opponents placed above, ``s`` of them alone on their total;
exponential generating weights ``p**c / c!``) serves every bid at once: about
24 × 8 × 6 × 8 steps at 8 players instead of summing over the ~2 million profiles of
opponents' bid counts.
"""
from __future__ import annotations

from fractions import Fraction
from math import factorial
from typing import Any, Callable, Mapping, Sequence

from changekit.core.checks import (
    MAX_DOLLARS, checked, is_bills, is_items, is_mapping, is_probability, is_whole, optional,
)
from changekit.core.errors import InvalidArgument

from .rules import START_BILLS, bid_totals

#: The buckets of the first round, richest first.
FIRST_ROUND_BUCKETS: tuple[int, ...] = tuple(sorted(START_BILLS, reverse=True))
#: The 24 totals a full starting hand can bid: 1, 3-23, 25, 26.
FIRST_ROUND_BIDS: tuple[int, ...] = tuple(bid_totals(START_BILLS))
#: the most bidders the equilibrium is solved for: a whole class bidding in one round
MAX_CLASS_PLAYERS = 60
#: Opponents in an exact payoff (the game seats at most 8 players; a class up to MAX_CLASS_PLAYERS).
MAX_OPPONENTS = MAX_CLASS_PLAYERS - 1

Number = Any  # Fraction, float or complex
#: One step of the payoff recursion: (table, p, m, n_buckets, inv_fact) -> table.
Absorb = Callable[[Any, Number, int, int, list[Number]], Any]

is_strategy = is_mapping(64, key=is_whole(0, MAX_DOLLARS), value=is_probability, what="a dict bid total → probability")
is_totals = is_items(64, "bid totals", each=is_whole(0, MAX_DOLLARS))

#: The first round's symmetric equilibrium for 2-8 players (bid total → probability), as
#: computed by :func:`changekit.games.boneyard.analysis.first_round_equilibrium` (the tests
#: check the two agree): stored, so that the bots and a page load need no solver.
EQUILIBRIUM_TABLE: dict[int, dict[int, float]] = {
    2: {1: 0.3669539505, 3: 0.2385056435, 4: 0.1978652050, 5: 0.1398074357, 6: 0.0568677653},
    3: {1: 0.3324990604, 3: 0.1953014192, 4: 0.1627645658, 5: 0.1322789206, 6: 0.1000646767, 7: 0.0624380825,
        8: 0.0146532749},
    4: {1: 0.3250045096, 3: 0.1789029590, 4: 0.1463673110, 5: 0.1197413430, 6: 0.0958930600, 7: 0.0723073021,
        8: 0.0464858758, 9: 0.0152976396},
    5: {1: 0.3476267120, 3: 0.1677602123, 4: 0.1341592805, 5: 0.1087884149, 6: 0.0878545029, 7: 0.0689914511,
        8: 0.0502871159, 9: 0.0297551784, 10: 0.0047771321},
    6: {1: 0.3894238188, 3: 0.1568521394, 4: 0.1223672224, 5: 0.0980744596, 6: 0.0789909239, 7: 0.0626249841,
        8: 0.0472653219, 9: 0.0313531349, 10: 0.0130479951},
    7: {1: 0.4418455226, 3: 0.1446964999, 4: 0.1107660274, 5: 0.0879569998, 6: 0.0705997773, 7: 0.0561342254,
        8: 0.0429794229, 9: 0.0298177153, 10: 0.0152038092},
    8: {1: 0.5009028383, 3: 0.1305397167, 4: 0.0989105991, 5: 0.0780904808, 6: 0.0624876748, 7: 0.0496541353,
        8: 0.0381483722, 9: 0.0268194134, 10: 0.0144467694},
}


@checked(strategy=is_strategy, opponents=is_whole(0, MAX_OPPONENTS), buckets=is_bills(16), bids=optional(is_totals))
def expected_payoffs(strategy: Mapping[int, Number], opponents: int, *,
                     buckets: Sequence[int] = FIRST_ROUND_BUCKETS,
                     bids: Sequence[int] | None = None) -> dict[int, Number]:
    """Expected change in money for each bid total in ``bids`` (default: the 24 first-round
    totals) against ``opponents`` players who each bid independently from ``strategy``
    (total → probability), with buckets worth ``buckets``.

    With Fractions in, exact Fractions out.

    >>> pay = expected_payoffs({5: Fraction(1)}, 1, bids=[4, 5, 6])
    >>> pay[4], pay[5], pay[6]      # under the 5: 7-4; on the 5: lost; over it: 10-6
    (Fraction(3, 1), Fraction(-5, 1), Fraction(4, 1))
    """
    if isinstance(opponents, bool) or not isinstance(opponents, int) or opponents < 0:
        raise InvalidArgument(f"opponents is a whole number ≥ 0, not {opponents!r}")
    exact = all(isinstance(v, (int, Fraction)) for v in strategy.values())
    one = Fraction(1) if exact else 1.0
    probs: dict[int, Number] = {t: (Fraction(v) if exact else float(v)) for t, v in strategy.items() if v}
    if any(v < 0 for v in probs.values()) or (probs and abs(sum(probs.values()) - 1) > 1e-9):
        raise InvalidArgument(f"a strategy's probabilities are ≥ 0 and sum to 1, not {dict(strategy)!r}")
    return payoff_table(probs, opponents, buckets, FIRST_ROUND_BIDS if bids is None else bids, one)


def payoff_table(probs: Mapping[int, Number], m: int, buckets: Sequence[int], bids: Sequence[int],
                 one: Number, step: Absorb | None = None) -> dict[int, Number]:
    """:func:`expected_payoffs` on checked input (``probs`` without zeros), in any arithmetic:
    Fractions, floats, or complex numbers for the solver's derivatives. ``step`` places the
    opponents on one more total (default :func:`absorb`; the solver passes an array version for a
    whole class)."""
    step = step or absorb
    values = sorted(buckets, reverse=True)
    n_buckets = len(values)
    wanted = sorted(set(bids), reverse=True)
    support = sorted(probs, reverse=True)
    inv_fact = [one / factorial(c) for c in range(m + 1)]
    falling = [factorial(m) // factorial(m - k) for k in range(m + 1)]  # m! / (m-k)!
    table = [[one * 0] * (n_buckets + 1) for _ in range(m + 1)]
    table[0][0] = one
    above = 0  # index into support: totals absorbed so far
    mass_below_start = sum(probs.values(), one * 0)
    absorbed_mass = one * 0
    out: dict[int, Number] = {}
    for t in wanted:
        while above < len(support) and support[above] > t:
            table = step(table, probs[support[above]], m, n_buckets, inv_fact)
            absorbed_mass += probs[support[above]]
            above += 1
        p_t = probs.get(t, one * 0)
        below = mass_below_start - absorbed_mass - p_t
        total = one * 0
        for k in range(m + 1):
            weight = falling[k] * below ** (m - k)
            if not weight:
                continue
            row = table[k]
            for s in range(n_buckets):
                if row[s]:
                    total += weight * row[s] * (values[s] - t)
        out[t] = total - t * (one - (one - p_t) ** m)
    return dict(sorted(out.items()))


def absorb(table: Any, p: Number, m: int, n_buckets: int, inv_fact: list[Number]) -> Any:
    """Place 0..m more opponents on one total bid with probability ``p``: ``table[k][s]`` (``k``
    opponents placed, ``s`` of them alone on their total) gains the ``c`` opponents who bid it."""
    powers = [p ** c * inv_fact[c] for c in range(m + 1)]
    new = [row[:] for row in table]  # c = 0: nobody bids this total
    for k in range(m + 1):
        row = table[k]
        if not any(row):
            continue
        for c in range(1, m - k + 1):
            w = powers[c]
            target = new[k + c]
            for s in range(n_buckets + 1):
                if row[s]:
                    s2 = min(s + 1, n_buckets) if c == 1 else s
                    target[s2] += w * row[s]
    return new


def rank_chances(probs: Mapping[int, float], m: int, buckets: Sequence[int], bids: Sequence[int],
                 ) -> dict[int, list[float]]:
    """For each total ``t`` in ``bids``: the chances, against ``m`` opponents bidding
    independently from ``probs`` (total → probability, no zeros), that ``t`` is unmatched and
    takes the ``s``-th richest of ``buckets`` (index ``s``), or is unmatched and finds no bucket
    left (the last index). What is left to 1 is the chance that ``t`` is matched. The same
    recursion as :func:`payoff_table`, keeping the outcomes apart instead of summing money.

    >>> rank_chances({5: 1.0}, 1, [10, 7], [4, 5, 6])   # under the 5: the 7; on it: matched; over: the 10
    {4: [0.0, 1.0, 0.0], 5: [0.0, 0.0, 0.0], 6: [1.0, 0.0, 0.0]}
    """
    n_buckets = len(buckets)
    support = sorted(probs, reverse=True)
    inv_fact = [1.0 / factorial(c) for c in range(m + 1)]
    falling = [factorial(m) // factorial(m - k) for k in range(m + 1)]
    table = [[0.0] * (n_buckets + 1) for _ in range(m + 1)]
    table[0][0] = 1.0
    above = 0
    mass = sum(probs.values())  # the stored mixes sum to 1 only to rounding: as payoff_table does
    absorbed = 0.0
    out: dict[int, list[float]] = {}
    for t in sorted(set(bids), reverse=True):
        while above < len(support) and support[above] > t:
            table = absorb(table, probs[support[above]], m, n_buckets, inv_fact)
            absorbed += probs[support[above]]
            above += 1
        below = mass - absorbed - probs.get(t, 0.0)
        chances = [0.0] * (n_buckets + 1)
        for k in range(m + 1):
            weight = falling[k] * max(below, 0.0) ** (m - k)
            if weight:
                for s, v in enumerate(table[k]):
                    chances[s] += weight * v
        out[t] = chances
    return dict(sorted(out.items()))
