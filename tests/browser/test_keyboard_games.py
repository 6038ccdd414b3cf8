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


def focus_stays_in_the_game(page, after: str) -> None:
    """Once the redraw settles (the browser drops the focus of a disabled button at its next
    rendering step, the app puts it back), the focus is in the game."""
    wait_until(page, lambda: focused(page)["in_app"], what=f"the focus in the game after {after}", timeout_ms=5_000)


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
        focus_stays_in_the_game(page, f"move {moves}")
        assert moves < 40, "the game never ended"
    assert moves == 12  # two rounds, six bills each
    screenshot(page, "keyboard-zombie-end")
    check_page(page)


MOVES_JS = """() => { const e = document.activeElement;
  return !!(e && e.tagName === 'BUTTON' && !e.disabled && e.closest('.ck-controls, .ck-board')); }"""


def table_text(page) -> str:
    app = page.locator(".ck-app")
    return app.locator(".ck-controls").first.inner_text() + app.locator(".ck-board").first.inner_text()


#: Whether the table offers a move that can be pressed now.
ANY_MOVE_JS = """() => [...document.querySelectorAll('.ck-app .ck-controls button, .ck-app .ck-board button')]
  .some((b) => !b.disabled && b.getClientRects().length)"""
#: Whether the focus is before the first move the game offers (the settings, New game).
BEFORE_THE_MOVES_JS = """() => {
  const first = [...document.querySelectorAll('.ck-app .ck-controls button, .ck-app .ck-board button')]
  .find((b) => !b.disabled && b.getClientRects().length);
  return !!first && !!(first.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_PRECEDING); }"""


def reach_a_move(page, *, after: str) -> None:
    """The first move the table offers, as the keyboard reaches it from where the focus is: Tab
    forward from above the moves; from below them (the log), Shift+Tab back into them and on to
    the first of them."""
    key, presses = ("Tab", 60) if page.evaluate(BEFORE_THE_MOVES_JS) else ("Shift+Tab", 60)
    for _ in range(presses):
        page.keyboard.press(key)
        if page.evaluate(MOVES_JS):
            break
    else:
        raise AssertionError(f"the keyboard never reached a move after {after}: {focused(page)}")
    if key == "Shift+Tab":  # on the last move: back to the first one
        while page.evaluate(MOVES_JS):
            page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")


def test_cambio_is_played_to_its_end_by_keyboard_alone_moves_in_steps(page, voila_url):
    """Cambio's moves come in steps (draw, then swap the card in or discard it): each step is a
    button reached by the keyboard and pressed with Enter, the first the table offers, until the
    game is over (a bot calls Cambio; the first move is never the call)."""
    open_app(page, voila_url, "cambio.ipynb", "Draw from deck")
    set_players_by_keyboard(page, 2)
    wait_until(page, lambda: page.locator(".ck-app .ck-score tr").count() == 3, what="a 2-player game")
    steps, said = 0, []
    while "Game over" not in status(page):
        wait_until(page, lambda: "Game over" in status(page) or page.evaluate(ANY_MOVE_JS),
                   what=f"a move to make after step {steps}")
        if "Game over" in status(page):
            break
        before = (log_count(page), table_text(page))
        if not page.evaluate(MOVES_JS):  # the focus is kept on a move after a redraw; else find one
            reach_a_move(page, after=f"step {steps}")
        said.append(focused(page)["text"])
        page.keyboard.press("Enter")
        wait_until(page, lambda before=before: (log_count(page), table_text(page)) != before,
                   what=f"step {steps + 1} ({said[-1]!r}) to take effect")
        steps += 1
        focus_stays_in_the_game(page, f"step {steps} ({said[-1]!r})")
        assert steps < 400, f"the game never ended: {said[-20:]}"
    assert said[0] == "Draw from deck" and "Swap in here" in said, said
    screenshot(page, "keyboard-cambio-end")
    check_page(page)
