"""Fresh instances of the lesson's questions (issue 46): the same idea with another card, the
other dice scheme, other bids, another score to finish from or another roll to keep or re-roll,
the exact answer from :mod:`.analysis`. Pure Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import choice_variant, exact_fraction, percent_variant, rng_for
from changekit.stats.exact import mean, variance

from . import analysis
from .bots import worker_placements
from .rules import EXACT_TARGET, NUMBER_CARDS, die_faces, payout_distribution

SCHEME_WORDS = {"d6": "d6 × card", "polyhedral": "polyhedral"}


def _relative_variance(card: int, dice: str) -> Fraction:
    """(sd / mean)², exact: the relative risk squared."""
    dist = payout_distribution(card, dice)
    return variance(dist) / mean(dist) ** 2


def risk_variant(seed: int) -> QuestionInstance:
    """Question 1 with another card: which scheme makes it riskier relative to what it pays."""
    card = rng_for("big_cheese.q1", seed).choice(NUMBER_CARDS)
    d6, poly = _relative_variance(card, "d6"), _relative_variance(card, "polyhedral")
    choices = ["d6 × card", "polyhedral", "the same"]
    right = choices[0] if d6 > poly else choices[1] if poly > d6 else choices[2]
    text = (f"**Question 1, your own numbers.** Relative to what it pays on average (standard deviation ÷ mean), "
            f"which scheme makes the **{card}** card riskier?")
    exact = (f"sd/mean is {float(d6) ** 0.5:.3f} under d6 × card and {float(poly) ** 0.5:.3f} under polyhedral "
             f"dice: {right}.")
    return choice_variant("big_cheese.q1", seed, text, choices, right, exact)


def reroll_variant(seed: int) -> QuestionInstance:
    """Question 2 with another card and scheme: below which roll a last Big Cheese re-rolls."""
    rng = rng_for("big_cheese.q2", seed)
    dice = rng.choice(("d6", "polyhedral"))
    card = rng.choice([c for c in NUMBER_CARDS if c > 2])
    threshold, value = analysis.best_reroll(card, dice)
    faces = die_faces(card, dice)
    below = max(f for f in faces if f < threshold)  # the highest roll still re-rolled
    text = (f"**Question 2, your own numbers.** You hold a Big Cheese and the {SCHEME_WORDS[dice]} **{card}** is "
            f"your last project (it pays one of {', '.join(map(str, faces))}, each alike). Below which roll should "
            "you re-roll it? Give the roll: any lower roll is re-rolled, it and any higher one kept.")
    exact = (f"Re-roll {below} or less, keep {threshold} or more (re-roll below the mean of a fresh roll, "
             f"{float(mean(payout_distribution(card, dice))):g}); the card then pays {float(value):g} on average. "
             f"Answers from {below + 1} to {threshold} count as right")
    return QuestionInstance("big_cheese.q2", seed, text, {"number": [1, max(faces)]},
                            {"range": [below + 1, threshold]}, exact)


def _a(card: int) -> str:
    return f"an {card}" if card == 8 else f"a {card}"


def per_worker_variant(seed: int) -> QuestionInstance:
    """Question 3 with other cards, bids and scheme: which bid earns more per worker-placement."""
    rng = rng_for("big_cheese.q3", seed)
    dice = rng.choice(("d6", "polyhedral"))
    while True:
        (card_a, bid_a), (card_b, bid_b) = sorted(
            [(rng.choice(NUMBER_CARDS), rng.randint(1, 5)) for _ in range(2)])
        if card_a != card_b:
            break
    rate_a = mean(payout_distribution(card_a, dice)) / worker_placements(bid_a)
    rate_b = mean(payout_distribution(card_b, dice)) / worker_placements(bid_b)
    first, second = f"{bid_a} on the {card_a}", f"{bid_b} on the {card_b}"
    choices = [first, second, "exactly the same"]
    right = first if rate_a > rate_b else second if rate_b > rate_a else choices[2]
    plural = {1: "worker"}
    text = (f"**Question 3, your own numbers.** Under {SCHEME_WORDS[dice]}, which earns more points per "
            f"worker-placement (a bid of k ties up k + (k − 1) + … + 1 placements): {bid_a} "
            f"{plural.get(bid_a, 'workers')} on {_a(card_a)} or {bid_b} {plural.get(bid_b, 'workers')} on "
            f"{_a(card_b)}?")
    exact = (f"{first}: {exact_fraction(rate_a).removeprefix('exactly ')} ≈ {float(rate_a):.2f} a placement; "
             f"{second}: {exact_fraction(rate_b).removeprefix('exactly ')} ≈ {float(rate_b):.2f}. Right: {right}.")
    return choice_variant("big_cheese.q3", seed, text, choices, right, exact)


def finish_variant(seed: int) -> QuestionInstance:
    """Question 5 from another score and within another number of projects."""
    rng = rng_for("big_cheese.q5", seed)
    score = rng.randint(18, EXACT_TARGET - 1)
    projects = rng.randint(1, 8)
    need = EXACT_TARGET - score
    text = (f"**Question 5, your own numbers.** You must reach exactly {EXACT_TARGET}; a project's card is one of "
            f"{', '.join(map(str, NUMBER_CARDS))} at random and its polyhedral die pays 1 to the card, a roll "
            f"that would pass {EXACT_TARGET} not counting. At {score} points you need {need}. How likely (in %) "
            f"are you to be done within {projects} project{'s' if projects > 1 else ''}?")
    return percent_variant("big_cheese.q5", seed, text, analysis.exact30_finish(score, projects), tolerance=2)


MOST_PROJECTS = 20


@lru_cache(maxsize=1)
def _keep_values() -> tuple[Fraction, ...]:
    return tuple(analysis.keep_value(n, "d6") for n in range(MOST_PROJECTS + 1))


def keep_variant(seed: int) -> QuestionInstance:
    """Question 7 with another card and roll under d6: how many projects must still be due for
    keeping the Big Cheese to beat re-rolling now."""
    rng = rng_for("big_cheese.q7", seed)
    keep = _keep_values()
    while True:
        card = rng.choice(NUMBER_CARDS)
        paid = card * rng.randint(1, 3)
        now = analysis.reroll_gain(card, paid, "d6")
        needed = [n for n in range(MOST_PROJECTS + 1) if keep[n] > now]
        if now > 0 and needed:
            break
    answer = needed[0]
    text = (f"**Question 7, your own numbers.** Under d6 × card your **{card}** has just matured and paid {paid}. "
            "You hold a Big Cheese. How many of your number projects must still be due to mature for keeping the "
            f"Big Cheese to be worth more than re-rolling the {card} now?")
    exact = (f"{answer}: re-rolling now adds {float(now):.2f} on average; kept, the Big Cheese is worth "
             f"{float(keep[answer]):.2f} with {answer} project{'s' if answer != 1 else ''} still due"
             + (f" and {float(keep[answer - 1]):.2f} with {answer - 1}" if answer else "") + ".")
    return QuestionInstance("big_cheese.q7", seed, text, {"number": [0, MOST_PROJECTS], "unit": "projects"},
                            {"range": [answer, answer]}, exact)
