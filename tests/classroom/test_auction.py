"""The class auction: the first round's symmetric equilibrium for a whole class (up to 60
bidders), and one round bid through the class store and resolved with the engine."""
from __future__ import annotations

import pytest

from changekit.games.boneyard.analysis import (FIRST_ROUND_BIDS, MAX_CLASS_PLAYERS, expected_payoffs,
                                               first_round_equilibrium)
from changekit.games.boneyard.bots import EQUILIBRIUM_TABLE


@pytest.mark.parametrize("n", [2, 9, 17, 31, 45, MAX_CLASS_PLAYERS])
def test_class_size_equilibrium_is_exact_to_1e_9(n):
    eq = first_round_equilibrium(n)
    assert abs(sum(eq.strategy.values()) - 1) < 1e-12
    assert min(eq.strategy.values()) >= 0
    # checked with the pure-Python recursion, not the numpy one the solver uses
    pay = expected_payoffs(eq.strategy, n - 1)
    value = sum(p * pay[t] for t, p in eq.strategy.items())
    assert set(pay) == set(FIRST_ROUND_BIDS)
    assert max(pay.values()) - value <= 1e-9   # no pure bid improves on it by more than 1e-9
    for t in eq.support:  # every bid it uses earns the same
        assert abs(pay[t] - value) <= 1e-9
    assert abs(eq.value - value) <= 1e-9


def test_class_size_equilibrium_check_can_fail():
    eq = first_round_equilibrium(MAX_CLASS_PLAYERS)
    shifted = dict(eq.strategy)
    shifted[1] -= 0.001
    shifted[3] += 0.001
    pay = expected_payoffs(shifted, MAX_CLASS_PLAYERS - 1)
    assert max(pay.values()) - sum(p * pay[t] for t, p in shifted.items()) > 1e-6


def test_class_size_equilibrium_matches_the_bots_table():
    for n, mix in EQUILIBRIUM_TABLE.items():
        eq = first_round_equilibrium(n)
        assert set(eq.support) == set(mix)
        assert all(abs(eq.strategy[t] - p) < 1e-9 for t, p in mix.items())


def test_bigger_classes_bid_low_more_often():
    # with more bidders than buckets most bids cancel: the $1 bid (the cheapest loss) grows
    ones = [first_round_equilibrium(n).strategy[1] for n in (8, 20, 40, 60)]
    assert ones == sorted(ones) and ones[-1] > 0.9


def test_class_sizes_out_of_range_are_refused():
    for bad in (1, MAX_CLASS_PLAYERS + 1):
        with pytest.raises(ValueError, match="n_players is 2 to 60"):
            first_round_equilibrium(bad)
