"""Zhao Pengyou's figures and answers show the exact numbers: hypergeometric counts written out
with math.comb here, the friend's seat by symmetry, the level changes rescored by the rules."""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

from changekit.games.zhao_pengyou.analysis import (
    bot_deals, declare_chance_simulated, declare_chances_html, deal_readout, friend_calls_html, friend_seat_figure,
    level_change_figure, points_figure, trump_count_figure, trump_count_html,
)
from changekit.games.zhao_pengyou.rules import level_change

from .figure_checks import axes_of, bold_texts, close_lists, title_of

HANDS = {(4, 3): 39, (5, 3): 31, (7, 3): 22, (4, 2): 25}  # (162 or 108 cards - the kitty) / players


def trumps(players, decks):
    """P(k trumps): 18 trumps a deck (2 jokers, 13 of the suit, 3 of the rank elsewhere)."""
    n, k_all, hand = 54 * decks, 18 * decks, HANDS[(players, decks)]
    return {k: Fraction(comb(k_all, k) * comb(n - k_all, hand - k), comb(n, hand))
            for k in range(hand + 1) if comb(k_all, k) * comb(n - k_all, hand - k)}


def level_cards(copies, players=4, decks=3):
    """P(at least ``copies`` of your level in one suit): sum over the count held in each suit."""
    n, hand = 54 * decks, HANDS[(players, decks)]
    good = 0
    for held in product(range(decks + 1), repeat=4):
        if max(held) >= copies:
            rest = hand - sum(held)
            ways = comb(n - 4 * decks, rest) if rest >= 0 else 0
            for h in held:
                ways *= comb(decks, h)
            good += ways
    return Fraction(good, comb(n, hand))


def test_trump_count_figure_plots_the_hypergeometric_distribution():
    fig = trump_count_figure(players=5, decks=3)
    want = trumps(5, 3)
    (bars,) = fig.data
    assert list(bars.x) == sorted(want)
    assert list(bars.y) == [float(want[k]) for k in sorted(want)]
    assert title_of(fig) == "Trumps in a hand of 5-player Zhao Pengyou (exact)"
    assert axes_of(fig) == ("trumps in the hand", "probability")


def test_friend_seat_figure_spreads_the_unseen_copies_evenly_over_the_other_seats():
    fig = friend_seat_figure(ordinal=2, host_copies=1, buried=0)
    (bars,) = fig.data
    # 2 unseen copies of 3 in play, each equally likely in each of the 3 other hands
    assert list(bars.x) == ["seat +1", "seat +2", "seat +3", "host", "nobody"]
    assert close_lists(list(bars.y), [2 / 9, 2 / 9, 2 / 9, 1 / 3, 0.0])
    assert title_of(fig) == "Who plays the 2. copy? (host holds 1, buried 0)"
    nobody = friend_seat_figure(ordinal=3, host_copies=0, buried=1).data[0]
    assert list(nobody.y) == [0.0, 0.0, 0.0, 0.0, 1.0]


def test_points_figure_histograms_the_bot_deals_points_with_the_sheets_thresholds():
    fig = points_figure(deals=5, seed=3)
    points = [r["attackers_points"] for r in bot_deals(deals=5, seed=3)]
    (hist,) = fig.data
    assert hist.type == "histogram" and list(hist.x) == points
    assert (hist.xbins.start, hist.xbins.end, hist.xbins.size) == (0, 320, 10)
    assert [s.x0 for s in fig.layout.shapes] == [0.5, 55, 110, 165, 220]
    assert title_of(fig) == "Attackers' points in 5 heuristic-bot deals (dashed: level thresholds)"
    assert axes_of(fig) == ("attackers' points (kitty bonus included)", "deals")


def test_level_change_figure_counts_each_outcome_under_both_tables_in_order():
    fig = level_change_figure(deals=6, seed=2)
    points = [r["attackers_points"] for r in bot_deals(deals=6, seed=2)]
    order = ["host +3", "host +2", "host +1", "attackers +0", "attackers +1", "attackers +2", "attackers +3"]
    sheet, stepped = fig.data
    assert sheet.name == "sheet table (55/110/165/220)" and stepped.name == "stepped table (s = 60)"
    for trace, table in ((sheet, (55, 110, 165, 220)), (stepped, "stepped")):
        outcomes = [f"{side} +{steps}" for side, steps in (level_change(p, table, decks=3) for p in points)]
        assert list(trace.x) == order
        assert list(trace.y) == [outcomes.count(k) for k in order]
    assert axes_of(fig) == ("who goes up", "deals")


def test_trump_count_html_states_the_mean_mode_and_the_rich_hand_chance():
    dist = trumps(4, 3)
    mode = max(dist, key=dist.get)
    rich = sum(p for k, p in dist.items() if k >= 18)
    assert trump_count_html() == (f"Expected trumps: <b>13</b>; most likely count: {mode} "
                                  f"(probability {float(dist[mode]):.3f}); P(18 or more) = {float(rich):.3f}.")
    assert mode == 13


def test_declare_chances_html_gives_the_exact_chance_for_one_two_and_three_copies():
    html = declare_chances_html(deals=30, seed=5)
    assert bold_texts(html) == [f"{float(level_cards(k)):.3f}" for k in (1, 2, 3)]
    assert html.endswith(f"at some point): {declare_chance_simulated(deals=30, seed=5)}")


def test_friend_calls_html_lists_each_calls_seats_and_the_joint_chances():
    lines = friend_calls_html().split("<br>")
    third = Fraction(1, 3)
    assert lines[0] == f"call the 1st A♠, holding none: seat +1 {third}, seat +2 {third}, seat +3 {third}"
    assert lines[1] == f"call the 2nd A♠, holding one: seat +1 2/9, seat +2 2/9, seat +3 2/9, host {third}"
    assert lines[2] == f"call the 1st A♠, holding one: seat +1 2/9, seat +2 2/9, seat +3 2/9, host {third}"
    # three copies among three hands of 39 (117 cards): all in one hand, or one in each
    all_one = Fraction(3 * comb(39, 3), comb(117, 3))
    one_each = Fraction(39 ** 3, comb(117, 3))
    assert lines[3] == (f"P(one player holds all three copies) = {float(all_one):.4f}; "
                        f"P(one each) = {float(one_each):.4f}")


def test_deal_readout_gives_hand_size_trump_mean_and_level_chance():
    dist = trumps(4, 2)
    m = Fraction(25 * 36, 108)
    half = sum((p for k, p in dist.items() if 2 * k >= 25), Fraction(0))
    assert sum(k * p for k, p in dist.items()) == m
    assert deal_readout(players=4, decks=2) == (
        "108 cards, kitty 8, hands of <b>25</b>; 36 trumps. "
        f"Expected trumps in your hand: <b>{m} ≈ {float(m):.2f}</b>; "
        f"half your hand or more: {float(half):.3f}. Chance you hold a card of your level: "
        f"<b>{float(level_cards(1, 4, 2)):.3f}</b>.")
