"""CHA-CHING Question 7 (issue 25): the CHA-CHING card's re-roll, recomputed here from the rules with
our own enumeration of the `$` cards' values and of the dice."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from changekit.core.errors import ChangekitError
from changekit.games.cha_ching import analysis as a

WILD_VALUES = (1, 5, 10, 25, 50)


def totals(hand) -> set[int]:
    """Every total the hand makes: number cards at face value, ¢ and CHA-CHING 0, each $ any value."""
    fixed = sum(int(c) for c in hand if c.isdigit())
    return {fixed + sum(values) for values in product(WILD_VALUES, repeat=hand.count("wild"))}


def chances(hand, target):
    made = totals(hand)
    tens, units = divmod(target, 10)
    black = [10 * b + units for b in range(1, 10)]  # a black 0 is rolled again
    white = [10 * tens + w for w in range(10)]
    both = [10 * b + w for b in range(1, 10) for w in range(10)]
    return {name: Fraction(sum(t in made for t in targets), len(targets))
            for name, targets in (("black", black), ("white", white), ("both", both))}


def test_question7_each_re_roll():
    assert a.reroll_chances() == chances(list(a.REROLL_HAND), a.REROLL_TARGET)
    assert a.reroll_chances() == {"black": Fraction(4, 9), "white": Fraction(1, 5), "both": Fraction(7, 45)}
    assert a.REROLL_TARGET not in totals(list(a.REROLL_HAND))  # the hand cannot make the target before
    assert a.reachable_targets() == sorted(t for t in totals(list(a.REROLL_HAND)) if 10 <= t <= 99)


@pytest.mark.parametrize("hand, target", [
    (("5", "5", "10", "cent", "cent", "cent", "wild", "wild"), 62),  # here both dice are best
    (("1", "5", "10", "cent", "cent", "wild", "wild", "wild"), 33),
    (("1", "1", "1", "5", "chaching", "cent", "cent", "wild"), 42),
    (("50", "25", "10", "5", "1", "1", "1", "1"), 93),
])
def test_other_hands_agree_with_the_brute_force(hand, target):
    assert a.reroll_chances(hand, target) == chances(list(hand), target)


def test_the_answer_marks_the_best_re_roll():
    html = a.reroll_html()
    assert "<b>4/9 ≈ 0.444</b>" in html and html.count("<b>") == 1
    assert "32, 37, 43, 47, 52" in html


@pytest.mark.parametrize("hand, target, says", [
    (a.REROLL_HAND[:7], 42, "holds 8 cards"),
    (a.REROLL_HAND, 9, "target"),
    (a.REROLL_HAND, 100, "target"),
])
def test_reroll_chances_refuses_bad_input(hand, target, says):
    with pytest.raises(ChangekitError, match=says):
        a.reroll_chances(hand, target)


def test_a_deeply_nested_hand_is_refused_cleanly():
    """Found by `make bench`'s fuzzer: the refusal's message once tried to print the whole input
    (RecursionError)."""
    from changekit.core import ChangekitError
    from changekit.games.cha_ching.analysis import reachable_targets

    nested: list = []
    for _ in range(10_000):
        nested = [nested]
    with pytest.raises(ChangekitError, match="CHA-CHING! card is one of"):
        reachable_targets([nested, "1", "1", "5", "10", "cent", "wild", "wild"])
