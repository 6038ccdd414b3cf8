"""A student's whole lesson with the keyboard alone (issue 47), in Chromium, on one ``changekit
serve`` with a fresh class store: the student joins (the class code and a name typed), votes on
Zombie's Question 1 and how sure they are, revotes after the talk, presses Check after the reveal,
answers their own variant of Question 2, bids in a class auction, makes a move at a networked
Zombie table, and in the strategy lab tests a bot and submits it.

The student's page is driven only by the keyboard: Tab and Shift+Tab to a control, Enter or Space to
press it, typing into a field; never a click, never a focus set by script. The teacher's side is the
class store's own calls (as the dashboard's buttons make them). After each step the test checks what
a person would: the vote stored as cast, the answer shown, the bid taken, the move in the store,
and the focus still in the page's main content once the page has redrawn (not dropped to the top).
"""
from __future__ import annotations

import re

import pytest

from changekit.classroom import connect
from changekit.classroom.auction import AUCTION_PROMPT, auction_question
from changekit.classroom.tables import bot_seat, open_table, student_seat
from changekit.classroom.variant_round import send_variants
from changekit.registry import game_spec

from .helpers import RENDER_TIMEOUT_MS, class_store_server, diagnose, screenshot, visible, wait_until, watch
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LIVE_MS = 30_000
LAB_MS = 120_000  # a sandboxed test of a bot on a loaded 2-core box
NAME = "Ada"
#: a bot for the lab, typed key by key into its code box
SMALLEST = "def choose(view, legal, rng):\n    return min(legal)\n"

#: Where the enabled, shown elements matching a CSS selector whose name matches a regular expression
#: lie from the focus: "here" (one has it), "Tab" (one follows it), "Shift+Tab" (all are behind
#: it) or "none". An element's name: its aria-label, its words, or its label's words.
WHERE_JS = """([selector, want]) => { const re = new RegExp(want);
  const name = (e) => (e.getAttribute('aria-label') || e.innerText
    || (e.labels && e.labels.length ? e.labels[0].innerText : '') || '').trim();
  const found = [...document.querySelectorAll(selector)]
    .filter((e) => !e.disabled && e.getClientRects().length && re.test(name(e)));
  const active = document.activeElement || document.body;
  if (!found.length) return 'none';
  if (found.includes(active)) return 'here';
  return found.some((e) => active.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""
FOCUSED_JS = """() => { const e = document.activeElement;
  return { tag: e ? e.tagName.toLowerCase() : '', text: e ? (e.innerText || e.value || '').trim().slice(0, 80) : '',
           in_main: !!(e && e !== document.body && e.closest('[role=main]')) }; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED_JS)


def key_to(page, selector: str, want: str = "", *, presses: int = 120) -> None:
    """Tab (or Shift+Tab, when every such control is behind the focus) until an enabled control
    matching ``selector`` whose name matches the regular expression ``want`` has the focus (once
    there is one: a control the kernel enables, as Lock in after a pick, is waited for)."""
    try:
        wait_until(page, lambda: page.evaluate(WHERE_JS, [selector, want]) != "none",
                   what=f"a control {selector} {want!r} to reach", timeout_ms=LIVE_MS)
    except AssertionError:
        raise diagnose(page, f"no control {selector} {want!r} on the page to reach; focus: {focused(page)}") from None
    for _ in range(presses):
        where = page.evaluate(WHERE_JS, [selector, want])
        if where == "here":
            return
        if where == "none":
            raise diagnose(page, f"no control {selector} {want!r} on the page to reach; focus: {focused(page)}")
        page.keyboard.press(where)
    raise diagnose(page, f"{presses} presses never reached {selector} {want!r}; focus: {focused(page)}")


def press(page, selector: str, want: str, key: str = "Enter") -> None:
    """Reach a control by Tab or Shift+Tab and press it with ``key`` (Enter or Space)."""
    key_to(page, selector, want)
    page.keyboard.press(key)


def type_into(page, selector: str, text: str, want: str = "") -> None:
    """Reach a field by Tab or Shift+Tab, select what it holds and type ``text`` over it, key by key."""
    key_to(page, selector, want)
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type(text)


def focus_stays_in_main(page, after: str) -> None:
    """Once the page has redrawn, the focus is still in the page's main content (a control the
    redraw removed or disabled must not leave a keyboard user at the top of the page)."""
    page.wait_for_timeout(400)  # the browser drops a removed or disabled control's focus at its next rendering step
    wait_until(page, lambda: focused(page)["in_main"], what=f"the focus in the page's main content after {after}",
               timeout_ms=5_000)


def lesson_question(qid: str):
    return next(q for q in game_spec(qid.split(".")[0]).lesson_questions() if q.qid == qid)


def test_a_students_whole_lesson_by_keyboard_alone(browser, tmp_path):
    server, url = class_store_server(tmp_path, "voila-class-keyboard-lesson.log")
    store = connect(url)
    try:
        session = store.open_session("Period 3")
        code, key = session.code, session.teacher_key
        context = browser.new_context(viewport={"width": 1100, "height": 1400})
        page = context.new_page()
        seen = [watch(page, "class-keyboard-student")]
        page.goto(f"{server.url}/voila/render/join.ipynb", timeout=RENDER_TIMEOUT_MS)
        visible(page.get_by_role("button", name="Join the class"), what="the join form", timeout_ms=RENDER_TIMEOUT_MS)

        # -- join: the code and the name typed, Join pressed with Enter --
        type_into(page, "input[type=text]", code, "^Class code")
        type_into(page, "input[type=text]", NAME, "^Your name")
        press(page, "button", "^Join the class$")
        visible(page.locator(".ck-rejoin"), what="the student joined", timeout_ms=LIVE_MS)
        assert store.students(code, key) == [NAME]
        focus_stays_in_main(page, "joining")

        # -- a vote: a choice and how sure, each pressed with Space; Lock in with Enter --
        q1 = lesson_question("zombie.q1")
        store.open_question(code, key, q1.qid, q1.prompt())
        first = ".ck-question-box:not(.ck-revote)"
        visible(page.locator(first).get_by_role("button", name="$3", exact=True), what="Question 1 on the page",
                timeout_ms=LIVE_MS)
        press(page, f"{first} button", r"^\$3$", "Space")
        press(page, f"{first} .ck-confidence button", "^fairly sure$", "Space")
        press(page, f"{first} button", "^Lock in my prediction$")
        visible(page.locator(first).get_by_text("Waiting for your teacher"), what="the vote in", timeout_ms=LIVE_MS)
        wait_until(page, lambda: store.answers(code, key, q1.qid) == {NAME: "$3"}, what="the vote of $3 stored")
        focus_stays_in_main(page, "the vote")

        # -- a revote after the talk --
        store.start_discussion(code, key, q1.qid)
        revote = ".ck-revote"
        visible(page.locator(revote).get_by_role("button", name="$1", exact=True), what="the revote's box",
                timeout_ms=LIVE_MS)
        press(page, f"{revote} button", r"^\$1$", "Space")
        press(page, f"{revote} button", "^Lock in my revote$")
        visible(page.get_by_text("Your revote"), what="the revote in", timeout_ms=LIVE_MS)
        wait_until(page, lambda: store.revotes(code, key, q1.qid) == {NAME: "$1"}, what="the revote of $1 stored")
        assert store.answers(code, key, q1.qid) == {NAME: "$3"}  # the first vote kept
        focus_stays_in_main(page, "the revote")

        # -- the reveal, then Check: the exact answer shown --
        store.reveal_question(code, key, q1.qid)
        check = page.locator(first).get_by_role("button", name="Check")
        wait_until(page, check.is_enabled, what="Check enabled by the reveal", timeout_ms=LIVE_MS)
        press(page, f"{first} button", "^Check$")
        # the exact expected points of the $1 bill, as the game's own page shows them
        visible(page.locator(first).get_by_text("1.6086").first, what="the exact answer after Check",
                timeout_ms=LIVE_MS)
        focus_stays_in_main(page, "Check")

        # -- the student's own variant of Question 2: typed, how sure, locked in --
        q2 = lesson_question("zombie.q2")
        store.open_question(code, key, q2.qid, q2.prompt())
        store.mark_correct(code, key, q2.qid, {"range": [47, 52]})
        store.reveal_question(code, key, q2.qid)
        assert send_variants(store, code, key, q2) == 1
        (own,) = store.variants(code, key, q2.qid)
        low, high = own.correct["range"]
        mine = ".ck-own-variant"
        visible(page.locator(mine).get_by_role("textbox"), what="the student's own variant", timeout_ms=LIVE_MS)
        # typed at machine speed and locked in at once: each key reaches the kernel ahead of Lock in
        # (the question's SentInOrder; before it, 24.66 typed at once was locked in as 2)
        type_into(page, f"{mine} input[type=text]", f"{(low + high) / 2:.2f}")
        press(page, f"{mine} .ck-confidence button", "^sure$", "Space")
        press(page, f"{mine} button", "^Lock in my answer$")
        verdict = page.locator(f"{mine} .ck-variant-verdict")
        visible(verdict, what="the variant's verdict", timeout_ms=LIVE_MS)
        said = verdict.inner_text()
        assert said.startswith("Right") and own.exact in said, said
        (stored,) = store.variants(code, key, q2.qid)
        assert (float(stored.answer), stored.confidence, stored.right) == (
            pytest.approx(round((low + high) / 2, 2)), "sure", True), stored
        focus_stays_in_main(page, "the variant's answer")

        # -- a class auction: a bid of $10, submitted --
        auction = auction_question(1)
        store.open_question(code, key, auction, AUCTION_PROMPT)
        bidder = ".ck-auction-bidder"
        visible(page.locator(bidder).get_by_role("button", name="$10", exact=True), what="the auction's bids",
                timeout_ms=LIVE_MS)
        press(page, f"{bidder} button", r"^\$10$", "Space")
        press(page, f"{bidder} button", "^Submit my bid$")
        visible(page.locator(bidder).get_by_text("Your bid: $10"), what="the bid taken", timeout_ms=LIVE_MS)
        assert list(store.answers(code, key, auction)) == [NAME]
        focus_stays_in_main(page, "the bid")
        assert_axe_finds_nothing(page, "class-keyboard-auction-open")  # the auction's panel open
        store.close_question(code, key, auction)

        # -- a networked Zombie table: a bill paid by keyboard --
        table = open_table(store, code, key, "zombie", [student_seat(NAME), bot_seat()], seed=7)
        title = game_spec("zombie").game.title
        visible(page.get_by_text(f"Table 1: {title}"), what="the table on the page", timeout_ms=LIVE_MS)
        app = ".ck-app"
        visible(page.locator(app).get_by_role("button", name=re.compile(r"^Pay \$\d+")).first,
                what="the student's bills", timeout_ms=LIVE_MS)
        key_to(page, f"{app} button", r"^Pay \$\d+")
        bill = re.fullmatch(r"Pay \$(\d+)", focused(page)["text"])
        assert bill, focused(page)
        paid = int(bill.group(1))
        before = len(store.moves(code, key, table.table_id))
        page.keyboard.press("Enter")
        wait_until(page, lambda: len(store.moves(code, key, table.table_id)) > before, what="the move in the store",
                   timeout_ms=LIVE_MS)
        move = store.moves(code, key, table.table_id)[before]
        assert (move.student, move.action) == (NAME, {"seat": 0, "action": paid}), move
        visible(page.locator(f"{app} .ck-log").get_by_text(f"You paid ${paid}").first, what="the move in the log",
                timeout_ms=LIVE_MS)
        focus_stays_in_main(page, "the table move")
        assert_axe_finds_nothing(page, "class-keyboard-table-open")  # the table's panel open, after a move

        # -- the strategy lab, opened from the page's link: a bot typed, tested, submitted --
        with context.expect_page(timeout=LIVE_MS) as opened:
            press(page, "a.ck-lab-link", "")
        lab = opened.value
        seen.append(watch(lab, "class-keyboard-lab"))
        code_box = ".ck-code textarea"
        visible(lab.locator(code_box), what="the lab's code box", timeout_ms=RENDER_TIMEOUT_MS)
        type_into(lab, code_box, SMALLEST)
        press(lab, "button", "^Test my bot$")
        report = lab.locator(".ck-live[aria-live='polite']", has_text="win rate")
        visible(report, what="the lab's report", timeout_ms=LAB_MS)
        assert "games" in report.inner_text()
        focus_stays_in_main(lab, "Test my bot")
        press(lab, "button", "^Submit to class$")
        visible(lab.get_by_text("Submitted at"), what="the bot submitted", timeout_ms=LAB_MS)
        entries = {e.student: e.source for e in store.bots(code, key, "zombie")}
        assert entries == {NAME: SMALLEST}
        focus_stays_in_main(lab, "Submit to class")

        screenshot(page, "class-keyboard-student")
        screenshot(lab, "class-keyboard-lab")
        assert [w.unexpected for w in seen] == [[] for _ in seen]
        context.close()
    finally:
        store.close()
        server.stop()
