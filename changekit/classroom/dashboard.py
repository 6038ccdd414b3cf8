"""The teacher's dashboard (``notebooks/class.ipynb``): open or resume a class session, show the
join code (large, and as a QR code of the join address), who has joined, the lesson's questions
with Open / Close / Reveal and live answer counts, the class's predictions beside the exact answer
on Reveal, export and delete.

Every teacher action needs the session's teacher key: the dashboard holds it only after opening a
session (the store makes one) or resuming with the code and the key (the store checks it, and a
student's token is not one).
"""
from __future__ import annotations

import base64
import inspect
import math
import re
from collections import Counter
from typing import Any, Callable

import ipywidgets as w
from IPython.display import display

from ..core.errors import ClassroomError
from ..ui.app import button
from ..ui.charts import LiveChart
from ..ui.markup import escape
from ..ui.question import Question
from .lessons import LessonQuestion, lesson_questions, lessons
from .live import Poller, page_address, page_value, server_token_query
from .store import Question as QuestionState
from .store import Session, Store, connect

STATUS_WORDS = {None: "not opened", "open": "open", "closed": "closed", "revealed": "revealed"}


def qr_svg(text: str, *, scale: int = 5) -> str:
    """``text`` as an inline SVG QR code (segno, pure Python: no network)."""
    import segno  # segno only when a session's join screen is drawn

    svg = segno.make(text, error="m").svg_inline(scale=scale, dark="#000", light="#fff")
    return svg.replace("<svg ", f'<svg role="img" aria-label="QR code of {escape(text)}" ', 1)


def histogram_figure(question: LessonQuestion, answers: dict[str, Any]) -> Any:
    """The class's predictions: a bar per choice (every choice, in order, zeros too), or a
    histogram of the numbers over the question's range."""
    import plotly.graph_objects as go  # plotly only for the chart

    values = list(answers.values())
    title = f"Class predictions: {question.qid} ({len(values)} answer{'s' if len(values) != 1 else ''})"
    if question.kind == "choices":
        choices = question.how["choices"]
        counts = Counter(str(v) for v in values)
        trace = go.Bar(x=[str(c) for c in choices], y=[counts.get(str(c), 0) for c in choices],
                       marker_color="#1d4e89", name="predictions")
        xaxis: dict[str, Any] = {"type": "category", "title": "prediction"}
    else:
        low, high = question.how[question.kind][:2]
        numbers = [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
        size = (high - low) / 20 if high > low else 1
        trace = go.Histogram(x=numbers, xbins={"start": low, "end": high + size, "size": size},
                             marker_color="#1d4e89", name="predictions")
        unit = question.how.get("unit", "")
        xaxis = {"range": [low, high + size], "title": f"prediction{' (' + unit + ')' if unit else ''}"}
    figure = go.Figure(trace)
    most = max(Counter(map(str, values)).values(), default=1) if question.kind == "choices" else len(values)
    # whole students: a tick per student, or per few students in a big class
    yaxis = {"title": "students", "rangemode": "tozero", "tickformat": ",d", "dtick": max(1, math.ceil(most / 8))}
    figure.update_layout(title=title, xaxis=xaxis, yaxis=yaxis,
                         height=340, width=520, margin={"l": 50, "r": 20, "t": 50, "b": 50}, bargap=0.1)
    return figure


def _loopback_note(address: str) -> str:
    """A page opened on this machine's own address gives one no phone can reach: say so."""
    if "://127." in address or "://localhost" in address:
        return ('<p class="ck-loopback" style="color:#92400e">This page was opened at this computer\'s own '
                "address: students need the one their devices reach (see <code>changekit serve --host</code> "
                "in docs/serving.md), so open this dashboard through that address too.</p>")
    return ""


def _plain(text: str, limit: int = 110) -> str:
    """A question's text without its markdown, cut to ``limit`` characters."""
    plain = " ".join(re.sub(r"[*`]", "", text).split())
    return plain if len(plain) <= limit else plain[: limit - 1] + "…"


class _QuestionRow:
    def __init__(self, board: Dashboard, question: LessonQuestion) -> None:
        self.question = question
        self.status = w.HTML(STATUS_WORDS[None])
        self.count = w.HTML("0 answers")
        self.open_button = button("Open", lambda: board.open_question(question.qid), style="info")
        self.close_button = button("Close", lambda: board.close_question(question.qid))
        self.reveal_button = button("Reveal", lambda: board.reveal(question.qid), style="success")
        text = w.HTML(f"<b>{escape(question.qid)}</b> {escape(_plain(question.text))}",
                      layout=w.Layout(width="460px"))
        self.widget = w.HBox([text, self.status, self.count, self.open_button, self.close_button, self.reveal_button],
                              layout=w.Layout(align_items="center", flex_flow="row wrap",
                                              border_bottom="1px solid #ddd"))
        self.widget.add_class("ck-poll-row")
        self.widget.add_class(f"ck-poll-{question.qid.replace('.', '-')}")
        self.show(None)

    def show(self, state: QuestionState | None) -> None:
        status = None if state is None else "revealed" if state.revealed else "closed" if state.closed else "open"
        self.status.value = f'<span class="ck-poll-status" style="padding:0 10px">{STATUS_WORDS[status]}</span>'
        answered = 0 if state is None else state.answered
        self.count.value = (f'<span class="ck-poll-count" style="padding:0 10px">{answered} '
                            f"answer{'s' if answered != 1 else ''}</span>")
        self.open_button.disabled = status == "open"
        self.close_button.disabled = status != "open"
        self.reveal_button.disabled = status is None


class Dashboard:
    """The teacher's page. ``widget`` to display; ``start()`` to follow the class live."""

    def __init__(self, store: Store | None = None, *, lesson: str | None = None, live: bool = True) -> None:
        self._store = store  # the default store opens on first use: a visit alone writes nothing
        self.live = live  # follow the class on the kernel's event loop (off in unit tests: tick by hand)
        self.session: Session | None = None
        self.students: list[str] = []
        self.states: dict[str, QuestionState] = {}
        self.revealed_qid: str | None = None
        self.poller: Poller = Poller(self.fetch, self.apply, on_stop=self._stopped)
        self.message = w.HTML()
        # -- before a session --
        self.title_box = w.Text(description="Session title:", value="Class session",
                                style={"description_width": "initial"}, layout=w.Layout(width="340px"))
        self.open_button = button("Open a new session", self._open_clicked, style="success")
        self.code_box = w.Text(description="Code:", value=page_value("code") or "",
                               style={"description_width": "initial"}, layout=w.Layout(width="200px"))
        self.key_box = w.Password(description="Teacher key:", style={"description_width": "initial"},
                                  layout=w.Layout(width="330px"))
        self.resume_button = button("Resume", self._resume_clicked, style="info")
        self.start_panel = w.VBox([
            w.HTML("<h3>Start a class session</h3>"),
            w.HBox([self.title_box, self.open_button], layout=w.Layout(align_items="center")),
            w.HTML("<p>…or come back to one (after a reload): its code and its teacher key.</p>"),
            w.HBox([self.code_box, self.key_box, self.resume_button], layout=w.Layout(align_items="center"))])
        # -- during a session --
        self.join_html = w.HTML()
        self.students_html = w.HTML()
        choices = lessons()
        self.lesson_picker = w.Dropdown(options=[(title, name) for name, title in choices.items()],
                                        value=lesson if lesson in choices else next(iter(choices), None),
                                        description="Lesson:", style={"description_width": "initial"})
        self.lesson_picker.observe(lambda change: self.show_lesson(change["new"]), names="value")
        self.rows: dict[str, _QuestionRow] = {}
        self.questions_box = w.VBox()
        self.chart = LiveChart(histogram_figure(LessonQuestion("poll.none", "", {"choices": ["-", "--"]}), {}))
        # beside the histogram, or under it when narrow
        self.answer_box = w.VBox(layout=w.Layout(min_width="320px", flex="1 1 480px"))
        self.reveal_title = w.HTML()
        self.reveal_box = w.VBox([self.reveal_title, w.HBox([self.chart.widget, self.answer_box],
                                                            layout=w.Layout(flex_flow="row wrap"))],
                                 layout=w.Layout(display="none"))
        self.reveal_box.add_class("ck-reveal")
        self.export_button = button("Export CSV", self.export, style="info")
        self.export_link = w.HTML()
        self.delete_confirm = w.Checkbox(description="Yes, delete this session and everything in it", indent=False)
        self.delete_button = button("Delete session", self.delete, style="danger")
        self.resume_live = button("Resume live updates", self.start, style="info")
        self.resume_live.layout.display = "none"
        self.games_box = w.VBox(layout=w.Layout(border="1px dashed #99a", padding="6px 10px", margin="8px 0"))
        self.games_box.add_class("ck-class-games")
        self.session_panel = w.VBox([
            self.join_html, self.resume_live,
            w.HTML("<h3>Who has joined</h3>"), self.students_html,
            w.HTML("<h3>Questions</h3>"), self.lesson_picker, self.questions_box, self.reveal_box,
            w.HTML("<h3>Class auction and tables</h3>"), self.games_box,
            w.HTML("<h3>After the lesson</h3>"),
            w.HBox([self.export_button, self.export_link], layout=w.Layout(align_items="center")),
            w.HBox([self.delete_confirm, self.delete_button], layout=w.Layout(align_items="center"))],
            layout=w.Layout(display="none"))
        self.widget = w.VBox([self.start_panel, self.message, self.session_panel])
        self.widget.add_class("ck-dashboard")
        if self.lesson_picker.value:
            self.show_lesson(self.lesson_picker.value)

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    # -- session ----------------------------------------------------------------------------------

    def open_session(self, title: str) -> Session:
        session = self.store.open_session(title)
        self._enter(session)
        return session

    def resume(self, code: str, teacher_key: str) -> Session:
        session = self.store.resume_session(code, teacher_key)
        self._enter(session)
        return session

    def _open_clicked(self) -> None:
        self._guarded(lambda: self.open_session(self.title_box.value))

    def _resume_clicked(self) -> None:
        self._guarded(lambda: self.resume(self.code_box.value, self.key_box.value))

    def _guarded(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ClassroomError as err:
            self.message.value = f'<p role="alert" style="color:#b00020">{escape(str(err))}</p>'

    def _enter(self, session: Session) -> None:
        self.session = session
        self.key_box.value = ""
        self.message.value = ""
        join = page_address("join.ipynb", code=session.code, **server_token_query())  # the QR opens the page
        self.join_html.value = (
            '<div class="ck-join" style="display:flex;gap:24px;align-items:center;flex-wrap:wrap">'
            f'<div><div style="font-size:1.1em">{escape(session.title)} — students join at</div>'
            f'<div style="font-family:monospace">{escape(join)}</div><div>with the code</div>'
            f'<div class="ck-join-code" style="font-size:64px;line-height:1.2;font-weight:bold;letter-spacing:0.15em;'
            f'font-family:monospace">{escape(session.code)}</div>{_loopback_note(join)}'
            '<details><summary>Teacher key (keep it private: with the code it resumes this page)</summary>'
            f'<code class="ck-teacher-key">{escape(session.teacher_key)}</code></details></div>'
            f'<div class="ck-qr">{qr_svg(join)}</div></div>')
        self.start_panel.layout.display = "none"
        self.session_panel.layout.display = None
        self.games_box.children = self._game_panels()
        self.poller.tick()
        if self.revealed_qid is None:  # after a resume: show the last revealed question again
            revealed = [qid for qid, s in self.states.items() if s.revealed and qid in self.rows]
            if revealed:
                self.show_results(revealed[-1])
        if self.live:
            self.start()

    def _game_panels(self) -> list[w.Widget]:
        panels = []
        # the games (Boneyard for the auction, any game at a table) load only once a session opens
        from .auction import AuctionPanel
        from .tables import TablesPanel

        code, key = self._teacher()
        for panel_class in (AuctionPanel, TablesPanel):
            panel = panel_class(self.store, code, key, poll=self.live)
            panels.append(panel if isinstance(panel, w.Widget) else panel.widget)
        return panels

    def _teacher(self) -> tuple[str, str]:
        if self.session is None:
            raise ClassroomError("no-session", "open or resume a class session first")
        return self.session.code, self.session.teacher_key

    # -- following the class ----------------------------------------------------------------------

    def fetch(self) -> tuple[tuple[str, ...], tuple[QuestionState, ...]]:
        code, key = self._teacher()
        return tuple(self.store.students(code, key)), tuple(self.store.questions(code, key))

    def apply(self, state: tuple[tuple[str, ...], tuple[QuestionState, ...]]) -> None:
        students, questions = state
        self.students = list(students)
        self.states = {q.question_id: q for q in questions}
        names = "".join(f"<li>{escape(n)}</li>" for n in students)
        self.students_html.value = (f'<div class="ck-students"><b class="ck-student-count">{len(students)}</b> '
                                    f"joined<ol style=\"columns:3\">{names}</ol></div>")
        for qid, row in self.rows.items():
            row.show(self.states.get(qid))

    def start(self) -> None:
        self.resume_live.layout.display = "none"
        self.poller.start()

    def _stopped(self, reason: str) -> None:
        self.resume_live.layout.display = None
        if reason != "idle":
            self.message.value = f'<p role="alert" style="color:#b00020">{escape(reason)}</p>'

    # -- questions --------------------------------------------------------------------------------

    def show_lesson(self, notebook: str) -> None:
        self.lesson = {q.qid: q for q in lesson_questions(notebook)}
        self.rows = {qid: _QuestionRow(self, q) for qid, q in self.lesson.items()}
        self.questions_box.children = [row.widget for row in self.rows.values()]
        for qid, row in self.rows.items():
            row.show(self.states.get(qid))

    def _question(self, qid: str) -> LessonQuestion:
        if qid not in self.lesson:
            raise ClassroomError("unknown-question", f"the lesson shown has no question {qid!r}")
        return self.lesson[qid]

    def _after(self) -> None:
        self.poller.poke()
        self.poller.tick()

    def open_question(self, qid: str) -> None:
        code, key = self._teacher()
        self.store.open_question(code, key, qid, self._question(qid).prompt())
        self._after()

    def close_question(self, qid: str) -> None:
        code, key = self._teacher()
        self.store.close_question(code, key, qid)
        self._after()

    def reveal(self, qid: str) -> None:
        """Close the question, show the students the answer, and show here the class's
        predictions beside the exact answer."""
        code, key = self._teacher()
        question = self._question(qid)
        reading = question.reading if len(question.reading.encode()) < 3500 else question.reading[:1000] + "…"
        self.store.reveal_question(code, key, qid, {"reading": reading})
        self._after()
        self.show_results(qid)
        self._show_answer(question)

    def show_results(self, qid: str) -> None:
        """Redraw the histogram of the question's answers (what a Reveal shows)."""
        code, key = self._teacher()
        question = self._question(qid)
        answers = self.store.answers(code, key, qid)
        self.chart.show(histogram_figure(question, answers))
        self.revealed_qid = qid
        self.reveal_title.value = (f'<h4 class="ck-reveal-title">Revealed: {escape(qid)} — {len(answers)} '
                                   f"prediction{'s' if len(answers) != 1 else ''}</h4>")
        self.reveal_box.layout.display = None

    def _show_answer(self, question: LessonQuestion) -> None:
        """The exact answer as the question's Check shows it (its figures through an Output, as
        every figure shown from a callback)."""
        if question.answer is None:
            self.answer_box.children = []
            return
        try:
            if "progress" in inspect.signature(question.answer).parameters:
                result = question.answer(progress=lambda fraction: None)
            else:
                result = question.answer()
        except Exception as exc:  # noqa: BLE001 - the teacher sees why, the class goes on
            result = (f'<p style="color:#b00020">Could not compute the answer: {escape(type(exc).__name__)}: '
                      f"{escape(str(exc))}</p>")
        parts = [r for r in (result if isinstance(result, (list, tuple)) else [result]) if r is not None]
        self.answer_box.children = [w.HTML("<b>The exact answer</b>"), *map(Question._part, parts)]

    # -- after the lesson -------------------------------------------------------------------------

    def export(self) -> str:
        """The session as CSV, offered as a download link (a data: URL: nothing leaves the page)."""
        code, key = self._teacher()
        text = self.store.export_csv(code, key)
        encoded = base64.b64encode(text.encode()).decode()
        self.export_link.value = (f'<a class="ck-export" download="class-{code}.csv" '
                                  f'href="data:text/csv;charset=utf-8;base64,{encoded}">Download class-{code}.csv</a>')
        return text

    def delete(self) -> None:
        """Delete the session (after the confirmation box is ticked) and go back to the start."""
        code, key = self._teacher()
        if not self.delete_confirm.value:
            self.message.value = "<p role=\"alert\">Tick the box to confirm the deletion first.</p>"
            return
        self.poller.stop("deleted")
        self.store.delete_session(code, key)
        self.session = None
        self.revealed_qid = None
        self.states = {}
        self.delete_confirm.value = False
        self.export_link.value = ""
        self.session_panel.layout.display = "none"
        self.start_panel.layout.display = None
        self.resume_live.layout.display = "none"
        self.message.value = f"<p>Session {escape(code)} and everything in it are deleted.</p>"

    def _ipython_display_(self) -> None:
        display(self.widget)
