"""Cambio in a real browser: draw a card, swap it into the grid, see it face up, pass the snap."""
from __future__ import annotations

import pytest

from .helpers import check_question, finish, open_app, open_hints, visible

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_draw_and_swap_a_card(page, voila_url):
    open_app(page, voila_url, "cambio.ipynb", "Draw from deck")
    first = page.locator('svg[aria-label^="your place 1:"]').first
    assert first.get_attribute("aria-label") == "your place 1: face down"  # the far row is unseen
    page.get_by_role("button", name="Draw from deck").click()
    visible(page.get_by_role("button", name="Swap in here"))
    drawn = page.locator('svg[aria-label^="your drawn card:"]')
    card = drawn.get_attribute("aria-label").removeprefix("your drawn card: ")
    page.get_by_role("button", name="Swap in here").first.click()
    visible(page.locator(".ck-log", has_text="You put the drawn card in place 1"), what="the log of our swap")
    # the snap window opens with the discarder; auto-pass (on by default) passes unless we know a match
    pass_button = page.get_by_role("button", name="Pass (no snap)")
    if pass_button.count():
        pass_button.click()
    visible(page.locator(f'svg[aria-label="your place 1: {card}"]'), what=f"our place 1 to show {card} face up")
    # its hints give Questions 1 and 2 away: the box waits for those predictions, and says so
    assert page.get_by_role("checkbox", name="Show hints").is_disabled()
    assert open_hints(page) == "Show hints opens once you have locked in your predictions for Questions 1 and 2."
    visible(page.locator(".ck-hint", has_text="not seen is worth"), what="the hints")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "cambio.q2")
    assert traces == [2], traces  # a fresh grid, and one with two cards known
    finish(page, "cambio")
