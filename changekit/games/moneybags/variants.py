"""Fresh instances of the lesson's questions (issue 46): the same idea with another bag, another
steal, another table or another victim's threshold, the exact answer from :mod:`.analysis`. Pure
Python: no widgets. The diamond stacks as tall as 10 coins (the kit's reading of the rules)."""
from __future__ import annotations

from functools import lru_cache

from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import choice_variant, percent_variant, rng_for

from . import analysis
from .model import float_prior
from .rules import COINS

DIAMOND_HEIGHT = 10


def robbed_variant(seed: int) -> QuestionInstance:
    """Question 1 with another table, another bag of yours and another steal: the exact chance a
    challenge wins right after it."""
    rng = rng_for("moneybags.q1", seed)
    players = rng.randint(3, 6)
    held = rng.randint(6, 20)
    taken = rng.randint(1, min(8, held - 1))
    prior = analysis.held_prior(held, COINS, players)
    steps = analysis.challenge_story(taken=taken, prior=prior, diamond_height=DIAMOND_HEIGHT)
    text = (f"**Question 1, your own numbers.** {players} players; the Boss poured the {COINS} coins and the diamond "
            f"at random (at least one coin a bag). Your bag held {held} coins, and a thief has just taken {taken} of "
            "them (not the diamond) into their own bag. The diamond stacks as tall as 10 coins. What is the chance "
            "(in %) that the thief's stack is now taller than yours, so that a challenge wins?")
    return percent_variant("moneybags.q1", seed, text, steps[1].value.p_win, tolerance=2)


MOST_COINS = 15


@lru_cache(maxsize=None)  # 4 tables x 8 thresholds; each curve takes ~0.1 s the first time
def _steal_curve(players: int, threshold: int) -> tuple[analysis.StealValue, ...]:
    prior = dict(float_prior(COINS, players))
    return tuple(analysis.steal_curve(prior, analysis.ChallengeIfLossAtLeast(threshold), max_coins=MOST_COINS))


def steal_variant(seed: int) -> QuestionInstance:
    """Question 3 with another table and another victim's threshold: the grab that leaves the
    thief's stack tallest on average (coins only, no diamond)."""
    rng = rng_for("moneybags.q3", seed)
    players = rng.randint(3, 6)
    threshold = rng.randint(3, 10)
    most = MOST_COINS
    curve = _steal_curve(players, threshold)
    best = analysis.best_steal(curve)
    choices = sorted({str(best.coins), str(threshold - 1), str(threshold)}, key=int)
    for extra in (threshold + 1, threshold - 2):  # three numbers, then "as many as you can"
        if len(choices) < 3 and 0 <= extra <= most:
            choices = sorted({*choices, str(extra)}, key=int)
    as_many = f"as many as you can ({most})"
    right = as_many if best.coins == most else str(best.coins)
    text = (f"**Question 3, your own numbers.** {players} players, a random pour. Your victim feels exactly how much "
            f"is taken and challenges when it is **{threshold} or more** coins. How many coins (0 to {most}, no "
            "diamond) should you take to make your own stack tallest on average?")
    exact = (f"Take {best.coins}: your stack then averages {float(best.ev):.2f} coins tall, against "
             f"{float(curve[0].ev):.2f} for taking none.")
    return choice_variant("moneybags.q3", seed, text, [*choices, as_many], right, exact)
