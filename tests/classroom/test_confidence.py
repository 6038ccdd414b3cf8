"""Issue 46: how sure a student is ("guess", "fairly sure", "sure") goes with every first vote and
revote: kept beside the vote, read back on the student's own page, exported; a confidence outside
the scale is refused with the reason and changes nothing; the student's page asks it with the vote,
one tap."""
from __future__ import annotations

import csv
import io

import pytest

from changekit.classroom import connect
from changekit.classroom.backends import open_backend
from changekit.classroom.live import StudentPage, question_prompt
from changekit.classroom.report import CONFIDENCE
from changekit.classroom.schema import MIGRATIONS, migrate
from changekit.classroom.store_base import _hash
from changekit.core.errors import ClassroomError

CHOICES = ["$1", "$3", "$5"]


@pytest.fixture
def session(store):
    return store.open_session("Period 3")


def poll_of(store, code, secret, qid):
    return next(p for p in store.polls(code, secret) if p.question_id == qid)


def test_the_scale_is_three_words_least_sure_first():
    assert CONFIDENCE == ("guess", "fairly sure", "sure")


def test_confidence_is_kept_beside_the_first_vote_and_the_revote(store, session):
    code, key = session.code, session.teacher_key
    ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
    store.open_question(code, key, "demo.q1", question_prompt("demo.q1", "Which?", choices=CHOICES))
    store.submit(code, ada.token, "demo.q1", "$3", "sure")
    store.submit(code, bo.token, "demo.q1", "$1")  # a page that asks none: not said
    mine = poll_of(store, code, ada.token, "demo.q1")
    assert (mine.mine, mine.confidence, mine.revote_confidence) == ("$3", "sure", None)
    assert poll_of(store, code, bo.token, "demo.q1").confidence is None
    store.submit(code, ada.token, "demo.q1", "$5", "guess")  # a new first vote replaces both
    assert poll_of(store, code, ada.token, "demo.q1").confidence == "guess"
    store.start_discussion(code, key, "demo.q1")
    store.submit_revote(code, ada.token, "demo.q1", "$1", "fairly sure")
    mine = poll_of(store, code, ada.token, "demo.q1")
    assert (mine.mine, mine.confidence, mine.revote, mine.revote_confidence) == ("$5", "guess", "$1", "fairly sure")
    rows = list(csv.DictReader(io.StringIO(store.export_csv(code, key))))
    said = [(r["kind"], r["student"], r["value"], r["confidence"]) for r in rows if r["kind"] in ("answer", "revote")]
    assert said == [("answer", "Ada", '"$5"', "guess"), ("answer", "Bo", '"$1"', ""),
                    ("revote", "Ada", '"$1"', "fairly sure")]


@pytest.mark.parametrize("bad", ["certain", "Sure", "", 3, True, ["sure"], {"c": "sure"}])
def test_a_confidence_off_the_scale_is_refused_and_changes_nothing(store, session, bad):
    code, key = session.code, session.teacher_key
    ada = store.join(code, "Ada")
    store.open_question(code, key, "demo.q1", question_prompt("demo.q1", "Which?", choices=CHOICES))
    store.submit(code, ada.token, "demo.q1", "$3", "sure")
    with pytest.raises(ClassroomError) as refused:
        store.submit(code, ada.token, "demo.q1", "$5", bad)
    assert refused.value.reason == "bad-confidence"
    assert "'guess', 'fairly sure', 'sure'" in str(refused.value) and repr(bad) in str(refused.value)
    mine = poll_of(store, code, ada.token, "demo.q1")
    assert (mine.mine, mine.confidence) == ("$3", "sure")
    # a first vote of a question never opened is refused before the question is made
    with pytest.raises(ClassroomError, match="how sure"):
        store.submit(code, ada.token, "demo.q9", "$5", bad)
    assert [q.question_id for q in store.questions(code, key)] == ["demo.q1"]
    store.start_discussion(code, key, "demo.q1")
    with pytest.raises(ClassroomError) as refused:
        store.submit_revote(code, ada.token, "demo.q1", "$1", bad)
    assert refused.value.reason == "bad-confidence"
    assert store.revotes(code, key, "demo.q1") == {}


def test_votes_from_before_the_upgrade_keep_their_values_with_no_confidence(tmp_path):
    url = f"sqlite:///{tmp_path}/class.db"
    backend = open_backend(url)
    try:
        assert migrate(backend, MIGRATIONS[:7]) == 7
        with backend.transaction(write=True) as tx:
            (session_id,) = tx.row("INSERT INTO sessions (code, title, teacher_key_hash, opened_at) "
                                   "VALUES ('ABCDEF', 'P3', ?, 1.0) RETURNING id", (_hash("key"),))
            (student_id,) = tx.row("INSERT INTO students (session_id, name, name_key, token_hash, joined_at) "
                                   "VALUES (?, 'Ada', 'ada', ?, 2.0) RETURNING id", (session_id, _hash("secret")))
            tx.execute("INSERT INTO questions (session_id, question_id, opened_at) VALUES (?, 'demo.q1', 3.0)",
                       (session_id,))
            tx.execute("INSERT INTO answers (session_id, question_id, student_id, value, submitted_at) "
                       "VALUES (?, 'demo.q1', ?, '\"$3\"', 4.0)", (session_id, student_id))
    finally:
        backend.close()
    with connect(url) as store:
        token = f"{student_id}.secret"
        mine = poll_of(store, "ABCDEF", token, "demo.q1")
        assert (mine.mine, mine.confidence) == ("$3", None)
        store.submit("ABCDEF", token, "demo.q1", "$1", "sure")
        assert poll_of(store, "ABCDEF", token, "demo.q1").confidence == "sure"


@pytest.fixture
def klass(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        yield store, store.open_session("Period 3")


def test_the_student_page_asks_how_sure_with_the_vote_and_the_revote(klass):
    store, session = klass
    code, key = session.code, session.teacher_key
    page = StudentPage(store, live=False)
    page.join(code, "Ada")
    store.open_question(code, key, "demo.q1", question_prompt("demo.q1", "Which?", choices=CHOICES))
    page.link.refresh()
    first = page.link.questions["demo.q1"]
    row = first.confidence_input
    assert row is not None and row in first.widget.children  # one row of the question's box
    assert [label for label, _ in row._options_full] == list(CONFIDENCE)  # one tap each
    assert row.value is None and "ck-confidence" in row._dom_classes
    row.value = "fairly sure"  # one tap
    first.input.value = "$3"
    first.lock_button.click()
    assert row.disabled  # locked with the vote
    assert poll_of(store, code, page.link.token, "demo.q1").confidence == "fairly sure"
    store.start_discussion(code, key, "demo.q1")
    page.link.refresh()
    revote = page._revotes["demo.q1"]
    assert revote.confidence_input is not None
    revote.predict("$1", "sure")
    mine = poll_of(store, code, page.link.token, "demo.q1")
    assert (mine.revote, mine.revote_confidence) == ("$1", "sure")
    # a reload: the page shows the vote and how sure, as the store keeps them
    again = StudentPage(store, live=False)
    again._connect(type(page.link).rejoin(store, code, page.link.token))
    restored = again.link.questions["demo.q1"]
    assert (restored.prediction, restored.confidence) == ("$3", "fairly sure")
    assert (again._revotes["demo.q1"].prediction, again._revotes["demo.q1"].confidence) == ("$1", "sure")


def test_a_vote_without_a_tap_still_goes_in_as_not_said(klass):
    store, session = klass
    page = StudentPage(store, live=False)
    page.join(session.code, "Bo")
    store.open_question(session.code, session.teacher_key, "demo.q1",
                        question_prompt("demo.q1", "Which?", choices=CHOICES))
    page.link.refresh()
    page.link.questions["demo.q1"].predict("$5")
    mine = poll_of(store, session.code, page.link.token, "demo.q1")
    assert (mine.mine, mine.confidence) == ("$5", None)
