"""Zombie's figures and tables show the exact numbers: each checked against values computed
another way (the first-play distribution by its own algorithm, Wilson intervals by formula)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from changekit.games.zombie.analysis import (
    chance_of_points_html, convergence_figure, expected_points_figure, expected_points_table_html,
    first_play_distribution, first_play_figure, first_play_readout, points_distribution, points_figure,
    simulated_points,
)

from .figure_checks import axes_of, bold_texts, close_lists, table_rows, title_of, trace_names

BILLS = (1, 3, 5, 7, 10)


def exact_mean(dist):
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def test_points_figure_plots_the_exact_distribution_as_bars_and_the_simulation_as_markers():
    fig = points_figure(5, samples=300, seed=4)
    exact = first_play_distribution(5, 3)  # the other algorithm for the same first play
    sims = Counter(simulated_points(5, 300, seed=4, dealt=3))
    xs = sorted(set(exact) | set(sims))
    assert trace_names(fig) == ["exact", "simulated (300)"]
    assert [t.type for t in fig.data] == ["bar", "scatter"]
    bars, marks = fig.data
    assert list(bars.x) == xs and list(marks.x) == xs
    assert list(bars.y) == [float(exact.get(x, Fraction(0))) for x in xs]
    assert list(marks.y) == [sims[x] / 300 for x in xs]
    assert title_of(fig) == "Points for paying $5 to a fresh Zombie (3 bills)"
    assert axes_of(fig) == ("points scored", "probability")


def test_expected_points_figure_shows_each_bills_exact_mean():
    fig = expected_points_figure(dealt=2)
    want = [float(exact_mean(first_play_distribution(b, 2))) for b in BILLS]
    (bars,) = fig.data
    assert list(bars.x) == [f"${b}" for b in BILLS]
    assert close_lists(list(bars.y), want)
    assert list(bars.text) == [f"{v:.3f}" for v in want]
    assert title_of(fig) == "Expected points per bill against a fresh Zombie (2 bills)"
    assert axes_of(fig) == ("bill paid", "expected points")


def test_convergence_figure_runs_the_average_of_the_simulation_to_the_exact_mean():
    fig = convergence_figure(7, samples=200, seed=3)
    sims = simulated_points(7, 200, seed=3, dealt=3)
    exact = float(exact_mean(first_play_distribution(7, 3)))
    running, line = fig.data
    assert list(running.x) == list(range(1, 201))
    assert close_lists(list(running.y), [sum(sims[:i]) / i for i in range(1, 201)])
    assert list(line.x) == [1, 200] and close_lists(list(line.y), [exact, exact])
    assert line.name == f"exact = {exact:.4f}"
    assert fig.layout.xaxis.type == "log"
    assert axes_of(fig) == ("payments simulated", "average points")



def test_expected_points_table_html_lists_each_bills_exact_and_decimal_mean():
    rows = table_rows(expected_points_table_html(dealt=2))
    assert rows[0] == ["bill paid", "exact expected points", "decimal"]
    want = [exact_mean(first_play_distribution(b, 2)) for b in BILLS]
    assert rows[1:] == [[f"${b}", f"{v.numerator}/{v.denominator}", f"{float(v):.4f}"]
                        for b, v in zip(BILLS, want, strict=True)]


def test_chance_of_points_html_gives_the_exact_tail_probability():
    tail = sum((p for pts, p in first_play_distribution(3, 3).items() if pts >= 1), Fraction(0))
    assert bold_texts(chance_of_points_html(3)) == [
        f"≈ {float(tail):.3f} (exactly {tail.numerator}/{tail.denominator})"]


def test_first_play_figure_has_a_bar_for_every_point_count_up_to_the_largest():
    fig = first_play_figure(10, 2)
    exact = points_distribution(10, dealt=2)  # the slow algorithm, independent of the explorer's
    xs = list(range(max(exact) + 1))
    (bars,) = fig.data
    assert list(bars.x) == xs
    assert list(bars.y) == [float(exact.get(x, Fraction(0))) for x in xs]
    assert list(bars.text) == [f"{float(exact[x]):.3f}" if exact.get(x) else "" for x in xs]
    assert title_of(fig) == "Points for paying $10 to a Zombie dealt 2 bills (first play)"
    assert axes_of(fig) == ("points scored", "probability")


def test_first_play_readout_states_the_exact_mean_and_the_scoring_chance():
    exact = points_distribution(1, dealt=4)
    average = exact_mean(exact)
    scoring = sum((p for pts, p in exact.items() if pts >= 1), Fraction(0))
    assert bold_texts(first_play_readout(1, 4)) == [
        "$1", "4", f"≈ {float(average):.3f} (exactly {average.numerator}/{average.denominator})",
        f"{float(scoring):.3f}"]
