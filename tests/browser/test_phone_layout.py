"""Every game's page on a phone (issues 25 and 29): at 360 × 780 nothing scrolls sideways, every
explorer row's input lies inside the screen, every button is a touch target of at least 44 px and
shows its whole label, and the set-up row starts collapsed; Moneybags' robbery prompt, drawn
below the fold during page load, is brought into view and its countdown runs only while seen.

One Voila server (the session's), one browser context, the pages one after another."""
from __future__ import annotations

import re

import pytest

from changekit import all_games

from .helpers import layout_problems, open_app, open_page, screenshot, visible, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"width": 360, "height": 780}
PAGES = [game.notebook_file() for game in all_games()]



@pytest.fixture(scope="module")
def phone_context(browser, browser_context_args):
    context = browser.new_context(**{**browser_context_args, "viewport": PHONE, "has_touch": True})
    yield context
    context.close()


@pytest.fixture
def phone(phone_context):
    """A fresh tab per page (a page's watcher must not hear the next page's navigation)."""
    page = phone_context.new_page()
    yield page
    page.close()


@pytest.mark.parametrize("notebook", PAGES, ids=lambda nb: nb.removesuffix(".ipynb"))
def test_every_app_fits_a_360_px_phone(phone, voila_url, notebook):
    open_page(phone, voila_url, notebook)
    visible(phone.locator(".ck-app .ck-score"), what="the app")
    settings = phone.get_by_role("button", name="Game settings")
    # collapsed: the set-up row's controls are hidden until asked for
    assert phone.get_by_role("button", name="New game").is_hidden()
    settings.click()
    visible(phone.get_by_role("button", name="New game"), what="the opened set-up row")
    for pressed in phone.get_by_role("button", name="Explore").all():  # the explorers' own rows stay
        assert pressed.is_visible()
    problems = layout_problems(phone)
    screenshot(phone, f"phone-{notebook.removesuffix('.ipynb')}")
    assert not problems, "\n".join(problems)
    # the log's numbers are inside its box (numbers of 100 and more were cut off at its left edge)
    assert phone.eval_on_selector(".ck-log ol", "ol => getComputedStyle(ol).listStylePosition") == "inside"


def test_the_robbery_prompt_comes_into_view_and_its_clock_waits_to_be_seen(phone, voila_url):
    # seed 7: a bot robs you before your first turn; the prompt is drawn during page load
    open_app(phone, voila_url, "moneybags.ipynb?countdown=3", "Challenge", rendered=False)
    prompt = phone.get_by_text("reached into your bag!")
    wait_until(phone, lambda: prompt.bounding_box() is not None
               and 0 <= prompt.bounding_box()["y"] < PHONE["height"], what="the prompt scrolled into view")
    phone.get_by_role("button", name="Start the countdown").click()  # no count before the student acts
    visible(phone.get_by_text(re.compile(r"^[1-3] s left$")), what="the count started (its prompt in view)")
    # scroll the page back to the top: out of sight, the clock must not run
    phone.evaluate("() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0; "
                   "window.scrollTo(0, 0); }")
    clock = phone.locator("progress[aria-label='time left to decide']")
    def out_of_view() -> bool:
        box = clock.bounding_box()
        return box is not None and box["y"] > PHONE["height"]

    wait_until(phone, out_of_view, what="the clock out of view (and still there: not run out)")
    left = int(clock.evaluate("bar => bar.value"))
    phone.wait_for_timeout(3500)  # longer than the whole count
    assert phone.get_by_text("Time ran out").count() == 0
    assert int(clock.evaluate("bar => bar.value")) >= left - 1  # at most the tick in flight
    clock.scroll_into_view_if_needed()
    visible(phone.get_by_text("Time ran out: you let the thief go."), what="the count to run out once seen")
