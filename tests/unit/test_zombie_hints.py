"""Zombie Questions 5 and 6, the rule sheet's two hints (issue 25): a choice of bills against a
hand of duplicates, and what a payment leaves the next player. Expected values recomputed here with
our own change-making and our own enumeration of the physical deck, straight from the rules."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest

from changekit.core.errors import ChangekitError
from changekit.games.zombie import analysis as a

KINDS = (1, 3, 5, 7, 10)
DECK = [kind for kind in KINDS for _ in range(10)]


@cache
def change_given(zombie: tuple[int, ...], bill: int) -> int:
    """The change's total, by the rule: the smallest total at least the bill (the fewest bills
    among those, which does not change the total). Brute force over the Zombie's subsets."""
    totals = {sum(part) for size in range(1, len(zombie) + 1) for part in combinations(zombie, size)}
    return min(t for t in totals if t >= bill)


@cache
def expected(bill: int, zombie: tuple[int, ...], register: tuple[int, ...]) -> Fraction:
    """Points for paying ``bill``; while he cannot cover it he draws one bill, each unseen one alike."""
    if sum(zombie) >= bill:
        return Fraction(change_given(zombie, bill) - bill)
    out = Fraction(0)
    for kind in set(register):
        rest = list(register)
        rest.remove(kind)
        out += Fraction(register.count(kind), len(register)) * expected(bill, tuple(sorted(zombie + (kind,))),
                                                                       tuple(rest))
    return out


def without(bills, gone):
    left = list(bills)
    for bill in gone:
        left.remove(bill)
    return left


def first_payment(hand):
    """Over every 3 of the 44 physical bills you do not hold: the best bill's points, and each kind's."""
    unseen = without(DECK, hand)
    best, each, deals = Fraction(0), {kind: Fraction(0) for kind in set(hand)}, 0
    for picked in combinations(range(len(unseen)), 3):
        zombie = tuple(sorted(unseen[i] for i in picked))
        register = tuple(sorted(without(unseen, zombie)))
        points = {kind: expected(kind, zombie, register) for kind in set(hand)}
        best += max(points.values())
        for kind in points:
            each[kind] += points[kind]
        deals += 1
    return best / deals, {kind: total / deals for kind, total in each.items()}


@pytest.mark.parametrize("hand", a.DUPLICATES_HANDS)
def test_question5_choosing_after_seeing_the_zombie(hand):
    best, each = first_payment(hand)
    assert a.best_bill_points(hand) == best
    assert a.fixed_bill_points(hand) == each


def test_question5_the_varied_hand_wins_though_its_bills_alone_score_less():
    duplicates, varied = a.DUPLICATES_HANDS
    assert a.best_bill_points(varied) > a.best_bill_points(duplicates)
    assert max(a.fixed_bill_points(varied).values()) < max(a.fixed_bill_points(duplicates).values())


def neighbour_expects(zombie_after, unseen):
    """The next player's 6 bills from ``unseen`` (counted as hypergeometric products per kind); they
    pay the bill that scores most. Nobody draws here (the Zombie keeps at least $10)."""
    counts = {kind: unseen.count(kind) for kind in KINDS}
    total = Fraction(0)

    def split(kinds, left, ways, held):
        nonlocal total
        if not kinds:
            if left == 0:
                total += Fraction(ways, comb(len(unseen), 6)) * max(
                    change_given(zombie_after, kind) - kind for kind in held)
            return
        kind, *rest = kinds
        for k in range(min(left, counts[kind]) + 1):
            split(rest, left - k, ways * comb(counts[kind], k), held + [kind] * (k > 0))

    split(list(KINDS), 6, 1, [])
    return total


def test_question6_what_each_bill_leaves_the_neighbour():
    hand, zombie = a.NEIGHBOUR_HAND, a.NEIGHBOUR_ZOMBIE
    unseen = without(DECK, [*hand, *zombie])
    rows = {row["bill"]: row for row in a.neighbour_table(hand, zombie)}
    assert sorted(rows) == sorted(set(hand))
    for bill, row in rows.items():
        given = change_given(tuple(sorted(zombie)), bill)
        assert row["points"] == given - bill
        assert sum(row["zombie_after"]) == sum(zombie) - given + bill
        theirs = neighbour_expects(row["zombie_after"], unseen)
        assert row["neighbour"] == theirs
        assert row["net"] == row["points"] - theirs
    # the page's reading: the $1 scores most now, the $7 is best once the neighbour is counted
    assert max(rows, key=lambda b: rows[b]["points"]) == 1
    assert max(rows, key=lambda b: rows[b]["net"]) == 7
    assert rows[1]["zombie_after"] == (1, 10, 10) and rows[7]["zombie_after"] == (5, 7, 10)


def test_question_answers_render_with_the_best_bill_marked():
    html = a.neighbour_html()
    assert "<b>-0.55</b>" in html and html.count("<b>") == 1
    assert a.duplicates_html().count("<tr>") == 1 + len(a.DUPLICATES_HANDS)


@pytest.mark.parametrize("hand, zombie, says", [
    ((10, 10, 10, 10, 10, 10), (1, 3, 5), "must draw"),  # he cannot cover a $10 without drawing
    ((1, 1, 1, 1, 1, 1), (1, 1, 5), "neighbour's payment may make him draw"),
    ((1, 3, 5), (5, 10, 10), "holds 6 bills"),
])
def test_neighbour_table_refuses_positions_it_does_not_model(hand, zombie, says):
    with pytest.raises(ChangekitError, match=says):
        a.neighbour_table(hand, zombie)


def test_best_bill_points_needs_a_hand_of_six():
    with pytest.raises(ChangekitError, match="holds 6 bills"):
        a.best_bill_points((1, 3, 5))
