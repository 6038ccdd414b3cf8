"""Zhao Pengyou's stepped scoring table (issue 17 §8): every boundary for 1, 2 and 3 decks."""
from __future__ import annotations

import pytest

from changekit.core.errors import ChangekitError
from changekit.games.zhao_pengyou import ZhaoPengyou, ZhaoPengyouOptions, level_change


def _expected(points: int, decks: int) -> tuple[str, int]:
    """The table as the issue states it, row by row, with s = 20 points per deck."""
    s = 20 * decks
    if points == 0:
        return "host", 3
    if 5 <= points <= s - 5:
        return "host", 2
    if s <= points <= 2 * s - 5:
        return "host", 1
    if 2 * s <= points <= 3 * s - 5:
        return "attackers", 0
    levels = 0
    low = 3 * s
    while not low <= points <= low + s - 5:
        low += s
        levels += 1
    return "attackers", levels + 1


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_every_boundary(decks):
    s = 20 * decks
    boundaries = [0, 5, s - 5, s, 2 * s - 5, 2 * s, 3 * s - 5, 3 * s, 4 * s - 5, 4 * s, 5 * s - 5, 5 * s, 6 * s - 5]
    for points in boundaries:
        assert level_change(points, "stepped", decks=decks) == _expected(points, decks), points
    # and every score a deal can give, in steps of 5, up to all the points of the decks and the kitty bonus
    for points in range(0, 100 * decks * 3 + 5, 5):
        assert level_change(points, "stepped", decks=decks) == _expected(points, decks), points


def test_known_rows_for_three_decks():
    # s = 60: 55 → up 2, 60 → up 1, 115 → up 1, 120 → attackers win, no level; 180 → attackers up 1; 240 → up 2
    got = [level_change(p, "stepped", decks=3) for p in (0, 55, 60, 115, 120, 175, 180, 235, 240)]
    assert got == [("host", 3), ("host", 2), ("host", 1), ("host", 1), ("attackers", 0), ("attackers", 0),
                   ("attackers", 1), ("attackers", 1), ("attackers", 2)]


def test_the_options_take_stepped_and_refuse_other_words():
    assert ZhaoPengyouOptions(thresholds="stepped").thresholds == "stepped"
    with pytest.raises(ChangekitError, match="stepped"):
        ZhaoPengyouOptions(thresholds="steps")
    with pytest.raises(ChangekitError, match="decks"):
        level_change(60, "stepped", decks=0)


def test_a_match_under_the_stepped_table_scores_each_deal_by_it():
    from changekit.core import RandomBot, play_out
    import random

    game = ZhaoPengyou(players=4, decks=2, thresholds="stepped", deals=3)
    state = game.new_state(seed=5)
    play_out(state, [RandomBot()] * 4, rng=random.Random(5))
    assert state.results
    for r in state.results:
        assert (r["side"], r["steps"]) == _expected(r["attackers_points"], 2)


def test_the_level_change_chart_shows_both_tables():
    from changekit.games.zhao_pengyou.analysis import _cached_deals, level_change_counts, level_change_figure

    fig = level_change_figure(deals=6, seed=0)
    assert len(fig.data) == 2
    results = _cached_deals(6, 0)
    stepped = {}
    for r in results:
        key = "{} +{}".format(*_expected(r["attackers_points"], 3))
        stepped[key] = stepped.get(key, 0) + 1
    drawn = dict(zip(fig.data[1].x, fig.data[1].y, strict=True))
    assert {k: v for k, v in drawn.items() if v} == stepped
    assert dict(zip(fig.data[0].x, fig.data[0].y, strict=True)) == level_change_counts(results)
