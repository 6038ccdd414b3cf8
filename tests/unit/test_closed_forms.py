"""Each game's closed form (issue 17 §5), derived with sympy, evaluates to the exact value computed
here independently (by counting, or from the package's exact distributions)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest
import sympy


def _frac(x) -> Fraction:
    x = sympy.nsimplify(x)
    return Fraction(int(x.p), int(x.q))


def test_zombie_tens_hypergeometric():
    from changekit.games.zombie.analysis import tens_closed_form

    form = tens_closed_form((1, 3, 5, 5, 7, 7), 3)
    # 44 bills left, 10 of them tens: count the 3-bill hands with no ten among C(44, 3)
    assert _frac(form.value) == 1 - Fraction(comb(34, 3), comb(44, 3))
    form = tens_closed_form((10, 10, 1, 1, 1, 3), 4)
    assert _frac(form.value) == 1 - Fraction(comb(36, 4), comb(44, 4))
    assert r"\$10" in form.latex() and "<p>" in form.html()


@pytest.mark.parametrize("dice", ["d6", "polyhedral"])
@pytest.mark.parametrize("card", [2, 4, 6, 8, 10, 12, 20])
def test_big_cheese_variance(card, dice):
    from changekit.games.big_cheese.analysis import variance_closed_form

    faces = [card * f for f in range(1, 7)] if dice == "d6" else list(range(1, card + 1))
    m = Fraction(sum(faces), len(faces))
    var = sum((Fraction(f) - m) ** 2 for f in faces) / len(faces)
    assert _frac(variance_closed_form(card, dice).value) == var


@pytest.mark.parametrize("players,decks", [(4, 3), (5, 2), (6, 3), (7, 2)])
def test_zhao_pengyou_trump_mean(players, decks):
    from changekit.games.zhao_pengyou.analysis import trump_count, trumps_closed_form
    from changekit.stats.exact import mean

    form = trumps_closed_form(players=players, decks=decks)
    cards = 54 * decks
    kitty = 6
    while (cards - kitty) % players:
        kitty += 1
    hand = (cards - kitty) // players
    assert _frac(form.value) == Fraction(hand * 18 * decks, cards) == mean(trump_count(players=players, decks=decks))


def test_cambio_low_pair():
    from changekit.games.cambio.analysis import low_pair_closed_form

    # the 50 unseen cards after A♠ and 2♥: 3 aces, 3 twos, 2 red kings are worth at most 2
    deck = [v for v in range(1, 13) for _ in range(4)] + [-1, -1, 13, 13]
    deck.remove(1)
    deck.remove(2)
    pairs = [(x, y) for i, x in enumerate(deck) for y in deck[i + 1:]]
    good = sum(1 for x, y in pairs if x <= 2 and y <= 2)
    assert _frac(low_pair_closed_form().value) == Fraction(good, len(pairs)) == Fraction(4, 175)


def test_moneybags_prior_sum():
    from changekit.games.moneybags.analysis import prior_closed_form

    # count pours: your bag 12, the other three bags share 55 coins with at least one each
    ways = more = 0
    for b in range(1, 54):
        rest = 55 - b  # two bags, at least one each: rest - 1 ways
        ways += rest - 1
        more += (rest - 1) if b > 12 else 0
    assert _frac(prior_closed_form(12).value) == Fraction(more, ways)
    assert _frac(prior_closed_form(30, players=5).value) == Fraction(
        sum(comb(67 - 30 - b - 1, 2) for b in range(31, 67 - 30 - 3 + 1)), comb(67 - 30 - 1, 3))


def test_boneyard_indifference():
    from changekit.games.boneyard.analysis import expected_payoffs, indifference_closed_form

    form = indifference_closed_form(1, 3, players=3)
    p = _frac(form.value)
    assert p == Fraction(3, 5)
    pay = expected_payoffs({1: p, 3: 1 - p}, 2, bids=[1, 3])
    assert pay[1] == pay[3]
    # by hand: against two opponents bidding $1 with probability p, a $1 bid is lost when anyone else bids
    # $1; alone it takes the richest bucket ($10, since the $3 bids either cancel or rank below)
    assert pay[1] == (1 - p) ** 2 * (10 - 1) - (1 - (1 - p) ** 2) * 1


def test_diminishing_positions():
    from changekit.games.diminishing.analysis import positions_closed_form
    from changekit.games.diminishing.rules import STANDARD_PURSE

    # count the splits of each denomination's bills into three piles by brute force
    total = 1
    for d in set(STANDARD_PURSE):
        m = 2 * STANDARD_PURSE.count(d)
        total *= sum(1 for x, y in product(range(m + 1), repeat=2) if x + y <= m)
    assert positions_closed_form().value == total == 1_058_400
