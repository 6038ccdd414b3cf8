"""Charts on served pages: plotly.js reaches a page once, each chart is a small widget.

A plotly ``FigureWidget`` carries its own 5 MB copy of plotly's widget code over the page's
kernel websocket, once per chart, and a page with four of them missed ipywidgets' start-up
window under load. Under ``changekit serve`` (which sets ``CHANGEKIT_PLOTLY_JS`` to the address
of ``plotly.min.js`` on its own server, see :mod:`changekit.serving`) every displayed
``go.Figure`` becomes a :class:`Chart` instead: a few KB of figure JSON plus a tiny loader that
fetches plotly.js once per page, from the kit's server (no CDN), which the browser caches across
pages. Everywhere else (JupyterLab, Binder, the zero-server site) figures display through
plotly's own renderer and live charts are ``FigureWidget``s, exactly as plotly ships them.

Analyses return plain ``go.Figure`` objects; a chart that Python redraws in place is a
:class:`LiveChart`.
"""
from __future__ import annotations

import json
import os
import re
from functools import cache
from typing import Any, NamedTuple

from changekit.core.errors import ChangekitError
from changekit.core.markup import Html, html

#: Set by the kit's Voila server: the URL path of plotly.min.js (see ``changekit.serving``).
PLOTLY_JS_ENV = "CHANGEKIT_PLOTLY_JS"

# Loaded as a module by anywidget (a blob URL: relative imports cannot work), so plotly.js comes
# in through one <script> tag per page, shared by every chart on it.
_ESM = r"""
function loadPlotly(src) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__changekitPlotly) {
    window.__changekitPlotly = new Promise((resolve, reject) => {
      // plotly.min.js is UMD: with an AMD loader on the page it would register there instead
      const amd = window.define;
      window.define = undefined;
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = () => { window.define = amd; window.Plotly ? resolve(window.Plotly)
                                               : reject(new Error("plotly.js did not start: " + src)); };
      tag.onerror = () => { window.define = amd; reject(new Error("plotly.js could not be loaded from " + src)); };
      document.head.appendChild(tag);
    });
  }
  return window.__changekitPlotly;
}

// plotly never wraps a title: on a narrow chart a long one ran past its edge, cut off. Break it at
// spaces into lines that fit ``room`` px (a character of the title's font is taken as half its size,
// wider than the kit's fonts draw them), and grow the top margin and the height by the lines added.
function wrapTitle(layout, room) {
  const title = typeof layout.title === "string" ? { text: layout.title } : { ...(layout.title || {}) };
  if (!title.text) return;
  const size = (title.font && title.font.size) || 17;
  const most = Math.max(12, Math.floor(room / (size * 0.5)));
  const lines = [];
  for (const part of String(title.text).split(/<br\s*\/?>/i)) {
    let line = "";
    for (const word of part.split(" ")) {
      if (line && (line + " " + word).length > most) { lines.push(line); line = word; }
      else line = line ? line + " " + word : word;
    }
    lines.push(line);
  }
  const before = String(title.text).split(/<br\s*\/?>/i).length;
  title.text = lines.join("<br>");
  layout.title = title;
  const extra = Math.round((lines.length - before) * size * 1.3);
  if (extra > 0) {
    const margin = { ...(layout.margin || {}) };
    margin.t = (margin.t === undefined ? 100 : margin.t) + extra;
    layout.margin = margin;
    if (layout.height) layout.height += extra;
  }
}

// a chart's hover label can be put away without moving the pointer (WCAG 1.4.13): Escape, once per page
function dismissTooltipsWithEscape(Plotly) {
  if (window.__changekitEscape) return;
  window.__changekitEscape = true;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const chart of document.querySelectorAll(".ck-chart.js-plotly-plot")) Plotly.Fx.unhover(chart);
  });
}

async function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ck-chart";
  box.setAttribute("role", "figure");
  el.appendChild(box);
  // the text alternative: a sentence the figure is described by (out of sight: the chart shows
  // it), and the data as a table a reader opens on request (a native <details>: keyboard and
  // screen readers know it)
  const said = document.createElement("p");
  said.className = "ck-chart-summary ck-sr";  // ck-sr: the kit's mark for words kept for screen readers alone
  said.id = "ck-chart-" + Math.random().toString(36).slice(2);
  said.style.cssText = "position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden;margin:0";
  box.setAttribute("aria-describedby", said.id);
  const data = document.createElement("details");
  data.className = "ck-chart-data";
  data.style.cssText = "margin:2px 0 8px 0;font-size:14px";
  el.appendChild(said);
  el.appendChild(data);
  const describe = () => {
    said.textContent = model.get("summary") || "";
    const table = model.get("table") || { header: [], rows: [] };
    data.replaceChildren();
    const opener = document.createElement("summary");
    opener.textContent = "The chart's data as a table";
    opener.style.cssText = "cursor:pointer;min-height:24px;color:#1d4e89";
    const grid = document.createElement("table");
    grid.style.cssText = "border-collapse:collapse;margin-top:4px";
    const caption = document.createElement("caption");
    caption.textContent = model.get("summary") || "";
    caption.style.cssText = "text-align:left;caption-side:top;padding-bottom:4px";
    const head = document.createElement("tr");
    for (const name of table.header) {
      const th = document.createElement("th");
      th.scope = "col"; th.textContent = name; th.style.cssText = "text-align:left;padding:2px 8px";
      head.appendChild(th);
    }
    const thead = document.createElement("thead"); thead.appendChild(head);
    const tbody = document.createElement("tbody");
    for (const row of table.rows) {
      const tr = document.createElement("tr");
      for (const cell of row) {
        const td = document.createElement("td");
        td.textContent = cell; td.style.cssText = "padding:2px 8px;border-top:1px solid #ddd";
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    grid.append(caption, thead, tbody);
    data.append(opener, grid);
  };
  describe();
  model.on("change:table", describe);
  model.on("change:summary", describe);
  let Plotly;
  try {
    Plotly = await loadPlotly(model.get("src"));
  } catch (error) {
    box.textContent = "This chart could not be drawn: " + error.message;
    throw error;
  }
  dismissTooltipsWithEscape(Plotly);
  // a hover label stays while the pointer moves onto it (WCAG 1.4.13: a magnifier's user reads it
  // there): plotly, which would take the pointer to be over another point or none, is not told
  const onLabel = (event) => {
    const label = box.querySelector(".hoverlayer .hovertext");
    if (!label) return false;
    const r = label.getBoundingClientRect();
    return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
  };
  for (const kind of ["mousemove", "mouseout"]) {
    box.addEventListener(kind, (event) => { if (onLabel(event)) event.stopPropagation(); }, true);
  }
  // a phone's layout, or a laptop's window narrowed or zoomed in (400 %: 320 px) after the chart was drawn
  const narrowWindow = window.matchMedia("(max-width: 700px), (pointer: coarse)");
  let narrow = narrowWindow.matches;
  const draw = () => {
    narrow = narrowWindow.matches;
    const figure = model.get("figure") || {};
    box.setAttribute("aria-label", model.get("label") || "chart");
    const layout = { ...(figure.layout || {}) };
    // a picture and its table: no zoom or pan (a finger on a phone's chart scrolls the page) and no
    // mode bar, whose buttons a keyboard cannot reach, shown only on hover, in pale grey (WCAG
    // 2.1.1, 1.4.11, 1.4.13); the browser's own zoom enlarges a chart
    const config = { responsive: true, ...(figure.config || {}), displaylogo: false, displayModeBar: false,
                     scrollZoom: false };
    layout.dragmode = false;
    for (const axis of ["xaxis", "yaxis"]) layout[axis] = { ...(layout[axis] || {}), fixedrange: true };
    if (narrow) {
      // a figure's fixed width (the class's chart: 520 px) ran past a phone's screen, cut off: follow the box
      delete layout.width;
      layout.autosize = true;
      wrapTitle(layout, (box.clientWidth || document.documentElement.clientWidth - 40) - 30);
      // the key wraps to a row an entry on a phone and plotly takes its room from the plot: the
      // figure grows by a row an entry instead (a key of eight squeezed the plot to 100 px)
      const keyed = (figure.data || []).filter((trace) => trace.name && trace.showlegend !== false).length;
      if (layout.showlegend !== false && keyed > 1) layout.height = (layout.height || 450) + 20 * keyed;
    }
    return Plotly.react(box, figure.data || [], layout, config);
  };
  await draw();
  model.on("change:figure", draw);
  // drawn before the page laid it out (a chart made by a button, in an Output), plotly falls
  // back to 700 px: follow the box's real width. Compared with the width drawn, not the box's last
  // width: a box laid out while plotly drew had its width already, and the chart stayed at 700 px.
  const resized = new ResizeObserver(() => {
    if (narrowWindow.matches !== narrow) {  // into a phone's layout or out of it: drawn again for it
      Promise.resolve(draw()).then(() => Plotly.Plots.resize(box));
      return;
    }
    const drawn = box._fullLayout && box._fullLayout.autosize ? box._fullLayout.width : box.clientWidth;
    if (!box.clientWidth || Math.abs(box.clientWidth - drawn) <= 1) return;
    // on a phone the title is wrapped again for the width it has now
    (narrow ? Promise.resolve(draw()) : Promise.resolve()).then(() => Plotly.Plots.resize(box));
  });
  resized.observe(box);
  return () => {
    resized.disconnect(); model.off("change:figure", draw); model.off("change:table", describe);
    model.off("change:summary", describe); Plotly.purge(box);
  };
}

export default { render };
"""


def plotly_js_url() -> str | None:
    """Where this page's server offers plotly.js, or None when not served by the kit."""
    return os.environ.get(PLOTLY_JS_ENV) or None


def figure_json(figure: Any) -> dict[str, Any]:
    """A plotly figure as plain JSON (plotly's own encoder: numpy arrays, dates, NaN)."""
    return json.loads(figure.to_json())


def chart_label(figure: Any) -> str:
    """The chart's accessible name: its title, else a generic one."""
    title = figure.layout.title.text if figure.layout.title else None
    return f"chart: {title}" if title else "chart"


#: Points a chart's sentence lists one by one; beyond them it gives their range (the table has all).
SAID_POINTS = 12


def _plain(text: Any) -> str:
    """A plotly label as plain words: tags dropped, line breaks as spaces, entities decoded."""
    import html  # the standard library's, for its entity decoder

    words = re.sub(r"<br\s*/?>", " ", str(text or ""), flags=re.IGNORECASE)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", words)).split())


def number_text(value: Any) -> str:
    """A data value as a chart's text says it: whole numbers whole, others to 6 significant digits.

    >>> number_text(3.0), number_text(0.123456789), number_text("ace")
    ('3', '0.123457', 'ace')
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return _plain(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:.6g}"


def _values(array: Any) -> list[Any]:
    return [] if array is None else [v.item() if hasattr(v, "item") else v for v in array]


class ChartText(NamedTuple):
    """What a chart shows, for people who cannot see it: one sentence, and its data as a table."""
    sentence: str
    header: list[str]
    rows: list[list[str]]


class Series(NamedTuple):
    """One series of a chart as its text says it: its name, what it draws ("bars", "a line"...) and
    its points (x, y); a value that is text is said as it is, a number by :func:`number_text`."""
    name: str
    kind: str
    points: list[tuple[Any, Any]]


def _said(value: Any) -> str:
    return value if isinstance(value, str) else number_text(value)


def describe_chart(title: str, x_name: str, y_name: str, series: list[Series],
                   marks: list[str] | tuple[str, ...] = ()) -> ChartText:
    """The text alternative of any chart, however it is drawn (plotly's or the projector's SVG): a
    sentence (its title, what it plots against what, each series' points or, beyond
    :data:`SAID_POINTS`, their range, and what it marks) and every point as a table row.

    >>> describe_chart("Votes", "answer", "votes", [Series("votes", "bars", [("$1", 2), ("$3", 0)])],
    ...                ["right answer $1"]).sentence
    'Chart: Votes. votes against answer. votes, bars: $1: 2; $3: 0. Marked: right answer $1.'
    """
    rows: list[list[str]] = []
    said: list[str] = []
    for one in series:
        points = [(_said(x), _said(y)) for x, y in one.points]
        rows += [[one.name, x, y] for x, y in points]
        if len(points) <= SAID_POINTS:
            listed = "; ".join(f"{x}: {y}" for x, y in points)
        else:
            listed = f"{len(points)} points, from {points[0][0]}: {points[0][1]} to {points[-1][0]}: {points[-1][1]}"
        said.append(f"{one.name}, {one.kind}: {listed}.")
    sentence = " ".join([f"Chart: {title}." if title else "Chart.", f"{y_name} against {x_name}.", *said,
                         *([f"Marked: {'; '.join(marks)}."] if marks else [])])
    return ChartText(sentence, ["series", x_name, y_name], rows)


def chart_text(figure: Any) -> ChartText:
    """The text alternative of a plotly figure: a sentence (its title, what each series plots, its
    points or their range, what its lines and notes mark) and every data point as a table row."""
    layout = figure.layout
    title = _plain(layout.title.text if layout.title else "")
    x_name = _plain(layout.xaxis.title.text if layout.xaxis and layout.xaxis.title else "") or "x"
    counted = bool(figure.data) and all(trace.type == "histogram" for trace in figure.data)
    y_name = (_plain(layout.yaxis.title.text if layout.yaxis and layout.yaxis.title else "")
              or ("how many" if counted else "y"))
    series: list[Series] = []
    for i, trace in enumerate(figure.data):
        if trace.visible is False:
            continue
        name = _plain(getattr(trace, "name", None)) or f"series {i + 1}"
        if trace.type == "heatmap":
            xs, ys = _values(trace.x), _values(trace.y)
            grid = [_values(row) for row in (trace.z if trace.z is not None else [])]
            points = [(f"{number_text(xs[c] if c < len(xs) else c)}, {number_text(ys[r] if r < len(ys) else r)}",
                       value) for r, row in enumerate(grid) for c, value in enumerate(row)]
            kind = f"a grid of {len(points)} cells ({x_name}, {y_name}: value)"
        elif trace.type == "histogram":
            samples = _values(trace.x if trace.x is not None else trace.y)
            counts: dict[Any, int] = {}
            for v in samples:
                counts[v] = counts.get(v, 0) + 1
            points = sorted(counts.items(), key=lambda item: (str(type(item[0])), item[0]))
            kind = f"a histogram of {len(samples)} values (value: how many)"
        else:
            xs, ys = _values(trace.x), _values(trace.y)
            if not xs:
                xs = list(range(len(ys)))
            points = list(zip(xs, ys, strict=False))
            kind = "bars" if trace.type == "bar" else "a line" if "lines" in str(trace.mode or "lines") else "points"
        # plotly's labels are markup: said as plain words (number_text), once
        series.append(Series(name, kind, [(number_text(x), number_text(y)) for x, y in points]))
    marks = [_plain(a.text) for a in (layout.annotations or ()) if a.text]
    marks += [f"a line at {x_name} {number_text(shape.x0)}" for shape in (layout.shapes or ())
              if shape.type == "line" and shape.x0 is not None and shape.x0 == shape.x1]
    marks += [f"a line at {y_name} {number_text(shape.y0)}" for shape in (layout.shapes or ())
              if shape.type == "line" and shape.y0 is not None and shape.y0 == shape.y1 and shape.x0 != shape.x1]
    return describe_chart(title, x_name, y_name, series, marks)


#: The words that open a chart's data table (as the Chart widget's own script writes them).
TABLE_OPENER = "The chart's data as a table"


def chart_table_html(text: ChartText, caption: str, *, cls: str = "") -> Html:
    """A chart's data as the table a reader opens on request, for a chart drawn as markup (the
    projector's SVG): a native ``<details>`` (keyboard and screen readers know it) holding a
    ``<table>`` with column headers, every value escaped (labels are data, never markup)."""
    head = "".join(html('<th scope="col">{}</th>', name) for name in text.header)
    body = "".join("<tr>" + "".join(html("<td>{}</td>", cell) for cell in row) + "</tr>" for row in text.rows)
    return html('<details class="ck-chart-data {}"><summary>{}</summary><table><caption>{}</caption>'
                "<thead><tr>{}</tr></thead><tbody>{}</tbody></table></details>",
                cls, TABLE_OPENER, caption, Html(head), Html(body))


@cache
def _chart_class() -> type:
    # anywidget and traitlets are imported only when a chart is drawn
    import anywidget
    import traitlets

    class Chart(anywidget.AnyWidget):
        """A plotly figure drawn by the page's one copy of plotly.js."""

        _esm = _ESM
        figure = traitlets.Dict().tag(sync=True)
        src = traitlets.Unicode().tag(sync=True)
        label = traitlets.Unicode().tag(sync=True)
        summary = traitlets.Unicode().tag(sync=True)  # the sentence a screen reader reads
        table = traitlets.Dict().tag(sync=True)  # {"header": [...], "rows": [[...], ...]}: the data

    return Chart


def _text_traits(figure: Any) -> dict[str, Any]:
    text = chart_text(figure)
    return {"label": chart_label(figure), "summary": text.sentence,
            "table": {"header": text.header, "rows": text.rows}}


def Chart(figure: Any) -> Any:  # noqa: N802 - reads as the widget class it builds
    """A chart widget for ``figure`` (needs the kit's server: :func:`plotly_js_url`)."""
    src = plotly_js_url()
    if src is None:
        raise ChangekitError(f"{PLOTLY_JS_ENV} is not set: charts as widgets need `changekit serve` "
                             "(elsewhere, display the figure itself, or use LiveChart)")
    return _chart_class()(figure=figure_json(figure), src=src, **_text_traits(figure))


class LiveChart:
    """A chart that Python redraws in place: ``widget`` to display, :meth:`show` to redraw.

    A :func:`Chart` under the kit's server, a plotly ``FigureWidget`` elsewhere."""

    def __init__(self, figure: Any) -> None:
        if plotly_js_url():
            self.widget = Chart(figure)
        else:
            # plotly only where no kit server draws the chart, or a reader asks for it
            import plotly.graph_objects as go

            self.widget = go.FigureWidget(figure)

    def show(self, figure: Any) -> None:
        if plotly_js_url():
            with self.widget.hold_sync():
                for name, value in _text_traits(figure).items():
                    setattr(self.widget, name, value)
                self.widget.figure = figure_json(figure)
            return
        with self.widget.batch_update():
            self.widget.data = ()
            self.widget.add_traces(list(figure.data))
            self.widget.layout = figure.layout

    @property
    def figure(self) -> Any:
        """The figure now drawn, as a plotly ``go.Figure`` (for tests and readers)."""
        import plotly.graph_objects as go  # plotly only where no kit server draws the chart, or a reader asks for it

        if plotly_js_url():
            return go.Figure(self.widget.figure)
        return go.Figure(self.widget)

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget)


class ChartBox:
    """A place on a page for a chart that has nothing to draw yet (a poll's results before the
    reveal): an empty box until the first :meth:`show`, so the page loads no plotly and draws no
    chart for it; then a :class:`LiveChart` in the box, redrawn in place. ``widget`` to display."""

    def __init__(self, **layout: Any) -> None:
        import ipywidgets as w  # widgets only for pages: the charts' figures work without them

        self.widget = w.VBox(layout=w.Layout(**layout))
        self.chart: LiveChart | None = None

    def show(self, figure: Any) -> None:
        if self.chart is None:
            self.chart = LiveChart(figure)
            self.widget.children = [self.chart.widget]
        else:
            self.chart.show(figure)

    @property
    def figure(self) -> Any:
        """The figure now drawn, as a plotly ``go.Figure`` (None before the first :meth:`show`)."""
        return None if self.chart is None else self.chart.figure


def _display_as_chart(figure: Any) -> None:
    from IPython.display import display  # IPython only when a notebook displays it

    display(Chart(figure))


def install() -> bool:
    """Under the kit's server, display every ``go.Figure`` in this IPython kernel as a :func:`Chart`.

    Called when changekit is imported in a served kernel; returns whether it took effect."""
    if not plotly_js_url():
        return False
    try:
        from IPython import get_ipython  # IPython only in a kernel: elsewhere there is nothing to hook
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    # plotly figures display themselves through _ipython_display_, which this formatter
    # overrides; by name, so plotly is imported only when a figure is first shown; go.Figure
    # only: a FigureWidget keeps its own (widget) display
    shell.display_formatter.ipython_display_formatter.for_type_by_name(
        "plotly.graph_objs._figure", "Figure", _display_as_chart)
    return True
