"""A class run on phones (issue 25): a teacher with a phone (390 × 844) opens a session and
Zombie's first question; two students join on phones (390 × 844 and 360 × 780, touch screens),
tap their answer and lock in; the teacher asks them to talk to their neighbour, they revote, the
teacher reveals and they press Check; then a class auction: each taps a bid and submits it, and
sees the result. The projector view is opened on a phone too. At every step each phone page
scrolls nowhere sideways, its buttons, choices and boxes are touch targets of at least 44 px with
their whole labels (the apps' LAYOUT_JS), its charts let a finger scroll the page (plotly's
dragmode off), and the question's news is announced (an aria-live line).

One class server with one fresh SQLite store, one teacher page, one projector page, two phone pages."""
from __future__ import annotations

import pytest


from .helpers import class_store_server, RENDER_TIMEOUT_MS, layout_problems, screenshot, visible, wait_until, watch

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000
PHONES = {"Zephyrine": {"width": 390, "height": 844}, "Quillon": {"width": 360, "height": 780}}
VOTES = {"Zephyrine": "$1", "Quillon": "$3"}
REVOTES = {"Zephyrine": "$1", "Quillon": "$1"}
BIDS = {"Zephyrine": "$10", "Quillon": "$7"}
STUDENT_PAGE = ".ck-student-page"
TEACHER_PHONE = {"width": 390, "height": 844}

#: each plotly chart on the page: its dragmode as plotly drew it (false: a finger scrolls the page)
DRAGMODES_JS = "() => [...document.querySelectorAll('.js-plotly-plot')].map(c => c._fullLayout.dragmode)"

#: every chart drawn, none wider than its box (a chart follows its box as the page lays it out)
FITTED_JS = """() => [...document.querySelectorAll('.js-plotly-plot')]
  .every(c => c._fullLayout && c._fullLayout.width <= c.getBoundingClientRect().width + 1)"""

#: the live regions inside the question's box, with the text they say now
LIVE_JS = """(box) => [...box.querySelectorAll('[aria-live]')]
  .map(e => ({ live: e.getAttribute('aria-live'), text: e.innerText.trim() }))"""


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, _ = class_store_server(tmp_path_factory.mktemp("phones"), "voila-class-phone.log")
    yield server.url
    server.stop()


def fits_the_phone(page, name: str, when: str, shown=None, boxes: str = STUDENT_PAGE) -> None:
    """The phone page's layout is right now, its charts let go of a finger, and its screenshot (with
    ``shown`` scrolled into the screen: Voila scrolls an inner box, a screenshot takes the screen) is kept."""
    problems = layout_problems(page, boxes)
    dragmodes = page.evaluate(DRAGMODES_JS)
    if shown is not None:
        shown.scroll_into_view_if_needed()
    screenshot(page, f"class-poll-phone-{name.lower()}-{when}")
    assert not problems, f"{name}'s phone, {when}:\n" + "\n".join(problems)
    assert all(mode is False for mode in dragmodes), f"{name}'s phone, {when}: chart dragmodes {dragmodes}"


def vote_by_touch(page, name: str, box, choice_name: str, lock_label: str, when: str) -> None:
    """On ``name``'s phone: the question's ``box`` fits the phone; tap the choice, then its Lock in
    (enabled only by the tap)."""
    choice = box.get_by_role("button", name=choice_name, exact=True)
    visible(choice, what=f"the {when} on {name}'s phone")
    fits_the_phone(page, name, when, box)
    choice.tap()
    lock = box.get_by_role("button", name=lock_label)
    wait_until(page, lock.is_enabled, what=f"{name}'s {lock_label}, enabled by the tapped choice")
    lock.tap()


def test_students_answer_a_class_poll_on_phones(browser, class_server):
    teacher = browser.new_context(viewport=TEACHER_PHONE, has_touch=True, is_mobile=True).new_page()
    watches = [watch(teacher, "class-poll-phone-teacher")]
    teacher.goto(f"{class_server}/voila/render/class.ipynb", timeout=RENDER_TIMEOUT_MS)
    teacher.get_by_role("button", name="Open a new session").click(timeout=RENDER_TIMEOUT_MS)
    code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
    key = teacher.locator(".ck-teacher-key").text_content().strip()
    fits_the_phone(teacher, "teacher", "session", boxes=".ck-dashboard")

    projector = browser.new_context(viewport=TEACHER_PHONE, has_touch=True, is_mobile=True).new_page()
    watches.append(watch(projector, "class-poll-phone-projector"))
    projector.goto(f"{class_server}/voila/render/projector.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
    projector.locator("input[type=password]").fill(key, timeout=RENDER_TIMEOUT_MS)
    projector.get_by_role("button", name="Show on the projector").tap()

    phones = {}
    for name, size in PHONES.items():
        context = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
        page = context.new_page()
        watches.append(watch(page, f"class-poll-phone-{name.lower()}"))
        page.goto(f"{class_server}/voila/render/join.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
        name_box = page.get_by_role("textbox", name="Your name:")
        visible(name_box, what=f"the join form on {name}'s phone", timeout_ms=RENDER_TIMEOUT_MS)
        fits_the_phone(page, name, "join")
        name_box.tap()
        name_box.fill(name)
        page.get_by_role("button", name="Join the class").tap()
        visible(page.locator(".ck-rejoin"), what=f"{name} joined")
        phones[name] = page
    teacher.locator(".ck-student-count", has_text="2").wait_for(timeout=LIVE_MS)

    row = teacher.locator(".ck-poll-zombie-q1")
    row.get_by_role("button", name="Open", exact=True).click()
    row.locator("select").nth(1).select_option("$1", timeout=LIVE_MS)  # the right answer
    for name, page in phones.items():
        box = page.locator(".ck-question-box")
        vote_by_touch(page, name, box, VOTES[name], "Lock in my prediction", "question")
        visible(box.get_by_text("Waiting for your teacher"), what=f"{name}'s vote in")
        assert box.get_by_role("button", name="Check").is_disabled()  # until the reveal
    row.locator(".ck-poll-count", has_text="2 answers").wait_for(timeout=LIVE_MS)
    fits_the_phone(teacher, "teacher", "votes", row, boxes=".ck-dashboard")
    projector.locator(".ck-projector-count", has_text="2 of 2 answered").wait_for(timeout=LIVE_MS)
    fits_the_phone(projector, "projector", "votes", boxes=".ck-projector-page")

    row.get_by_role("button", name="Talk to your neighbour").tap()
    for name, page in phones.items():
        revote = page.locator(".ck-revote")
        vote_by_touch(page, name, revote, REVOTES[name], "Lock in my revote", "revote")
        visible(revote.get_by_text("Your revote"), what=f"{name}'s revote in")
    row.locator(".ck-poll-count", has_text="2 revotes").wait_for(timeout=LIVE_MS)
    projector.locator(".ck-projector-count", has_text="2 of 2 revoted").wait_for(timeout=LIVE_MS)

    row.get_by_role("button", name="Reveal").tap()
    for name, page in phones.items():
        box = page.locator(".ck-question-box:not(.ck-revote)")  # the first vote's box holds Check
        check = box.get_by_role("button", name="Check")
        wait_until(page, check.is_enabled, what=f"{name}'s Check, opened by the reveal")
        # the reveal is said where a screen reader hears it
        assert any("revealed" in line["text"] for line in box.evaluate(LIVE_JS)), box.evaluate(LIVE_JS)
        check.tap()
        visible(box.get_by_text("The small bills win").first, what=f"{name}'s answer", timeout_ms=120_000)
        visible(box.locator(".js-plotly-plot").first, what=f"the class's chart on {name}'s phone")
        wait_until(page, FITTED_JS, what=f"every chart on {name}'s phone drawn to its box's width")
        lines = box.evaluate(LIVE_JS)
        assert any(f"prediction was {VOTES[name]}" in line["text"] for line in lines), lines
        fits_the_phone(page, name, "checked", box.locator(".js-plotly-plot").last)  # the class's chart
        box.locator(".js-plotly-plot").first.scroll_into_view_if_needed()  # the exact answer's chart
        screenshot(page, f"class-poll-phone-{name.lower()}-answer")
    projector.locator(".ck-projector-page .ck-projector-chart").first.wait_for(timeout=LIVE_MS)
    fits_the_phone(projector, "projector", "revealed", boxes=".ck-projector-page")
    fits_the_phone(teacher, "teacher", "revealed", row, boxes=".ck-dashboard")

    # -- a class auction, bid by touch --
    teacher.get_by_role("button", name="Start a class auction").tap()
    for name, page in phones.items():
        bidder = page.locator(".ck-auction-bidder")
        visible(bidder, what=f"the auction on {name}'s phone")
        fits_the_phone(page, name, "auction", bidder)
        bidder.get_by_role("button", name=BIDS[name], exact=True).tap()
        bidder.get_by_role("button", name="Submit my bid").tap()
        visible(bidder.get_by_text(f"Your bid: {BIDS[name]}"), what=f"{name}'s bid of {BIDS[name]} in")
    visible(teacher.get_by_text("2 of 2 students have bid"), what="both bids on the teacher's phone")
    teacher.get_by_role("button", name="Close bidding and settle").tap()
    results = teacher.locator("table.ck-auction")
    visible(results, what="the auction's results on the teacher's phone")
    # the class explorer, fed the class's bids, draws the best response: its chart must be in too
    visible(teacher.locator("[role=figure][aria-label^='chart: Best response']"),
            what="the best response to the class on the teacher's phone")
    fits_the_phone(teacher, "teacher", "auction", results, boxes=".ck-dashboard")
    for name, page in phones.items():
        result = page.locator(".ck-auction-result")
        visible(result, what=f"the result on {name}'s phone")
        assert f"You took the {BIDS[name]} bucket." in result.inner_text()
        fits_the_phone(page, name, "auction-result", result)
    assert all(seen.unexpected == [] for seen in watches), [seen.unexpected for seen in watches]
