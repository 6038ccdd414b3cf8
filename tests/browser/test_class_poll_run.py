"""A poll's whole run in real browsers (issue 25): a teacher, four students and the projector on
one Voila server; first vote, "talk to your neighbour", revote, reveal. The projector view shows
counts and never a name; the teacher's reveal draws the votes beside the exact answer, each
student's Check then answers; the lesson report's figures match the votes given."""
from __future__ import annotations

import pytest


from .helpers import class_store_server, RENDER_TIMEOUT_MS, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000
# distinctive names, so their absence from the projector's text means something
FIRST = {"Zephyrine": "$1", "Quillon": "$3", "Marisol": "$1", "Thaddeus": "$5"}  # 2 of 4 right
AGAIN = {"Zephyrine": "$1", "Quillon": "$1", "Marisol": "$1", "Thaddeus": "$3"}  # 3 of 4 right


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server, _ = class_store_server(tmp_path_factory.mktemp("class"), "voila-class-run.log")
    yield server.url
    server.stop()


def lock(page, box, choice, label):
    box.get_by_role("button", name=choice, exact=True).click(timeout=LIVE_MS)
    box.get_by_role("button", name=label).click()


def test_a_question_runs_through_vote_discussion_revote_and_reveal(browser, class_server):
    errors: list[str] = []
    teacher = browser.new_context(viewport={"width": 1400, "height": 1400}).new_page()
    teacher.on("pageerror", lambda exc: errors.append(str(exc)))
    teacher.goto(f"{class_server}/voila/render/class.ipynb", timeout=RENDER_TIMEOUT_MS)
    teacher.get_by_role("button", name="Open a new session").click(timeout=RENDER_TIMEOUT_MS)
    code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
    key = teacher.locator(".ck-teacher-key").text_content().strip()
    assert len(code) == 6 and teacher.locator(".ck-qr svg").count() == 1

    students = {}
    for name in FIRST:
        page = browser.new_context().new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{class_server}/voila/render/join.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
        page.get_by_role("textbox", name="Your name:").fill(name, timeout=RENDER_TIMEOUT_MS)
        page.get_by_role("button", name="Join the class").click()
        page.locator(".ck-rejoin").wait_for(timeout=LIVE_MS)
        students[name] = page
    teacher.locator(".ck-student-count", has_text="4").wait_for(timeout=LIVE_MS)

    projector = browser.new_context(viewport={"width": 1200, "height": 1000}).new_page()
    projector.on("pageerror", lambda exc: errors.append(str(exc)))
    projector.goto(f"{class_server}/voila/render/projector.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
    projector.locator("input[type=password]").fill(key, timeout=RENDER_TIMEOUT_MS)
    projector.get_by_role("button", name="Show on the projector").click()
    projector.locator(".ck-projector", has_text="4 joined").wait_for(timeout=LIVE_MS)

    row = teacher.locator(".ck-poll-zombie-q1")
    row.get_by_role("button", name="Open", exact=True).click()
    row.locator("select").nth(1).select_option("$1", timeout=LIVE_MS)  # the right answer
    for name, page in students.items():
        first = page.locator(".ck-question-box:not(.ck-revote)")
        lock(page, first, FIRST[name], "Lock in my prediction")
        first.get_by_text("Waiting for your teacher").wait_for(timeout=LIVE_MS)
        assert first.get_by_role("button", name="Check").is_disabled()  # until the reveal
    row.locator(".ck-poll-count", has_text="4 answers").wait_for(timeout=LIVE_MS)
    row.locator(".ck-advice", has_text="50% of first votes are right").wait_for(timeout=LIVE_MS)
    projector.locator(".ck-projector-count", has_text="4 of 4 answered").wait_for(timeout=LIVE_MS)

    row.get_by_role("button", name="Talk to your neighbour").click()
    for name, page in students.items():
        page.locator(".ck-discuss").wait_for(timeout=LIVE_MS)
        revote = page.locator(".ck-revote")
        lock(page, revote, AGAIN[name], "Lock in my revote")
        revote.get_by_text("Your revote").wait_for(timeout=LIVE_MS)
    row.locator(".ck-poll-count", has_text="4 revotes").wait_for(timeout=LIVE_MS)
    projector.locator(".ck-projector-count", has_text="4 of 4 revoted").wait_for(timeout=LIVE_MS)

    row.get_by_role("button", name="Reveal").click()
    teacher.wait_for_function(
        "() => { const c = document.querySelector('.ck-reveal .js-plotly-plot');"
        " return c && c.data && c.data.length === 2 && c.data[1].y.reduce((a, b) => a + b, 0) === 4; }",
        timeout=LIVE_MS)
    drawn = teacher.eval_on_selector(".ck-reveal .js-plotly-plot", "c => c.data.map(t => t.y)")
    assert drawn == [[2, 1, 1, 0, 0], [3, 1, 0, 0, 0]]
    # the projector draws the two votes as its own SVG bars, each titled with its count
    projector.locator(".ck-projector-chart rect.ck-bar").first.wait_for(timeout=LIVE_MS)
    titles = projector.locator(".ck-projector-chart rect.ck-bar title").all_text_contents()
    assert "first vote, $1: 2" in titles and "revote, $1: 3" in titles, titles
    seen = projector.locator("body").inner_text() + (projector.locator("body").text_content() or "")
    assert all(name not in seen for name in FIRST), "a student's name on the projector"
    assert code in seen and "The answer" in seen
    assert teacher.locator(".ck-reveal .js-plotly-plot g.point").count() >= 2  # the bars are drawn
    # beside it, the exact answer as the lesson's Check shows it (its table of expected points)
    teacher.locator(".ck-reveal").get_by_text("The exact answer").wait_for(timeout=120_000)
    teacher.locator(".ck-reveal table[aria-label='expected points per bill']").wait_for(timeout=LIVE_MS)
    for page in students.values():  # after the reveal, each student's own Check answers
        check = page.locator(".ck-question-box:not(.ck-revote)").get_by_role("button", name="Check")
        page.wait_for_function("b => !b.disabled", arg=check.element_handle(), timeout=LIVE_MS)
        check.click()
        page.get_by_text("The small bills win").first.wait_for(timeout=LIVE_MS)

    teacher.get_by_role("button", name="Lesson report").click()
    report = teacher.get_by_role("table", name="lesson report")
    report.wait_for(timeout=LIVE_MS)
    text = report.inner_text()
    assert "zombie.q1" in text and "2 of 4 (50%)" in text and "3 of 4 (75%)" in text
    assert "0.50" in text  # g = (0.75 - 0.5) / (1 - 0.5)
    screenshot(teacher, "class-poll-run-teacher")
    screenshot(projector, "class-poll-run-projector")
    screenshot(students["Quillon"], "class-poll-run-student")
    assert errors == []
