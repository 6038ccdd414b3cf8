"""changekit.ui.Question: the answer and its reading stay out of the page until a locked-in
prediction is checked; a failing answer says why."""
from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from changekit.core.errors import ChangekitError
from changekit.core.questions import LessonQuestion, lesson_question, question_list
from changekit.ui import Question
from changekit.ui.live_region import LiveRegion

from .widget_tree import widgets

ANSWER = "The exact answer is 109/70"
READING = "the small bills win"


def page_text(question):
    """Everything a browser could show: every HTML widget's text and every button label."""
    texts = []
    for x in widgets(question.widget):
        if isinstance(x, w.HTML):
            texts.append(x.value)
        if isinstance(x, (w.Button, w.ToggleButtons)):
            texts.append(getattr(x, "description", ""))
    return " ".join(texts)


def make(calls=None, **how):
    def answer():
        if calls is not None:
            calls.append(1)
        return [f"<b>{ANSWER}</b>", go.Figure(go.Bar(x=[1], y=[2])), go.FigureWidget(go.Bar(x=[2], y=[1]))]

    return Question("test.q1", "Which bill wins?", answer=answer, reading=f"*Reading:* {READING}.",
                    **(how or {"choices": ["$1", "$3", "$10"]}))


def test_answer_and_reading_are_absent_until_check_and_present_after():
    calls = []
    q = make(calls)
    assert ANSWER not in page_text(q) and READING not in page_text(q)
    assert q.answer_box.children == () and calls == []  # not even computed
    q.predict("$3")
    assert ANSWER not in page_text(q) and READING not in page_text(q) and calls == []
    q.check_button.click()
    text = page_text(q)
    assert ANSWER in text and READING in text and calls == [1]
    # figures (FigureWidgets too) are drawn through show_figure into Outputs, the reading follows
    assert [type(x) for x in q.answer_box.children] == [w.HTML, w.Output, w.Output, w.HTML]
    assert q.check_button.disabled and q.checked


def test_check_is_disabled_until_a_prediction_is_locked_in():
    q = make()
    assert q.check_button.disabled and q.lock_button.disabled  # no choice made yet
    q.input.value = "$10"  # choosing is not committing
    assert q.check_button.disabled and not q.lock_button.disabled and q.prediction is None
    with pytest.raises(ChangekitError, match="lock in a prediction"):
        q.check()
    assert q.answer_box.children == ()
    q.lock_button.click()
    assert not q.check_button.disabled and q.prediction == "$10"


@pytest.mark.parametrize("how, value", [({"number": (0, 100)}, 42.5), ({"slider": (0, 1, 0.05)}, 0.35)])
def test_numbers_and_sliders_keep_the_prediction(how, value):
    q = make(**how)
    seen = []
    q.on_predict.append(lambda question: seen.append(question.prediction))
    # a number box starts empty, and Lock in waits for a number (issue 25: 0 was locked in by accident)
    # (a range with a step too: it opened at its lowest value with Lock in ready, and a tap locked in 0)
    assert q.check_button.disabled and q.lock_button.disabled and q.input.value == ""
    q.lock_button._handle_button_msg(None, {"event": "click"}, [])  # a script's click on the disabled button
    assert q.prediction is None
    high = (how.get("number") or how["slider"])[1]
    q.input.value = "150"
    assert q.lock_button.disabled and f"from 0 to {high:g}" in q.status.value
    q.input.value = str(value)
    assert not q.lock_button.disabled
    q.lock_button.click()
    assert q.prediction == value and seen == [value] and q.input.disabled
    q.check()
    assert q.prediction == value and str(value) in q.status.value
    with pytest.raises(ChangekitError, match="already locked in"):
        q.predict(1)


def test_a_prediction_outside_the_range_is_refused_and_changes_nothing():
    q = make(number=(0, 100))
    with pytest.raises(ChangekitError, match="outside the allowed range"):
        q.predict(150)
    q2 = make()
    with pytest.raises(ChangekitError, match="not a possible prediction"):
        q2.predict("$7")
    assert q2.prediction is None and q2.check_button.disabled


def test_a_failing_answer_shows_a_readable_error_and_can_be_retried():
    attempts = []

    def answer():
        attempts.append(1)
        if len(attempts) == 1:
            raise ChangekitError("the Zombie must draw but no unseen bill is left")
        return ANSWER

    q = Question("test.q2", "?", answer=answer, reading=READING, choices=["a", "b"])
    q.predict("a")
    q.check_button.click()
    text = page_text(q)
    assert "Could not compute the answer" in text and "no unseen bill is left" in text
    assert READING not in text and not q.check_button.disabled and not q.checked
    q.check_button.click()
    assert ANSWER in page_text(q) and READING in page_text(q)


def test_progress_is_passed_to_an_answer_that_accepts_it():
    fractions = []

    def answer(progress):
        for i in range(1, 5):
            progress(i / 4)
            fractions.append(q.progress.value)
        return "done"

    q = Question("test.q3", "?", answer=answer, number=(0, 10))
    q.predict(3)
    assert q.progress.layout.display == "none"
    q.check()
    assert fractions == [0.25, 0.5, 0.75, 1.0] and q.progress.layout.display == "none"


def test_ids_and_prediction_kinds_are_checked():
    for bad in ("", "Zombie Q1", "zombie", 17):
        with pytest.raises(ChangekitError, match="question id"):
            Question(bad, "?", answer=lambda: "", choices=["a", "b"])
    with pytest.raises(ChangekitError, match="exactly one way to predict"):
        Question("a.b", "?", answer=lambda: "")
    with pytest.raises(ChangekitError, match="exactly one way to predict"):
        Question("a.b", "?", answer=lambda: "", choices=["a", "b"], number=(0, 1))
    with pytest.raises(ChangekitError, match="answer must be a function"):
        Question("a.b", "?", answer="42", choices=["a", "b"])


def test_new_questions_are_announced_to_class_session_hooks():
    created = []
    Question.on_create.append(created.append)
    try:
        q = make()
    finally:
        Question.on_create.remove(created.append)
    assert created == [q] and q.qid == "test.q1"


def test_the_chosen_answer_is_marked_and_long_fractions_read_as_decimals():
    q = make()
    q.predict("$10")
    labels = [label for label, _ in q.input.options]
    assert "✔ $10" in labels and sum(label.startswith("✔") for label in labels) == 1 and q.input.value == "$10"
    shown = Question("test.q9", "?", answer=lambda: "<p>8016396331585/7697529135296 and 37/25</p>", choices=["a", "b"])
    shown.predict("a")
    shown.check()
    html = shown.answer_box.children[0].value
    assert ">1.04142</summary>" in html and "37/25" in html
    assert "(exactly 8016396331585/7697529135296)</details>" in html


# ---- a question drawn from a lesson's definition ------------------------------------------------------
def test_a_question_drawn_from_its_definition_checks_the_same_as_one_written_inline():
    calls = []
    inline = make(calls, number=(0, 10), unit="points")
    definition = lesson_question("test.q1", "Which bill wins?", answer=inline._answer,
                                 reading=f"*Reading:* {READING}.", number=(0, 10), unit="points")
    drawn = Question.of(definition)
    assert (drawn.qid, drawn.kind, drawn.reading, drawn.input.description) == \
        (inline.qid, inline.kind, inline.reading, inline.input.description)
    for question in (inline, drawn):
        with pytest.raises(ChangekitError, match="outside the allowed range"):
            question.predict(11)
        question.predict(7)
        question.check()
    assert calls == [1, 1] and drawn.prediction == inline.prediction == 7
    assert page_text(drawn) == page_text(inline) and ANSWER in page_text(drawn) and READING in page_text(drawn)


def test_the_lessons_own_question_shows_what_its_definition_computes(monkeypatch):
    import changekit.ui.question as ui_question
    from changekit.games.zombie.questions import QUESTIONS

    monkeypatch.setattr(ui_question, "show_figure", lambda out, figure: None)
    definition = QUESTIONS["zombie.q6"]
    question = Question.of(definition)
    assert question.text == definition.text and question.input.options[0] == ("$1", "$1")
    question.predict("$7")
    question.check()
    shown = [x.value for x in question.answer_box.children if isinstance(x, w.HTML)]
    assert shown[:-1] == definition.answer_parts() and "-0.55" in shown[0]


def test_a_bad_definition_is_refused_with_the_reason():
    with pytest.raises(ChangekitError, match="draws a LessonQuestion"):
        Question.of({"qid": "a.b"})  # type: ignore[arg-type]
    with pytest.raises(ChangekitError, match="no answer to check"):
        Question.of(LessonQuestion("a.b", "?", {"choices": ["a", "b"]}))
    with pytest.raises(ChangekitError, match="question id"):
        lesson_question("Zombie Q1", "?", answer=lambda: "", choices=["a", "b"])
    with pytest.raises(ChangekitError, match="exactly one way to predict"):
        lesson_question("a.b", "?", answer=lambda: "", choices=["a", "b"], slider=(0, 1, 1))
    with pytest.raises(ChangekitError, match="answer must be a function"):
        lesson_question("a.b", "?", answer="42", choices=["a", "b"])  # type: ignore[arg-type]
    one = lesson_question("a.b", "?", answer=lambda: "", choices=["a", "b"])
    with pytest.raises(ChangekitError, match="listed twice"):
        question_list(one, one)


# ---- what a class poll steers ----------------------------------------------------------------------------
def test_a_class_poll_holds_check_until_the_reveal_then_releases_it():
    q = make()
    q.release("<i>too early</i>")
    assert q.check_button.disabled  # no prediction yet: nothing to release
    q.predict("$3")
    q.hold_until_reveal("<i>Waiting for your teacher</i>")
    assert q.check_button.disabled and q.said == "<i>Waiting for your teacher</i>"
    q.hold_until_reveal()
    assert q.said == "<i>Waiting for your teacher</i>"  # said once, kept
    q.release("<i>press Check</i>")
    assert not q.check_button.disabled and q.said == "<i>press Check</i>"
    # said in the question's live region (made with the question: tests/browser/test_live_regions.py),
    # where a screen reader hears the reveal
    assert isinstance(q.status, LiveRegion) and q.status.role == "status"
    assert q.status.value == '<div class="ck-question-status"><i>press Check</i></div>'
    assert q.answer_parts()[0] == f"<b>{ANSWER}</b>" and q.answer_box.children == ()  # computed, not shown
    q.check()
    q.release()
    assert q.checked and q.check_button.disabled


def test_a_closed_poll_refuses_predictions_with_its_reason():
    q = make()
    q.refuse("Closed <now>.")
    assert q.input.disabled and q.lock_button.disabled and q.said == "<i>Closed &lt;now&gt;.</i>"
    q.input.value = "$3"  # a click that still arrives over the websocket
    q.lock_button.click()
    assert q.prediction is None
    locked = make()
    locked.predict("$1")
    locked.refuse("Closed.")
    assert locked.prediction == "$1" and "Closed" not in locked.status.value


def test_a_revote_has_no_check_of_its_own():
    q = make()
    q.vote_only("Lock in my revote")
    assert q.lock_button.description == "Lock in my revote" and q.check_button.layout.display == "none"


def test_a_student_alone_is_told_right_or_not_by_the_lesson_s_own_answer():
    from fractions import Fraction

    from changekit.games.variant_tools import choice_answer, percent_answer
    bills = lesson_question("test.q1", "Which bill?", answer=lambda: "<b>$3</b>", choices=["$1", "$3", "$5"],
                            right=lambda: choice_answer("$3", "$3: the smallest bill that covers the bite."))
    wrong = Question.of(bills)
    wrong.predict("$5")
    wrong.check()
    assert wrong.status.value == ('<div class="ck-question-status"><b class="ck-wrong">✘ Not right.</b> The answer is '
                                  '<b>$3: the smallest bill that covers the bite.</b>; your prediction was '
                                  '<b>$5</b>.</div>')
    chance = lesson_question("test.q2", "How likely?", answer=lambda: "", slider=(0, 100, 1), unit="%",
                             right=lambda: percent_answer(Fraction(1, 3)))
    near = Question.of(chance)
    near.predict(35)
    near.check()
    assert near.status.value.startswith('<div class="ck-question-status"><b class="ck-right">✔ Right.</b> The answer '
                                        "is <b>33.3 % (exactly 1/3); answers from 31.33 % to 35.34 % count as "
                                        "right</b>")
    marked = Question.of(bills)  # a teacher's mark, where there is one, judges instead
    marked.mark_right({"choices": ["$5"]})
    marked.predict("$5")
    marked.check()
    assert marked.status.value.startswith(
        '<div class="ck-question-status"><b class="ck-right">✔ Right.</b> The answer is <b>$5</b>')


def page_says(question, field, **said):
    """What the page's SentInOrder sends for ``field`` (``answer`` or ``confidence``), as the comm
    hands it over."""
    name = next(n for n in question.in_order.fields if n.endswith(f"-{field}"))
    question.in_order._handle_custom_msg({"field": name, **said}, [])


def test_what_a_student_types_or_taps_reaches_the_question_before_lock_in_and_is_not_sent_back():
    number = Question("demo.n", "How many?", number=(0, 200), answer=lambda: "<b>125</b>")
    sent = []
    number.input.send_state = lambda key=None: sent.append(key)
    page_says(number, "answer", text="12")
    page_says(number, "answer", text="125")
    assert number.input.value == "125" and not number.lock_button.disabled and sent == []
    number.lock_button.click()  # the click after the keys: the whole number
    assert number.prediction == 125

    chosen = Question("demo.c", "Which?", choices=["$1", "$3"], answer=lambda: "<b>$3</b>")
    chosen.ask_confidence(["guessing", "sure"])
    page_says(chosen, "answer", index=0)
    page_says(chosen, "answer", index=1)  # changed its mind
    page_says(chosen, "confidence", index=1)
    chosen.lock_button.click()
    assert (chosen.prediction, chosen.confidence) == (chosen.input.options[1][1], "sure")


@pytest.mark.parametrize("said", [{"text": 125}, {"text": "9" * 201}, {"index": 5}, {"index": True}, {"index": -1},
                                  {"index": "1"}, {"field": "ck-in-order-other-answer", "text": "5"}])
def test_a_scripted_message_the_page_could_not_send_changes_nothing(said):
    number = Question("demo.n", "How many?", number=(0, 200), answer=lambda: "<b>125</b>")
    chosen = Question("demo.c", "Which?", choices=["$1", "$3"], answer=lambda: "<b>$3</b>")
    for question in (number, chosen):
        name = question.in_order.fields[0]
        question.in_order._handle_custom_msg({"field": name, **said}, [])
        question.in_order._handle_custom_msg("not a dict", [])
        assert question.input.value in ("", None) and question.lock_button.disabled


def test_a_locked_in_or_held_field_takes_nothing_from_the_page():
    number = Question("demo.n", "How many?", number=(0, 200), answer=lambda: "<b>125</b>")
    number.hold("Your teacher paused the question.")
    page_says(number, "answer", text="7")
    assert number.input.value == ""
    number.hold(None)
    page_says(number, "answer", text="7")
    number.lock_button.click()
    page_says(number, "answer", text="8")
    assert number.prediction == 7 and number.input.value == "7"
