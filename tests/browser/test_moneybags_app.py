"""Moneybags in a real browser: robbed, jiggle, challenge (stacks shown), then steal on your turn."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_countdown_runs_out_in_the_browser(page, voila_url):
    # the Play widget ticks in the browser; at the count the kernel lets the thief go for you
    open_app(page, voila_url, "moneybags.ipynb?countdown=2", "Challenge")
    assert "before the count of 2?" in page.locator(".ck-app").inner_text()
    page.get_by_text("Time ran out: you let the thief go.").wait_for(timeout=30_000)
    assert "You let it go." in page.locator(".ck-log").inner_text()


def test_challenge_a_thief_then_steal(page, voila_url):
    # seed 7: a bot robs you before your first turn, and its stack is the taller one; a long
    # countdown (set by the page address) so a slow machine cannot run out of time mid-test
    errors = open_app(page, voila_url, "moneybags.ipynb?countdown=300", "Challenge")
    assert "reached into your bag" in page.locator(".ck-app").inner_text()
    page.get_by_text(re.compile(r"^\d+ s left$")).wait_for(timeout=10_000)  # the countdown is ticking
    screenshot(page, "moneybags-robbed")
    page.get_by_role("button", name="Stop the countdown").click()
    page.get_by_text("no time limit").wait_for(timeout=10_000)
    page.get_by_role("button", name="Challenge", exact=True).click()
    # (a bot's earlier challenge is on the page already: wait for the log line of yours)
    page.locator(".ck-log", has_text=re.compile(r"You challenged Bayesian bot \d!")).wait_for(timeout=30_000)
    assert page.locator("svg[aria-label*='coins']").count() >= 1  # the two stacks
    screenshot(page, "moneybags-challenge")
    # later bots may rob you again: let them go until it is your turn to steal
    steal = page.get_by_role("button", name="Steal", exact=True)
    for _ in range(6):
        if steal.count() and steal.is_enabled():
            break
        let_go = page.get_by_role("button", name="Let it go", exact=True)
        if let_go.count():
            let_go.click()
        page.wait_for_timeout(1500)
    page.get_by_role("button", name="Jiggle my bag").first.click()
    page.get_by_text("You jiggled your own bag").wait_for(timeout=30_000)
    steal.click()
    page.get_by_text("You grabbed for 3 coins").wait_for(timeout=30_000)
    screenshot(page, "moneybags-steal")
    # the lesson's charts: the posterior figure renders with traces
    traces = charts_with_traces(page)
    assert traces and all(n > 0 for n in traces), traces
    assert [e for e in errors if "setData" in e] == []
