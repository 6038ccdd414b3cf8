"""A poll's run through the pages (issue 25): the dashboard's buttons, the students' pages
(revote, pause refused in the kernel), the projector with no names, and the lesson report."""
from __future__ import annotations

import time

import pytest

from changekit.classroom import connect
from changekit.classroom import live as live_module
from changekit.classroom import projector as projector_module
from changekit.classroom import store_base
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


def drawn_figure(chart):
    """A live chart's figure as data, without the ids a FigureWidget gives its traces."""
    figure = chart.figure.to_dict()
    for trace in figure["data"]:
        trace.pop("uid", None)
    return figure


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


class FrozenClock:
    """The ``time`` module with ``time()`` stopped at ``now`` (everything else as it is)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


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
    # the store's, the page's and the projector's clock stopped: the timer shows the 60 s set,
    # however long the machine takes between the calls
    frozen = FrozenClock(time.time())
    for module in (store_base, live_module, projector_module):
        monkeypatch.setattr(module, "time", frozen)
    board.rows["zombie.q1"].open_button.click()
    board.rows["zombie.q1"].timer.value = 60
    page.link.refresh()
    assert page.timer.layout.display is None and page.timer.seconds == 60 and page.timer.running
    projector.poller.tick()
    assert "time left: about" in projector.board.value and "0 of 1 answered" in projector.board.value
    board.rows["zombie.q1"].pause_button.click()
    page.link.refresh()
    assert page.timer.layout.display == "none"


def test_a_student_s_check_is_the_solo_check_and_the_class_chart_shows_once_revealed(store, monkeypatch):
    """Issue 29: a student's Check in a class poll showed only the reading (no exact value, no
    chart), and students never saw the class's histogram. Now the Check shows what the lesson's
    own question shows (one piece: the lesson's answer, run by the Question), and once the teacher
    reveals, every student's page shows the class's histogram, the projector's, Check or not."""
    from fractions import Fraction

    from changekit.classroom.lessons import find_lesson_question
    from changekit.ui import question as question_module
    from changekit.ui.question import Question

    monkeypatch.delenv("QUERY_STRING", raising=False)
    drawn: list = []  # every figure a Check hands to the page (through show_figure, as in Voila)
    monkeypatch.setattr(question_module, "show_figure", lambda out, figure: drawn.append(figure))
    board = Dashboard(store, lesson="big_cheese.ipynb", live=False)
    session = board.open_session("P3")
    pages = {name: StudentPage(store, live=False) for name in ("Ada", "Bo", "Cy", "Dee")}
    for name, page in pages.items():
        page.join(session.code, name)
    projector = Projector(store, live=False)
    projector.open(session.code, session.teacher_key)
    row = board.rows["big_cheese.q2"]  # "below which roll should you re-roll the polyhedral 20?"
    row.open_button.click()
    for name, guess in (("Ada", "11"), ("Bo", "11"), ("Cy", "15")):  # Dee never votes
        vote(pages[name], "big_cheese.q2", guess)
    for page in pages.values():
        page.link.refresh()
        assert page.link.questions["big_cheese.q2"].class_box.children == ()  # nothing before the reveal
    row.reveal_button.click()
    projector.poller.tick()
    on_the_projector = drawn_figure(projector.chart)
    for name, page in pages.items():
        page.link.refresh()
        question = page.link.questions["big_cheese.q2"]
        (votes,) = question.class_chart.figure.data
        assert sorted(votes.x) == [11, 11, 15], name
        assert drawn_figure(question.class_chart) == on_the_projector, name
    assert not pages["Dee"].link.questions["big_cheese.q2"].checked  # she saw the chart without a Check

    # the exact value, computed here: re-roll a d20 below t, and the card is worth
    # (t + ... + 20)/20 + (t - 1)/20 · 10.5 (a fresh roll's mean); the best t and its worth
    worth = {t: Fraction(sum(range(t, 21)), 20) + Fraction(t - 1, 20) * Fraction(21, 2) for t in range(1, 21)}
    best = max(worth, key=worth.__getitem__)
    assert (best, worth[best]) == (11, 13)
    ada = pages["Ada"].link.questions["big_cheese.q2"]
    drawn.clear()  # (the teacher's Reveal drew the answer on the dashboard)
    ada.check_button.click()
    html = " ".join(getattr(part, "value", "") for part in ada.answer_box.children)
    assert f"re-roll anything below <b>{best}</b>" in html and f"expected payout <b>{worth[best]}</b>" in html
    assert "fresh roll" in html  # the lesson's reading
    (chart,) = drawn
    # the same Check as the lesson's own page: the same parts, the same chart
    lesson = find_lesson_question("big_cheese.q2")
    solo = Question("big_cheese.q2", lesson.text, answer=lesson.answer, reading=lesson.reading,
                    number=tuple(lesson.how["number"]))
    solo.predict(11)
    solo.check()
    assert [type(p).__name__ for p in solo.answer_box.children] == [type(p).__name__ for p in ada.answer_box.children]
    assert html == " ".join(getattr(part, "value", "") for part in solo.answer_box.children)
    assert chart.to_dict() == drawn[1].to_dict()


def test_a_lesson_page_in_a_class_shows_the_class_chart_once_revealed(store, monkeypatch):
    """The lesson notebook's own Questions (a page opened with ?code=...&seat=...) get the class's
    chart the same way as the join page's."""
    from changekit.classroom.live import ClassLink
    from changekit.ui.question import Question

    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    session = board.open_session("P3")
    links = [ClassLink.join(store, session.code, name) for name in ("Ada", "Bo")]
    questions = [link.adopt(Question("zombie.q1", "Which bill?", choices=["$1", "$3", "$5", "$7", "$10"],
                                     answer=lambda: "<b>$1</b>")) for link in links]
    board.rows["zombie.q1"].open_button.click()
    for link, question, guess in zip(links, questions, ("$3", "$3"), strict=True):
        link.refresh()
        question.input.value = guess
        question.lock_button.click()
    board.rows["zombie.q1"].reveal_button.click()
    for link, question in zip(links, questions, strict=True):
        link.refresh()
        (votes,) = question.class_chart.figure.data
        assert list(votes.x) == ["$1", "$3", "$5", "$7", "$10"] and list(votes.y) == [0, 2, 0, 0, 0]


def test_a_paused_question_keeps_the_students_page_on_it_until_the_teacher_resumes(store, monkeypatch):
    """Issue 25: pause freezes students' pages on the current question. A question the teacher
    opens meanwhile waits: the page shows it once the paused one is resumed."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    board = Dashboard(store, lesson="zombie.ipynb", live=False)
    session = board.open_session("Period 4")
    page = StudentPage(store, live=False)
    page.join(session.code, "Zephyrine")
    board.rows["zombie.q1"].open_button.click()
    page.link.refresh()
    first = page.link.questions["zombie.q1"]
    assert page.current.children == (first.widget,)
    board.rows["zombie.q1"].pause_button.click()
    board.rows["zombie.q2"].open_button.click()
    page.link.refresh()
    assert page.current.children == (first.widget,)  # still on the paused question
    first.input.value = "$1"
    first.lock_button.click()
    assert first.prediction is None and PAUSED in first.status.value
    board.rows["zombie.q1"].pause_button.click()  # resume: the newer question comes
    page.link.refresh()
    second = page.link.questions["zombie.q2"]
    assert page.current.children == (second.widget,)
