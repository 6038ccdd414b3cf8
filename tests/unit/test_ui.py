"""Shared UI pieces: the on-demand figure button accepts figures and other results."""
from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from changekit.ui.app import figure_on_click
from changekit.core.pictures import bill_svg, bills_html


def test_figure_on_click_runs_for_a_figure_and_for_other_results():
    for result in (go.FigureWidget(go.Bar(x=[1], y=[2])), go.Figure(), w.HTML("a table")):
        box = figure_on_click("Go", lambda r=result: r, note="n")
        button, status, _ = box.children
        assert button.description == "Go" and "n" in status.value
        button.click()
        assert "Done in" in status.value and not button.disabled


def test_bill_pictures_are_labelled_for_screen_readers():
    assert 'aria-label="$7 bill"' in bill_svg(7)
    assert bills_html([]) .count("no bills") == 1 and bills_html([1, 3]).count("<svg") == 2
