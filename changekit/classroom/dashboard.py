"""The teacher's dashboard (``notebooks/class.ipynb``): open or resume a class session, show the
join code (large, and as a QR code of the join address), who has joined, the lesson's questions
with Open / Close / Reveal and live answer counts, the class's predictions beside the exact answer
on Reveal, export and delete.

Every teacher action needs the session's teacher key: the dashboard holds it only after opening a
session (the store makes one) or resuming with the code and the key (the store checks it, and a
student's token is not one). The browser keeps the open session's code and key in a cookie for
this server (:data:`~changekit.classroom.keeper.TEACHER_COOKIE`): a reload resumes it with no
typing, and Delete session forgets it.
"""
from __future__ import annotations

import base64
import os
import re
from typing import Any, Callable

import ipywidgets as w
from IPython.display import display

from ..core.errors import ClassroomError
from ..ui.app import CSS, button
from ..ui.charts import ChartBox
from ..core.markup import escape
from ..ui.question import Question
from ..ui.qr import qr_svg
from .lessons import LessonQuestion, histogram_figure, lesson_questions, lessons
from .class_tournament import sentence
from .keeper import TEACHER_COOKIE, PageKeeper
from .live import Poller, alert_html, page_address, page_value, server_token_query
from .poller import off_loop
from .projector import projector_address
from .report import (check_correct, discussion_advice, learning_figure, learning_html, report_figure,
                     report_html, share_right)
from .store import QuestionState
from .store import Session, Store, connect
from .variant_round import send_variants

STATUS_WORDS = {None: "not opened", "open": "first vote", "discussing": "talk, then revote", "closed": "closed",
                "revealed": "revealed", "paused": "paused"}
#: the timers a teacher can give a vote (seconds; 0: no timer; a None value showed as an empty box)
TIMERS = (("no timer", 0), ("30 s", 30), ("1 min", 60), ("2 min", 120), ("5 min", 300))
NOT_MARKED = "not marked"
#: what a revealed question's row says while "Ask what it showed" waits for a marked right answer
RECALL_NEEDS_MARK = ("Ask what it showed needs the right answer: mark it (Right answer) first, the students' "
                     "answers are counted by it.")
#: what a question's row can do now, and why the greyed-out controls wait (a tooltip is not read
#: on a phone, nor noticed on a screen): by the question's status
ROW_HELP = {
    None: "Not opened yet: Open starts the first vote. Talk to your neighbour, Pause, Close and the timer "
          "are greyed out until it is open. The right answer can be marked now.",
    "open": "Taking first votes: Talk to your neighbour ends the first vote and starts the revote, Close "
            "stops the vote, Reveal closes it and shows the answer. (Open is greyed out: it is open.)",
    "discussing": "Taking revotes: Close stops the vote, Reveal closes it and shows the answer. (Talk to your "
                  "neighbour is greyed out: the revote is under way.)",
    "paused": "Paused: the students' pages refuse votes until you press Resume; the timer stands still.",
    "closed": "Closed: no votes are taken. Open takes votes again, Talk to your neighbour starts a revote, "
              "Reveal shows the answer. (Pause, Close and the timer are greyed out: no vote is open.)",
    "revealed": "Revealed: the students can Check their answers. Open asks the question again. (Talk to your "
                "neighbour, Pause, Close and the timer are greyed out: no vote is open.)",
}
#: the dashboard's own look: a greyed-out control must look it (JupyterLab's faded colour buttons read
#: as pressable), the key to keep stands out, the projector's link is a button
DASHBOARD_CSS = """<style>
.ck-dashboard .jupyter-button:disabled, .ck-dashboard .jupyter-button.ck-btn:disabled {
  background: #eceff1 !important; color: #4b5563 !important; border: 1px dashed #6b7280 !important;
  opacity: 1 !important; box-shadow: none !important; cursor: not-allowed; }
.ck-dashboard select:disabled, .ck-dashboard input:disabled {
  background: #eceff1; color: #4b5563; border: 1px dashed #6b7280; cursor: not-allowed; }
.ck-dashboard .ck-poll-row { padding: 6px 0; }
.ck-dashboard .ck-poll-text { font-size: 1.05em; line-height: 1.4; padding: 2px 0; }
.ck-dashboard .ck-row-help { color: #374151; font-size: 0.92em; line-height: 1.35; }
.ck-dashboard .ck-reveal { border-left: 4px solid #2e7d32; padding-left: 10px; margin: 4px 0 8px; }
.ck-key-box { border: 3px solid #b45309; background: #fff7ed; padding: 10px 14px; margin: 6px 0; border-radius: 4px; }
.ck-key-box .ck-teacher-key { font-size: 1.35em; font-weight: bold; font-family: monospace;
  overflow-wrap: anywhere; background: #fff; padding: 2px 6px; }
a.ck-projector-button { display: inline-block; background: #1d4e89; color: #fff; padding: 10px 18px;
  border-radius: 4px; font-weight: bold; font-size: 1.1em; text-decoration: none; min-height: 24px; }
a.ck-projector-button:hover, a.ck-projector-button:focus-visible { background: #163d6b; color: #fff; }
</style>"""


def _loopback_note(address: str) -> str:
    """A page opened on this machine's own address gives one no phone can reach: say so, and how
    to serve at one they reach (on a hub, the hub's own ``--host``)."""
    if "://127." in address or "://localhost" in address:
        command = "changekit hub --host" if os.environ.get("JUPYTERHUB_USER") else "changekit serve --host"
        return ('<p class="ck-loopback" style="color:#92400e">This page was opened at this computer\'s own '
                f"address: students need the one their devices reach (see <code>{command}</code> "
                "in docs/serving.md), so open this dashboard through that address too.</p>")
    return ""


def _plain(text: str) -> str:
    """A question's whole text without its markdown marks (a cut text had the teacher guess which
    question a row was)."""
    return " ".join(re.sub(r"[*`]", "", text).split())


def _right_answer(question: LessonQuestion, picked: Any) -> Any:
    """The right answer the row's picker says, for the store (None: not marked)."""
    if picked in (None, NOT_MARKED, ""):
        return None
    if question.kind == "choices":
        return {"choices": [picked]}
    numbers = re.findall(r"-?\d+(?:[.,]\d+)?", str(picked))
    if len(numbers) not in (1, 2):
        raise ClassroomError("bad-correct", f"Type the right answer as 'low to high' (or one number), not {picked!r}.")
    low, high = (float(n.replace(",", ".")) for n in (numbers * 2)[:2])
    return {"range": [low, high]}


def kit_words(question: LessonQuestion, marked: Any) -> dict[str, str]:
    """What a reveal says of the answer when the teacher's mark is the kit's own right answer:
    its value for the projector's big line and its sentence for the students' Check; nothing
    when the teacher marked another answer or none (their mark is then what the pages say)."""
    kit = question.kit_answer() if question.right is not None and marked is not None else None
    if kit is None or check_correct(kit.correct) != check_correct(marked):
        return {}
    return {"value": kit.value, "summary": kit.exact}


class _QuestionRow:
    def __init__(self, board: Dashboard, question: LessonQuestion) -> None:
        self.question = question
        self.status = w.HTML(STATUS_WORDS[None])
        self.count = w.HTML("0 answers")
        qid = question.qid
        self.open_button = button("Open", lambda: board.click(board.opening, qid), style="info")
        self.discuss_button = button("Talk to your neighbour", lambda: board.click(board.discussing, qid),
                                     tooltip="End the first vote; the students talk, then vote again")
        self.pause_button = button("Pause", lambda: board.click(board.pausing, qid),
                                   tooltip="Freeze the students' pages on this question (no votes taken)")
        self.close_button = button("Close", lambda: board.click(board.closing, qid))
        self.reveal_button = button("Reveal", lambda: board.click(board.revealing, qid), style="success")
        # after the reveal: each student answers their own variant, alone (issue 46)
        self.variant_button = button("Send each their own variant", lambda: board.click(board.sending_variants, qid),
                                     style="warning", tooltip="Each student gets the same idea with new numbers, "
                                                              "answered alone: learned or copied?")
        # the one-click experiment: half the class predicts, half only watches (before the first vote)
        self.split_button = button("Split: predict or watch", lambda: board.click(board.splitting, qid),
                                   tooltip="Half the class (at random) predicts before the reveal, half only "
                                           "watches; both then answer their own variant")
        if question.variant is None:  # no button for a question without a variant
            self.variant_button.layout.display = self.split_button.layout.display = "none"
        # after the reveal: "what did the result show?", the observation itself (issue 46)
        self.recall_button = button("Ask what it showed", lambda: board.click(board.asking_recall, qid),
                                    tooltip="Each student says, from memory and alone, what the result showed")
        self.recall_note = w.HTML()  # why the button waits: it needs the right answer marked
        self.recall_note.add_class("ck-recall-note")
        self.timer = w.Dropdown(options=TIMERS, value=0, description="Timer:", layout=w.Layout(width="170px"),
                                style={"description_width": "initial"})
        self.timer.observe(lambda change: board.click(board.timing, qid), names="value")
        if question.kind == "choices":
            self.right: w.Widget = w.Dropdown(options=[NOT_MARKED, *map(str, question.how["choices"])],
                                              value=NOT_MARKED, description="Right answer:",
                                              style={"description_width": "initial"}, layout=w.Layout(width="230px"))
        else:
            self.right = w.Text(placeholder="e.g. 40 to 50", description="Right answer:", continuous_update=False,
                                style={"description_width": "initial"}, layout=w.Layout(width="230px"))
        self.right.observe(lambda change: board.click(board.marking, qid), names="value")
        self.detail = w.HTML()  # the teacher's own: the share right, the advice, who has not voted
        self.detail.add_class("ck-poll-detail")
        self.help = w.HTML()  # what the row can do now, and why the greyed-out controls wait
        self.help.add_class("ck-row-help")
        # the whole text on its own line, the controls under it
        self.text = w.HTML(f'<div class="ck-poll-text"><b>{escape(qid)}</b> {escape(_plain(question.text))}</div>')
        line = w.HBox([self.status, self.count, self.open_button, self.discuss_button, self.pause_button,
                       self.close_button, self.reveal_button, self.split_button, self.variant_button,
                       self.recall_button, self.timer, self.right],
                      layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.slot = w.VBox()  # the reveal's chart and answer, when this is the question revealed last
        self.widget = w.VBox([self.text, line, self.help, self.recall_note, self.detail, self.slot],
                             layout=w.Layout(border_bottom="1px solid #ddd"))
        self.widget.add_class("ck-poll-row")
        self.widget.add_class(f"ck-poll-{qid.replace('.', '-')}")
        self.show(None)

    def show(self, state: QuestionState | None, detail: str = "") -> None:
        status = None if state is None else "revealed" if state.revealed else "closed" if state.closed else \
            "discussing" if state.discussing else "open"
        words = STATUS_WORDS[status] + (" (paused)" if state is not None and state.paused else "")
        self.status.value = f'<span class="ck-poll-status" style="padding:0 10px">{words}</span>'
        answered = 0 if state is None else state.answered
        count = f"{answered} answer{'s' if answered != 1 else ''}"
        if state is not None and state.discussing:
            count += f" · {state.revoted} revote{'s' if state.revoted != 1 else ''}"
        if state is not None and state.variants_sent:
            count += f" · own variants: {state.variants_answered} of {state.variants_sent} answered"
        if state is not None and state.recall_asked:
            count += f" · what it showed: {state.recalled} answered"
        self.count.value = f'<span class="ck-poll-count" style="padding:0 10px">{count}</span>'
        self.variant_button.disabled = status != "revealed"
        self.split_button.disabled = status != "open" or state is None or state.answered > 0
        unmarked = status == "revealed" and state is not None and state.correct is None and not state.recall_asked
        self.recall_button.disabled = status != "revealed" or unmarked or (state is not None and state.recall_asked)
        self.recall_note.value = f'<span class="ck-why">{escape(RECALL_NEEDS_MARK)}</span>' if unmarked else ""
        taking = status in ("open", "discussing")
        self.open_button.disabled = status == "open"
        self.discuss_button.disabled = status not in ("open", "closed")
        self.pause_button.disabled = not taking
        self.pause_button.description = "Resume" if state is not None and state.paused else "Pause"
        self.close_button.disabled = not taking
        self.reveal_button.disabled = status is None
        self.timer.disabled = not taking
        # the right answer is marked whenever the teacher likes, before the vote too
        now = "paused" if state is not None and state.paused else status
        self.help.value = f'<span class="ck-why">{escape(ROW_HELP[now])}</span>'
        self.detail.value = detail


class Dashboard:
    """The teacher's page. ``widget`` to display; ``start()`` to follow the class live."""

    def __init__(self, store: Store | None = None, *, lesson: str | None = None, live: bool = True) -> None:
        self._store = store  # the default store opens on first use: a visit alone writes nothing
        self.live = live  # follow the class on the kernel's event loop (off in unit tests: tick by hand)
        self.session: Session | None = None
        self.students: list[str] = []
        self.states: dict[str, QuestionState] = {}
        self.revealed_qid: str | None = None
        self.details: dict[str, str] = {}
        #: right answers marked before their question opened: the store takes them with the Open
        self.pending_marks: dict[str, Any] = {}
        self._muted = False
        self._kept_pending = False
        self.message = w.HTML()
        self.live_note = w.HTML()  # what following the class could not do, said at the top
        self.poller: Poller = Poller(self.fetch, self.apply, on_problem=self._problem, on_stop=self._stopped)
        # the heartbeat (follow while the page is open), "connection lost", and the session kept in a
        # cookie of the teacher's own (a student's seat in the same browser is another cookie)
        self.keeper = PageKeeper(cookie_name=TEACHER_COOKIE)
        self.keeper.observe(lambda _: self._resume_kept(), names="stored")
        # -- before a session --
        self.title_box = w.Text(description="Session title:", value="Class session",
                                style={"description_width": "initial"}, layout=w.Layout(width="340px"))
        self.open_button = button("Open a new session", self._open_clicked, style="success")
        self.code_box = w.Text(description="Code:", value=page_value("code") or "",
                               style={"description_width": "initial"}, layout=w.Layout(width="200px"))
        self.key_box = w.Password(description="Teacher key:", style={"description_width": "initial"},
                                  layout=w.Layout(width="330px"))
        self.resume_button = button("Resume", self._resume_clicked, style="info")
        # the session this browser kept, when the address names another code: the teacher chooses
        self.kept_button = button("Resume the kept session", self._kept_clicked, style="success")
        self.kept_button.layout.display = "none"
        self.kept_button.layout.align_self = "flex-start"
        self.start_panel = w.VBox([
            w.HTML("<h3>Start a class session</h3>"),
            self.kept_button,
            w.HBox([self.title_box, self.open_button], layout=w.Layout(align_items="center")),
            w.HTML("<p>…or come back to one from another computer: its code and its teacher key. "
                   "(In this browser a reload brings your session back by itself.)</p>"),
            w.HBox([self.code_box, self.key_box, self.resume_button], layout=w.Layout(align_items="center"))])
        # -- during a session --
        self.join_html = w.HTML()
        # the teacher key, shown once on a new session to be written down, then hidden
        self.key_html = w.HTML()
        self.key_hide = button("I have written it down: hide the key", self._hide_key, style="warning")
        self.key_show = button("Show the teacher key", self._show_key,
                               tooltip="With the code, it brings this dashboard back on another computer")
        self.key_hide.layout.align_self = "flex-start"
        self.key_box_panel = w.VBox([self.key_html, self.key_hide])
        self.key_box_panel.add_class("ck-key-panel")
        self.key_show.layout.display = "none"
        self.key_show.layout.align_self = "flex-start"  # a button, not a bar across the page
        self.students_html = w.HTML()
        choices = lessons()
        self.lesson_picker = w.Dropdown(options=[(title, name) for name, title in choices.items()],
                                        value=lesson if lesson in choices else next(iter(choices), None),
                                        description="Lesson:", style={"description_width": "initial"})
        self.lesson_picker.observe(lambda change: self.show_lesson(change["new"]), names="value")
        self.rows: dict[str, _QuestionRow] = {}
        self.panels: list[Any] = []  # the class auction's, the tables', the tournament's (once a session opens)
        self.questions_box = w.VBox()
        # beside the histogram, or under it when narrow. The chart sits in a column that takes the row's
        # width (in a wrapping row a chart has no width of its own: on a phone it was drawn into 0 px;
        # a box, as a FigureWidget's layout is plotly's). Empty until the first reveal: the dashboard
        # loads without plotly or a chart to draw
        # One results box, placed in the row of the question revealed last (under its buttons: the
        # teacher sees the chart where they pressed Reveal, not under every question)
        self.chart = ChartBox(flex="1 1 420px", min_width="0", max_width="100%")
        chart_column = self.chart.widget
        self.answer_box = w.VBox(layout=w.Layout(min_width="0", flex="1 1 480px", max_width="100%"))
        self.reveal_title = w.HTML()
        self.reveal_box = w.VBox([self.reveal_title, w.HBox([chart_column, self.answer_box],
                                                            layout=w.Layout(flex_flow="row wrap"))],
                                 layout=w.Layout(display="none"))
        self.reveal_box.add_class("ck-reveal")
        self.report_button = button("Lesson report", self.report, style="info",
                                    tooltip="Per question: first vote and revote right, and the normalised gain")
        self.report_button.layout.align_self = "flex-start"
        self.report_html = w.HTML()
        self.learning_html = w.HTML()  # learned or copied: each student's own variant (issue 46)
        self.learning_html.add_class("ck-learning-report")
        self.report_chart = ChartBox()
        self.learning_chart = ChartBox()  # the learning report's counts per question, as a chart
        self.report_box = w.VBox([self.report_html, self.report_chart.widget, self.learning_html,
                                  self.learning_chart.widget])
        self.report_box.add_class("ck-lesson-report")
        self.export_button = button("Export CSV", self.export, style="info")
        self.export_link = w.HTML()
        self.delete_confirm = w.Checkbox(description="Yes, delete this session and everything in it", indent=False,
                                         layout=w.Layout(width="auto"))
        self.delete_button = button("Delete session", self.delete, style="danger",
                                    tooltip="Deletes the session and everything in it; this browser forgets it")
        self.leave_button = button("Leave this session", self.leave,
                                   tooltip="Back to the start form; the session stays open in the store")
        self.delete_note = w.HTML()  # said beside the button: the top of the page may be out of sight
        self.games_box = w.VBox(layout=w.Layout(border="1px dashed #99a", padding="6px 10px", margin="8px 0"))
        self.games_box.add_class("ck-class-games")
        self.session_panel = w.VBox([
            self.join_html, self.key_box_panel, self.key_show, self.live_note,
            w.HTML("<h3>Who has joined</h3>"), self.students_html,
            w.HTML("<h3>Questions</h3>"), self.lesson_picker, self.questions_box,
            w.HTML("<h3>Class auction and tables</h3>"), self.games_box,
            w.HTML("<h3>After the lesson</h3>"),
            self.report_button, self.report_box,
            w.HBox([self.export_button, self.export_link], layout=w.Layout(align_items="center")),
            w.HBox([self.delete_confirm, self.delete_button, self.delete_note], layout=w.Layout(align_items="center")),
            w.HBox([self.leave_button, w.HTML("<span>Another class next? The session stays open; its code and "
                                              "teacher key bring it back.</span>")],
                   layout=w.Layout(align_items="center"))],
            layout=w.Layout(display="none"))
        # the kit's phone layout (touch targets, wrapping rows): a teacher walks the room with a phone
        self.widget = w.VBox([self.keeper, w.HTML(CSS + DASHBOARD_CSS), self.start_panel, self.message,
                              self.session_panel])
        self.widget.add_class("ck-dashboard")
        self.widget.add_class("ck-class-page")  # the phone layout of the class pages (ui.app.CSS)
        if self.lesson_picker.value:
            self.show_lesson(self.lesson_picker.value)

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    # -- session ----------------------------------------------------------------------------------

    # Entering a session is the store's work (open or resume, and the projector's read-only key)
    # off the page's loop, then the page's: ``_enter`` with (session, projector key, fresh).

    def _opening(self, title: str) -> tuple[Session, str, bool]:
        session = self.store.open_session(title)
        return session, self.store.projector_key(session.code, session.teacher_key), True

    def _resuming(self, code: str, teacher_key: str) -> tuple[Session, str, bool]:
        try:
            session = self.store.resume_session(code, teacher_key)
        except ClassroomError as err:
            if err.reason == "wrong-teacher-key":  # where the right one is to be found
                raise ClassroomError(err.reason, f"{sentence(str(err))} Type the key the dashboard showed when "
                                                 "the session opened (a student's link is not one).") from None
            raise
        return session, self.store.projector_key(session.code, session.teacher_key), False

    def open_session(self, title: str) -> Session:
        self._enter(self._opening(title))
        assert self.session is not None, "just entered"
        return self.session

    def resume(self, code: str, teacher_key: str) -> Session:
        self._enter(self._resuming(code, teacher_key))
        assert self.session is not None, "just entered"
        return self.session

    def _open_clicked(self) -> None:
        title = self.title_box.value
        off_loop(lambda: self._opening(title), self._enter, failed=self._say)

    def _resume_clicked(self) -> None:
        code, key = self.code_box.value, self.key_box.value
        off_loop(lambda: self._resuming(code, key), self._enter, failed=self._say)

    def _resume_kept(self) -> None:
        """The session this browser kept (its cookie, sent once the page is up): resumed at once,
        unless the page's address names another code (then a button offers it)."""
        kept = self.keeper.stored_seat()
        if kept is None or self.session is not None or self._kept_pending:
            return
        typed = self.code_box.value.strip().upper()
        if typed and typed != kept[0].upper():
            self.kept_button.description = f"Resume session {kept[0]}"
            self.kept_button.layout.display = None
            return
        self._resume_from(kept)

    def _kept_clicked(self) -> None:
        kept = self.keeper.stored_seat()
        if kept is not None and self.session is None and not self._kept_pending:
            self._resume_from(kept)

    def _resume_from(self, kept: tuple[str, str]) -> None:
        self._kept_pending = True
        self.message.value = f"<p><i>Resuming session {escape(kept[0])}…</i></p>"

        def failed(reason: str) -> None:  # a session deleted, or another store: forget it, the form is there
            self._kept_pending = False
            self.keeper.forget_seat()
            self.kept_button.layout.display = "none"
            self.message.value = (f"<p>The session this browser kept ({escape(kept[0])}) could not be resumed: "
                                  f"{escape(sentence(reason))} Open a new session, or type a code and its key.</p>")

        def entered(entered: tuple[Session, str, bool]) -> None:
            self._kept_pending = False
            self._enter(entered)
            # said, so that nobody wonders why the page skipped the start form
            self.message.value = (f'<p class="ck-resumed"><i>Session {escape(kept[0])} resumed: this browser kept '
                                  "it (Delete session, at the end of the page, makes it forget).</i></p>")
        off_loop(lambda: self._resuming(*kept), entered, failed=failed)

    def _say(self, reason: str) -> None:
        self.message.value = f"<p>{alert_html(sentence(reason))}</p>"

    def _hide_key(self) -> None:
        self.key_box_panel.layout.display = "none"
        self.key_show.layout.display = None

    def _show_key(self) -> None:
        self.key_box_panel.layout.display = None
        self.key_show.layout.display = "none"

    def _enter(self, entered: tuple[Session, str, bool]) -> None:
        session, projector_key, fresh = entered
        self.session = session
        self.key_box.value = ""
        self.message.value = ""
        self.kept_button.layout.display = "none"
        self.keeper.keep_seat(session.code, session.teacher_key)  # a reload in this browser comes back
        self.key_html.value = (
            '<div class="ck-key-box" role="note"><b>Your teacher key:</b> '
            f'<code class="ck-teacher-key">{escape(session.teacher_key)}</code><br>Write it down: with the code '
            f"<b>{escape(session.code)}</b> it brings this dashboard back on another computer. Keep it private "
            "(students never need it). This browser brings the session back by itself after a reload.</div>")
        # shown once, on the new session, to be written down; on a resume it waits behind a button
        self._show_key() if fresh else self._hide_key()
        projector = projector_address(session.code, projector_key)
        join = page_address("join.ipynb", code=session.code, **server_token_query())  # the QR opens the page
        self.join_html.value = (
            '<div class="ck-join" style="display:flex;gap:24px;align-items:center;flex-wrap:wrap">'
            # the words take the room the QR code leaves (a long line had pushed the code under them)
            '<div style="flex:1 1 420px;min-width:0">'
            f'<div style="font-size:1.1em">{escape(session.title)} — students join at</div>'
            # the address is one long word: it breaks anywhere rather than run off a phone's screen
            f'<div style="font-family:monospace;overflow-wrap:anywhere">{escape(join)}</div><div>with the code</div>'
            f'<div class="ck-join-code" style="font-size:64px;line-height:1.2;font-weight:bold;letter-spacing:0.15em;'
            f'font-family:monospace">{escape(session.code)}</div>{_loopback_note(join)}'
            f'<p class="ck-projector-link"><a class="ck-projector-button" href="{escape(projector)}" '
            'target="_blank" rel="noopener">Open the projector view</a><br>Put that page on the projector, not '
            "this one: it shows counts and charts, never a name.</p></div>"
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
        from .botclass import TournamentPanel
        from .tables import TablesPanel

        code, key = self._teacher()
        self.panels = [panel_class(self.store, code, key, poll=self.live)
                       for panel_class in (AuctionPanel, TablesPanel, TournamentPanel)]
        for panel in self.panels:
            panels.append(panel if isinstance(panel, w.Widget) else panel.widget)
        return panels

    def _teacher(self) -> tuple[str, str]:
        if self.session is None:
            raise ClassroomError("no-session", "open or resume a class session first")
        return self.session.code, self.session.teacher_key

    # -- following the class ----------------------------------------------------------------------

    def fetch(self) -> tuple[tuple[str, ...], tuple[QuestionState, ...], tuple[tuple[str, str], ...]]:
        """Who joined, the questions, and for each question taking votes the teacher's own line:
        the share of right first votes with the advice, and who has not voted yet."""
        code, key = self._teacher()
        snapshot = self.store.class_snapshot(code, key)  # one read a tick (one call on a hub)
        students, questions = tuple(snapshot.students), tuple(snapshot.questions)
        details = []
        for state in questions:
            if state.closed or state.question_id not in self.rows:
                continue
            parts = []
            if not state.discussing and state.answered:
                share = None if state.correct is None else \
                    share_right(state.correct, list(snapshot.answers.get(state.question_id, {}).values()))
                parts.append(f'<span class="ck-advice">{escape(discussion_advice(share))}</span>')
            missing = snapshot.unanswered.get(state.question_id, [])
            vote = "revoted" if state.discussing else "voted"
            parts.append(f'<span class="ck-unanswered">Not {vote} yet ({len(missing)}): '
                         f"{escape(', '.join(missing)) if missing else 'everyone has'}</span>")
            details.append((state.question_id, "<br>".join(parts)))
        return students, questions, tuple(details)

    def apply(self, state: tuple[tuple[str, ...], tuple[QuestionState, ...], tuple[tuple[str, str], ...]]) -> None:
        students, questions, details = state
        self.students = list(students)
        self.states = {q.question_id: q for q in questions}
        self.details = dict(details)
        names = "".join(f"<li>{escape(n)}</li>" for n in students)
        self.students_html.value = (f'<div class="ck-students"><b class="ck-student-count">{len(students)}</b> '
                                    f"joined<ol style=\"columns:3\">{names}</ol></div>")
        for qid, row in self.rows.items():
            self._show_row(qid, row)

    def _show_row(self, qid: str, row: _QuestionRow) -> None:
        state = self.states.get(qid)
        if state is None and qid in self.pending_marks:  # marked before it opened: kept here until then
            picked = self._picked(row, self.pending_marks[qid])
            if row.right.value != picked:
                with self._quiet():
                    row.right.value = picked
        if state is not None:  # the pickers follow the store (a resume, another teacher page)
            picked = self._picked(row, state.correct)
            if row.right.value != picked:
                with self._quiet():
                    row.right.value = picked
            timer = 0 if state.deadline is None else row.timer.value
            if row.timer.value != timer:
                with self._quiet():
                    row.timer.value = timer
        detail = self.details.get(qid, "")
        if state is None and qid in self.pending_marks:
            detail = ('<span class="ck-marked">Right answer marked: the class\'s votes are counted by it once you '
                      "open the question.</span>")
        row.show(state, detail)

    @staticmethod
    def _picked(row: _QuestionRow, marked: Any) -> str:
        """What the row's right-answer picker shows for a marked answer (None: not marked)."""
        unmarked = NOT_MARKED if row.question.kind == "choices" else ""
        return (unmarked if marked is None else str(marked["choices"][0]) if "choices" in marked
                else f"{marked['range'][0]:g} to {marked['range'][1]:g}")

    def _quiet(self) -> Any:
        """Set a row's picker from the store without it calling the store back."""
        board = self

        class Quiet:
            def __enter__(self) -> None:
                board._muted = True

            def __exit__(self, *exc: object) -> None:
                board._muted = False
        return Quiet()

    def start(self) -> None:
        self.poller.start()

    def _problem(self, problem: str | None) -> None:
        self.live_note.value = "" if problem is None else f"<p>{alert_html(sentence(problem))}</p>"

    def _stopped(self, reason: str) -> None:
        if self.session is not None:
            self.live_note.value = f"<p>{alert_html(sentence(f'Live updates stopped: {reason}'))}</p>"

    # -- questions --------------------------------------------------------------------------------

    def show_lesson(self, notebook: str) -> None:
        self.lesson = {q.qid: q for q in lesson_questions(notebook)}
        self.rows = {qid: _QuestionRow(self, q) for qid, q in self.lesson.items()}
        self.questions_box.children = [row.widget for row in self.rows.values()]
        for qid, row in self.rows.items():
            self._show_row(qid, row)
        self._place_results()

    def _question(self, qid: str) -> LessonQuestion:
        if qid not in self.lesson:
            raise ClassroomError("unknown-question", f"the lesson shown has no question {qid!r}")
        return self.lesson[qid]

    # A teacher action is two halves: the store's (``work``, blocking: a worker thread runs it for
    # a button) and the page's (``then``, on the event loop). Called as methods they run at once.

    def click(self, action: Callable[[str], tuple[Callable[[], Any], Callable[[Any], None]]], qid: str) -> None:
        """What a question's button does: ``action``'s store work off the page's event loop, then
        its drawing; any refusal said on the page."""
        if self._muted:
            return
        try:
            work, then = action(qid)
        except ClassroomError as err:
            self._say(str(err))
            return
        self.message.value = ""
        off_loop(work, then, failed=self._say)

    def _apply_fresh(self, state: Any) -> None:
        self.poller.take(state)

    def opening(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()
        question = self._question(qid)
        prompt = question.prompt()
        marked = self.pending_marks.get(qid)
        picked = self.rows[qid].right.value if qid in self.rows else None
        first_open = qid not in self.states

        def work() -> Any:
            self.store.open_question(code, key, qid, prompt)
            if marked is not None:  # the right answer marked before the question opened
                self.store.mark_correct(code, key, qid, marked)
            elif first_open and question.right is not None:
                # the kit's right answer, marked for the teacher (who may change it on the row):
                # the projector, the students' Check and the lesson report all count by it
                kit = question.kit_answer()
                assert kit is not None, "a question with right= has a kit answer"
                self.store.mark_correct(code, key, qid, kit.correct)
            return self.fetch()

        def then(state: Any) -> None:
            row = self.rows.get(qid)
            now = row.right.value if row is not None else None
            self.pending_marks.pop(qid, None)
            self._apply_fresh(state)  # the picker follows the store: unmarked, if the pick came late
            # a right answer picked while the Open was on its way was kept for an Open that had
            # already left (on a busy server the class's votes were then counted against nothing):
            # the question is open now, so the pick is stored as any later one is
            if row is not None and now != picked:
                with self._quiet():
                    row.right.value = now
                self.click(self.marking, qid)
        return work, then

    def discussing(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()

        def work() -> Any:
            self.store.start_discussion(code, key, qid)
            return self.fetch()
        return work, self._apply_fresh

    def pausing(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        """Pause the question, or resume it when it is paused."""
        code, key = self._teacher()
        state = self.states.get(qid)
        paused = not (state is not None and state.paused)

        def work() -> Any:
            self.store.pause_question(code, key, qid, paused)
            return self.fetch()
        return work, self._apply_fresh

    def timing(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()
        seconds = (self.rows[qid].timer.value or None) if qid in self.rows else None

        def work() -> Any:
            self.store.set_timer(code, key, qid, seconds)
            return self.fetch()
        return work, self._apply_fresh

    def marking(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()
        correct = _right_answer(self._question(qid), self.rows[qid].right.value)
        if qid not in self.states:  # not opened yet: the store has no row for it, the Open takes it
            if correct is None:
                self.pending_marks.pop(qid, None)
            else:
                self.pending_marks[qid] = check_correct(correct)

            def keep() -> None:
                return None

            def kept(_: Any) -> None:
                self._show_row(qid, self.rows[qid])
            return keep, kept

        def work() -> Any:
            self.store.mark_correct(code, key, qid, correct)
            return self.fetch()

        def then(state: Any) -> None:
            self.poller.forget()
            self._apply_fresh(state)
        return work, then

    def closing(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()

        def work() -> Any:
            self.store.close_question(code, key, qid)
            return self.fetch()
        return work, self._apply_fresh

    def revealing(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        code, key = self._teacher()
        question = self._question(qid)
        reading = question.reading if len(question.reading.encode()) < 3500 else question.reading[:1000] + "…"

        def work() -> Any:
            # the class's votes go with the answer: every student sees the class's chart (counts, no names)
            answers = self.store.answers(code, key, qid)
            states = self.store.questions(code, key)
            discussed = any(q.question_id == qid and q.discussing for q in states)
            revotes = self.store.revotes(code, key, qid) if discussed else None
            shown: dict[str, Any] = {"reading": reading, "predictions": list(answers.values())}
            if revotes is not None:
                shown["revotes"] = list(revotes.values())
            shown.update(kit_words(question, next((q.correct for q in states if q.question_id == qid), None)))
            self.store.reveal_question(code, key, qid, shown)
            return self.fetch(), answers, revotes

        def then(done: Any) -> None:
            state, answers, revotes = done
            self._apply_fresh(state)
            self._draw_results(question, answers, revotes)
            self._show_answer(question)
        return work, then

    def sending_variants(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        """Each joined student without one gets their own variant of the revealed question, dealt
        by the round's recorded seed (:func:`~changekit.classroom.variant_round.send_variants`)."""
        code, key = self._teacher()
        question = self._question(qid)
        if question.variant is None:
            raise ClassroomError("no-variant", f"question {qid!r} has no variant: {question.no_variant or 'none yet'}")

        def work() -> Any:
            sent = send_variants(self.store, code, key, question)
            return sent, self.fetch()

        def then(done: Any) -> None:
            sent, state = done
            self._apply_fresh(state)
            self.message.value = (f'<p class="ck-variants-sent">{sent} student{"s" if sent != 1 else ""} got their '
                                  f"own variant of {escape(qid)}.</p>" if sent else
                                  f'<p class="ck-variants-sent">Every student has their variant of {escape(qid)} '
                                  "already.</p>")
        return work, then

    def asking_recall(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        """Ask every student what the revealed question's result showed, answered once from memory
        (:meth:`~changekit.classroom.store.Store.ask_recall`); it needs the right answer marked."""
        code, key = self._teacher()
        state = self.states.get(qid)
        if state is not None and state.revealed and state.correct is None:
            raise ClassroomError("no-correct", RECALL_NEEDS_MARK)

        def work() -> Any:
            self.store.ask_recall(code, key, qid)
            return self.fetch()

        def then(state: Any) -> None:
            self._apply_fresh(state)
            self.message.value = (f'<p class="ck-recall-asked">Every student\'s page now asks what the result of '
                                  f"{escape(qid)} showed, answered once from memory; the lesson report counts who "
                                  "recalled it wrongly.</p>")
        return work, then

    def ask_recall(self, qid: str) -> None:
        """What the row's "Ask what it showed" does."""
        self._run(self.asking_recall(qid))

    def splitting(self, qid: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        """Split the class at random (a fresh seed, kept in the store) into those who predict
        before the reveal and those who only watch it."""
        import secrets  # a fresh seed per split: only here

        code, key = self._teacher()
        seed = secrets.randbelow(2**31)

        def work() -> Any:
            return self.store.start_experiment(code, key, qid, seed), self.fetch()

        def then(done: Any) -> None:
            groups, state = done
            self._apply_fresh(state)
            watching = sorted(name for name, group in groups.items() if group == "watch")
            self.message.value = (f'<p class="ck-split">Split (seed {seed}): {len(groups) - len(watching)} predict, '
                                  f"{len(watching)} only watch: {escape(', '.join(watching))}.</p>")
        return work, then

    def send_variants(self, qid: str) -> None:
        """What the row's "Send each their own variant" does."""
        self._run(self.sending_variants(qid))

    def _run(self, action: tuple[Callable[[], Any], Callable[[Any], None]]) -> None:
        work, then = action
        then(work())

    def open_question(self, qid: str) -> None:
        self._run(self.opening(qid))

    def close_question(self, qid: str) -> None:
        self._run(self.closing(qid))

    def reveal(self, qid: str) -> None:
        """Close the question, show the students the answer and the class's predictions, and
        show here the class's predictions beside the exact answer."""
        self._run(self.revealing(qid))

    def show_results(self, qid: str) -> None:
        """Redraw the histogram of the question's answers (what a Reveal shows)."""
        code, key = self._teacher()
        question = self._question(qid)
        state = self.states.get(qid)
        revotes = self.store.revotes(code, key, qid) if state is not None and state.discussing else None
        self._draw_results(question, self.store.answers(code, key, qid), revotes)

    def _place_results(self) -> None:
        """The results box into the row of the question revealed last (out of every other row)."""
        for qid, row in self.rows.items():
            row.slot.children = (self.reveal_box,) if qid == self.revealed_qid else ()
        if self.revealed_qid not in self.rows:
            self.reveal_box.layout.display = "none"

    def _draw_results(self, question: LessonQuestion, answers: dict[str, Any],
                      revotes: dict[str, Any] | None = None) -> None:
        qid = question.qid
        self.chart.show(histogram_figure(question, answers, revotes))
        self.revealed_qid = qid
        self._place_results()
        again = "" if revotes is None else f" and {len(revotes)} revote{'s' if len(revotes) != 1 else ''}"
        self.reveal_title.value = (f'<h4 class="ck-reveal-title">Revealed: {escape(qid)} — {len(answers)} '
                                   f"prediction{'s' if len(answers) != 1 else ''}{again}</h4>")
        self.reveal_box.layout.display = None

    def _show_answer(self, question: LessonQuestion) -> None:
        """The exact answer as the question's Check shows it (its figures through an Output, as
        every figure shown from a callback)."""
        if question.answer is None:
            self.answer_box.children = []
            return
        try:
            parts = question.answer_parts()
        except Exception as exc:  # noqa: BLE001 - the teacher sees why, the class goes on
            parts = [f'<p style="color:#b00020">Could not compute the answer: {escape(type(exc).__name__)}: '
                     f"{escape(str(exc))}</p>"]
        self.answer_box.children = [w.HTML("<b>The exact answer</b>"), *map(Question.part_widget, parts)]

    # -- after the lesson -------------------------------------------------------------------------

    def report(self) -> None:
        """The lesson report: per question with a marked right answer, the first vote's and the
        revote's share right and Hake's gain, as a table and a chart (the store's work off the loop)."""
        code, key = self._teacher()
        def work() -> Any:
            split = [q.question_id for q in self.store.questions(code, key) if q.experiment_seed is not None]
            return (self.store.lesson_report(code, key), self.store.learning_report(code, key),
                    [self.store.experiment(code, key, qid) for qid in split])
        off_loop(work, self._show_report, failed=self._say)

    def _show_report(self, reports: Any) -> None:
        rows, learning, experiments = reports
        said = "".join(f'<p class="ck-experiment"><b>Predict or watch, {escape(e.question_id)}</b> (split seed '
                       f"{e.seed}): {escape(e.sentence)}</p>" for e in experiments)
        self.learning_html.value = ("<h4>Learned or copied: each student's own question</h4>" + learning_html(learning)
                                    + said)
        self.report_html.value = report_html(rows)
        self.report_chart.widget.layout.display = None if rows else "none"
        if rows:
            self.report_chart.show(report_figure(rows))
        figure = learning_figure(learning)
        self.learning_chart.widget.layout.display = None if figure is not None else "none"
        if figure is not None:
            self.learning_chart.show(figure)

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
            text = (f"Tick the box “{self.delete_confirm.description}” to confirm the deletion first, "
                    "then press Delete session: nothing is deleted yet.")
            self.message.value = self.delete_note.value = alert_html(text)
            return
        self.delete_note.value = ""
        session, self.session = self.session, None  # a deleted session's poller stops without a word
        try:
            self.store.delete_session(code, key)
        except ClassroomError as err:
            self.session = session
            self.delete_note.value = alert_html(sentence(str(err)))
            return
        self.poller.stop("deleted")
        self._back_to_start()
        self.message.value = f"<p>Session {escape(code)} and everything in it are deleted.</p>"

    def leave(self) -> None:
        """Back to the start form with the session left open in the store (another period's session
        can then be opened): this browser forgets it, its code and teacher key bring it back."""
        code, _ = self._teacher()
        self.session = None  # its poller stops without a word
        self.poller.stop("left")
        self._back_to_start()
        self.code_box.value = code
        self.message.value = (f"<p>You left session {escape(code)}: it stays open for the class. Its code and "
                              "teacher key bring it back here (Resume).</p>")

    def _back_to_start(self) -> None:
        for panel in self.panels:  # the auction's and the tables' followers stop with the session
            poller = getattr(panel, "poller", None)
            if poller is not None:
                poller.stop("left")
        self.keeper.forget_seat()  # a reload no longer resumes it
        self.pending_marks = {}
        self.revealed_qid = None
        self._place_results()
        self._hide_key()
        self.key_show.layout.display = "none"
        self.states = {}
        self.delete_confirm.value = False
        self.export_link.value = ""
        self.session_panel.layout.display = "none"
        self.start_panel.layout.display = None
        self.live_note.value = ""

    def _ipython_display_(self) -> None:
        display(self.widget)
