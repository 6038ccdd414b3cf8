"""Fresh instances of the lesson's questions (issue 46): the same idea with another bill, another
number of bills in the Zombie's hand or other hands of yours, the exact answer from
:mod:`.analysis`. Pure Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from changekit.core import DENOMINATIONS
from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.core.words import dollars, money
from changekit.games.variant_tools import choice_answer, choice_variant, percent_answer, percent_variant, rng_for
from changekit.stats.exact import mean

from . import analysis
from .rules import HAND_SIZE, ZOMBIE_START

#: how many bills a variant's fresh Zombie is dealt (the rules deal 3; the explorer goes further)
ZOMBIE_SIZES = range(1, 7)


def _zombie_words(dealt: int) -> str:
    return f"a *fresh* Zombie dealt {dealt} random bill{'s' if dealt > 1 else ''}"


def best_bill_answer(dealt: int = ZOMBIE_START) -> KitAnswer:
    """Question 1's right answer against a fresh Zombie dealt ``dealt`` bills: the bill (or bills,
    if tied) with the most expected points on a first payment, each bill's points in the sentence."""
    expected = {bill: mean(analysis.first_play_distribution(bill, dealt)) for bill in DENOMINATIONS}
    top = max(expected.values())
    rights = [money(b) for b in DENOMINATIONS if expected[b] == top]
    exact = "; ".join(f"{money(b)}: {float(expected[b]):.3f}" for b in DENOMINATIONS) + (
        f" points on average. Most: {' and '.join(rights)}.")
    return choice_answer(rights, exact)


def best_bill_variant(seed: int) -> QuestionInstance:
    """Question 1 against a Zombie dealt another number of bills: which bill earns the most."""
    dealt = rng_for("zombie.q1", seed).choice(ZOMBIE_SIZES)
    answer = best_bill_answer(dealt)
    instead = " (as the rules deal)" if dealt == 3 else " instead of 3"
    text = (f"**Question 1, your own numbers.** On your first payment, against {_zombie_words(dealt)}{instead}, "
            f"which bill earns the most points on average: the {', '.join(map(str, DENOMINATIONS[:-1]))} or "
            f"{DENOMINATIONS[-1]}?")
    return choice_variant("zombie.q1", seed, text, [money(b) for b in DENOMINATIONS], answer.correct["choices"],
                          answer.exact)


#: how far (percentage points) a chance question's answer may be from the exact chance
CHANCE_TOLERANCE = 2


def first_play_chance(bill: int, dealt: int = ZOMBIE_START) -> Fraction:
    """The exact chance that a first payment of ``bill`` to a Zombie dealt ``dealt`` bills scores."""
    return sum((p for points, p in analysis.first_play_distribution(bill, dealt).items() if points >= 1),
               Fraction(0))


def chance_answer(bill: int = 5, dealt: int = ZOMBIE_START) -> KitAnswer:
    """Question 2's right answer: :func:`first_play_chance` give or take ``CHANCE_TOLERANCE``."""
    return percent_answer(first_play_chance(bill, dealt), tolerance=CHANCE_TOLERANCE)


def chance_variant(seed: int) -> QuestionInstance:
    """Question 2 with another bill and another number of bills in the Zombie's hand."""
    rng = rng_for("zombie.q2", seed)
    bill = rng.choice(DENOMINATIONS)
    dealt = rng.choice(ZOMBIE_SIZES)
    text = (f"**Question 2, your own numbers.** On your first payment you pay a `{money(bill)}` to "
            f"{_zombie_words(dealt)}. What is the chance (in %) that you score at least one point?")
    return percent_variant("zombie.q2", seed, text, first_play_chance(bill, dealt), tolerance=CHANCE_TOLERANCE)


def _shown(bills: tuple[int, ...]) -> str:
    """Bills in backticks, as the lessons write money (a bare "$" pair could be read as mathematics)."""
    return ", ".join(f"`{b}`" for b in dollars(bills).split(", "))


HAND_CHOICES = ["Hand A", "Hand B", "the same"]


def hands_answer(hand_a: tuple[int, ...], hand_b: tuple[int, ...],
                 choices: Sequence[str] = HAND_CHOICES) -> KitAnswer:
    """Question 5's right answer: which hand expects more points from a first payment chosen after
    seeing the Zombie (``choices``: Hand A's words, Hand B's, a tie's)."""
    value_a, value_b = analysis.best_bill_points(hand_a), analysis.best_bill_points(hand_b)
    right = choices[0] if value_a > value_b else choices[1] if value_b > value_a else choices[2]
    return choice_answer(right, f"Hand A expects {float(value_a):.3f} points, Hand B {float(value_b):.3f}: {right}.")


def hands_variant(seed: int) -> QuestionInstance:
    """Question 5 with two other hands: three each of two bills, against one of each bill and a
    sixth; you choose the bill after seeing the Zombie's 3 bills."""
    rng = rng_for("zombie.q5", seed)
    low, high = sorted(rng.sample(DENOMINATIONS, 2))
    hand_a = (low,) * 3 + (high,) * 3
    hand_b = tuple(sorted((*DENOMINATIONS, rng.choice(DENOMINATIONS))))
    answer = hands_answer(hand_a, hand_b)
    text = (f"**Question 5, your own numbers.** Your six bills are Hand A ({_shown(hand_a)}) or Hand B "
            f"({_shown(hand_b)}). You see the fresh Zombie's 3 bills and then pay the bill that expects the most "
            "points against him. Which hand expects more points from that first payment?")
    assert len(hand_a) == len(hand_b) == HAND_SIZE
    return choice_variant("zombie.q5", seed, text, HAND_CHOICES, answer.correct["choices"], answer.exact)
