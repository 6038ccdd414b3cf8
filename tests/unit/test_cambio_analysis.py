"""Cambio analyses against brute force, and the bots' promises."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
import sympy

from changekit.core import play_out
from changekit.core.cards import standard_deck
from changekit.games.cambio import Cambio, card_value
from changekit.games.cambio.analysis import (
    best_threshold, comparison_figure, distribution_figure, expected_value, fresh_grid_distribution,
    grid_total_distribution, snap_chance_figure, snap_chances, threshold_figure, threshold_sweep,
    two_low_two_unknown, unseen_card_distribution, unseen_ev, value_of_information, value_of_snapping,
)
from changekit.games.cambio.bots import MemoryBot, RandomBot, unseen_pool

VALUES = [card_value(c.code) for c in standard_deck()]


def brute(values, k, base=0):
    """Every k-subset of the physical cards, counted one by one."""
    sums = Counter(base + sum(combo) for combo in combinations(values, k))
    n = sum(sums.values())
    return {s: Fraction(c, n) for s, c in sorted(sums.items())}


def test_unseen_card_matches_counting_the_deck():
    d = unseen_card_distribution()
    assert d == {v: Fraction(VALUES.count(v), 52) for v in set(VALUES)}
    assert all(isinstance(p, sympy.Rational) for p in d.values())
    assert expected_value(d) == sympy.Rational(84, 13)
    jokers = unseen_card_distribution(jokers=True, sympy=False)
    assert jokers[0] == Fraction(2, 54) and expected_value(jokers) == sympy.Rational(56, 9)


def test_fresh_grid_matches_brute_force_over_all_270725_grids():
    exact = fresh_grid_distribution(sympy=False)
    assert exact == brute(VALUES, 4)
    assert expected_value(fresh_grid_distribution()) == sympy.Rational(336, 13)
    assert min(exact) == -2 + 2 and max(exact) == 13 + 13 + 12 + 12  # two red kings + two aces; 2 black K + 2 Q


def test_two_known_low_cards_plus_two_unknown_matches_brute_force():
    rest = VALUES.copy()
    rest.remove(1)  # AS
    rest.remove(2)  # 2H
    assert two_low_two_unknown(("AS", "2H"), sympy=False) == brute(rest, 2, base=3)
    assert expected_value(two_low_two_unknown()) == sympy.Rational(408, 25)  # 3 + 2 * 333/50
    # removing seen cards changes the odds: with both red kings seen, no total below 3 + 2
    d = grid_total_distribution(known=["AS", "2H"], unknown=2, removed=["KD", "KH"], sympy=False)
    assert min(d) == 3 + 1 + 1 and sum(d.values()) == 1


def test_removed_cards_must_exist():
    with pytest.raises(ValueError):
        grid_total_distribution(known=["AS", "AS"], unknown=1)


def test_unseen_ev_is_the_mean_of_the_cards_not_located():
    state = Cambio(players=2).new_state(seed=3)
    view = state.view(0)
    pool = unseen_pool(view)
    assert len(pool) == 50 and sorted(pool + [view["grids"][0][2], view["grids"][0][3]]) == sorted(
        c.code for c in standard_deck())
    assert unseen_ev(view) == Fraction(336 - sum(card_value(c) for c in view["grids"][0][2:]), 50)


# ---- bots --------------------------------------------------------------------------------
def test_memory_bot_beats_random_bots():
    wins = 0
    for seed in range(60):
        state = play_out(Cambio(players=2).new_state(seed=seed), [MemoryBot(), RandomBot()][:: 1 - 2 * (seed % 2)],
                         rng=random.Random(seed))
        wins += (seed % 2) in state.winners() and len(state.winners()) == 1
    assert wins >= 50


def test_memory_bot_only_snaps_when_sure_and_only_plays_legal_moves():
    snaps = 0
    for seed in range(20):
        state = Cambio(players=4, caller_locked=seed % 2 == 1).new_state(seed=seed)
        rng = random.Random(seed)
        bots = [MemoryBot(threshold=2), RandomBot(), MemoryBot(threshold=-10), RandomBot()]
        while not state.is_terminal():
            p = state.current_players()[0]
            legal = state.legal_actions(p)
            bot = bots[p]
            action = bot._choose(state.view(p), legal) if isinstance(bot, MemoryBot) else bot.choose(
                state.view(p), legal, rng=rng)
            assert action in legal, (seed, p, action, state.phase)
            state.apply(action, p)
        for e in state.log:
            if e.kind == "snap" and e.data["player"] in (0, 2):
                assert e.data["right"]
                snaps += 1
    assert snaps > 0


def test_bot_switches_change_behaviour():
    state = Cambio(players=2).new_state(seed=0)
    state.grids = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]
    state.deck = ["9C", "7C"]
    state.apply("draw")
    state.apply("discard")
    view, legal = state.view(0), state.legal_actions(0)
    assert MemoryBot()._choose(view, legal) == ("peek", 0)
    assert MemoryBot(use_powers=False)._choose(view, legal) == "skip"
    state.apply(("peek", 0))
    state.pile[-1] = "2C"  # pretend a 2 was discarded: the bot knows its 2S
    view, legal = state.view(0), state.legal_actions(0)
    assert MemoryBot()._choose(view, legal) == ("snap", 0, 0)
    assert MemoryBot(snaps=False)._choose(view, legal) == "pass"


def test_memory_bot_calls_by_threshold():
    state = Cambio(players=2).new_state(seed=0)
    state.grids[0] = ["AS", "AH", "AD", "AC"]
    state.seen[0] = [[0], [0], [0], [0]]
    view, legal = state.view(0), state.legal_actions(0)
    assert MemoryBot(threshold=4)._choose(view, legal) == "cambio"
    assert MemoryBot(threshold=3)._choose(view, legal) == "draw"


# ---- simulations (small) -----------------------------------------------------------------
def test_threshold_sweep_rows_and_best():
    rows = threshold_sweep([4, 30], games=40, seed=1)
    assert [r["threshold"] for r in rows] == [4, 30]
    for r in rows:
        assert 0 <= r["low"] <= r["win_rate"] <= r["high"] <= 1 and r["games"] == 40
    # calling at once (t = 30 is above any dealt-and-peeked belief) loses to a patient opponent
    assert rows[1]["win_rate"] < rows[0]["win_rate"] and best_threshold(rows) == 4
    threshold_figure(rows)


def test_information_and_snaps_help():
    info = value_of_information(games=200, seed=7)
    snap = value_of_snapping(games=200, seed=8)
    assert info[0]["win_rate"] > info[1]["win_rate"] and snap[0]["win_rate"] > snap[1]["win_rate"]
    assert info[0]["win_rate"] + info[1]["win_rate"] == pytest.approx(1.0)
    comparison_figure(info, title="powers")


def test_snap_chances_rows():
    rows = snap_chances(players=3, games=15, seed=2)
    assert rows and rows[0]["round"] == 1
    for r in rows:
        assert 0 <= r["own"] <= r["any"] <= 1 and r["n"] > 0
    snap_chance_figure(rows)
    distribution_figure({"fresh": fresh_grid_distribution(), "A, 2 + two": two_low_two_unknown()})
