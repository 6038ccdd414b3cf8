"""Zhao Pengyou in a real browser: a refused play is explained, then a legal play goes through."""
from __future__ import annotations

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_select_cards_see_a_refusal_then_play(page, voila_url):
    errors = open_app(page, voila_url, "zhao_pengyou.ipynb", "Pass (do not declare)")
    # seed 1: twice offered a declaration; pass both times, then follow a pair lead of K♣ K♣
    page.get_by_role("button", name="Pass (do not declare)").click()
    page.locator(".ck-status", has_text="your move").wait_for(timeout=30_000)
    page.get_by_role("button", name="Pass (do not declare)").click()
    page.get_by_role("button", name="Select 5♣").first.wait_for(timeout=30_000)
    play = page.get_by_role("button", name="Play selected cards")
    # a 5♣ and a Q♣: the rule names the pair the hand holds
    page.get_by_role("button", name="Select 5♣").first.click()
    page.get_by_role("button", name="✓ 5♣").wait_for(timeout=30_000)
    page.get_by_role("button", name="Select Q♣").first.click()
    page.get_by_role("button", name="✓ Q♣").wait_for(timeout=30_000)
    play.click()
    page.locator(".ck-status", has_text="you hold a pair of ♣ (5♣ 5♣) and must play it").wait_for(timeout=30_000)
    page.get_by_role("button", name="Clear selection").click()
    page.get_by_role("button", name="Select 5♣").nth(1).wait_for(timeout=30_000)
    page.get_by_role("button", name="Select 5♣").first.click()
    page.get_by_role("button", name="✓ 5♣").wait_for(timeout=30_000)
    page.get_by_role("button", name="Select 5♣").first.click()
    page.get_by_role("button", name="✓ 5♣").nth(1).wait_for(timeout=30_000)
    play.click()
    page.locator(".ck-log", has_text="You play 5♣ 5♣").wait_for(timeout=30_000)
    page.get_by_role("checkbox", name="Show hints").check()
    page.locator(".ck-hint", has_text="heuristic bot would play").wait_for(timeout=30_000)
    traces = charts_with_traces(page)
    assert len(traces) >= 2 and all(n > 0 for n in traces), traces
    screenshot(page, "zhao_pengyou")
    assert [e for e in errors if "setData" in e] == []
