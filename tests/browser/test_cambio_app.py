"""Cambio in a real browser: draw a card, swap it into the grid, see it face up, pass the snap."""
from __future__ import annotations

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_draw_and_swap_a_card(page, voila_url):
    errors = open_app(page, voila_url, "cambio.ipynb", "Draw from deck")
    first = page.locator('svg[aria-label^="your place 1:"]').first
    assert first.get_attribute("aria-label") == "your place 1: face down"  # the far row is unseen
    page.get_by_role("button", name="Draw from deck").click()
    page.get_by_role("button", name="Swap in here").first.wait_for(timeout=30_000)
    drawn = page.locator('svg[aria-label^="your drawn card:"]')
    card = drawn.get_attribute("aria-label").removeprefix("your drawn card: ")
    page.get_by_role("button", name="Swap in here").first.click()
    page.locator(".ck-log", has_text="You put the drawn card in place 1").wait_for(timeout=30_000)
    # the snap window opens with the discarder; auto-pass (on by default) passes unless we know a match
    pass_button = page.get_by_role("button", name="Pass (no snap)")
    if pass_button.count():
        pass_button.click()
    assert page.locator('svg[aria-label^="your place 1:"]').first.get_attribute("aria-label") == f"your place 1: {card}"
    page.get_by_role("checkbox", name="Show hints").check()
    page.locator(".ck-hint", has_text="not seen is worth").wait_for(timeout=30_000)
    traces = charts_with_traces(page)
    assert len(traces) >= 1 and all(n > 0 for n in traces), traces
    screenshot(page, "cambio")
    assert [e for e in errors if "setData" in e] == []
