"""The Big Cheese's lesson questions declare the right answers the kit computes (issue 41): each
one recomputed here from the rule sheet's arithmetic (tests/unit/chance_checks.py: the seven
cards, their payouts under each scheme), by a closed form, or from a stored seeded run with the
textbook tests."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

from changekit.games.big_cheese import analysis
from changekit.games.big_cheese.questions import QUESTIONS
from tests.unit.chance_checks import (
    BIG_CHEESE_CARDS, big_cheese_highest_reroll, big_cheese_payouts, game_shares, leaders_by_the_test, spread,
    z_for_two_sided, z_same_games,
)


def test_question1_the_polyhedral_twenty_is_riskier_relative_to_its_mean() -> None:
    payouts = {dice: big_cheese_payouts(20, dice) for dice in ("d6", "polyhedral")}  # each alike
    relative = {dice: spread(values) / (sum(values) / len(values)) for dice, values in payouts.items()}
    assert (round(relative["d6"], 3), round(relative["polyhedral"], 3)) == (0.488, 0.549)  # the reading's
    assert QUESTIONS["big_cheese.q1"].kit_answer().correct == {"choices": ["polyhedral"]}


def test_question2_a_last_twenty_is_rerolled_below_eleven() -> None:
    highest_rerolled = big_cheese_highest_reroll(20, 0)  # no later project: re-roll below the mean, 10.5
    assert highest_rerolled == 10
    answer = QUESTIONS["big_cheese.q2"].kit_answer()
    assert answer.correct == {"range": [highest_rerolled + 1, highest_rerolled + 1]}  # "keeping an 11 wins"


def test_question3_one_worker_on_a_four_earns_twice_four_on_a_twenty() -> None:
    def per_placement(card: int, bid: int) -> Fraction:  # a bid of k ties up k + (k - 1) + ... + 1 placements
        return Fraction(sum(big_cheese_payouts(card, "d6")), 6) / sum(range(1, bid + 1))

    assert (per_placement(4, 1), per_placement(20, 4)) == (14, 7)  # the reading's 14 and 70/10
    assert per_placement(4, 1) / per_placement(20, 4) == 2
    assert QUESTIONS["big_cheese.q3"].kit_answer().correct == {"choices": ["1 on the 4, by about 2×"]}


def test_question4_cheap_bids_earn_somewhat_more_in_the_stored_run() -> None:
    dots = {bid: row["per_worker_placement"] for bid, row in analysis.question4_bids().items() if row["projects"]}
    cheap, big = dots[min(dots)], dots[max(dots)]
    critical = z_for_two_sided(0.05)
    # two means of different projects: the standard error of the difference adds the variances
    se = sqrt(((cheap.high - cheap.low) / (2 * critical)) ** 2 + ((big.high - big.low) / (2 * critical)) ** 2)
    assert (cheap.value - big.value) / se > critical
    assert 1 < cheap.value / big.value < 2 and round(cheap.value / big.value, 1) == 1.5  # "about 1.5 times"
    assert QUESTIONS["big_cheese.q4"].kit_answer().correct == {"choices": ["somewhat more"]}


def test_question5_from_29_five_projects_finish_63_percent_of_the_time() -> None:
    # from 29 only a roll of 1 counts (any other passes 30 and is ignored): each project lands it
    # with the average over the cards of 1 / (the die's faces), and five tries fail together
    one = sum(Fraction(1, len(big_cheese_payouts(card, "polyhedral"))) for card in BIG_CHEESE_CARDS) / 7
    chance = 1 - (1 - one) ** 5
    answer = QUESTIONS["big_cheese.q5"].kit_answer()
    assert answer.value == f"{100 * float(chance):.1f} %" == "63.4 %"  # "about a third of players stuck"
    low, high = answer.correct["range"]
    assert low <= 100 * chance - 2 < low + 0.01 and high - 0.01 < 100 * chance + 2 <= high


def test_question6_the_value_bot_wins_most_by_the_test() -> None:
    result = analysis.question6_tournament()
    assert leaders_by_the_test(result, ["random", "value", "cautious"]) == ["value"]
    assert round(100 * game_shares(result, "value", "value")[0]) == 75  # the reading's 75 %
    assert QUESTIONS["big_cheese.q6"].kit_answer().correct == {"choices": ["value"]}


def test_question7_keeping_beats_rerolling_the_eight_with_three_projects_due() -> None:
    cards = [(Fraction(sum(big_cheese_payouts(c, "d6")), 6), big_cheese_payouts(c, "d6")) for c in BIG_CHEESE_CARDS]
    kept = [Fraction(0)]  # what a Big Cheese held is worth with n projects still due, played well
    for _ in range(6):
        kept.append(sum((max(kept[-1], mean - roll) for mean, rolls in cards for roll in rolls), Fraction(0)) / 42)
    now = Fraction(sum(big_cheese_payouts(8, "d6")), 6) - 16  # the 8 rolled a 2: it paid 16
    needed = min(n for n, value in enumerate(kept) if value > now)
    assert (now, needed, round(float(kept[3]), 2)) == (12, 3, 13.41)  # the reading's "Three", 12 and 13.41
    assert QUESTIONS["big_cheese.q7"].kit_answer().correct == {"range": [needed, needed]}


def test_question8_these_games_cannot_rank_the_veto_habits() -> None:
    result = analysis.question8_vetoes()
    names = ["value", "never vetoes", "holds its Veto"]
    assert leaders_by_the_test(result, names) == names
    assert f"{z_same_games(*game_shares(result, 'holds its Veto', 'value')):.2f}" == "0.62"  # the reading's
    assert QUESTIONS["big_cheese.q8"].kit_answer().correct == {"choices": ["about even: these games cannot rank them"]}


def test_every_big_cheese_question_declares_its_right_answer() -> None:
    assert all(q.right is not None for q in QUESTIONS.values())
