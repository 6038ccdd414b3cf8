"""Fresh instances of the lesson's questions (issue 46): the same idea with other purses, the
exact answer from the kit's solver (:mod:`.table`). Pure Python: no widgets."""
from __future__ import annotations

import math
import random

from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.core.words import dollars as _dollars
from changekit.games.variant_tools import choice_answer, choice_variant, rng_for

from .table import count_games, counts_of, solve_position

BILLS = (1, 3, 5, 7, 10)
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _about_power(power: int) -> str:
    return f"about 10{str(power).translate(_SUPERSCRIPTS)}"


def dollars(bills: tuple[int, ...]) -> str:
    """Bills as the question shows them: each amount in backticks, as the lessons write money (a
    bare "$" pair could be read as mathematics)."""
    return ", ".join(f"`{b}`" for b in _dollars(bills).split(", "))


def _purse(rng: random.Random, least: int, most: int) -> tuple[int, ...]:
    return tuple(sorted((rng.choice(BILLS) for _ in range(rng.randint(least, most))), reverse=True))


def _mover_wins(mover: tuple[int, ...], other: tuple[int, ...]) -> bool:
    return solve_position(mover, other, ()).mover_wins


SEAT_CHOICES = ["first", "second", "it makes no difference"]


def _seat_outcomes(yours: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[bool, bool]:
    """Do you win moving first, and do you win moving second (both sides playing perfectly)?"""
    return _mover_wins(yours, theirs), not _mover_wins(theirs, yours)


def seat_answer(yours: tuple[int, ...], theirs: tuple[int, ...]) -> KitAnswer:
    """Question 1's right answer for these purses (the lesson's and its variants'), solved exactly."""
    first, second = _seat_outcomes(yours, theirs)
    right = SEAT_CHOICES[2] if first == second else SEAT_CHOICES[0] if first else SEAT_CHOICES[1]

    def outcome(wins: bool) -> str:
        return "you win" if wins else "you lose"
    return choice_answer(right, f"Moving first {outcome(first)}; moving second {outcome(second)}: {right}.")


def tiny_variant(seed: int) -> QuestionInstance:
    """Question 1 with two other tiny purses (yours and your opponent's differ)."""
    rng = rng_for("diminishing.q1", seed)
    while True:  # most unequal purses win from either seat: keep only a quarter of those
        yours, theirs = _purse(rng, 1, 3), _purse(rng, 1, 3)
        first, second = _seat_outcomes(yours, theirs)
        if first != second or rng.random() < 0.25:
            break
    answer = seat_answer(yours, theirs)
    text = (f"**Question 1, your own numbers.** A tiny game: you hold {dollars(yours)} and your opponent "
            f"{dollars(theirs)}; the pot is empty. With perfect play on both sides, would you rather move first or "
            "second?")
    return choice_variant("diminishing.q1", seed, text, SEAT_CHOICES, answer.correct["choices"], answer.exact)


WINNER_CHOICES = ["the first player", "the second player"]


def start_answer(first: tuple[int, ...], second: tuple[int, ...]) -> KitAnswer:
    """Question 2's right answer for these purses (the lesson's and its variants'), solved exactly."""
    right = WINNER_CHOICES[0] if _mover_wins(first, second) else WINNER_CHOICES[1]
    return choice_answer(right, f"With perfect play {right} wins.")


def start_variant(seed: int) -> QuestionInstance:
    """Question 2 with two other purses of three bills (unequal: with equal purses the second
    player wins every start the kit has solved)."""
    rng = rng_for("diminishing.q2", seed)
    while True:
        first, second = _purse(rng, 3, 3), _purse(rng, 3, 3)
        if first != second:
            break
    answer = start_answer(first, second)
    text = (f"**Question 2, your own numbers.** The first player starts with {dollars(first)}, the second with "
            f"{dollars(second)}, and the pot is empty. Who wins with perfect play?")
    return choice_variant("diminishing.q2", seed, text, WINNER_CHOICES, answer.correct["choices"], answer.exact)


def about_power(count: int) -> str:
    """A count as the questions round it: "about 10ⁿ", n the nearest power of ten."""
    return _about_power(round(math.log10(count)))


def games_variant(seed: int) -> QuestionInstance:
    """Question 3 with another purse (both players hold it): how many different games there are."""
    rng = rng_for("diminishing.q3", seed)
    purse = _purse(rng, 3, 5)
    games = count_games(counts_of(purse))
    power = round(math.log10(games))
    spread = 3 if power >= 3 else 1
    powers = sorted({max(0, power - spread), power, power + spread})
    choices = [_about_power(p) for p in powers]
    text = (f"**Question 3, your own numbers.** Both players start with {dollars(purse)}. How many different games "
            "(sequences of moves from the start to the end) are there?")
    exact = f"Exactly {games:,} different games: {_about_power(power)}."
    return choice_variant("diminishing.q3", seed, text, choices, _about_power(power), exact)
