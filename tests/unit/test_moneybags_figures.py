"""Moneybags' figures and answers show the exact numbers: every pour of the 67 coins into four
bags is counted here (the other bags' coins enumerated, not the kit's binomial), the steal and the
jiggle applied state by state, and the steal curves' victims written out again."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from changekit.games.moneybags.analysis import (
    StealValue, boss_figure, robbed_answer, robbed_figure, robbed_readout, steal_curves_figure, steal_figure,
    unknown_grab_html,
)
from changekit.games.moneybags.rules import jiggle_likelihood
from changekit.stats.intervals import Estimate

from .figure_checks import axes_of, close_lists, table_rows, title_of, trace_names, xy

COINS, DIAMOND = 67, 10
WHERE = {"A": Fraction(1, 4), "B": Fraction(1, 4), "else": Fraction(1, 2)}


@lru_cache(maxsize=None)
def pours():
    """(coins in A, coins in B) → number of pours (the other two bags get at least one each)."""
    out = {}
    for a in range(1, COINS):
        for b in range(1, COINS - a):
            ways = sum(1 for c in range(1, COINS - a - b) if COINS - a - b - c >= 1)
            if ways:
                out[(a, b)] = ways
    return out


def held_states(held):
    """Your bag held ``held``: [(coins in B, diamond, probability)]."""
    rows = [(b, n) for (a, b), n in pours().items() if a == held]
    total = sum(n for _, n in rows)
    return [(b, d, Fraction(n, total) * q) for b, n in rows for d, q in WHERE.items()]


def tall(coins, has):
    return coins + (DIAMOND if has else 0)


def summary(states):
    """[(height A, height B, p)] → (P(challenge wins), E[height] challenging, E[height] accepting,
    your height distribution, the thief's)."""
    p_win = sum(p for ha, hb, p in states if hb > ha)
    ev_ch = sum(p * (ha + hb) for ha, hb, p in states if hb > ha)
    ev_acc = sum(p * ha for ha, hb, p in states)
    mine, thief = {}, {}
    for ha, hb, p in states:
        mine[ha] = mine.get(ha, 0) + p
        thief[hb] = thief.get(hb, 0) + p
    return p_win, ev_ch, ev_acc, dict(sorted(mine.items())), dict(sorted(thief.items()))


def robbed(held, taken, reading, noise):
    """The story's two steps: after the steal (exact), after the thief's bag jiggles (floats)."""
    after = [(tall(held - taken, d == "A"), tall(b + taken, d == "B"), p, b + taken) for b, d, p in held_states(held)]
    steal = summary([(ha, hb, p) for ha, hb, p, _ in after])
    weighted = [(ha, hb, float(p) * jiggle_likelihood(reading, coins, noise)) for ha, hb, p, coins in after]
    total = sum(w for _, _, w in weighted)  # a reading impossible for a state rules it out
    return steal, summary([(ha, hb, w / total) for ha, hb, w in weighted if w])


def check_story_figure(fig, steps, labels):
    assert trace_names(fig) == [f"{who}: {label}" for label in labels for who in ("you", "thief")]
    assert len(steps) == len(labels)
    for i, step in enumerate(steps):
        for j, dist in enumerate((step[3], step[4])):
            trace = fig.data[2 * i + j]
            assert list(trace.x) == list(dist)
            assert close_lists(list(trace.y), [float(p) for p in dist.values()], tol=1e-9)
    assert fig.data[-1].line.width == 3 and fig.data[0].line.width == 1  # the latest step stands out
    assert title_of(fig) == "What the bags hold: belief after each step"


def test_robbed_answer_gives_the_exact_chance_and_a_row_per_thing_you_learn():
    html, fig = robbed_answer()
    steal, heavy = robbed(12, 4, 24, 0.15)
    _, light = robbed(12, 4, 10, 0.15)
    p = steal[0]
    assert f"<b>{p.numerator}/{p.denominator} ≈ {float(p):.3f}</b>" in html

    def row(label, s):
        return [label, f"{float(s[0]):.3f}", f"{float(s[1]):.1f}", f"{float(s[2]):.1f}",
                "challenge" if s[1] > s[2] else "let it go"]

    assert table_rows(html) == [
        ["what you know", "P(challenge wins)", "E[height] if you challenge", "E[height] if you let it go", "better"],
        row("after the steal", steal), row("the thief's bag jiggles 24", heavy),
        row("the thief's bag jiggles 10", light)]
    check_story_figure(fig, [steal, heavy], ["after the steal", "the thief's bag jiggles 24"])


def test_robbed_figure_plots_both_bags_beliefs_after_the_steal_and_the_jiggle():
    steal, jiggle = robbed(8, 3, 15, 0.2)
    check_story_figure(robbed_figure(held=8, taken=3, reading=15, noise=0.2), [steal, jiggle],
                       ["after the steal", "the thief's bag jiggles 15"])


def test_robbed_readout_states_both_chances_the_heights_and_the_verdict():
    steal, jiggle = robbed(8, 3, 15, 0.2)
    p = steal[0]
    assert robbed_readout(held=8, taken=3, reading=15, noise=0.2) == (
        f"After the steal: P(challenge wins) = <b>{p.numerator}/{p.denominator} ≈ {float(p):.3f}</b>. "
        f"After the thief's bag jiggles 15 (noise 0.2): <b>{float(jiggle[0]):.3f}</b>; "
        f"expected height {float(jiggle[1]):.1f} if you challenge, {float(jiggle[2]):.1f} if not: <b>challenge</b>.")


def pair_states():
    """Every (coins A, coins B, diamond) of a random pour, exact."""
    total = sum(pours().values())
    return [(a, b, d, Fraction(n, total) * q) for (a, b), n in pours().items() for d, q in WHERE.items()]


def test_unknown_grab_html_gives_the_challenge_chance_before_and_after_an_unknown_grab():
    before = sum(p for a, b, d, p in pair_states() if tall(b, d == "B") > tall(a, d == "A"))
    after = Fraction(0)
    for a, b, d, p in pair_states():
        for k in range(9):
            t = min(k, a)
            moves = [("B", Fraction(1, 2)), ("A", Fraction(1, 2))] if d == "A" else [(d, Fraction(1))]
            for d2, q in moves:
                if tall(b + t, d2 == "B") > tall(a - t, d2 == "A"):
                    after += p * q / 9
    assert unknown_grab_html() == (
        f"Before any steal: P(the other bag is strictly taller) = <b>{float(before):.3f}</b>; after a grab of 0–8 "
        f"coins (each equally likely, feeling for the diamond half the time): <b>{float(after):.3f}</b>.")


def steal_ev(k, challenge, diamond=False):
    """The thief's expected height after grabbing k coins; ``challenge(lost, took_diamond, coins
    left in A)`` is the victim's chance of challenging. Challenged and shorter: the thief takes
    both stacks; taller: the thief is out."""
    ev = 0.0
    for a, b, d, p in pair_states():
        t = min(k, a)
        took = diamond and d == "A"
        ha, hb = tall(a - t, d == "A" and not took), tall(b + t, d == "B" or took)
        c = challenge(t, took, a - t)
        ev += float(p) * ((1 - c) * hb + (c * (ha + hb) if ha >= hb else 0))
    return ev


def test_steal_curves_figure_draws_each_victims_curve_its_best_grab_and_standing_by():
    fig = steal_curves_figure(max_coins=3)
    at_six = lambda lost, took, left: 1 if lost + (DIAMOND if took else 0) >= 6 else 0  # noqa: E731
    light = lambda lost, took, left: min(1.0, sum(jiggle_likelihood(r, left, 0.15) for r in range(12)))  # noqa: E731
    curves = {"challenges at 6+ lost": [steal_ev(k, at_six) for k in range(4)],
              "challenges at 6+, you take the diamond too": [steal_ev(k, at_six, diamond=True) for k in range(4)],
              "challenges when the bag jiggles under 12": [steal_ev(k, light) for k in range(4)],
              "never challenges": [steal_ev(k, lambda *_: 0) for k in range(4)]}
    assert [t.name for t in fig.data[::2]] == list(curves)
    for i, ys in enumerate(curves.values()):
        line, star = fig.data[2 * i], fig.data[2 * i + 1]
        assert list(line.x) == [0, 1, 2, 3] and close_lists(list(line.y), ys, tol=1e-9)
        best = max(range(4), key=lambda k: (round(ys[k], 9), -k))
        assert list(star.x) == [best] and close_lists(list(star.y), [ys[best]], tol=1e-9)
    stand = sum(float(p) * tall(b, d == "B") for a, b, d, p in pair_states())
    assert close_lists([fig.layout.shapes[0].y0], [stand], tol=1e-9)
    assert axes_of(fig) == ("coins grabbed", "expected height afterwards")


def test_steal_figure_stars_the_smallest_best_grab_of_each_curve():
    curves = {"v": [StealValue(0, False, 5.0, 0, 0), StealValue(1, False, 7.0, 0, 0), StealValue(2, False, 7.0, 0, 0)],
              "w": [StealValue(0, False, 6.0, 0, 0), StealValue(1, False, 2.0, 0, 0)]}
    fig = steal_figure(curves, baseline=5.5)
    assert [xy(t) for t in fig.data] == [([0, 1, 2], [5.0, 7.0, 7.0]), ([1], [7.0]), ([0, 1], [6.0, 2.0]), ([0], [6.0])]
    assert [t.hovertext for t in fig.data[1::2]] == ["best: 1", "best: 0"]
    assert fig.layout.shapes[0].y0 == 5.5


def test_boss_figure_groups_each_policys_win_chance_by_turn_position():
    study = {"even": [Estimate(0.2, 0.1, 0.3, 50), Estimate(0.8, 0.7, 0.85, 50)],
             "front": [Estimate(0.6, 0.5, 0.7, 50), Estimate(0.4, 0.3, 0.5, 50)]}
    fig = boss_figure(study)
    assert trace_names(fig) == ["even", "front"]
    assert xy(fig.data[0]) == (["1", "2"], [0.2, 0.8]) and xy(fig.data[1]) == (["1", "2"], [0.6, 0.4])
    assert close_lists(list(fig.data[0].error_y.array), [0.1, 0.05])
    assert close_lists(list(fig.data[0].error_y.arrayminus), [0.1, 0.1])
    assert fig.layout.barmode == "group"
    assert axes_of(fig) == ("turn position (last = the Boss)", "P(win the round)")
