"""Every notebook's explorer (issue 17 §4): a change of an input redraws the chart with the
exactly recomputed values, and bad input shows a message instead of raising."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from changekit.core.errors import ChangekitError
from changekit.stats.exact import mean
from changekit.ui.explorer import Explorer


def _bars(explorer: Explorer, trace: int = 0) -> dict:
    data = explorer.figure.data[trace]
    return dict(zip(list(data.x), list(data.y), strict=True))


def _alert(explorer: Explorer) -> str:
    assert 'role="alert"' in explorer.readout.value
    return explorer.readout.value


# ---- Zombie -------------------------------------------------------------------------------------
@pytest.mark.parametrize("bill,dealt", [(5, 3), (10, 0), (1, 2), (7, 1), (3, 4)])
def test_zombie_fast_path_equals_the_hand_by_hand_average(bill, dealt):
    from changekit.games.zombie.analysis import first_play_distribution, fresh_hand_rests, points_distribution

    # the other algorithm: every hand of 6 that holds the bill, each with the Zombie's deals from the rest
    average: dict[int, Fraction] = {}
    for rest, weight in fresh_hand_rests(bill):
        for points, p in points_distribution(bill, hand=rest, dealt=dealt).items():
            average[points] = average.get(points, Fraction(0)) + weight * p
    assert first_play_distribution(bill, dealt) == average == points_distribution(bill, dealt=dealt)


def test_zombie_explorer_redraws_with_the_exact_distribution():
    from changekit.games.zombie.analysis import points_distribution
    from changekit.games.zombie.app import first_play_explorer

    ex = first_play_explorer()
    ex.inputs["bill"].value = 7
    ex.inputs["dealt"].value = 2
    exact = points_distribution(7, dealt=2)
    bars = _bars(ex)
    assert {x: y for x, y in bars.items() if y} == {x: float(p) for x, p in exact.items() if p}
    m = mean(exact)
    assert f"{m.numerator}/{m.denominator}" in ex.readout.value


def test_zombie_first_play_refuses_bad_input():
    from changekit.core.errors import InvalidArgument
    from changekit.games.zombie.analysis import first_play_distribution

    with pytest.raises(InvalidArgument, match="dealt is a whole number from 0 to 12, not 45"):
        first_play_distribution(5, 45)
    with pytest.raises(InvalidArgument, match="bill"):
        first_play_distribution(4, 3)


def test_a_refused_input_shows_its_message_and_keeps_the_chart():
    import ipywidgets as w
    import plotly.graph_objects as go

    def compute(n: int):
        if n > 3:
            raise ChangekitError(f"n is at most 3, not {n}")
        return go.Figure(go.Bar(x=[0, 1], y=[n, 2 * n])), f"n = {n}"

    ex = Explorer({"n": w.BoundedIntText(value=1, min=0, max=9, description="n")}, compute)
    ex.inputs["n"].value = 2
    assert _bars(ex) == {0: 2, 1: 4} and ex.readout.value == "n = 2"
    ex.inputs["n"].value = 5
    assert "n is at most 3, not 5" in _alert(ex)
    assert _bars(ex) == {0: 2, 1: 4}


# ---- Big Cheese ----------------------------------------------------------------------------------
def test_big_cheese_explorer_follows_card_and_scheme():
    from changekit.games.big_cheese.app import card_explorer

    ex = card_explorer()
    ex.inputs["card"].value = 6
    ex.inputs["dice"].value = "polyhedral"
    # polyhedral 6: a d6, 1..6 each 1/6; variance (36 - 1) / 12; best Big Cheese re-roll 1, 2, 3 (below the
    # mean 3.5): P(face) = 1/2 * 1/6 for 1-3 and 1/6 + 1/2 * 1/6 for 4-6
    assert _bars(ex, 0) == {f: pytest.approx(1 / 6) for f in range(1, 7)}
    assert _bars(ex, 1) == {f: pytest.approx(1 / 12 if f < 4 else 1 / 4) for f in range(1, 7)}
    assert "variance <b>35/12</b>" in ex.readout.value and "below the mean (<b>1, 2, 3</b>)" in ex.readout.value
    ex.inputs["dice"].value = "d6"
    assert _bars(ex, 0) == {6 * f: pytest.approx(1 / 6) for f in range(1, 7)}


# ---- Moneybags -----------------------------------------------------------------------------------
def test_moneybags_held_prior_is_the_pour_given_your_bag():
    from changekit.games.moneybags.analysis import held_prior

    # 67 coins, 4 bags, yours holds 12: the other three share 55 with at least one each, so
    # P(thief = b) = (55 - b - 1 choose 1) / (54 choose 2)
    prior = held_prior(12)
    thief = {}
    for (a, b, _), p in prior.items():
        assert a == 12
        thief[b] = thief.get(b, 0) + p
    assert thief == {b: Fraction(55 - b - 1, comb(54, 2)) for b in range(1, 54)}


def test_moneybags_explorer_redraws_the_beliefs():
    from changekit.games.moneybags.analysis import challenge_story, held_prior
    from changekit.games.moneybags.app import jiggle_explorer

    ex = jiggle_explorer()
    ex.inputs["taken"].value = 6
    ex.inputs["noise"].value = 0.3
    steps = challenge_story(taken=6, prior=held_prior(12), readings=[("B", 24)], noise=0.3)
    last = steps[-1]
    drawn = ex.figure.data
    assert list(drawn[-1].x) == list(last.thief)
    assert list(drawn[-1].y) == pytest.approx([float(p) for p in last.thief.values()])
    p = steps[1].value.p_win
    assert f"{p.numerator}/{p.denominator}" in ex.readout.value
    ex.inputs["taken"].value = 20  # more than the bag held
    assert "takes 0 to 12" in _alert(ex)


# ---- Zhao Pengyou --------------------------------------------------------------------------------
def test_zhao_pengyou_explorer_follows_players_and_decks():
    from changekit.games.zhao_pengyou.app import deal_explorer

    ex = deal_explorer()
    ex.inputs["decks"].value = 2
    ex.inputs["players"].value = 5
    # 108 cards, kitty 8 (100 = 5 x 20), 36 trumps: hypergeometric, written out here
    expected = {k: comb(36, k) * comb(72, 20 - k) / comb(108, 20) for k in range(21)}
    assert _bars(ex) == {k: pytest.approx(v, rel=1e-12) for k, v in expected.items()}
    assert "hands of <b>20</b>" in ex.readout.value
    assert "kitty 8" in ex.readout.value


def test_zhao_pengyou_deal_summary_refuses_a_bad_table():
    from changekit.games.zhao_pengyou.analysis import deal_summary

    with pytest.raises(ChangekitError, match="players is a whole number from 4 to 7, not 3"):
        deal_summary(players=3)
    with pytest.raises(ChangekitError, match="decks"):
        deal_summary(decks=1)


# ---- Cambio --------------------------------------------------------------------------------------
def test_cambio_explorer_counts_grids_under_the_threshold():
    from changekit.games.cambio.app import threshold_explorer

    ex = threshold_explorer()
    ex.inputs["known"].value = "KS"
    ex.inputs["unknown"].value = 1
    ex.inputs["threshold"].value = 15
    # K♠ (a black king, 13) plus one of the other 51 cards; the total is at most 15 when that card is
    # worth at most 2: 2 red kings (-1), 4 aces, 4 twos: 10 of 51
    assert "10/51" in ex.readout.value
    bars = _bars(ex)
    assert bars[12] == pytest.approx(2 / 51) and bars[14] == pytest.approx(4 / 51) and bars[26] == pytest.approx(1 / 51)
    colours = list(ex.figure.data[0].marker.color)
    assert [c == "#2e7d32" for c in colours] == [x <= 15 for x in ex.figure.data[0].x]
    ex.inputs["known"].value = "ZZ"
    assert "cannot read the card" in _alert(ex)
    ex.inputs["known"].value = "AS 2H 3C"
    ex.inputs["unknown"].value = 2
    assert "1 to 4 cards" in _alert(ex)


# ---- Diminishing Returns -------------------------------------------------------------------------
def test_diminishing_explorer_solves_the_typed_purse():
    from changekit.games.diminishing.analysis import solve_start
    from changekit.games.diminishing.app import purse_explorer

    ex = purse_explorer()
    ex.inputs["purse"].value = "3 1"
    # the tiny game: after "play $1" the second player may play $1, play $3, or play $3 and take the $1
    # back; only the last wins. After "play $3": play $1 or play $3, both win.
    assert _bars(ex, 0) == {"play $1": 3, "play $3": 2}
    assert _bars(ex, 1) == {"play $1": 1, "play $3": 2}
    assert "second player wins" in ex.readout.value
    ex.inputs["purse"].value = "5, 3 1"
    start = solve_start((5, 3, 1))
    assert list(ex.figure.data[1].y) == [len(o.winning_replies) for o in start.openings]
    ex.inputs["purse"].value = "5 4"
    assert "not 4" in _alert(ex)
    ex.inputs["purse"].value = "1 1 1 1 1 1 1 1 1"
    assert "1 to 8 bills" in _alert(ex)
    ex.inputs["purse"].value = "five"
    assert "cannot read" in _alert(ex)
