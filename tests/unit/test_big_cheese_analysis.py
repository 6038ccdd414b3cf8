"""Big Cheese analyses against brute force computed here, plus the bots."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from changekit.core import ChangekitError
from changekit.games.big_cheese import BigCheese, payout_distribution
from changekit.games.big_cheese.analysis import (
    best_reroll, bid_hint, bot_tournament, exact30_finish, payout_table, reroll_thresholds,
    simulated_bid_values, simulated_exact30_finish, value_per_worker_table, with_reroll,
)
from changekit.games.big_cheese.bots import CautiousBot, ValueBot, worker_placements

CARDS = (2, 4, 6, 8, 10, 12, 20)


def physical_outcomes(card, dice):
    """Equally likely outcomes of physical dice: one d6 times the card, or the card's own die;
    the 2 by even/odd of a d6 (odd pays 1, even pays 2)."""
    if dice == "d6":
        return [card * face for face in range(1, 7)]
    if card == 2:
        return [2 if face % 2 == 0 else 1 for face in range(1, 7)]
    return list(range(1, card + 1))


def brute_payouts(card, dice):
    outcomes = physical_outcomes(card, dice)
    counts = Counter(outcomes)
    return {x: Fraction(c, len(outcomes)) for x, c in counts.items()}


@pytest.mark.parametrize("dice", ["d6", "polyhedral"])
@pytest.mark.parametrize("card", CARDS)
def test_payout_distribution_is_exact(card, dice):
    dist = payout_distribution(card, dice)
    assert dist == brute_payouts(card, dice)
    assert all(isinstance(p, Fraction) for p in dist.values()) and sum(dist.values()) == 1


def test_payout_distribution_refuses_what_does_not_pay():
    for card, dice in (("veto", "d6"), ("cheese", "polyhedral"), (3, "d6"), (True, "d6"), (20, "d8"), (None, "d6")):
        with pytest.raises(ChangekitError):
            payout_distribution(card, dice)


def test_known_values():
    table = {r["card"]: r for r in payout_table("d6")}
    assert table[20]["mean"] == 70 and table[20]["variance"] == Fraction(3500, 3)
    poly = {r["card"]: r for r in payout_table("polyhedral")}
    assert poly[20]["mean"] == Fraction(21, 2) and poly[20]["variance"] == Fraction(133, 4)
    # relative risk (sd / mean): the same for every card under d6, growing with the card under
    # polyhedral dice, where the 20 is relatively riskier than under d6
    assert all(r["cv"] == pytest.approx(table[2]["cv"]) for r in table.values())
    assert poly[20]["cv"] > poly[2]["cv"] and poly[20]["cv"] > table[20]["cv"]


def brute_reroll_mean(card, dice, threshold):
    faces = physical_outcomes(card, dice)
    total = sum(second if first < threshold else first for first, second in product(faces, faces))
    return Fraction(total, len(faces) ** 2)


@pytest.mark.parametrize("dice", ["d6", "polyhedral"])
@pytest.mark.parametrize("card", CARDS)
def test_reroll_against_brute_force(card, dice):
    for t, value in reroll_thresholds(card, dice).items():
        assert value == brute_reroll_mean(card, dice, t)
    threshold, best = best_reroll(card, dice)
    brute = {t: brute_reroll_mean(card, dice, t) for t in range(0, max(physical_outcomes(card, dice)) + 2)}
    assert best == max(brute.values())
    mean = sum(x * p for x, p in payout_distribution(card, dice).items())
    # the best rule is "re-roll what is below the mean" (no face equals the mean here)
    faces = sorted(payout_distribution(card, dice))
    assert [f for f in faces if f < threshold] == [f for f in faces if f < mean]
    assert sum(with_reroll(card, dice, threshold).values()) == 1


def test_value_per_worker_model():
    rows = value_per_worker_table("d6")
    row = next(r for r in rows if r["card"] == 20 and r["bid"] == 4)
    assert row["worker_placements"] == 10 and row["points_per_worker_placement"] == 7
    assert [worker_placements(k) for k in range(1, 11)] == [sum(range(1, k + 1)) for k in range(1, 11)]


def test_the_ten_workers_walk_home_as_the_model_says():
    """A bid of k matures after exactly k placements and ties up k(k+1)/2 worker-placements."""
    from tests.unit.test_big_cheese import rig  # noqa: PLC0415

    for k in (1, 3, 5):
        s = rig(deck=[20] + [2] * 12, leader=0)
        s.apply(k)
        s.apply("pass")
        s.apply("pass")
        tied = 0
        placements = 0
        while s.projects and s.projects[0][1] == 20 and s.projects[0][0] == 0:
            tied += s.projects[0][2]
            s.apply(1)  # the leader (whoever it is) takes each 2 with one worker
            s.apply("pass")
            s.apply("pass")
            placements += 1
        assert placements == k and tied == worker_placements(k)


def brute_exact30(score, t, target=30):
    """Enumerate every sequence of (card, face) of length t."""
    pairs = [(Fraction(1, 7 * c), f) for c in CARDS for f in range(1, c + 1)]
    total = Fraction(0)
    for seq in product(pairs, repeat=t):
        s, p = score, Fraction(1)
        for q, face in seq:
            p *= q
            if s < target and s + face <= target:
                s += face
        if s == target:
            total += p
    return total


@pytest.mark.parametrize(("score", "t"), [(29, 1), (25, 1), (20, 2), (27, 2), (10, 2), (30, 2)])
def test_exact30_chain_against_brute_force(score, t):
    assert exact30_finish(score, t) == brute_exact30(score, t)


def test_exact30_chain_against_simulation():
    for score, t in ((0, 12), (20, 3)):
        est = simulated_exact30_finish(score, t, n=3000, seed=score)
        assert est.low - 0.02 <= float(exact30_finish(score, t)) <= est.high + 0.02
    assert [exact30_finish(15, t) for t in range(5)] == sorted(exact30_finish(15, t) for t in range(5))


def test_simulated_bid_values_are_consistent():
    sim = simulated_bid_values(players=3, games=20, seed=3)
    assert sim and all(v["projects"] > 0 for v in sim.values())
    for k, v in sim.items():
        assert v["per_worker_placement"].value == pytest.approx(v["payout"].value / worker_placements(k))
        # vetoes and unbid cards only stretch the time the workers are tied up
        assert v["per_worker_card"].value <= v["per_worker_placement"].value + 1e-9


def test_bots_play_legally_and_the_value_bot_beats_random():
    result = bot_tournament(players=3, games=120, seed=5)
    rates = {row["bot"]: row for row in result.rows()}
    assert sum(result.wins) == pytest.approx(120)
    assert rates["value"]["low"] > rates["random"]["high"]


def test_bots_explain_and_hint():
    s = BigCheese(players=3).new_state(seed=2)
    view = s.view(s.current_player)
    for bot in (ValueBot(), CautiousBot()):
        action = bot.choose(view, s.legal_actions(), rng=random.Random(0))
        assert action in s.legal_actions() and bot.explain(view, action)
    assert "ties up 3 worker-placements" in bid_hint({**view, "offer": 20, "bid": 1, "phase": "bid"})
    assert "special" in bid_hint({**view, "offer": "veto", "phase": "bid"})
