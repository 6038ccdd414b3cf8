"""Big Cheese Question 7 (issue 25): the value of keeping a Big Cheese for later projects,
recomputed here from the sheet's payouts with our own expectimax over the projects still to come."""
from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from changekit.core.errors import ChangekitError
from changekit.games.big_cheese import analysis as a

CARDS = (2, 4, 6, 8, 10, 12, 20)


def payouts(card: int, dice: str) -> list[int]:
    """Each face of the die, equally likely: d6 pays the roll times the card; polyhedral the die of
    the card's size (the 2 pays 1 or 2)."""
    if dice == "d6":
        return [card * roll for roll in range(1, 7)]
    return list(range(1, card + 1))


@cache
def holding(projects: int, dice: str) -> Fraction:
    """Expected gain of a held Big Cheese with ``projects`` still to mature: at each (card, payout),
    the better of re-rolling (a fresh roll's mean less the payout) and keeping it for the rest."""
    if projects == 0:
        return Fraction(0)
    total = Fraction(0)
    for card in CARDS:
        faces = payouts(card, dice)
        fresh = Fraction(sum(faces), len(faces))
        total += sum(max(fresh - paid, holding(projects - 1, dice)) for paid in faces) / Fraction(len(faces))
    return total / len(CARDS)


@pytest.mark.parametrize("dice", ["d6", "polyhedral"])
@pytest.mark.parametrize("projects", range(7))
def test_keep_value_is_the_expectimax(projects, dice):
    assert a.keep_value(projects, dice) == holding(projects, dice)


def test_question7_keeping_wins_from_three_projects():
    now = a.reroll_gain(8, 16)
    assert now == Fraction(7, 2) * 8 - 16 == 12
    assert [holding(k, "d6") > now for k in range(5)] == [False, False, False, True, True]
    assert a.keep_value(1) == Fraction(3, 4) * Fraction(sum(CARDS), len(CARDS))  # one left: the threshold rule
    assert a.reroll_gain(20, 20) == 50


def test_the_answer_marks_where_keeping_wins():
    html = a.keep_html()
    assert "<b>12.00</b>" in html and html.count("<b>keep it</b>") == 4  # 3, 4, 5, 6 projects
    assert "<td>3</td><td>13.41</td>" in html


def test_reroll_gain_refuses_a_payout_the_card_cannot_make():
    with pytest.raises(ChangekitError, match="cannot pay 17"):
        a.reroll_gain(8, 17)
