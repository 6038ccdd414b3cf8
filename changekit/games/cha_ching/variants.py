"""Fresh instances of the lesson's questions (issue 46): the same idea with other targets, another
number of `$` cards in the deck or the hand, another hand to re-roll for, the exact answer from
:mod:`.analysis`. Pure Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import choice_variant, exact_fraction, percent, percent_variant, rng_for

from . import analysis
from changekit.stats.exact import draw_ways

from .rules import CARDS, DEFAULT_DECK, HAND_SIZE, LABELS, can_reach, penalty, wild_sums

#: the numbers of `$` cards a variant's deck may hold (the default deck has 15 of each card)
DECK_WILDS = range(5, 21)


def _deck(wilds: int) -> dict[str, int]:
    """The default deck with ``wilds`` `$` cards instead of 15."""
    return {card: (wilds if card == "wild" else 15) for card in CARDS}


def _deck_words(wilds: int) -> str:
    return f"15 of each card except the `$`: {wilds} of those ({105 + wilds} cards)"


def targets_variant(seed: int) -> QuestionInstance:
    """Question 1 with three other targets: which one a fresh hand most often makes already."""
    rng = rng_for("cha_ching.q1", seed)
    while True:
        targets = sorted(rng.sample(range(10, 100), 3))
        chances = {t: analysis.prob_hand_hits(t) for t in targets}
        best = max(chances.values())
        if sum(p == best for p in chances.values()) == 1:  # one right answer
            break
    right = next(t for t in targets if chances[t] == best)
    text = (f"**Question 1, your own numbers.** You are dealt 8 cards from the shuffled default deck. Which target "
            f"is a fresh hand most likely to make already: {targets[0]}, {targets[1]} or {targets[2]}?")
    exact = "; ".join(f"{t}: {percent(chances[t])}" for t in targets) + f". The most likely is {right}."
    return choice_variant("cha_ching.q1", seed, text, [str(t) for t in targets], str(right), exact)


@lru_cache(maxsize=None)
def _fresh_hit(wilds: int) -> Fraction:
    return analysis.fresh_hit_chance(_deck(wilds))


def fresh_hit_variant(seed: int) -> QuestionInstance:
    """Question 2 with another number of `$` cards in the deck, the chance asked in %."""
    wilds = rng_for("cha_ching.q2", seed).choice(DECK_WILDS)
    text = (f"**Question 2, your own numbers.** The deck holds {_deck_words(wilds)}. What is the chance (in %) that a "
            "fresh hand of 8 already makes a freshly rolled target (10 to 99, each alike)?")
    return percent_variant("cha_ching.q2", seed, text, _fresh_hit(wilds), tolerance=1)


@lru_cache(maxsize=None)
def _wild_value(wilds: int) -> dict[int, dict[str, Fraction]]:
    return analysis.wild_value(_deck(wilds))


def wild_value_variant(seed: int) -> QuestionInstance:
    """Question 3 with another number of `$` cards in the hand and in the deck."""
    rng = rng_for("cha_ching.q3", seed)
    deck_wilds = rng.choice(DECK_WILDS)
    in_hand = rng.randint(1, 5)
    chance = _wild_value(deck_wilds)[in_hand]["hits_fresh_target"]
    text = (f"**Question 3, your own numbers.** The deck holds {_deck_words(deck_wilds)}. Your fresh hand of 8 holds "
            f"exactly **{in_hand}** `$` card{'s' if in_hand > 1 else ''} (the rest dealt at random from the other "
            "cards). What is the chance (in %) that it makes a freshly rolled target?")
    return percent_variant("cha_ching.q3", seed, text, chance, tolerance=2)


DICE = {"black": "the black die (tens)", "white": "the white die (units)", "both": "both dice"}


def reroll_variant(seed: int) -> QuestionInstance:
    """Question 7 with another hand (two `$` cards or more) and another target."""
    rng = rng_for("cha_ching.q7", seed)
    others = ["1", "5", "10", "25", "cent"]
    while True:
        hand = ["wild"] * rng.randint(1, 3) + [rng.choice(others) for _ in range(7)]
        hand = hand[:8]
        target = rng.randint(10, 99)
        chances = analysis.reroll_chances(hand, target)
        if any(chances.values()) and not can_reach(hand, target):  # the re-roll matters
            break
    best = max(chances.values())
    rights = [DICE[d] for d in DICE if chances[d] == best]
    shown = ", ".join(f"`{LABELS[c]}`" for c in sorted(hand, key=CARDS.index))
    text = (f"**Question 7, your own numbers.** Your eight cards are {shown} (each `$` counts 1, 5, 10, 25 or 50) "
            f"and the target is {target}, which they cannot make. Which re-roll gives them the best chance to make "
            "the new target at once?")
    exact = ("; ".join(f"{DICE[d]}: {exact_fraction(chances[d]).removeprefix('exactly ')}" for d in DICE)
             + f". Best: {' and '.join(rights)}.")
    return choice_variant("cha_ching.q7", seed, text, list(DICE.values()), rights, exact)


@lru_cache(maxsize=1)
def _fresh_hands() -> tuple[tuple[int, int, int], ...]:
    """Every fresh 8-card hand of the default deck, by kind: (ways, the totals it makes as a bit
    mask, its penalty). One pass, so each target's answer is a quick sum (the analysis's
    :func:`~.analysis.false_out_odds` walks the hands again for every target: ~0.1 s each)."""
    hands = []
    for drawn, ways in draw_ways(dict(DEFAULT_DECK), HAND_SIZE):
        hand = [card for card, k in drawn.items() for _ in range(k)]
        fixed = sum(int(c) * k for c, k in drawn.items() if c not in ("cent", "wild", "chaching"))
        hands.append((ways, wild_sums(drawn.get("wild", 0)) << fixed, penalty(hand)))
    return tuple(hands)


@lru_cache(maxsize=None)
def _false_out(target: int) -> Fraction:
    """The chance a false go-out is cheaper, over fresh hands that cannot make ``target`` (what
    ``analysis.false_out_odds(target)["cheaper"]`` gives)."""
    missing = cheaper = 0
    for ways, reach, cost in _fresh_hands():
        if not reach >> target & 1:
            missing += ways
            cheaper += ways * (cost > target)
    return Fraction(cheaper, missing)


def false_out_variant(seed: int) -> QuestionInstance:
    """Question 9 with another target."""
    target = rng_for("cha_ching.q9", seed).randint(10, 99)
    text = (f"**Question 9, your own numbers.** Two players. Your opponent is sure to go out on their next turn, and "
            f"your hand cannot make the target {target}. A false go-out costs you the target, {target}, and your "
            "opponent nothing; if you wait, their going out costs you your hand's penalty. Over fresh hands that "
            f"cannot make {target}, how often (in %) is the false go-out the cheaper choice?")
    return percent_variant("cha_ching.q9", seed, text, _false_out(target), tolerance=1)
