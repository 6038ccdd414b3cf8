"""Charts on served pages: one plotly.js per page, figures as small widgets (changekit.ui.charts)."""
from __future__ import annotations

import plotly.graph_objects as go
import pytest
from IPython.core.interactiveshell import InteractiveShell

from changekit.ui import charts

URL = "/voila/labextensions/changekit-assets/plotly-test.min.js"


def bars(ys, title="Bars") -> go.Figure:
    return go.Figure(go.Bar(x=list(range(len(ys))), y=ys), layout={"title": {"text": title}})


def test_a_chart_carries_the_figure_as_json_and_where_plotly_js_is(monkeypatch):
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, URL)
    chart = charts.Chart(bars([3, 1, 2], title="Three bars"))
    assert chart.src == URL
    assert chart.label == "chart: Three bars"
    assert [trace["type"] for trace in chart.figure["data"]] == ["bar"]
    assert list(chart.figure["data"][0]["y"]) == [3, 1, 2]
    assert chart.figure["layout"]["title"]["text"] == "Three bars"
    # the widget code is a small loader and the chart's text alternative, not plotly's 5 MB bundle
    assert len(chart._esm) < 20_000 and URL not in chart._esm


def test_a_chart_without_the_kits_server_is_refused(monkeypatch):
    monkeypatch.delenv(charts.PLOTLY_JS_ENV, raising=False)
    from changekit.core.errors import ChangekitError

    with pytest.raises(ChangekitError, match=charts.PLOTLY_JS_ENV):
        charts.Chart(bars([1]))


def test_an_untitled_chart_still_has_an_accessible_name():
    assert charts.chart_label(go.Figure()) == "chart"


def test_live_chart_redraws_in_place_as_a_chart_widget(monkeypatch):
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, URL)
    live = charts.LiveChart(bars([1, 2], title="before"))
    widget = live.widget
    live.show(bars([5, 6, 7], title="after"))
    assert live.widget is widget  # the same widget on the page, new figure in it
    assert list(widget.figure["data"][0]["y"]) == [5, 6, 7] and widget.label == "chart: after"
    assert list(live.figure.data[0].y) == [5, 6, 7]


def test_live_chart_elsewhere_is_a_figure_widget_updated_in_place(monkeypatch):
    monkeypatch.delenv(charts.PLOTLY_JS_ENV, raising=False)
    live = charts.LiveChart(bars([1, 2], title="before"))
    widget = live.widget
    assert isinstance(widget, go.FigureWidget)
    live.show(bars([5, 6, 7], title="after"))
    assert live.widget is widget
    assert list(widget.data[0].y) == [5, 6, 7] and widget.layout.title.text == "after"


def test_install_routes_figures_not_figure_widgets_to_charts(monkeypatch):
    shell = InteractiveShell.instance()
    formatter = shell.display_formatter.ipython_display_formatter
    monkeypatch.delenv(charts.PLOTLY_JS_ENV, raising=False)
    assert charts.install() is False  # not served by the kit: plotly's own display stays
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, URL)
    try:
        assert charts.install() is True
        assert formatter.lookup(go.Figure()) is charts._display_as_chart
        with pytest.raises(KeyError):
            formatter.lookup(go.FigureWidget())  # a live widget keeps its own display
        shown = []
        monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
        assert formatter(bars([4, 2])) is True
        assert len(shown) == 1 and list(shown[0].figure["data"][0]["y"]) == [4, 2]
    finally:
        formatter.pop(go.Figure, None)
        formatter.deferred_printers.pop(("plotly.graph_objs._figure", "Figure"), None)
        InteractiveShell.clear_instance()


def test_money_in_a_chart_title_is_not_typeset_as_mathematics():
    """Plotly typesets text between two dollar signs with MathJax: "$7, $5, $3, $1" came out as
    italic maths in Diminishing Returns' explorer."""
    from changekit.games.diminishing.analysis import purse_figure

    title = purse_figure((7, 5, 3, 1)).layout.title.text
    assert "$" not in title and title == "Openings from two purses of &#36;7 &#36;5 &#36;3 &#36;1"


def test_a_chart_box_is_empty_until_its_first_figure_then_redraws_that_chart(monkeypatch):
    monkeypatch.setenv(charts.PLOTLY_JS_ENV, URL)
    box = charts.ChartBox(max_width="100%")
    assert box.widget.children == () and box.figure is None and box.widget.layout.max_width == "100%"
    box.show(bars([3, 1, 2]))
    (drawn,) = box.widget.children
    assert drawn is box.chart.widget and list(box.figure.data[0].y) == [3, 1, 2]
    box.show(bars([5, 4], "Two bars"))
    assert box.widget.children == (drawn,) and list(drawn.figure["data"][0]["y"]) == [5, 4]
    assert drawn.label == "chart: Two bars"
