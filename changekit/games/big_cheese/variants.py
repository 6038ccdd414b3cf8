"""Fresh instances of the lesson's questions (issue 46): the same idea with another card, the
other dice scheme, other bids, another score to finish from or another roll to keep or re-roll,
the exact answer from :mod:`.analysis`. Pure Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from changekit.core.errors import ChangekitError
from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.games.variant_tools import choice_answer, choice_variant, exact_fraction, percent_answer, rng_for
from changekit.stats.exact import mean, variance

from . import analysis
from .bots import worker_placements
from .rules import EXACT_TARGET, NUMBER_CARDS, die_faces, payout_distribution

SCHEME_WORDS = {"d6": "d6 × card", "polyhedral": "polyhedral"}


def _relative_variance(card: int, dice: str) -> Fraction:
    """(sd / mean)², exact: the relative risk squared."""
    dist = payout_distribution(card, dice)
    return variance(dist) / mean(dist) ** 2


RISK_CHOICES = ["d6 × card", "polyhedral", "the same"]


def risk_answer(card: int = 20) -> KitAnswer:
    """Question 1's right answer for ``card``: the scheme with the larger sd/mean (exact, squared)."""
    d6, poly = _relative_variance(card, "d6"), _relative_variance(card, "polyhedral")
    right = RISK_CHOICES[0] if d6 > poly else RISK_CHOICES[1] if poly > d6 else RISK_CHOICES[2]
    return choice_answer(right, f"sd/mean is {float(d6) ** 0.5:.3f} under d6 × card and {float(poly) ** 0.5:.3f} "
                                f"under polyhedral dice: {right}.")


def risk_variant(seed: int) -> QuestionInstance:
    """Question 1 with another card: which scheme makes it riskier relative to what it pays."""
    card = rng_for("big_cheese.q1", seed).choice(NUMBER_CARDS)
    answer = risk_answer(card)
    text = (f"**Question 1, your own numbers.** Relative to what it pays on average (standard deviation ÷ mean), "
            f"which scheme makes the **{card}** card riskier?")
    return choice_variant("big_cheese.q1", seed, text, RISK_CHOICES, answer.correct["choices"], answer.exact)


def reroll_answer(card: int = 20, dice: str = "polyhedral") -> KitAnswer:
    """Question 2's right answer: the roll below which a last Big Cheese re-rolls ``card``
    (:func:`analysis.best_reroll`); any number above the highest roll re-rolled, up to it, is right."""
    threshold, value = analysis.best_reroll(card, dice)
    below = max(f for f in die_faces(card, dice) if f < threshold)  # the highest roll still re-rolled
    exact = (f"Re-roll {below} or less, keep {threshold} or more (re-roll below the mean of a fresh roll, "
             f"{float(mean(payout_distribution(card, dice))):g}); the card then pays {float(value):g} on average. "
             + (f"Answers from {below + 1} to {threshold} count as right." if below + 1 < threshold
                else f"Only {threshold} is right."))
    return KitAnswer({"range": [below + 1, threshold]}, f"below {threshold}", exact)


def reroll_variant(seed: int) -> QuestionInstance:
    """Question 2 with another card and scheme: below which roll a last Big Cheese re-rolls."""
    rng = rng_for("big_cheese.q2", seed)
    dice = rng.choice(("d6", "polyhedral"))
    card = rng.choice([c for c in NUMBER_CARDS if c > 2])
    answer = reroll_answer(card, dice)
    faces = die_faces(card, dice)
    text = (f"**Question 2, your own numbers.** You hold a Big Cheese and the {SCHEME_WORDS[dice]} **{card}** is "
            f"your last project (it pays one of {', '.join(map(str, faces))}, each alike). Below which roll should "
            "you re-roll it? Give the roll: any lower roll is re-rolled, it and any higher one kept.")
    return QuestionInstance("big_cheese.q2", seed, text, {"number": [1, max(faces)]}, answer.correct, answer.exact)


def _a(card: int) -> str:
    return f"an {card}" if card == 8 else f"a {card}"


def per_worker_rate(card: int, bid: int, dice: str) -> Fraction:
    """The points a bid of ``bid`` workers on ``card`` earns per worker-placement, exact: the card's
    mean payout over the placements the bid ties up."""
    return mean(payout_distribution(card, dice)) / worker_placements(bid)


def per_worker_variant(seed: int) -> QuestionInstance:
    """Question 3 with other cards, bids and scheme: which bid earns more per worker-placement."""
    rng = rng_for("big_cheese.q3", seed)
    dice = rng.choice(("d6", "polyhedral"))
    while True:
        (card_a, bid_a), (card_b, bid_b) = sorted(
            [(rng.choice(NUMBER_CARDS), rng.randint(1, 5)) for _ in range(2)])
        if card_a != card_b:
            break
    rate_a, rate_b = per_worker_rate(card_a, bid_a, dice), per_worker_rate(card_b, bid_b, dice)
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


#: how far (percentage points) an answer to Question 5 may be from the exact chance
FINISH_TOLERANCE = 2


def finish_answer(score: int = 29, projects: int = 5) -> KitAnswer:
    """Question 5's right answer: the exact chance of finishing from ``score`` within ``projects``."""
    return percent_answer(analysis.exact30_finish(score, projects), tolerance=FINISH_TOLERANCE)


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
    answer = finish_answer(score, projects)
    return QuestionInstance("big_cheese.q5", seed, text, {"slider": [0, 100, 1], "unit": "%"}, answer.correct,
                            answer.exact)


MOST_PROJECTS = 20


@lru_cache(maxsize=1)
def _keep_values() -> tuple[Fraction, ...]:
    return tuple(analysis.keep_value(n, "d6") for n in range(MOST_PROJECTS + 1))


def keep_answer(card: int = analysis.KEEP_CARD, paid: int = analysis.KEEP_PAID) -> KitAnswer:
    """Question 7's right answer under d6: the fewest projects still due for which keeping the Big
    Cheese is worth more than re-rolling ``card``, which has just paid ``paid``, now."""
    keep = _keep_values()
    now = analysis.reroll_gain(card, paid, "d6")
    needed = [n for n in range(MOST_PROJECTS + 1) if keep[n] > now]
    if now <= 0 or not needed:
        raise ChangekitError(f"re-rolling a {card} that paid {paid} adds {float(now):.2f}: keeping the Big Cheese "
                             "is no question here")
    answer = needed[0]
    exact = (f"{answer}: re-rolling now adds {float(now):.2f} on average; kept, the Big Cheese is worth "
             f"{float(keep[answer]):.2f} with {answer} project{'s' if answer != 1 else ''} still due"
             + (f" and {float(keep[answer - 1]):.2f} with {answer - 1}" if answer else "") + ".")
    return KitAnswer({"range": [answer, answer]}, f"{answer} project{'s' if answer != 1 else ''}", exact)


def keep_variant(seed: int) -> QuestionInstance:
    """Question 7 with another card and roll under d6: how many projects must still be due for
    keeping the Big Cheese to beat re-rolling now."""
    rng = rng_for("big_cheese.q7", seed)
    keep = _keep_values()
    while True:
        card = rng.choice(NUMBER_CARDS)
        paid = card * rng.randint(1, 3)
        now = analysis.reroll_gain(card, paid, "d6")
        if now > 0 and any(keep[n] > now for n in range(MOST_PROJECTS + 1)):
            break
    answer = keep_answer(card, paid)
    text = (f"**Question 7, your own numbers.** Under d6 × card your **{card}** has just matured and paid {paid}. "
            "You hold a Big Cheese. How many of your number projects must still be due to mature for keeping the "
            f"Big Cheese to be worth more than re-rolling the {card} now?")
    return QuestionInstance("big_cheese.q7", seed, text, {"number": [0, MOST_PROJECTS], "unit": "projects"},
                            answer.correct, answer.exact)
