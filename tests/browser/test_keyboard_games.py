"""Whole games with the keyboard alone: Tab to a move, Enter, and again until the game is over;
after each move the page is redrawn and the focus must still be in the game (never lost to the
page's top, where a keyboard user would have to Tab through the rules again)."""
from __future__ import annotations

import re

import pytest

from .helpers import log_count, open_app, screenshot, wait_until
from .test_accessibility import assert_axe_finds_nothing

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
    assert_axe_finds_nothing(page, "keyboard-zombie-game-over")  # the page at the game's end, axe too


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
        settled(page, after=f"step {steps}")  # (a move read in the middle of a redraw may go)
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
    assert_axe_finds_nothing(page, "keyboard-cambio-game-over")  # the page at the game's end, axe too


# ---- the other six games: a move is the button a rule of play names, reached by Tab or Shift+Tab ----

#: Where the app's enabled, shown buttons whose words match a pattern lie from the focus: "here" (one has
#: it), "Tab" (one follows it), "Shift+Tab" (all are behind it) or "none".
WHERE_JS = """(want) => { const re = new RegExp(want);
  const found = [...document.querySelectorAll('.ck-app button')]
    .filter((b) => !b.disabled && b.getClientRects().length && re.test(b.innerText.trim()));
  const active = document.activeElement || document.body;
  if (!found.length) return 'none';
  if (found.includes(active)) return 'here';
  return found.some((b) => active.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""
#: The words of the moves the table offers now (enabled, shown buttons), in the page's order.
OFFERED_JS = """() => [...document.querySelectorAll('.ck-app .ck-controls button, .ck-app .ck-board button')]
  .filter((b) => !b.disabled && b.getClientRects().length).map((b) => b.innerText.trim())"""


def press(page, want: str, *, presses: int = 150) -> str:
    """Tab (or Shift+Tab, when every such button is behind the focus) to an enabled button of the app
    whose words match the regular expression ``want``, and press Enter; the words pressed."""
    for _ in range(presses):
        where = page.evaluate(WHERE_JS, want)
        if where == "here":
            break
        if where == "none":
            raise AssertionError(f"no button {want!r} to press; the table offers {offered(page)}")
        page.keyboard.press(where)
    else:
        raise AssertionError(f"{presses} presses of Tab never reached a button {want!r}; last: {focused(page)}")
    words = focused(page)["text"]
    page.keyboard.press("Enter")
    return words


def offered(page) -> list[str]:
    return page.evaluate(OFFERED_JS)


def snapshot(page) -> tuple:
    """What a move changes: the log's count, the moves offered, the status."""
    return log_count(page), tuple(offered(page)), status(page)


def game_over(page) -> bool:
    return "Game over" in status(page)


#: Whether nothing in the app has changed for ``ms`` milliseconds (a watcher of the app's changes is
#: set up at the first call, which answers False).
QUIET_JS = """(ms) => {
  const app = document.querySelector('.ck-app');
  if (!window.__ckChanged || window.__ckChanged.app !== app) {
    window.__ckChanged = { app, at: performance.now() };
    new MutationObserver(() => { window.__ckChanged.at = performance.now(); })
      .observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
    return false;
  }
  return performance.now() - window.__ckChanged.at >= ms;
}"""


def settled(page, *, after: str) -> None:
    """Wait until the game is over or offers a move, and the app has stopped changing: a move's
    redraw arrives in many messages, and the views of new widgets are made after them (a table
    read in the middle showed a move about to go; on a loaded machine that middle lasted)."""
    wait_until(page, lambda: page.evaluate(QUIET_JS, 300) and (game_over(page) or page.evaluate(ANY_MOVE_JS)),
               what=f"the table to settle and offer a move after {after}")


def keyboard_move(page, want: str, said: list[str]) -> None:
    """One step of a move by keyboard: press the button ``want``, wait for the page to change, and
    check the focus stayed in the game."""
    before = snapshot(page)
    said.append(press(page, want))
    wait_until(page, lambda: snapshot(page) != before, what=f"step {len(said)} ({said[-1]!r}) to take effect")
    focus_stays_in_the_game(page, f"step {len(said)} ({said[-1]!r})")


def play_by_keyboard(page, choose, *, limit: int) -> list[str]:
    """Play until the game is over: ``choose(moves, said)`` gets the words of the moves offered and
    of the buttons pressed so far, and gives the pattern of the button to press. The words of every
    button pressed, in order."""
    said: list[str] = []
    while True:
        settled(page, after=f"step {len(said)}")
        if game_over(page):
            return said
        keyboard_move(page, choose(offered(page), said), said)
        assert len(said) < limit, f"the game never ended: {said[-20:]}"


def exactly(words: str) -> str:
    """A pattern matching a button's whole words."""
    return f"^{re.escape(words)}$"


def set_field_by_keyboard(page, label: str, value: str) -> None:
    """Tab from the page's top to the app's field described ``label``, and type ``value`` into it."""
    page.locator("body").focus()
    for _ in range(150):
        page.keyboard.press("Tab")
        if page.evaluate("(label) => !!document.activeElement.closest('.ck-app') && "
                         "document.activeElement.closest('.widget-inline-hbox')?.innerText.trim() === label", label):
            break
    else:
        raise AssertionError(f"Tab never reached the field {label!r}")
    page.keyboard.press("Control+A")
    page.keyboard.type(value)


def new_game_by_keyboard(page, *, players: int, seed: int) -> None:
    """A small game: Players and Seed typed into their fields, then New game, all by keyboard."""
    set_field_by_keyboard(page, "Players", str(players))
    set_field_by_keyboard(page, "Seed", str(seed))
    press(page, exactly("New game"))
    wait_until(page, lambda: page.locator(".ck-app .ck-score tr").count() == players + 1,
               what=f"a {players}-player game")


def scoreboard(page) -> dict[str, int]:
    """The scoreboard's rows: each player's name and score."""
    rows = page.locator(".ck-app .ck-score tr").evaluate_all(
        "rows => rows.slice(1).map((r) => [...r.cells].map((c) => c.innerText.trim()))")
    return {name: int(score) for name, score, *_ in rows}


def winners_said(page) -> set[str]:
    """The winners the status names ("Game over: You and Ann share the win.")."""
    said = re.fullmatch(r"Game over: (.+?) (?:wins|win|share the win)\.", status(page).strip())
    assert said, status(page)
    return set(said.group(1).split(" and "))


def assert_the_best_score_wins(page, *, lower_is_better: bool = False) -> None:
    """At the end the status names as winners exactly the players with the best score."""
    scores = scoreboard(page)
    best = (min if lower_is_better else max)(scores.values())
    assert winners_said(page) == {name for name, score in scores.items() if score == best}, (status(page), scores)


def test_diminishing_returns_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """A move in two steps: a bill to play, then a take-back from the pot (the first offered)."""
    open_app(page, voila_url, "diminishing_returns.ipynb", re.compile(r"^Play \$\d+"))
    new_game_by_keyboard(page, players=2, seed=1)

    def choose(moves: list[str], said: list[str]) -> str:
        return "^Take back" if any(m.startswith("Take back") for m in moves) else r"^Play \$\d+$"

    said = play_by_keyboard(page, choose, limit=200)
    bills = [m for m in said if m.startswith("Play")]
    assert len(said) == 2 * len(bills) and said[1].startswith("Take back"), said
    assert_the_best_score_wins(page)
    screenshot(page, "keyboard-diminishing-end")
    assert_axe_finds_nothing(page, "keyboard-diminishing_returns-game-over")  # the page at the game's end, axe too


def test_big_cheese_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """The first card bid on as high as we can, then Pass, and the rolls kept (a Big Cheese's
    re-roll: the first die, once), until a player reaches the target."""
    open_app(page, voila_url, "big_cheese.ipynb", "Pass")
    new_game_by_keyboard(page, players=3, seed=1)

    def choose(moves: list[str], said: list[str]) -> str:
        rerolls = [m for m in moves if m.startswith("Big Cheese: re-roll")]
        if rerolls and not any(m.startswith("Big Cheese") for m in said):
            return exactly(rerolls[0])
        if "Keep the rolls" in moves:
            return exactly("Keep the rolls")
        bids = [m for m in moves if re.fullmatch(r"Bid \d+", m)]
        if bids and not any(m.startswith("Bid") for m in said):
            return exactly(bids[-1])
        return exactly("Pass")

    said = play_by_keyboard(page, choose, limit=300)
    assert any(m.startswith("Bid") for m in said), said
    assert_the_best_score_wins(page)
    screenshot(page, "keyboard-big-cheese-end")
    assert_axe_finds_nothing(page, "keyboard-big_cheese-game-over")  # the page at the game's end, axe too


def test_boneyard_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """A bid in steps: Add under the lowest bill, then Reveal, each round until the game ends
    (two players, seed 3: five rounds, bidding the lowest bill each time)."""
    open_app(page, voila_url, "boneyard.ipynb", re.compile(r"^Add \$\d+"))
    new_game_by_keyboard(page, players=2, seed=3)

    def choose(moves: list[str], said: list[str]) -> str:
        if any(m.startswith("Take back") for m in moves):  # the bid is made: show it
            return r"^(Reveal|Place my bid) \(bid \$\d+\)$"
        adds = [int(m.removeprefix("Add $")) for m in moves if re.fullmatch(r"Add \$\d+", m)]
        assert adds, f"no bill to add: {moves}"
        return exactly(f"Add ${min(adds)}")

    said = play_by_keyboard(page, choose, limit=100)
    assert len(said) == 2 * 5 and all(re.fullmatch(r"Reveal \(bid \$\d+\)", m) for m in said[1::2]), said
    assert_the_best_score_wins(page)
    screenshot(page, "keyboard-boneyard-end")
    assert_axe_finds_nothing(page, "keyboard-boneyard-game-over")  # the page at the game's end, axe too


def test_cha_ching_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """A turn in steps: draw from the deck, discard (the first card offered), then go out when the
    hand makes the target, else end the turn; rounds on until the game's end (the lowest wins)."""
    open_app(page, voila_url, "cha_ching.ipynb", "Draw from the deck")
    new_game_by_keyboard(page, players=2, seed=1)

    def choose(moves: list[str], said: list[str]) -> str:
        for move in ("Draw from the deck", "Go out", "End my turn"):
            if move in moves:
                return exactly(move)
        assert any(m.startswith("Discard ") for m in moves), moves
        return "^Discard "

    said = play_by_keyboard(page, choose, limit=1000)
    assert said[:2] == ["Draw from the deck", said[1]] and said[1].startswith("Discard "), said[:3]
    assert_the_best_score_wins(page, lower_is_better=True)
    screenshot(page, "keyboard-cha-ching-end")
    assert_axe_finds_nothing(page, "keyboard-cha_ching-game-over")  # the page at the game's end, axe too


#: Where an app's field described ``label`` lies from the focus ("here", "Tab", "Shift+Tab" or "none").
FIELD_JS = """(label) => {
  // a box's description is its label (a menu's box holds its options' words too); a tick box's, its words
  const named = (e) => { const box = e.closest('.widget-inline-hbox, .widget-checkbox');
    if (!box) return '';
    const description = box.querySelector(':scope > label');
    const shown = description && description.getClientRects().length ? description.innerText.trim() : '';
    return shown || box.innerText.trim(); };
  const found = [...document.querySelectorAll('.ck-app input, .ck-app select')]
    .filter((e) => !e.disabled && e.getClientRects().length
                   && named(e) === label);
  const active = document.activeElement || document.body;
  if (!found.length) return 'none';
  if (found.includes(active)) return 'here';
  return found.some((e) => active.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""


def focus_field(page, label: str, *, presses: int = 150) -> None:
    """Tab (or Shift+Tab) from the focus to the app's field described ``label``."""
    for _ in range(presses):
        where = page.evaluate(FIELD_JS, label)
        if where == "here":
            return
        if where == "none":
            raise AssertionError(f"no field {label!r} in the app")
        page.keyboard.press(where)
    raise AssertionError(f"{presses} presses of Tab never reached the field {label!r}")


def test_moneybags_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """Robbed: the countdown started, then stopped (the time limit lifted), then Challenge the first
    time and Let it go after; our first turn a steal made in the fields (3 coins typed, the second
    bag chosen with the arrow key, the diamond box ticked with Space), later turns Close my bag."""
    # the page's clock is long (a slow machine must not run out of time between two key presses);
    # it is stopped by keyboard before each choice all the same
    open_app(page, voila_url, "moneybags.ipynb?countdown=300", "Challenge")
    new_game_by_keyboard(page, players=3, seed=7)
    stole: list[str] = []

    def choose(moves: list[str], said: list[str]) -> str:
        for clock in ("Start the countdown", "Stop the countdown"):
            if clock in moves:
                return exactly(clock)
        if "Challenge" in moves:
            return exactly("Let it go" if "Challenge" in said else "Challenge")
        assert "Close my bag" in moves, moves
        if stole:
            return exactly("Close my bag")
        focus_field(page, "Coins")
        page.keyboard.press("Control+A")
        page.keyboard.type("3")
        focus_field(page, "From")
        bags = page.evaluate("() => [...document.activeElement.options].map((o) => o.text)")
        chosen = lambda: page.evaluate("() => document.activeElement.selectedOptions[0].text")  # noqa: E731
        if len(bags) > 1:  # (a bag closed or out is not offered)
            page.keyboard.press("ArrowDown")
            wait_until(page, lambda: chosen() == bags[1], what="the arrow key to choose the next bag")
        stole.append(chosen().replace("\xa0", " "))
        focus_field(page, "Feel for the diamond too")
        page.keyboard.press("Space")
        wait_until(page, lambda: page.evaluate("() => document.activeElement.checked"), what="the diamond box ticked")
        return exactly("Steal")

    said = play_by_keyboard(page, choose, limit=100)
    assert said[:3] == ["Start the countdown", "Stop the countdown", "Challenge"], said
    assert "Steal" in said and stole, said
    log = page.locator(".ck-app .ck-log").inner_text().replace("\xa0", " ")  # (names keep their spaces)
    assert f"You reached into {stole[0]}'s bag." in log, log
    assert re.search(r"You grabbed for 3 coins and came away with .*(and the diamond|\(no diamond there\))", log), log
    assert_the_best_score_wins(page)
    screenshot(page, "keyboard-moneybags-end")
    assert_axe_finds_nothing(page, "keyboard-moneybags-game-over")  # the page at the game's end, axe too


def test_zhao_pengyou_is_played_to_its_end_by_keyboard_alone(page, voila_url):
    """A match of one deal (its length chosen in its menu by key): no declaration (Pass), and each
    play made of selected cards, Select under each card and then Play selected cards. The cards are
    the first legal ones of the same game played alongside in the engine (same seed, same bots,
    the same moves): after every play the page's log counts what the engine's does, and at the end
    the page names the engine's winners."""
    from changekit.core.table import LocalTable
    from changekit.games.zhao_pengyou.bots import BOTS
    from changekit.games.zhao_pengyou.rules import PASS, ZhaoPengyou, actions_for_seen_play
    from changekit.games.zhao_pengyou.tricks import show

    open_app(page, voila_url, "zhao_pengyou.ipynb", "Pass (do not declare)")
    page.locator("body").focus()
    focus_field(page, "Play")
    page.keyboard.press("ArrowDown")  # the whole match, then one deal
    wait_until(page, lambda: page.evaluate("() => document.activeElement.selectedOptions[0]?.text") == "1\xa0deal",
               what="the arrow key to choose one deal")
    new_game_by_keyboard(page, players=4, seed=1)
    names = ["You", *(f"Heuristic bot {seat}" for seat in (1, 2, 3))]
    engine = LocalTable(ZhaoPengyou(players=4, deals=1).new_state(seed=1), names=names,
                        bots={seat: BOTS["heuristic"]() for seat in (1, 2, 3)}, seed=1, humans=[0])
    engine.play_programs()
    said: list[str] = []
    plays = 0
    while True:
        # the engine's count, awaited: the bots' turns reach the page in many messages, and on a
        # loaded machine a pause among them outlasted the 300 ms that counts as settled
        expected = len(engine.state.events_for(0))
        wait_until(page, lambda n=expected: log_count(page) == n,
                   what=f"the page's log to count the engine's {expected} events (or the two games went apart)")
        settled(page, after=f"step {len(said)}")
        assert log_count(page) == expected, "the page and the engine's game went apart"
        if game_over(page):
            break
        view = engine.state.view(0)
        if view["phase"] in ("deal", "last_call"):
            keyboard_move(page, exactly("Pass (do not declare)"), said)
            actions = [PASS]
        else:
            assert view["phase"] == "play", f"seed 1: a bot hosts the deal; we never {view['phase']}"
            if view["trick"]:  # a follow: as many cards as were led, each the first legal one then
                cards, ahead = [], engine.state.clone()
                for _ in range(len(view["trick"][0][1])):
                    first = ahead.legal_actions(0)[0]
                    cards.append(first.cards[0])
                    ahead.apply(first, 0)
            else:
                cards = list(next(a for a in engine.state.legal_actions(0) if a.cards).cards)
            for card in cards:
                keyboard_move(page, exactly(f"Select {show([card])}"), said)
            keyboard_move(page, exactly("Play selected cards"), said)
            actions = actions_for_seen_play(engine.state.view_without_log(0), engine.state.options, cards)
            plays += 1
        for action in actions:
            engine.move(action, 0)
        engine.play_programs()
        assert len(said) < 400, f"the match never ended: {said[-20:]}"
    assert engine.state.is_terminal() and plays >= 20, (plays, said[-10:])
    assert any(m.startswith("Select") for m in said) and "Play selected cards" in said, said[:10]
    assert winners_said(page) == {names[seat] for seat in engine.state.winners()}, status(page)
    screenshot(page, "keyboard-zhao-pengyou-end")
    assert_axe_finds_nothing(page, "keyboard-zhao_pengyou-game-over")  # the page at the game's end, axe too
