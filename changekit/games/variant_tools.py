"""Small helpers every game's ``variants.py`` uses to build a lesson question's fresh instance
(issue 46; see :class:`changekit.core.questions.QuestionInstance`). Pure Python: no widgets.

>>> percent_variant("demo.q1", 7, "How likely?", Fraction(1, 3), tolerance=2).correct
{'range': [31.33, 35.34]}
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping, Sequence

from changekit.core.questions import KitAnswer, QuestionInstance
from changekit.stats.tournaments import TournamentResult


def rng_for(qid: str, seed: int) -> random.Random:
    """The variant's own random numbers: fixed by the question and the seed (a string seed is
    hashed the same way in every process, unlike ``hash()``)."""
    return random.Random(f"{qid}:{seed}")


def percent(p: Fraction | float) -> str:
    """A chance in % to one decimal, as the lessons write it."""
    return f"{100 * float(p):.1f} %"


def exact_fraction(p: Fraction) -> str:
    """``exactly a/b`` for a fraction that is not a whole number, else the number."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"exactly {p.numerator}/{p.denominator}"


def percent_answer(p: Fraction | float, *, tolerance: float = 2, note: str = "", measured: bool = False) -> KitAnswer:
    """The right answer to a slider question (0 to 100 %): the chance ``p`` give or take
    ``tolerance`` percentage points (widened outward to hundredths, so ``p`` is in). An exact
    Fraction is said with its fraction; a float (a stored, rounded value) or a share a seeded run
    ``measured`` is not called exact."""
    # a float read as the decimal it prints (0.735 is 147/200, not the binary double under it)
    value = 100 * (Fraction(repr(p)) if isinstance(p, float) else Fraction(p))
    low = max(0.0, _floor2(value - Fraction(tolerance).limit_denominator()))
    high = min(100.0, _ceil2(value + Fraction(tolerance).limit_denominator()))
    shown = f"{percent(p)} ({exact_fraction(p)})" if isinstance(p, Fraction) and not measured else percent(p)
    exact = f"{shown}; answers from {low:g} % to {high:g} % count as right" + (f". {note}" if note else "")
    return KitAnswer({"range": [low, high]}, percent(p), exact)


def number_answer(value: Fraction, *, tolerance: float, unit: str = "", note: str = "") -> KitAnswer:
    """The right answer to a number question: ``value`` give or take ``tolerance``."""
    value = Fraction(value)
    tol = Fraction(tolerance).limit_denominator()
    low, high = _floor2(value - tol), _ceil2(value + tol)
    short = f"{float(value):g}" if value.denominator == 1 else f"{float(value):.3g}"
    shown = short if value.denominator == 1 else f"{short} ({exact_fraction(value)})"
    exact = f"{shown}{' ' + unit if unit else ''}; answers from {low:g} to {high:g} count as right" + (
        f". {note}" if note else "")
    return KitAnswer({"range": [low, high]}, f"{short}{' ' + unit if unit else ''}", exact)


def choice_answer(right: str | Sequence[str], exact: str) -> KitAnswer:
    """The right answer to a multiple-choice question: one choice or several, and why in a sentence."""
    rights = [right] if isinstance(right, str) else list(right)
    return KitAnswer({"choices": rights}, " or ".join(rights), exact)


def leaders_answer(result: TournamentResult, choices: Mapping[str, str], *, cannot_rank: str = "",
                   run: str = "the stored seeded run") -> KitAnswer:
    """The right answer to "which bot wins most often?" from a tournament's games: the bot that won
    the most and every bot the test of the difference (two shares of the same games) cannot tell
    from it (:meth:`TournamentResult.leaders`). ``choices`` maps each bot's name to its choice;
    ``cannot_rank``, the choice saying these games cannot rank the bots, is right when none can be
    told from the top one. ``run`` names the games in the sentence."""
    names = list(dict.fromkeys(result.names))
    leaders = result.leaders()
    top = max(names, key=result.share)
    behind = [n for n in names if n not in leaders]
    rights = [cannot_rank] if cannot_rank and not behind else [choices[n] for n in leaders]
    shares = ", ".join(f"{n} {100 * result.share(n):.1f} %" for n in names)
    if len(leaders) == 1:
        runner_up = max(behind, key=result.share)
        verdict = (f"{top} won most, and the test of its difference from {runner_up} gives "
                   f"z ≈ {result.difference_z(top, runner_up):.1f}, beyond 1.96")
    else:
        farthest = min(leaders, key=result.share)  # of the bots it cannot be told from
        verdict = (f"{top} won most, but the test of its difference from {farthest} gives "
                   f"z ≈ {result.difference_z(top, farthest):.1f}, under 1.96, so these games cannot rank "
                   f"{', '.join(leaders[:-1])} and {leaders[-1]}")
        for n in behind:
            nearest = min(leaders, key=lambda leader: abs(result.difference_z(leader, n)))
            verdict += (f"; {n} falls behind by the same test (z ≈ {result.difference_z(nearest, n):.1f} "
                        f"against {nearest})")
    value = cannot_rank if rights == [cannot_rank] else " or ".join(leaders)  # bots' names: short on a projector
    exact = f"{value[0].upper()}{value[1:]}. In {run} of {result.games} games the bots won {shares}; {verdict}."
    return KitAnswer({"choices": rights}, value, exact)


def percent_variant(qid: str, seed: int, text: str, p: Fraction | float, *, tolerance: float = 2,
                    note: str = "") -> QuestionInstance:
    """A slider question (0 to 100 %, step 1) whose right answer is :func:`percent_answer`."""
    answer = percent_answer(p, tolerance=tolerance, note=note)
    return QuestionInstance(qid, seed, text, {"slider": [0, 100, 1], "unit": "%"}, answer.correct, answer.exact)


def number_variant(qid: str, seed: int, text: str, value: Fraction, *, bounds: Sequence[float],
                   tolerance: float, unit: str = "", note: str = "") -> QuestionInstance:
    """A number question whose right answer is :func:`number_answer`."""
    answer = number_answer(value, tolerance=tolerance, unit=unit, note=note)
    how: dict[str, Any] = {"number": list(bounds)}
    if unit:
        how["unit"] = unit
    return QuestionInstance(qid, seed, text, how, answer.correct, answer.exact)


def choice_variant(qid: str, seed: int, text: str, choices: Sequence[str], right: str | Sequence[str],
                   exact: str) -> QuestionInstance:
    """A multiple-choice instance; ``right`` is one choice or several (each among ``choices``)."""
    answer = choice_answer(right, exact)
    return QuestionInstance(qid, seed, text, {"choices": list(choices)}, answer.correct, answer.exact)


def _floor2(x: Fraction) -> float:
    return float(Fraction(int((x * 100) // 1), 100))


def _ceil2(x: Fraction) -> float:
    return float(Fraction(-int((-x * 100) // 1), 100))
