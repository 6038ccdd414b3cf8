"""The strategy lab in a class, in Chromium (issue 27): a student writes a bot in the lab page's code
box, tests it (the report shows its win rate and the exact comparison), submits it; the teacher's
dashboard runs the class tournament in the sandbox and shows it to the class; the student's page
then shows the standings with the student's own row."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.classroom.store import STORE_VARIABLE
from changekit.serving import NOTEBOOKS, ROOT
from changekit.testing import VoilaServer

from .helpers import ARTIFACTS, RENDER_TIMEOUT_MS, screenshot, wait_until
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]

STEP_MS = 120_000  # a sandboxed tournament on a loaded 2-core box
MOST_EXPECTED = """\
from changekit.games.zombie.bots import position
from changekit.games.zombie.model import expected_points


def choose(view, legal, rng):
    zombie, pool = position(view)
    return max(legal, key=lambda bill: expected_points(bill, zombie, pool))
"""
SMALLEST = "def choose(view, legal, rng):\n    return min(legal)\n"


def test_a_student_writes_tests_and_submits_a_bot_and_the_class_tournament_reaches_every_page(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'class.db'}"
    with connect(url) as store:
        session = store.open_session("Period 3")
        ada = store.join(session.code, "Ada")
        ben = store.join(session.code, "Ben")
        store.submit_bot(session.code, ben.token, "zombie", SMALLEST)  # a classmate's entry, from their page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = VoilaServer(NOTEBOOKS, ARTIFACTS / "voila-class-lab.log", cwd=ROOT, env={STORE_VARIABLE: url})
    try:
        context = browser.new_context(viewport={"width": 1100, "height": 1400})
        student = context.new_page()
        student.goto(f"{server.url}/voila/render/lab.ipynb?game=zombie&code={session.code}&seat={ada.token}",
                     timeout=RENDER_TIMEOUT_MS)
        code_box = student.locator(".ck-code textarea")
        code_box.wait_for(timeout=RENDER_TIMEOUT_MS)
        code_box.fill(MOST_EXPECTED)
        student_deals = student.get_by_label("Deals")  # each deal from all four seats: 3 deals are 12 games
        student_deals.fill("3")
        student_deals.press("Enter")
        student.get_by_text("= 12 games").wait_for(timeout=STEP_MS)
        student.get_by_role("button", name="Test my bot").click()
        report = student.locator(".ck-live[aria-live='polite']", has_text="win rate")  # read out when it comes
        report.wait_for(timeout=STEP_MS)
        assert "12 games" in report.inner_text() and "against an exact yardstick" in report.inner_text()
        assert_axe_finds_nothing(student, "lab-after-a-test")  # and the checks axe cannot make (#47)
        student.get_by_role("button", name="Submit to class").click()
        student.get_by_text("Submitted at").wait_for(timeout=STEP_MS)
        with connect(url) as store:
            entries = {e.student: e for e in store.bots(session.code, session.teacher_key, "zombie")}
        assert set(entries) == {"Ada", "Ben"} and entries["Ada"].source == MOST_EXPECTED

        teacher = context.new_page()
        teacher.goto(f"{server.url}/voila/render/class.ipynb?code={session.code}", timeout=RENDER_TIMEOUT_MS)
        teacher.get_by_label("Teacher key:").fill(session.teacher_key, timeout=RENDER_TIMEOUT_MS)
        teacher.get_by_role("button", name="Resume").click()
        teacher.get_by_role("button", name="Refresh the entries").click(timeout=STEP_MS)
        teacher.get_by_text("2 submitted for", exact=False).first.wait_for(timeout=STEP_MS)
        teacher.get_by_label("Kit bots").select_option(["careful", "greedy"])  # a Zombie table seats four
        games = teacher.get_by_label("Games each")
        games.fill("6")
        games.press("Enter")
        teacher.get_by_role("button", name="Run the tournament").click()
        standings = teacher.locator(".ck-standings")
        try:
            standings.wait_for(timeout=STEP_MS)
        except Exception:
            screenshot(teacher, "class-lab-teacher-failed")
            raise
        ranked = standings.inner_text()
        assert all(name in ranked for name in ("Ada", "Ben", "careful bot", "greedy bot")), ranked
        # the tournament's charts drawn (win rates, the payoff heat map): axe, and their words readable
        charts = teacher.locator(".ck-class-tournament .ck-chart.js-plotly-plot")
        wait_until(teacher, lambda: charts.count() == 2 and charts.nth(1).is_visible(), what="the tournament's charts",
                   timeout_ms=STEP_MS)
        assert_axe_finds_nothing(teacher, "class-lab-tournament")
        teacher.get_by_role("button", name="Show to class with names").click()

        shown = student.locator(".ck-standings")
        shown.wait_for(timeout=STEP_MS)  # the student's page polls for published standings
        text = shown.inner_text()
        assert "Ada (you)" in text and "Ben" in text
        screenshot(student, "class-lab-student")
        screenshot(teacher, "class-lab-teacher")
        context.close()
    finally:
        server.stop()
