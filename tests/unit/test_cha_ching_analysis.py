"""CHA-CHING! analyses: exact counts against brute force over every hand of small decks."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from changekit.core import ChangekitError
from changekit.games.cha_ching import analysis as a
from changekit.games.cha_ching import can_reach, penalty, prob_hand_hits
from changekit.games.cha_ching.bots import changes_needed

SMALL = {"1": 2, "5": 2, "10": 1, "25": 1, "50": 1, "cent": 1, "wild": 2, "chaching": 1}   # 11 cards
WILD_HEAVY = {"1": 1, "5": 1, "10": 1, "25": 2, "wild": 4, "chaching": 1}                  # 10 cards


def every_hand(deck, size=8):
    cards = [c for c, n in deck.items() for _ in range(n)]
    return [[cards[i] for i in pick] for pick in combinations(range(len(cards)), size)]


@pytest.mark.parametrize("deck", [SMALL, WILD_HEAVY])
def test_prob_hand_hits_matches_brute_force_on_small_decks(deck):
    hands = every_hand(deck)
    for target in range(0, 160):
        hits = sum(can_reach(h, target) for h in hands)
        assert prob_hand_hits(target, deck) == Fraction(hits, len(hands)), target


def test_prob_hand_hits_brute_force_covers_something():
    # the brute-force comparison is not vacuous: some targets are hit, some not
    values = {prob_hand_hits(t, SMALL) for t in range(10, 100)}
    assert Fraction(0) in values and len(values) > 10


def test_hit_probabilities_agree_with_prob_hand_hits_and_are_pinned():
    probs = a.hit_probabilities()
    assert list(probs) == list(range(10, 100))
    assert probs[73] == prob_hand_hits(73)
    # known exact values for the default deck (15 of each kind)
    assert a.fresh_hit_chance() == Fraction(2076969997, 59312605482)
    assert max(probs, key=probs.get) == 96 and probs[96] == Fraction(507296738, 4309035441)
    assert min(probs, key=probs.get) == 10


def test_prob_hand_hits_refuses_bad_input():
    with pytest.raises(ChangekitError):
        prob_hand_hits(10.5)
    with pytest.raises(ChangekitError):
        prob_hand_hits(10, {"1": 3})
    with pytest.raises(ChangekitError):
        prob_hand_hits(10, {"7": 30})


def test_a_sampled_check_of_the_default_deck():
    # Monte Carlo agrees with the exact value within a generous margin
    rng = random.Random(4)
    cards = [c for c, n in a.deck_counts() for _ in range(n)]
    n = 4000
    hits = sum(can_reach(rng.sample(cards, 8), 73) for _ in range(n))
    p = float(prob_hand_hits(73))
    assert abs(hits / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_target_distribution_is_uniform_on_10_to_99():
    dist = a.target_distribution()
    assert set(dist) == set(range(10, 100)) and set(dist.values()) == {Fraction(1, 90)}


def test_expected_penalty_matches_brute_force():
    hands = every_hand(SMALL)
    assert a.expected_penalty(SMALL) == Fraction(sum(penalty(h) for h in hands), len(hands))
    assert round(float(a.expected_penalty()), 3) == 179.523


def test_wild_value_adds_up_to_the_fresh_chance():
    data = a.wild_value()
    assert sum(d["chance"] for d in data.values()) == 1
    assert sum(d["chance"] * d["hits_fresh_target"] for d in data.values()) == a.fresh_hit_chance()
    rates = [d["hits_fresh_target"] for d in data.values()]
    assert rates == sorted(rates)  # each extra $ helps


def test_wild_value_matches_brute_force_on_a_small_deck():
    hands = every_hand(SMALL)
    data = a.wild_value(SMALL)
    for w, d in data.items():
        with_w = [h for h in hands if h.count("wild") == w]
        assert d["chance"] == Fraction(len(with_w), len(hands))
        hits = sum(can_reach(h, t) for h in with_w for t in range(10, 100))
        assert d["hits_fresh_target"] == Fraction(hits, 90 * len(with_w))


def test_changes_distribution_matches_brute_force_and_starts_at_the_hit_chance():
    hands = every_hand(SMALL)
    for target in (12, 40, 77):
        dist = a.changes_distribution(target, SMALL)
        counts = {}
        for h in hands:
            r = changes_needed(h, target)
            counts[r] = counts.get(r, 0) + 1
        assert dist == {r: Fraction(k, len(hands)) for r, k in counts.items()}
        assert dist.get(0, 0) == prob_hand_hits(target, SMALL)


def test_the_generating_function_counts_hands():
    deck = {"1": 2, "5": 1, "10": 1, "wild": 2, "cent": 1}
    for size in (2, 3):
        hands = every_hand(deck, size)
        for target in (2, 6, 11, 15, 20, 26, 51):
            brute = Fraction(sum(can_reach(h, target) for h in hands), comb(7, size))
            assert a.hits_from_generating_function(deck, size, target) == brute
    # and for 8-card hands it agrees with the enumeration
    assert a.hits_from_generating_function(WILD_HEAVY, 8, 40) == prob_hand_hits(40, WILD_HEAVY)


def test_wild_generating_function_lists_what_wilds_make():
    import sympy

    x = sympy.symbols("x")
    poly = sympy.Poly(a.wild_generating_function(2), x)
    assert sorted(m[0] for m in poly.monoms()) == [2, 6, 10, 11, 15, 20, 26, 30, 35, 50, 51, 55, 60, 75, 100]


def test_other_compositions_change_the_answer():
    chances = {name: a.fresh_hit_chance(deck) for name, deck in a.COMPOSITIONS.items()}
    assert all(sum(d.values()) == 120 for d in a.COMPOSITIONS.values())
    assert len(set(chances.values())) == 3
    assert chances["fewer wilds"] < chances["15 of each (default)"]


def test_simulations_are_seeded_and_sensible():
    first = a.turns_to_go_out((40,), games=15, seed=3)
    again = a.turns_to_go_out((40,), games=15, seed=3)
    assert first == again and 0 < first[40].value < 60
    stats = a.round_statistics(players=3, games=2, seed=1)
    assert stats["turns_per_round"].value > 0 and stats["penalty_per_losing_hand"].value > 0


def test_figures_build():
    fig = a.hit_probability_figure({"default": None, "fewer wilds": a.COMPOSITIONS["fewer wilds"]})
    assert len(fig.data) == 2 and len(fig.data[0].x) == 90
    assert len(a.wild_value_figure().data[0].x) == 9
    fig = a.turns_figure(a.turns_to_go_out((20, 60), games=5, seed=0))
    assert list(fig.data[0].x) == [20, 60]
    empty = a.turns_figure()
    assert len(empty.data[0].x) == 0
    a.update_turns_figure(empty, a.turns_to_go_out((30,), games=3, seed=0))
    assert list(empty.data[0].x) == [30] and len(empty.data[0].error_y.array) == 1


def test_the_powers_tournament_seats_one_greedy_bot_against_bots_without_powers():
    result = a.powers_tournament(players=3, games=6, seed=5)
    assert result.names == ["greedy", "no powers", "no powers"] and result.lower_is_better
    assert sum(result.wins) == pytest.approx(6) and result == a.powers_tournament(players=3, games=6, seed=5)
    assert a.question8_powers.kwargs == {"games": 400}  # the page's run: the defaults' 4 players and seed
    for bad in ({"players": 1}, {"players": 7}, {"games": -1}, {"seed": "x"}, {"progress": 3}):
        with pytest.raises(ChangekitError):
            a.powers_tournament(**bad)
