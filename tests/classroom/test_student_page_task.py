"""Issue 41: the student's page shows the task at hand on top, one question box per phase, what is
over folded under "Earlier", Check says right or wrong and what the answer is, and the page links
to the strategy lab with the student's seat (never the server's token)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from changekit.classroom import connect
from changekit.classroom.auction import AuctionPanel
from changekit.classroom.live import StudentPage, question_prompt
from changekit.classroom.tables import bot_seat, open_table, student_seat
from changekit.ui.question import Question, judge, right_words


@pytest.fixture
def klass(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with connect(f"sqlite:///{tmp_path}/class.db") as store:
        yield store, store.open_session("Period 3")


def joined(store, session, name="Ada"):
    page = StudentPage(store, live=False)
    page.join(session.code, name)
    return page


def statuses(page):
    """Every question status line the page holds (on show or folded)."""
    questions = [*page._built.values(), *page._revotes.values()]
    return " ".join(q.status.value for q in questions)


CHOICES = ["$1", "$3", "$5"]


def test_the_current_question_is_on_top_and_what_is_over_is_folded_under_earlier(klass):
    store, session = klass
    ada = joined(store, session)
    key = session.teacher_key
    # an auction, bid and settled
    panel = AuctionPanel(store, session.code, key, poll=False)
    panel.start()
    ada.link.refresh()
    (bidder,) = ada._bidders.values()
    bidder.w_bills[-1].value = True  # the $1 bill
    bidder.submit()
    assert "Your bid: <b>$1</b>. To change it" in bidder.w_status.value  # not "$1 ($1)"
    bidder.w_bills[0].value = bidder.w_bills[-1].value = True
    bidder.submit()
    assert "Your bid: <b>$11</b> ($10 + $1)." in bidder.w_status.value
    panel.close()
    # an old question, revealed and checked
    store.open_question(session.code, key, "demo.q1", question_prompt("demo.q1", "Old?", choices=CHOICES))
    ada.link.refresh()
    old = ada.link.questions["demo.q1"]
    old.predict("$3")
    store.reveal_question(session.code, key, "demo.q1", {"summary": "three"})
    ada.link.refresh()
    old.check()
    # the question at hand: on top, alone; the rest under Earlier, newest first
    store.open_question(session.code, key, "demo.q2", question_prompt("demo.q2", "Now?", choices=CHOICES))
    ada.link.refresh()
    now = ada.link.questions["demo.q2"]
    assert ada.current.children == (now.widget,)
    kids = ada.laid_out
    assert kids.index(ada.current) < kids.index(ada.earlier) and kids.index(ada.current) < kids.index(ada.rejoin_box)
    assert kids.index(ada.current) < kids.index(ada.tables.widget)
    assert ada.earlier_items.children == (old.widget, bidder.widget)
    assert ada.earlier.layout.display is None and ada.earlier.selected_index is None  # folded
    assert ada.earlier.get_title(0).startswith("Earlier (2)")
    assert "Pick your prediction" in now.said  # why Lock in and Check wait, in words


def test_one_box_per_phase_and_no_stale_status_after_the_reveal(klass):
    store, session = klass
    ada = joined(store, session)
    key = session.teacher_key
    store.open_question(session.code, key, "demo.q1", question_prompt("demo.q1", "Which?", choices=CHOICES))
    ada.link.refresh()
    first = ada.link.questions["demo.q1"]
    assert ada.current.children == (first.widget,)  # the first vote
    first.predict("$3")
    assert "Waiting for your teacher" in first.said
    store.start_discussion(session.code, key, "demo.q1")
    ada.link.refresh()
    revote = ada._revotes["demo.q1"]
    # the talk phase: only the revote's box, the first vote a line above it
    assert ada.current.children == (ada.discuss_html, ada.first_vote_line, revote.widget)
    assert first.widget not in ada.current.children
    assert "Your first vote: <b>$3</b>" in ada.first_vote_line.value
    revote.predict("$1")
    ada.link.refresh()
    assert "Waiting for your teacher" in revote.said
    store.mark_correct(session.code, key, "demo.q1", {"choices": ["$1"]})
    store.reveal_question(session.code, key, "demo.q1", {"reading": "The small bill."})
    ada.link.refresh()
    (box, line) = ada.current.children
    assert box is first.widget and "Your revote: <b>$1</b>" in line.value
    assert "Waiting for your teacher" not in statuses(ada)  # no stale status anywhere
    assert "press <b>Check</b>" in first.said and not first.check_button.disabled
    first.check()
    assert first.said.startswith('<b class="ck-wrong">✘ Not right.</b> The answer is <b>$1</b>; your prediction '
                                 "was <b>$3</b>.")
    (box, line) = ada.current.children
    assert '<b class="ck-right">✔ Right.</b> The answer is <b>$1</b>; your revote was <b>$1</b>.' in line.value


def test_check_says_right_or_wrong_for_a_range_and_what_the_answer_is_without_one(klass):
    store, session = klass
    key = session.teacher_key
    ada, bo = joined(store, session, "Ada"), joined(store, session, "Bo")
    store.open_question(session.code, key, "demo.q1", question_prompt("demo.q1", "How many?", number=(0, 100),
                                                                      unit="%"))
    for page, guess in ((ada, 45), (bo, 51)):
        page.link.refresh()
        page.link.questions["demo.q1"].predict(guess)
    store.mark_correct(session.code, key, "demo.q1", {"range": [40, 50]})
    store.reveal_question(session.code, key, "demo.q1", {"reading": "About 45 %."})
    for page in (ada, bo):
        page.link.refresh()
        page.link.questions["demo.q1"].check()
    assert ada.link.questions["demo.q1"].said == ('<b class="ck-right">✔ Right.</b> The answer is <b>40 to 50 %</b>; '
                                                  "your prediction was <b>45</b>.")
    assert bo.link.questions["demo.q1"].said.startswith('<b class="ck-wrong">✘ Not right.</b> The answer is '
                                                        "<b>40 to 50 %</b>; your prediction was <b>51</b>.")
    # no right answer marked: Check says what the answer is, and that there is no right or wrong
    store.open_question(session.code, key, "demo.q2", question_prompt("demo.q2", "Read?", choices=["a", "b"]))
    ada.link.refresh()
    q2 = ada.link.questions["demo.q2"]
    q2.predict("a")
    store.reveal_question(session.code, key, "demo.q2", {"summary": "it depends on <the deal>"})
    ada.link.refresh()
    q2.check()
    assert q2.said == ("Your prediction was <b>a</b>. The answer: <b>it depends on &lt;the deal&gt;</b> (no single "
                       "right or wrong here: read why below).")
    # a mark made after the Check is said at once
    store.mark_correct(session.code, key, "demo.q2", {"choices": ["b"]})
    ada.link.refresh()
    assert q2.said.startswith('<b class="ck-wrong">✘ Not right.</b> The answer is <b>b</b>')


def test_a_solo_question_s_check_points_at_the_answer():
    q = Question("demo.q1", "Which?", choices=["x", "y"], answer=lambda: "<b>y</b>")
    q.predict("x")
    q.check()
    assert q.said == "Your prediction was <b>x</b>. The exact answer is below: compare it with yours."


def test_judging_agrees_with_the_teacher_s_share_right():
    from changekit.classroom.report import is_right

    cases = [({"choices": ["$1", "$3"]}, "$3"), ({"choices": [2]}, "2"), ({"choices": ["$1"]}, "$10"),
             ({"range": [40, 50]}, 40), ({"range": [40, 50]}, 50.0), ({"range": [40, 50]}, 50.5),
             ({"range": [1, 1]}, 1), ({"range": [0, 9]}, "x")]
    assert [judge(right, value) for right, value in cases] == [is_right(right, value) for right, value in cases]
    assert [judge(right, value) for right, value in cases] == [True, True, False, True, True, False, True, False]
    assert judge(None, "$1") is None and right_words(None) is None


def test_the_lab_link_carries_the_seat_and_never_the_server_token(klass, monkeypatch):
    store, session = klass
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&token=SERVER1")
    monkeypatch.setenv("CHANGEKIT_SERVER_TOKEN", "SERVER1")
    page = StudentPage(store, live=False)
    page.join(session.code, "Ada")
    html = page.lab_link.value
    assert page.lab_link in page.widget.children and 'class="ck-lab-link"' in html
    address = html.split('href="')[1].split('"')[0].replace("&amp;", "&")
    assert urlsplit(address).path.endswith("lab.ipynb")
    assert parse_qs(urlsplit(address).query) == {"code": [session.code], "seat": [page.link.token]}
    assert "SERVER1" not in html and "token" not in address


def test_a_table_the_student_sits_at_goes_on_top_once_no_vote_is_open(klass):
    store, session = klass
    key = session.teacher_key
    ada = joined(store, session)
    store.open_question(session.code, key, "demo.q1", question_prompt("demo.q1", "Which?", choices=CHOICES))
    ada.link.refresh()
    q1 = ada.link.questions["demo.q1"]
    open_table(store, session.code, key, "diminishing", [student_seat("Ada"), bot_seat()])
    ada.tables.refresh()
    kids = ada.laid_out
    assert ada.current.children == (q1.widget,) and kids.index(ada.current) < kids.index(ada.tables.widget)
    place = ada.widget.children.index(ada.tables.widget)
    store.close_question(session.code, key, "demo.q1")
    ada.link.refresh()
    kids = ada.laid_out
    assert ada.tables.app is not None and kids.index(ada.tables.widget) < kids.index(ada.current)
    # the poll moved, not the table: a table moved in the page while its game was being drawn
    # lost its view in the browser ("Could not add child view to box")
    assert ada.widget.children.index(ada.tables.widget) == place
    # the question that just ended stays in sight under the table; only older ones fold away
    assert ada.current.children == (q1.widget,) and ada.earlier_items.children == ()
