"""The Big Cheese in a real browser: bid, watch a project pay out, a lesson's chart draws."""
from __future__ import annotations

import re

import pytest

from .helpers import check_question, finish, log_count, open_app, visible, wait_log_grows

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
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "big_cheese.q1")
    assert traces == [2], traces  # the 20 card under d6 and under polyhedral dice
    finish(page, "big_cheese")
