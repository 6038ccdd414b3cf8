"""Boneyard's first-round equilibrium, checked against brute force and a 2-player solver."""
from __future__ import annotations

import random
import warnings
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from changekit.games.boneyard import (
    best_response_to_class, expected_payoffs, exploitability, first_round_equilibrium, resolve_round,
)
from changekit.core.errors import InvalidArgument
from changekit.games.boneyard.analysis import parse_bids
from changekit.games.boneyard.bots import bills_for
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE, FIRST_ROUND_BIDS, FIRST_ROUND_BUCKETS, payoff_table

TOTALS = FIRST_ROUND_BIDS


def net_of_first(totals):
    """The first player's net in a first round where players bid ``totals`` (plain rules)."""
    counts = Counter(totals)
    mine = totals[0]
    if counts[mine] > 1:
        return -mine
    rank = sorted((t for t in totals if counts[t] == 1), reverse=True).index(mine)
    return FIRST_ROUND_BUCKETS[rank] - mine if rank < len(FIRST_ROUND_BUCKETS) else 0


def brute_force_payoffs(strategy, opponents):
    """Each bid's expected net, summing over every tuple of opponents' bids."""
    support = [t for t, p in strategy.items() if p]
    out = {}
    for mine in TOTALS:
        total = 0
        for others in product(support, repeat=opponents):
            weight = 1
            for t in others:
                weight *= strategy[t]
            total += weight * net_of_first((mine, *others))
        out[mine] = total
    return out


def random_rational_strategy(rng, support):
    weights = {t: rng.randint(1, 9) for t in support}
    mass = sum(weights.values())
    return {t: Fraction(w, mass) for t, w in weights.items()}


def test_the_plain_net_agrees_with_resolve_round():
    rng = random.Random(1)
    buckets = [(b,) for b in FIRST_ROUND_BUCKETS]
    for _ in range(300):
        totals = [rng.choice(TOTALS) for _ in range(rng.randint(2, 8))]
        bids = [bills_for(FIRST_ROUND_BUCKETS, t) for t in totals]
        assert resolve_round(buckets, bids).net[0] == net_of_first(totals)


@pytest.mark.parametrize(("opponents", "support_size"), [(1, 24), (2, 24), (3, 9), (4, 6)])
def test_the_dp_is_exactly_the_brute_force_sum(opponents, support_size):
    rng = random.Random(opponents)
    strategy = random_rational_strategy(rng, rng.sample(TOTALS, support_size))
    assert expected_payoffs(strategy, opponents) == brute_force_payoffs(strategy, opponents)


def test_payoffs_against_nobody_and_with_other_buckets():
    assert expected_payoffs({5: Fraction(1)}, 0)[5] == 10 - 5
    # three opponents all on $5 (they cancel): a $1 bid is alone, takes the richest bucket
    assert expected_payoffs({5: Fraction(1)}, 3, buckets=[20, 1])[1] == 19
    assert expected_payoffs({5: Fraction(1)}, 1, buckets=[20, 1])[6] == 14


@pytest.mark.parametrize("n", range(3, 9))
def test_equilibrium_exploitability_is_tiny(n):
    eq = first_round_equilibrium(n)
    assert eq.exploitability <= 1e-6
    assert abs(sum(eq.strategy.values()) - 1) < 1e-12 and min(eq.strategy.values()) >= 0
    # recomputed by the pure-Python DP
    assert exploitability(eq.strategy, n) <= 1e-6
    # it is a real mixture, and the support earns its value while nothing else earns more
    assert len(eq.support) >= 5
    assert all(abs(eq.payoffs[t] - eq.value) < 1e-9 for t in eq.support)


@pytest.mark.parametrize("n", [3, 4])
def test_equilibrium_against_brute_force(n):
    eq = first_round_equilibrium(n)
    pay = brute_force_payoffs(eq.strategy, n - 1)
    value = sum(p * pay[t] for t, p in eq.strategy.items())
    assert max(pay.values()) - value <= 1e-6
    assert max(abs(pay[t] - eq.payoffs[t]) for t in TOTALS) < 1e-9
    # the check can fail: moving 1 % of the weight from $1 to $3 is visibly exploitable
    nudged = dict(eq.strategy)
    nudged[1] -= 0.01
    nudged[3] += 0.01
    pay_n = brute_force_payoffs(nudged, n - 1)
    assert max(pay_n.values()) - sum(p * pay_n[t] for t, p in nudged.items()) > 1e-3


def test_known_values():
    eq3 = first_round_equilibrium(3)
    assert eq3.support == [1, 3, 4, 5, 6, 7, 8]
    assert eq3.strategy[1] == pytest.approx(0.3324990604, abs=1e-9)
    assert eq3.value == pytest.approx(1.709082, abs=1e-6)
    assert first_round_equilibrium(8).support == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert first_round_equilibrium(8).value < 0  # eight bidders lose money on average in round 1


def test_two_players_agree_with_nashpy():
    import numpy as np
    import nashpy

    eq = first_round_equilibrium(2)
    A = np.array([[net_of_first((a, b)) for b in TOTALS] for a in TOTALS], dtype=float)
    sigma = np.array([eq.strategy[t] for t in TOTALS])
    payoffs = A @ sigma
    assert payoffs.max() - sigma @ payoffs <= 1e-9  # a symmetric equilibrium of the bimatrix game
    k = 5  # nashpy's support enumeration on the five cheapest totals (1, 3-6) finds it too
    sub = nashpy.Game(A[:k, :k], A[:k, :k].T)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = [(r, c) for r, c in sub.support_enumeration() if np.allclose(r, c)]
    assert len(found) == 1 and np.allclose(found[0][0], sigma[:k], atol=1e-9)
    assert sigma[k:].sum() == 0


def test_the_bots_table_is_the_solvers_equilibrium():
    for n, mix in EQUILIBRIUM_TABLE.items():
        eq = first_round_equilibrium(n)
        assert set(mix) == set(eq.support)
        assert all(abs(mix[t] - eq.strategy[t]) < 1e-9 for t in mix)


def test_solver_history_falls_and_newton_finishes():
    eq = first_round_equilibrium(5)
    assert eq.history[0] > 5 and eq.history[-1] <= 1e-6
    assert eq.newton_from < len(eq.history)
    assert eq.history[eq.newton_from - 1] > 1e-6  # the dynamic alone had not got there...
    assert eq.history[-1] < 1e-12  # ...Newton's method on the support did


def test_best_response_to_a_class():
    report = best_response_to_class(parse_bids("1 1 1 3 3 4 5 5 7 10"), n_players=4)
    assert report.distribution[1] == Fraction(3, 10)
    assert report.payoffs == brute_force_payoffs(report.distribution, 3)
    assert report.best == [t for t, v in report.payoffs.items() if v == max(report.payoffs.values())]
    with pytest.raises(ValueError):
        parse_bids("1, two")
    with pytest.raises(ValueError):
        best_response_to_class([], 4)


def test_bad_player_counts():
    for bad in (1, 61, "4", True):
        with pytest.raises(ValueError):
            first_round_equilibrium(bad)


@pytest.mark.parametrize("opponents", range(8))
def test_the_solvers_float_payoffs_and_derivatives_match_the_exact_ones(opponents):
    """The solver runs the exact DP in floats, and in complex numbers for its derivatives
    (complex steps): both against Fractions, the derivative by an exact central difference."""
    from changekit.games.boneyard.analysis import _payoffs_of

    rng = random.Random(100 + opponents)
    strategy = random_rational_strategy(rng, rng.sample(TOTALS, 12))
    exact = expected_payoffs(strategy, opponents)
    floats = [float(strategy.get(t, 0)) for t in TOTALS]
    fast = _payoffs_of(floats, opponents)
    assert max(abs(float(exact[t]) - fast[j]) for j, t in enumerate(TOTALS)) < 1e-12
    j = TOTALS.index(max(strategy))  # differentiate by the probability of the top total in use
    h = 1e-30
    stepped = floats[:]
    stepped[j] = complex(floats[j], h)
    derivative = [v.imag / h for v in _payoffs_of(stepped, opponents)]
    eps = Fraction(1, 10**6)
    up, down = dict(strategy), dict(strategy)
    up[TOTALS[j]] += eps
    down[TOTALS[j]] -= eps
    # the payoffs are polynomials in the probabilities (the DP does not need them to sum to 1)
    pay_up = payoff_table(up, opponents, FIRST_ROUND_BUCKETS, TOTALS, Fraction(1))
    pay_down = payoff_table(down, opponents, FIRST_ROUND_BUCKETS, TOTALS, Fraction(1))
    central = [float((pay_up[t] - pay_down[t]) / (2 * eps)) for t in TOTALS]
    assert max(abs(a - b) for a, b in zip(derivative, central, strict=True)) < 1e-8
    # a real derivative, not zeros (with no opponents the strategy changes nothing)
    assert any(abs(d) > 1e-3 for d in derivative) == (opponents > 0)


def test_the_solver_needs_no_numpy():
    """Pyodide has no numpy: the solver runs without it, and gives bit for bit what it gives here."""
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['numpy'] = None\n"
        "from changekit.games.boneyard.analysis import first_round_equilibrium\n"
        "eq = first_round_equilibrium(5)\n"
        "print(repr((eq.strategy, eq.payoffs, eq.value, eq.exploitability, eq.history, eq.newton_from)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    eq = first_round_equilibrium(5)
    assert done.stdout.strip() == repr((eq.strategy, eq.payoffs, eq.value, eq.exploitability, eq.history,
                                        eq.newton_from))


def test_profile_values_agree_with_the_symmetric_payoffs_and_show_a_deviation_hurts_the_others():
    from changekit.games.boneyard.analysis import chance_matched, expected_value, profile_values

    mix = {1: Fraction(1, 2), 3: Fraction(1, 3), 5: Fraction(1, 6)}
    assert profile_values([mix] * 3) == [expected_value(mix, expected_payoffs(mix, 2))] * 3
    eq = EQUILIBRIUM_TABLE[4]
    value = profile_values([eq] * 4)[0]
    assert round(value, 3) == 0.548
    nine = profile_values([eq, eq, eq, {9: 1.0}])
    assert round(nine[0], 3) == -0.016 and abs(nine[3] - value) < 1e-6  # the deviator loses nothing
    pair = profile_values([eq, eq, {1: 1.0}, {3: 1.0}])
    assert round(pair[2] + pair[3], 2) == 3.32 and round(2 * value, 2) == 1.10
    assert round(chance_matched(1, 8), 3) == 0.992
    assert chance_matched(10, 4) == 0  # not in the 4-player mix
    with pytest.raises(InvalidArgument, match="not 2"):  # no $2 can be made
        chance_matched(2, 8)


def test_the_small_table_by_hand_is_the_kits_payoff():
    """Three players bidding $1 (probability p) or $3: u($1) = 10(1−p)² − 1, u($3) = 10p² − 3."""
    for p in (Fraction(0), Fraction(1, 4), Fraction(3, 5), Fraction(1)):
        pay = expected_payoffs({1: p, 3: 1 - p}, 2, bids=[1, 3])
        assert pay[1] == 10 * (1 - p) ** 2 - 1 and pay[3] == 10 * p ** 2 - 3
    assert 10 * (1 - Fraction(3, 5)) ** 2 - 1 == 10 * Fraction(3, 5) ** 2 - 3
