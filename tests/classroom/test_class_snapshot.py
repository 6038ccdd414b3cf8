"""One class snapshot per tick (issue 45): the teacher's dashboard read 2 + 2k times a tick for k
questions taking votes (students, questions, and each question's votes and who has not voted), the
projector 5 times, each a transaction re-checking its key, and on a hub each an HTTP call. Now one
read each gives it all, the same as the separate reads, and crosses the class service whole."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.classroom.dashboard import Dashboard
from changekit.classroom.projector import Projector, projector_address
from changekit.classroom.store import ClassSnapshot, ProjectorSnapshot, decode_result, encode_result


@pytest.fixture
def store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as opened:
        yield opened


def class_in_progress(store):
    """Three students; q1 taking first votes (two in), q2 in its discussion (one revote in), q3 closed."""
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    ada, bo, _cy = (store.join(code, name) for name in ("Ada", "Bo", "Cy"))
    for qid in ("zombie.q1", "zombie.q2", "zombie.q3"):
        store.open_question(code, key, qid, {"qid": qid, "text": "?", "kind": "choices", "choices": ["$1", "$3"]})
    store.submit(code, ada.token, "zombie.q1", "$1")
    store.submit(code, bo.token, "zombie.q1", "$3")
    store.submit(code, ada.token, "zombie.q2", "$3")
    store.start_discussion(code, key, "zombie.q2")
    store.submit_revote(code, bo.token, "zombie.q2", "$1")
    store.close_question(code, key, "zombie.q3")
    return session


def test_one_read_gives_what_the_separate_reads_give(store):
    session = class_in_progress(store)
    code, key = session.code, session.teacher_key
    snapshot = store.class_snapshot(code, key)
    assert snapshot.students == store.students(code, key) == ["Ada", "Bo", "Cy"]
    assert snapshot.questions == store.questions(code, key)
    assert snapshot.answers == {"zombie.q1": {"Ada": "$1", "Bo": "$3"}, "zombie.q2": {"Ada": "$3"}}
    assert snapshot.unanswered == {"zombie.q1": ["Cy"], "zombie.q2": ["Ada", "Cy"]}  # q2: its revote
    for qid in ("zombie.q1", "zombie.q2"):
        assert snapshot.answers[qid] == store.answers(code, key, qid)
        assert snapshot.unanswered[qid] == store.unanswered(code, key, qid)


def test_the_snapshot_crosses_the_class_service_whole(store):
    session = class_in_progress(store)
    snapshot = store.class_snapshot(session.code, session.teacher_key)
    again = decode_result(encode_result(snapshot))  # what RemoteStore gets back from the service's JSON
    assert isinstance(again, ClassSnapshot) and again == snapshot


def test_a_student_token_gets_no_snapshot(store):
    session = class_in_progress(store)
    ada = store.join(session.code, "Dee")
    with pytest.raises(Exception, match="teacher"):
        store.class_snapshot(session.code, ada.token)


def test_a_dashboard_tick_is_one_store_call(store, monkeypatch):
    calls: list[str] = []

    class Counting:
        """The store, counting the calls a page makes of it."""

        def __getattr__(self, name):
            method = getattr(store, name)
            if not callable(method):
                return method

            def counted(*args, **kwargs):
                calls.append(name)
                return method(*args, **kwargs)
            return counted

    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(Counting(), lesson="zombie.ipynb", live=False)
    board.title_box.value = "Period 3"
    board.open_button.click()
    code = board.session.code
    ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
    board.rows["zombie.q1"].open_button.click()
    board.rows["zombie.q2"].open_button.click()
    store.submit(code, ada.token, "zombie.q1", "$1")
    calls.clear()
    board.poller.tick()
    assert calls == ["class_snapshot"], calls  # before: students, questions, and 2 for each open question
    assert board.students == ["Ada", "Bo"] and "Bo" in board.details["zombie.q1"]  # Bo has not voted yet
    assert bo.name == "Bo"


def test_the_projectors_one_read_gives_what_its_separate_reads_give(store):
    session = class_in_progress(store)
    code, key = session.code, session.teacher_key
    store.mark_correct(code, key, "zombie.q3", {"choices": ["$1"]})
    store.reveal_question(code, key, "zombie.q3", {"reading": "The small bills win."})
    view = store.projector_key(code, key)
    snapshot = store.projector_snapshot(code, view)
    assert snapshot.joined == store.projector_joined(code, view) == 3
    assert snapshot.polls == store.projector_polls(code, view)
    assert snapshot.standings == store.projector_standings(code, view)
    assert snapshot.report == store.projector_report(code, view)
    assert snapshot.learning == store.projector_learning(code, view)
    assert [p.question_id for p in snapshot.polls] == ["zombie.q1", "zombie.q2", "zombie.q3"]
    again = decode_result(encode_result(snapshot))
    assert isinstance(again, ProjectorSnapshot) and again == snapshot
    assert "Ada" not in repr(snapshot)  # counts, never a name


def test_a_projector_tick_is_one_store_call(store, monkeypatch):
    from urllib.parse import urlsplit

    session = class_in_progress(store)
    view = store.projector_key(session.code, session.teacher_key)
    calls: list[str] = []

    class Counting:
        def __getattr__(self, name):
            method = getattr(store, name)

            def counted(*args, **kwargs):
                calls.append(name)
                return method(*args, **kwargs)
            return counted

    monkeypatch.setenv("QUERY_STRING", urlsplit(projector_address(session.code, view)).query)
    board = Projector(Counting(), live=False)
    calls.clear()
    board.apply(board.fetch())
    assert calls == ["projector_snapshot"], calls  # before: joined, polls, standings, report, learning
    assert board.state is not None and board.state.joined == 3
