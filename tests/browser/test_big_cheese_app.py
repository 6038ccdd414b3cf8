"""The Big Cheese in a real browser: bid, watch a project pay out, every chart has traces."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, finish, log_count, open_app, visible, wait_log_grows

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_bid_then_see_a_payout(page, voila_url):
    open_app(page, voila_url, "big_cheese.ipynb", "Pass")
    log = page.locator(".ck-log")
    before = log_count(page)
    assert before >= 2 and "Up for bidding" in log.inner_text()
    # bid the most we can: we take the card (the bots cannot go higher than 10)
    bids = page.get_by_role("button", name=re.compile(r"^Bid \d+$"))
    bids.last.click()
    wait_log_grows(page, before, what="the log to count our bid")
    assert re.search(r"You (bid|take)", log.inner_text())
    # pass until some project matures: its die is drawn and the log tells the score
    for _ in range(30):
        if page.locator("[aria-label='last payouts']").count() or "Game over" in log.inner_text():
            break
        count = log_count(page)
        keep = page.get_by_role("button", name="Keep the rolls")
        (keep if keep.count() else page.get_by_role("button", name="Pass", exact=True)).click()
        wait_log_grows(page, count, what="the log to count our pass")
    payouts = page.locator("[aria-label='last payouts']")
    assert payouts.count() == 1
    assert payouts.locator("svg[aria-label^='die for the']").count() >= 1
    assert re.search(r"scores? \d+ for the \d+", log.inner_text())
    page.get_by_role("checkbox", name="Show hints").check()
    visible(page.get_by_text(re.compile("pays .* on average|special card")), what="the hints")
    traces = charts_with_traces(page)
    assert len(traces) >= 4 and all(n > 0 for n in traces), traces
    finish(page, "big_cheese")
