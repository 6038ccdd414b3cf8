"""Issue 46: the learning report, per question and for the lesson. Matched students (voted first
and answered their own variant); right on the first vote, after the revote and on their own
variant, each with a 95 % Wilson interval; knew / learned / copied / still wrong; Hake's g with a
seeded bootstrap interval; sure-and-wrong answers. A table on the dashboard, counts only on the
projector (never a name), rows in the CSV. The expected figures are counted by hand below."""
from __future__ import annotations

import csv
import io
import json
import math

import pytest

from changekit.classroom.dashboard import Dashboard, _QuestionRow
from changekit.classroom.live import question_prompt
from changekit.classroom.projector import Projector
from changekit.classroom.report import (LESSON, LearningRow, Matched, bootstrap_gain, learning_headline,
                                        learning_figure, learning_html, learning_row)
from changekit.classroom.store import decode_result, encode_result
from changekit.classroom.variant_round import send_variants

from .test_variant_flow import DIE, QID, own, right_choice, wrong_choice

Z = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval, written out here from its formula."""
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


#: name: (first vote and how sure, revote and how sure or None, own variant right? and how sure, or None)
CLASS = {
    "Ada": (("1/6", "sure"), None, (True, "sure")),  # knew
    "Bo": (("2/6", "sure"), ("1/6", "fairly sure"), (True, "guess")),  # learned
    "Cy": (("2/6", "sure"), ("1/6", "sure"), (False, "sure")),  # copied
    "Di": (("1/5", "guess"), ("1/5", "sure"), (False, None)),  # still wrong
    "Ed": (("1/6", "fairly sure"), ("1/6", "sure"), (False, "fairly sure")),  # copied (right first, not on own)
    "Flo": (("2/6", "sure"), None, None),  # no variant answered: not matched
    "Gus": (None, None, (True, "sure")),  # no first vote: not matched
}


@pytest.fixture
def lesson(store):
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in CLASS}
    store.open_question(code, key, QID, question_prompt(QID, DIE.text, choices=DIE.how["choices"]))
    for name, (first, _, _) in CLASS.items():
        if first:
            store.submit(code, tokens[name], QID, *first)
    store.start_discussion(code, key, QID)
    for name, (_, revote, _) in CLASS.items():
        if revote:
            store.submit_revote(code, tokens[name], QID, *revote)
    store.mark_correct(code, key, QID, {"choices": ["1/6"]})
    store.reveal_question(code, key, QID, {"summary": "1/6"})
    send_variants(store, code, key, DIE, round_seed=46)
    for name, (_, _, answer) in CLASS.items():
        if answer:
            mine = own(store, code, tokens[name])
            pick = right_choice(mine["prompt"]) if answer[0] else wrong_choice(mine["prompt"])
            store.submit_variant(code, tokens[name], QID, mine["seed"], pick, answer[1])
    return store, session


def test_the_report_counts_as_counted_by_hand(lesson):
    store, session = lesson
    rows = store.learning_report(session.code, session.teacher_key)
    assert [r.question_id for r in rows] == [QID, LESSON]
    row = rows[0]
    assert row.n == 5
    counted = {"first": 2, "after": 4, "own": 2, "knew": 1, "learned": 1, "copied": 2, "still_wrong": 1}
    for name, count in counted.items():
        share = getattr(row, name)
        assert (share.count, share.n) == (count, 5), name
        assert (share.low, share.high) == pytest.approx(wilson(count, 5)), name
    assert row.gain == pytest.approx(0.0)  # (2/5 - 2/5) / (1 - 2/5)
    assert row.gain_low <= row.gain <= row.gain_high
    # Bo, Cy, Flo's first votes and Di's revote said "sure" and wrong; Cy's own variant too
    assert row.sure_wrong == 5
    assert row.sure_wrong_answers == (("2/6", 3), ("1/5", 1))
    lesson_row = rows[1]
    assert (lesson_row.n, lesson_row.learned.count, lesson_row.copied.count, lesson_row.sure_wrong) == (5, 1, 2, 5)
    assert store.learning_report(session.code, session.teacher_key) == rows  # the bootstrap is seeded


def test_matched_students_fall_in_exactly_one_kind():
    kinds = {(first, after, own_right): Matched(first, after, own_right).kind
             for first in (False, True) for after in (False, True) for own_right in (False, True)}
    assert kinds == {(True, True, True): "knew", (True, False, True): "knew",
                     (False, True, True): "learned", (False, False, True): "learned",
                     (True, True, False): "copied", (False, True, False): "copied",
                     (True, False, False): "still wrong", (False, False, False): "still wrong"}


def test_hakes_g_and_its_bootstrap_interval():
    matched = [Matched(False, True, True)] * 12 + [Matched(False, True, False)] * 4 + [Matched(True, True, True)] * 4
    row = learning_row("demo.q", matched)
    pre, post = 4 / 20, 16 / 20
    assert row.gain == pytest.approx((post - pre) / (1 - pre))
    assert row.gain_low < row.gain < row.gain_high
    assert bootstrap_gain(matched, seed=1) == bootstrap_gain(matched, seed=1)
    seeded = learning_row("demo.q", matched, seed=5)
    assert (seeded.gain_low, seeded.gain_high) == bootstrap_gain(matched, seed=5)
    # the percentile interval of 2,000 resamples, against the normal one: close, as they should be here
    se = math.sqrt(post * (1 - post) / 20 + pre * (1 - pre) / 20) / (1 - pre)
    assert row.gain_low == pytest.approx(row.gain - Z * se, abs=0.1)
    assert row.gain_high == pytest.approx(min(1.0, row.gain + Z * se), abs=0.1)
    wider = learning_row("demo.q", matched[::4])  # a fifth of the class: a wider interval
    assert wider.gain_high - wider.gain_low > row.gain_high - row.gain_low
    every_first_right = learning_row("demo.q", [Matched(True, True, False)] * 3)
    assert every_first_right.gain is None and "every first vote was right" in every_first_right.gain_note
    empty = learning_row("demo.q", [])
    assert empty.n == 0 and empty.gain is None and empty.first.share is None and "no student" in empty.gain_note


def test_the_row_travels_through_the_class_service_as_it_is(lesson):
    store, session = lesson
    rows = store.learning_report(session.code, session.teacher_key)
    assert decode_result(json.loads(json.dumps(encode_result(rows)))) == rows
    assert isinstance(rows[0], LearningRow)


def test_the_csv_has_a_learning_row_per_question_and_the_lesson(lesson):
    store, session = lesson
    exported = [r for r in csv.DictReader(io.StringIO(store.export_csv(session.code, session.teacher_key)))
                if r["kind"] == "learning"]
    assert [r["question"] for r in exported] == [QID, ""]
    figures = json.loads(exported[0]["value"])
    assert figures["matched"] == 5 and figures["learned"]["count"] == 1 and figures["copied"]["count"] == 2
    assert figures["own_variant"]["low"] == pytest.approx(wilson(2, 5)[0])
    assert figures["sure_wrong"] == 5 and figures["sure_wrong_answers"] == [["2/6", 3], ["1/5", 1]]


def test_the_dashboard_shows_the_table_and_the_projector_counts_only(lesson, monkeypatch):
    store, session = lesson
    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    board.resume(session.code, session.teacher_key)
    board.lesson = {QID: DIE}
    board.rows = {QID: _QuestionRow(board, DIE)}
    board.report()
    table = board.learning_html.value
    assert "<th>Learned</th>" in table and "<th>Copied</th>" in table and "The lesson" in table
    assert f'<th scope="row">{QID}</th><td>5</td><td>2 (40%' in table
    # and as a chart: one stacked bar per question (the lesson's own row left out), counts from above
    chart = board.learning_chart.figure
    assert [(t.name, list(t.x), list(t.y)) for t in chart.data] == [
        ("knew", [QID], [1]), ("learned", [QID], [1]), ("copied", [QID], [2]), ("still wrong", [QID], [1])]
    assert board.learning_chart.widget.layout.display is None
    projector = Projector(store, live=False)
    projector.open(session.code, store.projector_key(session.code, session.teacher_key))
    state = projector.fetch()
    shown = projector.draw(state)
    assert learning_headline(state.learning[0]) in shown
    assert "knew 1, learned 1, copied 2, still wrong 1" in shown
    assert not any(name in shown for name in CLASS)  # never a name
    assert store.projector_learning(session.code, projector.key) == store.learning_report(session.code,
                                                                                          session.teacher_key)


def test_typed_answers_in_the_table_are_text_not_markup():
    row = learning_row("demo.q", [Matched(False, False, False)], 1, [("<b>x</b>", 1)])
    assert "&lt;b&gt;x&lt;/b&gt;" in learning_html([row]) and "<b>x</b>" not in learning_html([row])


def test_the_learning_chart_leaves_out_the_lesson_and_questions_nobody_answered():
    answered = learning_row("demo.q1", [Matched(True, True, True), Matched(False, True, False)])
    nobody = learning_row("demo.q2", [])
    lesson = learning_row(LESSON, [Matched(True, True, True), Matched(False, True, False)])
    figure = learning_figure([answered, nobody, lesson])
    assert [(t.name, list(t.x), list(t.y)) for t in figure.data] == [
        ("knew", ["demo.q1"], [1]), ("learned", ["demo.q1"], [0]), ("copied", ["demo.q1"], [1]),
        ("still wrong", ["demo.q1"], [0])]
    assert figure.layout.barmode == "stack"
    assert learning_figure([nobody, lesson]) is None  # nothing to draw: no chart
