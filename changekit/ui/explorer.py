"""Things to move and watch: a few input boxes, a chart that follows them, and a short readout.

Every game's notebook has one (``<game>.app.*_explorer``). Inputs are number boxes and dropdowns,
not sliders: an ipywidgets slider's handle has no accessible name (the axe scan).

>>> import ipywidgets as w
>>> def square(n):
...     if n < 0:
...         raise ValueError("n must not be negative")
...     return None, f"{n} squared is {n * n}"
>>> ex = Explorer({"n": w.BoundedIntText(value=3, min=-5, max=9, description="n")}, square, chart=False)
>>> ex.readout.value
'3 squared is 9'
>>> ex.inputs["n"].value = -2
>>> "must not be negative" in ex.readout.value
True
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import ipywidgets as w
from IPython.display import display

from changekit.core.checks import checked, is_callable, is_flag, is_mapping, is_real, is_text, is_whole, optional, shown
from changekit.core.errors import ChangekitError, InvalidArgument
from changekit.core.questions import which_questions

from .app import button, freeze_heap
from .charts import LiveChart, plotly_js_url
from ..core.markup import escape


def _is_input(value: Any, name: str) -> w.ValueWidget:
    if not isinstance(value, w.ValueWidget):
        raise InvalidArgument(f"{name} is an input widget (say number_box(...) or dropdown(...)), not {shown(value)}")
    return value


_is_inputs = is_mapping(24, key=is_text(80), value=_is_input, what="a dict name → input widget")
#: An exact value's ``<details>`` (:func:`~changekit.core.markup.exact_html`) stays inside its
#: sentence. Chromium lays a details' content out as a block, even closed and styled inline, so the
#: readout's line broke after "≈ 1.305" and the next began "; at least one point…" (the static
#: site's Zombie explorer); laid out inline (and not at all while closed: an inline box cannot
#: hide its content), the readout wraps at its spaces like any sentence.
READOUT_CSS = ("<style>details.ck-fraction::details-content { display: inline; }"
               " details.ck-fraction:not([open])::details-content { display: none; }</style>")

_is_label = is_text(200)
_is_width = is_text(40)


class Explorer:
    """``compute(**values)`` returns ``(figure, readout_html)`` from the inputs' values; it runs
    again whenever an input changes, and the chart is redrawn in place
    (:class:`~changekit.ui.charts.LiveChart`). An input that ``compute`` refuses
    (:class:`ChangekitError` or ``ValueError``) shows its message in the readout and leaves the
    chart as it was. ``widget`` holds the inputs, the readout and the chart."""

    @checked(inputs=_is_inputs, compute=is_callable, chart=is_flag, columns=is_whole(1, 12),
             lazy=optional(is_flag))
    def __init__(self, inputs: Mapping[str, w.ValueWidget], compute: Callable[..., tuple[Any, str]], *,
                 chart: bool = True, columns: int = 3, lazy: bool | None = None) -> None:
        self.inputs = dict(inputs)
        self.compute = compute
        self.readout = w.HTML()
        self.readout.add_class("ck-readout")
        self.chart: LiveChart | None = None
        self.wants_chart = chart
        for box in self.inputs.values():
            box.observe(self.update, names="value")
        grid = w.GridBox(list(self.inputs.values()),
                         layout=w.Layout(grid_template_columns=f"repeat({columns}, max-content)", grid_gap="4px 16px"))
        self._style = w.HTML(READOUT_CSS)
        self.widget = w.VBox([self._style, grid, self.readout])
        self.widget.add_class("ck-explorer")
        if lazy is None:
            # on a page the kit serves to students, nothing is computed until asked: the page
            # opens faster and plotly is not even imported; elsewhere (JupyterLab, tests) at once
            lazy = plotly_js_url() is not None
        if lazy:
            self.start_button = button("Explore", self.update, style="info",
                                       tooltip="Compute and draw; then change any value above")
            self.readout.value = "<i>Press <b>Explore</b>, or change a value, to compute and draw.</i>"
            self.widget.children = (self._style, grid, self.start_button, self.readout)
        else:
            self.start_button = None
            self.update()
            if self.wants_chart and self.chart is None:
                raise ChangekitError("an explorer's starting inputs must give a chart")

    @property
    def values(self) -> dict[str, Any]:
        return {name: box.value for name, box in self.inputs.items()}

    def _run(self) -> tuple[bool, Any]:
        """(whether the inputs were accepted, the figure)."""
        try:
            figure, text = self.compute(**self.values)
        except (ChangekitError, ValueError) as exc:
            self.readout.value = f'<span role="alert" style="color:#b3261e">{escape(str(exc))}</span>'
            return False, None
        self.readout.value = text
        return True, figure

    def update(self, _: Any = None) -> None:
        """Recompute from the inputs and redraw (what every change of an input does)."""
        accepted, figure = self._run()
        if not accepted:
            return  # the message is in the readout; the chart stays as it was
        if self.start_button is not None:
            self.start_button.layout.display = "none"  # computed once: the inputs drive it from now on
        if not self.wants_chart:
            return
        if figure is None:
            raise ChangekitError("an explorer with a chart must get a figure from its inputs")
        if self.chart is None:
            self.chart = LiveChart(figure)
            self.widget.children = (*self.widget.children, self.chart.widget)
            # plotly, the first figure and the analyses' caches are in memory now: out of the
            # collector's sight, or a full collection over them lands in some later redraw
            # (409 ms in make bench, where a collection took 220-340 ms)
            freeze_heap()
        else:
            self.chart.show(figure)

    @property
    def figure(self) -> Any:
        """The figure now drawn (a plotly ``go.Figure``; None until the first computation)."""
        return self.chart.figure if self.chart is not None else None

    def _ipython_display_(self) -> None:
        display(self.widget)


@checked(description=_is_label, value=is_real(), low=is_real(), high=is_real(), step=optional(is_real(low=0)),
         width=_is_width)
def number_box(description: str, value: float, low: float, high: float, *, step: float | None = None,
               width: str = "230px") -> w.Widget:
    """A bounded number box (integers unless ``step`` is given), labelled for screen readers."""
    if not low <= value <= high:
        raise InvalidArgument(f"value is a number from low to high ({low} to {high}), not {value}")
    if step is None and not all(float(x).is_integer() for x in (value, low, high)):
        raise InvalidArgument(f"value, low and high of a whole-number box are whole numbers, "
                              f"not {value}, {low}, {high}")
    if step == 0:
        raise InvalidArgument("step is a number above 0, not 0")
    style = {"description_width": "initial"}
    layout = w.Layout(width=width)
    if step is None:
        return w.BoundedIntText(value=value, min=low, max=high, description=description, style=style, layout=layout)
    return w.BoundedFloatText(value=value, min=low, max=high, step=step, description=description, style=style,
                              layout=layout)


@checked(description=_is_label, width=_is_width)
def dropdown(description: str, options: Any, value: Any, *, width: str = "230px") -> w.Dropdown:
    try:
        choices = [o[1] if isinstance(o, tuple) and len(o) == 2 else o for o in options][:1000]
    except TypeError:
        raise InvalidArgument(f"options is a list of choices (or (label, value) pairs), not {shown(options)}") from None
    if isinstance(options, (str, bytes)) or not choices or value not in choices:
        raise InvalidArgument(f"value is one of the options {shown(choices)}, not {shown(value)}")
    return w.Dropdown(options=options, value=value, description=description, style={"description_width": "initial"},
                      layout=w.Layout(width=width))


class AfterPredictions:
    """A part of the page that would answer some questions (an explorer, a chart, a sentence),
    held back until each of those questions has a locked prediction: the rule a
    :class:`~changekit.ui.question.Question` keeps for its own answer, kept for everything else on
    the page that gives the answer away. ``make()`` runs once, when the last of them is locked in
    (nothing is computed before), and what it returns (an explorer, a figure, an HTML string, a
    widget, or a list of those) takes the place of a note saying which predictions it waits for.
    ``qids`` name questions already drawn on the page.

    >>> from changekit.ui.question import Question
    >>> q = Question("demo.q9", "2 or 3?", choices=["2", "3"], answer=lambda: "3")
    >>> gate = AfterPredictions(lambda: "<p>It is 3.</p>", "demo.q9", what="This sentence")
    >>> gate.shown, "Question 9" in gate.note.value
    (None, True)
    >>> q.predict("2")
    >>> gate.shown
    '<p>It is 3.</p>'
    """

    def __init__(self, make: Callable[[], Any], *qids: str, what: str = "This explorer") -> None:
        from .question import Question  # widgets of a question: imported with the first gate

        if not callable(make):
            raise InvalidArgument(f"make is a function that builds what waits, not {shown(make)}")
        if not qids:
            raise InvalidArgument("name the questions whose predictions it waits for (their ids, like 'zombie.q1')")
        missing = [qid for qid in qids if qid not in Question.drawn]
        if missing:
            raise ChangekitError(f"{what} waits for {', '.join(missing)}, which this page has not drawn yet: "
                                 "draw the questions first")
        self.questions = [Question.drawn[qid] for qid in qids]
        self.make, self.what = make, what
        self.shown: Any = None
        self.note = w.HTML()
        self.note.add_class("ck-waiting")
        self.widget = w.VBox([self.note])
        for question in self.questions:
            question.on_predict.append(self._locked)
        self._locked()

    @property
    def waiting(self) -> list[str]:
        """The ids of the questions still without a locked prediction."""
        return [q.qid for q in self.questions if q.prediction is None]

    def _locked(self, _: Any = None) -> None:
        if self.shown is not None:
            return
        waiting = self.waiting
        if waiting:
            self.note.value = (f"<i>{escape(self.what)} answers {escape(which_questions(waiting))}: lock in your "
                               f"prediction{'s' if len(waiting) > 1 else ''} above first, and it opens here.</i>")
            return
        self.shown = self.make()
        self.widget.children = (self._part(self.shown),)

    @classmethod
    def _part(cls, result: Any) -> w.Widget:
        from .question import Question  # imported with the first gate (see __init__), not with every explorer

        if isinstance(result, (list, tuple)):  # several parts, one under the other
            return w.VBox([cls._part(part) for part in result])
        inner = getattr(result, "widget", None)  # an Explorer, an app
        return inner if isinstance(inner, w.Widget) else Question.part_widget(result)

    def _ipython_display_(self) -> None:
        display(self.widget)
