"""Zhao Pengyou in a real browser: a refused play is explained, then a legal play goes through."""
from __future__ import annotations

import pytest

from .helpers import check_question, finish, open_app, open_hints, visible

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_select_cards_see_a_refusal_then_play(page, voila_url):
    open_app(page, voila_url, "zhao_pengyou.ipynb", "Pass (do not declare)")
    # seed 1: twice offered a declaration; pass both times, then follow a pair lead of K♣ K♣
    page.get_by_role("button", name="Pass (do not declare)").click()
    visible(page.locator(".ck-status", has_text="your move"))
    page.get_by_role("button", name="Pass (do not declare)").click()
    visible(page.get_by_role("button", name="Select 5♣"))
    play = page.get_by_role("button", name="Play selected cards")
    # a 5♣ and a Q♣: the rule names the pair the hand holds
    page.get_by_role("button", name="Select 5♣").first.click()
    visible(page.get_by_role("button", name="✓ 5♣"))
    page.get_by_role("button", name="Select Q♣").first.click()
    visible(page.get_by_role("button", name="✓ Q♣"))
    play.click()
    visible(page.locator(".ck-status", has_text="you hold a pair of ♣ (5♣ 5♣) and must play it"), what="the refusal")
    page.get_by_role("button", name="Clear selection").click()
    visible(page.get_by_role("button", name="Select 5♣").nth(1), what="both 5♣ unselected")
    page.get_by_role("button", name="Select 5♣").first.click()
    visible(page.get_by_role("button", name="✓ 5♣"))
    page.get_by_role("button", name="Select 5♣").first.click()
    visible(page.get_by_role("button", name="✓ 5♣").nth(1), what="both 5♣ selected")
    play.click()
    visible(page.locator(".ck-log", has_text="You play 5♣ 5♣"), what="our pair in the log")
    # its hints give Question 3 away: the box waits for that prediction, and says so
    assert page.get_by_role("checkbox", name="Show hints").is_disabled()
    assert open_hints(page) == "Show hints opens once you have locked in your prediction for Question 3."
    visible(page.locator(".ck-hint", has_text="The heuristic bot would "), what="the hints")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "zhao_pengyou.q1")
    assert traces == [1], traces  # the exact count of trumps in a hand
    finish(page, "zhao_pengyou")
