"""Zhao Pengyou's Questions 5 and 6 (issue 43: following suit, tractors and who takes a trick; burying
points in the kitty; climbing levels). Each answer the kit shows is recomputed here by the test's own
reading of the rules (tests/unit/zhao_pengyou_checks.py), never by the kit's trick or scoring code."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from changekit.core.errors import InvalidArgument
from changekit.games.zhao_pengyou import worked_examples as w
from changekit.games.zhao_pengyou.questions import QUESTIONS
from tests.unit import zhao_pengyou_checks as zp

Q5, Q6 = QUESTIONS["zhao_pengyou.q5"], QUESTIONS["zhao_pengyou.q6"]


# ---- the test's own rules, checked on cases worked by hand ----------------------------------------
def test_the_own_tractor_reading_skips_the_trump_rank_and_refuses_jokers_and_gaps():
    assert zp.tractor_pairs(("3H", "3H", "4H", "4H"), "2") == 2
    assert zp.tractor_pairs(("4H", "4H", "6H", "6H"), "5") == 2       # the trump rank 5 is skipped
    assert zp.tractor_pairs(("4H", "4H", "6H", "6H"), "2") == 0       # 5 lies between
    assert zp.tractor_pairs(("AH", "AH", "QH", "QH"), "2") == 0       # K lies between
    assert zp.tractor_pairs(("SJ", "SJ", "BJ", "BJ"), "2") == 0       # jokers make no tractor (docs/rules.md)
    assert zp.tractor_pairs(("2S", "2S", "3S", "3S"), "2") == 0       # nor trump-rank cards
    assert zp.tractor_pairs(("7S", "7S", "8S", "8D"), "2") == 0       # one suit only
    assert zp.sheet_levels(0) == ("host", 3) and zp.sheet_levels(5) == ("host", 2)
    assert zp.sheet_levels(109) == ("host", 1) and zp.sheet_levels(110) == ("attackers", 1)
    assert zp.sheet_levels(219) == ("attackers", 2) and zp.sheet_levels(220) == ("attackers", 3)


# ---- Question 5: who takes the trick --------------------------------------------------------------
def test_question_5_the_trick_as_the_text_states_it():
    """The text's claims about the hands hold: seat 2 has five spades with one pair, seats 3 and 4 none;
    every seat holds the cards it plays and as many cards as the others."""
    hands, plays = w.TRICK.hands, w.TRICK.plays
    spades = [[c for c in hand if zp.suit(c) == "S" and not zp.is_trump(c, "H", "2")] for hand in hands]
    assert len(spades[1]) == 5 and sum(k >= 2 for k in Counter(spades[1]).values()) == 1
    assert spades[2] == [] and spades[3] == []
    assert all(not Counter(play) - Counter(hand) for hand, play in zip(hands, plays, strict=True))
    assert len({len(hand) for hand in hands}) == 1
    assert (w.TRICK.trump_suit, w.TRICK.trump_rank) == ("H", "2")
    for play in plays:
        assert "".join(zp.rank(c) + {"S": "♠", "H": "♥"}[zp.suit(c)] for c in play) in Q5.text


def test_question_5_seat_3_wins_by_the_tests_own_reading_and_by_the_engine():
    own = zp.tractor_trick_winner(w.TRICK.plays, w.TRICK.trump_suit, w.TRICK.trump_rank)
    assert own == 2  # seat 3: the only tractor of trumps; seat 2's and seat 4's plays are no tractor
    assert w.trick_winner_seat() == own + 1
    html = Q5.answer_parts()[0]
    assert "Winner: <b>seat 3</b>" in html and Q5.reading.startswith("Seat 3 wins.")
    assert w.TRICK_CHOICES[own].startswith("seat 3 (3♥3♥4♥4♥)") and w.TRICK_CHOICES == Q5.how["choices"]


def test_question_5_each_follow_is_legal_by_the_tests_own_reading_of_following():
    """docs/rules.md: with more led-suit cards than the lead, play only led-suit cards, a tractor if
    you hold one, else as many pairs as the lead asks for and you hold; with none, anything. Seat 2's
    legal follows are listed here by brute force (every four of its cards) and its play is among them;
    every other choice of four spades keeps the pair and still is no tractor, so the winner holds
    under any reading of what a follower owes."""
    hand, lead = w.TRICK.hands[1], w.TRICK.plays[0]
    spades = [c for c in hand if zp.suit(c) == "S"]
    follows = set()
    for four in itertools.combinations(range(len(hand)), len(lead)):
        cards = [hand[i] for i in four]
        if all(zp.suit(c) == "S" for c in cards) and any(k >= 2 for k in Counter(cards).values()):
            follows.add(tuple(sorted(cards)))
    assert tuple(sorted(w.TRICK.plays[1])) in follows and len(spades) > len(lead)
    assert all(zp.tractor_pairs(f, "2") == 0 for f in follows)
    assert all(zp.tractor_pairs(f, "2") == 0 for f in itertools.combinations(spades, 4))
    rows = w.trick_rows()
    assert [r["legal"] for r in rows] == [True] * 4 and [r["can_win"] for r in rows] == [True, False, True, False]


def test_question_5_the_engine_refuses_a_follow_that_breaks_the_pair_rule():
    """The play-through's 'legal follow?' column can say no: seat 2 leaving its pair out is refused."""
    example = w.TrickExample("H", "2", w.TRICK.hands, (w.TRICK.plays[0], ("AS", "QS", "JS", "6S"),
                                                       *w.TRICK.plays[2:]))
    row = w.trick_rows(example)[1]
    assert not row["legal"] and "pair" in row["problem"] and "no: " in w.trick_html(example)


# ---- Question 6: the kitty and levels ---------------------------------------------------------------
def test_question_6_170_points_and_the_attackers_up_2_by_the_tests_own_count():
    buried = zp.points(w.KITTY)
    assert buried == 35 and len(w.KITTY) == 6  # K, 10, 10, 5; the kitty of 4 players with 3 decks
    won = zp.attackers_score(w.KITTY_TRICK_POINTS, w.KITTY, True)
    lost = zp.attackers_score(w.KITTY_TRICK_POINTS, w.KITTY, False)
    once = zp.attackers_score(w.KITTY_TRICK_POINTS, w.KITTY, True, factor=1)
    assert (won, lost, once) == (170, 100, 135)
    assert (zp.sheet_levels(won), zp.sheet_levels(lost), zp.sheet_levels(once)) == (
        ("attackers", 2), ("host", 1), ("attackers", 1))
    assert w.deal_score(w.KITTY_TRICK_POINTS, buried, attackers_win_last=True) == (170, "attackers", 2)
    assert w.deal_score(w.KITTY_TRICK_POINTS, buried, attackers_win_last=False) == (100, "host", 1)
    html = Q6.answer_parts()[0]
    assert "100 + 2 × 35 = <b>170</b>" in html and "the attackers, 2 levels" in html
    assert "K♣ 10♦ 10♠ 5♥ 9♣ 3♦ in the kitty (35 points). The attackers took 100 points" in Q6.text


def test_question_6_the_chart_draws_the_levels_of_every_score_by_the_sheets_table():
    figure = Q6.answer_parts()[1]
    host_last, attackers_last = figure.data
    buried = zp.points(w.KITTY)
    assert list(host_last.x) == list(range(0, 300 - buried + 1, 5)) == list(attackers_last.x)
    for x, y_host, y_att in zip(host_last.x, host_last.y, attackers_last.y, strict=True):
        for y, score in ((y_host, x), (y_att, x + 2 * buried)):
            side, steps = zp.sheet_levels(score)
            assert y == (steps if side == "attackers" else -steps), (x, score)


def test_the_score_refuses_a_bad_argument_and_names_it():
    with pytest.raises(InvalidArgument, match="attackers_win_last"):
        w.deal_score(100, 35, attackers_win_last="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="trick_points"):
        w.deal_score(-5, 35, attackers_win_last=True)


# ---- the kit's readings of the sheet, flagged where they are used ----------------------------------
def test_the_readings_flag_the_kits_readings_and_what_the_other_reading_gives():
    """The sheet is silent on what a follower owes a tractor and on the kitty's points; the readings
    say so, and say what the other readings change (nothing for Question 5; 135 points, attackers up 1,
    for a kitty counted once; 100, the host's team up 1, for one not counted)."""
    assert "What a follower owes a tractor is the kit's reading (the sheet is silent)" in Q5.reading
    assert "the winner does not depend on that reading" in Q5.reading
    assert "Counting the kitty at all, and doubling it, is the kit's rule" in Q6.reading
    assert "Counted once, they would give 135 points (attackers up 1)" in Q6.reading
    assert "not counted, as the sheet literally reads, 100 (host's team up 1)" in Q6.reading


def test_the_kits_marked_answers_are_the_ones_the_test_computes():
    """The right answers the dashboard marks (issue 41) agree with the test's own reading."""
    winner = zp.tractor_trick_winner(w.TRICK.plays, w.TRICK.trump_suit, w.TRICK.trump_rank)
    assert Q5.kit_answer().correct == {"choices": [Q5.how["choices"][winner]]}
    side, steps = zp.sheet_levels(zp.attackers_score(w.KITTY_TRICK_POINTS, w.KITTY, True))
    assert (side, steps) == ("attackers", 2)
    assert Q6.kit_answer().correct == {"choices": ["the attackers, 2 levels"]}
    assert "100 + 2 × 35 = 170 points" in Q6.kit_answer().exact
