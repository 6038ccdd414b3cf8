"""The examples of issue 16: tiny inputs that cost gigabytes or minutes, and plausible mistakes
that gave silently wrong answers, are refused at once with an InvalidArgument naming the argument."""
from __future__ import annotations

import math

import pytest

from changekit.core import ChangekitError, InvalidArgument
from changekit.core.errors import MESSAGE_LIMIT
from changekit.games.boneyard import possible_bids
from changekit.games.boneyard.rules import MAX_BID_HAND
from changekit.games.cha_ching import can_reach, penalty
from changekit.games.diminishing import solve_position
from changekit.games.moneybags import jiggle, jiggle_likelihood
from changekit.games.zombie import make_change, points_for
from changekit.core import GameRng


@pytest.mark.parametrize("call", [
    lambda: make_change([10**9, 1], 5),
    lambda: points_for([10**9, 1], 5),
    lambda: possible_bids([1, 3, 5, 7, 10] * 20),
    lambda: can_reach(["wild"] * 1_000_000, 50),
    lambda: penalty(["1"] * 10_000),
    lambda: solve_position([10] * 12 + [7] * 12, [5] * 12 + [3] * 12, [1] * 10),
], ids=["make_change", "points_for", "possible_bids", "can_reach", "penalty", "solve_position"])
def test_oversized_inputs_are_refused_before_any_work(call):
    with pytest.raises(InvalidArgument):
        call()


def test_the_limits_still_allow_every_real_hand():
    assert len(possible_bids([1, 3, 5, 7, 10] * (MAX_BID_HAND // 5))) == 7**5 - 1  # all sub-multisets but ()
    assert can_reach(["wild"] * 8, 8 * 50)
    assert make_change([10, 1], 5) == (10,)


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: penalty("15"), "hand"),  # read letter by letter it scored 6
    (lambda: can_reach("1550", 11), "hand"),
    (lambda: make_change(b"\x05\x01", 5), "hand"),  # bytes read as the bills 5 and 1
    (lambda: possible_bids(b"\x05"), "hand"),
    (lambda: solve_position(b"\x01", [1]), "mover"),
])
def test_text_or_bytes_is_not_a_hand(call, argument):
    with pytest.raises(InvalidArgument, match=argument):
        call()


@pytest.mark.parametrize("noise", [math.nan, -0.1, math.inf, "0.15", True, 2.5])
def test_nan_negative_or_odd_noise_is_refused(noise):
    with pytest.raises(InvalidArgument, match="noise"):
        jiggle_likelihood(5, 5, noise)
    with pytest.raises(InvalidArgument, match="noise"):
        jiggle(5, noise, GameRng(1))


def test_noise_within_limits_gives_the_same_answers():
    assert jiggle_likelihood(7, 7, 0.0) == 1.0 and jiggle_likelihood(6, 7, 0) == 0.0
    assert round(sum(jiggle_likelihood(r, 20, 0.15) for r in range(60)), 12) == 1.0


def test_a_huge_bad_value_is_never_echoed_whole():
    with pytest.raises(ChangekitError) as err:
        make_change([1], "9" * 100_000)
    assert len(str(err.value)) < 200
    assert len(str(ChangekitError("x" * 10**6))) <= MESSAGE_LIMIT + 100
