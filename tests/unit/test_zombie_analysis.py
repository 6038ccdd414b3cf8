"""Zombie analyses: exact distributions against brute force over concrete deals, and Monte Carlo."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from changekit.games.zombie.analysis import (
    chance_of_points, expected_points_table, fresh_hand_rests, points_distribution, simulated_points,
)
from changekit.games.zombie.model import pay_outcomes, pool_of
from changekit.games.zombie.rules import make_change
from changekit.stats.exact import mean


def brute_force(bill, known, deck, dealt):
    """Every ordering of the remaining bills, equally likely: deal, draw, count points."""
    counts: Counter = Counter()
    total = 0
    for order in set(permutations(deck)):
        hand = list(known) + list(order[:dealt])
        register = list(order[dealt:])
        while sum(hand) < bill:
            hand.append(register.pop(0))
        counts[sum(make_change(hand, bill)) - bill] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


@pytest.mark.parametrize("bill", [1, 3, 5, 7, 10])
@pytest.mark.parametrize(("known", "deck", "dealt"), [
    ((), (1, 1, 3, 5, 7, 10, 10), 3),
    ((1,), (1, 3, 3, 7, 10, 5), 1),
    ((), (1, 1, 1, 3, 3, 10), 2),
    ((3,), (1, 1, 1, 1, 5, 10), 0),
])
def test_pay_outcomes_match_brute_force_on_small_decks(bill, known, deck, dealt):
    from changekit.stats.exact import draws_without_replacement, mixture, push
    from changekit.core import DENOMINATIONS

    pool = dict(zip(DENOMINATIONS, pool_of(deck), strict=True))
    parts = []
    for hand, p in draws_without_replacement(pool, dealt):
        zombie = tuple(sorted(known + tuple(d for d, n in hand.items() for _ in range(n))))
        rest = tuple(pool[d] - hand.get(d, 0) for d in DENOMINATIONS)
        if sum(zombie) + sum(d * n for d, n in zip(DENOMINATIONS, rest, strict=True)) < bill:
            pytest.skip("the whole small deck cannot cover this bill")
        parts.append((p, push(pay_outcomes(bill, zombie, rest), lambda o: o[0])))
    assert dict(sorted(mixture(parts).items())) == brute_force(bill, known, deck, dealt)


def test_a_move_passed_as_the_bill_leaves_no_move_in_any_cached_hand():
    """Bots weigh their legal moves (Pay, which equals its int): the hands the model returns and
    caches hold plain bills, so a later caller of the same hand never gets a Pay back (a full run
    once failed the docstring's example so, after a bot had played)."""
    from changekit.games.zombie.model import clear_outcome_caches
    from changekit.games.zombie.moves import Pay

    clear_outcome_caches()
    for bill in (Pay(5), Pay(10)):
        for zombie, pool in (((1, 10), pool_of([1, 10])), ((1,), pool_of([1, 10]))):
            for _, after, drawn in pay_outcomes(bill, zombie, pool):
                assert {type(b) for b in after + drawn} <= {int}, (bill, zombie, after, drawn)
    outcomes = pay_outcomes(5, (1,), pool_of([1, 10]))
    assert outcomes == {(5, (1, 1, 5), (1, 10)): Fraction(1, 2), (5, (1, 5), (10,)): Fraction(1, 2)}
    assert all(type(b) is int for _, after, drawn in outcomes for b in after + drawn)


def fresh_zombie_by_deck_positions(bill, out=()):
    """Independent exact check on the real 50-bill deck less the bills ``out`` (a known hand):
    every 3 of the physical bills left, then every next bill of the register (each remaining
    one equally likely) while short."""
    from itertools import combinations

    from functools import lru_cache

    deck = [value for value in (1, 3, 5, 7, 10) for _ in range(10)]
    for value in out:
        deck.remove(value)

    @lru_cache(maxsize=None)
    def after_draws(hand, left):  # hand: sorted tuple; left: sorted tuple of register bills
        if sum(hand) >= bill:
            return Fraction(sum(make_change(hand, bill)) - bill)
        total = Fraction(0)
        for i, value in enumerate(left):  # each physical bill equally likely to come next
            total += after_draws(tuple(sorted(hand + (value,))), left[:i] + left[i + 1:])
        return total / len(left)

    triples = list(combinations(range(len(deck)), 3))
    total = Fraction(0)
    for t in triples:
        hand = tuple(sorted(deck[i] for i in t))
        left = tuple(sorted(deck[i] for i in range(len(deck)) if i not in t))
        total += after_draws(hand, left)
    return total / len(triples)


@pytest.mark.parametrize("bill", [1, 3, 5, 7, 10])
def test_fresh_zombie_expectations_match_the_physical_deck(bill):
    assert expected_points_table(from_hand=False)[bill] == fresh_zombie_by_deck_positions(bill)


@pytest.mark.parametrize(("bill", "rest"), [(5, (1, 1, 3, 10, 10)), (1, (5, 5, 5, 5, 5))])
def test_a_known_hand_leaves_the_zombie_the_rest_of_the_deck(bill, rest):
    exact = mean(points_distribution(bill, hand=rest))
    assert exact == fresh_zombie_by_deck_positions(bill, out=(bill, *rest))


def test_fresh_zombie_table_ordering():
    table = expected_points_table()
    assert table[1] > table[3] > table[5] > table[7] > table[10]
    assert table[1] - table[3] < Fraction(1, 100)  # the near tie the notebook's reading names


def test_the_first_play_averages_over_hands_that_hold_the_bill():
    from math import comb

    for bill in (1, 5):
        rests = fresh_hand_rests(bill)
        assert sum(p for _, p in rests) == 1
        # P(rest) = P(hand = rest + bill) / P(a hand holds the bill), counted here by binomials
        holding = 1 - Fraction(comb(40, 6), comb(50, 6))
        for rest, p in rests:
            counts = Counter((bill, *rest))
            ways = 1
            for value in (1, 3, 5, 7, 10):
                ways *= comb(10, counts[value])
            assert p == Fraction(ways, comb(50, 6)) / holding
        table = expected_points_table()
        assert table[bill] == sum(p * mean(points_distribution(bill, hand=rest)) for rest, p in rests)


def first_play_by_simulation(bill, games, seed, players=4):
    """Independent simulation (no package code) of the first play of a fresh game: shuffle the
    50 bills, deal 6 to each player and 3 face up to the Zombie, keep the deal only if the first
    player holds ``bill``; the Zombie draws from the register top while his hand is short, then
    gives the smallest total of his bills that covers the bill; points = that total - bill."""
    import random
    from itertools import combinations

    rng = random.Random(seed)
    deck = [value for value in (1, 3, 5, 7, 10) for _ in range(10)]
    points = []
    while len(points) < games:
        rng.shuffle(deck)
        hands = [deck[6 * i:6 * i + 6] for i in range(players)]
        zombie = deck[6 * players:6 * players + 3]
        register = deck[6 * players + 3:]
        if bill not in hands[0]:
            continue  # the first player must hold the bill to pay it
        while sum(zombie) < bill:
            zombie.append(register.pop(0))
        cover = min(sum(c) for k in range(1, len(zombie) + 1) for c in combinations(zombie, k) if sum(c) >= bill)
        points.append(cover - bill)
    return points


def test_distribution_sums_to_one_and_k10_works():
    for dealt in (0, 3, 10):
        dist = points_distribution(5, dealt=dealt, zombie=(1,) if dealt == 0 else ())
        assert sum(dist.values()) == 1
        assert all(p > 0 for p in dist.values())


def test_known_removed_bills_change_the_answer():
    plain = mean(points_distribution(1))
    no_tens = mean(points_distribution(1, removed=[10] * 10))
    assert no_tens < plain


@pytest.mark.parametrize("bill", [1, 5, 10])
def test_exact_first_play_agrees_with_an_independent_simulation(bill):
    exact = points_distribution(bill)
    sims = first_play_by_simulation(bill, 20000, seed=bill)
    freq = Counter(sims)
    assert set(freq) <= set(exact)
    for points, p in exact.items():
        se = (float(p) * (1 - float(p)) / len(sims)) ** 0.5
        assert abs(freq[points] / len(sims) - float(p)) < 4 * se + 1e-9, points
    sd = (sum((k - float(mean(exact))) ** 2 * float(p) for k, p in exact.items()) / len(sims)) ** 0.5
    assert abs(sum(sims) / len(sims) - float(mean(exact))) < 4 * sd


def test_the_kits_own_simulation_models_the_same_first_play():
    exact = points_distribution(5)
    sims = simulated_points(5, 20000, seed=3)
    freq = Counter(sims)
    for points, p in exact.items():
        se = (float(p) * (1 - float(p)) / len(sims)) ** 0.5
        assert abs(freq[points] / len(sims) - float(p)) < 4 * se + 1e-9, points


def test_chance_of_points_is_the_tail_of_the_distribution():
    dist = points_distribution(5)
    assert chance_of_points(5) == sum(p for k, p in dist.items() if k >= 1)
    assert 0 < chance_of_points(5) < 1


def test_a_tournament_reports_its_progress_and_the_same_result():
    from changekit.games.zombie.analysis import bot_tournament

    seen = []
    with_bar = bot_tournament(games=6, seed=3, progress=seen.append)
    assert seen == [i / 6 for i in range(1, 7)]
    assert bot_tournament(games=6, seed=3).wins == with_bar.wins


def test_the_notebooks_zombie_readings_hold():
    table = expected_points_table()
    assert (round(float(table[1]), 3), round(float(table[3]), 3)) == (1.609, 1.605)
    assert round(float(chance_of_points(5)) * 100) == 49
    assert round(float(sum(p for k, p in points_distribution(5, from_hand=False).items() if k >= 1)), 3) == 0.478
    assert sum(make_change([1, 5, 7], 10)) == 12  # a 10 scores 2 without any draw


def test_the_first_play_table_equals_the_hand_by_hand_average_for_every_bill():
    # a fresh game's first play is counted in one pass; here, hand by hand (every hand of 6 holding the bill)
    from changekit.core import DENOMINATIONS

    for dealt in (3, 1):
        by_hand = {b: sum(p * mean(points_distribution(b, hand=rest, dealt=dealt)) for rest, p in fresh_hand_rests(b))
                   for b in DENOMINATIONS}
        assert expected_points_table(dealt=dealt) == by_hand
