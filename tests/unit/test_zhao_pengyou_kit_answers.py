"""Zhao Pengyou's lesson questions declare the right answers the kit computes (issue 41): each
one recomputed here by its own counting (binomials over the 162 cards of three decks) or, for the
seeded run of bot deals, from the run's deals with the textbook interval of a mean
(tests/unit/chance_checks.py)."""
from __future__ import annotations

from fractions import Fraction
from math import comb

from changekit.games.zhao_pengyou import analysis
from changekit.games.zhao_pengyou.questions import QUESTIONS
from tests.unit.chance_checks import mean_with_interval

# three decks of 54 (4 suits × 13, two jokers); a deck's trumps: the trump suit's 13, the level's
# card in the three other suits and the two jokers
CARDS, TRUMPS = 3 * 54, 3 * (13 + 3 + 2)
PLAYERS, HAND = 4, 39


def test_q1_a_hand_of_39_expects_13_trumps():
    # each of the 39 cards is a trump with chance 54/162: the expected count, by linearity
    expected = HAND * Fraction(TRUMPS, CARDS)
    assert expected == 13
    assert QUESTIONS["zhao_pengyou.q1"].kit_answer().correct == {"range": [12.5, 13.5]}  # the variant's ± 0.5


def test_q2_at_least_one_card_of_your_level():
    level_cards = 4 * 3  # one in each suit, in each of three decks
    chance = 1 - Fraction(comb(CARDS - level_cards, HAND), comb(CARDS, HAND))
    assert round(100 * float(chance), 1) == 96.8  # "about 97 %", the reading
    low, high = QUESTIONS["zhao_pengyou.q2"].kit_answer().correct["range"]
    assert low <= 100 * chance - 2 < low + 0.01 and high - 0.01 < 100 * chance + 2 <= high


def test_q3_the_host_is_likeliest_to_play_the_2nd_ace():
    # three copies, the host holds one; each copy in play is the 2nd played with chance 1/3, and
    # each unseen copy lies in a given other player's 39 of the 117 unseen cards with chance 39/117
    host = Fraction(1, 3)
    other = 2 * Fraction(1, 3) * Fraction(HAND, (PLAYERS - 1) * HAND)
    assert (host, other) == (Fraction(1, 3), Fraction(2, 9)) and host + 3 * other == 1
    answer = QUESTIONS["zhao_pengyou.q3"].kit_answer()
    assert answer.correct == {"choices": ["you, the host (then you play alone)"]}
    assert "probability 1/3" in answer.exact and "probability 2/9" in answer.exact


def test_q4_the_attackers_average_more_than_110_in_the_seeded_run():
    deals = analysis.bot_deals(deals=60, seed=0)  # the run the question's charts show
    mean, low, high = mean_with_interval([d["attackers_points"] for d in deals])
    assert low > 110
    assert (round(mean), round(low), round(high)) == (129, 117, 141)  # the reading's
    answer = QUESTIONS["zhao_pengyou.q4"].kit_answer()
    assert answer.correct == {"choices": ["more than 110"]}
    assert f"averaged {mean:.1f} points, 95 % interval {low:.1f}-{high:.1f}" in answer.exact
