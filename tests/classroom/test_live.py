"""A student's page joined to a class session (changekit.classroom.live), on a SQLite store."""
from __future__ import annotations

import os
from urllib.parse import parse_qs

import pytest

from changekit.classroom import ClassroomError, connect
from changekit.classroom.live import (ClassLink, Poller, StudentPage, join_from_address, page_address,
                                      question_from_prompt, question_prompt)
from changekit.ui import Question

from . import aio

START_INDEX = {10: 0, 7: 1, 5: 2, 3: 3, 1: 4}  # the bidder's toggles, in START_BILLS order


@pytest.fixture
def store(tmp_path):
    with connect(f"sqlite:///{tmp_path}/class.db") as opened:
        yield opened


@pytest.fixture
def session(store):
    return store.open_session("Period 3")


@pytest.fixture
def attached():
    """Undo every ClassLink.attach a test makes (Question.on_create is shared by the kernel)."""
    links: list[ClassLink] = []
    yield links.append
    for link in links:
        link.detach()
    assert all(getattr(h, "__self__", None) not in links for h in Question.on_create)


def make_question(qid="demo.q1"):
    return Question(qid, "Which is bigger?", choices=["2", "3"], answer=lambda: "<b>3</b>", reading="Three wins.")


def test_every_new_question_becomes_a_poll_and_check_waits_for_the_teacher(store, session, attached):
    link = ClassLink.join(store, session.code, "Ada").attach()
    attached(link)
    question = make_question()
    assert link.questions == {"demo.q1": question}
    question.predict("3")
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {"Ada": "3"}
    assert question.check_button.disabled
    assert "Waiting for your teacher" in question.status.value
    link.refresh()  # nothing revealed yet: still shut
    assert question.check_button.disabled
    store.reveal_question(session.code, session.teacher_key, "demo.q1")
    link.refresh()
    assert not question.check_button.disabled and "revealed" in question.status.value
    question.check()
    assert "Three wins." in question.reading_html.value


def test_a_reloaded_page_gets_its_prediction_back_without_sending_it_again(store, session, attached):
    ada = store.join(session.code, "Ada")
    first = ClassLink(store, ada).adopt(make_question())
    first.predict("2")
    store.close_question(session.code, session.teacher_key, "demo.q1")
    again = ClassLink.rejoin(store, session.code, ada.token).attach()  # the reloaded page
    attached(again)
    question = make_question()
    again.refresh()
    assert question.prediction == "2" and question.input.disabled  # restored, and no refusal shown
    assert "Waiting for your teacher" in question.status.value and question.check_button.disabled
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {"Ada": "2"}


def check_states(question: Question) -> list[bool]:
    """Every value Check's ``disabled`` takes from now on: what the browser is sent, one by one."""
    states: list[bool] = []
    question.check_button.observe(lambda change: states.append(change["new"]), "disabled")
    return states


def test_a_class_polls_check_never_opens_before_the_reveal_not_even_for_a_moment(store, session, attached):
    # Lock in used to open Check and the poll shut it again in the same turn: two messages, and a
    # page could draw the open Check in between (a reloaded page did, in the lesson test)
    ada = store.join(session.code, "Ada")
    question = ClassLink(store, ada).adopt(make_question())
    opened = check_states(question)
    question.predict("2")
    assert False not in opened and question.check_button.disabled
    assert "Now press Check" not in question.status.value
    again = ClassLink.rejoin(store, session.code, ada.token).attach()  # the reloaded page restores it
    attached(again)
    restored = make_question()
    reopened = check_states(restored)
    again.refresh()
    assert restored.prediction == "2" and False not in reopened and restored.check_button.disabled
    store.reveal_question(session.code, session.teacher_key, "demo.q1")
    again.refresh()
    assert reopened[-1] is False and "revealed" in restored.status.value


def test_a_question_outside_a_class_opens_check_at_lock_in():
    question = make_question()
    question.predict("3")
    assert not question.check_button.disabled and "Now press Check" in question.status.value


def test_a_prediction_to_a_closed_question_is_refused_on_the_page(store, session):
    link = ClassLink.join(store, session.code, "Ada")
    store.close_question(session.code, session.teacher_key, "demo.q1")
    question = link.adopt(make_question())
    question.predict("3")
    assert question.check_button.disabled
    assert "did not reach the class" in question.status.value and "closed" in question.status.value
    link.refresh()  # the refusal stays: the page does not claim the prediction is in
    assert "did not reach the class" in question.status.value and question.check_button.disabled
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {}


def test_a_late_prediction_after_the_reveal_is_not_counted_but_may_check(store, session):
    link = ClassLink.join(store, session.code, "Ada")
    question = link.adopt(make_question())
    store.reveal_question(session.code, session.teacher_key, "demo.q1")
    link.refresh()
    question.predict("3")
    assert "did not reach the class" in question.status.value and "press Check" in question.status.value
    assert not question.check_button.disabled
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {}


def test_the_page_address_carries_the_seat(store, session, monkeypatch):
    ada = store.join(session.code, "Ada")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert ClassLink.from_page(store) is None
    monkeypatch.setenv("QUERY_STRING", f"code={session.code.lower()}&seat={ada.token}")
    link = ClassLink.from_page(store)
    assert (link.name, link.code, link.token) == ("Ada", session.code, ada.token)
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat=1.wrong")
    with pytest.raises(ClassroomError) as caught:
        ClassLink.from_page(store)
    assert caught.value.reason == "unknown-student"


def test_a_server_access_token_in_the_address_is_not_a_seat_and_only_links_for_other_devices_keep_it(store, session,
                                                                                               monkeypatch):
    """`changekit serve --host` wants its access token (``token=``) on every page: the seat has its
    own parameter; the join address on the projector and a student's link for another device carry
    the server's token (other devices need it), nothing else on the page does (issue 23)."""
    from changekit.classroom.dashboard import Dashboard

    ada = store.join(session.code, "Ada")
    monkeypatch.setenv("QUERY_STRING", f"token=SERVER1&code={session.code}&seat={ada.token}")
    link = ClassLink.from_page(store)
    assert link.token == ada.token
    assert parse_qs(link.rejoin_query()) == {"code": [session.code], "seat": [ada.token]}
    page = StudentPage(store, live=False)
    assert page.link.name == "Ada"
    assert "SERVER1" not in page.header.value + page.rejoin_html.value + page.widget.children[0].seat
    monkeypatch.setenv("QUERY_STRING", "token=SERVER1")
    assert StudentPage(store, live=False).link is None  # the server's token alone is no seat
    # the link a student gets for another device carries it: that device has no login cookie (it got 403)
    joining = StudentPage(store, live=False)
    joining.join(session.code, "Bea")
    assert "token=SERVER1" in joining.rejoin_html.value and "SERVER1" not in joining.header.value
    board = Dashboard(store, live=False)
    board.resume(session.code, session.teacher_key)
    assert f"join.ipynb?code={session.code}&amp;token=SERVER1" in board.join_html.value


def test_page_address_beside_the_served_page(monkeypatch):
    monkeypatch.setenv("SERVER_NAME", "10.0.0.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/class.ipynb")
    assert page_address("join.ipynb", code="K7PQ3M") == "http://10.0.0.5:8866/voila/render/join.ipynb?code=K7PQ3M"
    monkeypatch.delenv("SCRIPT_NAME")
    assert page_address("join.ipynb", code="K7PQ3M") == "join.ipynb?code=K7PQ3M"


def test_the_poller_applies_changes_only_says_every_failure_and_stops_only_when_nothing_more_can_come():
    """One rule (issue 23): any failure of a read or of drawing it is said on the page and the
    poller goes on; only the store saying the session is gone ends it, and that is said too."""
    script = [1, 1, OSError("disk gone"), 2, "boom", 3, ClassroomError("busy", "the class store is busy, try again"),
              3, ClassroomError("session-closed", "class session X is closed"), 4]
    reads = iter(script)
    seen, problems, stops = [], [], []

    def fetch():
        value = next(reads)
        if isinstance(value, Exception):
            raise value
        return value

    def apply(value):
        if value == "boom":
            raise IndexError("list index out of range")
        seen.append(value)

    async def follow(poller):
        poller.start()
        await poller.task

    poller = Poller(fetch, apply, every=0, on_problem=problems.append, on_stop=stops.append)
    aio.run(follow(poller), timeout=60)
    assert seen == [1, 2, 3]
    assert problems == ["the class store did not answer (OSError: disk gone); trying again", None,
                        "this page could not show the latest (IndexError: list index out of range)", None,
                        "the class store is busy, try again", None]
    assert stops == ["class session X is closed"] and not poller.running and next(reads) == 4


def test_a_poller_whose_done_check_fails_says_so_and_keeps_following():
    """A failing ``done()`` ended the poller's task silently: the page froze until a reload."""
    checks, reads, problems = [], [], []

    def done():
        checks.append(1)
        if len(checks) == 2:
            raise KeyError("table")
        return len(reads) >= 3

    poller = Poller(lambda: reads.append(1) or len(reads), lambda _: None, every=0, done=done,
                    on_problem=problems.append)

    async def follow():
        poller.start()
        await poller.task

    aio.run(follow(), timeout=60)
    assert len(reads) == 3 and poller.stopped_because == "done"
    assert problems == ["the class store did not answer (KeyError: 'table'); trying again", None]


def test_the_poller_sleeps_while_nobody_has_the_page_open_and_wakes_when_they_come_back():
    """Issue 29: no pause after 45 minutes while somebody is there; no polling when nobody is."""
    import asyncio

    from changekit.classroom.poller import Presence

    presence = Presence()
    presence.last_beat = -1e9  # a heartbeat long ago: nobody here
    reads = []

    async def scenario():
        poller = Poller(lambda: reads.append(1) or len(reads), lambda _: None, every=0.01, presence=presence)
        poller.start()
        await asyncio.sleep(0.3)
        away = len(reads)
        presence.beat()  # the page is back
        await asyncio.sleep(1.5)
        poller.stop()
        return away, len(reads)

    away, back = aio.run(scenario(), timeout=60)
    assert away == 0 and back > 5


def test_a_button_s_store_call_runs_off_the_page_s_event_loop(store, session):
    """A slow store never freezes a page: the click returns before the join is done, and the join
    lands after."""
    import asyncio
    import threading

    page = StudentPage(store, live=False)
    slow_join = store.join
    release = threading.Event()  # the join goes on only when the test says so

    def join(code, name):
        assert release.wait(30), "the join was never released"
        return slow_join(code, name)

    store.join = join
    page.code_box.value, page.name_box.value = session.code, "Ada"

    async def click():
        page.join_button.click()
        joined_in_click = page.link is not None  # the click came back while the join still waited
        joining = page.message.value
        ticks = 0
        while page.link is None:  # the loop keeps running meanwhile
            ticks += 1
            if ticks == 5:
                release.set()
            await asyncio.sleep(0.01)
        return joined_in_click, joining, ticks

    joined_in_click, joining, ticks = aio.run(click(), timeout=60)
    assert not joined_in_click and "Joining" in joining and ticks >= 5 and page.link.name == "Ada"


def test_one_student_per_join_page(store, session):
    """Issue 23: 40 joins from one page seated 40 students and left 40 pollers running."""
    page = StudentPage(store, live=False)
    page.code_box.value, page.name_box.value = session.code, "Ada"
    page.join_button.click()
    first = page.link
    assert first.name == "Ada" and page.form.children == ()
    assert page.join_button.disabled and page.name_box.disabled  # refusing: button() checks it in the kernel
    for i in range(40):  # what a script could still do with the kernel-side objects
        page.name_box.value = f"Bot{i}"
        page.join_button.click()
        page._start_join(lambda: ClassLink.join(store, session.code, "Mallory"))
    with pytest.raises(ClassroomError, match="one student per page"):
        page.join(session.code, "Eve")
    assert page.link is first and store.students(session.code, session.teacher_key) == ["Ada"]
    assert "one student per page" in page.message.value


def test_a_late_second_join_stops_its_own_pollers(store, session):
    page = StudentPage(store, live=False)
    page.join(session.code, "Ada")
    other = ClassLink.join(store, session.code, "Bo")
    page._connect(other)
    assert page.link.name == "Ada" and other.poller.stopped_because is not None


def test_the_browser_keeps_the_seat_so_a_reload_brings_the_student_back(store, session, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    page = StudentPage(store, live=False)
    page.join(session.code, "Ada")
    assert page.keeper.seat == f"{session.code}:{page.link.token}" and page.keeper.strip == ["seat", "token"]
    # the reload: a blank page, whose browser sends the cookie it kept
    again = StudentPage(store, live=False)
    assert again.link is None
    again.keeper.stored = page.keeper.seat
    assert again.link is not None and again.link.name == "Ada" and again.form.children == ()
    assert again.rejoin_box.layout.display == "none"  # the link was shown once, on the first join
    # a name already taken offers the way back in
    third = StudentPage(store, live=False)
    third.keeper.stored = f"OTHER1:{page.link.token}"  # a kept seat the store refuses: forgotten, form kept
    assert third.link is None and third.keeper.seat == "-" and not third.join_button.disabled
    fourth = StudentPage(store, live=False)
    fourth.keeper.stored = "junk"
    fourth.code_box.value, fourth.name_box.value = session.code, "Ada"
    fourth.join_button.click()
    assert "already taken" in fourth.message.value and "open the link you kept" in fourth.message.value
    fifth = StudentPage(store, live=False)
    fifth.code_box.value = "ZZZZZZ"
    fifth.keeper.stored = page.keeper.seat  # a kept seat of another code than the one typed: offered
    fifth.code_box.value, fifth.name_box.value = session.code, "Ada"
    fifth.join_button.click()
    assert fifth.back_button.layout.display is None and "That is me" in fifth.message.value
    fifth.back_button.click()
    assert fifth.link.name == "Ada"


def test_a_kept_seat_the_class_no_longer_has_is_forgotten_quietly(store, session, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    page = StudentPage(store, live=False)
    page.keeper.stored = f"{session.code}:1.notaseat"
    assert page.link is None and page.keeper.seat == "-" and page.message.value == ""
    assert not page.join_button.disabled


def test_a_page_with_a_bad_seat_or_a_closed_class_runs_its_game_with_a_notice(store, session, monkeypatch):
    ada = store.join(session.code, "Ada")
    shown = []
    monkeypatch.setattr("changekit.classroom.live.display", shown.append)
    for query in (f"code={session.code}&seat=1.wrong", f"code=ZZZZZZ&seat={ada.token}"):
        monkeypatch.setenv("QUERY_STRING", query)
        assert join_from_address(store, live=False) is None
        assert "This page is not in your class" in shown[-1].value and 'role="alert"' in shown[-1].value
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat=%C2%B2.x")  # raised ValueError (SQLite)
    assert join_from_address(store, live=False) is None and "not in your class" in shown[-1].value
    store.close_session(session.code, session.teacher_key)
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat={ada.token}")
    assert join_from_address(store, live=False) is None and "not in your class" in shown[-1].value


def test_a_disabled_check_refuses_a_click_from_the_websocket(store, session, attached):
    """Issue 23: a disabled Check, clicked over the websocket, showed a reading before Reveal."""
    link = ClassLink.join(store, session.code, "Ada")
    question = link.adopt(make_question())
    question.predict("3")
    assert question.check_button.disabled
    question.check_button._handle_button_msg(None, {"event": "click"}, [])  # what the browser's message does
    assert not question.checked and question.reading_html.value == "" and question.answer_box.children == ()


def test_prompts_round_trip_to_questions():
    for how in ({"choices": ["a", "b"]}, {"number": (0, 10)}, {"slider": (0, 100, 5)}):
        prompt = question_prompt("demo.q9", "How many?", unit="%", **how)
        question = question_from_prompt("demo.q9", prompt, answer=lambda: "")
        assert question.kind == next(iter(how)) and question.qid == "demo.q9"
    assert question.input.min == 0 and question.input.max == 100 and question.input.step == 5
    with pytest.raises(ClassroomError):
        question_prompt("demo.q9", "?", choices=["a"], number=(0, 1))
    with pytest.raises(ClassroomError):
        question_from_prompt("demo.q9", {"kind": "essay"}, answer=lambda: "")


def test_the_student_page_follows_what_the_teacher_opens(store, session):
    page = StudentPage(store, live=False)
    page.code_box.value, page.name_box.value = session.code, "  Ada "
    page.join_button.click()
    assert page.link.name == "Ada" and page.form.layout.display == "none"
    assert f"seat={page.link.token}" in page.rejoin_html.value  # shown once, to be kept
    page.kept_button.click()
    assert page.link.token not in page.rejoin_html.value + page.header.value
    prompt = question_prompt("demo.q1", "2 or 3?", choices=["2", "3"])
    store.open_question(session.code, session.teacher_key, "demo.q1", prompt)
    page.link.refresh()
    (shown,) = page.current.children
    question = page.link.questions["demo.q1"]
    assert shown is question.widget
    question.predict("3")
    assert store.answers(session.code, session.teacher_key, "demo.q1") == {"Ada": "3"}
    store.reveal_question(session.code, session.teacher_key, "demo.q1", {"reading": "**Three** it is."})
    page.link.refresh()
    question.check_button.click()
    assert "<b>Three</b> it is." in question.answer_box.children[0].value
    # the next question replaces it
    store.open_question(session.code, session.teacher_key, "demo.q2", question_prompt("demo.q2", "?", number=(0, 9)))
    page.link.refresh()
    assert page.current.children == (page.link.questions["demo.q2"].widget,)


def test_the_student_page_refuses_clearly_and_rejoins_from_the_address(store, session, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    page = StudentPage(store, live=False)
    page.code_box.value, page.name_box.value = "AAAAAA", "Ada"
    page.join_button.click()
    assert page.link is None and "no class session has the code" in page.message.value
    ada = store.join(session.code, "Ada")
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat={ada.token}")
    back = StudentPage(store, live=False)
    assert back.link.name == "Ada" and back.form.layout.display == "none"


def test_a_lesson_page_opened_with_a_seat_makes_its_questions_polls(store, session, monkeypatch, attached):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert join_from_address(store, live=False) is None
    ada = store.join(session.code, "Ada")
    monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat={ada.token}")
    link = join_from_address(store, live=False)
    attached(link)
    question = make_question("zombie.q1")
    question.predict("2")
    assert store.answers(session.code, session.teacher_key, "zombie.q1") == {"Ada": "2"}
    assert question.check_button.disabled


@pytest.fixture
def pool_kernel(monkeypatch):
    """This process as a kernel Voila pre-started for a pool: its visitor arrives when the test
    calls the returned function with the page's query string."""
    import asyncio
    import threading

    from changekit.ui import app

    request = threading.Event()
    query: list[str] = []

    def wait_for_request():  # what voila.utils.wait_for_request does: block, then the address
        assert request.wait(10)
        os.environ["QUERY_STRING"] = query[0]

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(app, "_wait_for_request", wait_for_request)
    monkeypatch.setattr(app, "_VISITOR_ARRIVED", False)
    monkeypatch.setattr(app, "_VISITOR_EVENT", threading.Event())
    monkeypatch.setattr(app, "_VISITOR_WAITER", None)
    monkeypatch.setattr(app, "_VISITOR_CALLBACKS", [])

    def arrive(query_string: str) -> None:
        query.append(query_string)
        request.set()
        assert app._VISITOR_EVENT.wait(10)
        loop.run_until_complete(asyncio.sleep(0.05))  # the callbacks run on the kernel's loop

    yield arrive
    monkeypatch.undo()
    loop.close()
    asyncio.set_event_loop(None)


def test_a_pre_rendered_lesson_page_renders_on_and_joins_the_class_when_its_visitor_arrives(
        store, session, pool_kernel, attached, monkeypatch):
    from changekit.ui import app

    waited = []
    with monkeypatch.context() as patched:  # it does not wait for the visitor: the wait is never called
        patched.setattr(app._VISITOR_EVENT, "wait", lambda timeout=None: waited.append(timeout) or True)
        assert join_from_address(store, live=False) is None
    assert waited == [] and not app._VISITOR_ARRIVED
    question = make_question("zombie.q1")  # the rest of the page renders before anybody is here
    ada = store.join(session.code, "Ada")
    pool_kernel(f"code={session.code}&seat={ada.token}")
    question.predict("2")
    assert store.answers(session.code, session.teacher_key, "zombie.q1") == {"Ada": "2"}
    assert question.check_button.disabled
    for hook in list(Question.on_create):  # the link the arrival made, undone like the others
        if isinstance(getattr(hook, "__self__", None), ClassLink):
            attached(hook.__self__)
    assert not any(getattr(h, "__name__", "") == "append" for h in Question.on_create)


def test_a_pre_rendered_page_with_a_wrong_seat_says_so_on_its_questions(store, session, pool_kernel):
    assert join_from_address(store, live=False) is None
    question = make_question("zombie.q1")
    pool_kernel(f"code={session.code}&seat=nonsense")
    assert "could not join the class" in question.status.value
    question.predict("2")
    assert store.answers(session.code, session.teacher_key, "zombie.q1") == {}
    assert not question.check_button.disabled


def test_a_pre_rendered_page_opened_without_a_seat_stays_a_page_alone(store, pool_kernel):
    assert join_from_address(store, live=False) is None
    question = make_question("zombie.q1")
    pool_kernel("")
    question.predict("2")
    assert "Now press Check" in question.status.value and not question.check_button.disabled  # no class
    assert not any(getattr(h, "__name__", "") == "append" for h in Question.on_create)


def test_the_student_page_shows_the_class_auction_and_its_result(store, session):
    from changekit.classroom.auction import AuctionBidder, AuctionPanel

    pages = {}
    for name in ("Ada", "Bo", "Cy"):
        pages[name] = StudentPage(store, live=False)
        pages[name].join(session.code, name)
    panel = AuctionPanel(store, session.code, session.teacher_key, poll=False)
    question = panel.start()
    bids = {"Ada": (10,), "Bo": (7,), "Cy": (7,)}  # Bo and Cy cancel; Ada takes the $10 bucket
    for name, page in pages.items():
        page.link.refresh()
        (bidder,) = page._bidders.values()
        assert isinstance(bidder, AuctionBidder) and bidder.question_id == question
        assert page.current.children == (bidder.widget,)
        for toggle in bidder.w_bills:
            toggle.value = int(toggle.description[1:]) in bids[name]
        bidder.submit()
    assert store.answers(session.code, session.teacher_key, question) == {n: list(b) for n, b in bids.items()}
    # a reloaded page gets its bid back from the store
    again = StudentPage(store, live=False)
    again._connect(ClassLink.rejoin(store, session.code, pages["Bo"].link.token))
    assert again._bidders[question].bid() == () and "Your bid: <b>$7</b>" in again._bidders[question].w_status.value
    # re-bidding replaces the bid (issue 29: the old bills stayed toggled and added to it)
    rebid = pages["Cy"]._bidders[question]
    assert rebid.bid() == ()  # unpicked after the submit
    rebid.w_bills[START_INDEX[5]].value = True
    rebid.w_submit.click()
    assert store.answers(session.code, session.teacher_key, question)["Cy"] == [5]
    rebid.w_bills[START_INDEX[7]].value = True
    rebid.w_submit.click()
    assert store.answers(session.code, session.teacher_key, question)["Cy"] == [7]
    panel.close()
    for page in pages.values():
        page.link.refresh()
        bidder = page._bidders[question]
        assert bidder.w_submit.disabled and all(t.disabled for t in bidder.w_bills)
        assert ("Bidding is closed" in bidder.w_status.value
                and "$10 bucket: <b>Ada</b> (bid $10)" in bidder.w_status.value)
    assert "You took the $10 bucket." in pages["Ada"]._bidders[question].w_status.value
    assert "both cancelled" in pages["Bo"]._bidders[question].w_status.value
    # a lesson question opened after the auction takes its place on the page
    store.open_question(session.code, session.teacher_key, "demo.q1",
                        question_prompt("demo.q1", "?", choices=["a", "b"]))
    pages["Ada"].link.refresh()
    assert pages["Ada"].current.children == (pages["Ada"].link.questions["demo.q1"].widget,)


def test_the_student_page_follows_the_tables_it_is_seated_at(store, session):
    from changekit.classroom.tables import open_table, student_seat

    page = StudentPage(store, live=False)
    page.join(session.code, "Ada")
    store.join(session.code, "Bo")
    assert page.tables.app is None and page.tables.widget in page.widget.children
    assert "No table for you yet" in page.tables.w_note.value
    first = open_table(store, session.code, session.teacher_key, "diminishing",
                       [student_seat("Bo"), student_seat("Ada")], seed=3)
    assert page.tables.refresh()
    assert page.tables.app.client.table_id == first.table_id and page.tables.app.viewer == 1
    assert "with Bo" in page.tables.w_note.value
    assert not page.tables.refresh()  # nothing newer: the table stays
    newer = open_table(store, session.code, session.teacher_key, "zombie",
                       [student_seat("Ada"), student_seat("Bo")], seed=4)
    assert page.tables.refresh() and page.tables.app.client.table_id == newer.table_id
    assert page.tables.app.game.name == "zombie" and page.tables.app.viewer == 0


def test_a_game_notebook_imports_join_from_address_without_the_store():
    """The zero-server site's Pyodide has no sqlite3: a page without a class code must not load the store."""
    import subprocess
    import sys

    script = ("import sys, types\n"
              "sys.modules['sqlite3'] = types.ModuleType('sqlite3')  # the site's empty stub\n"
              "from changekit.classroom.live import join_from_address\n"
              "print(join_from_address(), 'changekit.classroom.store' in sys.modules)\n")
    env = {k: v for k, v in __import__("os").environ.items() if k != "QUERY_STRING"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["None", "False"]


GAME_NOTEBOOKS = sorted(spec.notebook for spec in __import__("changekit.registry").registry.all_specs()
                        if spec.notebook)


@pytest.mark.parametrize("notebook", GAME_NOTEBOOKS)
def test_a_game_notebook_opened_with_a_seat_sends_its_predictions_to_the_class(notebook, tmp_path, monkeypatch,
                                                                               attached):
    """The notebook's first code cell, run as Voila runs it: with ?code=&seat= its questions
    become polls of the class; without a code it does nothing (and writes no store)."""
    import nbformat

    from changekit.classroom.lessons import NOTEBOOKS

    cells = [c for c in nbformat.read(NOTEBOOKS / notebook, as_version=4).cells if c.cell_type == "code"]
    first = cells[0].source
    assert "join_from_address()" in first and "Question(" not in first  # before every question
    url = f"sqlite:///{tmp_path}/class.db"
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", url)

    async def run_first_cell() -> dict:
        namespace: dict = {}
        exec(compile(first, notebook, "exec"), namespace)  # noqa: S102 - the kit's own notebook
        return namespace

    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert aio.run(run_first_cell())["class_link"] is None
    assert not (tmp_path / "class.db").exists()
    with connect(url) as store:
        session = store.open_session("P3")
        ada = store.join(session.code, "Ada")
        monkeypatch.setenv("QUERY_STRING", f"code={session.code}&seat={ada.token}")
        link = aio.run(run_first_cell())["class_link"]
        attached(link)
        assert isinstance(link, ClassLink) and link.name == "Ada"
        question = make_question(f"{notebook}.q1")
        question.predict("3")
        assert store.answers(session.code, session.teacher_key, f"{notebook}.q1") == {"Ada": "3"}


def test_the_address_and_the_notebooks_folder_are_read_in_one_place_each():
    import changekit.classroom.lessons as lessons
    import changekit.classroom.live as live
    import changekit.serving as serving
    import changekit.ui.app as app

    assert live.page_value is app.page_value and lessons.NOTEBOOKS is serving.NOTEBOOKS
    import changekit.classroom.tables as tables
    from changekit.classroom import poller

    assert live.Poller is poller.Poller and issubclass(tables.Poller, poller.Poller)
    assert not hasattr(tables, "asyncio")  # no second polling loop of its own


def test_the_join_address_carries_the_servers_token_whatever_address_the_dashboard_was_opened_at(store, session,
                                                                                                 monkeypatch):
    """A teacher who came through the gallery's links has no token in the dashboard's address (the
    login cookie let them in): the QR must still carry it, or every phone gets 403 (issue 41)."""
    from changekit.classroom.dashboard import Dashboard

    for variable, value in (("SERVER_NAME", "10.0.0.5"), ("SERVER_PORT", "8866"),
                            ("SCRIPT_NAME", "/voila/render/class.ipynb"), ("QUERY_STRING", "")):
        monkeypatch.setenv(variable, value)
    monkeypatch.setenv("CHANGEKIT_SERVER_TOKEN", "the-server-token-16")
    board = Dashboard(store, live=False)
    board.resume(session.code, session.teacher_key)
    assert (f"http://10.0.0.5:8866/voila/render/join.ipynb?code={session.code}&amp;token=the-server-token-16"
            in board.join_html.value)
    monkeypatch.delenv("CHANGEKIT_SERVER_TOKEN")
    assert page_address("join.ipynb", code="K7PQ3M") == "http://10.0.0.5:8866/voila/render/join.ipynb?code=K7PQ3M"


def test_on_a_hub_an_address_for_another_person_opens_in_their_own_server(monkeypatch):
    for variable, value in (("SERVER_NAME", "hub.school.example"), ("SERVER_PORT", "443"),
                            ("SCRIPT_NAME", "/user/ms-lee/voila/render/class.ipynb"),
                            ("JUPYTERHUB_SERVICE_PREFIX", "/user/ms-lee/"), ("JUPYTERHUB_BASE_URL", "/")):
        monkeypatch.setenv(variable, value)
    assert page_address("join.ipynb", code="K7PQ3M") == \
        "https://hub.school.example/hub/user-redirect/voila/render/join.ipynb?code=K7PQ3M"
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/school/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/school/user/ms-lee/")
    monkeypatch.setenv("SCRIPT_NAME", "/school/user/ms-lee/voila/render/class.ipynb")
    assert page_address("join.ipynb") == "https://hub.school.example/school/hub/user-redirect/voila/render/join.ipynb"
