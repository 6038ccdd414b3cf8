"""CHA-CHING!: each lesson question's declared right answer (issue 41), recomputed here from the
rule sheet's arithmetic (every mix of kinds in an 8-card hand, with its number of ways) or from the
seeded games themselves, not from the kit's analysis."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from changekit.games.cha_ching import analysis
from changekit.games.cha_ching.questions import QUESTIONS
from tests.unit.chance_checks import (cha_ching_false_out, cha_ching_losing_hands_by_round, cha_ching_solo_turns,
                                      mean_with_interval, ratio_with_interval)

#: the rule sheet: number cards at face value, ¢ and CHA-CHING 0 towards a total, a $ any number card
NUMBERS = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50}
KINDS = ("1", "5", "10", "25", "50", "cent", "wild", "chaching")
#: the targets: a black die 1-9 (a black 0 is rolled again) for the tens, a white die 0-9 for the units
TARGETS = [10 * black + white for black in range(1, 10) for white in range(10)]


def totals(hand) -> set[int]:
    """Every total the hand makes, each $ valued freely."""
    made = {sum(NUMBERS.get(card, 0) for card in hand)}
    for _ in range(hand.count("wild")):
        made = {s + v for s in made for v in NUMBERS.values()}
    return made


def hand_penalty(hand) -> int:
    highest = max((NUMBERS[c] for c in hand if c in NUMBERS), default=50)
    return (sum(NUMBERS.get(c, 0) for c in hand) + 50 * hand.count("chaching")
            + highest * hand.count("wild"))


@cache
def hands(deck: tuple[tuple[str, int], ...]) -> list[tuple[int, tuple[str, ...], frozenset[int]]]:
    """Every 8-card mix of kinds with its number of ways from ``deck`` and the totals it makes."""
    counts = dict(deck)
    out = []
    for hand in combinations_with_replacement(KINDS, 8):
        ways = 1
        for kind in set(hand):
            ways *= comb(counts[kind], hand.count(kind))
        if ways:
            out.append((ways, hand, frozenset(totals(hand))))
    return out


def hit_chance(target: int, deck=tuple((k, 15) for k in KINDS)) -> Fraction:
    all_ways = sum(w for w, _, _ in hands(deck))
    return Fraction(sum(w for w, _, made in hands(deck) if target in made), all_ways)


def fresh_hit(deck=tuple((k, 15) for k in KINDS)) -> Fraction:
    return sum((hit_chance(t, deck) for t in TARGETS), Fraction(0)) / len(TARGETS)


def assert_range_around(qid: str, percent_value: float, tolerance: float) -> None:
    low, high = QUESTIONS[qid].kit_answer().correct["range"]
    assert low <= percent_value <= high
    assert abs(low - max(0, percent_value - tolerance)) <= 0.01
    assert abs(high - min(100, percent_value + tolerance)) <= 0.01


def test_question_1_the_likeliest_target_is_96() -> None:
    chances = {t: hit_chance(t) for t in (10, 55, 96)}
    assert max(chances, key=chances.__getitem__) == 96 and chances[96] > 0.1
    assert QUESTIONS["cha_ching.q1"].kit_answer().correct == {"choices": ["96"]}


def test_question_2_a_fresh_hit_is_about_1_in_30() -> None:
    p = fresh_hit()
    assert 25 < 1 / p < 35  # 28.6: nearer 30 than 5 or 300 by any measure
    assert QUESTIONS["cha_ching.q2"].kit_answer().correct == {"choices": ["1 in 30"]}


def test_question_3_three_wilds_make_a_fresh_target_about_14_percent_of_the_time() -> None:
    deck = tuple((k, 15) for k in KINDS)
    three = [(w, made) for w, hand, made in hands(deck) if hand.count("wild") == 3]
    p = Fraction(sum(w * sum(t in made for t in TARGETS) for w, made in three),
                 sum(w for w, _ in three) * len(TARGETS))
    assert_range_around("cha_ching.q3", float(100 * p), 2)


def test_question_4_target_10_takes_about_four_times_the_turns_of_96() -> None:
    turns = cha_ching_solo_turns((10, 25, 40, 55, 70, 85, 96), games=100, seed=1)  # the page's call
    ratio, low, high = ratio_with_interval(turns[10], turns[96])
    assert (2 * 4) ** 0.5 < ratio < (4 * 10) ** 0.5 and low < 4 < high  # nearest 4 on a log scale, 4 inside
    answer = QUESTIONS["cha_ching.q4"].kit_answer()
    assert answer.correct == {"choices": ["about four times"]}
    assert f"{ratio:.1f} times as many (95 % interval {low:.1f} to {high:.1f})" in answer.exact


def test_question_5_a_losing_hand_costs_less_than_a_fresh_deal() -> None:
    deck = tuple((k, 15) for k in KINDS)
    fresh = Fraction(sum(w * hand_penalty(hand) for w, hand, _ in hands(deck)), sum(w for w, _, _ in hands(deck)))
    rounds = cha_ching_losing_hands_by_round(players=4, games=10, seed=2)
    mean, low, high = mean_with_interval([sum(r) / len(r) for r in rounds])
    assert high < fresh
    answer = QUESTIONS["cha_ching.q5"].kit_answer()
    assert answer.correct == {"choices": ["less"]}
    assert f"cost {mean:.0f} on average (95 % interval {low:.0f}-{high:.0f}, over its {len(rounds)} rounds)" in (
        answer.exact)


def test_question_6_six_wilds_cut_the_fresh_hit_chance_a_lot() -> None:
    fewer = analysis.COMPOSITIONS["fewer wilds"]  # the question's deck: its counts are data
    assert fewer["wild"] == 6 and sum(fewer.values()) == 120
    fall = 1 - fresh_hit(tuple(fewer.items())) / fresh_hit()
    assert fall > Fraction(1, 2)
    assert QUESTIONS["cha_ching.q6"].kit_answer().correct == {"choices": ["a lot"]}


def test_question_7_the_black_die_is_the_best_reroll() -> None:
    made = totals(["1", "1", "5", "10", "cent", "cent", "wild", "wild"])  # the page's hand; the target 42
    chances = {"the black die (tens)": Fraction(sum(10 * b + 2 in made for b in range(1, 10)), 9),
               "the white die (units)": Fraction(sum(40 + w in made for w in range(10)), 10),
               "both dice": Fraction(sum(t in made for t in TARGETS), 90)}
    assert chances == {"the black die (tens)": Fraction(4, 9), "the white die (units)": Fraction(1, 5),
                       "both dice": Fraction(7, 45)}
    assert QUESTIONS["cha_ching.q7"].kit_answer().correct == {"choices": ["the black die (tens)"]}


def test_question_8_the_powers_win_the_stored_runs_share() -> None:
    run = analysis.question8_powers()  # the stored games: test_stored_runs plays them again
    assert run.names[0] == "greedy" and run.games == 400
    assert_range_around("cha_ching.q8", 100 * run.wins[0] / run.games, 2)


def test_question_9_a_false_go_out_is_cheaper_about_99_percent_of_the_time() -> None:
    cheaper, _ = cha_ching_false_out(42)
    assert_range_around("cha_ching.q9", float(100 * cheaper), 1)
