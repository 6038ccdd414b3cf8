"""The class store's polls: the teacher opens a question, students vote (a first vote, then, after
"talk to your neighbour", a revote), the teacher pauses, times, closes and reveals it and marks its
right answer; each page reads the questions as its asker may see them.

The first vote and the revote are twin tables (``answers``, ``revotes``) with one row per student
and question: one method takes both (:meth:`PollStore._vote`), one read gives either
(:func:`~changekit.classroom.store_base.votes_in`)."""
from __future__ import annotations

from typing import Any

from ..core.errors import ClassroomError
from . import store_limits as limits
from .backends import Transaction
from .kinds import PAGE_KINDS
from .report import check_confidence, check_correct, is_right
from .store_api import remote
from .store_base import (SessionRow, StoreBase, _check_question_id, _decode, _encode, _unknown_question, check_answer,
                         clock, students_in, votes_in)
from .store_records import ClassSnapshot, Poll, QuestionState

#: a question's timer: from 5 seconds to an hour
MIN_TIMER_SECONDS, MAX_TIMER_SECONDS = 5, 3600


class PollStore(StoreBase):
    """Questions and their votes."""

    @remote("student")
    def submit(self, code: str, token: str, question_id: str, value: Any, confidence: str | None = None) -> None:
        """Store the student's first vote (any JSON value up to MAX_VALUE_BYTES, see :func:`check_value`)
        on the question, with how sure they are (one of :data:`~changekit.classroom.report.CONFIDENCE`,
        or None: not asked), replacing their earlier one. The question takes first votes from its first
        submission on, until the teacher closes it or opens the discussion (:meth:`start_discussion`),
        never while it is paused or after its timer ran out, and from as many students as its
        prompt's ``max_answers`` allows (:func:`answer_cap`; the class auction's 60 bidders)."""
        self._vote(code, token, question_id, value, confidence, revote=False)

    @remote("student")
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
        now = clock()
        with self._write() as tx:
            session = self._open_session(tx, code)
            student_id, _ = self._student(tx, session, token)
            prompt = tx.one("SELECT prompt FROM questions WHERE session_id = ? AND question_id = ?",
                            (session.id, question_id))
            if prompt is None and revote:
                raise _no_discussion(question_id)
            if prompt is None:
                self._check_room(tx, "SELECT COUNT(*) FROM questions WHERE session_id = ?", session.id,
                                 limits.MAX_QUESTIONS, "class-full", f"class session {session.code} has its "
                                 f"{limits.MAX_QUESTIONS} questions already: ask your teacher")
                tx.execute("INSERT INTO questions (session_id, question_id, opened_at) VALUES (?, ?, ?) "
                           "ON CONFLICT (session_id, question_id) DO NOTHING", (session.id, question_id, now))
            drawn = _decode(prompt[0]) if prompt is not None else None
            if isinstance(drawn, dict) and drawn.get("kind") in PAGE_KINDS:  # else a question no page draws
                check_answer(drawn, value, reason="bad-answer", said=f"an answer to question {question_id!r}")
            cap = answer_cap(drawn)
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
                                 limits.MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                                 f"you have {'revoted on' if revote else 'answered'} {limits.MAX_ANSWERS_PER_STUDENT} "
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

    @remote("teacher")
    def open_question(self, code: str, teacher_key: str, question_id: str, prompt: Any = None) -> None:
        """Open a question before anyone answers it, or take answers again after closing it (which
        hides a revealed answer again). ``prompt`` (JSON, e.g. the text and the choices) is kept for
        the students' pages; None keeps the one it has."""
        encoded = None if prompt is None else _encode(prompt, "a question's prompt")
        self._set_question(code, teacher_key, question_id, closed=False, prompt=encoded)

    @remote("teacher")
    def reveal_question(self, code: str, teacher_key: str, question_id: str, answer: Any = None) -> None:
        """Close the question and show the class its exact ``answer`` (JSON, e.g. the text to show)."""
        question_id = _check_question_id(question_id)
        encoded = _encode(answer, "a revealed answer")
        now = clock()
        with self._write() as tx:
            session = self._teacher(tx, code, teacher_key)
            tx.execute("INSERT INTO questions (session_id, question_id, opened_at, closed_at, revealed_at, "
                       "revealed_answer) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id) DO UPDATE "
                       "SET closed_at = COALESCE(questions.closed_at, excluded.closed_at), paused_at = NULL, "
                       "revealed_at = excluded.revealed_at, revealed_answer = excluded.revealed_answer",
                       (session.id, question_id, now, now, now, encoded))

    @remote("teacher")
    def close_question(self, code: str, teacher_key: str, question_id: str) -> None:
        """Stop taking answers to the question (those in are kept)."""
        self._set_question(code, teacher_key, question_id, closed=True)

    def _set_question(self, code: str, teacher_key: str, question_id: str, *, closed: bool,
                      prompt: str | None = None) -> None:
        question_id = _check_question_id(question_id)
        now = clock()
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

    @remote("member")
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

    @remote("teacher")
    def answers(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: first vote}`` for the question, in the order the students joined."""
        return self._teacher_votes(code, teacher_key, question_id, "answers")

    @remote("teacher")
    def revotes(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: revote}`` for the question, in the order the students joined."""
        return self._teacher_votes(code, teacher_key, question_id, "revotes")

    @remote("teacher")
    def questions(self, code: str, teacher_key: str) -> list[QuestionState]:
        """The session's questions in the order they opened, each open or closed, with its count."""
        with self._read() as tx:
            return questions_in(tx, self._teacher(tx, code, teacher_key))

    @remote("teacher")
    def unanswered(self, code: str, teacher_key: str, question_id: str) -> list[str]:
        """Names of the students who have not voted in the question's current vote (the first vote,
        or the revote once the discussion opened), in the order they joined: for the teacher's own
        screen, never the projector's."""
        question_id = _check_question_id(question_id)
        with self._read() as tx:
            return unanswered_in(tx, self._teacher(tx, code, teacher_key), question_id)

    @remote("teacher")
    def class_snapshot(self, code: str, teacher_key: str) -> ClassSnapshot:
        """What the teacher's dashboard shows at a tick (:class:`ClassSnapshot`), in one read: the
        dashboard polls it instead of 2 + 2k calls for k questions taking votes (issue 45)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            questions = questions_in(tx, session)
            taking = [q.question_id for q in questions if not q.closed]
            return ClassSnapshot(students_in(tx, session), questions,
                                 {qid: votes_in(tx, session, qid, "answers") for qid in taking},
                                 {qid: unanswered_in(tx, session, qid) for qid in taking})

    # -- a poll's run: discussion, revote, pause, timer, the right answer -------------------------

    @remote("teacher")
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
                       (clock(), session.id, question_id))

    @remote("teacher")
    def pause_question(self, code: str, teacher_key: str, question_id: str, paused: bool = True) -> None:
        """Pause the question (no vote is taken; the students' pages stay on it and say so) or resume
        it (``paused=False``); a running timer stands still while paused."""
        question_id = _check_question_id(question_id)
        now = clock()
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

    @remote("teacher")
    def set_timer(self, code: str, teacher_key: str, question_id: str, seconds: float | None) -> None:
        """Give the question's current vote ``seconds`` (MIN_TIMER_SECONDS..MAX_TIMER_SECONDS) from
        now (from the pause, while paused); None removes the timer. Past it, votes are refused."""
        question_id = _check_question_id(question_id)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not MIN_TIMER_SECONDS <= seconds <= MAX_TIMER_SECONDS):
            raise ClassroomError("bad-timer", f"a timer is {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds "
                                              f"(or none), not {seconds!r}")
        now = clock()
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

    @remote("teacher")
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


def questions_in(tx: Transaction, session: SessionRow) -> list[QuestionState]:
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


def unanswered_in(tx: Transaction, session: SessionRow, question_id: str) -> list[str]:
    row = tx.one("SELECT discussion_at FROM questions WHERE session_id = ? AND question_id = ?",
                 (session.id, question_id))
    votes = "revotes" if row is not None and row[0] is not None else "answers"
    rows = tx.execute(f"SELECT s.name FROM students s WHERE s.session_id = ? AND NOT EXISTS (SELECT 1 "
                      f"FROM {votes} v WHERE v.session_id = s.session_id AND v.question_id = ? "
                      "AND v.student_id = s.id) ORDER BY s.id", (session.id, question_id))
    return [name for (name,) in rows]


def answer_cap(prompt: Any) -> int | None:
    """How many students a question's prompt lets answer (``{"max_answers": n, ...}``; the class
    auction's bidders); None: as many as join."""
    cap = prompt.get("max_answers") if isinstance(prompt, dict) else None
    return cap if isinstance(cap, int) and not isinstance(cap, bool) and cap >= 0 else None


def _no_discussion(question_id: str) -> ClassroomError:
    return ClassroomError("no-discussion", f"question {question_id!r} takes no revote yet: the revote comes after "
                                           "your teacher opens the discussion")


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


def _own_recall(recall_at: float | None, value: str | None, correct: str | None) -> dict[str, Any] | None:
    """"What did the result show?" as the asking student's page reads it: None (not asked), {}
    (asked), or their answer and whether it is right."""
    if recall_at is None:
        return None
    if value is None:
        return {}
    answer = _decode(value)
    return {"answer": answer, "right": is_right(_decode(correct), answer)}
