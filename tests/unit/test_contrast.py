"""The contrast arithmetic the chart check uses (tests/contrast.py) and the kit's choice of words'
colour on a fill (changekit.ui.theme.text_on), against WCAG's own figures."""
from __future__ import annotations

import pytest

from changekit.ui.theme import PALETTE, text_on

from ..contrast import _rgba, contrast_ratio, words_over_words

WHITE, BLACK = (255, 255, 255), (0, 0, 0)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    if hex_colour == "white":
        return WHITE
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_the_ratio_is_wcags():
    assert contrast_ratio(WHITE, BLACK) == pytest.approx(21)
    assert contrast_ratio(BLACK, WHITE) == pytest.approx(21)
    assert contrast_ratio(rgb("#767676"), WHITE) == pytest.approx(4.54, abs=0.01)  # the lightest grey passing
    assert contrast_ratio(rgb("#777777"), WHITE) < 4.5
    assert contrast_ratio(rgb("#2a9d8f"), WHITE) == pytest.approx(3.32, abs=0.01)


def test_a_computed_colour_is_read_with_its_alpha():
    assert _rgba("rgb(42, 157, 143)") == (42, 157, 143, 1.0)
    assert _rgba("rgba(0, 0, 0, 0.5)") == (0, 0, 0, 0.5)


MID_TONES = ["#636efa", "#e76f51", "#999999", "#6baed6", "#7f7f7f"]  # where a fixed choice fails


@pytest.mark.parametrize("fill", [*PALETTE, *MID_TONES, "#ffffff", "#000000"])
def test_words_on_any_fill_get_the_colour_that_reads_at_4_5_to_1(fill):
    words = text_on(fill)
    assert contrast_ratio(rgb(words), rgb(fill)) >= 4.5
    other = "#000000" if words == "white" else "white"
    assert contrast_ratio(rgb(words), rgb(fill)) >= contrast_ratio(rgb(other), rgb(fill))


def box(words, x, y, w=40, h=12):
    return {"words": words, "x": x, "y": y, "w": w, "h": h}


def test_words_drawn_over_words_are_found_and_neighbours_are_not():
    legend, title = box("win rate", 100, 200), box("bot (mean points)", 110, 204, w=120)
    assert words_over_words([legend, title]) == [(legend, title)]
    # side by side, or a pixel's fringe shared (anti-aliasing), is not over each other
    assert words_over_words([box("0", 10, 100), box("10", 50, 100), box("20", 89, 100)]) == []
    assert words_over_words([box("a", 0, 0), box("b", 0, 11)]) == []  # 1 px of 12 shared
