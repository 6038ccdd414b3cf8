"""Cambio's figures and answers show the exact numbers: grid totals counted here over every set of
physical cards (itertools.combinations), sweeps and head-to-heads drawn from rows given here."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from changekit.games.cambio.analysis import (
    comparison_figure, distribution_figure, grids_answer, snap_chance_figure, threshold_figure,
    threshold_grid_figure, threshold_readout, unseen_card_html,
)

from .figure_checks import axes_of, close_lists, title_of, trace_names

RANKS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12}


def deck() -> dict[str, int]:
    """Every card's value: A 1 … Q 12; a black king 13, a red king -1."""
    out = {f"{r}{s}": v for r, v in RANKS.items() for s in "SHDC"}
    out.update({"KS": 13, "KC": 13, "KH": -1, "KD": -1})
    return out


@lru_cache(maxsize=None)
def grid_totals(known: tuple[str, ...], unseen: int) -> dict[int, Fraction]:
    values = deck()
    rest = [v for c, v in values.items() if c not in known]
    base = sum(values[c] for c in known)
    counts = Counter(base + sum(hand) for hand in combinations(rest, unseen))
    n = sum(counts.values())
    return {t: Fraction(k, n) for t, k in sorted(counts.items())}


def mean_of(dist):
    return sum((t * p for t, p in dist.items()), Fraction(0))


def test_distribution_figure_overlays_one_bar_trace_per_distribution_with_its_mean():
    one = {1: Fraction(1, 4), 3: Fraction(3, 4)}
    two = {0: Fraction(1, 2), 10: Fraction(1, 2)}
    fig = distribution_figure({"first": one, "second": two}, title="two tests")
    assert trace_names(fig) == ["first (mean 2.50)", "second (mean 5.00)"]
    assert [xy(t) for t in fig.data] == [([1, 3], [0.25, 0.75]), ([0, 10], [0.5, 0.5])]
    assert fig.layout.barmode == "overlay"
    assert title_of(fig) == "two tests" and axes_of(fig) == ("total", "probability")


def xy(trace):
    return list(trace.x), list(trace.y)


def test_grids_answer_states_both_means_and_plots_both_brute_force_distributions():
    html, fig = grids_answer(("AS", "2H"))
    fresh, low = grid_totals((), 4), grid_totals(("AS", "2H"), 2)
    e_fresh, e_low = mean_of(fresh), mean_of(low)
    p10 = sum(p for t, p in fresh.items() if t <= 10)
    assert html == (f"Fresh grid: expected total <b>{e_fresh} ≈ {float(e_fresh):.2f}</b>; "
                    f"P(total ≤ 10) = {p10} ≈ {float(p10):.3f}.<br>"
                    f"AS + 2H known, two unseen: expected total <b>{e_low} ≈ {float(e_low):.2f}</b>.")
    assert e_fresh == Fraction(336, 13)
    assert trace_names(fig) == [f"fresh grid (4 unseen) (mean {float(e_fresh):.2f})",
                                f"AS + 2H known, 2 unseen (mean {float(e_low):.2f})"]
    assert xy(fig.data[0]) == (list(fresh), [float(p) for p in fresh.values()])
    assert xy(fig.data[1]) == (list(low), [float(p) for p in low.values()])
    assert title_of(fig) == "Exact distribution of a grid's total"


def test_unseen_card_html_lists_every_value_chance_and_the_mean():
    values = list(deck().values())
    dist = {v: Fraction(values.count(v), 52) for v in sorted(set(values))}
    ev = Fraction(sum(values), 52)
    listed = ", ".join(f"{v}: {p}" for v, p in dist.items())
    assert unseen_card_html() == ("Exact distribution of one unseen card: " + listed
                                  + f"<br>Expected value: <b>{ev} ≈ {float(ev):.3f}</b>")


ROWS = [
    {"threshold": 0, "win_rate": 0.40, "low": 0.35, "high": 0.46, "bot": "a"},
    {"threshold": 2, "win_rate": 0.55, "low": 0.50, "high": 0.61, "bot": "b"},
    {"threshold": 4, "win_rate": 0.52, "low": 0.47, "high": 0.58, "bot": "c"},
]


def test_threshold_figure_plots_the_sweep_with_intervals_and_stars_the_best_threshold():
    fig = threshold_figure(ROWS)
    sweep, star = fig.data
    assert xy(sweep) == ([0, 2, 4], [0.40, 0.55, 0.52])
    assert close_lists(list(sweep.error_y.array), [0.06, 0.06, 0.06])
    assert close_lists(list(sweep.error_y.arrayminus), [0.05, 0.05, 0.05])
    assert xy(star) == ([2], [0.55]) and star.name == "best t = 2"
    assert axes_of(fig) == ("threshold t", "win rate (95 % interval)")


def test_comparison_figure_plots_each_bots_win_rate_interval_and_mean_grid_total():
    rows = [{**r, "mean_points": m, "lower_is_better": True} for r, m in zip(ROWS, (21.25, 18.0, 30.5), strict=True)]
    fig = comparison_figure(rows, title="head to head")
    bars, fair = fig.data
    assert xy(bars) == (["a", "b", "c"], [0.40, 0.55, 0.52])
    assert close_lists(list(bars.error_y.array), [0.06, 0.06, 0.06])
    assert close_lists(list(bars.error_y.arrayminus), [0.05, 0.05, 0.05])
    assert list(bars.text) == ["mean points 21.2", "mean points 18.0", "mean points 30.5"]
    assert close_lists(list(fair.y), [1 / 3] * 3)
    assert title_of(fig) == "head to head"
    assert axes_of(fig) == ("bot (mean points: lower is better)", "win rate")


def test_snap_chance_figure_draws_own_and_any_card_chances_by_round():
    rows = [{"round": 1, "own": 0.1, "own_low": 0.05, "own_high": 0.2, "any": 0.3, "any_low": 0.2, "any_high": 0.45},
            {"round": 2, "own": 0.2, "own_low": 0.1, "own_high": 0.25, "any": 0.5, "any_low": 0.4, "any_high": 0.55}]
    fig = snap_chance_figure(rows)
    own, anyone = fig.data
    assert trace_names(fig) == ["one of my own known cards", "any card I know"]
    assert xy(own) == ([1, 2], [0.1, 0.2]) and xy(anyone) == ([1, 2], [0.3, 0.5])
    assert close_lists(list(own.error_y.array), [0.1, 0.05]) and close_lists(list(own.error_y.arrayminus), [0.05, 0.1])
    assert close_lists(list(anyone.error_y.array), [0.15, 0.05])
    assert close_lists(list(anyone.error_y.arrayminus), [0.1, 0.1])
    assert axes_of(fig) == ("round", "probability")


def test_threshold_grid_figure_greens_exactly_the_totals_at_or_under_the_threshold():
    fig = threshold_grid_figure(3, known=["KH"], unknown=2)
    dist = grid_totals(("KH",), 2)
    (bars,) = fig.data
    assert xy(bars) == (list(dist), [float(p) for p in dist.values()])
    assert list(bars.marker.color) == ["#2e7d32" if t <= 3 else "#9e9e9e" for t in dist]
    assert title_of(fig) == "Grid total (KH + 2 unseen); green: at most t = 3"


def test_threshold_readout_gives_the_exact_chance_under_the_threshold_and_the_mean():
    dist = grid_totals(("KH",), 2)
    p = sum(q for t, q in dist.items() if t <= 3)
    assert p == Fraction(64, 1275)
    assert threshold_readout(3, known=["KH"], unknown=2) == (
        f"Chance the grid totals at most 3: <b>{p.numerator}/{p.denominator} ≈ {float(p):.3f}</b>. "
        f"Its mean total is {float(mean_of(dist)):.2f}.")
