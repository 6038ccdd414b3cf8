"""Big Cheese's figures and tables show the exact numbers: payouts from the dice written out here,
the best re-roll from "re-roll below the mean" enumerated over pairs of rolls, and "exactly 30" by
a forward chain over scores (the kit's runs backward)."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from changekit.games.big_cheese.analysis import (
    card_figure, card_readout, exact30_answer, exact30_figure, payout_figure, payout_table_html, payout_tables_html,
    reroll_html, risk_figure, simulated_exact30_finish, value_per_worker_figure,
)
from changekit.stats.intervals import Estimate

from .figure_checks import axes_of, close_lists, table_rows, title_of, trace_names, xy

CARDS = (2, 4, 6, 8, 10, 12, 20)


def faces(card, dice):
    return [card * f for f in range(1, 7)] if dice == "d6" else list(range(1, card + 1))


def dist_of(values):
    return {v: Fraction(values.count(v), len(values)) for v in sorted(set(values))}


def mean_of(d):
    return sum((v * p for v, p in d.items()), Fraction(0))


def variance_of(d):
    m = mean_of(d)
    return sum(((v - m) ** 2 * p for v, p in d.items()), Fraction(0))


def best_cheese(card, dice):
    """(threshold, distribution): re-roll every face below the mean; the smallest such threshold
    is the smallest face at or above the mean. The distribution enumerates both rolls."""
    fs = faces(card, dice)
    m = Fraction(sum(fs), len(fs))
    t = min(f for f in fs if f >= m)
    return t, dist_of([second if first < t else first for first in fs for second in fs])


def frac(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def payout_rows(dice):
    rows = []
    for card in CARDS:
        one = dist_of(faces(card, dice))
        t, cheese = best_cheese(card, dice)
        m, v = mean_of(one), variance_of(one)
        rows.append([str(card), frac(m), frac(v), f"{math.sqrt(v):.2f}", f"{math.sqrt(v) / m:.3f}", f"below {t}",
                     frac(mean_of(cheese)), frac(variance_of(cheese))])
    return rows


HEADER = ["card", "mean", "variance", "sd", "sd / mean", "Big Cheese: re-roll", "mean with it", "variance with it"]


@lru_cache(maxsize=None)
def finish_by(score, horizon):
    """P(score reaches exactly 30 within t projects) for t = 0..horizon, pushing the score's
    distribution forward one matured project (card uniform over the 7, its die uniform) at a time."""
    at = {score: Fraction(1)}
    out = [at.get(30, Fraction(0))]
    for _ in range(horizon):
        nxt = {}
        for s, p in at.items():
            for card in CARDS:
                for f in range(1, card + 1):
                    to = s if s == 30 or s + f > 30 else s + f
                    nxt[to] = nxt.get(to, Fraction(0)) + p / (7 * card)
        at = nxt
        out.append(at.get(30, Fraction(0)))
    return out


def test_payout_table_html_lists_mean_variance_and_best_reroll_of_every_card():
    for dice in ("d6", "polyhedral"):
        rows = table_rows(payout_table_html(dice))
        assert rows == [HEADER, *payout_rows(dice)]
    assert payout_rows("d6")[2][5:7] == ["below 24", "51/2"]  # the docstring's 6 card


def test_payout_tables_html_shows_the_d6_table_then_the_polyhedral_one():
    html = payout_tables_html()
    assert html.index("<b>d6 × card</b>") < html.index("<b>polyhedral</b>")
    assert table_rows(html) == [HEADER, *payout_rows("d6"), HEADER, *payout_rows("polyhedral")]


def test_reroll_html_gives_the_best_threshold_and_its_value_against_never_and_always():
    t, cheese = best_cheese(12, "polyhedral")
    assert (t, mean_of(cheese)) == (7, Fraction(8))  # half the time 7..12 (mean 9.5), else a fresh 6.5
    m = mean_of(dist_of(faces(12, "polyhedral")))
    assert reroll_html(12, "polyhedral") == (f"Best rule: re-roll anything below <b>7</b> — expected payout <b>8</b> "
                                             f"(never re-roll: {float(m)}, always re-roll: {float(m)}).")


def test_exact30_answer_tabulates_the_exact_chain_beside_the_simulations_and_plots_both():
    cases = ((0, 3), (25, 2))
    fig, html = exact30_answer(cases, n=40)
    sims = {(s, t): simulated_exact30_finish(s, t, n=40, seed=s * 100 + t) for s, t in cases}
    assert table_rows(html) == [["score", "within t", "exact chain", "simulated [95 % interval]"],
                                ["0", "3", f"{float(finish_by(0, 3)[3]):.4f}", str(sims[(0, 3)])],
                                ["25", "2", f"{float(finish_by(25, 2)[2]):.4f}", str(sims[(25, 2)])]]
    assert trace_names(fig) == ["from 0", "from 25", "simulated"]
    assert xy(fig.data[0]) == (list(range(4)), [float(p) for p in finish_by(0, 3)])
    assert xy(fig.data[1]) == (list(range(4)), [float(p) for p in finish_by(25, 3)])
    assert xy(fig.data[2]) == ([3, 2], [sims[(0, 3)].value, sims[(25, 2)].value])


def test_payout_figure_overlays_the_d6_and_polyhedral_payouts_of_one_card():
    fig = payout_figure(8)
    assert trace_names(fig) == ["d6 (mean 28.0)", "polyhedral (mean 4.5)"]
    assert xy(fig.data[0]) == ([8, 16, 24, 32, 40, 48], [1 / 6] * 6)
    assert xy(fig.data[1]) == (list(range(1, 9)), [1 / 8] * 8)
    assert title_of(fig) == "What the 8 card pays under each scheme"
    assert axes_of(fig) == ("payout (points)", "probability")


def test_risk_figure_places_each_card_at_its_sd_and_mean_with_and_without_a_big_cheese():
    fig = risk_figure("polyhedral")
    one, cheese = fig.data
    dists = [dist_of(faces(c, "polyhedral")) for c in CARDS]
    cheeses = [best_cheese(c, "polyhedral")[1] for c in CARDS]
    assert close_lists(list(one.x), [math.sqrt(variance_of(d)) for d in dists])
    assert list(one.y) == [float(mean_of(d)) for d in dists] and list(one.text) == [str(c) for c in CARDS]
    assert close_lists(list(cheese.x), [math.sqrt(variance_of(d)) for d in cheeses])
    assert list(cheese.y) == [float(mean_of(d)) for d in cheeses]
    assert trace_names(fig) == ["one roll", "with a Big Cheese"]
    assert axes_of(fig) == ("standard deviation", "expected payout")


def test_value_per_worker_figure_divides_each_mean_by_the_bids_triangular_cost():
    simulated = {1: {"per_worker_placement": Estimate(20.0, 18.0, 23.0, 9)},
                 3: {"per_worker_placement": Estimate(4.0, 3.0, 4.5, 5)}}
    fig = value_per_worker_figure("d6", simulated=simulated)
    assert trace_names(fig) == [f"card {c}" for c in CARDS] + ["bots' projects (simulated)"]
    for card, trace in zip(CARDS, fig.data, strict=False):  # the last trace is the bots' projects
        assert list(trace.x) == list(range(1, 11))
        assert close_lists(list(trace.y), [3.5 * card / (k * (k + 1) / 2) for k in range(1, 11)])
    sims = fig.data[-1]
    assert xy(sims) == ([1, 3], [20.0, 4.0])
    assert list(sims.error_y.array) == [3.0, 0.5] and list(sims.error_y.arrayminus) == [2.0, 1.0]
    assert fig.layout.yaxis.type == "log"


def test_exact30_figure_draws_one_exact_curve_per_starting_score():
    fig = exact30_figure(scores=(20, 29), projects=4)
    assert trace_names(fig) == ["from 20", "from 29"]
    assert xy(fig.data[0]) == (list(range(5)), [float(p) for p in finish_by(20, 4)])
    assert xy(fig.data[1]) == (list(range(5)), [float(p) for p in finish_by(29, 4)])
    assert finish_by(29, 1)[1] == Fraction(51, 280)
    assert axes_of(fig) == ("number projects matured (t)", "probability")



def test_card_figure_sets_one_roll_beside_the_best_big_cheese_on_shared_payouts():
    fig = card_figure(10, "polyhedral")
    one = dist_of(faces(10, "polyhedral"))
    t, cheese = best_cheese(10, "polyhedral")
    xs = sorted(set(one) | set(cheese))
    assert trace_names(fig) == [f"one roll (mean {float(mean_of(one)):.2f})",
                                f"with a Big Cheese, re-roll below {t} (mean {float(mean_of(cheese)):.2f})"]
    assert xy(fig.data[0]) == (xs, [float(one.get(x, 0)) for x in xs])
    assert xy(fig.data[1]) == (xs, [float(cheese.get(x, 0)) for x in xs])
    assert t == 6 and title_of(fig) == "What the 10 card pays (polyhedral)"


def test_card_readout_states_mean_variance_and_the_big_cheese_value():
    assert card_readout(6, "d6") == (
        "The 6 under <b>d6</b>: mean <b>21</b>, variance <b>105</b> (standard deviation "
        f"{math.sqrt(105):.2f}, {math.sqrt(105) / 21:.0%} of the mean). With a Big Cheese on your last project, "
        "re-roll any roll below the mean (<b>6, 12, 18</b>): the card is then worth <b>51/2</b> ≈ 25.50 on average.")
