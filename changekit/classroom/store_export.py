"""The class store's export: a whole session as one CSV file, for the teacher."""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone

from .report import is_right
from .store_api import remote
from .store_base import StoreBase, _decode, clock
from .store_reports import learning_in, report_in


#: the export's row kind for each table of votes, in the order the rows come
VOTE_ROWS = {"answer": "answers", "revote": "revotes"}


class ExportStore(StoreBase):
    """The session as CSV."""

    EXPORT_COLUMNS = ("kind", "student", "question", "table", "game", "move", "value", "time", "confidence")

    @remote("teacher")
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
            # the first votes and the revotes: twin tables, one read each, one row kind each
            votes = {kind: tx.execute(
                f"SELECT s.name, v.question_id, v.value, v.submitted_at, v.confidence FROM {table} v "
                "JOIN students s ON s.id = v.student_id "
                "JOIN questions q ON q.session_id = v.session_id AND q.question_id = v.question_id "
                "WHERE v.session_id = ? ORDER BY q.opened_at, v.question_id, s.id", (session.id,))
                for kind, table in VOTE_ROWS.items()}
            report = report_in(tx, session)
            learning = learning_in(tx, session)
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
        for kind, rows in votes.items():
            for name, question_id, value, at, confidence in rows:
                writer.writerow((kind, _cell(name), question_id, "", "", "", value, _iso(at), confidence or ""))
        for name, question_id, group, seed in groups:  # the experiment's split, for pooling across classes
            writer.writerow(("group", _cell(name), question_id, "", "", "", json.dumps({"group": group, "seed": seed}),
                             _iso(clock()), ""))
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
        made = _iso(clock())
        for row in report:  # a JSON object: starts with "{", which no spreadsheet runs
            writer.writerow(("report", "", row.question_id, "", "", "", json.dumps(row.as_dict()), made, ""))
        for learned in learning:  # the lesson's own row has no question
            writer.writerow(("learning", "", learned.question_id, "", "", "", json.dumps(learned.as_dict()), made, ""))
        return out.getvalue()


def _cell(name: str) -> str:
    """A student's name made safe for spreadsheets, which run a cell starting with = + - @ as a formula."""
    return "'" + name if name[:1] in ("=", "+", "-", "@") else name


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="milliseconds")
