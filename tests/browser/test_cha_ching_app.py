"""CHA-CHING! in a real browser: draw a card, discard one, the log moves, a lesson's chart draws."""
from __future__ import annotations

import re

import pytest

from .helpers import check_question, finish, log_count, open_app, visible, wait_log_grows

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_draw_and_discard_move_the_game(page, voila_url):
    open_app(page, voila_url, "cha_ching.ipynb", "Draw from the deck")
    log = page.locator(".ck-log")
    before = log_count(page)
    assert before >= 2 and "the target is" in log.inner_text()  # the deal is narrated
    page.get_by_role("button", name="Draw from the deck").click()
    wait_log_grows(page, before, what="the log to count our draw")
    assert "You drew" in log.inner_text()
    discard = page.get_by_role("button", name=re.compile(r"^Discard "))
    visible(discard, what="the discard buttons")
    assert discard.count() == 9  # nine cards in hand between the draw and the discard
    after_draw = log_count(page)
    discard.first.click()
    wait_log_grows(page, after_draw, what="the log to count our discard")
    assert "You discarded" in log.inner_text()
    before_end = log_count(page)
    page.get_by_role("button", name="End my turn").click()
    # the bots play their turns and it is our turn again (or a bot went out and a new round began)
    wait_log_grows(page, before_end, by=2, what="the bots' turns in the log")
    visible(page.get_by_role("button", name="Draw from the deck"), what="our next turn")
    page.get_by_role("checkbox", name="Show hints").check()
    visible(page.locator(".ck-hint").get_by_text(re.compile(r"change\(s\) to make")), what="the hints")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "cha_ching.q1")
    assert traces == [1], traces  # the hit chance of each target
    finish(page, "cha_ching")
