"""Zombie in a real browser: pay a bill, the log and the scores move, a lesson's chart draws."""
from __future__ import annotations

import re

import pytest

from changekit import all_games

from .helpers import LiveRegionWatch, check_question, finish, log_count, open_app, open_page, visible, wait_log_grows

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_gallery_links_to_every_game(page, voila_url):
    open_page(page, voila_url, "index.ipynb")
    visible(page.get_by_role("navigation", name="games"), what="the gallery's navigation")
    for game in all_games():
        link = page.get_by_role("link", name=game.title, exact=True)
        assert link.count() == 1
        assert link.get_attribute("href") == game.notebook_file()
    finish(page, "gallery")


def test_pay_a_bill_and_watch_the_game_move(page, voila_url):
    open_app(page, voila_url, "zombie.ipynb", re.compile(r"^Pay \$\d+"))
    scores = page.locator(".ck-score")
    before_log = log_count(page)
    before_scores = scores.inner_text()
    assert before_log >= 2  # the deal is narrated
    # the status line is a live region from the start, and each move's news goes into that region
    status = LiveRegionWatch(page, page.locator(".ck-live").filter(has=page.locator(".ck-status")), "status")
    assert status.first["role"] == "status" and status.first["live"] == "polite", status.first
    summary = LiveRegionWatch(page, page.locator(".ck-live").filter(has=page.locator(".ck-sr")), "summary")
    assert summary.first["role"] == "status" and summary.first["live"] == "polite", summary.first
    question = page.locator(".ck-question-box").filter(has=page.locator('[id="zombie.q1"]'))
    answer_line = LiveRegionWatch(page, question.locator(".ck-live"), "q1")
    assert answer_line.first["role"] == "status" and answer_line.first["live"] == "polite", answer_line.first
    for _ in range(6):  # some payments score 0: pay until the scoreboard moves
        events = log_count(page)
        page.get_by_role("button", name=re.compile(r"^Pay \$\d+")).first.click()
        # our payment and the bots' answers (the log shows only its last 60 lines: count events)
        wait_log_grows(page, events, what="the log to count our payment")
        if scores.inner_text() != before_scores:
            break
    assert log_count(page) > before_log
    assert scores.inner_text() != before_scores
    assert "paid $" in page.locator(".ck-log").inner_text()
    page.get_by_role("checkbox", name="Show hints").check()
    visible(page.locator(".ck-hint", has_text="Exact expected points"), what="the hints")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "zombie.q1")
    assert traces == [1], traces  # expected points per bill
    # the same elements, now saying the news: a screen reader heard each change
    said = status.now()  # (it may say "your move" again: the region is what must last)
    assert said is not None and said["role"] == "status", "the status line's live region was replaced"
    said = summary.now()
    assert said is not None and said["role"] == "status", "the summary's live region was replaced"
    assert said["text"] != summary.first["text"] and "Your hand" in said["text"], said
    said = answer_line.now()
    assert said is not None and said["live"] == "polite", "question 1's live region was replaced"
    assert said["text"] != answer_line.first["text"] and "prediction" in said["text"].lower(), said
    finish(page, "zombie")
