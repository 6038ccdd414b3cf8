"""A class poll answered on phones (issue 25): a teacher at a desk opens a session and Zombie's
first question; two students join on phones (390 × 844 and 360 × 780, touch screens), tap their
answer, lock in, and press Check after the teacher's Reveal. At the join form, with the open
question and after Check, each phone page scrolls nowhere sideways, its buttons, choices and
boxes are touch targets of at least 44 px with their whole labels (the apps' LAYOUT_JS), its charts
let a finger scroll the page (plotly's dragmode off), and the question's news is announced
(an aria-live line).

One class server with one fresh SQLite store, one teacher page, two phone pages."""
from __future__ import annotations

import pytest


from .helpers import class_store_server, RENDER_TIMEOUT_MS, layout_problems, screenshot, visible, wait_until, watch

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000
PHONES = {"Zephyrine": {"width": 390, "height": 844}, "Quillon": {"width": 360, "height": 780}}
VOTES = {"Zephyrine": "$1", "Quillon": "$3"}
STUDENT_PAGE = ".ck-student-page"

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


def fits_the_phone(page, name: str, when: str, shown=None) -> None:
    """The phone page's layout is right now, its charts let go of a finger, and its screenshot (with
    ``shown`` scrolled into the screen: Voila scrolls an inner box, a screenshot takes the screen) is kept."""
    problems = layout_problems(page, STUDENT_PAGE)
    dragmodes = page.evaluate(DRAGMODES_JS)
    if shown is not None:
        shown.scroll_into_view_if_needed()
    screenshot(page, f"class-poll-phone-{name.lower()}-{when}")
    assert not problems, f"{name}'s phone, {when}:\n" + "\n".join(problems)
    assert all(mode is False for mode in dragmodes), f"{name}'s phone, {when}: chart dragmodes {dragmodes}"


def test_students_answer_a_class_poll_on_phones(browser, class_server):
    teacher = browser.new_context(viewport={"width": 1400, "height": 1400}).new_page()
    watches = [watch(teacher, "class-poll-phone-teacher")]
    teacher.goto(f"{class_server}/voila/render/class.ipynb", timeout=RENDER_TIMEOUT_MS)
    teacher.get_by_role("button", name="Open a new session").click(timeout=RENDER_TIMEOUT_MS)
    code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()

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
        choice = box.get_by_role("button", name=VOTES[name], exact=True)
        visible(choice, what=f"the open question on {name}'s phone")
        fits_the_phone(page, name, "question", box)
        choice.tap()
        lock = box.get_by_role("button", name="Lock in my prediction")
        wait_until(page, lock.is_enabled, what=f"{name}'s Lock in, enabled by the tapped choice")
        lock.tap()
        visible(box.get_by_text("Waiting for your teacher"), what=f"{name}'s vote in")
        assert box.get_by_role("button", name="Check").is_disabled()  # until the reveal
    row.locator(".ck-poll-count", has_text="2 answers").wait_for(timeout=LIVE_MS)

    row.get_by_role("button", name="Reveal").click()
    for name, page in phones.items():
        box = page.locator(".ck-question-box")
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
    assert all(seen.unexpected == [] for seen in watches), [seen.unexpected for seen in watches]
