"""A student's class page on a phone (issue 41: 390 × 844, touch). After a class auction and an old
question, the question at hand is on the first screen in the first vote and in the talk phase
(what is over folded under "Earlier"); after the reveal Check says right or wrong; disabled buttons
look disabled and say why in words; every control is a 44 px target; and the page's link brings the
student, seat and all, to the strategy lab, where the game is picked on the page and Submit to
class works. The teacher's side is played through the store (the dashboard has tests of its own).

One class server with one fresh SQLite store; one phone."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.classroom.auction import AUCTION_PROMPT, auction_question, auction_reveal
from changekit.classroom.lessons import find_lesson_question
from changekit.games.boneyard import resolve_auction, settled_bids
from changekit.classroom.tables import bot_seat, open_table, student_seat
from changekit.registry import load_game

from .test_accessibility import assert_axe_finds_nothing
from .helpers import RENDER_TIMEOUT_MS, class_store_server, layout_problems, screenshot, visible, wait_until, watch

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
LIVE_MS = 30_000
STEP_MS = 120_000
BOT = "def choose(view, legal, rng):\n    return min(legal)\n"

#: every control a finger taps that is shown inside ``selector``, with its box: buttons, boxes, lists,
#: links, a folded section's header, and a checkbox's label (the box itself is tapped through it)
TARGETS_JS = """(selector) => {
  const root = document.querySelector(selector);
  const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  const found = [];
  for (const el of root.querySelectorAll(
      'button, input:not([type=hidden]):not([type=checkbox]), select, textarea, a[href], '
      + '.jupyter-widget-Collapse-header, .widget-checkbox label.widget-label-basic')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    found.push({what: el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0],
                text: (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40),
                height: r.height, width: r.width});
  }
  return found;
}"""

#: the disabled buttons shown, with their colours (the page's computed style)
DISABLED_JS = """(selector) => [...document.querySelectorAll(selector + ' button:disabled')]
  .filter(b => b.offsetParent !== null)
  .map(b => { const s = getComputedStyle(b);
              return {text: b.innerText.trim(), color: s.color, background: s.backgroundColor,
                      opacity: s.opacity, border: s.borderStyle, chosen: b.classList.contains('mod-active'),
                      kit: b.classList.contains('ck-btn')}; })"""

#: every scrolled box back to the top (Voila scrolls an inner box), so a box's top is its place on the page
TO_TOP_JS = "() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0; " \
            "window.scrollTo(0, 0); }"


def rgb(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in text[text.index("(") + 1:text.index(")")].split(",")[:3])


def contrast(one: str, two: str) -> float:
    def luminance(colour: tuple[float, ...]) -> float:
        c = [v / 255 for v in colour]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    high, low = sorted((luminance(rgb(one)), luminance(rgb(two))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def small_targets(page, selector: str) -> list[dict]:
    targets = page.evaluate(TARGETS_JS, selector)
    assert targets, f"no controls found in {selector}"
    return [t for t in targets if t["height"] < 44 - 0.5]


def on_first_screen(page, locator, what: str) -> None:
    """``locator``'s top lies within the phone's first screen, the page scrolled to its top."""
    page.evaluate(TO_TOP_JS)
    box = locator.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"], f"{what}: {box}"


def disabled_look_and_reason(page, box, reason: str, what: str) -> None:
    """Every disabled button in ``box`` looks disabled (grey, dashed, fully opaque: its words keep
    4.5:1) and the box says ``reason`` in visible words."""
    found = page.evaluate(DISABLED_JS, ".ck-student-page")
    assert any(shown["kit"] for shown in found), (what, found)
    for shown in found:  # (a chosen choice, locked in, stays marked: dark, with its tick)
        assert shown["opacity"] == "1" and shown["border"] == ("solid" if shown["chosen"] else "dashed"), (what, shown)
        if shown["kit"]:
            assert shown["background"] == "rgb(250, 250, 250)", (what, shown)  # hollow
        assert contrast(shown["color"], shown["background"]) >= 4.5, (what, shown)
    visible(box.get_by_text(reason).first, what=f"{what}: the reason in words")


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    server, url = class_store_server(tmp_path_factory.mktemp("student-phone"), "voila-student-phone.log")
    store = connect(url)
    yield server.url, store
    store.close()
    server.stop()


def test_the_task_is_on_the_first_screen_check_judges_and_the_lab_is_a_tap_away(browser, klass):
    server, store = klass
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    ada = store.join(code, "Ada")
    # the join form on a phone: its boxes and button are 44 px targets, the intro under the title
    form_context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    form = form_context.new_page()
    form_seen = watch(form, "student-phone-join")
    form.goto(f"{server}/voila/render/join.ipynb?code={code}", timeout=RENDER_TIMEOUT_MS)
    visible(form.get_by_role("button", name="Join the class"), what="the join form", timeout_ms=RENDER_TIMEOUT_MS)
    visible(form.get_by_text("Type the code on your teacher's screen"), what="the intro, in the form")
    assert small_targets(form, ".ck-student-page") == [] and layout_problems(form, ".ck-student-page") == []
    screenshot(form, "student-phone-join")
    assert form_seen.unexpected == []
    form_context.close()

    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    phone = context.new_page()
    seen = watch(phone, "student-phone")
    phone.goto(f"{server}/voila/render/join.ipynb?code={code}&seat={ada.token}", timeout=RENDER_TIMEOUT_MS)
    visible(phone.get_by_text("You are Ada"), what="Ada back at her seat", timeout_ms=RENDER_TIMEOUT_MS)
    page = phone.locator(".ck-student-page")

    # a class auction: Ada bids $1 by touch, the teacher settles it
    auction = auction_question(1)
    store.open_question(code, key, auction, AUCTION_PROMPT)
    bidder = phone.locator(".ck-auction-bidder")
    visible(bidder, what="the auction")
    bidder.get_by_role("button", name="$1", exact=True).tap()
    bidder.get_by_role("button", name="Submit my bid").tap()
    visible(bidder.get_by_text("Your bid: $1. To change it"), what="her bid said once, not '$1 ($1)'")
    store.close_question(code, key, auction)
    store.reveal_question(code, key, auction,
                          auction_reveal(resolve_auction(settled_bids(store.answers(code, key, auction)))))
    visible(bidder.locator(".ck-auction-result"), what="the auction's result")

    # an old question (a number), answered and revealed
    q1, q2 = find_lesson_question("zombie.q2"), find_lesson_question("zombie.q1")
    store.open_question(code, key, q1.qid, q1.prompt())
    old = page.locator(".ck-task .ck-question-box")
    visible(old, what="the first question")
    number = old.get_by_role("textbox")
    disabled_look_and_reason(phone, old, "Type your prediction", "before a number is typed")
    number.tap()
    number.fill("40")
    old_lock = old.get_by_role("button", name="Lock in my prediction")
    wait_until(phone, old_lock.is_enabled, what="Lock in, enabled by the number")
    old_lock.tap()
    visible(old.get_by_text("Waiting for your teacher"), what="her first vote in")
    store.reveal_question(code, key, q1.qid, {"reading": "", "predictions": [40]})
    visible(old.get_by_text("press Check"), what="the first question revealed")

    # the question at hand: its first vote on the first screen, what is over folded away
    store.open_question(code, key, q2.qid, q2.prompt())
    task = page.locator(".ck-task .ck-question-box")
    visible(task.locator(f'[id="{q2.qid}"]'), what="the second question on top")
    earlier = page.locator(".ck-earlier")
    visible(earlier.get_by_text("Earlier (2)"), what="the auction and the old question under Earlier")
    assert page.locator(".ck-earlier .ck-auction-result").is_hidden()  # folded
    lock = task.get_by_role("button", name="Lock in my prediction")
    on_first_screen(phone, lock, "the first vote's Lock in")
    disabled_look_and_reason(phone, task, "Pick your prediction", "before a pick")
    screenshot(phone, "student-phone-first-vote")
    assert small_targets(phone, ".ck-student-page") == []
    assert layout_problems(phone, ".ck-student-page") == []
    choices = q2.how["choices"]  # $1, $3, ...
    task.get_by_role("button", name=str(choices[1]), exact=True).tap()  # $3
    wait_until(phone, lock.is_enabled, what="Lock in, enabled by the tap")
    lock.tap()
    visible(task.get_by_text("Waiting for your teacher"), what="the first vote in")
    disabled_look_and_reason(phone, task, "Waiting for your teacher", "Check before the reveal")

    # the talk phase: the revote box alone, on the first screen, the first vote a line
    store.start_discussion(code, key, q2.qid)
    revote = page.locator(".ck-task .ck-revote")
    visible(revote, what="the revote")
    assert page.locator(".ck-task .ck-question-box:not(.ck-revote)").count() == 0  # one box
    visible(page.locator(".ck-first-vote", has_text=f"Your first vote: {choices[1]}"), what="the first vote's line")
    revote_lock = revote.get_by_role("button", name="Lock in my revote")
    on_first_screen(phone, revote_lock, "the revote's Lock in")
    screenshot(phone, "student-phone-talk")
    assert small_targets(phone, ".ck-student-page") == []
    revote.get_by_role("button", name=str(choices[0]), exact=True).tap()  # $1, the right answer
    wait_until(phone, revote_lock.is_enabled, what="the revote's Lock in, enabled by the tap")
    revote_lock.tap()
    visible(revote.get_by_text("Your revote"), what="the revote in")

    # the reveal: no stale status, and Check says right or wrong and what the answer is
    store.mark_correct(code, key, q2.qid, {"choices": [choices[0]]})
    store.reveal_question(code, key, q2.qid, {"reading": "", "predictions": [choices[1]],
                                              "revotes": [choices[0]]})
    check = task.get_by_role("button", name="Check")
    wait_until(phone, check.is_enabled, what="Check, opened by the reveal")
    assert phone.get_by_text("Waiting for your teacher").count() == 0 or all(
        not el.is_visible() for el in phone.get_by_text("Waiting for your teacher").all())
    check.tap()
    verdict = task.locator(".ck-question-status")
    visible(verdict.get_by_text("Not right."), what="Check's verdict on the first vote", timeout_ms=STEP_MS)
    said = verdict.inner_text()
    assert f"The answer is {choices[0]}; your prediction was {choices[1]}." in said, said
    visible(page.locator(".ck-revote-said", has_text="Right."), what="the revote judged too")
    screenshot(phone, "student-phone-checked")
    assert_axe_finds_nothing(phone, "student-phone-checked")
    earlier.locator(".jupyter-widget-Collapse-header").tap()  # unfold what is over
    visible(page.locator(".ck-earlier .ck-auction-result"), what="the settled auction, unfolded")
    assert small_targets(phone, ".ck-student-page") == []

    # a table: with no vote open it goes on top, the question that just ended under it
    open_table(store, code, key, "diminishing", [student_seat("Ada"), bot_seat()])
    app = page.locator(".ck-app")
    visible(app, what="the table on Ada's page")
    on_first_screen(phone, app, "the table")
    visible(earlier.get_by_text("Earlier (2)"), what="only older polls folded away")
    assert page.locator(".ck-task .ck-question-status", has_text="Not right.").is_visible()
    hints = app.locator(".widget-checkbox label.widget-label-basic", has_text="Show hints")
    visible(hints, what="the table's Show hints")
    assert hints.locator("input").bounding_box()["width"] >= 24  # the box itself (13 px before)
    assert small_targets(phone, ".ck-student-page") == []
    screenshot(phone, "student-phone-table")
    hints.tap()  # the words tick the box
    wait_until(phone, lambda: hints.locator("input").is_checked(), what="Show hints ticked by its words")

    # the lab: a tap on the page's link, the seat with it
    link = page.locator("a.ck-lab-link")
    assert "seat=" in link.get_attribute("href") and "token=" not in link.get_attribute("href")
    with context.expect_page() as opened:
        link.tap()
    lab = opened.value
    lab_seen = watch(lab, "student-phone-lab")
    test_button = lab.get_by_role("button", name="Test my bot")
    visible(test_button, what="the lab", timeout_ms=RENDER_TIMEOUT_MS)
    game = lab.get_by_label("Game", exact=True)
    game.select_option(load_game("boneyard").title)
    visible(lab.get_by_text("Strategy lab: Boneyard"), what="the game picked on the page")
    game.select_option(load_game("zombie").title)
    visible(lab.get_by_text(f"Strategy lab: {load_game('zombie').title}"), what="back to Zombie")
    lab.locator(".ck-code textarea").fill(BOT)
    deals = lab.get_by_label("Deals")
    deals.fill("1")
    deals.press("Enter")
    visible(lab.get_by_text("= 4 games"), what="what the Deals box plays")
    screenshot(lab, "student-phone-lab")
    assert small_targets(lab, ".ck-lab") == []
    assert layout_problems(lab, ".ck-lab") == []
    lab.get_by_role("button", name="Submit to class").tap()
    visible(lab.get_by_text("Submitted at"), what="the bot submitted", timeout_ms=STEP_MS)
    screenshot(lab, "student-phone-lab-submitted")
    (entry,) = store.bots(code, key, "zombie")
    assert entry.student == "Ada" and entry.source == BOT
    assert seen.unexpected == [] and lab_seen.unexpected == []
    context.close()
