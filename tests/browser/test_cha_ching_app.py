"""CHA-CHING! in a real browser: draw a card, discard one, the log moves, every chart has traces."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_draw_and_discard_move_the_game(page, voila_url):
    errors = open_app(page, voila_url, "cha_ching.ipynb", "Draw from the deck")
    log = page.locator(".ck-log")
    items = page.locator(".ck-log ol > li")
    before = items.count()
    assert before >= 2 and "the target is" in log.inner_text()  # the deal is narrated
    page.get_by_role("button", name="Draw from the deck").click()
    page.wait_for_function(f"document.querySelectorAll('.ck-log ol > li').length > {before}", timeout=30_000)
    assert "You drew" in log.inner_text()
    discard = page.get_by_role("button", name=re.compile(r"^Discard "))
    discard.first.wait_for(timeout=30_000)
    assert discard.count() == 9  # nine cards in hand between the draw and the discard
    after_draw = items.count()
    discard.first.click()
    page.wait_for_function(f"document.querySelectorAll('.ck-log ol > li').length > {after_draw}", timeout=30_000)
    assert "You discarded" in log.inner_text()
    page.get_by_role("button", name="End my turn").click()
    # the bots play their turns and it is our turn again (or a bot went out and a new round began)
    page.get_by_role("button", name="Draw from the deck").wait_for(timeout=30_000)
    page.get_by_role("checkbox", name="Show hints").check()
    page.locator(".ck-hint").get_by_text(re.compile(r"change\(s\) to make")).wait_for(timeout=30_000)
    drawn = ("Array.from(document.querySelectorAll('.js-plotly-plot'))"
             ".filter(e => e.querySelectorAll('g.trace').length > 0).length >= 4")
    page.wait_for_function(drawn, timeout=120_000)  # charts further down render last
    traces = charts_with_traces(page)
    # four charts at load (the turns chart appears only when its simulation button is pressed)
    assert len(traces) == 4 and all(n > 0 for n in traces), traces
    screenshot(page, "cha_ching")
    assert [e for e in errors if "setData" in e] == []
