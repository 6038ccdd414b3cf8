"""Issue 29 at a networked class table, on a 390 px phone: a student's join page opens on a
Moneybags table where a bot robs them before their first turn. The robbery prompt, drawn below
the fold while the page loads, is brought into view; its 5-second countdown does not tick before
the student starts it (and then only while seen); its buttons show their whole labels.

The page records itself from its first script (an init script samples the clock and the prompt
every 50 ms), so "not before it was seen" is checked on what the browser did, not guessed."""
from __future__ import annotations

import pytest

from changekit.classroom import connect
from changekit.classroom.live import SEAT_PARAMETER
from changekit.classroom.tables import bot_seat, open_table, student_seat

from .helpers import class_store_server, RENDER_TIMEOUT_MS, screenshot, visible, wait_until, watch

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
SECONDS = 5  # the clock's default at a class table (the join page's address sets none)

#: every 50 ms: the clock's value, whether the clock and the prompt are inside the screen
SAMPLER_JS = """
window.__robbery = [];
setInterval(() => {
  const clock = document.querySelector(".ck-app progress[aria-label='time left to decide']");
  const prompt = [...document.querySelectorAll('.ck-app .widget-html-content')]
    .find(e => e.textContent.includes('reached into your bag!'));
  if (!clock && !prompt) return;
  const inside = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  };
  window.__robbery.push({ t: performance.now(), left: clock ? clock.value : null,
                          clockSeen: inside(clock), promptShown: !!prompt && prompt.getClientRects().length > 0,
                          promptSeen: inside(prompt) });
}, 50);
"""

#: the robbery row's buttons whose label does not fit: text wider than the button, or its text
#: box past the button's edges
CUT_LABELS_JS = """
() => {
  const cut = [];
  for (const button of document.querySelectorAll('.ck-app button')) {
    if (button.offsetParent === null || !button.innerText.trim()) continue;
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const text = range.getBoundingClientRect();
    if (button.scrollWidth > button.clientWidth + 1 || text.left < box.left - 0.5 || text.right > box.right + 0.5
        || box.right > document.documentElement.clientWidth + 0.5)
      cut.push(`${button.innerText} (text ${text.width.toFixed(0)} px, button ${box.width.toFixed(0)} px)`);
  }
  return cut;
}
"""


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """`changekit serve notebooks/` with every kernel pointed at one fresh class store."""
    server, url = class_store_server(tmp_path_factory.mktemp("robbery"), "voila-class-robbery.log")
    yield server, url
    server.stop()


def test_a_robbery_at_a_class_table_waits_to_be_seen_on_a_phone(class_server, browser):
    server, url = class_server
    with connect(url) as store:
        session = store.open_session("Moneybags on phones")
        ada = store.join(session.code, "Ada")
        # seed 7, Ada in seat 0 of four: a bot robs her before her first turn (her page's first draw)
        open_table(store, session.code, session.teacher_key, "moneybags",
                   [student_seat("Ada"), bot_seat(), bot_seat(), bot_seat()], seed=7)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(SAMPLER_JS)
    page = context.new_page()
    seen = watch(page, "class-robbery-phone")
    try:
        page.goto(f"{server.url}/voila/render/join.ipynb?code={session.code}&{SEAT_PARAMETER}={ada.token}",
                  timeout=RENDER_TIMEOUT_MS)
        visible(page.get_by_text("reached into your bag!"), what="the robbery prompt", timeout_ms=RENDER_TIMEOUT_MS)
        wait_until(page, "() => window.__robbery.some(s => s.promptSeen && s.clockSeen)",
                   what="the prompt and its clock brought into the screen")
        samples = page.evaluate("window.__robbery")
        first_shown = next(s for s in samples if s["promptShown"])
        first_seen = next(s for s in samples if s["promptSeen"] and s["clockSeen"])
        # brought into view by itself, soon after it was drawn (no scrolling by the test)
        assert first_seen["t"] - first_shown["t"] < 2000, (first_shown, first_seen)
        before = [s["left"] for s in samples if s["t"] <= first_seen["t"] and s["left"] is not None]
        assert before and set(before) == {SECONDS}, before  # not a tick before it was seen
        assert page.evaluate(CUT_LABELS_JS) == []
        screenshot(page, "class-robbery-phone")
        # no count before Ada acts (the page opened on the robbery); started, it counts down and runs out
        assert page.get_by_text("starts when you press Start").count() == 1
        page.get_by_role("button", name="Start the countdown").click()
        visible(page.get_by_text("Time ran out: you let the thief go."), what="the count to run out once seen",
                timeout_ms=SECONDS * 1000 + 15_000)
        assert seen.unexpected == []
    finally:
        context.close()
