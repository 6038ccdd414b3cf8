"""CHA-CHING!'s figures and tables show the exact numbers: every 8-card hand composition is
enumerated here with its count of ways, and a hand hits a target when its wilds can fill the gap
(a set of reachable sums built here, not the kit's bit masks)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, prod

from changekit.games.cha_ching.analysis import (
    COMPOSITIONS, compositions_html, fresh_hit_html, hit_chances_html, hit_probability_figure, round_statistics,
    round_statistics_html, turns_figure, update_turns_figure, wild_value_figure, wild_value_html,
)
from changekit.games.cha_ching.app import composition_explorer
from changekit.stats.intervals import Estimate

from .figure_checks import bold_texts, table_rows, trace_names, xy

KINDS = ("1", "5", "10", "25", "50", "cent", "wild", "chaching")
FACE = {"1": 1, "5": 5, "10": 10, "25": 25, "50": 50, "cent": 0, "chaching": 0}
DEFAULT = {k: 15 for k in KINDS}
TARGETS = range(10, 100)


def hands(deck):
    """Every 8-card composition (card → count) with its number of ways."""
    counts = [deck.get(k, 0) for k in KINDS]

    def rec(i, left):
        if i == len(KINDS):
            if left == 0:
                yield ()
            return
        for take in range(min(left, counts[i]) + 1):
            for rest in rec(i + 1, left - take):
                yield (take, *rest)

    for taken in rec(0, 8):
        yield dict(zip(KINDS, taken, strict=True)), prod(comb(c, t) for c, t in zip(counts, taken, strict=True))


@lru_cache(maxsize=None)
def wild_totals(wilds):
    sums = {0}
    for _ in range(wilds):
        sums = {s + v for s in sums for v in (1, 5, 10, 25, 50)}
    return frozenset(sums)


def reachable(hand):
    fixed = sum(FACE[k] * n for k, n in hand.items() if k != "wild")
    return {fixed + s for s in wild_totals(hand["wild"])}


@lru_cache(maxsize=None)
def hit_chances(deck_items):
    deck = dict(deck_items)
    ways = {t: 0 for t in TARGETS}
    total = 0
    for hand, n in hands(deck):
        total += n
        for t in reachable(hand) & set(TARGETS):
            ways[t] += n
    return {t: Fraction(w, total) for t, w in ways.items()}


def chances(deck=DEFAULT):
    return hit_chances(tuple(sorted(deck.items())))


def fresh(deck=DEFAULT):
    return sum(chances(deck).values(), Fraction(0)) / 90


def penalty(hand):
    numbers = [int(k) for k in ("1", "5", "10", "25", "50") if hand[k]]
    wild = max(numbers) if numbers else 50
    faces = sum(FACE[k] * n for k, n in hand.items() if k not in ("wild", "chaching"))
    return faces + 50 * hand["chaching"] + wild * hand["wild"]


SMALL_DECK = {"1": 10, "5": 4, "10": 4, "25": 3, "50": 2, "cent": 3, "wild": 3, "chaching": 1}


def test_hit_probability_figure_has_one_bar_trace_per_deck_over_targets_10_to_99():
    fig = hit_probability_figure({"small": SMALL_DECK, "default": None})
    assert trace_names(fig) == ["small", "default"]
    for trace, deck in zip(fig.data, (SMALL_DECK, DEFAULT), strict=True):
        assert list(trace.x) == list(TARGETS)
        assert list(trace.y) == [float(chances(deck)[t]) for t in TARGETS]
    assert fig.layout.title.text == "Chance that a fresh hand already hits the target"
    assert (fig.layout.xaxis.title.text, fig.layout.yaxis.title.text) == ("target", "probability")


def test_turns_figure_plots_mean_turns_with_their_intervals_and_starts_empty():
    estimates = {10: Estimate(3.0, 2.5, 3.75, 50), 55: Estimate(6.0, 5.0, 7.5, 50)}
    fig = turns_figure(estimates)
    (line,) = fig.data
    assert xy(line) == ([10, 55], [3.0, 6.0])
    assert list(line.error_y.array) == [0.75, 1.5] and list(line.error_y.arrayminus) == [0.5, 1.0]
    empty = turns_figure()
    assert xy(empty.data[0]) == ([], [])
    update_turns_figure(empty, {99: Estimate(9.0, 8.0, 10.5, 20)})
    assert xy(empty.data[0]) == ([99], [9.0]) and list(empty.data[0].error_y.array) == [1.5]


def wild_rows(deck=DEFAULT):
    """w → (share of hands, chance a w-wild hand hits a fresh target)."""
    n, hit, total = {}, {}, 0
    for hand, ways in hands(deck):
        w = hand["wild"]
        total += ways
        n[w] = n.get(w, 0) + ways
        hit[w] = hit.get(w, 0) + ways * len(reachable(hand) & set(TARGETS))
    return {w: (Fraction(n[w], total), Fraction(hit[w], 90 * n[w])) for w in sorted(n)}


def test_wild_value_figure_plots_the_hit_chance_for_each_number_of_wilds():
    fig = wild_value_figure()
    rows = wild_rows()
    (bars,) = fig.data
    assert list(bars.x) == [f"{w} × $" for w in range(9)]
    assert list(bars.y) == [float(rows[w][1]) for w in range(9)]
    assert list(bars.text) == [f"{float(rows[w][0]):.1%} of hands" for w in range(9)]


def test_hit_chances_html_gives_each_targets_exact_chance():
    rows = table_rows(hit_chances_html((10, 55, 96)))
    assert rows == [["target", "exact chance"]] + [[str(t), f"{chances()[t]} ≈ {float(chances()[t]):.4f}"]
                                                   for t in (10, 55, 96)]


def test_fresh_hit_html_gives_the_target_chance_and_the_fresh_hit_chance():
    p = fresh()
    assert bold_texts(fresh_hit_html()) == ["1/90", f"{p.numerator:,}/{p.denominator:,} ≈ {float(p):.4f}"]
    assert fresh_hit_html().endswith(f"about 1 in {round(1 / float(p))}.")


def test_wild_value_html_tabulates_wild_counts_and_gives_the_expected_penalty():
    html = wild_value_html(most=3)
    rows = wild_rows()
    assert table_rows(html) == [["$ cards", "share of hands", "makes a fresh target"]] + [
        [str(w), f"{float(rows[w][0]):.2%}", f"{float(rows[w][1]):.2%}"] for w in range(4)]
    total = sum(ways for _, ways in hands(DEFAULT))
    e = Fraction(sum(ways * penalty(hand) for hand, ways in hands(DEFAULT)), total)
    assert html.endswith(f"<b>{float(e):.2f}</b> points (exact: {e.numerator:,}/{e.denominator:,}).")


def test_round_statistics_html_lists_turns_per_round_then_penalty_per_losing_hand():
    stats = round_statistics(games=2, seed=1)
    assert round_statistics_html(games=2, seed=1) == (
        f"<ul><li>turns per round: {stats['turns_per_round']}</li>"
        f"<li>penalty per losing hand: {stats['penalty_per_losing_hand']}</li></ul>")


def test_compositions_html_gives_each_decks_counts_and_fresh_hit_chance():
    rows = table_rows(compositions_html())
    assert rows[0] == ["deck", "counts", "fresh hand hits fresh target"]
    assert rows[1:] == [[name, ", ".join(f"{k}: {v}" for k, v in deck.items()), f"{float(fresh(deck)):.2%}"]
                        for name, deck in COMPOSITIONS.items()]


def test_composition_explorer_redraws_the_typed_deck_beside_the_default_and_reads_its_chance():
    explorer = composition_explorer()
    readout = explorer.readout
    explorer.inputs["wild"].value = 3
    chart = explorer.figure
    deck = {**DEFAULT, "wild": 3}
    assert [t.name for t in chart.data] == ["your deck", "15 of each (default)"]
    assert list(chart.data[0].x) == list(TARGETS) and list(chart.data[1].x) == list(TARGETS)
    assert list(chart.data[0].y) == [float(chances(deck)[t]) for t in TARGETS]
    assert list(chart.data[1].y) == [float(chances()[t]) for t in TARGETS]
    assert readout.value == (f"Your deck: 108 cards. Chance a fresh hand hits a fresh target: "
                             f"<b>{float(fresh(deck)):.2%}</b> (default deck: {float(fresh()):.2%}).")
