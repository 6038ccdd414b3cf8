"""The class store after a reveal (issue 46): each student's own variant of the question, the
one-click experiment (predict before the reveal, or only watch it), and "what did the result
show?" answered from memory."""
from __future__ import annotations

import json
from typing import Any

from ..core.errors import ClassroomError
from . import store_limits as limits
from .kinds import PROMPT_KINDS
from .report import GROUPS, ExperimentResult, check_confidence, check_correct, experiment_result, is_right, share_of
from .store_api import remote
from .store_base import StoreBase, _check_question_id, _decode, _encode, _unknown_question, check_answer, clock
from .store_records import VariantAnswer

#: the exact answer of a student's own variant, in words (plain text)
MAX_EXACT_CHARS = 1000
#: a variant's seed, and the seed of a round's generator: what a 32-bit signed column holds
MAX_VARIANT_SEED = 2**31 - 1


class VariantStore(StoreBase):
    """Own variants, the experiment's split, and recalls."""

    @remote("teacher")
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
        now = clock()
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

    @remote("student")
    def submit_variant(self, code: str, token: str, question_id: str, seed: int, value: Any,
                       confidence: str | None = None) -> dict[str, Any]:
        """The student's one answer to their own variant of the question (the one with ``seed``),
        alone, with how sure they are (as :meth:`submit`): checked exactly against the variant's
        right answer. Returns ``{"right", "correct", "exact"}`` (shown once it is locked in).
        Refused, changing nothing: another student's variant ("not-your-variant"), a second answer
        ("variant-answered"), a confidence off the scale, a student at limits.MAX_ANSWERS_PER_STUDENT
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
            row = tx.one("SELECT seed, correct, exact, answered_at, prompt FROM variants WHERE session_id = ? "
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
            check_answer(_decode(row[4]), value, reason="bad-answer",
                         said=f"an answer to your variant of question {question_id!r}")
            self._check_room(tx, "SELECT COUNT(*) FROM variants WHERE student_id = ? AND answered_at IS NOT NULL",
                             student_id, limits.MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                             f"you have answered {limits.MAX_ANSWERS_PER_STUDENT} variants in this session, the most "
                             "one student may: ask your teacher")
            tx.execute("UPDATE variants SET value = ?, confidence = ?, answered_at = ? WHERE session_id = ? "
                       "AND question_id = ? AND student_id = ?",
                       (encoded, confidence, clock(), session.id, question_id, student_id))
        correct = _decode(row[1])
        return {"right": is_right(correct, json.loads(encoded)), "correct": correct, "exact": row[2]}

    @remote("teacher")
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

    # -- the one-click experiment: predict before the reveal, or only watch it --------------------

    @remote("teacher")
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

    @remote("teacher")
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

    # -- "what did the result show?": the observation itself, after a reveal ----------------------

    @remote("teacher")
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
                       (clock(), session.id, question_id))

    @remote("student")
    def submit_recall(self, code: str, token: str, question_id: str, value: Any) -> dict[str, Any]:
        """The student's one answer to "what did the result show?" on the question, from memory:
        one of its choices, or a number in its range. Returns ``{"right", "correct"}`` (right by
        the marked answer; shown once it is locked in). Refused, changing nothing: a question not
        asked ("recall-not-asked"), a second answer ("recall-answered"), an answer the question
        could not take ("bad-recall"), a student at limits.MAX_ANSWERS_PER_STUDENT such answers."""
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
            check_answer(_decode(row[2]), value, reason="bad-recall", said=f"what question {question_id!r} showed")
            answered = tx.one("SELECT 1 FROM recalls WHERE session_id = ? AND question_id = ? AND student_id = ?",
                              (session.id, question_id, student_id))
            if answered is not None:
                raise _recall_answered(question_id)
            self._check_room(tx, "SELECT COUNT(*) FROM recalls WHERE student_id = ?", student_id,
                             limits.MAX_ANSWERS_PER_STUDENT, "too-many-answers",
                             f"you have said what {limits.MAX_ANSWERS_PER_STUDENT} results showed in this session, the "
                             "most one student may: ask your teacher")
            # two pages of one student at once: the key keeps the first, the second is refused
            if not tx.execute("INSERT INTO recalls (session_id, question_id, student_id, value, answered_at) "
                              "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, question_id, student_id) DO NOTHING "
                              "RETURNING student_id", (session.id, question_id, student_id, encoded, clock())):
                raise _recall_answered(question_id)
        correct = _decode(row[1])
        return {"right": is_right(correct, json.loads(encoded)), "correct": correct}

    @remote("teacher")
    def recalls(self, code: str, teacher_key: str, question_id: str) -> dict[str, Any]:
        """``{student name: what they said the result showed}`` for the question, in join order."""
        return self._teacher_votes(code, teacher_key, question_id, "recalls")


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


def _recall_answered(question_id: str) -> ClassroomError:
    return ClassroomError("recall-answered", f"you have said what question {question_id!r} showed: one answer, "
                                             "from memory, is what it measures")
