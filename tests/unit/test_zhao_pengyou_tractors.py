"""Zhao Pengyou's Question 7 (issue 43): how likely is a dealt hand to hold a tractor? The kit's
exact answer (a dynamic programme over ranks, analysis.tractor_free_hands) is checked against the
test's own closed form (tests/unit/zhao_pengyou_checks.py), both against brute force over every hand
of small decks, the test's reading of a tractor against the engine's, and the exact value against a
seeded Monte Carlo of the test's own deals and against the rules engine's deals, replayed here. The
reading's other case (the trump rank breaking each suit's row instead of being skipped: 54.6 % at
level 8) is checked the same ways: brute force, the closed form run by run, the kit's programme put
together run by run, and a seeded Monte Carlo."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt
from pathlib import Path

import pytest

from changekit.games.zhao_pengyou import analysis as a
from changekit.games.zhao_pengyou.questions import QUESTIONS
from changekit.games.zhao_pengyou.rules import PASS, ZhaoPengyou
from changekit.games.zhao_pengyou.tricks import context, tractors
from tests.unit import zhao_pengyou_checks as zp

Q7 = QUESTIONS["zhao_pengyou.q7"]
HAND, CARDS = 39, 162  # 4 players, 3 decks: 162 cards, 6 to the kitty (the sheet), 39 each


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson 95 % interval of k successes in n, written out here."""
    z = 1.959964
    p = k / n
    centre, half = p + z * z / (2 * n), z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


# ---- the test's own reading of a tractor ------------------------------------------------------------
def test_the_own_reading_on_hands_worked_by_hand():
    assert zp.holds_tractor(["3C", "3C", "4C", "4C"]) and zp.holds_tractor(["KD", "KD", "AD", "AD", "5S"])
    assert zp.holds_tractor(["7S", "7S", "7S", "8S", "8S"])           # three copies hold a pair
    assert not zp.holds_tractor(["7S", "7S", "8S"])                    # one pair only
    assert not zp.holds_tractor(["AD", "AD", "3D", "3D"])              # A and 3 are no neighbours (2 skipped)
    assert not zp.holds_tractor(["2S", "2S", "3S", "3S"])              # trump-rank cards never
    assert not zp.holds_tractor(["SJ", "SJ", "BJ", "BJ"])              # jokers never
    assert not zp.holds_tractor(["7S", "7S", "8H", "8H"])              # one suit only
    assert zp.holds_tractor(["4H", "4H", "6H", "6H"], "5") and not zp.holds_tractor(["4H", "4H", "6H", "6H"])
    # the other reading: the trump rank breaks the row, so 4-4-6-6 with 5 as trump rank is no tractor
    assert not zp.holds_tractor(["4H", "4H", "6H", "6H"], "5", breaks=True)
    assert zp.holds_tractor(["6H", "6H", "7H", "7H"], "5", breaks=True)
    assert zp.tractor_spots_held(["3C", "3C", "4C", "4C", "5C", "5C"]) == 2                # 3-4 and 4-5
    assert zp.tractor_spots_held(["3C", "3C", "4C", "4C", "5C", "5C", "5C", "6D", "6D", "7D", "7D"]) == 3
    assert zp.runs("8", breaks=True) == [["2", "3", "4", "5", "6", "7"], ["9", "10", "J", "Q", "K", "A"]]
    assert zp.runs("2", breaks=True) == zp.runs("2") == [zp.RANK_ORDER[1:]]


def test_the_engines_tractors_are_the_tests_reading_at_every_level_and_trump_suit():
    """The question's tractor is the engine's: on seeded random hands, for every trump rank and
    suit (and before trumps are known), the engine finds a tractor exactly when the test's reading does."""
    rng = random.Random(43)
    cards = zp.deck()
    found = Counter()
    for trump_rank in zp.RANK_ORDER:
        for trump_suit in (None, *zp.SUITS):
            ctx = context(trump_suit, trump_rank)
            for size in (39, 60):
                for _ in range(15):
                    hand = rng.sample(cards, size)
                    own = zp.holds_tractor(hand, trump_rank)
                    assert bool(tractors(Counter(hand), ctx)) == own, (trump_suit, trump_rank, sorted(hand))
                    found[own] += 1
    assert found[True] > 200 and found[False] > 200  # both answers seen often


def test_every_level_leaves_each_suit_12_ranks_in_a_row_so_44_spots():
    """Why the level does not matter: the engine's 'next rank up' links, the trump rank skipped, make
    four runs of 12 ranks (11 neighbouring pairs each) whatever the trump rank."""
    for trump_rank in zp.RANK_ORDER:
        ctx = context("H", trump_rank)
        links = [(low, high) for low, high in ctx.up.items() if high is not None]
        assert len(links) == 4 * 11 and all(zp.rank(c) != trump_rank for link in links for c in link)
        assert len([r for r in zp.RANK_ORDER if r != trump_rank]) == 12
    assert a.RANKS_IN_A_ROW == 12 and a.tractor_spots() == 44


# ---- exact counts: brute force on small decks, the closed form and the kit's programme -------------
def _brute_force(cards: list[str], trump_rank: str) -> list[int]:
    """Hands of each size with no tractor, by listing every hand of the small deck (copies are
    different cards, so a hand is a set of the deck's places)."""
    free = [0] * (len(cards) + 1)
    for size in range(len(cards) + 1):
        free[size] = sum(not zp.holds_tractor([cards[i] for i in hand], trump_rank)
                         for hand in combinations(range(len(cards)), size))
    return free


@pytest.mark.parametrize("cards, trump_rank, shape", [
    # one suit, ranks 3-7, three copies; a trump-rank card and a joker beside them
    ([r + "S" for r in ("3", "4", "5", "6", "7") for _ in range(3)] + ["2S", "BJ"], "2", (3, 5, 1, 2)),
    # two suits with trump rank 5: 4, 6 and 7 in a row (5 skipped), two copies; 5♥ and a joker beside
    ([r + s for s in "HC" for r in ("4", "6", "7") for _ in range(2)] + ["5H", "SJ"], "5", (2, 3, 2, 2)),
])
def test_every_hand_of_a_small_deck_counted_agrees_with_the_closed_form_and_the_kits_programme(
        cards, trump_rank, shape):
    copies, ranks, suits, others = shape
    listed = _brute_force(cards, trump_rank)
    own = zp.tractor_free_counts(copies, ranks, suits, others)
    kit = a.tractor_free_hands(copies=copies, ranks=ranks, suits=suits, others=others)
    assert listed == own == kit
    assert sum(comb(len(cards), n) - f for n, f in enumerate(listed)) > 0  # some hands do hold a tractor


def test_a_small_deck_counted_hand_by_hand_under_both_readings_of_the_trump_rank():
    """One suit, ranks 3 to 7 with 5 the trump rank, two copies, and a joker: skipping 5 leaves one run of
    4 ranks (4-6 neighbours); breaking at 5 leaves two runs of 2 (3-4 and 6-7). Every hand listed."""
    cards = [r + "S" for r in ("3", "4", "6", "7") for _ in range(2)] + ["5S", "5S", "BJ"]
    skipped = _brute_force(cards, "5")
    broken = [sum(not zp.holds_tractor([cards[i] for i in hand], "5", breaks=True)
                  for hand in combinations(range(len(cards)), size)) for size in range(len(cards) + 1)]
    assert skipped == zp.tractor_free_counts(2, 4, 1, 3) == a.tractor_free_hands(copies=2, ranks=4, suits=1, others=3)
    assert broken == zp.tractor_free_counts(2, 2, 2, 3)
    assert all(b >= f for b, f in zip(broken, skipped, strict=True)) and broken != skipped  # fewer tractors


def test_the_other_reading_at_level_8_two_runs_of_6_by_the_closed_form_and_the_kits_programme():
    """Had the trump rank broken the row, level 8 would leave each suit 2-7 and 9-A: eight runs of 6 ranks and
    18 cards never in a tractor. The test's closed form gives 54.6 %; the kit's programme, run over four runs
    of 6 twice (its suits stop at 4) with the 18 others, gives the same count. At level 2 nothing changes."""
    own = zp.tractor_chance_broken(HAND, "8")
    assert own == 1 - Fraction(zp.tractor_free_counts(3, 6, 8, 18)[HAND], comb(CARDS, HAND))
    half, rest = a.tractor_free_hands(copies=3, ranks=6, suits=4, others=18), a.tractor_free_hands(
        copies=3, ranks=6, suits=4, others=0)
    kit = [sum(half[i] * rest[n - i] for i in range(n + 1) if i < len(half) and n - i < len(rest))
           for n in range(CARDS + 1)]
    assert kit == zp.tractor_free_counts(3, 6, 8, 18)
    assert round(100 * float(own), 1) == 54.6 and own < zp.tractor_chance(HAND) == a.tractor_chance()
    assert zp.tractor_chance_broken(HAND, "2") == zp.tractor_chance_broken(HAND, "A") == zp.tractor_chance(HAND)
    assert all(zp.tractor_chance_broken(HAND, r) < zp.tractor_chance(HAND) for r in zp.RANK_ORDER[1:-1])


def test_the_other_reading_at_level_8_by_a_seeded_monte_carlo_of_the_tests_own_deals():
    rng = random.Random(4308)
    cards, deals = zp.deck(), 10_000
    held = sum(zp.holds_tractor(rng.sample(cards, HAND), "8", breaks=True) for _ in range(deals))
    p = float(zp.tractor_chance_broken(HAND, "8"))
    assert abs(held / deals - p) < 4 * sqrt(p * (1 - p) / deals), held / deals
    assert held / deals < float(zp.tractor_chance(HAND)) - 4 * sqrt(p * (1 - p) / deals)  # told apart from 57.9 %


def test_question_7_the_exact_chance_by_the_tests_closed_form():
    """162 cards: 4 suits of 12 ranks in a row (level 2: the 2s skipped) in 3 copies, and 18 cards never
    in a tractor (6 jokers, 12 twos). 57.9 %, the same fraction the kit computes."""
    assert 4 * 12 * 3 + 6 + 12 == CARDS == len(zp.deck())
    own = zp.tractor_chance(HAND)
    assert a.tractor_chance() == own and a.tractor_free_hands() == zp.tractor_free_counts(3, 12, 4, 18)
    assert round(100 * float(own), 1) == 57.9
    # every hand size and both named-suit counts, as the chart draws them
    for n in range(0, 61):
        assert a.tractor_chance(hand=n) == zp.tractor_chance(n)
        assert a.tractor_chance(hand=n, suits=1) == zp.tractor_chance(n, suits=1)
    assert zp.tractor_chance(3) == 0 and zp.tractor_chance(4) == Fraction(44 * 3 * 3, comb(CARDS, 4))
    assert a.tractor_spot_chance() == zp.tractor_spot_chance(HAND)


def test_the_exact_value_by_a_seeded_monte_carlo_of_the_tests_own_deals():
    rng = random.Random(2026)
    cards, deals = zp.deck(), 20_000
    held = sum(zp.holds_tractor(rng.sample(cards, HAND)) for _ in range(deals))
    p = float(zp.tractor_chance(HAND))
    assert abs(held / deals - p) < 4 * sqrt(p * (1 - p) / deals), held / deals


def test_the_rules_engines_deals_replayed_with_the_tests_reading():
    """tractor_chance_simulated: 1,000 deals by the engine (everyone passing through the deal), seat 1's
    hand read by the test's own tractor reading; the Wilson interval holds the exact value."""
    master, game = random.Random(0), ZhaoPengyou(players=4, decks=3)
    held = 0
    for _ in range(1000):
        state = game.new_state(seed=random.Random(master.getrandbits(64)).getrandbits(32))
        while state.phase == "deal":
            state.apply(PASS)
        hand = state.view(0)["hand"]
        assert len(hand) == HAND and state.trump_rank is None  # dealt, trumps not yet known
        held += zp.holds_tractor(hand)
    low, high = wilson(held, 1000)
    sim = a.tractor_chance_simulated(deals=1000, seed=0)
    assert (sim.value, sim.n) == (held / 1000, 1000)
    assert sim.low == pytest.approx(low, abs=1e-6) and sim.high == pytest.approx(high, abs=1e-6)
    assert low < float(zp.tractor_chance(HAND)) < high
    assert (round(100 * sim.value, 1), round(100 * low, 1), round(100 * high, 1)) == (59.4, 56.3, 62.4)


# ---- what the question shows --------------------------------------------------------------------
def test_the_question_states_its_assumptions():
    text = " ".join(Q7.text.split())
    for words in ("first deal everyone is at level 2, so the 2s are trumps",
                  "the trump-rank cards (here the 2s) and the jokers are never part of a tractor",
                  "the rule sheet does not say, so this is the kit's reading",
                  "two pairs of one suit on neighbouring ranks",
                  "a card held three times counts as a pair when you lead a tractor", "4 players and 3 decks",
                  "39 of the 162 cards", "6 go to the kitty", "Assume a thorough shuffle",
                  "your 39 cards are then a random 39 of the 162, so the kitty and the other players' hands do not "
                  "matter", "your hand as dealt, before any kitty exchange", "at least one tractor, in any suit"):
        assert words in text, words
    # the exclusion is the kit's reading, and docs/rules.md marks it as ours
    rules = " ".join((Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8").split())
    ours = ("*Ours* (the sheet does not say, and its own example of a tractor starts with a pair of 2s, trump-rank "
            "cards at level 2): a tractor never holds jokers or trump-rank cards, and the trump rank is skipped")
    assert ours in rules
    from changekit.games.zhao_pengyou.rules import auto_kitty, hand_size
    assert (hand_size(4, 3), auto_kitty(4, 3)) == (HAND, CARDS - 4 * HAND) == (39, 6)
    assert Q7.how == {"slider": [0, 100, 1], "unit": "%"}


def test_the_answer_shows_the_exact_value_the_spots_and_the_engines_deals():
    html, figure = Q7.answer_parts()
    exact = zp.tractor_chance(HAND)
    assert f"<b>{100 * float(exact):.1f} %</b> = {exact.numerator}/{exact.denominator}" in html
    spot = zp.tractor_spot_chance(HAND)
    assert f"{100 * float(spot):.1f} %" in html and f"{float(44 * spot):.2f} of them on average" in html
    assert f"In one named suit only: {100 * float(zp.tractor_chance(HAND, suits=1)):.1f} %" in html
    assert "dealt 1,000 deals: seat 1's hand held a tractor in 594 (59.4 %, 95 % interval 56.3-62.4 %)" in html
    any_suit, one_suit, tables, engine = figure.data
    assert list(any_suit.x) == list(range(61)) == list(one_suit.x)
    for n, y_any, y_one in zip(any_suit.x, any_suit.y, one_suit.y, strict=True):
        assert y_any == pytest.approx(float(zp.tractor_chance(n))) and y_one == pytest.approx(
            float(zp.tractor_chance(n, suits=1)))
    assert list(tables.x) == [39, 31, 26, 22] and list(tables.text) == [f"{p} players" for p in (4, 5, 6, 7)]
    assert list(tables.y) == pytest.approx([float(zp.tractor_chance(n)) for n in (39, 31, 26, 22)])
    assert list(engine.x) == [39] and engine.y[0] == pytest.approx(0.594)
    low, high = wilson(594, 1000)
    assert engine.error_y.array[0] == pytest.approx(high - 0.594) and engine.error_y.arrayminus[0] == pytest.approx(
        0.594 - low)


def test_the_kits_marked_answer_is_the_exact_chance_give_or_take_2_points():
    value = 100 * zp.tractor_chance(HAND)
    low, high = Q7.kit_answer().correct["range"]
    assert low <= value - 2 < low + Fraction(1, 100) and high - Fraction(1, 100) < value + 2 <= high
    assert "57.9 %" in Q7.kit_answer().exact


def test_a_bad_argument_is_refused_and_named():
    from changekit.core.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="hand"):
        a.tractor_chance(decks=2, hand=150)
    with pytest.raises(InvalidArgument, match="copies"):
        a.tractor_free_hands(copies=0)
    with pytest.raises(InvalidArgument, match="suits"):
        a.tractor_chance(suits=5)
