"""Moneybags in a real browser: robbed, jiggle, challenge (stacks shown), then steal on your turn."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_challenge_a_thief_then_steal(page, voila_url):
    # seed 7: a bot robs you before your first turn, and its stack is the taller one
    errors = open_app(page, voila_url, "moneybags.ipynb", "Challenge")
    assert "reached into your bag" in page.locator(".ck-app").inner_text()
    page.get_by_role("button", name="Stop the countdown").wait_for(timeout=10_000)  # the countdown
    screenshot(page, "moneybags-robbed")
    page.get_by_role("button", name="Challenge", exact=True).click()
    page.get_by_text("(challenger) against").first.wait_for(timeout=30_000)
    log = page.locator(".ck-log")
    assert re.search(r"You challenged Bayesian bot \d!", log.inner_text())
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
