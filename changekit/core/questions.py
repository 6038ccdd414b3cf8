"""A lesson's questions as data: what each asks, how a student answers it, the reading shown after
Check, and the ``answer`` function computing the exact result from the game's analysis.

Each game package lists its lesson's questions in ``questions.py`` (its spec names them); the
notebook draws each one as a :class:`~changekit.ui.Question` (``Question.of(QUESTIONS[qid])``) and the
teacher's dashboard reads the same list. Pure Python: no widgets.

>>> q = lesson_question("demo.q1", "2 or 3?", choices=[2, 3], answer=lambda: "<b>3</b>")
>>> q.kind, q.how, q.answer_parts()
('choices', {'choices': [2, 3]}, ['<b>3</b>'])
>>> list(question_list(q))
['demo.q1']
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from .errors import ChangekitError

#: a question id: lower-case words joined by dots, like ``zombie.q1``
QUESTION_ID = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)+")
#: the ways to answer a question, one of which each question has
ANSWER_KINDS = ("choices", "number", "slider")


def prompt_json(qid: str, text: str, kind: str, how: Sequence[Any], unit: str = "") -> dict[str, Any]:
    """What a student page needs to draw a question (JSON for the class store's ``open_question``)."""
    return {"qid": qid, "text": text, "kind": kind, kind: list(how), "unit": unit}


def answer_parts(answer: Callable[..., Any], progress: Callable[[float], None] | None = None) -> list[Any]:
    """Run a question's ``answer`` function and return what it shows, as a list (None left out).
    An answer that takes ``progress`` is handed ``progress`` (or a no-op). The one way every page
    runs a lesson's answer: a student's Check, solo or in a class poll, and the teacher's Reveal."""
    if "progress" in inspect.signature(answer).parameters:
        result = answer(progress=progress if progress is not None else (lambda fraction: None))
    else:
        result = answer()
    return [r for r in (result if isinstance(result, (list, tuple)) else [result]) if r is not None]


#: the largest seed of a question's variant (a variant is fixed by its question and its seed)
MAX_VARIANT_SEED = 2**31 - 1


@dataclass(frozen=True)
class QuestionInstance:
    """One variant of a lesson question (issue 46): the same idea with new numbers drawn from the
    game's own parameters, fixed by ``seed``, with its exact answer computed by the kit.

    ``text`` and ``how`` are as a :class:`LessonQuestion`'s (``how``: one of ``choices``,
    ``number`` ``(low, high)``, ``slider`` ``(low, high, step)``, and its ``unit``); ``correct``
    is the right answer in the class store's marked-answer form, ``{"choices": [...]}`` or
    ``{"range": [low, high]}`` (see :func:`changekit.classroom.report.check_correct`); ``exact``
    says the exact answer in words (plain text), shown once the student has locked theirs in."""

    qid: str
    seed: int
    text: str
    how: dict[str, Any]
    correct: dict[str, list[Any]]
    exact: str

    def __post_init__(self) -> None:
        kinds = [k for k in ANSWER_KINDS if k in self.how]
        if len(kinds) != 1:
            raise ChangekitError(f"variant {self.seed} of {self.qid!r} needs exactly one way to answer, got {kinds}")
        if set(self.correct) not in ({"choices"}, {"range"}):
            raise ChangekitError(f"variant {self.seed} of {self.qid!r}: its right answer is {{'choices': [...]}} "
                                 f"or {{'range': [low, high]}}, not {self.correct!r}")
        if "choices" in self.correct and not set(map(str, self.correct["choices"])) <= set(
                map(str, self.how.get("choices", []))):
            raise ChangekitError(f"variant {self.seed} of {self.qid!r}: its right answer "
                                 f"{self.correct['choices']!r} is not among its choices {self.how.get('choices')!r}")

    @property
    def kind(self) -> str:
        return next(k for k in ANSWER_KINDS if k in self.how)

    def prompt(self) -> dict[str, Any]:
        """What a student page needs to draw it (:func:`prompt_json`, with the variant's seed)."""
        return {**prompt_json(self.qid, self.text, self.kind, self.how[self.kind], self.how.get("unit", "")),
                "seed": self.seed}


@dataclass(frozen=True)
class KitAnswer:
    """A lesson question's right answer as the kit computes it: ``correct`` in the class store's
    marked-answer form (``{"choices": [...]}`` or ``{"range": [low, high]}``), ``value`` the answer
    in a few words for a big screen ("49.4 %", "the second player") and ``exact`` the answer in a
    sentence a student reads after Check (the exact value, and what counts as right)."""

    correct: dict[str, list[Any]]
    value: str
    exact: str


def check_kit_answer(qid: str, how: Mapping[str, Any], answer: Any) -> KitAnswer:
    """``answer`` if it is a :class:`KitAnswer` this question can take (its choices among the
    question's, its range a pair of numbers low ≤ high), else a ChangekitError naming the problem."""
    if not isinstance(answer, KitAnswer):
        raise ChangekitError(f"question {qid!r}: its right answer is a KitAnswer, not {answer!r}")
    correct = answer.correct
    if "choices" in how:
        rights = correct.get("choices") if set(correct) == {"choices"} else None
        if not rights or not set(map(str, rights)) <= set(map(str, how["choices"])):
            raise ChangekitError(f"question {qid!r}: its right answer {correct!r} is not one or more of its "
                                 f"choices {list(how['choices'])!r}")
    else:
        bounds = correct.get("range") if set(correct) == {"range"} else None
        if (not isinstance(bounds, list) or len(bounds) != 2
                or not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in bounds)
                or bounds[0] > bounds[1]):
            raise ChangekitError(f"question {qid!r}: its right answer is {{'range': [low, high]}} with "
                                 f"low <= high, not {correct!r}")
    if not answer.value or not answer.exact:
        raise ChangekitError(f"question {qid!r}: its right answer needs its value and its sentence, got {answer!r}")
    return answer


@dataclass(frozen=True)
class LessonQuestion:
    """One question of a lesson: ``how`` holds its one way of answering (``choices``, ``number``
    ``(low, high)`` or ``slider`` ``(low, high, step)``) and its ``unit``; ``answer`` computes the
    exact result (None only for a shape a chart is drawn for).

    ``variant(seed)``, where the question has one, makes a fresh instance of it
    (:class:`QuestionInstance`: new numbers, its exact answer, its choices rebuilt to fit), the
    same for the same seed; ``no_variant`` says why a question has none (a question whose answer
    is a chart of a whole simulation, or about one fixed position of the rules).

    ``right()`` computes the question's right answer (a :class:`KitAnswer`): the teacher's
    dashboard marks it when the question opens (the teacher may change it), the projector shows it
    after the reveal and a student's Check says by it whether the prediction was right;
    ``no_right`` says why a question has none."""

    qid: str
    text: str
    how: dict[str, Any]
    reading: str = ""
    answer: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    variant: Callable[[int], QuestionInstance] | None = field(default=None, compare=False, repr=False)
    no_variant: str = ""
    right: Callable[[], KitAnswer] | None = field(default=None, compare=False, repr=False)
    no_right: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.qid, str) or not QUESTION_ID.fullmatch(self.qid):
            raise ChangekitError(f"a question id is lower-case words joined by dots, like 'zombie.q1': "
                                 f"got {self.qid!r}")
        kinds = [k for k in ANSWER_KINDS if k in self.how]
        if len(kinds) != 1:
            raise ChangekitError(f"question {self.qid!r} needs exactly one way to predict (choices, number or slider): "
                                 f"got {kinds or 'none'}")
        if self.answer is not None and not callable(self.answer):
            raise ChangekitError(f"question {self.qid!r}: answer must be a function computing the result, "
                                 f"got {self.answer!r}")

    @property
    def kind(self) -> str:
        return next(k for k in ANSWER_KINDS if k in self.how)

    def make_variant(self, seed: int) -> QuestionInstance:
        """The question's variant for ``seed`` (0 to MAX_VARIANT_SEED); refused, with the reason,
        for a question that has none or a bad seed."""
        if self.variant is None:
            raise ChangekitError(f"question {self.qid!r} has no variant: {self.no_variant or 'none is written yet'}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_VARIANT_SEED:
            raise ChangekitError(f"a variant's seed is a whole number from 0 to {MAX_VARIANT_SEED}, not {seed!r}")
        instance = self.variant(seed)
        if not isinstance(instance, QuestionInstance) or instance.qid != self.qid or instance.seed != seed:
            raise ChangekitError(f"question {self.qid!r}: its variant function must return the QuestionInstance "
                                 f"of this question and seed, not {instance!r}")
        return instance

    def kit_answer(self) -> KitAnswer | None:
        """The right answer the kit computes (checked against the question's way of answering), or
        None for a question that has none (``no_right`` says why)."""
        if self.right is None:
            return None
        return check_kit_answer(self.qid, self.how, self.right())

    def prompt(self) -> dict[str, Any]:
        """What a student page needs to draw it (see :func:`prompt_json`)."""
        return prompt_json(self.qid, self.text, self.kind, self.how[self.kind], self.how.get("unit", ""))

    def answer_parts(self, progress: Callable[[float], None] | None = None) -> list[Any]:
        """What the answer shows (see :func:`answer_parts`); refused for a question without one."""
        if self.answer is None:
            raise ChangekitError(f"question {self.qid!r} has no answer to compute")
        return answer_parts(self.answer, progress)


def lesson_question(qid: str, text: str, *, answer: Callable[..., Any], reading: str = "",
                    choices: Sequence[Any] | None = None, number: Sequence[float] | None = None,
                    slider: Sequence[float] | None = None, unit: str = "",
                    variant: Callable[[int], QuestionInstance] | None = None,
                    no_variant: str = "", right: Callable[[], KitAnswer] | None = None,
                    no_right: str = "") -> LessonQuestion:
    """A lesson's question, written as the page draws it (the arguments of
    :class:`~changekit.ui.Question`)."""
    if not callable(answer):
        raise ChangekitError(f"question {qid!r}: answer must be a function computing the result, got {answer!r}")
    how: dict[str, Any] = {k: list(v) for k, v in (("choices", choices), ("number", number), ("slider", slider))
                           if v is not None}
    if unit:
        how["unit"] = unit
    if variant is not None and not callable(variant):
        raise ChangekitError(f"question {qid!r}: variant must be a function of a seed, got {variant!r}")
    if right is not None and not callable(right):
        raise ChangekitError(f"question {qid!r}: right must be a function computing the right answer, got {right!r}")
    return LessonQuestion(qid, text, how, reading, answer, variant, no_variant, right, no_right)


def question_list(*questions: LessonQuestion) -> Mapping[str, LessonQuestion]:
    """A lesson's questions by id, in page order (read-only; an id twice is refused)."""
    by_id: dict[str, LessonQuestion] = {}
    for question in questions:
        if not isinstance(question, LessonQuestion):
            raise ChangekitError(f"a lesson's questions are LessonQuestions, not {question!r}")
        if question.qid in by_id:
            raise ChangekitError(f"the question id {question.qid!r} is listed twice")
        by_id[question.qid] = question
    return MappingProxyType(by_id)


def which_questions(qids: Sequence[str]) -> str:
    """Questions named as the page numbers them: "Question 2", "Questions 1, 2 and 5".

    >>> which_questions(["cambio.q1", "cambio.q2"])
    'Questions 1 and 2'
    """
    numbers = [qid.rsplit(".q", 1)[-1] for qid in qids]
    if len(numbers) == 1:
        return f"Question {numbers[0]}"
    return f"Questions {', '.join(numbers[:-1])} and {numbers[-1]}"
