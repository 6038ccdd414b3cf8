"""The class store: sessions, students, their answers and game tables, shared by every kernel.

Every method is one transaction, committed before it returns (nothing is lost when a kernel or the
server stops right after). Secrets (the teacher key, each student's token) leave the store once,
when made; it keeps only their SHA-256 hashes and compares with ``hmac.compare_digest``. A student
token is ``<student id>.<secret>``, so the store finds the student by id and compares one hash.
The projector's key (:meth:`Store.projector_key`) opens only reads that carry no name.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = connect(f"sqlite:///{folder}/class.db")
>>> session = store.open_session("Period 3")
>>> ada = store.join(session.code, "Ada")
>>> store.submit(session.code, ada.token, "zombie-q1", 0.25)
>>> store.submit(session.code, ada.token, "zombie-q1", 0.5)   # replaces her first answer
>>> store.answers(session.code, session.teacher_key, "zombie-q1")
{'Ada': 0.5}
>>> store.close()
"""
from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import inspect
import io
import json
import math
import os
import re
import secrets
import time
import unicodedata
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, ClassVar

from ..core.errors import ClassroomError
from ..core.state import State
from ..registry import game_spec, is_game, unknown_game
from .backends import Backend, Transaction, open_backend
from .kinds import PROMPT_KINDS
from .names import INVISIBLE, name_key
from .report import (GROUPS, LESSON, ExperimentResult, LearningRow, Matched, ReportRow, check_confidence,
                     check_correct, experiment_result, is_right, is_sure_and_wrong, learning_row, report_row,
                     share_of)
from .schema import migrate
from . import referee
from .referee import SeatView
from .table_rules import check_move, check_settings

#: join codes: no 0/O or 1/I, so a code read off the projector types right on a phone
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: an answer's or a move's JSON, in UTF-8 bytes
MAX_VALUE_BYTES = 4096
#: how deeply lists and dicts nest in a stored JSON value (json reads 1,500 levels only by recursing)
MAX_VALUE_DEPTH = 20
#: the largest size of a number in a stored JSON value: integers and floats up to 10^15 (15 digits)
#: are exact in a browser and in every chart's arithmetic; a 4,000-digit number is neither
MAX_NUMBER = 10**15
MAX_NAME_CHARS = 40
MAX_TITLE_CHARS = 100
#: question ids come from notebooks: short, and safe in a CSV cell and a URL
#: open tables one student may have started at once (the teacher closes tables; so may their starter)
MAX_STARTED_TABLES = 1
QUESTION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,99}")
#: a student token: ``<student id>.<secret>`` (ASCII digits; the secret is URL-safe base64)
TOKEN = re.compile(r"(?P<id>[0-9]{1,19})\.(?P<secret>[A-Za-z0-9_-]{1,100})", re.ASCII)
#: environment variable naming the store for every kernel on a machine (a hub sets it)
STORE_VARIABLE = "CHANGEKIT_CLASS_STORE"

# Limits per class and per student (docs/limits.md says why these numbers): a class of 70 is far
# inside every one; one student (or one page) cannot fill the store or the teacher's screen.
#: students who may join one session
MAX_STUDENTS = 200
#: questions of one session (the teacher's, and those a student's first answer opens)
MAX_QUESTIONS = 2000
#: questions one student may answer in a session (each answer replaces their earlier one)
MAX_ANSWERS_PER_STUDENT = 300
#: tables of one session, open and closed
MAX_TABLES = 200
#: tables one student may start in a session, open and closed
MAX_TABLES_STARTED = 20
#: moves in one table's log (the longest game, Zhao Pengyou with 7 random players, took 1,772)
MAX_MOVES_PER_TABLE = 5000
#: moves one student's page may write in a session (their own and their tables' bots')
MAX_MOVES_PER_STUDENT = 20000
#: the exact answer of a student's own variant, in words (plain text)
MAX_EXACT_CHARS = 1000
#: a variant's seed, and the seed of a round's generator: what a 32-bit signed column holds
MAX_VARIANT_SEED = 2**31 - 1
#: a question's timer: from 5 seconds to an hour
MIN_TIMER_SECONDS, MAX_TIMER_SECONDS = 5, 3600
#: the standings of a class tournament, as JSON (200 entries' rows)
MAX_STANDINGS_BYTES = 256 * 1024
#: a table id: a whole number a 64-bit column holds
MAX_ROW_ID = 2**63 - 1
#: a move number: a whole number PostgreSQL's INTEGER column holds
MAX_MOVE_NUMBER = 2**31 - 1


def default_url() -> str:
    """Where ``changekit serve`` keeps the class store: ``$CHANGEKIT_CLASS_STORE`` when set (a hub
    points every kernel at one PostgreSQL database that way), else the SQLite file
    ``changekit/class.db`` in the user's data folder (``$XDG_DATA_HOME``, or ``~/.local/share``).

    >>> default_url().split("://")[0] in ("sqlite", "postgresql", "postgres")
    True
    """
    if os.environ.get(STORE_VARIABLE):
        return os.environ[STORE_VARIABLE]
    return f"sqlite:///{data_folder() / 'class.db'}"


def data_folder() -> Path:
    """The kit's folder in the user's data folder (``$XDG_DATA_HOME``, or ``~/.local/share``): the
    class store's default file, the server's login-cookie key."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share").absolute() / "changekit"


def check_store_setting() -> str:
    """Open (creating or upgrading) the class store :func:`default_url` names, then close it; its
    URL without a password. ``changekit serve`` calls it before it starts, so a bad
    ``$CHANGEKIT_CLASS_STORE`` is said at once, not when the teacher opens a session: raises
    ClassroomError naming what is wrong (a relative path, an unknown scheme, an unreachable or
    damaged store)."""
    url = default_url()
    try:
        with connect(url) as store:
            return store.where
    except ClassroomError as err:
        where = f"${STORE_VARIABLE}" if os.environ.get(STORE_VARIABLE) else "the default class store"
        raise ClassroomError(err.reason, f"{where}: {err}") from None


def connect(url: str | None = None) -> Store:
    """Open the class store at ``url`` (default: :func:`default_url`), creating or upgrading its
    schema: ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` or
    ``postgresql://user:password@host:port/database``; on a hub, ``http(s)://`` names the class
    service that holds the store (:class:`RemoteStore`)."""
    url = url if url is not None else default_url()
    if isinstance(url, str) and url.startswith(("http://", "https://")):
        return RemoteStore(url)
    return Store(open_backend(url))


@dataclass(frozen=True, slots=True)
class Session:
    """A class session. ``teacher_key`` is the secret for teacher actions (only the teacher's
    page should see it)."""

    code: str
    title: str
    teacher_key: str
    closed: bool = False


@dataclass(frozen=True, slots=True)
class Student:
    """A joined student. ``token`` lets the same student rejoin (keep it in the page address)."""

    code: str
    name: str
    token: str


@dataclass(frozen=True, slots=True)
class BotEntry:
    """A student's bot for a game as the store keeps it (``source`` only for the teacher and its
    author)."""

    student: str
    game: str
    digest: str
    submitted_at: float
    source: str | None = None


@dataclass(frozen=True, slots=True)
class QuestionState:
    """A question of a session as the teacher sees it: open or closed, how many answered."""

    question_id: str
    closed: bool
    answered: int
    revealed: bool = False
    revoted: int = 0  # revotes in (after "talk to your neighbour")
    discussing: bool = False  # the first vote is over; revotes are taken
    paused: bool = False
    deadline: float | None = None  # when the timer runs out (epoch seconds; None: no timer)
    correct: Any = None  # the right answer the teacher marked (see report.check_correct)
    variant_seed: int | None = None  # the seed of the generator that dealt the students' own variants
    variants_sent: int = 0  # students who were sent their own variant
    variants_answered: int = 0  # ... and answered it
    experiment_seed: int | None = None  # the seed of the split into predict / watch, once made
    recall_asked: bool = False  # the teacher asked "what did the result show?" after the reveal
    recalled: int = 0  # ... and how many answered it


@dataclass(frozen=True, slots=True)
class ClassSnapshot:
    """Everything the teacher's dashboard shows at a tick, read in one transaction (one call to the
    class service on a hub): who joined, the questions, and for each question still taking votes
    its first votes and who has not voted yet in its current vote."""

    students: list[str]
    questions: list[QuestionState]
    answers: dict[str, dict[str, Any]]
    unanswered: dict[str, list[str]]
    #: fields holding records, decoded back into them from the class service's JSON
    NESTED: ClassVar[dict[str, type]] = {"questions": QuestionState}


@dataclass(frozen=True, slots=True)
class VariantAnswer:
    """A student's own variant of a question as the teacher reads it (:meth:`Store.variants`): the
    instance (its ``seed``, the ``prompt`` the page draws, the ``correct`` answer, the ``exact``
    answer in words) and, once given, the student's one ``answer``, how sure they were, and
    whether it is right (None before they answer)."""

    student: str
    seed: int
    prompt: Any
    correct: Any
    exact: str
    answer: Any = None
    confidence: str | None = None
    right: bool | None = None


@dataclass(frozen=True, slots=True)
class Poll:
    """A question as any member of the session sees it: ``prompt`` is what the teacher opened it
    with (JSON: its text and how to answer, or None); ``answer`` is the exact answer, None until the
    teacher reveals it; ``mine`` is the asking student's own answer (None for the teacher or when
    they have not answered). ``discussing``: the first vote is over and revotes are taken (``revote``
    is the asking student's); ``paused``: no vote is taken until the teacher resumes; ``deadline``:
    when the question's timer runs out (epoch seconds); ``correct``: the right answer the teacher
    marked, once revealed (a student's Check says right or wrong by it). No counts: only the
    teacher sees those."""

    question_id: str
    prompt: Any
    closed: bool
    revealed: bool
    answer: Any = None
    mine: Any = None
    discussing: bool = False
    paused: bool = False
    deadline: float | None = None
    revote: Any = None
    correct: Any = None
    confidence: str | None = None  # how sure the asking student said they were of their first vote
    revote_confidence: str | None = None  # ... and of their revote
    # the asking student's own variant, once the teacher sent it: {"seed", "prompt"}; once they
    # answered it also {"answer", "confidence", "right", "correct", "exact"} (None: none sent)
    variant: Any = None
    group: str | None = None  # the asking student's group in the question's experiment ("predict", "watch")
    # "what did the result show?", once the teacher asked it: {} until the asking student answers,
    # then {"answer", "right"} (None: not asked)
    recall: Any = None


@dataclass(frozen=True, slots=True)
class ProjectorPoll:
    """A question as the projector shows it (:meth:`Store.projector_polls`): counts, never a name.
    ``answer`` is the revealed answer of a poll (its text and the class's votes, in no one's order;
    None for a class auction, whose revealed answer names the winners: see
    :meth:`Store.projector_votes`); ``correct`` is the right answer the teacher marked, only once
    revealed. Times are epoch seconds (which came last decides what the projector shows)."""

    question_id: str
    prompt: Any
    closed: bool
    revealed: bool
    answered: int
    revoted: int = 0
    discussing: bool = False
    paused: bool = False
    deadline: float | None = None
    answer: Any = None
    correct: Any = None
    opened_at: float = 0.0
    revealed_at: float | None = None


@dataclass(frozen=True, slots=True)
class ProjectorSnapshot:
    """Everything the projector shows at a tick, read in one transaction with its read-only key:
    how many joined (no names), the polls, the published standings, the lesson report and the
    learning report (counts only)."""

    joined: int
    polls: list[ProjectorPoll]
    standings: list[dict[str, Any]]
    report: list[ReportRow]
    learning: list[LearningRow]
    NESTED: ClassVar[dict[str, type]] = {"polls": ProjectorPoll, "report": ReportRow, "learning": LearningRow}


@dataclass(frozen=True, slots=True)
class GameTable:
    """A networked table: a game, its settings (JSON: options, seed, seats), its log of moves."""

    table_id: int
    game: str
    settings: Any
    closed: bool = False
    started_by: str | None = None  # the student who started it (None: the teacher opened it)


@dataclass(frozen=True, slots=True)
class TableMove:
    """One entry of a table's log. ``number`` counts the moves before it (the first is 0);
    ``student`` is who made it, None for the teacher's page (bot seats)."""

    number: int
    action: Any
    student: str | None
    made_at: float


@dataclass(frozen=True, slots=True)
class _SessionRow:
    id: int
    code: str
    title: str
    teacher_key_hash: str
    closed: bool
    projector_key_hash: str | None = None


class Store:
    """The class store on one database connection (thread-safe: one transaction at a time).
    Open it with :func:`connect`; close it with :meth:`close` or a ``with`` block."""

    def __init__(self, backend: Backend):
        self._db = backend
        migrate(backend)

    @property
    def where(self) -> str:
        """The store's URL, without a password."""
        return self._db.where

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<class store {self.where}>"

    # -- sessions ---------------------------------------------------------------------------------

    def open_session(self, title: str) -> Session:
        """Start a session: a fresh join code and teacher key."""
        title = _clean_text(title, "title", MAX_TITLE_CHARS)
        teacher_key = secrets.token_urlsafe(24)
        while True:  # a code already in use (1 in a billion per session) is drawn again
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as tx:
                    tx.execute("INSERT INTO sessions (code, title, teacher_key_hash, opened_at) VALUES (?, ?, ?, ?)",
                               (code, title, _hash(teacher_key), time.time()))
            except self._db.unique_violation:
                continue
            return Session(code, title, teacher_key)

    def resume_session(self, code: str, teacher_key: str) -> Session:
        """The session again, for the teacher's page after a reload (also once it is closed)."""
        with self._read() as tx:
            row = self._teacher(tx, code, teacher_key)
        return Session(row.code, row.title, teacher_key, row.closed)

    def close_session(self, code: str, teacher_key: str) -> None:
        """No more joining or answering; the teacher can still read and export it."""
        with self._write() as tx:
            row = self._teacher(tx, code, teacher_key)
            tx.execute("UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (time.time(), row.id))

    def delete_session(self, code: str, teacher_key: str) -> None:
        """Remove the session and everything in it (students, answers, tables, moves)."""
        with self._write() as tx:
            row = self._teacher(tx, code, teacher_key)
            tx.execute("DELETE FROM sessions WHERE id = ?", (row.id,))

    # -- students ---------------------------------------------------------------------------------

    def join(self, code: str, name: str) -> Student:
        """Join an open session under ``name``: unique in the session by :func:`name_key` (whatever the
        letter case, width, look-alike letters or invisible characters), never a reserved word."""
        name = check_name(name)
        key = name_key(name)
        secret = secrets.token_urlsafe(18)
        try:
            with self._write() as tx:
                session = self._open_session(tx, code)
                # each classmate's name keyed again, not only the stored key: a key stored by an
                # older fold (an earlier changekit, or a machine without ICU) still collides
                names = tx.execute("SELECT name, name_key FROM students WHERE session_id = ?", (session.id,))
                if any(key in (stored, name_key(other)) for other, stored in names):
                    raise _name_taken(name)
                (joined,) = tx.row("SELECT COUNT(*) FROM students WHERE session_id = ?", (session.id,))
                if joined >= MAX_STUDENTS:
                    raise ClassroomError("class-full", f"class session {session.code} is full: "
                                                       f"{MAX_STUDENTS} students have joined it")
                (student_id,) = tx.row(
                    "INSERT INTO students (session_id, name, name_key, token_hash, joined_at) "
                    "VALUES (?, ?, ?, ?, ?) RETURNING id",
                    (session.id, name, key, _hash(secret), time.time()))
        except self._db.unique_violation:  # the same name joining at the same moment elsewhere
            raise _name_taken(name) from None
        return Student(session.code, name, f"{student_id}.{secret}")

    def rejoin(self, code: str, token: str) -> Student:
        """The student whose token this is, back in their open session (after a reload)."""
        with self._read() as tx:
            session = self._open_session(tx, code)
            _, name = self._student(tx, session, token)
        return Student(session.code, name, token)

    def seat_owner(self, code: str, secret: str) -> str | None:
        """The name of the student whose token ``secret`` is, None for the teacher key (also once
        the session is closed): the class service checks a caller's token is their own."""
        with self._read() as tx:
            _, name = self._player(tx, self._session(tx, code), secret)
        return name

    def students(self, code: str, teacher_key: str) -> list[str]:
        """Names of the students who joined, in the order they joined."""
        with self._read() as tx:
            return self._students_in(tx, self._teacher(tx, code, teacher_key))

    def class_snapshot(self, code: str, teacher_key: str) -> ClassSnapshot:
        """What the teacher's dashboard shows at a tick (:class:`ClassSnapshot`), in one read: the
        dashboard polls it instead of 2 + 2k calls for k questions taking votes (issue 45)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            questions = self._questions_in(tx, session)
            taking = [q.question_id for q in questions if not q.closed]
            return ClassSnapshot(self._students_in(tx, session), questions,
                                 {qid: self._votes_in(tx, session, qid, "answers") for qid in taking},
                                 {qid: self._unanswered_in(tx, session, qid) for qid in taking})

    @staticmethod
    def _students_in(tx: Transaction, session: _SessionRow) -> list[str]:
        rows = tx.execute("SELECT name FROM students WHERE session_id = ? ORDER BY id", (session.id,))
        return [name for (name,) in rows]

    # -- questions and answers --------------------------------------------------------------------

    def submit(self, code: str, token: str, question_id: str, value: Any, confidence: str | None = None) -> None:
        """Store the student's first vote (any JSON value up to MAX_VALUE_BYTES, see :func:`check_value`)
        on the question, with how sure they are (one of :data:`~changekit.classroom.report.CONFIDENCE`,
        or None: not asked), replacing their earlier one. The question takes first votes from its first
        submission on, until the teacher closes it or opens the discussion (:meth:`start_discussion`),
        never while it is paused or after its timer ran out, and from as many students as its
        prompt's ``max_answers`` allows (:func:`answer_cap`; the class auction's 60 bidders)."""
        self._vote(code, token, question_id, value, confidence, revote=False)

    def submit_revote(self, code: str, token: str, question_id: str, value: Any,
                      confidence: str | None = None) -> None:
        """Store the student's revote on the question, with how sure they are (as :meth:`submit`),
        replacing only their earlier revote (their first vote stays as it was). Taken once the
        teacher opened the discussion, until the question is closed or revealed, never while paused
        or after its timer ran out."""
        self._vote(code, token, question_id, value, confidence, revote=True)

    def _vote(self, code: str, token: str, question_id: str, value: Any, confidence: str | None, *,
              revote: bool) -> None:
        question_id = _check_question_id(question_id)
        encoded = _encode(value, "a revote" if revote else "an answer")
        confidence = check_confidence(confidence)
        votes = "revotes" if revote else "answers"
        now = time.time()
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, _ = self._student(tx, session, token)
            prompt = tx.one("SELECT prompt FROM questions WHERE session_id = ? AND question_id = ?",
                            (session.id, question_id))
            if prompt is None and revote:
                raise _no_discussion(question_id)
            if prompt is None:
                self._check_room(tx, "SELECT COUNT(*) FROM questions WHERE session_id = ?", session.id,
                                 MAX_QUESTIONS, "class-full", f"class session {session.code} has its "
                                 f"{MAX_QUESTIONS} questions already: ask your teacher")
                tx.execute("INSERT INTO questions (session_id, question_id, opened_at) VALUES (?, ?, ?) "
                           "ON CONFLICT (session_id, question_id) DO NOTHING", (session.id, question_id, now))
            cap = answer_cap(_decode(prompt[0]) if prompt is not None else None)
            # a capped question (the class auction) counts its answers: one writer at a time
            closed_at, revealed_at, discussion_at, paused_at, deadline_at = tx.row(
                "SELECT closed_at, revealed_at, discussion_at, paused_at, deadline_at FROM questions "
                "WHERE session_id = ? AND question_id = ?" + (tx.for_update if cap is not None else tx.for_share),
                (session.id, question_id))
            if closed_at is not None:
                raise ClassroomError("question-closed", f"question {question_id!r} is closed: "
                                     + ("its answer has been revealed" if revealed_at is not None
                                        else "the teacher stopped taking answers"))
            if revote and discussion_at is None:
                raise _no_discussion(question_id)
            if not revote and discussion_at is not None:
                raise ClassroomError("first-vote-over", f"the first vote on question {question_id!r} is over: "
                                                        "talk to your neighbour, then vote again (the revote)")
            if paused_at is not None:
                raise ClassroomError("question-paused", f"your teacher has paused question {question_id!r}: "
                                                        "wait until they resume it")
            if deadline_at is not None and now > deadline_at:
                raise ClassroomError("time-up", f"the time for question {question_id!r} is up: "
                                                "your vote was not taken")
            group = tx.one("SELECT grp FROM experiment_groups WHERE session_id = ? AND question_id = ? "
                           "AND student_id = ?", (session.id, question_id, student_id))
            if group is not None and group[0] == "watch":
                raise ClassroomError("watching", f"you are in the group that watches question {question_id!r} this "
                                                 "time: no vote; after the reveal you answer your own question")
            answered = tx.one(f"SELECT 1 FROM {votes} WHERE session_id = ? AND question_id = ? AND student_id = ?",
                              (session.id, question_id, student_id))
            if answered is None:
                self._check_room(tx, f"SELECT COUNT(*) FROM {votes} WHERE student_id = ?", student_id,
                                 MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                                 f"you have {'revoted on' if revote else 'answered'} {MAX_ANSWERS_PER_STUDENT} "
                                 "questions in this session, the most one student may: ask your teacher")
                if cap is not None:
                    self._check_room(tx, "SELECT COUNT(*) FROM answers WHERE session_id = ? AND question_id = ?",
                                     (session.id, question_id), cap, "question-full",
                                     f"question {question_id!r} takes {cap} answers and has them all: "
                                     "yours was not taken")
            tx.execute(f"INSERT INTO {votes} (session_id, question_id, student_id, value, submitted_at, confidence) "
                       "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id, student_id) "
                       "DO UPDATE SET value = excluded.value, submitted_at = excluded.submitted_at, "
                       "confidence = excluded.confidence",
                       (session.id, question_id, student_id, encoded, now, confidence))

    def open_question(self, code: str, teacher_key: str, question_id: str, prompt: Any = None) -> None:
        """Open a question before anyone answers it, or take answers again after closing it (which
        hides a revealed answer again). ``prompt`` (JSON, e.g. the text and the choices) is kept for
        the students' pages; None keeps the one it has."""
        encoded = None if prompt is None else _encode(prompt, "a question's prompt")
        self._set_question(code, teacher_key, question_id, closed=False, prompt=encoded)

    def reveal_question(self, code: str, teacher_key: str, question_id: str, answer: Any = None) -> None:
        """Close the question and show the class its exact ``answer`` (JSON, e.g. the text to show)."""
        question_id = _check_question_id(question_id)
        encoded = _encode(answer, "a revealed answer")
        now = time.time()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            tx.execute("INSERT INTO questions (session_id, question_id, opened_at, closed_at, revealed_at, "
                       "revealed_answer) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id) DO UPDATE "
                       "SET closed_at = COALESCE(questions.closed_at, excluded.closed_at), paused_at = NULL, "
                       "revealed_at = excluded.revealed_at, revealed_answer = excluded.revealed_answer",
                       (session.id, question_id, now, now, now, encoded))

    def polls(self, code: str, secret: str) -> list[Poll]:
        """The session's questions in the order they opened, as the student whose token ``secret``
        is (or the teacher) sees them: answers only once revealed. A page polls this."""
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, _ = self._player(tx, session, secret)
            rows = tx.execute(
                "SELECT q.question_id, q.prompt, q.closed_at, q.revealed_at, q.revealed_answer, a.value, "
                "q.discussion_at, q.paused_at, q.deadline_at, r.value, q.correct, a.confidence, r.confidence, "
                "q.recall_at, rc.value, v.seed, v.prompt, v.correct, v.exact, v.value, v.confidence, v.answered_at, "
                "g.grp "
                "FROM questions q LEFT JOIN answers a ON a.session_id = q.session_id "
                "AND a.question_id = q.question_id AND a.student_id = ? "
                "LEFT JOIN revotes r ON r.session_id = q.session_id AND r.question_id = q.question_id "
                "AND r.student_id = ? "
                "LEFT JOIN recalls rc ON rc.session_id = q.session_id AND rc.question_id = q.question_id "
                "AND rc.student_id = ? "
                "LEFT JOIN variants v ON v.session_id = q.session_id AND v.question_id = q.question_id "
                "AND v.student_id = ? "
                "LEFT JOIN experiment_groups g ON g.session_id = q.session_id AND g.question_id = q.question_id "
                "AND g.student_id = ? "
                "WHERE q.session_id = ? ORDER BY q.opened_at, q.question_id",
                (student_id, student_id, student_id, student_id, student_id, session.id))
        return [Poll(qid, _decode(prompt), closed_at is not None, revealed_at is not None,
                     _decode(answer) if revealed_at is not None else None, _decode(mine),
                     discussion_at is not None, paused_at is not None, deadline_at, _decode(revote),
                     _decode(correct) if revealed_at is not None else None, confidence, revote_confidence,
                     _own_variant(*variant[:7]), variant[7], _own_recall(recall_at, recalled, correct))
                for qid, prompt, closed_at, revealed_at, answer, mine, discussion_at, paused_at, deadline_at, revote,
                correct, confidence, revote_confidence, recall_at, recalled, *variant in rows]

    def close_question(self, code: str, teacher_key: str, question_id: str) -> None:
        """Stop taking answers to the question (those in are kept)."""
        self._set_question(code, teacher_key, question_id, closed=True)

    def answers(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: value}`` for the question, in the order the students joined."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return self._votes_in(tx, self._teacher(tx, code, teacher_key), question_id, "answers")

    @staticmethod
    def _votes_in(tx: Transaction, session: _SessionRow, question_id: str, votes: str) -> dict[str, Any]:
        """``{student name: value}`` of the question's first votes (``answers``), ``revotes`` or
        answers to "what did the result show?" (``recalls``)."""
        assert votes in ("answers", "revotes", "recalls")
        rows = tx.execute(f"SELECT s.name, v.value FROM {votes} v JOIN students s ON s.id = v.student_id "
                          "WHERE v.session_id = ? AND v.question_id = ? ORDER BY s.id", (session.id, question_id))
        return {name: _decode(value) for name, value in rows}

    def questions(self, code: str, teacher_key: str) -> list[QuestionState]:
        """The session's questions in the order they opened, each open or closed, with its count."""
        with self._read() as tx:
            return self._questions_in(tx, self._teacher(tx, code, teacher_key))

    @staticmethod
    def _questions_in(tx: Transaction, session: _SessionRow) -> list[QuestionState]:
        rows = tx.execute(
            "SELECT q.question_id, q.closed_at, q.revealed_at, q.discussion_at, q.paused_at, q.deadline_at, "
            "q.correct, (SELECT COUNT(*) FROM answers a WHERE a.session_id = q.session_id "
            "AND a.question_id = q.question_id), (SELECT COUNT(*) FROM revotes r "
            "WHERE r.session_id = q.session_id AND r.question_id = q.question_id), q.variant_seed, "
            "(SELECT COUNT(*) FROM variants v WHERE v.session_id = q.session_id "
            "AND v.question_id = q.question_id), (SELECT COUNT(*) FROM variants v "
            "WHERE v.session_id = q.session_id AND v.question_id = q.question_id "
            "AND v.answered_at IS NOT NULL), q.experiment_seed, q.recall_at, (SELECT COUNT(*) FROM recalls rc "
            "WHERE rc.session_id = q.session_id AND rc.question_id = q.question_id) FROM questions q "
            "WHERE q.session_id = ? ORDER BY q.opened_at, q.question_id", (session.id,))
        return [QuestionState(qid, closed_at is not None, answered, revealed_at is not None, revoted,
                         discussion_at is not None, paused_at is not None, deadline_at, _decode(correct),
                         variant_seed, sent, variant_answered, experiment_seed, recall_at is not None, recalled)
                for qid, closed_at, revealed_at, discussion_at, paused_at, deadline_at, correct, answered, revoted,
                variant_seed, sent, variant_answered, experiment_seed, recall_at, recalled in rows]

    # -- a poll's run: discussion, revote, pause, timer, the right answer, the report -------------

    def start_discussion(self, code: str, teacher_key: str, question_id: str) -> None:
        """"Talk to your neighbour": the question's first vote is over (those votes stay, locked)
        and it takes revotes (:meth:`submit_revote`), with no timer and unpaused. Refused for a
        question never opened, one revealed (open it again for a new round) and a capped one
        (the class auction)."""
        question_id = _check_question_id(question_id)
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            row = tx.one("SELECT prompt, revealed_at FROM questions WHERE session_id = ? AND question_id = ?"
                         + tx.for_update, (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if row[1] is not None:
                raise ClassroomError("question-revealed", f"question {question_id!r} is revealed: the discussion "
                                                          "comes before the reveal (open it again for a new round)")
            if answer_cap(_decode(row[0])) is not None:
                raise ClassroomError("no-discussion", f"question {question_id!r} takes a limited number of answers "
                                                      "(a class auction): it has no revote")
            tx.execute("UPDATE questions SET discussion_at = COALESCE(discussion_at, ?), closed_at = NULL, "
                       "paused_at = NULL, deadline_at = NULL WHERE session_id = ? AND question_id = ?",
                       (time.time(), session.id, question_id))

    def pause_question(self, code: str, teacher_key: str, question_id: str, paused: bool = True) -> None:
        """Pause the question (no vote is taken; the students' pages stay on it and say so) or resume
        it (``paused=False``); a running timer stands still while paused."""
        question_id = _check_question_id(question_id)
        now = time.time()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            row = tx.one("SELECT closed_at FROM questions WHERE session_id = ? AND question_id = ?" + tx.for_update,
                         (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if paused and row[0] is not None:
                raise ClassroomError("question-closed", f"question {question_id!r} is closed: there is no vote "
                                                        "to pause")
            if paused:
                tx.execute("UPDATE questions SET paused_at = COALESCE(paused_at, ?) WHERE session_id = ? "
                           "AND question_id = ?", (now, session.id, question_id))
            else:  # the time paused is added to the timer
                tx.execute("UPDATE questions SET deadline_at = deadline_at + (? - paused_at), paused_at = NULL "
                           "WHERE session_id = ? AND question_id = ? AND paused_at IS NOT NULL",
                           (now, session.id, question_id))

    def set_timer(self, code: str, teacher_key: str, question_id: str, seconds: float | None) -> None:
        """Give the question's current vote ``seconds`` (MIN_TIMER_SECONDS..MAX_TIMER_SECONDS) from
        now (from the pause, while paused); None removes the timer. Past it, votes are refused."""
        question_id = _check_question_id(question_id)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not MIN_TIMER_SECONDS <= seconds <= MAX_TIMER_SECONDS):
            raise ClassroomError("bad-timer", f"a timer is {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds "
                                              f"(or none), not {seconds!r}")
        now = time.time()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            row = tx.one("SELECT closed_at, paused_at FROM questions WHERE session_id = ? AND question_id = ?"
                         + tx.for_update, (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if row[0] is not None and seconds is not None:
                raise ClassroomError("question-closed", f"question {question_id!r} is closed: there is no vote "
                                                        "to time")
            deadline = None if seconds is None else (row[1] if row[1] is not None else now) + seconds
            tx.execute("UPDATE questions SET deadline_at = ? WHERE session_id = ? AND question_id = ?",
                       (deadline, session.id, question_id))

    def mark_correct(self, code: str, teacher_key: str, question_id: str, correct: Any) -> None:
        """Mark the question's right answer (:func:`~changekit.classroom.report.check_correct`:
        ``{"choices": [...]}`` or ``{"range": [low, high]}``; None unmarks it): the dashboard's share
        of right first votes and the lesson report count by it. Students see it only once the
        question is revealed (their Check says right or wrong by it)."""
        question_id = _check_question_id(question_id)
        encoded = None if correct is None else _encode(check_correct(correct), "a right answer")
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            done = tx.execute("UPDATE questions SET correct = ? WHERE session_id = ? AND question_id = ? "
                              "RETURNING question_id", (encoded, session.id, question_id))
            if not done:
                raise _unknown_question(session, question_id)

    def revotes(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: revote}`` for the question, in the order the students joined."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return self._votes_in(tx, self._teacher(tx, code, teacher_key), question_id, "revotes")

    def unanswered(self, code: str, teacher_key: str, question_id: str) -> list[str]:
        """Names of the students who have not voted in the question's current vote (the first vote,
        or the revote once the discussion opened), in the order they joined: for the teacher's own
        screen, never the projector's."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return self._unanswered_in(tx, self._teacher(tx, code, teacher_key), question_id)

    @staticmethod
    def _unanswered_in(tx: Transaction, session: _SessionRow, question_id: str) -> list[str]:
        row = tx.one("SELECT discussion_at FROM questions WHERE session_id = ? AND question_id = ?",
                     (session.id, question_id))
        votes = "revotes" if row is not None and row[0] is not None else "answers"
        rows = tx.execute(f"SELECT s.name FROM students s WHERE s.session_id = ? AND NOT EXISTS (SELECT 1 "
                          f"FROM {votes} v WHERE v.session_id = s.session_id AND v.question_id = ? "
                          "AND v.student_id = s.id) ORDER BY s.id", (session.id, question_id))
        return [name for (name,) in rows]

    def joined_count(self, code: str, teacher_key: str) -> int:
        """How many students joined (the projector's "12 of 28": a count, no names)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            (count,) = tx.row("SELECT COUNT(*) FROM students WHERE session_id = ?", (session.id,))
        return int(count)

    def lesson_report(self, code: str, teacher_key: str) -> list[ReportRow]:
        """Per question with a marked right answer, in the order they opened: first votes and
        revotes, how many right, Hake's normalised gain, and where the teacher asked "what did the
        result show?" how many recalled it wrongly (:class:`~changekit.classroom.report.ReportRow`)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            return self._report(tx, session)

    def _report(self, tx: Transaction, session: _SessionRow) -> list[ReportRow]:
        marked = tx.execute("SELECT question_id, correct, recall_at FROM questions WHERE session_id = ? "
                            "AND correct IS NOT NULL ORDER BY opened_at, question_id", (session.id,))
        rows = []
        for question_id, correct, recall_at in marked:
            first, again, recalled = (
                [_decode(v) for (v,) in tx.execute(f"SELECT value FROM {votes} WHERE session_id = ? "
                                                   "AND question_id = ?", (session.id, question_id))]
                for votes in ("answers", "revotes", "recalls"))
            rows.append(report_row(question_id, _decode(correct), first, again,
                                   recalled if recall_at is not None else None))
        return rows

    def learning_report(self, code: str, teacher_key: str) -> list[LearningRow]:
        """Learned or copied (issue 46): per question with a marked right answer whose students were
        sent their own variant, in the order they opened, then the whole lesson (question id
        :data:`~changekit.classroom.report.LESSON`): matched students, right first / after the
        revote / on their own variant, knew / learned / copied / still wrong, each with its 95 %
        interval, Hake's g with its bootstrap interval, sure-and-wrong answers
        (:class:`~changekit.classroom.report.LearningRow`)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            return self._learning(tx, session)

    def projector_learning(self, code: str, projector_key: str) -> list[LearningRow]:
        """The learning report (:meth:`learning_report`) for the projector: counts, never a name."""
        with self._read() as tx:
            session = self._projector(tx, code, projector_key)
            return self._learning(tx, session)

    def _learning(self, tx: Transaction, session: _SessionRow) -> list[LearningRow]:
        marked = tx.execute("SELECT question_id, correct FROM questions q WHERE session_id = ? AND correct IS NOT NULL "
                            "AND EXISTS (SELECT 1 FROM variants v WHERE v.session_id = q.session_id "
                            "AND v.question_id = q.question_id) ORDER BY opened_at, question_id", (session.id,))
        rows, everyone, sure_wrong_total = [], [], 0
        for question_id, correct_json in marked:
            correct = _decode(correct_json)
            first, again = (
                {student: (_decode(value), confidence) for student, value, confidence in tx.execute(
                    f"SELECT student_id, value, confidence FROM {votes} WHERE session_id = ? AND question_id = ?",
                    (session.id, question_id))}
                for votes in ("answers", "revotes"))
            own = {student: (_decode(value), confidence, _decode(right)) for student, value, confidence, right in
                   tx.execute("SELECT student_id, value, confidence, correct FROM variants WHERE session_id = ? "
                              "AND question_id = ? AND answered_at IS NOT NULL", (session.id, question_id))}
            matched = [Matched(is_right(correct, first[s][0]), is_right(correct, (again.get(s) or first[s])[0]),
                               is_right(own[s][2], own[s][0])) for s in sorted(first.keys() & own.keys())]
            sure_wrong = [_short_value(value) for votes in (first, again) for value, confidence in votes.values()
                          if is_sure_and_wrong(correct, value, confidence)]
            sure_wrong_own = sum(is_sure_and_wrong(right, value, confidence)
                                 for value, confidence, right in own.values())
            most = sorted({v: sure_wrong.count(v) for v in sure_wrong}.items(), key=lambda pair: (-pair[1], pair[0]))
            rows.append(learning_row(question_id, matched, len(sure_wrong) + sure_wrong_own, most[:3]))
            everyone += matched
            sure_wrong_total += len(sure_wrong) + sure_wrong_own
        if rows:
            rows.append(learning_row(LESSON, everyone, sure_wrong_total, seed=0))
        return rows

    # -- each student's own variant, after the reveal (issue 46) ----------------------------------

    def send_variants(self, code: str, teacher_key: str, question_id: str, seed: int,
                      instances: dict[str, Any]) -> int:
        """Send students their own variant of a revealed question: ``instances`` maps a joined
        student's name to ``{"seed", "prompt", "correct", "exact"}`` (a
        :class:`~changekit.core.questions.QuestionInstance` as JSON: the page draws ``prompt``,
        ``correct`` is the right answer in :func:`~changekit.classroom.report.check_correct`'s form,
        ``exact`` the exact answer in words). ``seed`` is the seed of the generator that dealt them,
        kept on the question: a later send (students who joined since) must give the same one.
        Returns how many were sent. Refused, with nothing written: a question not revealed, a name
        that is no student of the session, a student who already has theirs, a bad instance."""
        question_id = _check_question_id(question_id)
        if not _is_variant_seed(seed):
            raise ClassroomError("bad-seed", f"a variant round's seed is a whole number from 0 to {MAX_VARIANT_SEED}, "
                                             f"not {seed!r}")
        if not isinstance(instances, dict) or not instances:
            raise ClassroomError("bad-variant", f"send at least one student's variant, as {{name: instance}}, "
                                                f"not {instances!r}")
        rows = {name: _variant_row(question_id, name, instance) for name, instance in instances.items()}
        now = time.time()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            row = tx.one("SELECT revealed_at, variant_seed FROM questions WHERE session_id = ? AND question_id = ?"
                         + tx.for_update, (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if row[0] is None:
                raise ClassroomError("not-revealed", f"question {question_id!r} is not revealed: each student "
                                                     "answers their own variant after the reveal")
            if row[1] is not None and row[1] != seed:
                raise ClassroomError("variant-seed-changed", f"question {question_id!r}'s variants were dealt with "
                                                             f"seed {row[1]}, not {seed}: send the rest with it")
            ids: dict[str, int] = dict(tx.execute("SELECT name, id FROM students WHERE session_id = ?", (session.id,)))
            for name in rows:
                if name not in ids:
                    raise ClassroomError("unknown-student", f"{name!r} is not a student of session {session.code}")
            held = {name for (name,) in tx.execute(
                "SELECT s.name FROM variants v JOIN students s ON s.id = v.student_id "
                "WHERE v.session_id = ? AND v.question_id = ?", (session.id, question_id))}
            if held & set(rows):
                raise ClassroomError("variant-sent", f"{sorted(held & set(rows))[0]!r} already has their variant of "
                                                     f"question {question_id!r}: each student gets one")
            tx.execute("UPDATE questions SET variant_seed = ? WHERE session_id = ? AND question_id = ?",
                       (seed, session.id, question_id))
            for name, (instance_seed, prompt, correct, exact) in rows.items():
                tx.execute("INSERT INTO variants (session_id, question_id, student_id, seed, prompt, correct, exact, "
                           "sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (session.id, question_id, ids[name], instance_seed, prompt, correct, exact, now))
        return len(rows)

    def submit_variant(self, code: str, token: str, question_id: str, seed: int, value: Any,
                       confidence: str | None = None) -> dict[str, Any]:
        """The student's one answer to their own variant of the question (the one with ``seed``),
        alone, with how sure they are (as :meth:`submit`): checked exactly against the variant's
        right answer. Returns ``{"right", "correct", "exact"}`` (shown once it is locked in).
        Refused, changing nothing: another student's variant ("not-your-variant"), a second answer
        ("variant-answered"), a confidence off the scale, a student at MAX_ANSWERS_PER_STUDENT
        variant answers."""
        question_id = _check_question_id(question_id)
        encoded = _encode(value, "a variant's answer")
        confidence = check_confidence(confidence)
        if not _is_variant_seed(seed):
            raise ClassroomError("bad-seed", f"a variant's seed is a whole number from 0 to {MAX_VARIANT_SEED}, "
                                             f"not {seed!r}")
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, _ = self._student(tx, session, token)
            row = tx.one("SELECT seed, correct, exact, answered_at FROM variants WHERE session_id = ? "
                         "AND question_id = ? AND student_id = ?" + tx.for_update,
                         (session.id, question_id, student_id))
            if row is None or row[0] != seed:
                theirs = tx.one("SELECT 1 FROM variants WHERE session_id = ? AND question_id = ? AND seed = ?",
                                (session.id, question_id, seed))
                if theirs is not None or row is not None:
                    raise ClassroomError("not-your-variant", f"variant {seed} of question {question_id!r} is not "
                                                             "yours: answer your own, the one on your page")
                raise ClassroomError("no-variant", f"your teacher has not sent you a variant of question "
                                                   f"{question_id!r}")
            if row[3] is not None:
                raise ClassroomError("variant-answered", f"you have answered your variant of question "
                                                         f"{question_id!r}: one answer, alone, is what it measures")
            self._check_room(tx, "SELECT COUNT(*) FROM variants WHERE student_id = ? AND answered_at IS NOT NULL",
                             student_id, MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                             f"you have answered {MAX_ANSWERS_PER_STUDENT} variants in this session, the most one "
                             "student may: ask your teacher")
            tx.execute("UPDATE variants SET value = ?, confidence = ?, answered_at = ? WHERE session_id = ? "
                       "AND question_id = ? AND student_id = ?",
                       (encoded, confidence, time.time(), session.id, question_id, student_id))
        correct = _decode(row[1])
        return {"right": is_right(correct, json.loads(encoded)), "correct": correct, "exact": row[2]}

    def variants(self, code: str, teacher_key: str, question_id: str) -> list[VariantAnswer]:
        """Every student's own variant of the question and their answer, in the order they joined."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            rows = tx.execute("SELECT s.name, v.seed, v.prompt, v.correct, v.exact, v.value, v.confidence, "
                              "v.answered_at FROM variants v JOIN students s ON s.id = v.student_id "
                              "WHERE v.session_id = ? AND v.question_id = ? ORDER BY s.id", (session.id, question_id))
        answers = []
        for name, seed, prompt, correct, exact, value, confidence, answered_at in rows:
            correct, answer = _decode(correct), _decode(value)
            answers.append(VariantAnswer(name, seed, _decode(prompt), correct, exact, answer, confidence,
                                         is_right(correct, answer) if answered_at is not None else None))
        return answers

    # -- the one-click experiment: predict before the reveal, or only watch it (issue 46) ----------

    def start_experiment(self, code: str, teacher_key: str, question_id: str, seed: int) -> dict[str, str]:
        """Split the joined students at random into those who predict before the reveal and those
        who only watch it (``{name: "predict" | "watch"}``, halves as equal as they can be): the
        students in join order shuffled by ``random.Random(seed)``, the first half predicting. The
        seed is kept on the question. A watcher's vote and revote on it are refused. Refused, with
        nothing written: a question not opened, revealed or with votes in, a split already made
        ("experiment-started": a split never changes once it started)."""
        import random  # the split's own generator, seeded (only here)

        question_id = _check_question_id(question_id)
        if not _is_variant_seed(seed):
            raise ClassroomError("bad-seed", f"an experiment's seed is a whole number from 0 to {MAX_VARIANT_SEED}, "
                                             f"not {seed!r}")
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            row = tx.one("SELECT revealed_at, experiment_seed FROM questions WHERE session_id = ? AND question_id = ?"
                         + tx.for_update, (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if row[1] is not None:
                raise ClassroomError("experiment-started", f"question {question_id!r}'s class was split with seed "
                                                           f"{row[1]}: a split never changes once it started")
            if row[0] is not None:
                raise ClassroomError("question-revealed", f"question {question_id!r} is revealed: split the class "
                                                          "before the vote")
            (votes,) = tx.row("SELECT COUNT(*) FROM answers WHERE session_id = ? AND question_id = ?",
                              (session.id, question_id))
            if votes:
                raise ClassroomError("votes-in", f"question {question_id!r} has {votes} votes in: split the class "
                                                 "before anyone votes (open it again after a new question)")
            students = list(tx.execute("SELECT id, name FROM students WHERE session_id = ? ORDER BY id",
                                       (session.id,)))
            if len(students) < 2:
                raise ClassroomError("class-too-small", "an experiment needs two students at least, one per group")
            order = list(range(len(students)))
            random.Random(seed).shuffle(order)
            groups = {}
            for place, index in enumerate(order):
                student_id, name = students[index]
                groups[name] = GROUPS[0] if place < (len(order) + 1) // 2 else GROUPS[1]
                tx.execute("INSERT INTO experiment_groups (session_id, question_id, student_id, grp) "
                           "VALUES (?, ?, ?, ?)", (session.id, question_id, student_id, groups[name]))
            tx.execute("UPDATE questions SET experiment_seed = ? WHERE session_id = ? AND question_id = ?",
                       (seed, session.id, question_id))
        return {name: groups[name] for _, name in students}

    def experiment(self, code: str, teacher_key: str, question_id: str) -> ExperimentResult:
        """The question's experiment: each group's share right on their own variant, the
        difference with its 95 % interval, and whether this class can tell them apart
        (:func:`~changekit.classroom.report.experiment_result`)."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            row = tx.one("SELECT experiment_seed FROM questions WHERE session_id = ? AND question_id = ?",
                         (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            counts = {group: [0, 0] for group in GROUPS}
            for group, value, correct in tx.execute(
                    "SELECT g.grp, v.value, v.correct FROM experiment_groups g JOIN variants v "
                    "ON v.session_id = g.session_id AND v.question_id = g.question_id AND v.student_id = g.student_id "
                    "WHERE g.session_id = ? AND g.question_id = ? AND v.answered_at IS NOT NULL",
                    (session.id, question_id)):
                counts[group][0] += is_right(_decode(correct), _decode(value))
                counts[group][1] += 1
        return experiment_result(question_id, row[0], *(share_of(*counts[group]) for group in GROUPS))

    # -- "what did the result show?": the observation itself, after a reveal (issue 46) -----------

    def ask_recall(self, code: str, teacher_key: str, question_id: str) -> None:
        """Ask every student, after the question's reveal, what its result showed: each answers once,
        alone, with the question's own way of answering (:meth:`submit_recall`), and it is right by
        the answer the teacher marked (about one in five of students' reports of what a demonstration
        showed does not match it: Miller, Lasry, Chu & Mazur 2013). Refused, with nothing written: a question never
        opened, one not revealed ("not-revealed"), one with no marked right answer ("no-correct":
        the answers are counted by it), one a page cannot draw (a class auction: "no-recall"), one
        asked already ("recall-asked")."""
        question_id = _check_question_id(question_id)
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            row = tx.one("SELECT revealed_at, correct, recall_at, prompt FROM questions WHERE session_id = ? "
                         "AND question_id = ?" + tx.for_update, (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            revealed_at, correct, recall_at, prompt = row
            if recall_at is not None:
                raise ClassroomError("recall-asked", f"what question {question_id!r} showed has been asked already: "
                                                     "each student answers it once")
            if revealed_at is None:
                raise ClassroomError("not-revealed", f"question {question_id!r} is not revealed: ask what the result "
                                                     "showed after the reveal")
            if correct is None:
                raise ClassroomError("no-correct", f"question {question_id!r} has no right answer marked: mark it "
                                                   "first, the answers are counted by it")
            drawn = _decode(prompt)
            if not isinstance(drawn, dict) or drawn.get("kind") not in PROMPT_KINDS:
                raise ClassroomError("no-recall", f"question {question_id!r} has no choices or number a student's "
                                                  "page can draw: there is nothing to answer what it showed with")
            tx.execute("UPDATE questions SET recall_at = ? WHERE session_id = ? AND question_id = ?",
                       (time.time(), session.id, question_id))

    def submit_recall(self, code: str, token: str, question_id: str, value: Any) -> dict[str, Any]:
        """The student's one answer to "what did the result show?" on the question, from memory:
        one of its choices, or a number in its range. Returns ``{"right", "correct"}`` (right by
        the marked answer; shown once it is locked in). Refused, changing nothing: a question not
        asked ("recall-not-asked"), a second answer ("recall-answered"), an answer the question
        could not take ("bad-recall"), a student at MAX_ANSWERS_PER_STUDENT such answers."""
        question_id = _check_question_id(question_id)
        encoded = _encode(value, "what the result showed")
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, _ = self._student(tx, session, token)
            row = tx.one("SELECT recall_at, correct, prompt, revealed_at FROM questions WHERE session_id = ? "
                         "AND question_id = ?", (session.id, question_id))
            if row is None or row[0] is None or row[3] is None:  # the answer goes back only once revealed
                raise ClassroomError("recall-not-asked", f"your teacher has not asked what question {question_id!r} "
                                                         "showed")
            _check_recall(question_id, _decode(row[2]), value)
            answered = tx.one("SELECT 1 FROM recalls WHERE session_id = ? AND question_id = ? AND student_id = ?",
                              (session.id, question_id, student_id))
            if answered is not None:
                raise _recall_answered(question_id)
            self._check_room(tx, "SELECT COUNT(*) FROM recalls WHERE student_id = ?", student_id,
                             MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                             f"you have said what {MAX_ANSWERS_PER_STUDENT} results showed in this session, the "
                             "most one student may: ask your teacher")
            # two pages of one student at once: the key keeps the first, the second is refused
            if not tx.execute("INSERT INTO recalls (session_id, question_id, student_id, value, answered_at) "
                              "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id, student_id) DO NOTHING "
                              "RETURNING student_id", (session.id, question_id, student_id, encoded, time.time())):
                raise _recall_answered(question_id)
        correct = _decode(row[1])
        return {"right": is_right(correct, json.loads(encoded)), "correct": correct}

    def recalls(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: what they said the result showed}`` for the question, in join order."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return self._votes_in(tx, self._teacher(tx, code, teacher_key), question_id, "recalls")

    # -- game tables ------------------------------------------------------------------------------

    def open_table(self, code: str, teacher_key: str, game: str, settings: Any = None) -> GameTable:
        """A new table of ``game`` (a name of the kit's registry) with its JSON ``settings``, as
        :func:`changekit.classroom.tables.open_table` makes them and
        :func:`~changekit.classroom.table_rules.check_settings` checks them (the game's own checks)."""
        game = _check_game(game)
        encoded = _encode(settings, "table settings")
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key, must_be_open=True)
            check_settings(game, settings, joined=self._names(tx, session))
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE session_id = ?", session.id, MAX_TABLES,
                             "too-many-tables", f"class session {session.code} has its {MAX_TABLES} tables already")
            opened_at = time.time()
            (table_id,) = tx.row("INSERT INTO tables (session_id, game, settings, opened_at) VALUES (?, ?, ?, ?) "
                                 "RETURNING id", (session.id, game, encoded, opened_at))
            self._play_bots(tx, table_id, game, settings, _identity(opened_at, encoded))
        return GameTable(table_id, game, json.loads(encoded))

    def start_table(self, code: str, token: str, game: str, settings: Any) -> GameTable:
        """A joined student opens a table themselves ("the students seat themselves"). The
        ``settings``' ``seats`` (a list of ``{"student": name}`` and ``{"bot": name}``) must seat
        that student once and name only students of the session; a student has at most
        MAX_STARTED_TABLES open tables they started (they or the teacher close one to start another)."""
        game = _check_game(game)
        encoded = _encode(settings, "table settings")
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, name = self._student(tx, session, token)
            check_settings(game, settings, joined=self._names(tx, session), starter=name)
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE session_id = ?", session.id, MAX_TABLES,
                             "too-many-tables", f"class session {session.code} has its {MAX_TABLES} tables already")
            self._check_room(tx, "SELECT COUNT(*) FROM tables WHERE started_by = ?", student_id, MAX_TABLES_STARTED,
                             "too-many-tables", f"{name}, you have started {MAX_TABLES_STARTED} tables in this "
                             "session, the most one student may")
            (started,) = tx.row("SELECT COUNT(*) FROM tables WHERE started_by = ? AND closed_at IS NULL",
                                (student_id,))
            if started >= MAX_STARTED_TABLES:
                raise ClassroomError("too-many-tables", f"{name}, you already started a table that is still open: "
                                                        "close it (or ask your teacher to) before starting another")
            (table_id,) = tx.row("INSERT INTO tables (session_id, game, settings, opened_at, started_by) "
                                 "VALUES (?, ?, ?, ?, ?) RETURNING id",
                                 (session.id, game, encoded, opened_at := time.time(), student_id))
            self._play_bots(tx, table_id, game, settings, _identity(opened_at, encoded))
        return GameTable(table_id, game, _without_seed(json.loads(encoded)), False, name)

    def classmates(self, code: str, secret: str) -> list[str]:
        """Names of the students who joined, in the order they joined, for the teacher or any
        student of the open session (a student picks who to sit with)."""
        with self._read() as tx:
            session = self._open_session(tx, code)
            self._player(tx, session, secret)
            rows = tx.execute("SELECT name FROM students WHERE session_id = ? ORDER BY id", (session.id,))
        return [name for (name,) in rows]

    def tables(self, code: str, secret: str) -> list[GameTable]:
        """The session's tables, oldest first (for its teacher or any of its students). A
        student's copy of the settings has no seed (with the log it would deal every hidden hand
        again): the teacher's has it, and :meth:`table_view` gives it to anyone once the game is over."""
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, _ = self._player(tx, session, secret)
            rows = tx.execute("SELECT t.id, t.game, t.settings, t.closed_at, s.name FROM tables t "
                              "LEFT JOIN students s ON s.id = t.started_by WHERE t.session_id = ? ORDER BY t.id",
                              (session.id,))
        return [GameTable(tid, game, _decode(settings) if student_id is None else _without_seed(_decode(settings)),
                          closed_at is not None, starter)
                for tid, game, settings, closed_at, starter in rows]

    def append_move(self, code: str, secret: str, table_id: int, move_number: int, action: Any) -> TableMove:
        """Make the move ``action`` (``{"seat": n, "action": ...}``) as move ``move_number`` of the
        table's log, and the bots' moves that follow it: :meth:`play_move`, answering the move as
        logged rather than the seat's view."""
        number, data, student, at, _ = self._play(code, secret, table_id, move_number, action)
        return TableMove(number, data, student, at)

    def play_move(self, code: str, secret: str, table_id: int, move_number: int, action: Any) -> SeatView:
        """The store referees the move ``action`` (``{"seat": n, "action": ...}``): applied to the
        table's position in the transaction that appends it as move ``move_number``, which must
        be the next one (so of two students acting at once only one succeeds: the other is
        refused "move-taken", and reads the table again), then the bots' turns it hands over are
        played, here, once. Refused, with nothing written: a seat that is not the mover's own
        ("not-your-seat": a student moves only for their seat; nobody for a bot), a move that is
        no move of the game ("bad-move") or one the position does not allow ("illegal-move"),
        both naming the game's rule. Returns the mover's :class:`SeatView` after it all."""
        return self._play(code, secret, table_id, move_number, action)[4]

    def _play(self, code: str, secret: str, table_id: int, move_number: int,
              action: Any) -> tuple[int, Any, str | None, float, SeatView]:
        if isinstance(move_number, bool) or not isinstance(move_number, int) or not 0 <= move_number <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"a move number counts the moves before it (0, 1, ...), "
                                                    f"not {move_number!r}")
        encoded = _encode(action, "a move")
        data = json.loads(encoded)
        now = time.time()
        try:
            with self._write() as tx:
                session = self._open_session(tx, code)
                student_id, student = self._player(tx, session, secret)
                game, settings, text, closed, starter = self._table_row(tx, session, table_id, must_be_open=True)
                check_move(settings, student, table_id, data)
                key, made, state = self._position(tx, table_id, game, settings, text, working=True)
                if move_number != made:
                    raise _move_refused(table_id, move_number, made)
                if made >= MAX_MOVES_PER_TABLE:
                    raise ClassroomError("too-many-moves", f"table {table_id} has {MAX_MOVES_PER_TABLE} moves, "
                                                           "the most a table keeps: start a new table")
                if student_id is not None:
                    self._check_room(tx, "SELECT COUNT(*) FROM moves WHERE student_id = ?", student_id,
                                     MAX_MOVES_PER_STUDENT, "too-many-moves",
                                     f"{student}, you have made {MAX_MOVES_PER_STUDENT} moves in this session, "
                                     "the most one student may")
                referee.judge(state, game_spec(game).game.title, data["seat"], data["action"])
                bots = referee.bot_moves(state, game, settings, made + 1, limit=MAX_MOVES_PER_TABLE - made - 1)
                rows = [(table_id, made, student_id, encoded, now)]
                rows += [(table_id, made + 1 + i, None, _encode(move, "a bot's move"), now)
                         for i, move in enumerate(bots)]
                # one statement for the move and the bots' replies (both databases take several rows)
                tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) VALUES "
                           + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows)), [v for row in rows for v in row])
        except self._db.unique_violation:  # another move N committed between our count and insert
            raise _move_refused(table_id, move_number, move_number + 1) from None
        made = move_number + 1 + len(bots)
        referee.POSITIONS.keep(key, made, state)  # committed: the next move starts from here
        seen = referee.seat_view(state, table_id=table_id, game=game, settings=settings, made=made,
                                 seat=data["seat"], teacher=False, closed=closed, started_by=starter)
        return move_number, data, student, now, seen

    def table_view(self, code: str, secret: str, table_id: int, known: int = -1) -> SeatView | None:
        """The table as the asker may see it (a page's one read per refresh): a student their
        seat's view (or a watcher's, at a table they do not sit at), their legal moves and the log
        lines they may read; the teacher a watcher's view and the seed. None when the log still
        has ``known`` moves and the table is open (nothing to redraw)."""
        if isinstance(known, bool) or not isinstance(known, int) or not -1 <= known <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"'known' counts moves (-1: none known), not {known!r}")
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, student = self._player(tx, session, secret)
            game, settings, text, closed, starter = self._table_row(tx, session, table_id)
            (made,) = tx.row("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))
            if made == known and not closed:
                return None
            key, made, state = self._position(tx, table_id, game, settings, text, working=False)
        if not closed and any("bot" in settings["seats"][p] for p in state.current_players()):
            # a log written before the referee may stop at a bot's turn (its pages moved the bots)
            try:
                with self._write() as tx:
                    played = self._play_bots(tx, table_id, game, settings, text)
            except self._db.unique_violation:
                played = 1  # another page's read played them first
            if played:  # (none at a table whose log is full: it stays as it is)
                return self.table_view(code, secret, table_id, known)
        referee.POSITIONS.keep(key, made, state)
        seats = [i for i, s in enumerate(settings["seats"]) if student is not None and s.get("student") == student]
        return referee.seat_view(state, table_id=table_id, game=game, settings=settings, made=made,
                                 seat=seats[0] if seats else None, teacher=student_id is None, closed=closed,
                                 started_by=starter)

    def moves(self, code: str, secret: str, table_id: int, since: int = 0) -> list[TableMove]:
        """The table's moves from number ``since`` on: the teacher's whole log. A student's shows
        the moves of their own seat; others' actions are None until the game is over (an action
        may hold what its seat alone saw: a bid, a card buried), then the whole log, to replay."""
        if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= MAX_MOVE_NUMBER:
            raise ClassroomError("bad-move-number", f"'since' counts moves (0, 1, ...), not {since!r}")
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, student = self._player(tx, session, secret)
            game, settings, text, _, _ = self._table_row(tx, session, table_id)
            rows = tx.execute("SELECT m.move_number, m.action, s.name, m.made_at FROM moves m "
                              "LEFT JOIN students s ON s.id = m.student_id "
                              "WHERE m.table_id = ? AND m.move_number >= ? ORDER BY m.move_number",
                              (table_id, since))
            over = True
            if student_id is not None:
                key, made, state = self._position(tx, table_id, game, settings, text, working=False)
                over = state.is_terminal()
        if not over:
            referee.POSITIONS.keep(key, made, state)
            mine = {i for i, s in enumerate(settings["seats"]) if s.get("student") == student}
            return [TableMove(number, _own_only(_decode(action), mine), name, made_at)
                    for number, action, name, made_at in rows]
        return [TableMove(number, _decode(action), name, made_at) for number, action, name, made_at in rows]

    def close_table(self, code: str, secret: str, table_id: int) -> None:
        """No more moves at the table (a finished or abandoned game); its log stays. ``secret``
        is the teacher key, or the token of the student who started the table."""
        with self._write() as tx:
            session = self._session(tx, code)
            if _is_projector_key(secret, session):
                raise _projector_refused(session)
            if not _matches(secret, session.teacher_key_hash):
                student_id = self._starter_of(tx, session, secret, table_id)
                if student_id is None:
                    raise ClassroomError("wrong-teacher-key",
                                         f"only the teacher of session {session.code} "
                                         f"(or the student who started it) closes table {table_id}")
            self._table(tx, session, table_id)
            tx.execute("UPDATE tables SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (time.time(), table_id))

    # -- export -----------------------------------------------------------------------------------

    # -- the strategy lab: students' bots and the class tournament's standings ----------------------

    def submit_bot(self, code: str, token: str, game: str, source: str) -> BotEntry:
        """Keep the student's bot for ``game`` (checked by :func:`changekit.lab.check_source`: text,
        at most its size, Python that defines ``choose``), replacing their earlier one. Nothing of it
        runs here."""
        from ..lab.source import BadSource, check_source  # the lab's checks, loaded when a bot comes in

        game = _check_game(game)
        try:
            checked = check_source(source)
        except BadSource as err:
            raise ClassroomError("bad-bot", f"the bot was not stored: {err}") from None
        now = time.time()
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, name = self._student(tx, session, token)
            tx.execute("INSERT INTO bots (session_id, student_id, game, source, digest, submitted_at) "
                       "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, student_id, game) DO UPDATE SET "
                       "source = excluded.source, digest = excluded.digest, submitted_at = excluded.submitted_at",
                       (session.id, student_id, game, checked.text, checked.digest, now))
        return BotEntry(name, game, checked.digest, now)

    def bots(self, code: str, secret: str, game: str) -> list[BotEntry]:
        """The bots submitted for ``game``, in the order their authors joined: every one with its
        source for the teacher key; only the student's own (with its source) for a student token."""
        game = _check_game(game)
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, _ = self._player(tx, session, secret)
            rows = tx.execute("SELECT s.name, b.digest, b.submitted_at, b.source, b.student_id FROM bots b "
                              "JOIN students s ON s.id = b.student_id WHERE b.session_id = ? AND b.game = ? "
                              "ORDER BY s.id", (session.id, game))
        return [BotEntry(name, game, digest, at, source) for name, digest, at, source, author in rows
                if student_id is None or author == student_id]

    def publish_standings(self, code: str, teacher_key: str, game: str, result: Any, *, named: bool) -> None:
        """Show the class tournament's standings (JSON: ``{"seed": ..., "rows": [{"entry": name, ...}]}``)
        to the class, with the entrants' names or (``named=False``) without them."""
        game = _check_game(game)
        if not isinstance(result, dict) or not isinstance(result.get("rows"), list) or not all(
                isinstance(row, dict) and isinstance(row.get("entry"), str) for row in result["rows"]):
            raise ClassroomError("bad-standings", "standings are {'seed': ..., 'rows': [{'entry': name, ...}, ...]}")
        encoded = _encode(result, "the standings", limit=MAX_STANDINGS_BYTES)
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            tx.execute("INSERT INTO standings (session_id, game, result, named, published_at) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (session_id, game) DO UPDATE SET result = excluded.result, "
                       "named = excluded.named, published_at = excluded.published_at",
                       (session.id, game, encoded, int(bool(named)), time.time()))

    def standings(self, code: str, secret: str, game: str) -> dict[str, Any] | None:
        """The published standings of ``game`` (None before the teacher publishes). A student sees
        the entrants' names only where the teacher published them named; their own row is marked
        ``"you": True`` either way."""
        game = _check_game(game)
        with self._read() as tx:
            session = self._session(tx, code)
            student_id, name = self._player(tx, session, secret)
            row = tx.one("SELECT result, named FROM standings WHERE session_id = ? AND game = ?", (session.id, game))
        if row is None:
            return None
        result = _decode(row[0])
        if not isinstance(result, dict):
            return None
        if student_id is not None:
            rows = []
            for i, entry in enumerate(result.get("rows", []), 1):
                shown = dict(entry)
                shown["you"] = entry.get("entry") == name
                if not row[1] and entry.get("kind") != "kit bot":
                    shown["entry"] = "you" if shown["you"] else f"entry {i}"
                rows.append(shown)
            result = {**result, "rows": rows}
        return result

    # -- the projector: a read-only key, reads without names --------------------------------------

    def projector_key(self, code: str, teacher_key: str) -> str:
        """The session's projector key, for the projector's address (the teacher key never goes
        into an address): the same key on every ask. It opens only the ``projector_*`` reads,
        which return counts, votes in no one's order and results, never a name (unless the teacher
        published a tournament's standings with names); every teacher action refuses it."""
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            key = _projector_key_of(session.code, teacher_key)
            if session.projector_key_hash is None:
                tx.execute("UPDATE sessions SET projector_key_hash = ? WHERE id = ?", (_hash(key), session.id))
        return key

    def projector_joined(self, code: str, projector_key: str) -> int:
        """How many students joined (a count, no names)."""
        with self._read() as tx:
            return self._joined_in(tx, self._projector(tx, code, projector_key))

    def projector_snapshot(self, code: str, projector_key: str) -> ProjectorSnapshot:
        """What the projector shows at a tick (:class:`ProjectorSnapshot`), in one read: how many
        joined, the polls, the published standings, the report and the learning report."""
        with self._read() as tx:
            session = self._projector(tx, code, projector_key)
            return ProjectorSnapshot(self._joined_in(tx, session), self._projector_polls_in(tx, session),
                                     self._standings_in(tx, session), self._projector_report_in(tx, session),
                                     self._learning(tx, session))

    @staticmethod
    def _joined_in(tx: Transaction, session: _SessionRow) -> int:
        (count,) = tx.row("SELECT COUNT(*) FROM students WHERE session_id = ?", (session.id,))
        return int(count)

    def projector_polls(self, code: str, projector_key: str) -> list[ProjectorPoll]:
        """The session's questions in the order they opened, as the projector shows them
        (:class:`ProjectorPoll`: counts; the answer and the marked right answer once revealed)."""
        with self._read() as tx:
            return self._projector_polls_in(tx, self._projector(tx, code, projector_key))

    @staticmethod
    def _projector_polls_in(tx: Transaction, session: _SessionRow) -> list[ProjectorPoll]:
        rows = tx.execute(
            "SELECT q.question_id, q.prompt, q.closed_at, q.revealed_at, q.revealed_answer, q.discussion_at, "
            "q.paused_at, q.deadline_at, q.correct, q.opened_at, (SELECT COUNT(*) FROM answers a "
            "WHERE a.session_id = q.session_id AND a.question_id = q.question_id), (SELECT COUNT(*) "
            "FROM revotes r WHERE r.session_id = q.session_id AND r.question_id = q.question_id) "
            "FROM questions q WHERE q.session_id = ? ORDER BY q.opened_at, q.question_id", (session.id,))
        polls = []
        for (qid, prompt, closed_at, revealed_at, answer, discussion_at, paused_at, deadline_at, correct, opened_at,
             answered, revoted) in rows:
            shown = revealed_at is not None
            prompt = _decode(prompt)
            polls.append(ProjectorPoll(
                qid, prompt, closed_at is not None, shown, answered, revoted, discussion_at is not None,
                paused_at is not None, deadline_at, _projector_answer(prompt, _decode(answer)) if shown else None,
                _decode(correct) if shown else None, opened_at, revealed_at))
        return polls

    def projector_votes(self, code: str, projector_key: str, question_id: str) -> list[Any]:
        """The first votes of a revealed question (a settled class auction's bids), in no one's
        order (sorted); refused before the reveal."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            session = self._projector(tx, code, projector_key)
            row = tx.one("SELECT revealed_at FROM questions WHERE session_id = ? AND question_id = ?",
                         (session.id, question_id))
            if row is None:
                raise _unknown_question(session, question_id)
            if row[0] is None:
                raise ClassroomError("not-revealed", f"question {question_id!r} is not revealed: the projector "
                                                     "shows its votes after the reveal")
            values = [_decode(v) for (v,) in tx.execute("SELECT value FROM answers WHERE session_id = ? "
                                                         "AND question_id = ?", (session.id, question_id))]
        return sorted(values, key=_sort_key)

    def projector_standings(self, code: str, projector_key: str) -> list[dict[str, Any]]:
        """Every published tournament's standings, oldest first: ``{"game", "named",
        "published_at", "seed", "rows"}``, each row's figures only and a student's entry as
        ``entry <n>`` unless the teacher published the names."""
        with self._read() as tx:
            return self._standings_in(tx, self._projector(tx, code, projector_key))

    @staticmethod
    def _standings_in(tx: Transaction, session: _SessionRow) -> list[dict[str, Any]]:
        rows = tx.execute("SELECT game, result, named, published_at FROM standings WHERE session_id = ? "
                          "ORDER BY published_at, game", (session.id,))
        shown = []
        for game, result, named, published_at in rows:
            data = _decode(result)
            if isinstance(data, dict):
                shown.append({"game": game, "named": bool(named), "published_at": published_at,
                              "seed": data.get("seed"), "rows": _anonymous_rows(data.get("rows"), bool(named))})
        return shown

    def projector_report(self, code: str, projector_key: str) -> list[ReportRow]:
        """The lesson report (:meth:`lesson_report`) of the revealed questions only: a share right
        would tell the class something of an answer not yet shown."""
        with self._read() as tx:
            return self._projector_report_in(tx, self._projector(tx, code, projector_key))

    def _projector_report_in(self, tx: Transaction, session: _SessionRow) -> list[ReportRow]:
        revealed = {qid for (qid,) in tx.execute("SELECT question_id FROM questions WHERE session_id = ? "
                                                 "AND revealed_at IS NOT NULL", (session.id,))}
        return [row for row in self._report(tx, session) if row.question_id in revealed]

    EXPORT_COLUMNS = ("kind", "student", "question", "table", "game", "move", "value", "time", "confidence")

    def export_csv(self, code: str, teacher_key: str) -> str:
        """The whole session as CSV: a ``joined`` row per student, an ``answer`` row per answer, a
        ``revote`` row per revote, a ``recall`` row per answer to "what did the result show?" (the
        answer and whether it is right), a ``move`` row per move of every table, and a ``report`` row per
        question with a marked right answer (its :meth:`lesson_report` figures as JSON: shares right,
        Hake's gain, null where undefined); values as JSON, times in UTC (ISO 8601); a vote's
        ``confidence`` as the student said it (empty where not asked)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            joined = tx.execute("SELECT name, joined_at FROM students WHERE session_id = ? ORDER BY id",
                                (session.id,))
            answers = tx.execute(
                "SELECT s.name, a.question_id, a.value, a.submitted_at, a.confidence FROM answers a "
                "JOIN students s ON s.id = a.student_id "
                "JOIN questions q ON q.session_id = a.session_id AND q.question_id = a.question_id "
                "WHERE a.session_id = ? ORDER BY q.opened_at, a.question_id, s.id", (session.id,))
            revotes = tx.execute(
                "SELECT s.name, r.question_id, r.value, r.submitted_at, r.confidence FROM revotes r "
                "JOIN students s ON s.id = r.student_id "
                "JOIN questions q ON q.session_id = r.session_id AND q.question_id = r.question_id "
                "WHERE r.session_id = ? ORDER BY q.opened_at, r.question_id, s.id", (session.id,))
            report = self._report(tx, session)
            learning = self._learning(tx, session)
            groups = tx.execute(
                "SELECT s.name, g.question_id, g.grp, q.experiment_seed FROM experiment_groups g "
                "JOIN students s ON s.id = g.student_id "
                "JOIN questions q ON q.session_id = g.session_id AND q.question_id = g.question_id "
                "WHERE g.session_id = ? ORDER BY q.opened_at, g.question_id, s.id", (session.id,))
            own = tx.execute(
                "SELECT s.name, v.question_id, v.seed, v.prompt, v.correct, v.value, v.confidence, v.answered_at, "
                "v.sent_at FROM variants v JOIN students s ON s.id = v.student_id "
                "JOIN questions q ON q.session_id = v.session_id AND q.question_id = v.question_id "
                "WHERE v.session_id = ? ORDER BY q.opened_at, v.question_id, s.id", (session.id,))
            recalled = tx.execute(
                "SELECT s.name, rc.question_id, rc.value, rc.answered_at, q.correct FROM recalls rc "
                "JOIN students s ON s.id = rc.student_id "
                "JOIN questions q ON q.session_id = rc.session_id AND q.question_id = rc.question_id "
                "WHERE rc.session_id = ? ORDER BY q.opened_at, rc.question_id, s.id", (session.id,))
            moves = tx.execute(
                "SELECT s.name, t.id, t.game, m.move_number, m.action, m.made_at FROM moves m "
                "JOIN tables t ON t.id = m.table_id LEFT JOIN students s ON s.id = m.student_id "
                "WHERE t.session_id = ? ORDER BY t.id, m.move_number", (session.id,))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.EXPORT_COLUMNS)
        for name, at in joined:
            writer.writerow(("joined", _cell(name), "", "", "", "", "", _iso(at), ""))
        for name, question_id, value, at, confidence in answers:
            writer.writerow(("answer", _cell(name), question_id, "", "", "", value, _iso(at), confidence or ""))
        for name, question_id, value, at, confidence in revotes:
            writer.writerow(("revote", _cell(name), question_id, "", "", "", value, _iso(at), confidence or ""))
        for name, question_id, group, seed in groups:  # the experiment's split, for pooling across classes
            writer.writerow(("group", _cell(name), question_id, "", "", "", json.dumps({"group": group, "seed": seed}),
                             _iso(time.time()), ""))
        for name, question_id, seed, prompt, correct, value, confidence, answered_at, sent_at in own:
            answer, right_answer = _decode(value), _decode(correct)
            cell = {"seed": seed, "text": (_decode(prompt) or {}).get("text"), "correct": right_answer,
                    "answer": answer, "right": is_right(right_answer, answer) if answered_at is not None else None}
            writer.writerow(("variant", _cell(name), question_id, "", "", "", json.dumps(cell, ensure_ascii=False),
                             _iso(answered_at if answered_at is not None else sent_at), confidence or ""))
        for name, question_id, value, at, correct in recalled:  # "what did the result show?", from memory
            answer = _decode(value)
            cell = {"answer": answer, "right": is_right(_decode(correct), answer)}
            writer.writerow(("recall", _cell(name), question_id, "", "", "", json.dumps(cell, ensure_ascii=False),
                             _iso(at), ""))
        for name, table_id, game, number, action, at in moves:
            writer.writerow(("move", _cell(name or ""), "", table_id, game, number, action, _iso(at), ""))
        made = _iso(time.time())
        for row in report:  # a JSON object: starts with "{", which no spreadsheet runs
            writer.writerow(("report", "", row.question_id, "", "", "", json.dumps(row.as_dict()), made, ""))
        for learned in learning:  # the lesson's own row has no question
            writer.writerow(("learning", "", learned.question_id, "", "", "", json.dumps(learned.as_dict()), made, ""))
        return out.getvalue()

    # -- checks shared by the methods -------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[Transaction]:
        with self._db.transaction(write=True) as tx:
            yield tx

    @contextmanager
    def _read(self) -> Iterator[Transaction]:
        with self._db.transaction(write=False) as tx:
            yield tx

    def _session(self, tx: Transaction, code: str, *, share: bool = False) -> _SessionRow:
        """The session of ``code``; ``share``: and it stays as it is (open) until ``tx`` commits."""
        code = _normal_code(code)
        row = tx.one("SELECT id, code, title, teacher_key_hash, closed_at, projector_key_hash FROM sessions "
                     "WHERE code = ?" + (tx.for_share if share else ""), (code,))
        if row is None:
            raise ClassroomError("unknown-session", f"no class session has the code {code!r}: check the code "
                                                    "on the teacher's screen")
        return _SessionRow(row[0], row[1], row[2], row[3], row[4] is not None, row[5])

    def _open_session(self, tx: Transaction, code: str) -> _SessionRow:
        session = self._session(tx, code, share=True)
        if session.closed:
            raise ClassroomError("session-closed", f"class session {session.code} is closed")
        return session

    def _teacher(self, tx: Transaction, code: str, teacher_key: str, *, must_be_open: bool = False) -> _SessionRow:
        session = self._open_session(tx, code) if must_be_open else self._session(tx, code)
        if not _matches(teacher_key, session.teacher_key_hash):
            if _is_projector_key(teacher_key, session):
                raise _projector_refused(session)
            raise ClassroomError("wrong-teacher-key", f"that is not the teacher key of session {session.code}")
        return session

    def _projector(self, tx: Transaction, code: str, projector_key: str) -> _SessionRow:
        session = self._session(tx, code)
        if not _is_projector_key(projector_key, session):
            raise ClassroomError("wrong-projector-key", f"that is not the projector key of session {session.code}: "
                                                        "open the projector from the dashboard's link")
        return session

    def _student(self, tx: Transaction, session: _SessionRow, token: str) -> tuple[int, str]:
        """(student id, name) of the token's student in this session."""
        parts = TOKEN.fullmatch(token) if isinstance(token, str) else None
        row = None
        if parts is not None and int(parts["id"]) <= MAX_ROW_ID:
            row = tx.one("SELECT name, token_hash FROM students WHERE id = ? AND session_id = ?",
                         (int(parts["id"]), session.id))
        if parts is None or row is None or not _matches(parts["secret"], row[1]):
            raise ClassroomError("unknown-student", f"this seat link is not valid: it is not the token of a student "
                                                    f"of session {session.code}; join again with your name")
        return int(parts["id"]), row[0]

    def _player(self, tx: Transaction, session: _SessionRow, secret: str) -> tuple[int | None, str | None]:
        """(student id, name) for a student's token; (None, None) for the teacher key."""
        if _matches(secret, session.teacher_key_hash):
            return None, None
        if _is_projector_key(secret, session):
            raise _projector_refused(session)
        try:
            return self._student(tx, session, secret)
        except ClassroomError:
            raise ClassroomError("unknown-player", f"that is neither a student token nor the teacher key of "
                                                   f"session {session.code}") from None

    def _table(self, tx: Transaction, session: _SessionRow, table_id: int, *, must_be_open: bool = False) -> None:
        row = None
        if _is_row_id(table_id):
            row = tx.one("SELECT closed_at FROM tables WHERE id = ? AND session_id = ?"
                         + (tx.for_share if must_be_open else ""),
                         (table_id, session.id))
        if row is None:
            raise ClassroomError("unknown-table", f"session {session.code} has no table {table_id!r}")
        if must_be_open and row[0] is not None:
            raise ClassroomError("table-closed", f"table {table_id} is closed: its game is over")

    def _play_bots(self, tx: Transaction, table_id: int, game: str, settings: dict[str, Any], text: str) -> int:
        """The referee plays the bots' turns due at the table now (a table whose bots open the
        game; a table of a log written before the referee, left at a bot's turn); how many."""
        _, made, state = self._position(tx, table_id, game, settings, text, working=True)
        bots = referee.bot_moves(state, game, settings, made, limit=MAX_MOVES_PER_TABLE - made)
        if bots:
            now = time.time()
            rows = [(table_id, made + i, None, _encode(move, "a bot's move"), now) for i, move in enumerate(bots)]
            tx.execute("INSERT INTO moves (table_id, move_number, student_id, action, made_at) VALUES "
                       + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows)), [v for row in rows for v in row])
        return len(bots)

    def _table_row(self, tx: Transaction, session: _SessionRow, table_id: int, *,
                   must_be_open: bool = False) -> tuple[str, dict[str, Any], str, bool, str | None]:
        """(game, settings, its identity (when it opened, its settings as stored: a table id
        alone may be reused after a session is deleted), closed, the student who started it) of a
        table of the session (``must_be_open``: and it stays open until ``tx`` commits)."""
        row = None
        if _is_row_id(table_id):
            # the starter's name by a subquery: PostgreSQL locks no outer join's nullable side
            row = tx.one("SELECT t.game, t.settings, t.closed_at, (SELECT s.name FROM students s "
                         "WHERE s.id = t.started_by), t.opened_at FROM tables t WHERE t.id = ? AND t.session_id = ?"
                         + (tx.for_share if must_be_open else ""), (table_id, session.id))
        if row is None:
            raise ClassroomError("unknown-table", f"session {session.code} has no table {table_id!r}")
        if must_be_open and row[2] is not None:
            raise ClassroomError("table-closed", f"table {table_id} is closed: its game is over")
        return row[0], _decode(row[1]), _identity(row[4], row[1]), row[2] is not None, row[3]

    def _position(self, tx: Transaction, table_id: int, game: str, settings: dict[str, Any], text: str, *,
                  working: bool) -> tuple[tuple[Any, ...], int, State]:
        """(cache key, moves in the log, the position after them): the position this process
        kept for the table, brought up to date with the moves since, or replayed from the seed.
        ``working``: a copy the caller may change (the kept one is never changed)."""
        key = (self.where, table_id, text)
        (made,) = tx.row("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))
        kept = referee.POSITIONS.get(key, made)
        if kept is not None and kept[0] == made:
            return key, made, kept[1].clone() if working else kept[1]
        start, state = (kept[0], kept[1].clone()) if kept is not None else (0, referee.new_position(game, settings))
        rows = tx.execute("SELECT m.action, s.name FROM moves m LEFT JOIN students s ON s.id = m.student_id "
                          "WHERE m.table_id = ? AND m.move_number >= ? ORDER BY m.move_number", (table_id, start))
        done = referee.replay(state, settings["seats"], ((_decode(action), name) for action, name in rows))
        return key, start + done, state

    def _names(self, tx: Transaction, session: _SessionRow) -> list[str]:
        return [name for (name,) in tx.execute("SELECT name FROM students WHERE session_id = ?", (session.id,))]

    @staticmethod
    def _check_room(tx: Transaction, count_sql: str, key: Any, limit: int, reason: str, message: str) -> None:
        """Refuse one more row where ``count_sql`` (for ``key``) already counts ``limit``."""
        (count,) = tx.row(count_sql, key if isinstance(key, tuple) else (key,))
        if count >= limit:
            raise ClassroomError(reason, message)

    def _starter_of(self, tx: Transaction, session: _SessionRow, token: str, table_id: int) -> int | None:
        """The token's student id when that student started the table; else None."""
        try:
            student_id, _ = self._student(tx, session, token)
        except ClassroomError:
            return None
        row = None
        if _is_row_id(table_id):
            row = tx.one("SELECT started_by FROM tables WHERE id = ? AND session_id = ?", (table_id, session.id))
        return student_id if row is not None and row[0] == student_id else None

    def _set_question(self, code: str, teacher_key: str, question_id: str, *, closed: bool,
                      prompt: str | None = None) -> None:
        question_id = _check_question_id(question_id)
        now = time.time()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            # opening again starts a new round: a revealed answer is hidden again, the first vote
            # is open again, with no timer, unpaused, and "what did it show?" no longer asked (a
            # student could otherwise learn the new right answer from it before the reveal); the
            # votes and the recalls in are kept
            tx.execute("INSERT INTO questions (session_id, question_id, opened_at, closed_at, prompt) "
                       "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id) DO UPDATE "
                       "SET closed_at = excluded.closed_at, prompt = COALESCE(excluded.prompt, questions.prompt)"
                       + ("" if closed else ", revealed_at = NULL, revealed_answer = NULL, discussion_at = NULL, "
                                            "paused_at = NULL, deadline_at = NULL, recall_at = NULL"),
                       (session.id, question_id, now, now if closed else None, prompt))


def _projector_key_of(code: str, teacher_key: str) -> str:
    """The session's projector key: derived from its teacher key (so the store, which keeps only
    hashes, gives the same one on every ask), and no way back to the teacher key from it."""
    digest = hmac.new(teacher_key.encode(), f"changekit projector {code}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _is_projector_key(secret: object, session: _SessionRow) -> bool:
    return session.projector_key_hash is not None and _matches(secret, session.projector_key_hash)


def _projector_refused(session: _SessionRow) -> ClassroomError:
    return ClassroomError("wrong-teacher-key", f"that is the projector key of session {session.code}: it only "
                                               "shows the class's counts and results; this needs the teacher key")


def _short_value(value: Any) -> str:
    """An answer as a report cell shows it (a number as the page writes it; at most 40 characters)."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _is_variant_seed(seed: object) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_VARIANT_SEED


def _variant_row(question_id: str, name: object, instance: Any) -> tuple[int, str, str, str]:
    """A student's variant as the store keeps it: (seed, prompt JSON, right answer JSON, exact
    words); a bad one refused ("bad-variant"), naming what is wrong."""
    def bad(what: str) -> ClassroomError:
        return ClassroomError("bad-variant", f"{name!r}'s variant of question {question_id!r}: {what}")

    if not isinstance(instance, dict) or not {"seed", "prompt", "correct", "exact"} <= set(instance):
        raise bad(f"a variant is {{'seed', 'prompt', 'correct', 'exact'}}, not {instance!r}")
    if not _is_variant_seed(instance["seed"]):
        raise bad(f"its seed is a whole number from 0 to {MAX_VARIANT_SEED}, not {instance['seed']!r}")
    prompt = instance["prompt"]
    if not isinstance(prompt, dict) or prompt.get("kind") not in PROMPT_KINDS:
        raise bad(f"its prompt is what a page draws ({{'kind': one of {sorted(PROMPT_KINDS)}, ...}}), not {prompt!r}")
    exact = instance["exact"]
    if not isinstance(exact, str) or not exact.strip() or len(exact) > MAX_EXACT_CHARS:
        raise bad(f"its exact answer is words, 1 to {MAX_EXACT_CHARS} characters, not {exact!r}")
    try:
        correct = check_correct(instance["correct"])
    except ClassroomError as err:
        raise bad(str(err)) from None
    return (instance["seed"], _encode(prompt, "a variant's prompt"), _encode(correct, "a variant's right answer"),
            exact)


def _own_recall(recall_at: float | None, value: str | None, correct: str | None) -> dict[str, Any] | None:
    """"What did the result show?" as the asking student's page reads it: None (not asked), {}
    (asked), or their answer and whether it is right."""
    if recall_at is None:
        return None
    if value is None:
        return {}
    answer = _decode(value)
    return {"answer": answer, "right": is_right(_decode(correct), answer)}


def _check_recall(question_id: str, prompt: Any, value: Any) -> None:
    """Refuse ("bad-recall") what the question's own way of answering could not give: one of its
    choices (compared as they show, as the right answer is), or a number in its range."""
    kind = prompt.get("kind") if isinstance(prompt, dict) else None
    how = prompt.get(kind) if kind in PROMPT_KINDS else None
    # the value as sent (a report cell's 6 digits would name 50 for 50.0000001, '1' for 1.0)
    shown = _short_value(repr(value) if isinstance(value, float) else value)
    if kind == "choices" and isinstance(how, list):
        choices = [str(c) for c in how]
        if not isinstance(value, (dict, list, bool)) and value is not None and str(value) in choices:
            return
        raise ClassroomError("bad-recall", f"what question {question_id!r} showed is one of its choices "
                                           f"({', '.join(choices)}), not {shown!r}")
    number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if isinstance(how, list) and len(how) >= 2 and number is not None and math.isfinite(number):
        if float(how[0]) <= number <= float(how[1]):
            return
        raise ClassroomError("bad-recall", f"what question {question_id!r} showed is a number from {how[0]} to "
                                           f"{how[1]}, not {shown}")
    raise ClassroomError("bad-recall", f"what question {question_id!r} showed is a number, not {shown!r}")


def _recall_answered(question_id: str) -> ClassroomError:
    return ClassroomError("recall-answered", f"you have said what question {question_id!r} showed: one answer, "
                                             "from memory, is what it measures")


def _own_variant(seed: int | None, prompt: str | None, correct: str | None, exact: str | None, value: str | None,
                 confidence: str | None, answered_at: float | None) -> dict[str, Any] | None:
    """A student's own variant as their page reads it: the right answer only once they answered."""
    if seed is None:
        return None
    own: dict[str, Any] = {"seed": seed, "prompt": _decode(prompt)}
    if answered_at is not None:
        answer, right_answer = _decode(value), _decode(correct)
        own.update(answer=answer, confidence=confidence, right=is_right(right_answer, answer), correct=right_answer,
                   exact=exact)
    return own


def _anonymous_rows(rows: Any, named: bool) -> list[dict[str, Any]]:
    """A tournament's standings rows as the projector shows them: the figures only, and each
    student's entry as ``entry <n>`` unless the teacher published the names (kit bots keep theirs)."""
    shown = []
    for i, row in enumerate(rows if isinstance(rows, list) else [], 1):
        if not isinstance(row, dict):
            continue
        kept = {k: row[k] for k in PROJECTOR_STANDINGS_FIELDS if k in row}
        if not named and row.get("kind") != "kit bot":
            kept["entry"] = f"entry {i}"
        shown.append(kept)
    return shown


#: the fields of a standings row the projector gets (a row's other fields may quote a name)
PROJECTOR_STANDINGS_FIELDS = ("rank", "entry", "kind", "games", "win_rate", "low", "high", "mean_score",
                              "timeout", "error", "illegal")
#: the fields of a revealed poll's answer the projector gets (what the dashboard's Reveal writes)
PROJECTOR_ANSWER_FIELDS = ("value", "summary", "reading", "predictions", "revotes")


def _projector_answer(prompt: Any, answer: Any) -> Any:
    """A revealed answer for the projector: a poll's text and votes, the votes in no one's order;
    nothing of any other kind of question (a class auction's answer names its winners)."""
    if not isinstance(prompt, dict) or prompt.get("kind") not in PROMPT_KINDS or not isinstance(answer, dict):
        return None
    shown = {k: answer[k] for k in PROJECTOR_ANSWER_FIELDS if k in answer}
    for votes in ("predictions", "revotes"):
        if isinstance(shown.get(votes), list):
            shown[votes] = sorted(shown[votes], key=_sort_key)
    return shown


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _unknown_question(session: _SessionRow, question_id: str) -> ClassroomError:
    return ClassroomError("unknown-question", f"session {session.code} has no question {question_id!r}: "
                                              "open it first")


def _no_discussion(question_id: str) -> ClassroomError:
    return ClassroomError("no-discussion", f"question {question_id!r} takes no revote yet: the revote comes after "
                                           "your teacher opens the discussion")


def _is_row_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ROW_ID


def _hash(secret: str) -> str:
    # the secrets are 144+ random bits: a plain hash is enough (no password stretching)
    return hashlib.sha256(secret.encode()).hexdigest()


def _matches(secret: object, stored_hash: str) -> bool:
    return isinstance(secret, str) and hmac.compare_digest(_hash(secret), stored_hash)


def normal_code(code: object) -> str:
    """A join code as the store keeps it (see :func:`_normal_code`): the class service keys seats by it."""
    return _normal_code(code)


def _normal_code(code: object) -> str:
    """Upper case, without the spaces or dashes people type; refused unless 6 code characters."""
    if isinstance(code, str):
        cleaned = re.sub(r"[\s-]", "", code).upper()
        if len(cleaned) == CODE_LENGTH and all(c in CODE_ALPHABET for c in cleaned):
            return cleaned
    raise ClassroomError("bad-code", f"a join code is {CODE_LENGTH} letters and digits (never 0, O, 1 or I): "
                                     f"{code!r} is not one")


def _clean_text(text: object, what: str, limit: int) -> str:
    """``text`` with its spaces trimmed and runs of spaces made one; refused if empty, longer
    than ``limit`` or holding control characters."""
    if not isinstance(text, str):
        raise ClassroomError(f"bad-{what}", f"a {what} is text, not {text!r}")
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ClassroomError(f"bad-{what}", f"the {what} is empty: type one")
    if len(cleaned) > limit:
        raise ClassroomError(f"bad-{what}", f"a {what} has at most {limit} characters; {cleaned[:20]!r}... has "
                                            f"{len(cleaned)}")
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ClassroomError(f"bad-{what}", f"the {what} {cleaned!r} holds control characters")
    return cleaned


#: names that would read as something else on a page: "You" ("Your bag" on others' pages), the
#: teacher, and the bots' labels ("Careful bot", "Heuristic bot": any name ending in " bot")
RESERVED_NAMES = ("you", "me", "teacher", "bot")


def check_name(name: object) -> str:
    """A student's name as the store keeps it: spaces trimmed and made single, invisible
    characters dropped; refused (with the reason) if empty, too long, holding control characters
    (zero-width spaces, direction marks, NUL) or reserved (:data:`RESERVED_NAMES`, "... bot").

    >>> check_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> check_name("Careful bot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    changekit.core.errors.ClassroomError: 'Careful bot' reads as a bot's seat at a table ...
    """
    cleaned = _clean_text(name, "name", MAX_NAME_CHARS)
    cleaned = " ".join(INVISIBLE.sub("", cleaned).split())
    key = name_key(cleaned)
    if not key:
        raise ClassroomError("bad-name", "the name is empty (only invisible characters): type one")
    if key == "bot" or key.endswith(" bot"):
        raise ClassroomError("reserved-name", f"{cleaned!r} reads as a bot's seat at a table (names ending in 'bot' "
                                              "are the bots'): pick another name")
    if key in {name_key(reserved) for reserved in RESERVED_NAMES}:
        raise ClassroomError("reserved-name", f"{cleaned!r} is a word the class pages use themselves "
                                              f"({', '.join(repr(n.capitalize()) for n in RESERVED_NAMES)}): "
                                              "pick another name")
    return cleaned


def _name_taken(name: str) -> ClassroomError:
    return ClassroomError("name-taken", f"the name {name!r} is already taken in this session: pick another "
                                        "(or, if it is you, open your own join link again)")


def _check_game(game: object) -> str:
    if not is_game(game):
        raise ClassroomError("unknown-game", unknown_game(game))
    return game


def _check_question_id(question_id: object) -> str:
    if isinstance(question_id, str) and QUESTION_ID.fullmatch(question_id):
        return question_id
    raise ClassroomError("bad-question", f"a question id is 1-100 letters, digits and _.:/- (starting with a "
                                         f"letter or digit), not {question_id!r}")


def check_value(value: Any, what: str = "a value") -> None:
    """Refuse (ClassroomError) a value the store would keep but a page could not read back: lists
    and dicts nested deeper than MAX_VALUE_DEPTH, a number beyond ±MAX_NUMBER, a dict key that is
    not text, or more parts than MAX_VALUE_BYTES could hold. Walked without recursion, so a
    value nested 100,000 deep is refused as quickly as one nested 21 deep."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    parts = 0
    while stack:
        item, depth = stack.pop()
        parts += 1
        if parts > MAX_VALUE_BYTES:  # every part takes at least a byte of JSON
            raise ClassroomError("value-too-large", f"{what} is at most {MAX_VALUE_BYTES} bytes as JSON")
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_VALUE_DEPTH:
                raise ClassroomError("value-too-deep", f"{what} nests lists and dicts at most {MAX_VALUE_DEPTH} "
                                                       "deep")
            if isinstance(item, dict):
                if not all(isinstance(k, str) for k in item):
                    raise ClassroomError("bad-value", f"{what} must be a JSON value: a dict's keys are text")
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            # NaN and infinities are json.dumps's to refuse (not JSON at all); an int compares exactly
            finite = not isinstance(item, float) or math.isfinite(item)
            if finite and not -MAX_NUMBER <= item <= MAX_NUMBER:
                raise ClassroomError("number-too-large", f"{what} holds a number beyond ±10^15 "
                                                         f"({_short_number(item)}): no page could use it exactly")


def _short_number(number: float) -> str:
    if isinstance(number, int):  # (str() of a 4,300-digit int is refused by Python itself)
        return f"a number of about {int(number.bit_length() * 0.30103) + 1} digits"
    return repr(number)


def _encode(value: Any, what: str, *, limit: int = MAX_VALUE_BYTES) -> str:
    check_value(value, what)
    try:
        encoded = json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as err:
        raise ClassroomError("bad-value", f"{what} must be a JSON value (numbers, text, lists, dicts): {err}") from None
    size = len(encoded.encode())
    if size > limit:
        raise ClassroomError("value-too-large", f"{what} is at most {limit} bytes as JSON; this one is {size}")
    return encoded


def _decode(encoded: str | None) -> Any:
    """A stored JSON value; None for one a page could not use (written before the store checked
    depth and numbers, or past the store): one bad row never breaks a whole answer list."""
    if encoded is None:
        return None
    try:
        value = json.loads(encoded)
        check_value(value)
    except (ValueError, RecursionError):
        return None
    return value


def answer_cap(prompt: Any) -> int | None:
    """How many students a question's prompt lets answer (``{"max_answers": n, ...}``; the class
    auction's bidders); None: as many as join."""
    cap = prompt.get("max_answers") if isinstance(prompt, dict) else None
    return cap if isinstance(cap, int) and not isinstance(cap, bool) and cap >= 0 else None


def _identity(opened_at: float, settings: str) -> str:
    """What tells a table from any other this store has held (its id may be reused)."""
    return f"{opened_at!r} {settings}"


def _without_seed(settings: Any) -> Any:
    """A table's settings as a student reads them: everything but the seed."""
    return {k: v for k, v in settings.items() if k != "seed"} if isinstance(settings, dict) else settings


def _own_only(data: Any, seats: set[int]) -> Any:
    """A logged move as a student reads it before the game is over: its seat, and its action only
    if the seat is theirs."""
    seat = data.get("seat") if isinstance(data, dict) else None
    return data if seat in seats else {"seat": seat, "action": None}


def _move_refused(table_id: int, move_number: int, made: int) -> ClassroomError:
    if move_number < made:
        return ClassroomError("move-taken", f"move {move_number} at table {table_id} has already been made "
                                            f"(by another player acting at the same time?): reload the table")
    return ClassroomError("move-ahead", f"table {table_id} has {made} moves, so the next is move {made}, "
                                        f"not {move_number}")


def _cell(name: str) -> str:
    """A student's name made safe for spreadsheets, which run a cell starting with = + - @ as a formula."""
    return "'" + name if name[:1] in ("=", "+", "-", "@") else name


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="milliseconds")


# ---- the class store through a class service (a hub) --------------------------------------------
# The class store through a class service (on a hub, see :mod:`changekit.hub.service`).
#
# On a hub every student has a Python prompt, so no student's server may hold the store's URL:
# ``$CHANGEKIT_CLASS_STORE`` is the class service's address (``http://...``) and
# :func:`~changekit.classroom.store.connect` returns a :class:`RemoteStore`. It has every method of
# :class:`~changekit.classroom.store.Store` (polls, tables, the auction call them unchanged); each is
# one HTTP request carrying the server's hub API token (``$JUPYTERHUB_API_TOKEN``), and the service
# calls the same method of the real store as that hub user. Its refusals come back as the same
# ``ClassroomError`` (same reason, same words).
#
# The wire format is JSON both ways: ``POST <service>/call/<method>`` with the method's keyword
# arguments; the answer is :func:`encode_result` of what the method returned, or ``{"error": reason,
# "message": ...}`` with status 400 (403 when the hub identity may not make the call).

#: Store methods that never go to the service: the page's own (where, close) and the service's own
#: check of whose a secret is (it asks it before every call a student makes)
LOCAL_METHODS = frozenset({"close", "seat_owner"})
#: the Store methods a page may call through the service, with their parameter names in order:
#: every public method, so that a new one works on a hub as on one machine (the service checks
#: each by its secret's name: tests/classroom/test_class_service.py)
METHODS: dict[str, tuple[str, ...]] = {
    name: tuple(inspect.signature(method).parameters)[1:]
    for name, method in vars(Store).items()
    if inspect.isfunction(method) and not name.startswith("_") and name not in LOCAL_METHODS
}
RECORDS = {cls.__name__: cls for cls in (Session, Student, BotEntry, QuestionState, Poll, GameTable, TableMove,
                                         ReportRow, ProjectorPoll, SeatView, VariantAnswer, LearningRow,
                                         ExperimentResult, ClassSnapshot, ProjectorSnapshot)}
SERVICE_TIMEOUT_S = 10.0
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"


def encode_result(value: Any) -> dict[str, Any]:
    """A store method's result as JSON: a record (or a list of them) tagged with its class name."""
    if type(value).__name__ in RECORDS and isinstance(value, RECORDS[type(value).__name__]):
        return {"record": type(value).__name__, "value": asdict(value)}
    if isinstance(value, list) and value and all(type(v).__name__ in RECORDS for v in value):
        return {"records": type(value[0]).__name__, "value": [asdict(v) for v in value]}
    return {"value": value}


def decode_result(body: dict[str, Any]) -> Any:
    if "record" in body:
        return _record(body["record"], body["value"])
    if "records" in body:
        return [_record(body["records"], item) for item in body["value"]]
    return body.get("value")


def _record(name: str, value: dict[str, Any]) -> Any:
    cls = RECORDS.get(name)
    if cls is None or not isinstance(value, dict):
        raise ClassroomError("store-failed", f"the class service sent an unknown record {name!r}")
    nested: dict[str, type] = getattr(cls, "NESTED", {})  # fields holding records (a snapshot's questions)
    given: dict[str, Any] = {f.name: value[f.name] for f in fields(cls) if f.name in value}
    for name, inner in nested.items():
        if isinstance(given.get(name), list):
            given[name] = [inner(**item) if isinstance(item, dict) else item for item in given[name]]
    return cls(**given)


class RemoteStore(Store):
    """The class store behind the class service at ``url`` (``http(s)://.../services/<name>/``),
    called as this server's hub user (``token``, default ``$JUPYTERHUB_API_TOKEN``)."""

    def __init__(self, url: str, token: str | None = None):  # no database here: nothing of Store.__init__
        self.url = url if url.endswith("/") else url + "/"
        self._token = token if token is not None else os.environ.get(TOKEN_VARIABLE, "")
        if not self._token:
            raise ClassroomError("store-unreachable", f"the class store is the class service {self.url}, which needs "
                                                      f"this server's hub identity (${TOKEN_VARIABLE} is not set)")

    @property
    def where(self) -> str:
        return self.url

    def close(self) -> None:
        pass

    def call(self, method: str, **arguments: Any) -> Any:
        """POST one store call to the service; its result, or the ClassroomError it said."""
        request = urllib.request.Request(
            f"{self.url}call/{method}", data=json.dumps(arguments).encode(), method="POST",
            headers={"Authorization": f"token {self._token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=SERVICE_TIMEOUT_S) as response:
                return decode_result(json.loads(response.read()))
        except urllib.error.HTTPError as err:
            try:
                body = json.loads(err.read())
                reason, message = str(body["error"]), str(body["message"])
            except (ValueError, KeyError, TypeError):
                reason, message = "store-failed", f"the class service {self.url} answered {err.code} {err.reason}"
            raise ClassroomError(reason, message) from None
        except (OSError, ValueError) as err:
            raise ClassroomError("store-unreachable", f"cannot reach the class service {self.url}: {err}") from None


def _forwarder(method: str, names: tuple[str, ...]) -> Any:
    def forward(self: RemoteStore, *args: Any, **kwargs: Any) -> Any:
        if len(args) > len(names):
            raise TypeError(f"{method}() takes {len(names)} arguments")
        return self.call(method, **dict(zip(names, args, strict=False)), **kwargs)

    forward.__name__ = method
    forward.__doc__ = getattr(Store, method).__doc__
    return forward


for _method, _names in METHODS.items():
    setattr(RemoteStore, _method, _forwarder(_method, _names))
