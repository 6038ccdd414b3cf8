"""Every explorer's chart keeps its words readable whatever its settings (WCAG 1.4.3, issue 47).

A setting moves a chart's words: a bar's number goes inside the bar once the bar is long enough,
an axis's range changes, a heat map's cells change colour. Each explorer a game's spec declares is
built as its notebook builds it, then each of its settings is turned, one at a time, to each end
of its range (a number box's least and most, every choice of a menu, a few typed values); every
chart it draws is drawn in Chromium by the kit's own chart code (the widget's module, as a served
page runs it) on a laptop's page and on a phone's, and the words inside it are measured against
the pixels under them (``tests/contrast.py``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as w
import plotly
import pytest

from changekit.registry import all_specs
from changekit.ui.charts import _ESM, _text_traits, figure_json

from ..contrast import too_faint
from .helpers import ARTIFACTS

pytestmark = [pytest.mark.browser]

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
EXPLORERS = [(spec.key, ref) for spec in all_specs() for ref in spec.explorers]
#: Values to type into an explorer's text boxes (by the box's description), besides its own.
TYPED = {"Each player's purse": ["3 1", "1 1 1", "10 10 7 5 3"],
         "Class bids": ["1", "26 26 26 3", "1 3 5 7 9 11 13 15 17 19 21 23 25 26"]}
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: The chart widget's own module, run on the page with a stand-in for its model (each chart's traits).
DRAW_JS = """async ([module, charts]) => {
  const chart = await import(URL.createObjectURL(new Blob([module], {type: "text/javascript"})));
  for (const traits of charts) {
    const el = document.createElement("div");
    el.style.margin = "0 0 16px 0";
    document.getElementById("page").appendChild(el);
    await chart.default.render({el, model: {get: (name) => traits[name], on() {}, off() {}}});
  }
  return document.querySelectorAll(".js-plotly-plot").length;
}"""


def leaves(widget: Any) -> list[Any]:
    kids = getattr(widget, "children", ())
    return [widget] if not kids else [leaf for kid in kids for leaf in leaves(kid)]


def settings(box: Any) -> list[Any]:
    """The values a setting is turned to: the ends of a number's range, every choice, a few texts."""
    if isinstance(box, (w.BoundedIntText, w.BoundedFloatText)):
        return [box.min, box.max]
    if isinstance(box, w.Dropdown):
        return [option[1] if isinstance(option, tuple) else option for option in box.options]
    if isinstance(box, (w.Text, w.Textarea)):
        return TYPED.get(box.description, [])
    return []


def every_chart(explorer: Any) -> list[dict[str, Any]]:
    """Each different chart the explorer draws, its settings turned one at a time (the chart widget's
    traits: the figure as JSON and its text alternative). A typed value the explorer refuses fails:
    it would draw nothing new, and the sweep would pass without looking."""
    drawn: dict[str, dict[str, Any]] = {}

    def keep() -> None:
        figure = explorer.chart.figure
        drawn.setdefault(figure.to_json(), {"figure": figure_json(figure), **_text_traits(figure)})

    keep()
    for box in leaves(explorer.widget):
        start = box.value if hasattr(box, "value") else None
        for value in settings(box):
            box.value = value
            if not hasattr(explorer, "inputs"):  # an explorer with a button to press (the class's bids)
                explorer.update()
            if isinstance(box, (w.Text, w.Textarea)):
                said = (explorer.readout if hasattr(explorer, "readout") else explorer.w_text).value
                assert "#b3261e" not in said, f"{box.description} = {value!r} refused: {said}"
            keep()  # a number at the end of its range the explorer refuses leaves the chart as it was
        if settings(box):
            box.value = start
            if not hasattr(explorer, "inputs"):
                explorer.update()
    return list(drawn.values())


@pytest.fixture(scope="module", params=EXPLORERS, ids=lambda e: f"{e[0]}.{e[1].name}")
def charts(request) -> list[dict[str, Any]]:
    game, ref = request.param
    found = every_chart(ref.load()())
    assert found, f"{game}: {ref.name} drew no chart"
    return found


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_every_explorers_chart_keeps_its_words_readable_in_every_setting(request, page, charts, viewport):
    page.set_viewport_size(viewport)
    page.set_content('<!doctype html><html lang="en"><body style="margin:8px;font-family:system-ui,sans-serif">'
                     '<main id="page"></main></body></html>')
    page.add_script_tag(path=str(PLOTLY_JS))
    shown = page.evaluate(DRAW_JS, [_ESM, json.loads(json.dumps(charts))])
    assert shown == len(charts)
    faint = too_faint(page)
    if faint:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"explorer-charts-{request.node.callspec.id}.png"), full_page=True)
    assert faint == []


def test_a_fixed_width_chart_follows_a_window_narrowed_after_it_was_drawn(page):
    """WCAG 1.4.10: a chart of a set width (the class's chart is 520 px) drawn on a laptop, then the
    window zoomed to 400 % (320 CSS px): it is drawn again to the box's width, not cut off past the
    window's edge, and back at its own width when the window widens again."""
    import plotly.graph_objects as go

    from changekit.ui.theme import style

    figure = style(go.Figure(go.Bar(x=["$1", "$3", "$5"], y=[4, 2, 1], name="votes")), title="Class votes",
                   x="bill", y="votes")
    figure.update_layout(width=520)
    page.set_viewport_size(LAPTOP)
    page.set_content('<!doctype html><html lang="en"><body style="margin:8px"><main id="page"></main></body></html>')
    page.add_script_tag(path=str(PLOTLY_JS))
    assert page.evaluate(DRAW_JS, [_ESM, [{"figure": figure_json(figure), **_text_traits(figure)}]]) == 1
    chart = page.locator(".js-plotly-plot")
    drawn = "c => [Math.round(c._fullLayout.width), c.clientWidth]"
    assert chart.evaluate(drawn)[0] == 520
    page.set_viewport_size({"width": 320, "height": 256})
    page.wait_for_function("c => c._fullLayout.width <= c.clientWidth + 1 && c.clientWidth < 320",
                           arg=chart.element_handle(), timeout=10_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.set_viewport_size(LAPTOP)
    page.wait_for_function("c => Math.round(c._fullLayout.width) === 520", arg=chart.element_handle(), timeout=10_000)
