"""Zombie's lesson questions declare the right answers the kit computes (issue 41): each one
recomputed here by its own counting (hands, deals and draws listed with binomials, change made
by trying every set of the Zombie's bills) or, for a seeded run, from the run's stored games
with the textbook test of two shares of the same games (tests/unit/chance_checks.py)."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from changekit.games.zombie import analysis
from changekit.games.zombie.questions import QUESTIONS
from tests.unit.chance_checks import game_shares, leaders_by_the_test, running_average_settles, z_same_games

KINDS = (1, 3, 5, 7, 10)
EACH = 10  # bills of each kind in the deck


@cache
def points(zombie: tuple[int, ...], bill: int) -> int:
    """The smallest total of some of the Zombie's bills that covers ``bill``, less the bill."""
    return min(sum(c) for k in range(1, len(zombie) + 1) for c in combinations(zombie, k) if sum(c) >= bill) - bill


@cache
def payment(zombie: tuple[int, ...], bill: int, pool: tuple[int, ...]) -> dict[int, Fraction]:
    """Points for paying ``bill`` to ``zombie`` (sorted), who draws from a shuffled ``pool``
    (counts of each kind) while he cannot cover it."""
    if sum(zombie) >= bill:
        return {points(zombie, bill): Fraction(1)}
    out: dict[int, Fraction] = {}
    for i, kind in enumerate(KINDS):
        if pool[i]:
            rest = pool[:i] + (pool[i] - 1,) + pool[i + 1:]
            for pts, q in payment(tuple(sorted((*zombie, kind))), bill, rest).items():
                out[pts] = out.get(pts, 0) + Fraction(pool[i], sum(pool)) * q
    return out


def deals(counts: tuple[int, ...], size: int):
    """Every multiset of ``size`` bills from a pile of ``counts`` per kind, with its chance."""
    total = comb(sum(counts), size)
    for hand in combinations_with_replacement(range(len(KINDS)), size):
        ways = 1
        for i, n in enumerate(counts):
            ways *= comb(n, hand.count(i))
        if ways:
            yield tuple(KINDS[i] for i in hand), Fraction(ways, total)


def less(counts: tuple[int, ...], bills: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(n - bills.count(kind) for kind, n in zip(KINDS, counts, strict=True))


@cache
def first_payment(bill: int) -> dict[int, Fraction]:
    """A fresh game's first payment of ``bill``: your 6 bills from the 50 (holding the bill), the
    Zombie's 3 from the other 44, his draws from the 41 left."""
    deck = (EACH,) * len(KINDS)
    out: dict[int, Fraction] = {}
    holding = Fraction(0)
    for hand, p_hand in deals(deck, 6):
        if bill not in hand:
            continue
        holding += p_hand
        unseen = less(deck, hand)
        for zombie, p_zombie in deals(unseen, 3):
            if sum(zombie) >= bill:  # no draw: the pool left does not matter
                out[points(zombie, bill)] = out.get(points(zombie, bill), 0) + p_hand * p_zombie
                continue
            for pts, q in payment(zombie, bill, less(unseen, zombie)).items():
                out[pts] = out.get(pts, 0) + p_hand * p_zombie * q
    return {pts: p / holding for pts, p in out.items()}


def expected(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def hundredths(x: Fraction, up: bool) -> float:
    """``x`` rounded outward to hundredths."""
    scaled = x * 100
    whole = -((-scaled.numerator) // scaled.denominator) if up else scaled.numerator // scaled.denominator
    return whole / 100


def test_question1_the_dollar_bill_earns_the_most_on_a_first_payment() -> None:
    means = {bill: expected(first_payment(bill)) for bill in KINDS}
    best = max(means.values())
    answer = QUESTIONS["zombie.q1"].kit_answer()
    assert answer.correct == {"choices": [f"${b}" for b in KINDS if means[b] == best]} == {"choices": ["$1"]}
    assert f"$1: {float(means[1]):.3f}; $3: {float(means[3]):.3f}" in answer.exact  # the near tie, 1.609 and 1.605
    assert (round(float(means[1]), 3), round(float(means[3]), 3)) == (1.609, 1.605)  # as the reading says


def test_question2_the_chance_a_five_scores_give_or_take_two_points() -> None:
    chance = sum((p for pts, p in first_payment(5).items() if pts >= 1), Fraction(0))
    answer = QUESTIONS["zombie.q2"].kit_answer()
    assert answer.correct == {"range": [hundredths(100 * chance - 2, up=False), hundredths(100 * chance + 2, up=True)]}
    assert answer.value == f"{100 * float(chance):.1f} %" == "49.4 %"  # the reading's "about 49 %"


def test_question3_the_charts_run_settles_between_500_and_5000_payments() -> None:
    run = analysis.convergence_run(5)  # the chart's own seeded payments
    assert len(run) == 4000
    last = running_average_settles(list(run), float(expected(first_payment(5))))
    assert last == 3816  # the reading's "for the last time at payment 3,816"
    answer = QUESTIONS["zombie.q3"].kit_answer()
    assert 500 < last + 1 <= 5000 and answer.correct == {"choices": ["500 to 5,000"]}
    assert "payment 3,816" in answer.exact


def test_question4_two_hundred_games_cannot_tell_careful_from_greedy() -> None:
    result = analysis.question4_tournament()
    assert leaders_by_the_test(result, ["careful", "greedy"]) == ["careful", "greedy"]
    z = z_same_games(*game_shares(result, "careful", "greedy"))
    answer = QUESTIONS["zombie.q4"].kit_answer()
    assert answer.correct == {"choices": ["200 games cannot tell them apart"]}
    assert f"z ≈ {z:.1f}" in answer.exact and f"{z:.1f}" == "1.0"  # the reading's z ≈ 1.0


def hand_value(hand: tuple[int, ...]) -> Fraction:
    """A first payment from a known hand: see the Zombie's 3 bills (from the 44 you do not hold),
    then pay the bill that expects the most against them."""
    unseen = less((EACH,) * len(KINDS), hand)
    return sum((p * max(expected(payment(zombie, bill, less(unseen, zombie))) for bill in set(hand))
                for zombie, p in deals(unseen, 3)), Fraction(0))


def test_question5_the_varied_hand_expects_more() -> None:
    hand_a, hand_b = (1, 1, 1, 3, 3, 3), (1, 3, 5, 7, 10, 10)
    value_a, value_b = hand_value(hand_a), hand_value(hand_b)
    assert (round(float(value_a), 3), round(float(value_b), 3)) == (2.924, 3.093)  # as the reading says
    answer = QUESTIONS["zombie.q5"].kit_answer()
    assert value_b > value_a and answer.correct == {"choices": ["Hand B (one of each kind, a second $10)"]}


def test_question6_the_seven_nets_the_most() -> None:
    hand, zombie = (1, 3, 5, 7, 10, 10), (5, 10, 10)
    unseen = less((EACH,) * len(KINDS), hand + zombie)
    net = {}
    for bill in set(hand):
        mine = points(zombie, bill)
        change = min((c for k in range(1, 4) for c in combinations(zombie, k) if sum(c) >= bill),
                     key=lambda c: (sum(c), len(c), [-x for x in sorted(c, reverse=True)]))
        after = list(zombie)
        for x in change:
            after.remove(x)
        after = tuple(sorted((*after, bill)))
        theirs = sum((p * max(points(after, b) for b in set(deal)) for deal, p in deals(unseen, 6)), Fraction(0))
        net[bill] = mine - theirs
    best = max(net.values())
    answer = QUESTIONS["zombie.q6"].kit_answer()
    assert answer.correct == {"choices": [f"${b}" for b in sorted(net) if net[b] == best]} == {"choices": ["$7"]}
    assert (round(float(net[7]), 2), round(float(net[1]), 2)) == (-0.55, -2.53)  # the reading's nets


def test_question7_greedy_and_sheds_on_ties_cannot_be_ranked_and_shedding_loses() -> None:
    result = analysis.question7_duplicates()
    names = ["greedy", "sheds duplicates", "sheds on ties"]
    assert leaders_by_the_test(result, names) == ["greedy", "sheds on ties"]
    answer = QUESTIONS["zombie.q7"].kit_answer()
    assert answer.correct == {"choices": ["greedy, which ignores duplicates",
                                          "sheds on ties: a duplicate only among equal bills"]}
    assert f"z ≈ {z_same_games(*game_shares(result, 'greedy', 'sheds duplicates')):.1f} against greedy" \
        in answer.exact  # the reading's z ≈ 3.8


def test_every_zombie_question_declares_its_right_answer() -> None:
    assert all(q.right is not None for q in QUESTIONS.values())
