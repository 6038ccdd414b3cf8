"""Every chart's text alternative: the sentence a screen reader reads and the data table, checked
against figures whose numbers the test writes down itself."""
from __future__ import annotations

import plotly.graph_objects as go

from changekit.ui.charts import chart_text


def test_a_bar_charts_sentence_states_each_bar_and_its_marks_and_the_table_holds_every_point():
    figure = go.Figure(go.Bar(x=[0, 1, 2, 4], y=[0.5, 0.25, 0.125, 0.125], name="exact"))
    figure.update_layout(title="Points for paying $3", xaxis_title="points", yaxis_title="probability")
    figure.add_vline(x=0.875)
    text = chart_text(figure)
    assert text.sentence == ("Chart: Points for paying $3. probability against points. "
                             "exact, bars: 0: 0.5; 1: 0.25; 2: 0.125; 4: 0.125. Marked: a line at points 0.875.")
    assert text.header == ["series", "points", "probability"]
    assert text.rows == [["exact", "0", "0.5"], ["exact", "1", "0.25"], ["exact", "2", "0.125"],
                         ["exact", "4", "0.125"]]


def test_a_long_line_is_said_by_its_range_and_tabled_whole_with_each_series_named():
    xs = list(range(1, 101))
    figure = go.Figure([go.Scatter(x=xs, y=[1 / x for x in xs], name="running mean", mode="lines"),
                        go.Scatter(x=[1, 100], y=[0.3, 0.3], name="exact", mode="lines")])
    figure.add_hline(y=0.3, annotation_text="exact mean 0.3")
    text = chart_text(figure)
    assert "running mean, a line: 100 points, from 1: 1 to 100: 0.01." in text.sentence
    assert "exact, a line: 1: 0.3; 100: 0.3." in text.sentence
    assert "Marked: exact mean 0.3; a line at y 0.3." in text.sentence
    assert len(text.rows) == 102
    assert text.rows[2] == ["running mean", "3", "0.333333"]  # 1/3 to 6 significant digits
    assert text.rows[-1] == ["exact", "100", "0.3"]


def test_a_histogram_is_tabled_as_counts_and_a_heatmap_cell_by_cell():
    text = chart_text(go.Figure(go.Histogram(x=[5, 1, 1, 2, 1], name="games")))
    assert text.header == ["series", "x", "how many"]
    assert text.rows == [["games", "1", "3"], ["games", "2", "1"], ["games", "5", "1"]]
    assert "games, a histogram of 5 values (value: how many): 1: 3; 2: 1; 5: 1." in text.sentence
    grid = chart_text(go.Figure(go.Heatmap(x=["a", "b"], y=["r"], z=[[0.25, 0.75]], name="win")))
    assert grid.rows == [["win", "a, r", "0.25"], ["win", "b, r", "0.75"]]


def test_a_hidden_series_is_not_said():
    figure = go.Figure([go.Bar(x=[1], y=[2], name="shown"), go.Bar(x=[1], y=[3], name="off", visible=False)])
    text = chart_text(figure)
    assert "off" not in text.sentence and [r[0] for r in text.rows] == ["shown"]
