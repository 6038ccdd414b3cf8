"""Every lesson question says its right answer, or why it has none (issue 41: the projector shows
the answer itself after a reveal, and the teacher's dashboard marks it without being typed).

The answer each question declares is checked against its own way of answering here; the values
themselves are recomputed independently in each game's tests."""
from __future__ import annotations

from fractions import Fraction

import pytest

from changekit.core.errors import ChangekitError
from changekit.core.questions import KitAnswer, LessonQuestion, check_kit_answer, lesson_question
from changekit.games.variant_tools import choice_answer, number_answer, percent_answer
from changekit.registry import all_specs

QUESTIONS = [q for spec in all_specs() for q in spec.lesson_questions()]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.qid)
def test_each_question_says_its_right_answer_or_why_it_has_none(question: LessonQuestion) -> None:
    assert (question.right is None) != (question.no_right == ""), (
        f"{question.qid}: declare right= (the kit's answer) or no_right= (why there is none), one of them")
    if question.right is None:
        assert len(question.no_right.split()) >= 4, f"{question.qid}: say why in a sentence: {question.no_right!r}"
        return
    answer = question.kit_answer()
    assert isinstance(answer, KitAnswer)
    if question.kind == "choices":
        assert set(answer.correct["choices"]) <= set(map(str, question.how["choices"]))
    else:
        low, high = answer.correct["range"]
        bounds = question.how[question.kind]
        assert bounds[0] <= low <= high <= bounds[1], f"{question.qid}: {answer.correct} outside {bounds}"


def test_a_right_answer_the_question_cannot_take_is_refused_with_the_reason() -> None:
    def asked(**how: object) -> LessonQuestion:
        return lesson_question("demo.q1", "Which?", answer=lambda: "", **how)  # type: ignore[arg-type]

    choices = asked(choices=["a", "b"])
    with pytest.raises(ChangekitError, match=r"not one or more of its choices \['a', 'b'\]"):
        check_kit_answer(choices.qid, choices.how, choice_answer("c", "c, because"))
    slider = asked(slider=[0, 100, 1])
    with pytest.raises(ChangekitError, match="with low <= high"):
        check_kit_answer(slider.qid, slider.how, KitAnswer({"range": [60, 40]}, "50 %", "about half"))
    with pytest.raises(ChangekitError, match="is a KitAnswer"):
        check_kit_answer(slider.qid, slider.how, {"range": [40, 60]})
    with pytest.raises(ChangekitError, match="right must be a function"):
        lesson_question("demo.q2", "Which?", answer=lambda: "", choices=["a", "b"], right="a")  # type: ignore[arg-type]


def test_the_answer_helpers_say_the_exact_value_and_what_counts_as_right() -> None:
    half = percent_answer(Fraction(253, 512))  # 49.4140625 %
    assert half.correct == {"range": [47.41, 51.42]}
    assert half.value == "49.4 %"
    assert half.exact == "49.4 % (exactly 253/512); answers from 47.41 % to 51.42 % count as right"
    stored = percent_answer(Fraction(147, 200), measured=True, note="the stored run's share")
    assert stored.exact == "73.5 %; answers from 71.5 % to 75.5 % count as right. the stored run's share"
    assert percent_answer(0.735).correct == {"range": [71.5, 75.5]}  # the float as the decimal it prints
    thirteen = number_answer(Fraction(13), tolerance=1, unit="cards")
    assert (thirteen.correct, thirteen.value) == ({"range": [12.0, 14.0]}, "13 cards")
    both = choice_answer(["x", "y"], "either")
    assert (both.correct, both.value) == ({"choices": ["x", "y"]}, "x or y")
