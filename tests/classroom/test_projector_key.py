"""The projector's key (issue 41): a read-only key per session, for the projector's address. Its reads
give counts, votes in no one's order and results, never a name (unless the teacher published a
tournament's standings with names); every teacher action, and every student's or member's call,
refuses it and changes nothing; another session's key, a bad key, the teacher key and a student's
token open none of its reads."""
from __future__ import annotations

import inspect

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.backends import open_backend
from changekit.classroom.schema import MIGRATIONS, migrate
from changekit.classroom.store import METHODS, ProjectorPoll, Store
from changekit.classroom.store_base import _hash

from .test_class_service import service  # noqa: F401 - the class service on a free port (a fixture)

# distinctive names: their absence from what the projector reads means something
NAMES = ("Zephyrine", "Quillon", "Marisol", "Thaddeus")
FIRST = ["3", "2", "3", "3"]
PROMPT = {"kind": "choices", "choices": ["2", "3"], "text": "2 or 3?"}
PROJECTOR_READS = ("projector_joined", "projector_polls", "projector_votes", "projector_standings",
                   "projector_report", "projector_learning", "projector_snapshot")


@pytest.fixture
def lesson(store):
    """A session with four students, a revealed poll with a marked right answer (3 of 4 right
    first, 4 of 4 in the revote), a settled auction whose revealed answer names its winners, and
    a tournament published anonymised."""
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in NAMES}
    store.open_question(code, key, "demo.q1", PROMPT)
    for name, vote in zip(NAMES, FIRST, strict=True):
        store.submit(code, tokens[name], "demo.q1", vote)
    store.mark_correct(code, key, "demo.q1", {"choices": ["3"]})
    store.start_discussion(code, key, "demo.q1")
    for name in NAMES:
        store.submit_revote(code, tokens[name], "demo.q1", "3")
    answers = store.answers(code, key, "demo.q1")
    store.reveal_question(code, key, "demo.q1", {"reading": "Three.", "predictions": list(answers.values()),
                                                 "revotes": list(store.revotes(code, key, "demo.q1").values())})
    store.open_question(code, key, "auction.1", {"kind": "auction", "text": "Class auction", "max_answers": 60})
    store.submit(code, tokens["Zephyrine"], "auction.1", [10])
    store.submit(code, tokens["Quillon"], "auction.1", [7, 1])
    store.reveal_question(code, key, "auction.1", {"kind": "auction", "bidders": 2, "cancelled": [],
                                                   "winners": [["Zephyrine", 10, 10], ["Quillon", 7, 8]]})
    store.publish_standings(code, key, "zombie", {"seed": 7, "rows": [
        {"rank": 1, "entry": "Marisol", "kind": "student", "games": 40, "win_rate": 0.5, "stopped": "Marisol's bot"},
        {"rank": 2, "entry": "greedy", "kind": "kit bot", "games": 40, "win_rate": 0.3}]}, named=False)
    return session, tokens


def every_projector_read(store, code, view):
    return [store.projector_joined(code, view), store.projector_polls(code, view),
            store.projector_votes(code, view, "auction.1"), store.projector_votes(code, view, "demo.q1"),
            store.projector_standings(code, view), store.projector_report(code, view),
            store.projector_snapshot(code, view)]


def test_the_projector_key_is_stable_its_own_and_reads_the_class_without_names(store, lesson):
    session, _ = lesson
    view = store.projector_key(session.code, session.teacher_key)
    assert view == store.projector_key(session.code, session.teacher_key)  # stable for the session
    assert view != session.teacher_key and len(view) >= 24
    other = store.open_session("Period 4")
    assert store.projector_key(other.code, other.teacher_key) != view

    assert store.projector_joined(session.code, view) == 4
    poll, auction = store.projector_polls(session.code, view)
    assert isinstance(poll, ProjectorPoll)
    assert (poll.question_id, poll.closed, poll.revealed, poll.answered, poll.revoted, poll.discussing) == (
        "demo.q1", True, True, 4, 4, True)
    assert poll.correct == {"choices": ["3"]} and poll.prompt == PROMPT
    assert poll.answer == {"reading": "Three.", "predictions": ["2", "3", "3", "3"], "revotes": ["3"] * 4}
    assert poll.revealed_at is not None and poll.opened_at > 0
    # the auction's revealed answer names its winners: the projector gets the bids, in no one's order
    assert (auction.question_id, auction.revealed, auction.answered, auction.answer) == ("auction.1", True, 2, None)
    assert store.projector_votes(session.code, view, "auction.1") == [[10], [7, 1]]
    (standings,) = store.projector_standings(session.code, view)
    assert standings["game"] == "zombie" and standings["named"] is False and standings["seed"] == 7
    assert [(r["rank"], r["entry"], r["kind"]) for r in standings["rows"]] == [
        (1, "entry 1", "student"), (2, "greedy", "kit bot")]
    assert "stopped" not in standings["rows"][0]  # a row's free text may quote a name
    (row,) = store.projector_report(session.code, view)
    assert (row.question_id, row.first_votes, row.first_right, row.revotes, row.revote_right) == (
        "demo.q1", 4, 3, 4, 4)
    assert row.first_share == 0.75 and row.gain == 1.0
    shown = repr(every_projector_read(store, session.code, view))
    assert not [name for name in NAMES if name in shown]


def test_the_projector_sees_names_only_in_standings_published_with_names(store, lesson):
    session, _ = lesson
    view = store.projector_key(session.code, session.teacher_key)
    store.publish_standings(session.code, session.teacher_key, "zombie", {"seed": 7, "rows": [
        {"rank": 1, "entry": "Marisol", "kind": "student"}]}, named=True)
    (standings,) = store.projector_standings(session.code, view)
    assert standings["named"] is True and standings["rows"] == [{"rank": 1, "entry": "Marisol", "kind": "student"}]


def test_before_the_reveal_the_projector_has_counts_but_no_answer_no_right_answer_and_no_votes(store):
    session = store.open_session("P3")
    token = store.join(session.code, "Zephyrine").token
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    store.submit(session.code, token, "demo.q1", "3")
    store.mark_correct(session.code, session.teacher_key, "demo.q1", {"choices": ["3"]})
    view = store.projector_key(session.code, session.teacher_key)
    (poll,) = store.projector_polls(session.code, view)
    assert (poll.answered, poll.revealed, poll.answer, poll.correct) == (1, False, None, None)
    with pytest.raises(ClassroomError, match="not revealed") as err:
        store.projector_votes(session.code, view, "demo.q1")
    assert err.value.reason == "not-revealed"
    assert store.projector_report(session.code, view) == []  # a share right would hint at the answer


def _arguments(method: str, code: str, secret: str) -> dict:
    """Arguments that would pass every check a method makes before its key's."""
    plausible = {"code": code, "teacher_key": secret, "secret": secret, "token": secret, "projector_key": secret,
                 "question_id": "demo.q1", "title": "x", "name": "Newcomer", "prompt": None, "answer": None,
                 "paused": True, "seconds": 30, "correct": {"choices": ["2"]}, "game": "zombie", "settings": None,
                 "result": {"seed": 1, "rows": []}, "named": True, "value": "2", "table_id": 1, "move_number": 0,
                 "action": {"seat": 0, "action": 1}, "since": 0, "known": -1,
                 "source": "def choose(view):\n    return 0\n", "confidence": "sure", "seed": 1,
                 "instances": {"Newcomer": {"seed": 1, "prompt": {"kind": "choices", "choices": ["2"]},
                                            "correct": {"choices": ["2"]}, "exact": "2"}}}
    return {name: plausible[name] for name in METHODS[method]}


#: the calls a projector key may make, besides its own reads: joining is anybody's (with a name)
NOT_REFUSED = {"open_session", "join", *PROJECTOR_READS}


def test_every_teacher_member_and_student_call_refuses_the_projector_key_and_changes_nothing(store, lesson):
    session, _ = lesson
    view = store.projector_key(session.code, session.teacher_key)
    before = store.export_csv(session.code, session.teacher_key).splitlines()[:-1]  # the report's time row moves
    before_questions = store.questions(session.code, session.teacher_key)
    refused = []
    for method in sorted(set(METHODS) - NOT_REFUSED):
        with pytest.raises(ClassroomError) as err:
            getattr(store, method)(**_arguments(method, session.code, view))
        refused.append(method)
        if "teacher_key" in METHODS[method] or "secret" in METHODS[method]:
            # said plainly: it is the projector's key, and this needs the teacher's
            assert err.value.reason == "wrong-teacher-key", method
            assert f"that is the projector key of session {session.code}" in str(err.value), method
        else:  # a student's call: the projector key is no seat
            assert err.value.reason == "unknown-student", method
    assert {"answers", "revotes", "students", "unanswered", "export_csv", "lesson_report", "reveal_question",
            "open_question", "close_session", "delete_session", "publish_standings", "projector_key", "polls",
            "classmates", "standings", "submit", "append_move"} <= set(refused)
    with pytest.raises(ClassroomError, match="projector key"):
        store.seat_owner(session.code, view)  # the class service's own check of whose a secret is
    assert store.export_csv(session.code, session.teacher_key).splitlines()[:-1] == before
    assert store.questions(session.code, session.teacher_key) == before_questions


@pytest.mark.parametrize("which", ["other session's", "made up", "teacher key", "student token", "not text"])
def test_a_key_that_is_not_this_session_s_projector_key_reads_nothing(store, lesson, which):
    session, tokens = lesson
    store.projector_key(session.code, session.teacher_key)
    other = store.open_session("Period 4")
    key = {"other session's": store.projector_key(other.code, other.teacher_key), "made up": "x" * 32,
           "teacher key": session.teacher_key, "student token": tokens["Quillon"], "not text": None}[which]
    for read in PROJECTOR_READS:
        arguments = {"question_id": "demo.q1"} if read == "projector_votes" else {}
        with pytest.raises(ClassroomError, match=f"not the projector key of session {session.code}: open the "
                                                 "projector from the dashboard's link") as err:
            getattr(store, read)(session.code, key, **arguments)
        assert err.value.reason == "wrong-projector-key"


def test_no_projector_key_until_the_teacher_asks_for_one_and_only_the_teacher_may(store):
    session = store.open_session("P3")
    student = store.join(session.code, "Zephyrine")
    with pytest.raises(ClassroomError, match="not the projector key"):
        store.projector_joined(session.code, "")
    for wrong in (student.token, "x" * 32):
        with pytest.raises(ClassroomError, match="not the teacher key") as err:
            store.projector_key(session.code, wrong)
        assert err.value.reason == "wrong-teacher-key"
    store.close_session(session.code, session.teacher_key)  # after the lesson the projector still shows it
    view = store.projector_key(session.code, session.teacher_key)
    assert store.projector_joined(session.code, view) == 1


def test_the_projector_reads_take_the_projector_key_by_name():
    """The class service checks each call by its secret's name (hub/service.py): the projector's
    reads take ``projector_key`` and no other secret, and only a teacher may make them on a hub."""
    from changekit.hub.service import MEMBER_CALLS, STUDENT_CALLS, TEACHER_CALLS

    for read in PROJECTOR_READS:
        names = tuple(inspect.signature(getattr(Store, read)).parameters)[1:]
        assert names[:2] == ("code", "projector_key") and not {"teacher_key", "secret", "token"} & set(names)
        assert read in TEACHER_CALLS and read not in STUDENT_CALLS | MEMBER_CALLS
    assert "projector_key" in TEACHER_CALLS


def test_a_store_of_version_6_gets_projector_keys_after_the_upgrade(store_url):
    backend = open_backend(store_url)
    try:
        assert migrate(backend, MIGRATIONS[:6]) == 6
        with backend.transaction(write=True) as tx:
            (session_id,) = tx.row("INSERT INTO sessions (code, title, teacher_key_hash, opened_at) "
                                   "VALUES ('ABCDEF', 'P3', ?, 1.0) RETURNING id", (_hash("key"),))
            tx.execute("INSERT INTO students (session_id, name, name_key, token_hash, joined_at) "
                       "VALUES (?, 'Ada', 'ada', ?, 2.0)", (session_id, _hash("secret")))
    finally:
        backend.close()
    with connect(store_url) as store:
        view = store.projector_key("ABCDEF", "key")
        assert store.projector_joined("ABCDEF", view) == 1
        assert store.students("ABCDEF", "key") == ["Ada"]


def test_the_projector_reads_through_the_class_service_on_a_hub(service):  # noqa: F811 - the fixture
    """On a hub the projector's page calls the class service (RemoteStore): the teacher's server
    reads the board with the projector key, records and all; a student's server is refused."""
    from changekit.classroom.store import RemoteStore

    lee, ada = RemoteStore(service, token="tok-lee"), RemoteStore(service, token="tok-ada")
    session = lee.open_session("Period 3")
    code, key = session.code, session.teacher_key
    seat = ada.join(code, "")
    lee.open_question(code, key, "demo.q1", PROMPT)
    ada.submit(code, seat.token, "demo.q1", "3")
    lee.mark_correct(code, key, "demo.q1", {"choices": ["3"]})
    lee.reveal_question(code, key, "demo.q1", {"predictions": ["3"]})
    view = lee.projector_key(code, key)
    assert view == lee.projector_key(code, key) and lee.projector_joined(code, view) == 1
    (poll,) = lee.projector_polls(code, view)
    assert isinstance(poll, ProjectorPoll) and (poll.answered, poll.answer, poll.correct) == (
        1, {"predictions": ["3"]}, {"choices": ["3"]})
    (row,) = lee.projector_report(code, view)
    assert (row.first_votes, row.first_right) == (1, 1)
    for call in (lambda: ada.projector_joined(code, view), lambda: ada.projector_key(code, key)):
        with pytest.raises(ClassroomError) as refused:
            call()
        assert refused.value.reason == "teacher-only"
    with pytest.raises(ClassroomError, match="that is the projector key") as refused:
        lee.answers(code, view, "demo.q1")
    assert refused.value.reason == "wrong-teacher-key"
