"""A whole class bidding: the array path of the Boneyard solver (numpy, from NUMPY_FROM_OPPONENTS
opponents on) gives the pure loop's equilibrium."""
from __future__ import annotations

import pytest

from changekit.games.boneyard import analysis


@pytest.mark.parametrize("players", [14, 31])
def test_the_array_path_matches_the_pure_loop(players, monkeypatch):
    solve = analysis.first_round_equilibrium.__wrapped__  # past the cache
    assert players - 1 >= analysis.NUMPY_FROM_OPPONENTS
    fast = solve(players)
    monkeypatch.setattr(analysis, "NUMPY_FROM_OPPONENTS", 10**6)  # the pure loop only
    pure = solve(players)
    assert fast.support == pure.support
    assert max(abs(fast.strategy[t] - pure.strategy[t]) for t in pure.strategy) < 1e-12
    assert max(abs(fast.payoffs[t] - pure.payoffs[t]) for t in pure.payoffs) < 1e-9
    assert fast.exploitability <= 1e-9 and pure.exploitability <= 1e-9
