"""A Question in a real browser: the answer is not in the page until a prediction is locked in
and Check is pressed; then the answer, its chart and the reading appear."""
from __future__ import annotations

import pytest

from .helpers import charts_with_traces, finish, open_app, visible, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ANSWER = "Exact chance of at least one point with a $5"  # zombie.q2's answer text
READING = "the simulated diamonds sit on the exact bars"  # and its reading


def test_the_answer_appears_only_after_check(page, voila_url):
    open_app(page, voila_url, "zombie.ipynb", "Lock in my prediction")
    question = page.locator(".ck-question-box").filter(has_text="You pay a $5 to a fresh Zombie")
    visible(question, what="the question")
    body = page.locator("body")
    assert ANSWER not in body.inner_text() and READING not in body.inner_text()
    check = question.get_by_role("button", name="Check")
    assert check.is_disabled()
    charts_before = len(charts_with_traces(page))

    lock = question.get_by_role("button", name="Lock in my prediction")
    assert lock.is_disabled()  # the box starts empty: nothing to lock in yet (it opened at 0 with Lock in ready)
    question.get_by_role("textbox").fill("50")
    question.get_by_role("textbox").press("Enter")
    lock.click()
    visible(question.get_by_text("Your prediction: 50"), what="the locked-in prediction")
    assert ANSWER not in body.inner_text()
    check.click()
    visible(page.get_by_text(ANSWER), what="the answer", timeout_ms=60_000)
    visible(page.get_by_text(READING), what="the reading")
    wait_until(page, f"() => document.querySelectorAll('.js-plotly-plot').length > {charts_before}",
               what="the answer's chart", timeout_ms=60_000)
    assert max(charts_with_traces(page)) >= 2  # bars and diamonds
    finish(page, "zombie-question-checked")
