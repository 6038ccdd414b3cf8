"""The projector's view of a class poll (``notebooks/projector.ipynb``): counts only, never a name.

Opened with the session's code and teacher key, it shows the question the teacher opened last,
what the class is to do now (vote on your own, talk to your neighbour, paused), "12 of 28
answered", and after the reveal the first vote and the revote side by side. It reads the store
only through calls that return no names (``questions``, ``joined_count``, ``polls``): no name
reaches this page's kernel, so none can reach the projector.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from IPython.display import display

from ..ui.app import CSS, button, page_value
from ..ui.charts import ChartBox
from ..core.markup import escape
from ..ui.question import reading_to_html
from .lessons import class_chart_figure
from .live import alert_html, connect
from .poller import Poller, off_loop

if TYPE_CHECKING:  # the store opens once the key is typed (a visit alone loads and writes nothing)
    from .store import Store


class Projector:
    """The projector's page: ``widget`` to display."""

    def __init__(self, store: Store | None = None, *, live: bool = True) -> None:
        self._store = store
        self.live = live
        self.code = ""
        self.key = ""
        self.code_box = w.Text(description="Code:", value=page_value("code") or "",
                               style={"description_width": "initial"}, layout=w.Layout(width="200px"))
        self.key_box = w.Password(description="Teacher key:", style={"description_width": "initial"},
                                  layout=w.Layout(width="330px"))
        self.show_button = button("Show on the projector", self._show_clicked, style="success")
        self.form = w.HBox([self.code_box, self.key_box, self.show_button],
                           layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.message = w.HTML()
        self.board = w.HTML()
        self.board.add_class("ck-projector")
        self.chart = ChartBox()
        self.chart_box = self.chart.widget
        self.poller: Poller[Any] = Poller(self.fetch, self.apply, on_problem=self._say_problem)
        self.widget = w.VBox([w.HTML(CSS), self.form, self.message, self.board, self.chart_box])  # CSS: phones too
        self.widget.add_class("ck-projector-page")
        self.widget.add_class("ck-class-page")  # the phone layout of the class pages (ui.app.CSS)

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    def _say_problem(self, problem: str | None) -> None:
        self.message.value = "" if problem is None else f"<p>{alert_html(problem)}</p>"

    def _show_clicked(self) -> None:
        code, key = self.code_box.value, self.key_box.value
        # the store's check off the loop; the following starts on the loop (its task lives there)
        off_loop(lambda: self.store.resume_session(code, key), lambda session: self._enter(session.code, key),
                 failed=self._say_problem)

    def open(self, code: str, teacher_key: str) -> None:
        """Follow the session (the store checks the key: a student's token is not one)."""
        session = self.store.resume_session(code, teacher_key)
        self._enter(session.code, teacher_key)

    def _enter(self, code: str, teacher_key: str) -> None:
        self.code, self.key = code, teacher_key
        self.key_box.value = ""
        self.form.layout.display = "none"
        self.message.value = ""
        self.poller.tick()
        if self.live:
            self.poller.start()

    def fetch(self) -> tuple[int, tuple[Any, ...], tuple[Any, ...]]:
        return (self.store.joined_count(self.code, self.key), tuple(self.store.questions(self.code, self.key)),
                tuple(self.store.polls(self.code, self.key)))

    def apply(self, state: tuple[int, tuple[Any, ...], tuple[Any, ...]]) -> None:
        joined, questions, polls = state
        prompts = {p.question_id: p for p in polls if isinstance(p.prompt, dict) and p.prompt.get("kind")
                   in ("choices", "number", "slider")}
        shown = [q for q in questions if q.question_id in prompts]
        head = f'<div style="font-size:28px">Class <b>{escape(self.code)}</b> · {joined} joined</div>'
        if not shown:
            self.board.value = head + "<p>Waiting for the first question…</p>"
            return
        open_ones = [q for q in shown if not q.closed]
        state_now = open_ones[-1] if open_ones else shown[-1]
        poll = prompts[state_now.question_id]
        if state_now.revealed:
            doing = "The answer is revealed."
        elif state_now.paused:
            doing = "Paused."
        elif state_now.closed:
            doing = "Voting is closed."
        elif state_now.discussing:
            doing = "<b>Talk to your neighbour</b>, then vote again."
        else:
            doing = "Vote on your own: no talking yet."
        count = state_now.revoted if state_now.discussing else state_now.answered
        what = "revoted" if state_now.discussing else "answered"
        timer = ""
        if state_now.deadline is not None and not state_now.closed and not state_now.paused:
            timer = f" · time left: about {max(0, round(state_now.deadline - time.time()))} s"
        self.board.value = (
            f'{head}<div class="ck-projector-question" style="font-size:24px">'
            f'{reading_to_html(str(poll.prompt.get("text", "")))}</div>'
            f'<div class="ck-projector-doing" style="font-size:24px">{doing}</div>'
            f'<div class="ck-projector-count" style="font-size:40px;font-weight:bold">{count} of {joined} {what}'
            f"{timer}</div>")
        figure = class_chart_figure(poll.question_id, poll.prompt, poll.answer) if state_now.revealed else None
        if figure is not None:
            self.chart.show(figure)
            self.chart_box.layout.display = None
        else:
            self.chart_box.layout.display = "none"

    def _ipython_display_(self) -> None:
        display(self.widget)
