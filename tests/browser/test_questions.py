"""A Question in a real browser: the answer is not in the page until a prediction is locked in
and Check is pressed; then the answer, its chart and the reading appear."""
from __future__ import annotations

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ANSWER = "Exact chance of at least one point with a $5"  # zombie.q2's answer text
READING = "the simulated diamonds sit on the exact bars"  # and its reading


def test_the_answer_appears_only_after_check(page, voila_url):
    errors = open_app(page, voila_url, "zombie.ipynb", "Lock in my prediction")
    question = page.locator(".ck-question-box").filter(has_text="You pay a $5 to a fresh Zombie")
    question.wait_for()
    body = page.locator("body")
    assert ANSWER not in body.inner_text() and READING not in body.inner_text()
    check = question.get_by_role("button", name="Check")
    assert check.is_disabled()
    charts_before = len(charts_with_traces(page))

    question.get_by_role("button", name="Lock in my prediction").click()
    question.get_by_text("Your prediction:").wait_for()
    assert ANSWER not in body.inner_text()
    check.click()
    page.get_by_text(ANSWER).wait_for(timeout=60_000)
    page.get_by_text(READING).wait_for()
    page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot').length > {charts_before}", timeout=60_000)
    assert max(charts_with_traces(page)) >= 2  # bars and diamonds
    screenshot(page, "zombie-question-checked")
    assert errors == []
