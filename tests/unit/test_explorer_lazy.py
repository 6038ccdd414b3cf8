"""On a page the kit serves, an explorer computes nothing until the student asks (issue 14: no
analysis at page load that the student has not asked for)."""
from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from changekit.ui import charts
from changekit.ui.explorer import Explorer


def counting_square(calls):
    def square(n):
        calls.append(n)
        if n < 0:
            raise ValueError("n must not be negative")
        return go.Figure(go.Bar(x=[n], y=[n * n])), f"{n} squared is {n * n}"
    return square


def test_served_explorers_wait_for_the_student(monkeypatch):
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, "/voila/labextensions/changekit-assets/plotly-test.min.js")
    calls = []
    n = w.BoundedIntText(value=3, min=-5, max=9, description="n")
    explorer = Explorer({"n": n}, counting_square(calls))
    assert calls == [] and explorer.chart is None and explorer.figure is None
    assert "Explore" in explorer.readout.value and explorer.start_button in explorer.widget.children
    explorer.start_button.click()
    assert calls == [3] and explorer.readout.value == "3 squared is 9"
    assert explorer.start_button.layout.display == "none"
    chart = explorer.chart.widget
    assert isinstance(chart, charts._chart_class()) and chart in explorer.widget.children
    n.value = 4
    assert explorer.chart.widget is chart and list(chart.figure["data"][0]["y"]) == [16]
    n.value = -2  # refused: the message shows, the chart keeps the last good figure
    assert "must not be negative" in explorer.readout.value and list(chart.figure["data"][0]["y"]) == [16]


def test_a_first_change_also_starts_a_served_explorer(monkeypatch):
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, "/x/plotly.min.js")
    calls = []
    n = w.BoundedIntText(value=3, min=-5, max=9, description="n")
    explorer = Explorer({"n": n}, counting_square(calls))
    n.value = 5
    assert calls == [5] and list(explorer.figure.data[0].y) == [25]


def test_elsewhere_an_explorer_draws_at_once(monkeypatch):
    monkeypatch.delenv(charts.PLOTLY_JS_ENV, raising=False)
    calls = []
    explorer = Explorer({"n": w.BoundedIntText(value=2, min=0, max=9, description="n")}, counting_square(calls))
    assert calls == [2] and explorer.start_button is None and list(explorer.figure.data[0].y) == [4]


def test_served_boneyard_class_explorer_waits_for_analyse(monkeypatch):
    from changekit.games.boneyard.app import ClassExplorer
    from changekit.games.boneyard.analysis import best_response_to_class, parse_bids

    monkeypatch.setenv(charts.PLOTLY_JS_ENV, "/x/plotly.min.js")
    explorer = ClassExplorer("5 5 5 7", n_players=2)
    assert explorer.chart.chart is None and explorer.figure.children == () and "Analyse" in explorer.w_text.value
    explorer.w_go.click()
    (chart,) = explorer.figure.children
    assert chart is explorer.chart.chart.widget and isinstance(chart, charts._chart_class())
    report = best_response_to_class(parse_bids("5 5 5 7"), 2)
    assert [f"${t}" for t in report.best][0] in explorer.w_text.value
    explorer.w_bids.value = "1 3"
    explorer.update()
    assert explorer.figure.children == (chart,)  # redrawn in place
    assert list(chart.figure["data"][0]["x"]) == [1, 3]


def test_each_explorers_first_chart_puts_the_heap_out_of_the_collectors_sight():
    # in a fresh interpreter (this one's heap may be frozen already by an app or explorer): what
    # is alive at each explorer's first chart (plotly, the figure, the analyses' caches above it)
    # is frozen, so a full collection in a later redraw scans only what is new (one landed in a
    # Moneybags redraw: 409 ms in make bench)
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = """
import gc
from changekit.games.moneybags.app import jiggle_explorer
before = gc.get_freeze_count()
first = jiggle_explorer()
after_first = gc.get_freeze_count()
caches = [[i] for i in range(100_000)]  # what the notebook computes between two explorers
second = jiggle_explorer()
second.inputs["held"].value = 20
print(before == 0, after_first > 50_000, gc.get_freeze_count() > after_first + 100_000, len(gc.get_objects()) < 20_000)
"""
    env = {k: v for k, v in os.environ.items() if k != charts.PLOTLY_JS_ENV}  # not served: it draws at once
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2], env=env)
    assert out.stdout.split() == ["True", "True", "True", "True"], out.stderr
