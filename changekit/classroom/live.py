"""A page joined to a class session: every :class:`~changekit.ui.Question` becomes a class poll,
and the page follows the store live.

A student's page holds a :class:`ClassLink` (the store, the session code and the student's
token). Each question's locked-in prediction is submitted to the store under the question's
``qid``; its **Check** stays disabled ("waiting for your teacher") until the teacher reveals the
answer. A :class:`Poller` reads the store every ~0.5 s in a worker thread
(``asyncio.to_thread``) and applies what changed to the widgets on the kernel's event loop.

>>> import tempfile
>>> from changekit.classroom import connect
>>> from changekit.ui import Question
>>> store = connect(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> session = store.open_session("P3")
>>> link = ClassLink.join(store, session.code, "Ada")
>>> q = link.adopt(Question("demo.q1", "2 or 3?", choices=[2, 3], answer=lambda: "3"))
>>> q.predict(3)
>>> store.answers(session.code, session.teacher_key, "demo.q1"), q.check_button.disabled
({'Ada': 3}, True)
>>> store.reveal_question(session.code, session.teacher_key, "demo.q1")
>>> link.refresh(); q.check_button.disabled
False
>>> store.close()
"""
from __future__ import annotations

import os
import time
from functools import partial
from typing import TYPE_CHECKING, Any, Callable
from urllib.parse import parse_qsl, urlencode

import ipywidgets as w
from IPython.display import display

from ..core.errors import ClassroomError
from ..ui.app import CSS, FocusKeeper, button, page_value, when_visitor_arrives
from ..ui.input_purpose import InputPurpose
from ..core.markup import escape
from ..ui.question import Question, reading_to_html
from .kinds import AUCTION_KIND, PAGE_KINDS, PROMPT_KINDS
from .lessons import class_chart_figure, find_lesson_question, question_prompt
from .poller import POLL_SECONDS, Poller, describe, off_loop
from .report import CONFIDENCE

__all__ = ["POLL_SECONDS", "ClassLink", "Poller", "StudentPage", "join_from_address", "page_address", "page_value",
           "question_from_prompt", "question_prompt"]

if TYPE_CHECKING:  # the store loads when a page joins a class (see changekit.classroom's docstring)
    from .store import Poll, Store, Student


def connect(url: str | None = None) -> Store:
    """The class store (:func:`changekit.classroom.store.connect`), imported on first use."""
    from .store import connect as open_store  # the store needs sqlite3, which the zero-server site's Pyodide lacks

    return open_store(url)


#: the address parameter that carries a student's seat (their store token). Not ``token``: a class
#: server on the room's network (``changekit serve --host``) reads ``token`` as its own access token.
SEAT_PARAMETER = "seat"
SERVER_TOKEN_PARAMETER = "token"


#: the class server's access token, which ``changekit serve`` puts in its environment so that
#: every kernel it starts inherits it (students' bots run in a sandbox with a clean environment)
SERVER_TOKEN_VARIABLE = "CHANGEKIT_SERVER_TOKEN"


def server_token_query() -> dict[str, str]:
    """``{"token": ...}`` for an address given to another device (the join QR, the projector, a
    seat link), or ``{}`` on a server without a token. The token is the server's own, whatever
    address this page was opened at: a teacher who came through the gallery's links has none in
    the address (their browser's login cookie let them in), yet the phones need it."""
    token = os.environ.get(SERVER_TOKEN_VARIABLE) or page_value(SERVER_TOKEN_PARAMETER)
    return {SERVER_TOKEN_PARAMETER: token} if token else {}


def page_address(notebook: str, **query: str) -> str:
    """The absolute address of ``notebook`` next to the page being served (e.g. the join page
    beside the teacher's dashboard), with ``query``; a relative one outside Voila. On a hub it
    goes through ``/hub/user-redirect/``, which opens the notebook in the server of whoever
    follows it: the teacher's own server would refuse every student."""
    suffix = ("?" + urlencode(query)) if query else ""
    host, port = os.environ.get("SERVER_NAME"), os.environ.get("SERVER_PORT")
    script = os.environ.get("SCRIPT_NAME", "")
    if not host or not script:
        return notebook + suffix
    folder = script.rsplit("/", 1)[0]
    own_prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if own_prefix and folder.startswith(own_prefix.rstrip("/") + "/"):
        hub_base = os.environ.get("JUPYTERHUB_BASE_URL", "/").rstrip("/")
        folder = f"{hub_base}/hub/user-redirect/{folder[len(own_prefix.rstrip('/')) + 1:]}"
    netloc = f"{host}:{port}" if port and port not in ("80", "443") else host
    scheme = "https" if port == "443" else "http"
    return f"{scheme}://{netloc}{folder}/{notebook}{suffix}"


def alert_html(text: str) -> str:
    """A problem said on a page (``text`` is plain text: escaped here)."""
    return f'<span class="ck-error" role="alert" style="color:#b00020">{escape(text)}</span>'


def problem_notice() -> tuple[w.HTML, Callable[[str | None], None]]:
    """A line of the page for what its poller could not do, and the ``on_problem`` that fills it."""
    notice = w.HTML()
    notice.add_class("ck-problem")

    def say(problem: str | None) -> None:
        notice.value = "" if problem is None else f"<p>{alert_html(problem)}</p>"

    return notice, say


#: what a paused question says on a student's page (its Lock in refuses with it)
PAUSED = "Your teacher has paused this question: wait, your page stays here until they resume it."
FIRST_VOTE_OVER = "The first vote is over: talk to your neighbour, then vote again below."
#: what a student in the experiment's watching group reads instead of voting (issue 46)
WATCHING = ("This time you watch: no vote. Watch the result when your teacher shows it; then you answer your own "
            "question.")
#: what a student's own variant says above it (issue 46): alone, once
VARIANT_INTRO = "**Your own question**, with numbers of its own: answer it alone. "
#: what "what did the result show?" says above the question's own way of answering (issue 46)
RECALL_INTRO = ("**What did the result show?** From memory, alone: what did the result your teacher just showed "
                "say? The question was: ")
DISCUSS_HTML = ('<div class="ck-discuss" role="status" style="font-size:1.15em;margin:6px 0"><b>Talk to your '
                "neighbour</b>: explain your vote, listen to theirs, then vote again.</div>")


def _summary(answer: Any) -> str:
    """What a revealed answer says the answer is, in words (plain text), if it says."""
    if isinstance(answer, dict):
        return str(answer.get("summary") or "")
    return "" if answer is None else str(answer)


def _waiting(prediction: Any) -> str:
    return (f"<i>Your prediction <b>{escape(Question.shown(prediction))}</b> is in. "
            "<b>Waiting for your teacher</b> to reveal the answer; then press Check.</i>")


class ClassLink:
    """A student's page joined to a session: adopt questions (``adopt``, or every new one with
    ``attach``) and keep them in step with the store (``refresh``, or ``start`` to poll).
    ``notice`` says what the store could not do (put it on the page)."""

    def __init__(self, store: Store, student: Student) -> None:
        self.store, self.student = store, student
        self.questions: dict[str, Question] = {}
        self.polls: dict[str, Poll] = {}
        self.on_change: list[Callable[[list[Poll]], None]] = []
        self.notice, say = problem_notice()
        self.poller: Poller[list[Poll]] = Poller(self.fetch, self.apply, on_problem=say,
                                                 on_stop=lambda reason: say(f"Live updates stopped: {reason}"))
        self._restoring = False
        self._refused: set[str] = set()  # questions whose prediction the store refused (closed)
        self._charted: dict[str, Any] = {}  # the revealed answer each question's class chart shows

    @property
    def code(self) -> str:
        return self.student.code

    @property
    def token(self) -> str:
        return self.student.token

    @property
    def name(self) -> str:
        return self.student.name

    @classmethod
    def join(cls, store: Store, code: str, name: str) -> ClassLink:
        return cls(store, store.join(code, name))

    @classmethod
    def rejoin(cls, store: Store, code: str, token: str) -> ClassLink:
        return cls(store, store.rejoin(code, token))

    @classmethod
    def from_page(cls, store: Store | None = None) -> ClassLink | None:
        """The link of a page opened with ``?code=...&seat=...`` (None without both); refused
        with a ClassroomError for a wrong code or seat."""
        code, token = page_value("code"), page_value(SEAT_PARAMETER)
        if not code or not token:
            return None
        return cls.rejoin(store if store is not None else connect(), code, token)

    def rejoin_query(self) -> str:
        """``code=...&seat=...``: the address part that brings this student back to their seat.
        Never the server's access token: links on a page are readable by its scripts."""
        return urlencode({"code": self.code, SEAT_PARAMETER: self.token})

    # -- questions --------------------------------------------------------------------------------

    def attach(self) -> ClassLink:
        """Make every Question created from now on in this kernel a class poll."""
        if self.adopt not in Question.on_create:
            Question.on_create.append(self.adopt)
        return self

    def detach(self) -> None:
        if self.adopt in Question.on_create:
            Question.on_create.remove(self.adopt)

    def adopt(self, question: Question) -> Question:
        if self.questions.get(question.qid) is question:
            return question
        self.questions[question.qid] = question
        question.hold_until_reveal()  # until the store says the answer is out (_follow)
        question.on_predict.append(self._submit)
        self._follow(question)
        return question

    def _submit(self, question: Question) -> None:
        if self._restoring:
            self._follow(question)
            return
        question.hold_until_reveal("<i>Sending your prediction…</i>")
        value, confidence = question.prediction, question.confidence
        off_loop(lambda: self.store.submit(self.code, self.token, question.qid, value, confidence),
                 lambda _: self._follow(question), failed=partial(self._refused_by_store, question))

    def _refused_by_store(self, question: Question, reason: str) -> None:
        # too late for the class (closed), but once the answer is out a student may still check
        poll = self.polls.get(question.qid)
        revealed = poll is not None and poll.revealed
        self._refused.add(question.qid)
        said = alert_html(f"Your prediction did not reach the class: {reason}")
        if revealed:
            question.release(said + " <i>The answer is out: press Check.</i>")
        else:
            question.hold_until_reveal(said)

    def _follow(self, question: Question) -> None:
        """Put the question in the state the store says: restore a prediction made before a
        reload, and keep Check shut until the teacher reveals the answer."""
        poll = self.polls.get(question.qid)
        if question.prediction is None and poll is not None and poll.mine is not None:
            self._restoring = True
            try:
                question.predict(poll.mine, poll.confidence)
            except Exception:  # noqa: BLE001 - a stored answer the widget cannot show: leave it open
                pass
            finally:
                self._restoring = False
        if poll is not None and poll.revealed:  # Check says right or wrong by it (a late mark too)
            kit_said = isinstance(poll.answer, dict) and bool(poll.answer.get("value"))  # the mark is the kit's
            question.mark_right(poll.correct, _summary(poll.answer), exact=_summary(poll.answer) if kit_said else "")
        if question.prediction is not None and not question.checked:
            if poll is not None and poll.revealed:
                question.release("<i>Your teacher revealed the answer: press <b>Check</b>.</i>")
            else:  # a refusal stays on show
                question.hold_until_reveal(None if question.qid in self._refused else _waiting(question.prediction))
        # the class's chart last: of a reveal it is what the browser takes longest to draw
        if poll is not None and poll.revealed and self._charted.get(question.qid) != poll.answer:
            figure = class_chart_figure(question.qid, poll.prompt, poll.answer)  # the projector's chart
            if figure is not None:
                self._charted[question.qid] = poll.answer
                question.show_class_chart(figure)

    # -- following the store ----------------------------------------------------------------------

    def fetch(self) -> list[Poll]:
        return self.store.polls(self.code, self.token)

    def apply(self, polls: list[Poll]) -> None:
        self.polls = {p.question_id: p for p in polls}
        for question in self.questions.values():
            self._follow(question)
        for hook in self.on_change:
            hook(polls)

    def refresh(self) -> None:
        """Read the store once and apply it (blocking)."""
        self.poller.tick()

    def start(self) -> None:
        """Follow the store from now on (on the kernel's event loop)."""
        self.poller.start()

    def stop(self) -> None:
        self.poller.stop("the page left the class")
        self.detach()


#: what the join page says above its form (the notebook itself holds only its title)
JOIN_INTRO = ("<p>Type the code on your teacher's screen and your name. Then follow what your teacher "
              "opens: a question (you see the answer when your teacher reveals it), the class auction, or a "
              "table to play at. You can also start a table yourself.</p>")

#: where a student's focus goes when a redraw takes its control away and no task button is left
STUDENT_FOCUS_FALLBACK = ".ck-task, .ck-whoami"

NOT_IN_CLASS = ("This page is not in your class: {reason}. The game below works on its own; open your link "
                "from the join page again to answer for your class.")


def join_from_address(store: Store | None = None, *, live: bool = True) -> ClassLink | None:
    """For a lesson notebook's first cell: when the page was opened with ``?code=...&seat=...``
    (a student's seat), make every Question on it a class poll and follow the store; otherwise
    (a student alone, JupyterLab) do nothing and return None. A seat the class refuses (a wrong
    seat or code, a closed class) is said on the page, and the game runs on without the class.

    In a page pre-rendered for a class pool (``changekit serve --class-size``) the visitor, and so
    the address, is not there yet: waiting here would leave the whole page to render when the
    visitor arrives. The page renders on; its Questions are noted as they are made and join the
    class once the request is in (:func:`~changekit.ui.app.when_visitor_arrives`); None then."""
    made: list[Question] = []
    if when_visitor_arrives(partial(_join_on_arrival, store, live, made)):
        Question.on_create.append(made.append)
        return None
    try:
        return _join(store, live)
    except Exception as err:  # noqa: BLE001 - the page still shows its game, and says why it is alone
        display(w.HTML(f"<p>{alert_html(NOT_IN_CLASS.format(reason=describe(err)))}</p>"))
        return None


def _join(store: Store | None, live: bool) -> ClassLink | None:
    from .keeper import PageKeeper  # the browser side only for a page that is in a class

    link = ClassLink.from_page(store)
    if link is None:
        return None
    link.attach()
    link.refresh()
    if live:
        display(w.VBox([PageKeeper(), link.notice]))
        link.start()
    return link


def _join_on_arrival(store: Store | None, live: bool, made: list[Question]) -> ClassLink | None:
    """The visitor of a pre-rendered page is here: join the class if its address says so, with the
    Questions the page made meanwhile. A wrong code or seat shows on each of them."""
    if made.append in Question.on_create:
        Question.on_create.remove(made.append)
    try:
        link = _join(store, live)
    except ClassroomError as err:
        for question in made:
            question.say(alert_html(f"This page could not join the class: {err}"))
        return None
    if link is not None:
        for question in made:
            link.adopt(question)
    return link


# -- the student page -----------------------------------------------------------------------------

def question_from_prompt(qid: str, prompt: dict, answer: Callable[..., Any], *, reading: str = "") -> Question:
    """A :class:`Question` drawn from a prompt made by :func:`question_prompt`."""
    if not isinstance(prompt, dict) or prompt.get("kind") not in PROMPT_KINDS:
        raise ClassroomError("bad-prompt", f"question {qid!r} has no prompt a page can draw: {prompt!r}")
    kind = prompt["kind"]
    how: Any = prompt[kind] if kind == "choices" else tuple(prompt[kind])
    return Question(qid, prompt.get("text", ""), answer=answer, reading=reading, unit=prompt.get("unit", ""),
                    **{kind: how})


def _variant_verdict(right: bool, answer: Any, exact: str) -> str:
    """What a student's own variant says once locked in: right or not, and the exact answer (the
    kit's words, escaped all the same)."""
    said = "Right" if right else "Not this time"
    return (f'<span class="ck-variant-verdict"><b>{said}</b>: you answered <b>{escape(Question.shown(answer))}</b>; '
            f"the exact answer is <b>{escape(exact)}</b>.</span>")


def _right_words(correct: Any) -> str:
    """The marked right answer in words (plain text): its choices, or its range of numbers."""
    if isinstance(correct, dict) and "choices" in correct:
        return " or ".join(Question.shown(c) for c in correct["choices"])
    if isinstance(correct, dict) and "range" in correct:
        low, high = correct["range"]
        return Question.shown(low) if low == high else f"{Question.shown(low)} to {Question.shown(high)}"
    return "—"


def _recall_verdict(right: bool, answer: Any, correct: Any) -> str:
    """What "what did the result show?" says once locked in: remembered right or not, and what the
    result showed (by the answer the teacher marked)."""
    said = "You remembered it right" if right else "Not what it showed"
    return (f'<span class="ck-recall-verdict"><b>{said}</b>: you said <b>{escape(Question.shown(answer))}</b>; '
            f"the result showed <b>{escape(_right_words(correct))}</b>.</span>")


class StudentPage:
    """The student's page (``notebooks/join.ipynb``): join with the code and a name (or come back
    with ``?code=...&seat=...``, or by the seat this browser keeps), then answer whatever
    question the teacher has opened. One student per page: once joined, the form is gone."""

    def __init__(self, store: Store | None = None, *, live: bool = True) -> None:
        from .keeper import PageKeeper  # the browser side: an anywidget, loaded with the page

        self._store = store  # the default store opens on first use: a visit alone writes nothing
        self.live = live  # follow the store on the kernel's event loop (off in unit tests: refresh by hand)
        self.link: ClassLink | None = None
        self._joining = False
        self.keeper = PageKeeper()
        # each field sends its value once, when the student leaves it (Tab, Enter): typed fast and
        # followed at once by Join, a value sent key by key was still partly queued in the browser
        # (a widget holds back its updates while one is on its way) when the click reached the
        # kernel, which joined with 'G' of the code typed (the keyboard lesson's test)
        self.code_box = w.Text(description="Class code:", placeholder="e.g. K7PQ3M", continuous_update=False,
                               style={"description_width": "initial"}, layout=w.Layout(width="260px"))
        self.name_box = w.Text(description="Your name:", style={"description_width": "initial"},
                               continuous_update=False, layout=w.Layout(width="300px"))
        self.name_box.add_class("ck-name-field")  # autocomplete="name" (WCAG 1.3.5), set in the page
        self.join_button = button("Join the class", self._join_clicked, style="success")
        self.back_button = button("That is me: back to my seat", self._back_clicked, style="info")
        self.back_button.layout.display = "none"
        self.message = w.HTML()
        self.form = w.VBox([w.HTML(JOIN_INTRO),
                            w.HBox([self.code_box, self.name_box, self.join_button],
                                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
                            self.message, self.back_button,
                            InputPurpose(field=".ck-name-field", purpose="name")])
        self.header = w.HTML()
        self.rejoin_html = w.HTML()
        self.kept_button = button("I have kept my link", self._link_kept)
        self.rejoin_box = w.VBox([self.rejoin_html, self.kept_button], layout=w.Layout(display="none"))
        self.rejoin_box.add_class("ck-rejoin-box")
        self.current = w.VBox()  # the task at hand: the question, bid or table to act on now, at the top
        self.current.add_class("ck-task")
        # the poll's place above the table or under it: the table keeps its one place in the page,
        # and the poll moves between these two. (Moving the table itself when it opened made the
        # browser drop its view while the game's view was still being built inside it: "Could not
        # add child view to box", a page error one run in a few.)
        self.above_table = w.VBox()
        self.below_table = w.VBox()
        # what is over (earlier questions, a settled auction), folded away under the task
        self.earlier_items = w.VBox()
        self.earlier = w.Accordion(children=[self.earlier_items], titles=("Earlier",), selected_index=None,
                                   layout=w.Layout(display="none"))
        self.earlier.add_class("ck-earlier")
        self.first_vote_line = w.HTML()  # in the talk phase: the first vote, as a line (its box is done)
        self._revote_lines: dict[str, w.HTML] = {}  # after the vote: the revote, a line under the question
        self.lab_link = w.HTML()  # the strategy lab, with this student's seat
        self._task: list[w.Widget] = []  # what show() put on top, and whether it is a vote still open
        self._task_open = False
        self._task_id: str | None = None
        self._order: list[str] = []  # the polls this page drew, in the order they opened
        self.notice = w.HTML()
        self.css = w.HTML(CSS)  # the kit's phone layout (touch targets, wrapping rows) for this page too
        # a redraw that takes away the focused control (the join form once joined, a vote once
        # locked in) puts the keyboard's focus on the task at hand, not back at the page's top;
        # a game at a table keeps its own
        self.focus_keeper = FocusKeeper(root=".ck-student-page", inner=".ck-app",
                                        targets=".ck-task button, .ck-task input, .ck-task textarea",
                                        fallback=STUDENT_FOCUS_FALLBACK)
        self.widget = w.VBox([self.keeper, self.focus_keeper, self.css, self.form, self.header, self.rejoin_box,
                              self.notice, self.current])
        self.widget.add_class("ck-student-page")
        self.widget.add_class("ck-class-page")  # the phone layout of the class pages (ui.app.CSS)
        self._built: dict[str, Question] = {}
        self._revotes: dict[str, Question] = {}  # the revote's Question per question, once discussed
        self._revotes_refused: set[str] = set()  # questions whose revote the store refused
        self._restoring_revote = False
        self._variants: dict[str, Question] = {}  # each question's own variant, once the teacher sent it
        self._recalls: dict[str, Question] = {}  # "what did the result show?" per question, once asked
        self.discuss_html = w.HTML(DISCUSS_HTML)
        from ..ui.countdown import Countdown  # the browser clock: loaded with the page

        self.timer = Countdown(layout=w.Layout(display="none"))
        self.timer.add_class("ck-poll-timer")
        self._deadline: float | None = None
        self._bidders: dict[str, Any] = {}  # AuctionBidder per auction question
        self.tables: Any = None  # StudentTables, once joined: the tables the teacher seats this student at
        code, token = page_value("code"), page_value(SEAT_PARAMETER)
        if code:
            self.code_box.value = code
        if code and token:  # a rejoin link: read before the page is drawn (a change mid-draw can hang it)
            try:
                link = ClassLink.rejoin(self.store, code, token)
            except Exception as err:  # noqa: BLE001 - said on the page, the form stays
                self.message.value = alert_html(describe(err))
            else:
                self._connect(link, fresh=False)
        else:  # the seat this browser kept, if any (the browser sends it once the page is up)
            self.keeper.observe(lambda _: self._rejoin_kept(), names="stored")

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    # -- joining ----------------------------------------------------------------------------------

    def join(self, code: str, name: str) -> None:
        """What the Join button does with the two boxes (blocking; refused once joined)."""
        if self.link is not None:
            raise ClassroomError("already-joined", f"this page is {self.link.name}'s: one student per page")
        self._connect(ClassLink.join(self.store, code, name))

    def _join_clicked(self) -> None:
        code, name = self.code_box.value, self.name_box.value
        self._start_join(lambda: ClassLink.join(self.store, code, name))

    def _back_clicked(self) -> None:
        kept = self.keeper.stored_seat()
        if kept is not None:
            self._start_join(lambda: ClassLink.rejoin(self.store, *kept), fresh=False)

    def _rejoin_kept(self) -> None:
        kept = self.keeper.stored_seat()
        if kept is None or self.link is not None or self._joining:
            return
        if self.code_box.value and self.code_box.value.strip().upper() != kept[0].upper():
            self.back_button.layout.display = None  # another class's seat: the student chooses
            self.message.value = (f"<i>This browser kept your seat in class <b>{escape(kept[0])}</b>: press "
                                  "<b>That is me</b> to go back to it, or join this class.</i>")
            return
        self._start_join(lambda: ClassLink.rejoin(self.store, *kept), fresh=False, quiet=True)

    def _start_join(self, work: Callable[[], ClassLink], *, fresh: bool = True, quiet: bool = False) -> None:
        """Join (or rejoin) off the page's event loop: a busy store never freezes the page, and
        one page seats one student (a second Join while one is under way, or after, is refused)."""
        if self.link is not None or self._joining:
            self.message.value = alert_html("This page already has its student: one student per page.")
            return
        self._joining = True
        self.join_button.disabled = True
        if not quiet:
            self.message.value = "<i>Joining…</i>"
        off_loop(work, partial(self._connect, fresh=fresh), failed=partial(self._join_failed, quiet=quiet))

    def _join_failed(self, reason: str, *, quiet: bool = False) -> None:
        self._joining = False
        self.join_button.disabled = False
        if quiet:  # a seat the browser kept from an older class: forget it, the form is there
            self.keeper.forget_seat()
            return
        text = alert_html(reason)
        if "already taken" in reason:
            kept = self.keeper.stored_seat()
            self.back_button.layout.display = None if kept is not None else "none"
            text += ("<br><i>If it is you: press <b>That is me</b> below, or open the link you kept when you "
                     "joined.</i>" if kept is not None else
                     "<br><i>If it is you: open the link you kept when you joined (or the browser you joined "
                     "from: it remembers you).</i>")
        self.message.value = text

    def _close_form(self) -> None:
        """The join form is done with: it leaves the page and its buttons refuse (disabled, which
        ``button`` enforces in the kernel). Not ``close()``d: closing models while the page is
        still drawing them leaves it on "Loading widget..." for good."""
        for control in (self.code_box, self.name_box, self.join_button, self.back_button):
            control.disabled = True
        self.form.children = ()
        self.form.layout.display = "none"

    def _connect(self, link: ClassLink, *, fresh: bool = True) -> None:
        if self.link is not None:  # a second join reached here: keep the first student
            link.poller.stop("another student already has this page")
            return
        self._joining = False
        self.link = link
        self._close_form()
        self.keeper.keep_seat(link.code, link.token)
        # in the cookie now: out of the address bar, and the server token too (the server set its own
        # cookie on the first visit), so nothing a script could read there opens the class
        self.keeper.strip = [SEAT_PARAMETER, "token"]
        link.on_change.append(self.show)
        link.poller.on_stop = self._stopped
        self.header.value = (f'<p class="ck-whoami" style="margin:0">You are <b>{escape(link.name)}</b> in class '
                             f"<b>{escape(link.code)}</b>.</p>")
        lab = page_address("lab.ipynb", **dict(parse_qsl(link.rejoin_query())))
        # a new tab: this page keeps following the class meanwhile
        self.lab_link.value = (f'<p><a class="ck-lab-link" href="{escape(lab)}" target="_blank" rel="noopener">'
                               "Open the strategy lab</a> to write a bot and submit it to your class.</p>")
        if fresh:  # shown once, to be kept: a reload comes back through the browser's cookie
            # with the server's token: the other device has no login cookie yet (it got 403)
            address = page_address("join.ipynb", **dict(parse_qsl(link.rejoin_query())), **server_token_query())
            self.rejoin_html.value = ('<p class="ck-rejoin">This browser will bring you back to your seat after a '
                                      "reload. From another device, use this link (keep it private: it is your "
                                      f'seat): <code class="ck-rejoin-link">{escape(address)}</code></p>')
            self.rejoin_box.layout.display = None
        self._task = [w.HTML("<i>Waiting for your teacher to open a question…</i>")]
        from .tables import StudentTables  # the games load only once a student has joined

        self.tables = StudentTables(self.store, link.code, link.token, poll=self.live)
        self.tables.on_change.append(self._arrange)
        self._arrange()
        link.refresh()
        if self.live:
            link.start()

    def _link_kept(self) -> None:
        self.rejoin_html.value = ""
        self.rejoin_box.layout.display = "none"

    def _stopped(self, reason: str) -> None:
        self.notice.value = f'<p class="ck-paused">{alert_html(f"Live updates stopped: {reason}")}</p>'
        if self.tables is not None:  # nothing more comes: stop looking for tables and moves too
            self.tables.stop()

    # -- what the teacher opened ------------------------------------------------------------------

    def show(self, polls: list[Poll]) -> None:
        """Show the question (or class auction) the teacher opened last, or else the one closed
        last, built once per id."""
        link = self.link
        assert link is not None, "polls come from the link: only a joined page shows them"
        drawable = [p for p in polls if isinstance(p.prompt, dict) and p.prompt.get("kind") in PAGE_KINDS]
        if not drawable:
            return
        open_ones = [p for p in drawable if not p.closed]
        # a paused question keeps the page on it until the teacher resumes
        paused = [p for p in drawable if p.paused and p.question_id in self._built]
        poll = paused[-1] if paused else open_ones[-1] if open_ones else drawable[-1]
        if poll.prompt["kind"] == AUCTION_KIND:
            self._show_auction(poll, link)
            return
        question = self._built.get(poll.question_id)
        if question is None:
            # the lesson's own answer and reading: the Check a student makes alone, run by the Question
            lesson = find_lesson_question(poll.question_id)
            if lesson is not None and lesson.answer is not None:
                question = question_from_prompt(poll.question_id, poll.prompt, answer=lesson.answer,
                                                reading=lesson.reading)
            else:
                question = question_from_prompt(poll.question_id, poll.prompt,
                                                answer=partial(self._revealed, poll.question_id))
            question.ask_confidence(CONFIDENCE)  # with the vote, one tap (issue 46)
            self._built[poll.question_id] = question
            question.on_check.append(self._checked)
            link.adopt(question)
        question.hold(WATCHING if poll.group == "watch" and not poll.revealed else
                      PAUSED if poll.paused and not poll.discussing else
                      FIRST_VOTE_OVER if poll.discussing else None)
        if poll.closed and not poll.revealed and question.prediction is None:
            question.refuse("Your teacher has closed this question.")
        # one box per phase: the first vote's; in the talk phase the revote's alone (the first vote a
        # line above it); after the reveal the first vote's again, which holds Check, the revote a line
        shown: list[w.Widget] = [question.widget]
        if poll.discussing or poll.question_id in self._revotes:
            revote = self._revote(poll, link)
            revote.hold(PAUSED if poll.paused else None)
            if poll.closed:
                revote.refuse("The revote is over.")
            if poll.closed:
                shown = [question.widget, *self._revote_line(poll.question_id)]
            else:
                first = "none" if question.prediction is None else Question.shown(question.prediction)
                self.first_vote_line.value = (f'<p class="ck-first-vote">Your first vote: <b>{escape(first)}</b></p>')
                shown = [self.discuss_html, self.first_vote_line, revote.widget]
        if poll.variant is not None and poll.revealed:  # the student's own variant, on top until answered
            variant = self._variant(poll, link)
            shown = [variant.widget, question.widget] if variant.prediction is None else [question.widget,
                                                                                          variant.widget]
        if poll.recall is not None and poll.revealed:  # "what did the result show?", from memory
            recall = self._recall(poll, link)
            # until answered the result (the question's Check, the class's chart) stays out of sight
            shown = ([recall.widget, *(part for part in shown if part is not question.widget)]
                     if recall.prediction is None else [*shown, recall.widget])
        self._show_timer(poll)
        self._put_on_top(poll, shown)

    def _revote_line(self, qid: str) -> list[w.Widget]:
        """The revote as a line under the question once the vote is over (none without a revote):
        right or wrong by the answer, once Check showed it."""
        question, revote = self._built.get(qid), self._revotes.get(qid)
        if question is None or revote is None or revote.prediction is None:
            return []
        line = self._revote_lines.setdefault(qid, w.HTML())
        said = (question.verdict_html(revote.prediction, whose="revote") if question.checked else
                f"Your revote: <b>{escape(Question.shown(revote.prediction))}</b>")
        line.value = f'<p class="ck-revote-said">{said}</p>'
        return [line]

    def _checked(self, question: Question) -> None:
        """After a Check the revote's line says right or wrong too."""
        self._revote_line(question.qid)

    def _put_on_top(self, poll: Poll, shown: list[w.Widget]) -> None:
        """``shown`` is the poll's part of the page now; the page is laid out again around it."""
        self._task, self._task_id = shown, poll.question_id
        self._task_open = not poll.closed or poll.paused
        if poll.question_id not in self._order:
            self._order.append(poll.question_id)
        self._arrange()

    def _finished(self, qid: str) -> list[w.Widget]:
        """A poll's widgets as the Earlier section shows them, once it is no longer the task."""
        if qid in self._bidders:
            return [self._bidders[qid].widget]
        question = self._built.get(qid)
        if question is None:
            return []
        variant = [self._variants[qid].widget] if qid in self._variants else []
        recall = [self._recalls[qid].widget] if qid in self._recalls else []
        return [question.widget, *self._revote_line(qid), *variant, *recall]

    def _arrange(self) -> None:
        """Lay the page out: the task at hand on top (a vote still open; else a table this student
        sits at, the poll that just ended under it, where its result is read; else the last poll),
        the lab, what is over folded away under "Earlier", and the student's seat link."""
        link = self.link
        if link is None or self.tables is None:
            return
        table_first = self.tables.app is not None and not self._task_open
        task = list(self._task)
        earlier_ids = [q for q in reversed(self._order) if q != self._task_id]
        earlier = [widget for qid in earlier_ids for widget in self._finished(qid)]
        if list(self.current.children) != task:
            self.current.children = task
        if list(self.earlier_items.children) != earlier:
            self.earlier_items.children = earlier
        count = len(earlier_ids)
        self.earlier.set_title(0, f"Earlier ({count}): questions and auctions that are over")
        self.earlier.layout.display = None if earlier else "none"
        poll = [self.timer, self.current]
        above, below = ([], poll) if table_first else (poll, [])
        for slot, parts in ((self.above_table, above), (self.below_table, below)):
            if list(slot.children) != parts:
                slot.children = parts
        top = [self.keeper, self.focus_keeper, self.css, self.form, self.header, link.notice, self.notice]
        children = top + [self.above_table, self.tables.widget, self.below_table, self.lab_link, self.earlier,
                          self.rejoin_box]
        if list(self.widget.children) != children:
            self.widget.children = children

    @property
    def laid_out(self) -> list[w.Widget]:
        """The page's parts in the order a student sees them (the poll's place above or under the
        table read as what it holds)."""
        parts: list[w.Widget] = []
        for child in self.widget.children:
            parts += list(child.children) if child in (self.above_table, self.below_table) else [child]
        return parts

    def _show_timer(self, poll: Poll) -> None:
        """The question's timer, counted down in the browser (the store refuses late votes)."""
        running = poll.deadline is not None and not poll.closed and not poll.paused
        self.timer.layout.display = None if running else "none"
        if not running:
            self._deadline = None
            self.timer.stop()
        elif poll.deadline is not None and poll.deadline != self._deadline:
            self._deadline = poll.deadline
            self.timer.seconds = max(0, round(poll.deadline - time.time()))
            self.timer.start()

    def _revote(self, poll: Poll, link: ClassLink) -> Question:
        """The revote's Question for ``poll`` (built once): the same choices, a vote that goes to
        the store as the student's revote; its Check is the first Question's."""
        revote = self._revotes.get(poll.question_id)
        if revote is None:
            prompt = dict(poll.prompt)
            prompt["text"] = f"**Vote again** after talking to your neighbour. {prompt.get('text', '')}"
            revote = question_from_prompt(poll.question_id + ".revote", prompt, answer=lambda: None)
            revote.vote_only("Lock in my revote")
            revote.ask_confidence(CONFIDENCE)
            revote.widget.add_class("ck-revote")
            revote.on_predict.append(partial(self._submit_revote, link, poll.question_id))
            self._revotes[poll.question_id] = revote
        if revote.prediction is None and poll.revote is not None:  # after a reload
            self._restoring_revote = True
            try:
                revote.predict(poll.revote, poll.revote_confidence)
            except Exception:  # noqa: BLE001 - a stored revote the widget cannot show: leave it open
                pass
            finally:
                self._restoring_revote = False
        if revote.prediction is not None and poll.question_id not in self._revotes_refused:
            shown = escape(Question.shown(revote.prediction))
            revote.say(f"<i>Your revote <b>{shown}</b> is in: the answer is out, press <b>Check</b>.</i>"
                       if poll.revealed else
                       f"<i>Your revote <b>{shown}</b> is in. <b>Waiting for your teacher</b> to reveal the "
                       "answer.</i>")
        return revote

    def _submit_revote(self, link: ClassLink, qid: str, revote: Question) -> None:
        if self._restoring_revote:
            return
        value, confidence = revote.prediction, revote.confidence
        revote.say("<i>Sending your revote…</i>")

        def refused(reason: str) -> None:
            self._revotes_refused.add(qid)  # the refusal stays on show
            revote.say(alert_html(f"Your revote did not reach the class: {reason}"))

        off_loop(lambda: self.store.submit_revote(link.code, link.token, qid, value, confidence),
                 lambda _: link.poller.forget(), failed=refused)

    def _variant(self, poll: Poll, link: ClassLink) -> Question:
        """The student's own variant of ``poll`` (built once): answered alone, once, with how sure;
        once locked in, the store checks it and the page says right or wrong and the exact answer."""
        qid = poll.question_id
        own = poll.variant
        variant = self._variants.get(qid)
        if variant is None:
            prompt = dict(own["prompt"])
            prompt["text"] = VARIANT_INTRO + str(prompt.get("text", ""))
            variant = question_from_prompt(qid + ".variant", prompt, answer=lambda: None)
            variant.vote_only("Lock in my answer")
            variant.ask_confidence(CONFIDENCE)
            variant.widget.add_class("ck-own-variant")
            self._variants[qid] = variant
            if "answer" in own:  # answered before a reload: as it was, with its verdict
                try:
                    variant.predict(own["answer"], own.get("confidence"))
                except Exception:  # noqa: BLE001 - an answer the widget cannot show: the verdict says it
                    variant.refuse("You have answered this one.")
            variant.on_predict.append(partial(self._submit_variant, link, qid, own["seed"]))
        if "answer" in own:
            variant.say(_variant_verdict(own["right"], own["answer"], own["exact"]))
        return variant

    def _submit_variant(self, link: ClassLink, qid: str, seed: int, variant: Question) -> None:
        value, confidence = variant.prediction, variant.confidence
        variant.say("<i>Checking your answer…</i>")

        def checked(result: dict[str, Any]) -> None:
            variant.say(_variant_verdict(result["right"], value, result["exact"]))
            link.poller.forget()

        off_loop(lambda: self.store.submit_variant(link.code, link.token, qid, seed, value, confidence), checked,
                 failed=lambda reason: variant.say(alert_html(f"Your answer did not reach the class: {reason}")))

    def _recall(self, poll: Poll, link: ClassLink) -> Question:
        """"What did the result show?" for ``poll`` (built once): the question's own choices or
        number, answered once, alone; once locked in, the page says whether it was remembered right
        and what the result showed."""
        qid = poll.question_id
        mine = poll.recall
        recall = self._recalls.get(qid)
        if recall is None:
            prompt = dict(poll.prompt)
            prompt["text"] = RECALL_INTRO + str(prompt.get("text", ""))
            recall = question_from_prompt(qid + ".recall", prompt, answer=lambda: None)
            recall.vote_only("Lock in what it showed")
            recall.widget.add_class("ck-recall")
            self._recalls[qid] = recall
            if "answer" in mine:  # answered before a reload: as it was, with its verdict
                try:
                    recall.predict(mine["answer"])
                except Exception:  # noqa: BLE001 - an answer the widget cannot show: the verdict says it
                    recall.refuse("You have answered this one.")
            recall.on_predict.append(partial(self._submit_recall, link, qid))
        if "answer" in mine:
            recall.say(_recall_verdict(mine["right"], mine["answer"], poll.correct))
        return recall

    def _submit_recall(self, link: ClassLink, qid: str, recall: Question) -> None:
        value = recall.prediction
        recall.say("<i>Sending your answer…</i>")

        def said(result: dict[str, Any]) -> None:
            recall.say(_recall_verdict(result["right"], value, result["correct"]))
            link.poller.forget()

        off_loop(lambda: self.store.submit_recall(link.code, link.token, qid, value), said,
                 failed=lambda reason: recall.say(alert_html(f"Your answer did not reach the class: {reason}")))

    def _show_auction(self, poll: Poll, link: ClassLink) -> None:
        from .auction import AuctionBidder  # the auction loads the Boneyard engine: only when one is opened

        bidder = self._bidders.get(poll.question_id)
        if bidder is None:
            bidder = self._bidders[poll.question_id] = AuctionBidder(self.store, link.code, link.token,
                                                                     poll.question_id)
        bidder.follow(poll, link.name)
        self._put_on_top(poll, [bidder.widget])

    def _revealed(self, qid: str) -> list[Any]:
        """What Check shows for a question no lesson of the kit asks (its answer is not computed
        here): what the teacher's Reveal sent. The class's chart shows under every question."""
        poll = self.link.polls.get(qid) if self.link else None
        answer = poll.answer if poll is not None else None
        parts: list[Any] = []
        if isinstance(answer, dict):
            if answer.get("summary"):
                parts.append(f'<p class="ck-revealed"><b>Answer:</b> {escape(str(answer["summary"]))}</p>')
            if answer.get("reading"):
                parts.append(f'<div class="ck-reading">{reading_to_html(str(answer["reading"]))}</div>')
        elif answer is not None:
            parts.append(f'<p class="ck-revealed"><b>Answer:</b> {escape(str(answer))}</p>')
        return parts or ['<p class="ck-revealed"><i>Your teacher is showing the answer on the board.</i></p>']

    def _ipython_display_(self) -> None:
        display(self.widget)

