"""A Question in a real browser: the answer is not in the page until a prediction is locked in
and Check is pressed; then the answer, its chart and the reading appear."""
from __future__ import annotations

import re

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


def test_keys_typed_and_a_choice_changed_just_before_lock_in_are_what_is_locked_in(page, voila_url):
    """ipywidgets holds a field's update back while its last one is on its way (a busy kernel, a slow
    network) but sends a click at once: here every one of its own value updates is held back for
    good, so whatever the kernel learns of the keys and taps it learns from the question's
    SentInOrder, in order with the click."""
    held = []

    def hold_field_updates(socket):
        server = socket.connect_to_server()

        def from_page(message):
            data = message.encode() if isinstance(message, str) else message
            if b'"method":"update"' in data and (b'"state":{"value"' in data or b'"state":{"index"' in data):
                held.append(data)
                return
            server.send(message)

        socket.on_message(from_page)

    page.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), hold_field_updates)
    open_app(page, voila_url, "zombie.ipynb", "Lock in my prediction")
    chance = page.locator(".ck-question-box").filter(has_text="You pay a $5 to a fresh Zombie")
    chance.get_by_role("textbox").press_sequentially("57")  # key by key, at machine speed
    chance.get_by_role("button", name="Lock in my prediction").click()
    visible(chance.get_by_text("Your prediction: 57"), what="the whole number locked in")
    best = page.locator(".ck-question-box").filter(has_text="which bill earns the most points")
    best.get_by_role("button", name="$3", exact=True).click()
    best.get_by_role("button", name="$1", exact=True).click()  # a change of mind, then at once Lock in
    best.get_by_role("button", name="Lock in my prediction").click()
    visible(best.get_by_text("Your prediction: $1"), what="the choice tapped last locked in")
    # the box's first key and the first tap were held; ipywidgets kept the rest back behind them
    assert [b'"state":{"value"' in data for data in held] == [True, False], "the test held back nothing"
    finish(page, "zombie-keys-in-order")
