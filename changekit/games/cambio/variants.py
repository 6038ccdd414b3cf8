"""Fresh instances of the lesson's questions (issue 46): the same idea with other cards already
seen and the deck with or without its two jokers, the exact answer from :mod:`.analysis`. Pure
Python: no widgets."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from changekit.core.questions import QuestionInstance
from changekit.games.variant_tools import number_variant, rng_for
from changekit.stats.exact import mean

from . import analysis
from .rules import DECK_CODES, _VALUES

#: how a card is shown in a question (the code's suit letter as its symbol)
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _shown(code: str) -> str:
    if code in ("SJ", "BJ"):
        return "a joker"
    return code[:-1] + _SUITS[code[-1]]


def _deck_words(jokers: bool) -> str:
    return "a 52-card deck and its two jokers (worth 0)" if jokers else "a 52-card deck (no jokers)"


def unseen_card_variant(seed: int) -> QuestionInstance:
    """Question 1 with some cards already seen (out of the deck), with or without jokers."""
    rng = rng_for("cambio.q1", seed)
    jokers = rng.random() < 0.5
    seen = rng.sample(DECK_CODES[jokers], rng.randint(1, 4))
    dist = analysis.unseen_card_distribution(jokers=jokers, removed=seen, sympy=False)
    text = (f"**Question 1, your own numbers.** The game uses {_deck_words(jokers)}; red kings are worth −1. You have "
            f"already seen {', '.join(_shown(c) for c in seen)}. What is a card you have never seen worth on average?")
    return number_variant("cambio.q1", seed, text, mean(dist), bounds=[-1, 13], tolerance=0.1, unit="points")


@lru_cache(maxsize=2)  # the same two fresh grids (with or without jokers) for every student
def _fresh_grid_mean(jokers: bool) -> Fraction:
    return mean(analysis.grid_total_distribution(unknown=4, jokers=jokers, sympy=False))


def known_grid_variant(seed: int) -> QuestionInstance:
    """Question 2 with two other known cards: how much lower than a fresh grid the total averages."""
    rng = rng_for("cambio.q2", seed)
    jokers = rng.random() < 0.5
    low = [c for c in DECK_CODES[jokers] if _VALUES[c] <= 5]
    known = rng.sample(low, 2)
    fresh = _fresh_grid_mean(jokers)
    mixed = mean(analysis.grid_total_distribution(known=known, unknown=2, jokers=jokers, sympy=False))
    text = (f"**Question 2, your own numbers.** The game uses {_deck_words(jokers)}. Compare a fresh grid of four "
            f"unseen cards with a grid where you know two cards are {_shown(known[0])} and {_shown(known[1])} "
            "(red kings are worth −1) and the other two are unseen. How much lower is the second one's total on "
            "average?")
    return number_variant("cambio.q2", seed, text, Fraction(fresh - mixed), bounds=[0, 40], tolerance=0.5,
                          unit="points lower")
