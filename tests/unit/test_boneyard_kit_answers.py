"""Boneyard's lesson questions declare the right answers the kit computes (issue 41): each one
recomputed here, by summing over every tuple of opponents' bids (the round's rules written out in
tests/unit/test_boneyard_equilibrium.py), by the rule sheet's rebuild (boneyard_rebuild_checks),
or from a seeded run's own games with the textbook tests (chance_checks)."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt
from typing import Any

import pytest

from changekit.games.boneyard import analysis
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE
from changekit.games.boneyard.questions import QUESTIONS
from tests.unit.boneyard_rebuild_checks import by_the_sheet
from tests.unit.chance_checks import game_shares, leaders_by_the_test, z_for_two_sided, z_same_games
from tests.unit.test_boneyard_equilibrium import brute_force_payoffs


def hundredths(x: Fraction, up: bool) -> float:
    """``x`` rounded outward to hundredths."""
    scaled = x * 100
    whole = -((-scaled.numerator) // scaled.denominator) if up else scaled.numerator // scaled.denominator
    return whole / 100


def test_question1_four_players_bid_the_dollar_about_one_time_in_three() -> None:
    mix = EQUILIBRIUM_TABLE[4]
    payoffs = brute_force_payoffs(mix, 3)  # every bid's net against three opponents bidding the mix
    best = max(payoffs.values())
    assert all(abs(payoffs[t] - best) < 1e-7 for t, p in mix.items() if p > 0)  # it is an equilibrium
    named = {"never": 0, "one time in ten": 0.1, "one time in three": 1 / 3, "every time": 1}
    nearest = min(named, key=lambda choice: abs(named[choice] - mix[1]))
    answer = QUESTIONS["boneyard.q1"].kit_answer()
    assert nearest == "one time in three" and answer.correct == {"choices": [nearest]}
    assert "0.325" in answer.exact  # the reading's "about a third of the time (0.325)"


def test_question2_the_dollar_grows_more_popular_from_three_to_eight_players() -> None:
    change = 100 * (EQUILIBRIUM_TABLE[8][1] - EQUILIBRIUM_TABLE[3][1])
    assert change > 2 and abs(EQUILIBRIUM_TABLE[8][1] - 0.5) < 0.01  # "grows to half of all bids at 8 players"
    assert QUESTIONS["boneyard.q2"].kit_answer().correct == {"choices": ["more popular"]}


def test_question3_newton_reaches_the_floor_of_rounding_in_three_or_four_steps() -> None:
    result = analysis.first_round_equilibrium(5)  # the chart's run
    newton = list(result.history[result.newton_from:])
    first = min(step for step, ex in enumerate(newton, 1) if ex < 1e-14)
    assert (first, len(newton)) == (3, 4)  # the reading's "three or four steps"
    assert QUESTIONS["boneyard.q3"].kit_answer().correct == {"range": [first, len(newton)]}


def test_question4_the_dollar_is_the_best_reply_to_this_class() -> None:
    bids = [1, 1, 1, 3, 3, 4, 5, 5, 5, 6, 7, 7, 10, 10, 13]
    dist = {t: Fraction(bids.count(t), len(bids)) for t in set(bids)}
    payoffs = brute_force_payoffs(dist, 3)
    best = [t for t, v in payoffs.items() if v == max(payoffs.values())]
    assert best == [1] and payoffs[1] == Fraction(37, 25)  # the reading's 37/25
    answer = QUESTIONS["boneyard.q4"].kit_answer()
    assert answer.correct == {"choices": ["$1, the other most popular"]}
    assert f"$13: {float(payoffs[13]):+.3f}" in answer.exact


def runs_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    """Keeps what ``analysis.<name>`` returns while a right answer is computed (its seeded games,
    played once: the test reads the same games the answer read)."""
    real, seen = getattr(analysis, name), []

    def keep(*args: Any, **kwargs: Any) -> Any:
        seen.append(real(*args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(analysis, name, keep)
    return seen


def test_question5_history_wins_most_by_the_test(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = runs_of(monkeypatch, "bot_tournament")
    answer = QUESTIONS["boneyard.q5"].kit_answer()
    (result,) = runs
    names = ["random", "equilibrium", "outbid", "history"]
    assert (result.names, result.games) == (names, 200)  # the answer's line-up and length
    assert leaders_by_the_test(result, names) == ["history"]
    z = z_same_games(*game_shares(result, "history", "outbid"))
    assert f"{z:.1f}" == "7.4"  # the reading's z ≈ 7.4
    assert answer.correct == {"choices": ["history"]} and f"z ≈ {z:.1f}" in answer.exact


def test_question6_a_race_lasts_about_eight_and_a_half_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = runs_of(monkeypatch, "equilibrium_race")
    answer = QUESTIONS["boneyard.q6"].kit_answer()
    (race,) = runs
    assert (race.players, race.games, race.seed, len(race.rounds)) == (4, 400, 0, 400)  # the answer's run
    mean = Fraction(sum(race.rounds), len(race.rounds))
    assert answer.correct == {"range": [hundredths(mean - 1, up=False), hundredths(mean + 1, up=True)]}
    assert round(float(mean), 1) == 8.5  # the reading's "about 8.5 rounds"


def test_question7_the_race_bots_interval_holds_a_quarter() -> None:
    result = analysis.question7_race()
    wins, n = result.wins[result.names.index("race")], result.games
    z = z_for_two_sided(0.05)
    p = wins / n  # Wilson's interval, written out
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert centre - half < 0.25 < centre + half
    assert (round(100 * (centre - half)), round(100 * (centre + half))) == (24, 31)  # the reading's 24-31 %
    assert QUESTIONS["boneyard.q7"].kit_answer().correct == {"choices": ["about a quarter: these games cannot tell"]}


def test_question8_the_richest_bucket_shrinks_three_times_in_four() -> None:
    below = by_the_sheet(4)["below"]  # every first round, one player at a time, rebuilt by the sheet
    answer = QUESTIONS["boneyard.q8"].kit_answer()
    low, high = answer.correct["range"]
    assert hundredths(100 * below - 5, up=False) - 0.01 <= low <= 100 * below - 5 + 0.01
    assert 100 * below + 5 - 0.01 <= high <= hundredths(100 * below + 5, up=True) + 0.01
    assert answer.value == f"{100 * float(below):.1f} %" == "75.9 %"  # the reading's 75.9 %


def test_every_boneyard_question_declares_its_right_answer() -> None:
    assert all(q.right is not None for q in QUESTIONS.values())
