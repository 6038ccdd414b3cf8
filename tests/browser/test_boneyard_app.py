"""Boneyard in a real browser: build a bid, reveal, the buckets and scores move, a lesson's chart draws."""
from __future__ import annotations

import re

import pytest

from .helpers import check_question, finish, log_count, open_app, open_hints, visible, wait_log_grows

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_place_a_bid_reveal_and_watch_the_round(page, voila_url):
    open_app(page, voila_url, "boneyard.ipynb", re.compile(r"^Add \$\d+"))
    scores = page.locator(".ck-score")
    buckets = page.locator(".by-buckets")
    before_scores = scores.inner_text()
    before_buckets = buckets.inner_text()
    before_log = log_count(page)
    assert "No bids revealed yet" in page.locator(".by-round").inner_text()
    page.get_by_role("button", name="Add $5").first.click()
    visible(page.get_by_role("button", name="Reveal (bid $5)"))
    page.get_by_role("button", name="Add $3").first.click()
    reveal = page.get_by_role("button", name="Reveal (bid $8)")
    visible(reveal)
    reveal.click()
    visible(page.get_by_text("Rebuilding the Boneyard, step by step"), what="the round's rebuild")
    wait_log_grows(page, before_log, what="the log to count the reveal")  # the log widget updates after the table
    assert "Bids revealed" in page.locator(".ck-log").inner_text()
    assert scores.inner_text() != before_scores
    assert buckets.inner_text() != before_buckets
    assert "Round 2" in page.locator(".ck-app").first.inner_text()
    round_table = page.locator(".by-round").inner_text()
    assert "$8" in round_table and re.search(r"took bucket|cancelled|returned", round_table)
    # its hints give Question 1 away: the box waits for that prediction, and says so
    assert page.get_by_role("checkbox", name="Show hints").is_disabled()
    assert open_hints(page) == "Show hints opens once you have locked in your prediction for Question 1."
    visible(page.get_by_text("first-round equilibrium"), what="the hints")
    # no chart shows at load (each lesson's charts are a Question's answer): check one
    traces = check_question(page, "boneyard.q1")
    titled = page.eval_on_selector_all(".js-plotly-plot", "els => els.map(e => !!e.querySelector('.gtitle'))")
    assert traces == [1], traces  # the equilibrium heatmap (a g.hm image)
    assert all(titled), titled
    finish(page, "boneyard")
