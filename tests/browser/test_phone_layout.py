"""Every game's page on a phone (issues 25 and 29): at 360 × 780 nothing scrolls sideways, every
explorer row's input lies inside the screen, every button is a touch target of at least 44 px and
shows its whole label, and the set-up row starts collapsed; Moneybags' robbery prompt, drawn
below the fold during page load, is brought into view and its countdown runs only while seen.

One Voila server (the session's), one browser context, the pages one after another."""
from __future__ import annotations

import pytest

from changekit import all_games

from .helpers import open_app, open_page, screenshot, visible, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"width": 360, "height": 780}
PAGES = [game.notebook_file() for game in all_games()]

#: What is wrong with the page's layout at this width, as a list of sentences (empty: all good).
#: Voila scrolls an inner container, so the document and every scrolling box are checked.
LAYOUT_JS = """
() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  // the page's scrolling containers (Voila's, around the app) and every box of the apps and explorers
  const app = document.querySelector(".ck-app");
  const boxes = [document.documentElement, document.body,
                 ...document.querySelectorAll(".ck-app, .ck-app *, .ck-explorer, .ck-explorer *")];
  for (let up = app && app.parentElement; up; up = up.parentElement) boxes.push(up);
  for (const box of boxes) {
    const style = getComputedStyle(box);
    const scrolls = box === document.documentElement || box === document.body
      || /(auto|scroll)/.test(style.overflowX);
    if (scrolls && box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 0)
      problems.push(`scrolls sideways: ${box.tagName}.${box.className} (${box.scrollWidth} > ${box.clientWidth})`);
  }
  const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  for (const row of document.querySelectorAll(".ck-explorer .widget-gridbox > *")) {
    if (!shown(row)) continue;
    for (const input of row.querySelectorAll("input, select, textarea")) {
      const r = input.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5 || r.width < 40)
        problems.push(`explorer input outside the screen: ${row.innerText.trim()} (${r.left}..${r.right} of ${width})`);
    }
  }
  for (const button of document.querySelectorAll(".ck-app button, .ck-explorer button")) {
    if (!shown(button)) continue;
    const r = button.getBoundingClientRect();
    if (r.height < 44 - 0.5) problems.push(`button under 44 px tall: "${button.innerText}" (${r.height})`);
    if (r.right > width + 0.5) problems.push(`button past the screen's edge: "${button.innerText}"`);
    if (button.scrollWidth > button.clientWidth + 1)
      problems.push(`button label cut off: "${button.innerText}" (${button.scrollWidth} > ${button.clientWidth})`);
  }
  return problems;
}
"""


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
    problems = phone.evaluate(LAYOUT_JS)
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
    # scroll the page back to the top: out of sight, the clock must not run
    phone.evaluate("() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0; "
                   "window.scrollTo(0, 0); }")
    clock = phone.locator("progress[aria-label='time left to decide']")
    wait_until(phone, lambda: clock.bounding_box()["y"] > PHONE["height"], what="the clock out of view")
    left = int(clock.evaluate("bar => bar.value"))
    phone.wait_for_timeout(3500)  # longer than the whole count
    assert phone.get_by_text("Time ran out").count() == 0
    assert int(clock.evaluate("bar => bar.value")) >= left - 1  # at most the tick in flight
    clock.scroll_into_view_if_needed()
    visible(phone.get_by_text("Time ran out: you let the thief go."), what="the count to run out once seen")
