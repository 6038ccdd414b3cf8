"""The records the class store's calls return (frozen dataclasses): what a page, the dashboard
and the projector read, and what the class service sends as JSON (see
:func:`changekit.classroom.store.encode_result`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .report import LearningRow, ReportRow


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
