"""The one tournament chart every game draws (stats.tournaments.tournament_figure): its bars,
95 % Wilson intervals (the textbook formula written out in figure_checks), fair share and labels."""
from __future__ import annotations

import importlib

import pytest

from changekit.stats.tournaments import TournamentResult, tournament_figure

from .figure_checks import axes_of, close_lists, title_of, trace_names, wilson_bounds, xy


@pytest.mark.parametrize("game", ["zombie", "big_cheese", "boneyard", "moneybags"])
def test_each_games_tournament_chart_is_the_shared_one(game):
    assert importlib.import_module(f"changekit.games.{game}.analysis").tournament_figure is tournament_figure


def test_tournament_figure_plots_win_rates_wilson_intervals_and_the_fair_share():
    result = TournamentResult(names=["careful", "greedy", "careful"], games=100, wins=[50.0, 35.5, 14.5],
                              points=[310.0, 250.0, 90.0])
    fig = tournament_figure(result)
    bars, fair = fig.data
    labels = ["careful 1", "greedy", "careful 2"]
    bounds = [wilson_bounds(w, 100) for w in (50.0, 35.5, 14.5)]
    assert trace_names(fig) == ["win rate", "fair share"]
    assert xy(bars)[0] == labels and close_lists(list(bars.y), [0.5, 0.355, 0.145])
    assert close_lists(list(bars.error_y.array), [h - p for p, _, h in bounds])
    assert close_lists(list(bars.error_y.arrayminus), [p - lo for p, lo, _ in bounds])
    assert list(bars.text) == ["mean points 3.1", "mean points 2.5", "mean points 0.9"]
    # said under each name, not on the bar (the whisker and the fair-share line ran through it there)
    assert bars.textposition == "none"
    assert list(fig.layout.xaxis.ticktext) == ["careful 1<br>mean 3.1", "greedy<br>mean 2.5", "careful 2<br>mean 0.9"]
    assert list(fig.layout.xaxis.tickvals) == labels
    assert xy(fair)[0] == labels and close_lists(list(fair.y), [1 / 3] * 3)
    assert title_of(fig) == "Bot tournament: 100 games, 95 % intervals"
    assert axes_of(fig) == ("bot (mean points: higher is better)", "win rate")
    assert tuple(fig.layout.yaxis.range) == (0, 1)


def test_a_sweep_or_a_loss_pins_the_interval_at_the_axis_end():
    fig = tournament_figure(TournamentResult(names=["a", "b"], games=20, wins=[20.0, 0.0]), title="sweep")
    bars = fig.data[0]
    (_, low_a, _), (_, _, high_b) = wilson_bounds(20, 20), wilson_bounds(0, 20)
    assert xy(bars) == (["a", "b"], [1.0, 0.0]) and bars.text is None
    assert close_lists(list(bars.error_y.array), [0.0, high_b])
    assert close_lists(list(bars.error_y.arrayminus), [1 - low_a, 0.0])
    assert title_of(fig) == "sweep" and axes_of(fig) == ("bot", "win rate")
