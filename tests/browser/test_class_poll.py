"""A class poll in real browsers: a teacher's dashboard and three students' join pages (Chromium)
on one Voila server whose kernels share one class store; the students answer, and after Reveal the
teacher's histogram shows the three answers and the students can check theirs."""
from __future__ import annotations


import pytest

from changekit.serving import NOTEBOOKS, ROOT
from changekit.testing import VoilaServer
from changekit.classroom.store import STORE_VARIABLE

from .helpers import ARTIFACTS, RENDER_TIMEOUT_MS, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000  # a poll reaches a page in ~0.5 s; this only bounds a stuck test on a loaded box
GUESSES = {"Ada": "$1", "Bo": "$3", "Cy": "$1"}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """`changekit serve notebooks/` with every kernel pointed at one fresh class store."""
    store = tmp_path_factory.mktemp("class") / "class.db"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = VoilaServer(NOTEBOOKS, ARTIFACTS / "voila-class.log", cwd=ROOT,
                         env={STORE_VARIABLE: f"sqlite:///{store}"})  # every kernel shares the store
    yield server.url
    server.stop()


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def test_three_students_answer_a_poll_and_the_teacher_reveals_it(browser, class_server):
    teacher = browser.new_context().new_page()
    errors = watch_errors(teacher)
    teacher.goto(f"{class_server}/voila/render/class.ipynb", timeout=RENDER_TIMEOUT_MS)
    teacher.get_by_role("button", name="Open a new session").click(timeout=RENDER_TIMEOUT_MS)
    code = teacher.locator(".ck-join-code").inner_text(timeout=LIVE_MS).strip()
    assert len(code) == 6
    assert teacher.locator(".ck-qr svg").count() == 1

    students = {}
    for name in GUESSES:
        page = browser.new_context().new_page()
        errors += watch_errors(page)
        page.goto(f"{class_server}/voila/render/join.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
        page.get_by_role("textbox", name="Your name:").fill(name, timeout=RENDER_TIMEOUT_MS)
        page.get_by_role("button", name="Join the class").click()
        page.locator(".ck-rejoin").wait_for(timeout=LIVE_MS)
        students[name] = page
    teacher.locator(".ck-student-count", has_text="3").wait_for(timeout=LIVE_MS)

    row = teacher.locator(".ck-poll-zombie-q1")
    row.get_by_role("button", name="Open", exact=True).click()
    for name, page in students.items():
        question = page.locator(".ck-question-box")
        question.get_by_role("button", name=GUESSES[name], exact=True).click(timeout=LIVE_MS)
        question.get_by_role("button", name="Lock in my prediction").click()
        question.get_by_text("Waiting for your teacher").wait_for(timeout=LIVE_MS)
        assert question.get_by_role("button", name="Check").is_disabled()
    row.locator(".ck-poll-count", has_text="3 answers").wait_for(timeout=LIVE_MS)

    row.get_by_role("button", name="Reveal").click()
    chart = teacher.locator(".ck-reveal .js-plotly-plot").first
    chart.wait_for(timeout=LIVE_MS)
    teacher.wait_for_function(
        "() => { const c = document.querySelector('.ck-reveal .js-plotly-plot');"
        " return c && c.data && c.data[0].y.reduce((a, b) => a + b, 0) === 3; }", timeout=LIVE_MS)
    drawn = teacher.eval_on_selector(".ck-reveal .js-plotly-plot", "c => [c.data[0].x, c.data[0].y]")
    assert drawn == [["$1", "$3", "$5", "$7", "$10"], [2, 1, 0, 0, 0]]
    assert teacher.locator(".ck-reveal .js-plotly-plot g.point").count() >= 2  # the bars are drawn
    # beside it, the exact answer as the lesson's Check shows it (its table of expected points)
    teacher.locator(".ck-reveal").get_by_text("The exact answer").wait_for(timeout=120_000)
    teacher.locator(".ck-reveal table[aria-label='expected points per bill']").wait_for(timeout=LIVE_MS)

    for page in students.values():
        check = page.locator(".ck-question-box").get_by_role("button", name="Check")
        page.wait_for_function("b => !b.disabled", arg=check.element_handle(), timeout=LIVE_MS)
        check.click()
        page.get_by_text("The small bills win").wait_for(timeout=LIVE_MS)
    screenshot(teacher, "class-poll-teacher")
    teacher.locator(".ck-reveal").screenshot(path=str(ARTIFACTS / "class-poll-reveal.png"))
    screenshot(students["Ada"], "class-poll-student")
    assert errors == []
