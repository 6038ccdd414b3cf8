"""Boneyard's figures and tables show the exact numbers: each bid's payoff is averaged here over
every profile of the opponents' bids (itertools.product), by the rule sheet's first round: a bid
matched by anyone is lost, otherwise it takes the bucket after the unmatched bids above it."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from changekit.games.boneyard.analysis import (
    Equilibrium, class_answer, convergence_figure, equilibrium_figure, equilibrium_table_html,
)
from changekit.games.boneyard.app import ClassExplorer
from changekit.games.boneyard.model import EQUILIBRIUM_TABLE

from .figure_checks import axes_of, table_rows, title_of, trace_names, xy

BUCKETS = (10, 7, 5, 3, 1)
BIDS = [1, *range(3, 24), 25, 26]  # what $10 + $7 + $5 + $3 + $1 can make


def payoff(bid, others):
    if bid in others:
        return -bid
    seen = Counter(others)
    above = sum(1 for t, n in seen.items() if t > bid and n == 1)
    return BUCKETS[above] - bid if above < len(BUCKETS) else 0


def payoffs(strategy, opponents):
    """bid → expected payoff against ``opponents`` bidding independently from ``strategy``."""
    support = [t for t, p in strategy.items() if p]
    out = {}
    for bid in BIDS:
        total = 0
        for profile in product(support, repeat=opponents):
            weight = 1
            for t in profile:
                weight *= strategy[t]
            total += weight * payoff(bid, profile)
        out[bid] = total
    return out


def class_report(bids, players):
    dist = {t: Fraction(n, len(bids)) for t, n in sorted(Counter(bids).items())}
    pay = payoffs(dist, players - 1)
    top = max(pay.values())
    return dist, pay, [t for t, v in pay.items() if v == top], sum(p * pay[t] for t, p in dist.items())


def check_class_figure(fig, bids, players):
    dist, pay, best, _ = class_report(bids, players)
    shares, pays = fig.data
    assert xy(shares) == (list(dist), [float(p) for p in dist.values()])
    assert xy(pays) == (BIDS, [float(v) for v in pay.values()])
    assert list(pays.marker.color) == ["#d62728" if t in best else "#1f77b4" for t in BIDS]
    assert (shares.xaxis, pays.xaxis) == ("x", "x2")
    assert [a.text for a in fig.layout.annotations] == ["what the class bid",
                                                        f"expected payoff against it ({players} players)"]
    assert title_of(fig) == "Best response: bid " + ", ".join(f"${t}" for t in best)


def test_class_answer_names_the_best_bid_and_plots_shares_and_payoffs():
    html, fig = class_answer("1 3 3 5 7", 3)
    _, pay, best, average = class_report([1, 3, 3, 5, 7], 3)
    assert best == [4] and pay[4] == Fraction(104, 25)
    assert html == (f"Against 2 opponents drawn from this class, the best bid is <b>$4</b>, earning <b>104/25</b> ≈ "
                    f"+4.160 on average; the class's own bids average {float(average):+.3f}.")
    check_class_figure(fig, [1, 3, 3, 5, 7], 3)


def test_class_explorer_redraws_the_typed_bids_and_states_the_best_reply():
    explorer = ClassExplorer("5 5 5 7", n_players=2)
    check_class_figure(explorer.chart.figure, [5, 5, 5, 7], 2)
    explorer.w_bids.value = "1 1 4 6 6 9"
    explorer.w_players.value = 4
    explorer.w_go.click()
    bids = [1, 1, 4, 6, 6, 9]
    check_class_figure(explorer.chart.figure, bids, 4)
    _, pay, best, average = class_report(bids, 4)
    value = pay[best[0]]
    assert explorer.w_text.value == (
        f"4 different totals. Against 3 opponents drawn from this class, the best bid is "
        f"<b>{', '.join(f'${t}' for t in best)}</b>, earning <b>{value}</b> ≈ {float(value):+.3f} on average; "
        f"the class's own bids average {float(average):+.3f}.")


MIXES = {3: {1: 0.5, 3: 0.5}, 4: {1: 0.25, 4: 0.75}}


def test_equilibrium_figure_shows_each_player_counts_mix_over_the_bids_anyone_uses():
    fig = equilibrium_figure(MIXES)
    (heat,) = fig.data
    assert list(heat.x) == ["$1", "$3", "$4"] and list(heat.y) == ["3 players", "4 players"]
    assert [list(r) for r in heat.z] == [[0.5, 0.5, 0.0], [0.25, 0.0, 0.75]]
    assert [list(r) for r in heat.text] == [["0.500", "0.500", ""], ["0.250", "", "0.750"]]
    assert title_of(fig) == "First-round equilibrium: how often to bid each total"
    default = equilibrium_figure()
    assert list(default.data[0].y) == [f"{n} players" for n in range(3, 9)]
    assert [list(r) for r in default.data[0].z][0][:2] == [EQUILIBRIUM_TABLE[3][1], EQUILIBRIUM_TABLE[3][3]]


def table_row(players, mix):
    exact = {t: Fraction(p) for t, p in mix.items()}
    pay = payoffs(exact, players - 1)
    value = sum(p * pay[t] for t, p in exact.items())
    support = sorted(t for t, p in mix.items() if p > 0)
    return [str(players), f"${support[0]}–${support[-1]} (no $2: it cannot be made)", f"{mix.get(1, 0.0):.3f}",
            f"{float(value):+.4f}", f"{float(max(pay.values()) - value):.1e}"]


def test_equilibrium_table_html_gives_support_p1_value_and_exploitability_per_player_count():
    header = ["players", "bids used", "P(bid $1)", "expected net", "exploitability"]
    assert table_rows(equilibrium_table_html(MIXES)) == [header, table_row(3, MIXES[3]), table_row(4, MIXES[4])]
    rows = table_rows(equilibrium_table_html())
    assert rows[0] == header and [r[0] for r in rows[1:]] == [str(n) for n in range(3, 9)]
    for n in (3, 4):  # brute force over the opponents' profiles stays small up to 4 players
        assert rows[n - 2][:4] == table_row(n, EQUILIBRIUM_TABLE[n])[:4]
        assert float(rows[n - 2][4]) < 1e-6  # the stored table is an equilibrium (to its 10 digits)


def test_convergence_figure_splits_the_history_at_newtons_first_step_on_a_log_axis():
    result = Equilibrium(n_players=5, strategy={}, payoffs={}, value=0.0, exploitability=0.0,
                         history=(1.0, 0.5, 0.01, 0.0), newton_from=2)
    fig = convergence_figure(result)
    assert trace_names(fig) == ["exponential weights", "Newton on the support"]
    assert xy(fig.data[0]) == ([0, 1], [1.0, 0.5])
    assert xy(fig.data[1]) == ([1, 2, 3], [0.5, 0.01, 1e-16])  # a zero is drawn at the log axis' floor
    assert fig.layout.yaxis.type == "log"
    assert title_of(fig) == "Solving the 5-player first round"
    assert axes_of(fig) == ("solver step", "exploitability ($)")
