"""The class store's reports: the lesson report (first votes and revotes right, Hake's gain,
recalls) and the learning report (learned or copied, issue 46), for the teacher and, counts only,
the projector."""
from __future__ import annotations

from .backends import Transaction
from .report import LESSON, LearningRow, Matched, ReportRow, is_right, is_sure_and_wrong, learning_row, report_row
from .store_api import remote
from .store_base import SessionRow, StoreBase, _decode, _short_value


class ReportStore(StoreBase):
    """The lesson's reports."""

    @remote("teacher")
    def lesson_report(self, code: str, teacher_key: str) -> list[ReportRow]:
        """Per question with a marked right answer, in the order they opened: first votes and
        revotes, how many right, Hake's normalised gain, and where the teacher asked "what did the
        result show?" how many recalled it wrongly (:class:`~changekit.classroom.report.ReportRow`)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            return report_in(tx, session)

    @remote("teacher")
    def learning_report(self, code: str, teacher_key: str) -> list[LearningRow]:
        """Learned or copied (issue 46): per question with a marked right answer whose students were
        sent their own variant, in the order they opened, then the whole lesson (question id
        :data:`~changekit.classroom.report.LESSON`): matched students, right first / after the
        revote / on their own variant, knew / learned / copied / still wrong, each with its 95 %
        interval, Hake's g with its bootstrap interval, sure-and-wrong answers
        (:class:`~changekit.classroom.report.LearningRow`)."""
        with self._read() as tx:
            session = self._teacher(tx, code, teacher_key)
            return learning_in(tx, session)

    @remote("projector")
    def projector_report(self, code: str, projector_key: str) -> list[ReportRow]:
        """The lesson report (:meth:`lesson_report`) of the revealed questions only: a share right
        would tell the class something of an answer not yet shown."""
        with self._read() as tx:
            return projector_report_in(tx, self._projector(tx, code, projector_key))

    @remote("projector")
    def projector_learning(self, code: str, projector_key: str) -> list[LearningRow]:
        """The learning report (:meth:`learning_report`) for the projector: counts, never a name."""
        with self._read() as tx:
            session = self._projector(tx, code, projector_key)
            return learning_in(tx, session)


def report_in(tx: Transaction, session: SessionRow) -> list[ReportRow]:
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


def learning_in(tx: Transaction, session: SessionRow) -> list[LearningRow]:
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


def projector_report_in(tx: Transaction, session: SessionRow) -> list[ReportRow]:
    revealed = {qid for (qid,) in tx.execute("SELECT question_id FROM questions WHERE session_id = ? "
                                             "AND revealed_at IS NOT NULL", (session.id,))}
    return [row for row in report_in(tx, session) if row.question_id in revealed]

EXPORT_COLUMNS = ("kind", "student", "question", "table", "game", "move", "value", "time", "confidence")
