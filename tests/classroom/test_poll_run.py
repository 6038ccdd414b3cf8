"""A class poll's run after the research (issue 25): first vote, "talk to your neighbour",
revote, reveal; pause, timer, the right answer and the lesson report, in the store (on SQLite and
on PostgreSQL, see conftest)."""
from __future__ import annotations

import csv
import io
import json

import pytest

from changekit.classroom import ClassroomError
from changekit.classroom.report import ReportRow, check_correct, discussion_advice, is_right, normalised_gain

PROMPT = {"text": "Which is bigger?", "kind": "choices", "choices": ["2", "3", "4"]}


@pytest.fixture
def session(store):
    return store.open_session("Period 3")


def refused(reason):
    class Refused:
        def __enter__(self):
            return self

        def __exit__(self, kind, err, tb):
            assert isinstance(err, ClassroomError), f"expected a ClassroomError {reason!r}, got {err!r}"
            assert err.reason == reason, f"expected {reason!r}, got {err.reason!r}: {err}"
            return True
    return Refused()


def class_of(store, session, names=("Ada", "Bo", "Cy", "Di")):
    return {name: store.join(session.code, name) for name in names}


def test_a_question_s_run_keeps_both_votes_and_a_revote_replaces_only_the_revote(store, session):
    code, key = session.code, session.teacher_key
    kids = class_of(store, session)
    store.open_question(code, key, "demo.q1", PROMPT)
    with refused("no-discussion"):  # no revote before the discussion opens
        store.submit_revote(code, kids["Ada"].token, "demo.q1", "3")
    for name, vote in zip(kids, ["2", "3", "2", "4"], strict=True):
        store.submit(code, kids[name].token, "demo.q1", vote)
    (q,) = store.questions(code, key)
    assert (q.answered, q.revoted, q.discussing) == (4, 0, False)
    (poll,) = store.polls(code, kids["Ada"].token)
    assert (poll.mine, poll.discussing, poll.revote) == ("2", False, None)
    store.start_discussion(code, key, "demo.q1")
    with refused("first-vote-over"):  # the first vote is locked now
        store.submit(code, kids["Ada"].token, "demo.q1", "3")
    store.submit_revote(code, kids["Ada"].token, "demo.q1", "4")
    store.submit_revote(code, kids["Ada"].token, "demo.q1", "3")  # replaces her revote only
    store.submit_revote(code, kids["Bo"].token, "demo.q1", "3")
    assert store.answers(code, key, "demo.q1") == {"Ada": "2", "Bo": "3", "Cy": "2", "Di": "4"}
    assert store.revotes(code, key, "demo.q1") == {"Ada": "3", "Bo": "3"}
    (poll,) = store.polls(code, kids["Ada"].token)
    assert (poll.mine, poll.discussing, poll.revote) == ("2", True, "3")
    (q,) = store.questions(code, key)
    assert (q.answered, q.revoted, q.discussing) == (4, 2, True)
    assert store.unanswered(code, key, "demo.q1") == ["Cy", "Di"]  # the revote's, once discussing
    store.reveal_question(code, key, "demo.q1", {"reading": "3"})
    with refused("question-closed"):  # none after the reveal
        store.submit_revote(code, kids["Cy"].token, "demo.q1", "3")
    assert store.revotes(code, key, "demo.q1") == {"Ada": "3", "Bo": "3"}
    with refused("question-revealed"):
        store.start_discussion(code, key, "demo.q1")


def test_unanswered_is_the_first_vote_s_before_the_discussion(store, session):
    kids = class_of(store, session, ("Ada", "Bo", "Cy"))
    assert store.unanswered(session.code, session.teacher_key, "demo.q9") == ["Ada", "Bo", "Cy"]
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    store.submit(session.code, kids["Bo"].token, "demo.q1", "3")
    assert store.unanswered(session.code, session.teacher_key, "demo.q1") == ["Ada", "Cy"]
    assert store.joined_count(session.code, session.teacher_key) == 3


def test_only_the_teacher_runs_the_poll(store, session):
    ada = store.join(session.code, "Ada")
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    for call in (lambda s: store.start_discussion(session.code, s, "demo.q1"),
                 lambda s: store.pause_question(session.code, s, "demo.q1"),
                 lambda s: store.set_timer(session.code, s, "demo.q1", 60),
                 lambda s: store.mark_correct(session.code, s, "demo.q1", {"choices": ["3"]}),
                 lambda s: store.revotes(session.code, s, "demo.q1"),
                 lambda s: store.unanswered(session.code, s, "demo.q1"),
                 lambda s: store.joined_count(session.code, s),
                 lambda s: store.lesson_report(session.code, s)):
        with refused("wrong-teacher-key"):
            call(ada.token)
    (q,) = store.questions(session.code, session.teacher_key)
    assert (q.discussing, q.paused, q.deadline, q.correct) == (False, False, None, None)


def test_unknown_questions_and_a_discussion_for_the_auction_are_refused(store, session):
    code, key = session.code, session.teacher_key
    for call in (lambda: store.start_discussion(code, key, "demo.none"),
                 lambda: store.pause_question(code, key, "demo.none"),
                 lambda: store.set_timer(code, key, "demo.none", 30),
                 lambda: store.mark_correct(code, key, "demo.none", {"choices": ["3"]})):
        with refused("unknown-question"):
            call()
    store.open_question(code, key, "auction.1", {"kind": "auction", "max_answers": 3})
    with refused("no-discussion"):
        store.start_discussion(code, key, "auction.1")
    assert store.questions(code, key)[0].question_id == "auction.1" and len(store.questions(code, key)) == 1


def test_pause_refuses_votes_with_a_reason_and_resume_takes_them_again(store, session):
    code, key = session.code, session.teacher_key
    ada = store.join(code, "Ada")
    store.open_question(code, key, "demo.q1", PROMPT)
    store.pause_question(code, key, "demo.q1")
    assert store.polls(code, ada.token)[0].paused is True
    with refused("question-paused"):
        store.submit(code, ada.token, "demo.q1", "3")
    assert store.answers(code, key, "demo.q1") == {}
    store.pause_question(code, key, "demo.q1", paused=False)
    store.submit(code, ada.token, "demo.q1", "3")
    assert store.answers(code, key, "demo.q1") == {"Ada": "3"}
    store.start_discussion(code, key, "demo.q1")
    store.pause_question(code, key, "demo.q1")
    with refused("question-paused"):
        store.submit_revote(code, ada.token, "demo.q1", "2")
    store.close_question(code, key, "demo.q1")
    with refused("question-closed"):
        store.pause_question(code, key, "demo.q1")


def test_the_timer_refuses_late_votes_and_stands_still_while_paused(store, session, monkeypatch):
    from changekit.classroom import store_base

    code, key = session.code, session.teacher_key
    ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
    store.open_question(code, key, "demo.q1", PROMPT)
    clock = [1000.0]
    monkeypatch.setattr(store_base.time, "time", lambda: clock[0])
    for bad in (0, 4, 3601, True, "60", float("nan")):
        with refused("bad-timer"):
            store.set_timer(code, key, "demo.q1", bad)
    store.set_timer(code, key, "demo.q1", 60)
    assert store.questions(code, key)[0].deadline == 1060.0 == store.polls(code, ada.token)[0].deadline
    clock[0] = 1050.0
    store.pause_question(code, key, "demo.q1")
    clock[0] = 1200.0  # 150 s paused: the 10 s left stay left
    store.pause_question(code, key, "demo.q1", paused=False)
    assert store.questions(code, key)[0].deadline == 1210.0
    clock[0] = 1209.0
    store.submit(code, ada.token, "demo.q1", "3")
    clock[0] = 1211.0
    with refused("time-up"):
        store.submit(code, bo.token, "demo.q1", "3")
    assert store.answers(code, key, "demo.q1") == {"Ada": "3"}
    store.set_timer(code, key, "demo.q1", None)  # no timer: votes again
    store.submit(code, bo.token, "demo.q1", "2")
    store.set_timer(code, key, "demo.q1", 30)
    store.start_discussion(code, key, "demo.q1")  # the revote starts without a timer
    assert store.questions(code, key)[0].deadline is None


def test_opening_again_starts_a_new_round_at_the_first_vote(store, session):
    code, key = session.code, session.teacher_key
    ada = store.join(code, "Ada")
    store.open_question(code, key, "demo.q1", PROMPT)
    store.start_discussion(code, key, "demo.q1")
    store.pause_question(code, key, "demo.q1")
    store.reveal_question(code, key, "demo.q1", 3)
    assert store.polls(code, ada.token)[0].paused is False  # a revealed question is not paused
    store.open_question(code, key, "demo.q1")
    (poll,) = store.polls(code, ada.token)
    assert (poll.closed, poll.revealed, poll.discussing, poll.paused, poll.deadline) == (False, False, False, False,
                                                                                         None)
    store.submit(code, ada.token, "demo.q1", "3")


def test_the_right_answer_is_checked_kept_and_never_shown_to_students(store, session):
    code, key = session.code, session.teacher_key
    ada = store.join(code, "Ada")
    store.open_question(code, key, "demo.q1", PROMPT)
    for bad in ({"choices": []}, {"range": [5, 1]}, {"range": [1, "x"]}, "3", {"choices": ["3"], "extra": 1}):
        with refused("bad-correct"):
            store.mark_correct(code, key, "demo.q1", bad)
    store.mark_correct(code, key, "demo.q1", {"choices": ["3"]})
    assert store.questions(code, key)[0].correct == {"choices": ["3"]}
    (poll,) = store.polls(code, ada.token)
    assert poll.correct is None and poll.answer is None  # a student sees no mark before the reveal
    store.mark_correct(code, key, "demo.q1", None)
    assert store.questions(code, key)[0].correct is None
    store.mark_correct(code, key, "demo.q1", {"choices": ["3"]})
    store.reveal_question(code, key, "demo.q1")
    (poll,) = store.polls(code, ada.token)
    assert poll.correct == {"choices": ["3"]}  # from the reveal on: Check says right or wrong by it


def expected_gain(pre_right, pre_n, post_right, post_n):
    """Hake's g from the counts, written out again (not through the report module)."""
    pre, post = pre_right / pre_n, post_right / post_n
    return None if pre_right == pre_n else (post - pre) / (1 - pre)


def test_the_lesson_report_and_its_csv_rows(store, session):
    code, key = session.code, session.teacher_key
    kids = class_of(store, session, ("Ada", "Bo", "Cy", "Di", "=cmd|' /C calc'!A0"))
    tokens = [k.token for k in kids.values()]
    store.open_question(code, key, "demo.q1", PROMPT)
    for token, vote in zip(tokens, ["3", "2", "2", "3", "4"], strict=True):  # 2 of 5 right
        store.submit(code, token, "demo.q1", vote)
    store.start_discussion(code, key, "demo.q1")
    for token, vote in zip(tokens, ["3", "3", "3", "2"], strict=False):  # 3 of 4 right
        store.submit_revote(code, token, "demo.q1", vote)
    store.mark_correct(code, key, "demo.q1", {"choices": ["3"]})
    store.open_question(code, key, "demo.q2", {"text": "How many?", "kind": "number", "number": [0, 100]})
    for token, vote in zip(tokens, [40, 41.5, 39.9, 45], strict=False):  # all 4 in [40, 50]? 39.9 is not
        store.submit(code, token, "demo.q2", vote)
    store.mark_correct(code, key, "demo.q2", {"range": [40, 50]})
    store.open_question(code, key, "demo.q3", PROMPT)  # every first vote right: g undefined
    store.submit(code, tokens[0], "demo.q3", "3")
    store.start_discussion(code, key, "demo.q3")
    store.submit_revote(code, tokens[0], "demo.q3", "3")
    store.mark_correct(code, key, "demo.q3", {"choices": ["3"]})
    store.open_question(code, key, "demo.q4", PROMPT)  # no right answer marked: not in the report
    rows = store.lesson_report(code, key)
    assert rows == [ReportRow("demo.q1", 5, 2, 4, 3), ReportRow("demo.q2", 4, 3, 0, 0),
                    ReportRow("demo.q3", 1, 1, 1, 1)]
    q1, q2, q3 = rows
    assert q1.first_share == 0.4 and q1.revote_share == 0.75
    assert q1.gain == pytest.approx(expected_gain(2, 5, 3, 4)) == pytest.approx((0.75 - 0.4) / 0.6)
    assert q2.gain is None and q2.gain_note == "undefined: no revote"
    assert q3.gain is None and "every first vote was right" in q3.gain_note
    exported = list(csv.DictReader(io.StringIO(store.export_csv(code, key))))
    revotes = [(r["student"], r["question"], r["value"]) for r in exported if r["kind"] == "revote"]
    assert revotes == [("Ada", "demo.q1", '"3"'), ("Bo", "demo.q1", '"3"'), ("Cy", "demo.q1", '"3"'),
                       ("Di", "demo.q1", '"2"'), ("Ada", "demo.q3", '"3"')]
    report = {r["question"]: json.loads(r["value"]) for r in exported if r["kind"] == "report"}
    assert list(report) == ["demo.q1", "demo.q2", "demo.q3"]
    assert report["demo.q1"]["first_share"] == 0.4 and report["demo.q1"]["revote_share"] == 0.75
    assert report["demo.q1"]["gain"] == pytest.approx(0.5833333333)
    assert report["demo.q3"]["gain"] is None and report["demo.q3"]["gain_note"].startswith("undefined")
    # nothing a spreadsheet would run: no cell starts with = + @ (the name is quoted)
    cells = [cell for r in exported for cell in r.values()]
    assert all(cell[:1] not in ("=", "+", "@") for cell in cells)
    assert "'=cmd|' /C calc'!A0" in {r["student"] for r in exported}


@pytest.mark.parametrize("pre, post, expected", [
    (0.5, 0.7, 0.4), (0.4, 0.75, 0.35 / 0.6), (0.0, 0.5, 0.5), (0.8, 0.6, -1.0), (0.2, 0.2, 0.0)])
def test_normalised_gain(pre, post, expected):
    assert normalised_gain(pre, post) == pytest.approx(expected)


def test_gain_is_undefined_when_every_first_vote_is_right():
    assert normalised_gain(1.0, 1.0) is None and normalised_gain(1.0, 0.5) is None


def test_right_answers_and_the_advice_to_discuss():
    assert check_correct({"range": [1, 2]}) == {"range": [1, 2]}
    assert is_right({"choices": [3]}, "3") and is_right({"choices": ["$1"]}, "$1") and not is_right(None, "3")
    assert is_right({"range": [1, 2]}, 1) and is_right({"range": [1, 2]}, 2.0) and not is_right({"range": [1, 2]}, "1")
    assert not is_right({"range": [1, 2]}, True)
    assert "between 30 % and 70 %" in discussion_advice(0.3) and "Talk to your neighbour" in discussion_advice(0.7)
    assert "too few" in discussion_advice(0.29) and "most of the class" in discussion_advice(0.71)
    assert "Mark the right answer" in discussion_advice(None)
