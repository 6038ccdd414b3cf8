"""Moneybags in a real browser: robbed, jiggle, challenge (stacks shown), then steal on your turn."""
from __future__ import annotations

import re

import pytest

from .helpers import check_question, finish, log_count, open_app, screenshot, visible, wait_log_grows, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]


#: to the end of the notebook's own scrolling box (Voila scrolls an inner container, not the window)
SCROLL_JS = """() => {
  const boxes = [...document.querySelectorAll('*')].filter(e => e.scrollHeight > e.clientHeight + 50
    && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY));
  const box = boxes[0] || document.scrollingElement;
  box.scrollTop = box.scrollHeight;
}"""


def test_the_countdown_waits_for_the_student_and_runs_out_in_the_browser(page, voila_url):
    # seed 7: robbed as the page opens. No count starts before the student acts; Start starts it,
    # and at the count the kernel lets the thief go for you.
    open_app(page, voila_url, "moneybags.ipynb?countdown=2", "Challenge", rendered=False)
    assert "before the count of 2?" in page.locator(".ck-app").inner_text()
    visible(page.get_by_text("starts when you press Start"), what="the clock waiting for the student")
    page.wait_for_timeout(3000)  # longer than the count: nothing runs out on its own
    assert page.get_by_text("Time ran out").count() == 0
    page.get_by_role("button", name="Start the countdown").click()
    visible(page.get_by_text("Time ran out: you let the thief go."), what="the countdown to run out")
    assert "You let it go." in page.locator(".ck-log").inner_text()
    finish(page, "moneybags-countdown")


def test_the_countdown_pauses_while_the_app_is_out_of_sight(page, voila_url):
    open_app(page, voila_url, "moneybags.ipynb?countdown=4", "Challenge")
    clock = page.locator("progress[aria-label='time left to decide']")
    label = page.locator(".ck-countdown-label")
    assert label.inner_text() == "starts when you press Start"  # no count at page open
    page.get_by_role("button", name="Start the countdown").click()
    visible(page.get_by_text(re.compile(r"^[1-4] s left$")), what="the count running")
    page.evaluate(SCROLL_JS)  # the lesson's questions and charts below: the app out of sight
    def out_of_sight() -> bool:
        box = clock.bounding_box()  # None: not drawn at all (the count ran out, its row went)
        return box is not None and (box["y"] + box["height"] < 0 or box["y"] > 1400)

    wait_until(page, out_of_sight, what="the clock scrolled out of sight (and still there: not run out)")
    left = int(clock.evaluate("bar => bar.value"))
    page.wait_for_timeout(6000)  # longer than the whole count
    assert page.get_by_text("Time ran out").count() == 0
    assert int(clock.evaluate("bar => bar.value")) >= left - 1  # at most the tick in flight
    assert re.fullmatch(r"[1-4] s left: paused while out of sight", label.inner_text()), label.inner_text()
    assert "You let it go." not in page.locator(".ck-log").inner_text()
    screenshot(page, "moneybags-countdown-out-of-sight")
    clock.scroll_into_view_if_needed()
    visible(page.get_by_text(re.compile(r"^[0-4] s left$")), what="the count resumed in sight")
    screenshot(page, "moneybags-countdown-resumed")
    visible(page.get_by_text("Time ran out: you let the thief go."), what="the count to resume and run out once seen",
            timeout_ms=15_000)
    finish(page, "moneybags-countdown-paused")


def test_challenge_a_thief_then_steal(page, voila_url):
    # seed 7: a bot robs you before your first turn, and its stack is the taller one; a long
    # countdown (set by the page address) so a slow machine cannot run out of time mid-test
    open_app(page, voila_url, "moneybags.ipynb?countdown=300", "Challenge")
    assert "reached into your bag" in page.locator(".ck-app").inner_text()
    page.get_by_role("button", name="Start the countdown").click()  # robbed at page open: no count yet
    visible(page.get_by_text(re.compile(r"^\d+ s left$")), what="the countdown ticking")
    screenshot(page, "moneybags-robbed")
    page.get_by_role("button", name="Stop the countdown").click()
    visible(page.get_by_text("no time limit"), what="the countdown stopped")
    page.get_by_role("button", name="Challenge", exact=True).click()
    # (a bot's earlier challenge is on the page already: wait for the log line of yours)
    visible(page.locator(".ck-log", has_text=re.compile(r"You challenged Bayesian bot \d!")), what="our challenge")
    assert page.locator("svg[aria-label*='coins']").count() >= 1  # the two stacks
    screenshot(page, "moneybags-challenge")
    # later bots may rob you again: let them go until it is your turn to steal
    steal = page.get_by_role("button", name="Steal", exact=True)
    let_go = page.get_by_role("button", name="Let it go", exact=True)

    def can_steal() -> bool:
        return steal.count() > 0 and steal.is_enabled()

    for _ in range(6):
        if can_steal():
            break
        if let_go.count() and let_go.is_visible():
            events = log_count(page)
            let_go.click()
            wait_log_grows(page, events, what="the log to count our letting the thief go")
        else:
            wait_until(page, lambda: can_steal() or (let_go.count() and let_go.is_visible()),
                       what="our turn to steal, or another thief")
    assert can_steal()
    page.get_by_role("button", name="Jiggle my bag").first.click()
    visible(page.get_by_text("You jiggled your own bag"), what="our jiggle")
    steal.click()
    visible(page.get_by_text("You grabbed for 3 coins"), what="our grab")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "moneybags.q1")
    assert traces == [4], traces  # you and the thief, before and after the jiggle
    finish(page, "moneybags-steal")


#: the coin stacks' animation as computed in the page: [its name, its duration] for each stack
STACK_ANIMATION_JS = "gs => gs.map(g => [getComputedStyle(g).animationName, getComputedStyle(g).animationDuration])"


def test_the_coin_stacks_grow_in_only_for_people_who_did_not_ask_for_less_motion(page, voila_url):
    """prefers-reduced-motion (issue 47): with "reduce" the stacks a challenge shows have no
    animation (duration 0 s); without it they grow in over 1.4 s, as drawn for everyone else."""
    open_app(page, voila_url, "moneybags.ipynb?countdown=0", "Challenge")  # seed 7: robbed at page open
    page.get_by_role("button", name="Challenge", exact=True).click()
    visible(page.locator(".ck-log", has_text=re.compile(r"You challenged Bayesian bot \d!")), what="our challenge")
    stacks = page.locator("svg[aria-label*='coins'] g.mb-stack")
    assert stacks.count() >= 2  # the challenger's stack and the thief's
    page.emulate_media(reduced_motion="reduce")
    assert set(map(tuple, stacks.evaluate_all(STACK_ANIMATION_JS))) == {("none", "0s")}
    page.emulate_media(reduced_motion="no-preference")
    assert set(map(tuple, stacks.evaluate_all(STACK_ANIMATION_JS))) == {("mb-grow", "1.4s")}
    finish(page, "moneybags-reduced-motion")
