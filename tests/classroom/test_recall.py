"""Issue 46: "what did the result show?" after a reveal, a quick check of the observation itself
(Miller, Lasry, Chu & Mazur 2013: about one in five of students' reports of what a demonstration
showed does not match what happened). The teacher asks it in one click once the question is revealed
and its right answer marked; each student answers once, alone, with the question's own choices or
number; the lesson report says how many recalled it wrongly, with a 95 % interval. Refused with the
reason, changing nothing: asking before the reveal or without a marked answer, a second answer,
another student's, one before it was asked, a value the question could not take; the answers count
in the per-student limits."""
from __future__ import annotations

import csv
import io
import json

import pytest

from changekit.classroom import store_limits
from changekit.classroom.dashboard import RECALL_NEEDS_MARK
from changekit.classroom.live import StudentPage, question_prompt
from changekit.classroom.report import ReportRow, recall_words, report_html, report_row
from changekit.classroom.store import METHODS, Poll, QuestionState, decode_result, encode_result
from changekit.core.errors import ClassroomError
from changekit.core.markup import escape

from .test_experiment import wilson
from .test_variant_flow import DIE, QID, die_class

NUMBER_QID = "demo.bills"


@pytest.fixture
def klass(store):
    """A class of four whose die question was voted on and revealed, its right answer not marked yet."""
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in ("Ada", "Bo", "Cy", "Di")}
    store.open_question(code, key, QID, question_prompt(QID, DIE.text, choices=DIE.how["choices"]))
    for token in tokens.values():
        store.submit(code, token, QID, "1/6")
    store.reveal_question(code, key, QID, {"summary": "1/6"})
    return store, code, key, tokens


def state(store, code, key, qid=QID):
    return next(q for q in store.questions(code, key) if q.question_id == qid)


def mine(store, code, token, qid=QID):
    return next(p for p in store.polls(code, token) if p.question_id == qid).recall


def refused(reason, call, *args):
    with pytest.raises(ClassroomError) as err:
        call(*args)
    assert err.value.reason == reason, str(err.value)
    return str(err.value)


# -- the store -------------------------------------------------------------------------------------

def test_asking_is_refused_with_the_reason_and_writes_nothing(klass):
    store, code, key, tokens = klass
    store.open_question(code, key, "demo.q2", question_prompt("demo.q2", "Next?", choices=["a", "b"]))
    store.mark_correct(code, key, "demo.q2", {"choices": ["a"]})
    assert "mark it first" in refused("no-correct", store.ask_recall, code, key, QID)
    assert "after the reveal" in refused("not-revealed", store.ask_recall, code, key, "demo.q2")
    refused("unknown-question", store.ask_recall, code, key, "demo.never")
    refused("wrong-teacher-key", store.ask_recall, code, tokens["Ada"], QID)
    # a question no page draws with choices or a number (the class auction's bids): nothing to answer with
    store.open_question(code, key, "demo.auction", {"kind": "auction", "max_answers": 60})
    store.mark_correct(code, key, "demo.auction", {"choices": ["a"]})
    store.reveal_question(code, key, "demo.auction", None)
    refused("no-recall", store.ask_recall, code, key, "demo.auction")
    assert [(q.question_id, q.recall_asked) for q in store.questions(code, key)] == [
        (QID, False), ("demo.q2", False), ("demo.auction", False)]
    assert all(p.recall is None for p in store.polls(code, tokens["Ada"]))
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.ask_recall(code, key, QID)
    assert state(store, code, key).recall_asked and mine(store, code, tokens["Ada"]) == {}
    assert "once" in refused("recall-asked", store.ask_recall, code, key, QID)
    store.close_session(code, key)
    store.reveal_question(code, key, "demo.q2", None)
    refused("session-closed", store.ask_recall, code, key, "demo.q2")


def test_each_answers_once_from_memory_and_the_report_counts_who_recalled_wrongly(klass):
    store, code, key, tokens = klass
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.ask_recall(code, key, QID)
    assert store.submit_recall(code, tokens["Ada"], QID, "1/6") == {"right": True, "correct": {"choices": ["1/6"]}}
    assert store.submit_recall(code, tokens["Bo"], QID, "2/6")["right"] is False
    assert store.submit_recall(code, tokens["Cy"], QID, "1/5")["right"] is False
    assert mine(store, code, tokens["Ada"]) == {"answer": "1/6", "right": True}
    assert mine(store, code, tokens["Bo"]) == {"answer": "2/6", "right": False}
    assert mine(store, code, tokens["Di"]) == {}  # asked, not answered
    assert store.recalls(code, key, QID) == {"Ada": "1/6", "Bo": "2/6", "Cy": "1/5"}
    assert (state(store, code, key).recall_asked, state(store, code, key).recalled) == (True, 3)
    (row,) = store.lesson_report(code, key)
    assert (row.recall_asked, row.recalls, row.recalled_wrong) == (True, 3, 2)
    low, high = wilson(2, 3)
    assert (row.recall_wrong.low, row.recall_wrong.high) == pytest.approx((low, high))
    rows = list(csv.DictReader(io.StringIO(store.export_csv(code, key))))
    recall_rows = [(r["student"], r["question"], json.loads(r["value"])) for r in rows if r["kind"] == "recall"]
    assert recall_rows == [("Ada", QID, {"answer": "1/6", "right": True}),
                           ("Bo", QID, {"answer": "2/6", "right": False}),
                           ("Cy", QID, {"answer": "1/5", "right": False})]
    (report,) = [json.loads(r["value"]) for r in rows if r["kind"] == "report"]
    assert (report["recalls"], report["recalled_wrong"], report["recalled_wrong_share"]) == (3, 2, pytest.approx(2 / 3))
    assert (report["recalled_wrong_low"], report["recalled_wrong_high"]) == pytest.approx((low, high))


def test_answers_are_refused_with_the_reason_and_change_nothing(klass):
    store, code, key, tokens = klass
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    assert "not asked" in refused("recall-not-asked", store.submit_recall, code, tokens["Ada"], QID, "1/6")
    store.ask_recall(code, key, QID)
    for bad in ("1/7", "", None, True, ["1/6"], {"answer": "1/6"}, 6):
        assert "one of its choices" in refused("bad-recall", store.submit_recall, code, tokens["Ada"], QID, bad)
    refused("recall-not-asked", store.submit_recall, code, tokens["Ada"], "demo.never", "1/6")
    # the refusal names the value sent, not a rounding of it (a security review found '1' for 1.0)
    assert "not '1.0'" in refused("bad-recall", store.submit_recall, code, tokens["Ada"], QID, 1.0)
    # Bo's seat with Ada's secret: Ada cannot answer for Bo
    forged = tokens["Bo"].split(".")[0] + "." + tokens["Ada"].split(".")[1]
    refused("unknown-student", store.submit_recall, code, forged, QID, "1/6")
    refused("unknown-student", store.submit_recall, code, key, QID, "1/6")  # the teacher answers for nobody
    assert store.recalls(code, key, QID) == {} and state(store, code, key).recalled == 0
    store.submit_recall(code, tokens["Ada"], QID, "2/6")
    assert "one answer" in refused("recall-answered", store.submit_recall, code, tokens["Ada"], QID, "1/6")
    assert store.recalls(code, key, QID) == {"Ada": "2/6"}  # the first stays
    store.close_session(code, key)
    refused("session-closed", store.submit_recall, code, tokens["Bo"], QID, "1/6")
    assert store.recalls(code, key, QID) == {"Ada": "2/6"}


def test_opening_the_question_again_takes_the_recall_back_until_the_next_reveal(klass):
    """A security review: after a reopen with a new right answer, "what did it show?" stayed asked,
    and a student's answer to it came back with the new right answer before anyone saw it."""
    store, code, key, tokens = klass
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.ask_recall(code, key, QID)
    store.submit_recall(code, tokens["Ada"], QID, "1/6")
    store.open_question(code, key, QID, question_prompt(QID, "Another die?", choices=["x", "z"]))
    store.mark_correct(code, key, QID, {"choices": ["z"]})
    refused("recall-not-asked", store.submit_recall, code, tokens["Bo"], QID, "x")
    assert not state(store, code, key).recall_asked
    assert mine(store, code, tokens["Ada"]) is None and mine(store, code, tokens["Bo"]) is None
    assert all(p.correct is None for p in store.polls(code, tokens["Bo"]) if p.question_id == QID)
    assert store.recalls(code, key, QID) == {"Ada": "1/6"}  # the answer given in the first round stays
    store.reveal_question(code, key, QID, None)
    store.ask_recall(code, key, QID)  # the new round's reveal may be asked about again
    assert store.submit_recall(code, tokens["Bo"], QID, "z") == {"right": True, "correct": {"choices": ["z"]}}


def test_a_number_question_takes_a_number_in_its_range_right_by_the_marked_range(store):
    session = store.open_session("P3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in ("Ada", "Bo")}
    store.open_question(code, key, NUMBER_QID, question_prompt(NUMBER_QID, "How many bills?", number=[0, 50]))
    store.mark_correct(code, key, NUMBER_QID, {"range": [30, 40]})
    store.reveal_question(code, key, NUMBER_QID, None)
    store.ask_recall(code, key, NUMBER_QID)
    for bad in (51, -1, "35", None, [35]):
        refused("bad-recall", store.submit_recall, code, tokens["Ada"], NUMBER_QID, bad)
    assert "not 50.0000001" in refused("bad-recall", store.submit_recall, code, tokens["Ada"], NUMBER_QID, 50.0000001)
    assert store.submit_recall(code, tokens["Ada"], NUMBER_QID, 40)["right"] is True  # the range's end is in
    assert store.submit_recall(code, tokens["Bo"], NUMBER_QID, 29.5)["right"] is False
    (row,) = store.lesson_report(code, key)
    assert (row.recalls, row.recalled_wrong) == (2, 1)


def test_answers_count_in_the_per_student_limit(klass, monkeypatch):
    store, code, key, tokens = klass
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.ask_recall(code, key, QID)
    store.open_question(code, key, "demo.q2", question_prompt("demo.q2", "Next?", choices=["a", "b"]))
    store.mark_correct(code, key, "demo.q2", {"choices": ["a"]})
    store.reveal_question(code, key, "demo.q2", None)
    store.ask_recall(code, key, "demo.q2")
    monkeypatch.setattr(store_limits, "MAX_ANSWERS_PER_STUDENT", 1)
    store.submit_recall(code, tokens["Ada"], QID, "1/6")
    refused("too-many-answers", store.submit_recall, code, tokens["Ada"], "demo.q2", "a")
    assert store.recalls(code, key, "demo.q2") == {}
    store.submit_recall(code, tokens["Bo"], "demo.q2", "a")  # another student's room is their own


def test_the_class_service_carries_the_new_calls():
    from changekit.hub.service import STUDENT_CALLS, TEACHER_CALLS

    assert METHODS["ask_recall"] == ("code", "teacher_key", "question_id")
    assert METHODS["submit_recall"] == ("code", "token", "question_id", "value")
    assert {"ask_recall", "recalls"} <= TEACHER_CALLS and "submit_recall" in STUDENT_CALLS
    records = [QuestionState(QID, True, 3, True, recall_asked=True, recalled=2),
               Poll(QID, None, True, True, recall={"answer": "1/6", "right": True}),
               ReportRow(QID, 4, 3, 0, 0, True, 5, 1)]
    for record in records:
        assert decode_result(json.loads(json.dumps(encode_result(record)))) == record


# -- the report's numbers, worked out here -----------------------------------------------------------

def test_the_report_row_counts_wrong_recalls_with_a_wilson_interval():
    choices = report_row("q1", {"choices": ["1/6"]}, ["1/6"] * 4, [], ["1/6", "2/6", "1/6", "1/5", "1/6"])
    assert (choices.recall_asked, choices.recalls, choices.recalled_wrong) == (True, 5, 2)
    numbers = report_row("q2", {"range": [30, 40]}, [35], [], [30, 40, 41, 29.9, 35.5, "35"])
    assert (numbers.recalls, numbers.recalled_wrong) == (6, 3)  # 41, 29.9, and text that is no number
    not_asked = report_row("q3", {"choices": ["a"]}, ["a"], [])
    assert (not_asked.recall_asked, not_asked.recall_wrong, recall_words(not_asked)) == (False, None, "not asked")
    asked_empty = report_row("q4", {"choices": ["a"]}, ["a"], [], [])
    assert asked_empty.recall_asked and recall_words(asked_empty) == "asked; no answer yet"
    low, high = wilson(2, 5)  # 0.1176, 0.7693
    assert (choices.recall_wrong.low, choices.recall_wrong.high) == pytest.approx((low, high))
    expected = f"recalled wrongly: 2 of 5 (40 %, 95 % interval {round(low * 100)} % to {round(high * 100)} %)"
    assert recall_words(choices) == expected == "recalled wrongly: 2 of 5 (40 %, 95 % interval 12 % to 77 %)"
    table = report_html([choices, not_asked])
    assert "<th>What the result showed</th>" in table
    assert f"<td>{escape(recall_words(choices))}</td>" in table and "<td>not asked</td>" in table
    assert choices.as_dict()["recalled_wrong_share"] == 0.4 and not_asked.as_dict()["recalled_wrong_share"] is None


# -- the pages: the teacher's click, the students' answers, the report's row -------------------------

@pytest.fixture
def pages(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with die_class(tmp_path) as made:
        yield made


def test_the_teacher_asks_in_one_click_each_student_answers_from_memory_and_the_report_says_it(pages):
    store, board, students = pages
    code = board.session.code
    row = board.rows[QID]
    assert row.recall_button.disabled and row.recall_note.value == ""  # nothing revealed yet
    row.open_button.click()
    for page in students.values():
        page.link.refresh()
        page.link.questions[QID].predict("1/6", "sure")
    board.reveal(QID)
    board.poller.tick()
    # revealed with no right answer marked: the button waits and the row says why
    assert row.recall_button.disabled and escape(RECALL_NEEDS_MARK) in row.recall_note.value
    board.click(board.asking_recall, QID)
    assert escape(RECALL_NEEDS_MARK) in board.message.value
    assert not any(q.recall_asked for q in store.questions(code, board.session.teacher_key))
    row.right.value = "1/6"  # the teacher marks it
    board.poller.tick()
    assert not row.recall_button.disabled and row.recall_note.value == ""
    row.recall_button.click()  # the one click
    assert "asks what the result of" in board.message.value and row.recall_button.disabled
    assert "what it showed: 0 answered" in row.count.value
    for page in students.values():
        page.link.refresh()
        recall = page._recalls[QID]
        question = page._built[QID]
        # on top, alone: the question with its result is out of sight until it is answered
        assert page.current.children[0] is recall.widget and question.widget not in page.current.children
        assert recall.check_button.layout.display == "none" and recall.confidence_input is None
        assert "What did the result show?" in recall.text
    students["Ada"]._recalls[QID].predict("1/6")
    assert "You remembered it right" in students["Ada"]._recalls[QID].said
    students["Bo"]._recalls[QID].predict("2/6")
    said = students["Bo"]._recalls[QID].said
    assert "Not what it showed" in said and "the result showed <b>1/6</b>" in said
    students["Bo"].link.refresh()
    assert students["Bo"].current.children[0] is students["Bo"]._built[QID].widget  # the result back in sight
    board.poller.tick()
    assert "what it showed: 2 answered" in row.count.value
    # a reload: the answer and its verdict as they were; it cannot be given again
    again = StudentPage(store, live=False)
    again._connect(type(students["Bo"].link).rejoin(store, code, students["Bo"].link.token))
    restored = again._recalls[QID]
    assert restored.prediction == "2/6" and "Not what it showed" in restored.said and restored.lock_button.disabled
    # the report: 1 of the 2 who answered recalled it wrongly, with Wilson's interval worked out here
    board.report()
    low, high = wilson(1, 2)
    expected = f"recalled wrongly: 1 of 2 (50 %, 95 % interval {round(low * 100)} % to {round(high * 100)} %)"
    assert expected == "recalled wrongly: 1 of 2 (50 %, 95 % interval 9 % to 91 %)"
    assert f"<td>{escape(expected)}</td>" in board.report_html.value
    recall_rows = [r for r in csv.DictReader(io.StringIO(board.export())) if r["kind"] == "recall"]
    assert [(r["student"], json.loads(r["value"])["right"]) for r in recall_rows] == [("Ada", True), ("Bo", False)]
