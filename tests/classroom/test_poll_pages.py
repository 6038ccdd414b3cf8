"""A poll's run through the pages (issue 25): the dashboard's buttons, the students' pages
(revote, pause refused in the kernel), the projector with no names, and the lesson report."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.classroom.dashboard import Dashboard
from changekit.classroom.live import PAUSED, StudentPage
from changekit.classroom.projector import Projector

NAMES = ("Zephyrine", "Quillon", "Marisol", "Thaddeus")
FIRST = ["$1", "$3", "$1", "$5"]  # 2 of 4 right: 50 %, where discussion works best
AGAIN = ["$1", "$1", "$1", "$3"]  # 3 of 4 right


@pytest.fixture
def store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as opened:
        yield opened


def vote(page, qid, guess, *, revote=False):
    page.link.refresh()
    question = page._revotes[qid] if revote else page.link.questions[qid]
    question.input.value = guess
    question.lock_button.click()
    return question


def test_vote_discussion_revote_reveal_projector_and_report(store, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    session = board.open_session("Period 3")
    pages = {name: StudentPage(store, live=False) for name in NAMES}
    for name, page in pages.items():
        page.join(session.code, name)
    row = board.rows["zombie.q1"]
    row.open_button.click()
    row.right.value = "$1"
    assert store.questions(session.code, session.teacher_key)[0].correct == {"choices": ["$1"]}
    for page, guess in zip(pages.values(), FIRST[:3], strict=False):
        vote(page, "zombie.q1", guess)
    board.poller.tick()
    assert "Not voted yet (1): Thaddeus" in row.detail.value
    row.pause_button.click()
    last = pages["Thaddeus"]
    last.link.refresh()
    question = last.link.questions["zombie.q1"]
    question.input.value = "$5"
    question.lock_button.click()  # refused in the kernel, with the reason
    assert question.prediction is None and PAUSED in question.status.value
    assert store.answers(session.code, session.teacher_key, "zombie.q1") == dict(zip(NAMES[:3], FIRST[:3], strict=True))
    row.pause_button.click()  # resume
    last.link.refresh()
    vote(last, "zombie.q1", "$5")
    board.poller.tick()
    assert "50% of first votes are right" in row.detail.value and "Talk to your neighbour" in row.detail.value

    projector = Projector(store, live=False)
    projector.open(session.code, session.teacher_key)
    text = projector.board.value
    assert "4 of 4 answered" in text and "Vote on your own" in text
    row.discuss_button.click()
    for page, guess in zip(pages.values(), AGAIN, strict=True):
        revote = vote(page, "zombie.q1", guess, revote=True)
        assert revote.prediction == guess
    projector.poller.tick()
    assert "4 of 4 revoted" in projector.board.value and "Talk to your neighbour" in projector.board.value
    row.reveal_button.click()
    first, again = board.chart.figure.data
    assert list(first.y) == [2, 1, 1, 0, 0] and list(again.y) == [3, 1, 0, 0, 0]
    projector.poller.tick()
    drawn = projector.chart.figure.data
    assert [list(t.y) for t in drawn] == [[2, 1, 1, 0, 0], [3, 1, 0, 0, 0]]
    shown = projector.board.value + str(projector.chart.figure.to_dict())
    assert not any(name in shown for name in NAMES)
    assert store.answers(session.code, session.teacher_key, "zombie.q1") == dict(zip(NAMES, FIRST, strict=True))

    board.report_button.click()
    html = board.report_html.value
    assert "2 of 4 (50%)" in html and "3 of 4 (75%)" in html and "0.50" in html  # (0.75-0.5)/(1-0.5)
    (bars_first, bars_again) = board.report_chart.figure.data
    assert list(bars_first.y) == [50.0] and list(bars_again.y) == [75.0]


def test_a_name_with_markup_is_escaped_in_the_teacher_s_not_voted_line(store, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    session = board.open_session("P3")
    store.join(session.code, "<img src=x onerror=alert(1)>")
    board.rows["zombie.q1"].open_button.click()
    board.poller.tick()
    detail = board.rows["zombie.q1"].detail.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in detail and "<img" not in detail


def test_the_projector_needs_the_teacher_key_and_the_student_page_shows_the_timer(store, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    session = store.open_session("P3")
    page = StudentPage(store, live=False)
    page.join(session.code, "Zephyrine")
    projector = Projector(store, live=False)
    projector.code_box.value, projector.key_box.value = session.code, page.link.token
    projector.show_button.click()
    assert "not the teacher key" in projector.message.value and projector.code == ""
    projector.key_box.value = session.teacher_key
    projector.show_button.click()
    assert projector.code == session.code and "1 joined" in projector.board.value
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    board.resume(session.code, session.teacher_key)
    board.rows["zombie.q1"].open_button.click()
    board.rows["zombie.q1"].timer.value = 60
    page.link.refresh()
    assert page.timer.layout.display is None and 55 <= page.timer.seconds <= 60 and page.timer.running
    projector.poller.tick()
    assert "time left: about" in projector.board.value and "0 of 1 answered" in projector.board.value
    board.rows["zombie.q1"].pause_button.click()
    page.link.refresh()
    assert page.timer.layout.display == "none"
