"""Boneyard in a real browser: build a bid, reveal, the buckets and scores move, charts have traces."""
from __future__ import annotations

import re

import pytest

from .helpers import charts_with_traces, open_app, screenshot

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_place_a_bid_reveal_and_watch_the_round(page, voila_url):
    errors = open_app(page, voila_url, "boneyard.ipynb", re.compile(r"^Add \$\d+"))
    scores = page.locator(".ck-score")
    buckets = page.locator(".by-buckets")
    before_scores = scores.inner_text()
    before_buckets = buckets.inner_text()
    before_log = page.locator(".ck-log li").count()
    assert "No bids revealed yet" in page.locator(".by-round").inner_text()
    page.get_by_role("button", name="Add $5").first.click()
    page.get_by_role("button", name="Reveal (bid $5)").wait_for(timeout=30_000)
    page.get_by_role("button", name="Add $3").first.click()
    reveal = page.get_by_role("button", name="Reveal (bid $8)")
    reveal.wait_for(timeout=30_000)
    reveal.click()
    page.get_by_text("Rebuilding the Boneyard, step by step").wait_for(timeout=30_000)
    assert page.locator(".ck-log li").count() > before_log
    assert "Bids revealed" in page.locator(".ck-log").inner_text()
    assert scores.inner_text() != before_scores
    assert buckets.inner_text() != before_buckets
    assert "Round 2" in page.locator(".ck-app").first.inner_text()
    round_table = page.locator(".by-round").inner_text()
    assert "$8" in round_table and re.search(r"took bucket|cancelled|returned", round_table)
    page.get_by_role("checkbox", name="Show hints").check()
    page.get_by_text("first-round equilibrium").first.wait_for(timeout=30_000)
    # every chart drew its title and its traces (heatmaps draw a g.hm image, not a g.trace)
    try:
        page.wait_for_function(
            "[...document.querySelectorAll('.js-plotly-plot')].every(e => e.querySelector('.gtitle'))",
            timeout=60_000)
    except Exception:  # noqa: BLE001 - the assertion below says which chart is missing
        pass
    traces = charts_with_traces(page)
    heatmaps = page.eval_on_selector_all(".js-plotly-plot", "els => els.map(e => e.querySelectorAll('g.hm').length)")
    drawn = [t + h for t, h in zip(traces, heatmaps)]
    screenshot(page, "boneyard")
    assert len(drawn) >= 3 and all(n > 0 for n in drawn), (traces, heatmaps, errors)
    assert [e for e in errors if "setData" in e] == []
