"""The class store's projector: a read-only key, derived from the teacher key, that opens only
reads with no name in them (counts, votes in no one's order, results)."""
from __future__ import annotations

import json
from typing import Any

from ..core.errors import ClassroomError
from .backends import Transaction
from .kinds import PROMPT_KINDS
from .store_api import remote
from .store_base import (SessionRow, StoreBase, _check_question_id, _decode, _hash, _projector_key_of,
                         _unknown_question, joined_in)
from .store_lab import standings_in
from .store_records import ProjectorPoll, ProjectorSnapshot
from .store_reports import learning_in, projector_report_in


class ProjectorStore(StoreBase):
    """The projector's key and its reads."""

    @remote("teacher")
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

    @remote("projector")
    def projector_joined(self, code: str, projector_key: str) -> int:
        """How many students joined (a count, no names)."""
        with self._read() as tx:
            return joined_in(tx, self._projector(tx, code, projector_key))

    @remote("projector")
    def projector_polls(self, code: str, projector_key: str) -> list[ProjectorPoll]:
        """The session's questions in the order they opened, as the projector shows them
        (:class:`ProjectorPoll`: counts; the answer and the marked right answer once revealed)."""
        with self._read() as tx:
            return projector_polls_in(tx, self._projector(tx, code, projector_key))

    @remote("projector")
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

    @remote("projector")
    def projector_snapshot(self, code: str, projector_key: str) -> ProjectorSnapshot:
        """What the projector shows at a tick (:class:`ProjectorSnapshot`), in one read: how many
        joined, the polls, the published standings, the report and the learning report."""
        with self._read() as tx:
            session = self._projector(tx, code, projector_key)
            return ProjectorSnapshot(joined_in(tx, session), projector_polls_in(tx, session),
                                     standings_in(tx, session), projector_report_in(tx, session),
                                     learning_in(tx, session))


def projector_polls_in(tx: Transaction, session: SessionRow) -> list[ProjectorPoll]:
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
