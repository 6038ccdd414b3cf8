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

import asyncio
import os
import time
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Generic, Sequence, TypeVar
from urllib.parse import parse_qs, urlencode

import ipywidgets as w
from IPython.display import display

from ..core.errors import ClassroomError
from ..ui.app import button, wait_for_visitor, when_visitor_arrives
from ..ui.markup import escape
from ..ui.question import Question, reading_to_html
from .kinds import AUCTION_KIND, PAGE_KINDS, PROMPT_KINDS

if TYPE_CHECKING:  # the store loads when a page joins a class (see changekit.classroom's docstring)
    from .store import Poll, Store, Student


def connect(url: str | None = None) -> Store:
    """The class store (:func:`changekit.classroom.store.connect`), imported on first use."""
    from .store import connect as open_store  # the store needs sqlite3, which the zero-server site's Pyodide lacks

    return open_store(url)

#: how often a page reads the store (a student sees the teacher's Reveal within about this)
POLL_SECONDS = 0.5
#: a page whose store state and visitor have both been quiet this long stops polling: a tab left
#: open (or a kernel whose page went away without closing it) must not poll, and keep its kernel
#: from being culled, forever. The page offers a button to resume.
IDLE_LIMIT_SECONDS = 45 * 60

T = TypeVar("T")


def page_value(name: str) -> str | None:
    """The last ``name=...`` of the Voila page's address (None when absent or outside Voila).
    A page pre-rendered for a pool waits here for its visitor first (``wait_for_visitor``)."""
    wait_for_visitor()
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name)
    return values[-1] if values else None


#: the address parameter that carries a student's seat (their store token). Not ``token``: a class
#: server on the room's network (``changekit serve --host``) reads ``token`` as its own access token.
SEAT_PARAMETER = "seat"
SERVER_TOKEN_PARAMETER = "token"


def server_token_query() -> dict[str, str]:
    """``{"token": ...}`` when this page was opened with the class server's access token, so the
    links it gives (the join page, a student's rejoin link) open on a device without a login."""
    token = page_value(SERVER_TOKEN_PARAMETER)
    return {SERVER_TOKEN_PARAMETER: token} if token else {}


def page_address(notebook: str, **query: str) -> str:
    """The absolute address of ``notebook`` next to the page being served (e.g. the join page
    beside the teacher's dashboard), with ``query``; a relative one outside Voila."""
    suffix = ("?" + urlencode(query)) if query else ""
    host, port = os.environ.get("SERVER_NAME"), os.environ.get("SERVER_PORT")
    script = os.environ.get("SCRIPT_NAME", "")
    if not host or not script:
        return notebook + suffix
    folder = script.rsplit("/", 1)[0]
    netloc = f"{host}:{port}" if port and port not in ("80", "443") else host
    scheme = "https" if port == "443" else "http"
    return f"{scheme}://{netloc}{folder}/{notebook}{suffix}"


class Poller(Generic[T]):
    """Read ``fetch()`` (blocking, e.g. a store query) every ``every`` seconds in a worker thread
    and pass each new result that differs from the last to ``apply`` on the event loop (where
    widget values may be set). Stops after ``idle_limit`` seconds without a change or a
    :meth:`poke` (a click on the page), or when ``fetch`` raises a :class:`ClassroomError` (the
    session was deleted) or anything else; ``on_stop`` gets the reason. Keep the poller: it
    holds its task.

    A quiet poll sends nothing to the browser (``apply`` runs only on a change), so a kernel whose
    page went away without closing it stays idle for the server's culler; ``idle_limit`` bounds
    the polling itself."""

    def __init__(self, fetch: Callable[[], T], apply: Callable[[T], None], *, every: float = POLL_SECONDS,
                 idle_limit: float = IDLE_LIMIT_SECONDS, on_stop: Callable[[str], None] | None = None) -> None:
        self.fetch, self.apply, self.every, self.idle_limit = fetch, apply, every, idle_limit
        self.on_stop = on_stop
        self.task: asyncio.Task | None = None
        self.stopped_because: str | None = None
        self._last: Any = object()
        self._quiet_since = time.monotonic()

    def tick(self) -> bool:
        """One read and apply, blocking (for tests and for a first draw). True if it changed."""
        return self._take(self.fetch())

    def _take(self, state: T) -> bool:
        if state == self._last:
            return False
        self._last = state
        self._quiet_since = time.monotonic()
        self.apply(state)
        return True

    def poke(self) -> None:
        """The visitor did something: the idle clock starts again."""
        self._quiet_since = time.monotonic()

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(self) -> None:
        """Start polling on the kernel's event loop (again, after a stop)."""
        if self.running:
            return
        self.stopped_because = None
        self._quiet_since = time.monotonic()
        self.task = asyncio.get_event_loop().create_task(self._run())

    def stop(self, reason: str = "stopped") -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self._stopped(reason)

    def _stopped(self, reason: str) -> None:
        self.stopped_because = reason
        if self.on_stop is not None:
            self.on_stop(reason)

    async def _run(self) -> None:
        while True:
            try:
                self._take(await asyncio.to_thread(self.fetch))
            except ClassroomError as err:  # the session was closed or deleted meanwhile
                self._stopped(str(err))
                return
            except Exception as err:  # noqa: BLE001 - a task's error is seen by nobody: say it on the page
                self._stopped(f"the class store did not answer ({type(err).__name__}: {err})")
                return
            if time.monotonic() - self._quiet_since > self.idle_limit:
                self._stopped("idle")
                return
            await asyncio.sleep(self.every)


def _waiting(prediction: Any) -> str:
    return (f"<i>Your prediction <b>{escape(Question._shown(prediction))}</b> is in. "
            "<b>Waiting for your teacher</b> to reveal the answer; then press Check.</i>")


class ClassLink:
    """A student's page joined to a session: adopt questions (``adopt``, or every new one with
    ``attach``) and keep them in step with the store (``refresh``, or ``start`` to poll)."""

    def __init__(self, store: Store, student: Student) -> None:
        self.store, self.student = store, student
        self.questions: dict[str, Question] = {}
        self.polls: dict[str, Poll] = {}
        self.on_change: list[Callable[[list[Poll]], None]] = []
        self.poller: Poller[list[Poll]] = Poller(self.fetch, self.apply)
        self._restoring = False
        self._refused: set[str] = set()  # questions whose prediction the store refused (closed)

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
        """``code=...&seat=...`` (and the server's access token, when the page has one): the address
        part that brings this student back to their seat."""
        return urlencode({"code": self.code, SEAT_PARAMETER: self.token, **server_token_query()})

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
        question.on_predict.append(self._submit)
        self._follow(question)
        return question

    def _submit(self, question: Question) -> None:
        if not self._restoring:
            try:
                self.store.submit(self.code, self.token, question.qid, question.prediction)
            except ClassroomError as err:
                # too late for the class (closed), but once the answer is out a student may still check
                poll = self.polls.get(question.qid)
                revealed = poll is not None and poll.revealed
                self._refused.add(question.qid)
                question.check_button.disabled = not revealed
                question.status.value = (f'<span class="ck-error" role="alert" style="color:#b00020">'
                                         f"Your prediction did not reach the class: {escape(str(err))}</span>"
                                         + (" <i>The answer is out: press Check.</i>" if revealed else ""))
                return
        self._follow(question)

    def _follow(self, question: Question) -> None:
        """Put the question in the state the store says: restore a prediction made before a
        reload, and keep Check shut until the teacher reveals the answer."""
        poll = self.polls.get(question.qid)
        if question.prediction is None and poll is not None and poll.mine is not None:
            self._restoring = True
            try:
                question.predict(poll.mine)
            except Exception:  # noqa: BLE001 - a stored answer the widget cannot show: leave it open
                pass
            finally:
                self._restoring = False
        if question.prediction is None or question.checked:
            return
        revealed = poll is not None and poll.revealed
        question.check_button.disabled = not revealed
        if question.qid in self._refused and not revealed:
            return  # the refusal stays on show
        question.status.value = ("<i>Your teacher revealed the answer: press <b>Check</b>.</i>" if revealed
                                 else _waiting(question.prediction))

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


def join_from_address(store: Store | None = None, *, live: bool = True) -> ClassLink | None:
    """For a lesson notebook's first cell: when the page was opened with ``?code=...&seat=...``
    (a student's seat), make every Question on it a class poll and follow the store; otherwise
    (a student alone, JupyterLab) do nothing and return None.

    In a page pre-rendered for a class pool (``changekit serve --class-size``) the visitor, and so
    the address, is not there yet: waiting here would leave the whole page to render when the
    visitor arrives. The page renders on; its Questions are noted as they are made and join the
    class once the request is in (:func:`~changekit.ui.app.when_visitor_arrives`); None then."""
    made: list[Question] = []
    if when_visitor_arrives(partial(_join_on_arrival, store, live, made)):
        Question.on_create.append(made.append)
        return None
    return _join(store, live)


def _join(store: Store | None, live: bool) -> ClassLink | None:
    link = ClassLink.from_page(store)
    if link is None:
        return None
    link.attach()
    link.refresh()
    if live:
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
            question.status.value = (f'<span class="ck-error" role="alert" style="color:#b00020">'
                                     f"This page could not join the class: {escape(str(err))}</span>")
        return None
    if link is not None:
        for question in made:
            link.adopt(question)
    return link


# -- the student page -----------------------------------------------------------------------------

def question_prompt(qid: str, text: str, *, choices: Sequence[Any] | None = None,
                    number: Sequence[float] | None = None, slider: Sequence[float] | None = None,
                    unit: str = "") -> dict[str, Any]:
    """What a student page needs to draw a question (JSON for the store's ``open_question``)."""
    kinds = {k: v for k, v in (("choices", choices), ("number", number), ("slider", slider)) if v is not None}
    if len(kinds) != 1:
        raise ClassroomError("bad-prompt", f"question {qid!r} needs exactly one way to answer, got {sorted(kinds)}")
    ((kind, how),) = kinds.items()
    return {"qid": qid, "text": text, "kind": kind, kind: list(how), "unit": unit}


def question_from_prompt(qid: str, prompt: dict, answer: Callable[[], Any]) -> Question:
    """A :class:`Question` drawn from a prompt made by :func:`question_prompt`."""
    if not isinstance(prompt, dict) or prompt.get("kind") not in PROMPT_KINDS:
        raise ClassroomError("bad-prompt", f"question {qid!r} has no prompt a page can draw: {prompt!r}")
    kind = prompt["kind"]
    how: Any = prompt[kind] if kind == "choices" else tuple(prompt[kind])
    return Question(qid, prompt.get("text", ""), answer=answer, unit=prompt.get("unit", ""), **{kind: how})


class StudentPage:
    """The student's page (``notebooks/join.ipynb``): join with the code and a name (or come back
    with ``?code=...&seat=...``), then answer whatever question the teacher has opened."""

    def __init__(self, store: Store | None = None, *, live: bool = True) -> None:
        self._store = store  # the default store opens on first use: a visit alone writes nothing
        self.live = live  # follow the store on the kernel's event loop (off in unit tests: refresh by hand)
        self.link: ClassLink | None = None
        self.code_box = w.Text(description="Class code:", placeholder="e.g. K7PQ3M",
                               style={"description_width": "initial"}, layout=w.Layout(width="260px"))
        self.name_box = w.Text(description="Your name:", style={"description_width": "initial"},
                               layout=w.Layout(width="300px"))
        self.join_button = button("Join the class", self._join_clicked, style="success")
        self.message = w.HTML()
        self.form = w.VBox([w.HBox([self.code_box, self.name_box, self.join_button],
                                   layout=w.Layout(flex_flow="row wrap", align_items="center")), self.message])
        self.header = w.HTML()
        self.current = w.VBox()
        self.resume_button = button("Resume live updates", self._resume, style="info")
        self.resume_button.layout.display = "none"
        self.widget = w.VBox([self.form, self.header, self.current, self.resume_button])
        self.widget.add_class("ck-student-page")
        self._built: dict[str, Question] = {}
        self._bidders: dict[str, Any] = {}  # AuctionBidder per auction question
        self.tables: Any = None  # StudentTables, once joined: the tables the teacher seats this student at
        code, token = page_value("code"), page_value(SEAT_PARAMETER)
        if code:
            self.code_box.value = code
        if code and token:
            try:
                self._connect(ClassLink.rejoin(self.store, code, token))
            except ClassroomError as err:
                self.message.value = f'<span style="color:#b00020">{escape(str(err))}</span>'

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    def join(self, code: str, name: str) -> None:
        """What the Join button does with the two boxes."""
        self._connect(ClassLink.join(self.store, code, name))

    def _join_clicked(self) -> None:
        try:
            self.join(self.code_box.value, self.name_box.value)
        except ClassroomError as err:
            self.message.value = f'<span role="alert" style="color:#b00020">{escape(str(err))}</span>'

    def _connect(self, link: ClassLink) -> None:
        self.link = link
        link.on_change.append(self.show)
        link.poller.on_stop = self._stopped
        self.form.layout.display = "none"
        rejoin = escape(f"?{link.rejoin_query()}")
        self.header.value = (f'<p>You are <b>{escape(link.name)}</b> in class <b>{escape(link.code)}</b>. '
                             f'Keep <a class="ck-rejoin" href="{rejoin}">this link</a> to come back to your seat '
                             f"after a reload.</p>")
        self.current.children = [w.HTML("<i>Waiting for your teacher to open a question…</i>")]
        from .tables import StudentTables  # the games load only once a student has joined

        self.tables = StudentTables(self.store, link.code, link.token, poll=self.live)
        self.widget.children = [self.form, self.header, self.current, self.tables.widget, self.resume_button]
        link.refresh()
        if self.live:
            link.start()

    def _stopped(self, reason: str) -> None:
        note = "paused (no activity for a while)" if reason == "idle" else escape(reason)
        self.header.value += f'<p class="ck-paused"><i>Live updates {note}.</i></p>'
        self.resume_button.layout.display = None
        if self.tables is not None:  # an idle page stops looking for tables and moves too
            self.tables.stop()

    def _resume(self) -> None:
        self.resume_button.layout.display = "none"
        if self.link is not None:
            self.link.start()
        if self.tables is not None:
            self.tables.start()

    def show(self, polls: list[Poll]) -> None:
        """Show the question (or class auction) the teacher opened last, or else the one closed
        last, built once per id."""
        link = self.link
        assert link is not None, "polls come from the link: only a joined page shows them"
        drawable = [p for p in polls if isinstance(p.prompt, dict) and p.prompt.get("kind") in PAGE_KINDS]
        if not drawable:
            return
        open_ones = [p for p in drawable if not p.closed]
        poll = open_ones[-1] if open_ones else drawable[-1]
        if poll.prompt["kind"] == AUCTION_KIND:
            self._show_auction(poll, link)
            return
        question = self._built.get(poll.question_id)
        if question is None:
            question = question_from_prompt(poll.question_id, poll.prompt,
                                            answer=partial(self._revealed_html, poll.question_id))
            self._built[poll.question_id] = question
            link.adopt(question)
        if poll.closed and not poll.revealed and question.prediction is None:
            question.input.disabled = question.lock_button.disabled = True
            question.status.value = "<i>Your teacher has closed this question.</i>"
        if list(self.current.children) != [question.widget]:
            self.current.children = [question.widget]

    def _show_auction(self, poll: Poll, link: ClassLink) -> None:
        from .auction import AuctionBidder  # the auction loads the Boneyard engine: only when one is opened

        bidder = self._bidders.get(poll.question_id)
        if bidder is None:
            bidder = self._bidders[poll.question_id] = AuctionBidder(self.store, link.code, link.token,
                                                                     poll.question_id)
        bidder.follow(poll, link.name)
        if list(self.current.children) != [bidder.widget]:
            self.current.children = [bidder.widget]

    def _revealed_html(self, qid: str) -> str:
        poll = self.link.polls.get(qid) if self.link else None
        answer = poll.answer if poll is not None else None
        if isinstance(answer, dict):
            parts = []
            if answer.get("summary"):
                parts.append(f'<p class="ck-revealed"><b>Answer:</b> {escape(str(answer["summary"]))}</p>')
            if answer.get("reading"):
                parts.append(f'<div class="ck-reading">{reading_to_html(str(answer["reading"]))}</div>')
            if parts:
                return "".join(parts)
        if answer is not None and not isinstance(answer, dict):
            return f'<p class="ck-revealed"><b>Answer:</b> {escape(str(answer))}</p>'
        return '<p class="ck-revealed"><i>Your teacher is showing the answer on the board.</i></p>'

    def _ipython_display_(self) -> None:
        display(self.widget)
