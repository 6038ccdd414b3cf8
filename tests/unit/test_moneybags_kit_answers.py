"""Moneybags: each lesson question's declared right answer (issue 41), recomputed here from the pour
counted by hand (every way to pour 67 coins into 4 bags, at least one each, alike; the diamond in
any bag alike) or read off the stored games, not from the kit's analysis."""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from changekit.games.moneybags import analysis
from changekit.games.moneybags.questions import QUESTIONS
from tests.unit.chance_checks import z_same_games

COINS, PLAYERS, DIAMOND = 67, 4, 10
WHERE = {"A": Fraction(1, 4), "B": Fraction(1, 4), "elsewhere": Fraction(1, 2)}


@cache
def pour() -> dict[tuple[int, int], Fraction]:
    """P(bag A holds a, bag B holds b): the other two bags share the rest, one coin each at least."""
    ways = {(a, b): COINS - a - b - 1 for a in range(1, COINS) for b in range(1, COINS) if COINS - a - b >= 2}
    total = sum(ways.values())
    return {ab: Fraction(w, total) for ab, w in ways.items()}


def stacks(a: int, b: int, diamond: str) -> tuple[int, int]:
    return a + DIAMOND * (diamond == "A"), b + DIAMOND * (diamond == "B")


def test_question_1_a_challenge_wins_4661_in_5724_after_the_steal() -> None:
    others = {b: 55 - b - 1 for b in range(1, 54)}  # your 12 coins: B and the two others share 55
    total = sum(others.values())
    win = sum(Fraction(w, total) * q for b, w in others.items() for d, q in WHERE.items()
              if stacks(12 - 4, b + 4, d)[1] > stacks(12 - 4, b + 4, d)[0])
    assert win == Fraction(4661, 5724)
    low, high = QUESTIONS["moneybags.q1"].kit_answer().correct["range"]
    assert (low, high) == (79.42, 83.43) and low <= 100 * win <= high  # 81.43 % ± 2


def test_question_2_the_blind_grab_tips_the_challenge_above_one_half() -> None:
    def chance(grab: bool) -> float:  # in floats: both are far enough from one half (0.49 and 0.68)
        win = 0.0
        for (a, b), p in pour().items():
            for d, q in WHERE.items():
                for k in range(9) if grab else [0]:
                    t = min(k, a)
                    for felt in (True, False) if grab else [False]:
                        ha, hb = stacks(a - t, b + t, "B" if felt and d == "A" else d)
                        win += float(p * q) * (1 / 18 if grab else 1) * (hb > ha)  # 9 grabs alike, felt or not
        return win

    before, after = chance(grab=False), chance(grab=True)
    assert 0.48 < before < 0.5 < 0.66 < after < 0.69
    assert f"{after:.3f}" in QUESTIONS["moneybags.q2"].kit_answer().exact
    assert QUESTIONS["moneybags.q2"].kit_answer().correct == {"choices": ["above one half"]}


def test_question_3_the_best_grab_is_one_below_the_victims_threshold() -> None:
    def height(k: int) -> Fraction:
        ev = Fraction(0)
        for (a, b), p in pour().items():
            for d, q in WHERE.items():
                t = min(k, a)
                ha, hb = stacks(a - t, b + t, d)
                if t < 6:  # the victim lets it go
                    ev += p * q * hb
                elif ha >= hb:  # challenged: the victim as tall or taller is out, the thief takes both
                    ev += p * q * (ha + hb)
        return ev

    heights = {k: height(k) for k in range(16)}
    assert max(heights, key=heights.__getitem__) == 5 and round(float(heights[5]), 2) == 23.81
    assert QUESTIONS["moneybags.q3"].kit_answer().correct == {"choices": ["5"]}


def test_question_4_poured_evenly_the_boss_wins_most_rounds_of_the_stored_run() -> None:
    even = analysis.question4_study()["even"]  # the stored rounds: test_stored_runs plays them again
    wins = [round(e.value * e.n) for e in even]
    assert [w / 150 for w in wins] == [e.value for e in even] and sum(wins) <= 150
    assert wins.index(max(wins)) == PLAYERS - 1  # turn positions from the Boss's left: the last is the Boss
    second = sorted(wins)[-2]
    z = z_same_games(max(wins) / 150, second / 150, 150)
    answer = QUESTIONS["moneybags.q4"].kit_answer()
    assert answer.correct == {"choices": ["the Boss, who moves last"]}
    assert f"z ≈ {z:.1f}" in answer.exact and z > 1.96


def test_question_5_the_bayesian_bot_wins_most_of_the_stored_games() -> None:
    run = analysis.question5_tournament()
    share = dict(zip(run.names, (w / run.games for w in run.wins), strict=True))
    assert max(share, key=share.__getitem__) == "bayesian"
    assert z_same_games(share["bayesian"], sorted(share.values())[-2], run.games) > 1.96
    assert QUESTIONS["moneybags.q5"].kit_answer().correct == {"choices": ["bayesian"]}


def test_question_6_the_closer_wins_the_stored_runs_share() -> None:
    run = analysis.question6_tournament()
    share = 100 * run.wins[run.names.index("closer")] / run.games
    low, high = QUESTIONS["moneybags.q6"].kit_answer().correct["range"]
    assert abs(low - (share - 2)) < 0.01 and abs(high - (share + 2)) < 0.01
