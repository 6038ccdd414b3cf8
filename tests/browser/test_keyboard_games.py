"""Whole games with the keyboard alone: Tab to a move, Enter, and again until the game is over;
after each move the page is redrawn and the focus must still be in the game (never lost to the
page's top, where a keyboard user would have to Tab through the rules again)."""
from __future__ import annotations

import re

import pytest

from .helpers import check_page, log_count, open_app, screenshot, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]

FOCUSED_JS = """() => { const e = document.activeElement;
  return { tag: e ? e.tagName.toLowerCase() : '', text: e ? (e.innerText || e.value || '').trim() : '',
           label: e ? (e.getAttribute('aria-label') || '') : '', disabled: !!(e && e.disabled),
           in_app: !!(e && e.closest('.ck-app')) }; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED_JS)


def tab_to(page, want: re.Pattern[str], *, presses: int = 60) -> str:
    """Press Tab (forward) until an enabled button whose text matches ``want`` has the focus."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["tag"] == "button" and not now["disabled"] and want.search(now["text"]):
            return now["text"]
    raise AssertionError(f"{presses} Tab presses never reached a button {want.pattern!r}; last: {focused(page)}")


def set_players_by_keyboard(page, players: int) -> None:
    """A small game: Players set in its field, then New game, all by keyboard."""
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.ck-setup') && "
                         "document.activeElement.closest('.widget-inline-hbox')?.innerText.trim() === 'Players'"):
            break
    else:
        raise AssertionError("Tab never reached the Players field")
    page.keyboard.press("Control+A")
    page.keyboard.type(str(players))
    tab_to(page, re.compile(r"^New game$"))
    page.keyboard.press("Enter")


def status(page) -> str:
    return page.locator(".ck-app .ck-status").first.inner_text()


def test_zombie_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    open_app(page, voila_url, "zombie.ipynb", "New game")
    set_players_by_keyboard(page, 2)
    wait_until(page, lambda: page.locator(".ck-app .ck-score tr").count() == 3, what="a 2-player game")
    moves = 0
    while "Game over" not in status(page):
        before = log_count(page)
        tab_to(page, re.compile(r"^Pay \$\d+"))
        page.keyboard.press("Enter")
        wait_until(page, lambda before=before: log_count(page) > before or "Game over" in status(page),
                   what=f"move {moves + 1} to reach the log")
        moves += 1
        now = focused(page)
        assert now["in_app"], f"after move {moves} the focus left the game: {now}"
        assert moves < 40, "the game never ended"
    assert moves == 12  # two rounds, six bills each
    screenshot(page, "keyboard-zombie-end")
    check_page(page)
