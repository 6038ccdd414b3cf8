"""Zombie in a real browser: pay a bill, the log and the scores move, every chart has traces."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_gallery_links_to_every_game(page, voila_url):
    from changekit import all_games

    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=240_000)
    page.get_by_role("navigation", name="games").wait_for(timeout=240_000)
    for game in all_games():
        link = page.get_by_role("link", name=game.title, exact=True)
        assert link.count() == 1
        assert link.get_attribute("href") == game.notebook_file()
    screenshot(page, "gallery")


def test_pay_a_bill_and_watch_the_game_move(page, voila_url):
    errors = open_app(page, voila_url, "zombie.ipynb", re.compile(r"^Pay \$\d+"))
    log_items = page.locator(".ck-log li")
    scores = page.locator(".ck-score")
    before_log = log_items.count()
    before_scores = scores.inner_text()
    assert before_log >= 2  # the deal is narrated
    for _ in range(6):  # some payments score 0: pay until the scoreboard moves
        page.get_by_role("button", name=re.compile(r"^Pay \$\d+")).first.click()
        page.wait_for_function(f"document.querySelectorAll('.ck-log li').length > {before_log}", timeout=30_000)
        if scores.inner_text() != before_scores:
            break
    assert log_items.count() > before_log
    assert scores.inner_text() != before_scores
    assert "paid $" in page.locator(".ck-log").inner_text()
    page.get_by_role("checkbox", name="Show hints").check()
    page.locator(".ck-hint", has_text="Exact expected points").wait_for(timeout=30_000)
    traces = charts_with_traces(page)
    assert len(traces) >= 3 and all(n > 0 for n in traces), traces
    screenshot(page, "zombie")
    assert [e for e in errors if "setData" in e] == []
