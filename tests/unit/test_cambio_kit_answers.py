"""Cambio: each lesson question's declared right answer (issue 41), recomputed here from the rule
sheet's deck (tests/unit/cambio_powers_checks.py: every card listed, in fractions) or read off the
stored games with the textbook formulas, not from the kit's analysis."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

from changekit.games.cambio import analysis
from changekit.games.cambio.questions import QUESTIONS
from tests.unit.cambio_powers_checks import DECK, blind_swap, king, unseen, value
from tests.unit.chance_checks import z_independent


def assert_range_around(qid: str, exact: Fraction, tolerance: float) -> None:
    low, high = QUESTIONS[qid].kit_answer().correct["range"]
    assert low <= exact <= high
    assert abs(low - (exact - Fraction(tolerance))) <= 0.01 and abs(high - (exact + Fraction(tolerance))) <= 0.01


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = successes / n
    centre, half = p + z * z / (2 * n), z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def test_question_1_an_unseen_card_is_worth_84_13() -> None:
    one = Fraction(sum(unseen()), len(DECK))
    assert one == Fraction(84, 13)
    assert_range_around("cambio.q1", one, 0.1)


def test_question_2_knowing_an_ace_and_a_2_lowers_the_grid_by_3096_325() -> None:
    fresh = 4 * Fraction(sum(unseen()), len(DECK))
    rest = unseen("AS", "2H")
    known = value("AS") + value("2H") + 2 * Fraction(sum(rest), len(rest))
    assert fresh - known == Fraction(3096, 325)  # about 9.5
    assert_range_around("cambio.q2", fresh - known, 0.5)


def test_question_3_any_threshold_from_2_to_8_counts_in_the_stored_sweep() -> None:
    rows = {r["threshold"]: r for r in analysis.question3_sweep()}  # stored: test_stored_runs plays it again
    best = max(rows, key=lambda t: rows[t]["win_rate"])
    close = sorted(t for t, r in rows.items() if rows[best]["win_rate"] - r["win_rate"] <= 0.05)
    assert best == 2 and close == [2, 6, 8]
    assert QUESTIONS["cambio.q3"].kit_answer().correct == {"range": [2, 8]}


def test_question_4_the_peeking_bot_wins_about_60_percent_of_the_stored_games() -> None:
    row = next(r for r in analysis.question4_information() if r["bot"] == "uses powers")
    share = row["wins"] / row["games"]
    low, high = wilson(row["wins"], row["games"])
    assert abs(share - 0.6) < min(abs(share - 0.5), abs(share - 0.8)) and low <= 0.6 <= high
    assert not low <= 0.5 <= high and not low <= 0.8 <= high
    assert QUESTIONS["cambio.q4"].kit_answer().correct == {"choices": ["60 %"]}


def test_question_5_snapping_weighs_more_than_the_powers() -> None:
    snap = next(r for r in analysis.question5_snapping() if r["bot"] == "snaps when sure")
    peek = next(r for r in analysis.question4_information() if r["bot"] == "uses powers")
    z = z_independent(snap["wins"] / snap["games"], snap["games"], peek["wins"] / peek["games"], peek["games"])
    assert z > 1.96
    answer = QUESTIONS["cambio.q5"].kit_answer()
    assert answer.correct == {"choices": ["bigger"]} and f"z ≈ {z:.1f}" in answer.exact


def test_question_6_a_sure_snap_came_up_more_often_in_rounds_4_to_6_of_the_stored_run() -> None:
    rows = {r["round"]: r for r in analysis.question6_snap_chances()}
    counts = {k: round(r["own"] * r["n"]) for k, r in rows.items()}
    later = sum(counts[k] for k in (4, 5, 6)) / sum(rows[k]["n"] for k in (4, 5, 6))
    assert later > wilson(counts[1], rows[1]["n"])[1]
    assert QUESTIONS["cambio.q6"].kit_answer().correct == {"choices": ["easier"]}


def test_question_7_the_king_takes_the_most_off_now() -> None:
    at_known, at_unseen = king(["10S", "3H"], "KC")
    taken = {"the K": max(at_known, at_unseen), "the Q": blind_swap(["10S", "3H"], "QC"),
             "the 7": Fraction(0), "the 9": Fraction(0)}  # a look moves no card
    assert taken["the K"] == Fraction(195, 49) and max(taken, key=taken.__getitem__) == "the K"
    assert QUESTIONS["cambio.q7"].kit_answer().correct == {"choices": ["the K"]}
