"""The strategy lab in the class store: each student's bot per game, and published standings."""
from __future__ import annotations

import pytest

from changekit.core.errors import ClassroomError

BOT = "def choose(view, legal, rng):\n    return legal[0]\n"
OTHER = "def choose(view, legal, rng):\n    return legal[-1]\n"


@pytest.fixture
def klass(store):
    session = store.open_session("Period 3")
    ada, bo = store.join(session.code, "Ada"), store.join(session.code, "Bo")
    return store, session, ada, bo


def test_a_new_submission_replaces_the_old_and_the_teacher_sees_every_source(klass):
    store, session, ada, bo = klass
    first = store.submit_bot(session.code, ada.token, "zombie", BOT)
    store.submit_bot(session.code, bo.token, "zombie", BOT)
    again = store.submit_bot(session.code, ada.token, "zombie", OTHER)
    assert first.digest != again.digest and again.student == "Ada"
    bots = store.bots(session.code, session.teacher_key, "zombie")
    assert [(b.student, b.source) for b in bots] == [("Ada", OTHER), ("Bo", BOT)]
    assert store.bots(session.code, session.teacher_key, "boneyard") == []


def test_a_student_sees_only_their_own_bot(klass):
    store, session, ada, bo = klass
    store.submit_bot(session.code, ada.token, "zombie", BOT)
    store.submit_bot(session.code, bo.token, "zombie", OTHER)
    mine = store.bots(session.code, bo.token, "zombie")
    assert [(b.student, b.source) for b in mine] == [("Bo", OTHER)]


@pytest.mark.parametrize("source, words", [
    ("def choose(view, legal, rng)\n    return 1\n", "line 1:"),
    ("print('hi')\n", "defines no choose"),
    ("#" * 20_001, "at most 20,000"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_bad_bots_are_refused_and_nothing_is_stored(klass, source, words):
    store, session, ada, _ = klass
    with pytest.raises(ClassroomError, match=words) as err:
        store.submit_bot(session.code, ada.token, "zombie", source)
    assert err.value.reason == "bad-bot"
    assert store.bots(session.code, session.teacher_key, "zombie") == []


def test_only_joined_students_submit_and_only_to_a_game_of_the_kit(klass):
    store, session, ada, _ = klass
    with pytest.raises(ClassroomError, match="seat link is not valid"):
        store.submit_bot(session.code, "1.nope", "zombie", BOT)
    with pytest.raises(ClassroomError, match="no game called 'chess'"):
        store.submit_bot(session.code, ada.token, "chess", BOT)
    store.close_session(session.code, session.teacher_key)
    with pytest.raises(ClassroomError, match="is closed"):
        store.submit_bot(session.code, ada.token, "zombie", BOT)


def test_standings_are_shown_named_or_not_and_each_student_finds_their_own_row(klass):
    store, session, ada, bo = klass
    assert store.standings(session.code, ada.token, "zombie") is None
    result = {"seed": 7, "rows": [{"rank": 1, "entry": "Bo", "kind": "student", "win_rate": 0.5},
                                  {"rank": 2, "entry": "greedy bot", "kind": "kit bot", "win_rate": 0.3},
                                  {"rank": 2, "entry": "Ada", "kind": "student", "win_rate": 0.2}]}
    store.publish_standings(session.code, session.teacher_key, "zombie", result, named=False)
    seen = store.standings(session.code, ada.token, "zombie")
    assert seen["seed"] == 7
    assert [(r["entry"], r["you"]) for r in seen["rows"]] == [("entry 1", False), ("greedy bot", False), ("you", True)]
    assert "Bo" not in str(seen)
    assert store.standings(session.code, session.teacher_key, "zombie") == result
    store.publish_standings(session.code, session.teacher_key, "zombie", result, named=True)
    named = store.standings(session.code, bo.token, "zombie")["rows"]
    assert [r["entry"] for r in named] == ["Bo", "greedy bot", "Ada"]


@pytest.mark.parametrize("result", [None, {"rows": "no"}, {"rows": [{"name": "x"}]},
                                    {"rows": [{"entry": "x" * 300_000}]}])
def test_bad_standings_are_refused(klass, result):
    store, session, _, _ = klass
    with pytest.raises(ClassroomError):
        store.publish_standings(session.code, session.teacher_key, "zombie", result, named=True)
    assert store.standings(session.code, session.teacher_key, "zombie") is None


def test_only_the_teacher_publishes(klass):
    store, session, ada, _ = klass
    with pytest.raises(ClassroomError, match="not the teacher key"):
        store.publish_standings(session.code, ada.token, "zombie", {"rows": []}, named=True)
