"""Diminishing Returns in a real browser: make a move, the bot answers, hint marks appear."""
from __future__ import annotations

import re

import pytest

from changekit.games.diminishing.analysis import game_tree

from .helpers import check_question, finish, log_count, open_app, open_hints, visible, wait_log_grows

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_make_a_move_see_the_bot_answer_and_the_hints(page, voila_url):
    open_app(page, voila_url, "diminishing_returns.ipynb", re.compile(r"^Play \$\d+"))
    before = log_count(page)
    assert before >= 1  # the start is narrated
    page.get_by_role("button", name=re.compile(r"^Play \$5")).first.click()
    take = page.get_by_role("button", name=re.compile(r"^Take back"))
    visible(take, what="the take-back buttons")
    take.last.click()
    # our move and the bot's answer are both in the log, with the bot's reason
    wait_log_grows(page, before, by=2, what="our move and the bot's answer in the log")
    text = page.locator(".ck-log").inner_text()
    assert "You played $5" in text
    assert re.search(r"Perfect bot 1 played \$\d+", text)
    assert "Bots' reasons" in text
    # its hints give Question 2 away: the box waits for that prediction, and says so
    assert page.get_by_role("checkbox", name="Show hints").is_disabled()
    assert open_hints(page) == "Show hints opens once you have locked in your prediction for Question 2."
    visible(page.get_by_role("button", name=re.compile(r"^Play \$\d+ \((can win|loses)\)")), what="hint marks")
    visible(page.get_by_text("against perfect play"), what="the hints")
    page.get_by_role("button", name=re.compile(r"^Play \$\d+ \(")).first.click()
    visible(page.get_by_role("button", name=re.compile(r"— (wins|loses)$")), what="marked take-backs")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "diminishing.q1")
    assert traces == [len(game_tree().edges) + 1], traces  # a line per move, and the positions
    # the count of games is paid for on demand: Question 3's answer shows it (about 1.13e+40)
    check_question(page, "diminishing.q3", chart=False)
    shown = page.get_by_text(re.compile(r"About \d\.\d\de\+40 different games"))
    visible(shown, what="the count of games")
    assert "1.13e+40" in shown.inner_text()
    finish(page, "diminishing")
