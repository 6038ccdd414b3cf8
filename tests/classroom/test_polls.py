"""Class polls in the store: the prompt a question opens with, Reveal, and what each member sees
(on SQLite and on PostgreSQL, see conftest)."""
from __future__ import annotations

import pytest

from changekit.classroom import ClassroomError, Poll, QuestionState

PROMPT = {"text": "Which is bigger?", "kind": "choices", "choices": ["2", "3"]}


@pytest.fixture
def session(store):
    return store.open_session("Period 3")


def test_a_student_sees_the_prompt_and_their_own_answer_but_not_the_answer_before_reveal(store, session):
    ada, bo = store.join(session.code, "Ada"), store.join(session.code, "Bo")
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    store.submit(session.code, ada.token, "demo.q1", "3")
    assert store.polls(session.code, ada.token) == [Poll("demo.q1", PROMPT, False, False, None, "3")]
    assert store.polls(session.code, bo.token) == [Poll("demo.q1", PROMPT, False, False, None, None)]
    assert store.polls(session.code, session.teacher_key) == [Poll("demo.q1", PROMPT, False, False, None, None)]
    assert store.questions(session.code, session.teacher_key) == [QuestionState("demo.q1", False, 1, False)]


def test_reveal_closes_the_question_and_shows_everyone_the_answer(store, session):
    ada = store.join(session.code, "Ada")
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    store.submit(session.code, ada.token, "demo.q1", "2")
    store.reveal_question(session.code, session.teacher_key, "demo.q1", {"html": "<b>3</b>"})
    assert store.polls(session.code, ada.token) == [Poll("demo.q1", PROMPT, True, True, {"html": "<b>3</b>"}, "2")]
    assert store.questions(session.code, session.teacher_key) == [QuestionState("demo.q1", True, 1, True)]
    with pytest.raises(ClassroomError, match="closed") as caught:
        store.submit(session.code, ada.token, "demo.q1", "3")
    assert caught.value.reason == "question-closed"
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {"Ada": "2"}


def test_opening_again_hides_the_answer_and_keeps_the_prompt(store, session):
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    store.reveal_question(session.code, session.teacher_key, "demo.q1", 3)
    store.open_question(session.code, session.teacher_key, "demo.q1")
    assert store.polls(session.code, session.teacher_key) == [Poll("demo.q1", PROMPT, False, False, None, None)]
    store.close_question(session.code, session.teacher_key, "demo.q1")
    assert store.polls(session.code, session.teacher_key) == [Poll("demo.q1", PROMPT, True, False, None, None)]


def test_a_question_revealed_without_opening_it_first(store, session):
    store.reveal_question(session.code, session.teacher_key, "demo.q2", 7)
    assert store.polls(session.code, session.teacher_key) == [Poll("demo.q2", None, True, True, 7, None)]


def test_only_the_teacher_reveals_and_only_members_read_polls(store, session):
    ada = store.join(session.code, "Ada")
    store.open_question(session.code, session.teacher_key, "demo.q1", PROMPT)
    for secret in (ada.token, "nonsense", session.teacher_key + "x"):
        with pytest.raises(ClassroomError) as caught:
            store.reveal_question(session.code, secret, "demo.q1", 3)
        assert caught.value.reason == "wrong-teacher-key"
        with pytest.raises(ClassroomError):
            store.open_question(session.code, secret, "demo.q1", PROMPT)
    with pytest.raises(ClassroomError) as caught:
        store.polls(session.code, "nonsense")
    assert caught.value.reason == "unknown-player"
    other = store.open_session("Period 4")
    with pytest.raises(ClassroomError) as caught:
        store.polls(other.code, ada.token)
    assert caught.value.reason == "unknown-player"
    assert store.polls(session.code, ada.token)[0].revealed is False


def test_prompt_and_answer_must_be_small_json(store, session):
    with pytest.raises(ClassroomError) as caught:
        store.open_question(session.code, session.teacher_key, "demo.q1", {"text": "x" * 5000})
    assert caught.value.reason == "value-too-large"
    with pytest.raises(ClassroomError) as caught:
        store.reveal_question(session.code, session.teacher_key, "demo.q1", {1, 2})
    assert caught.value.reason == "bad-value"
    assert store.polls(session.code, session.teacher_key) == []
