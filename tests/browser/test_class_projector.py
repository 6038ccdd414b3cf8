"""The projector in a real browser at 1280×720 (issue 41), opened at the address projector_address
builds for a real session (its code and projector key; no form, no teacher key): the join code
and a QR while students arrive, the count while they vote (not overlapping what to do), and after
the teacher's Reveal the exact answer and the marked right option within 2 s (the page's own
polling: the 2 s are the wait's timeout). Every text on the page, chart labels included, is at
least 24 px as drawn; no student's name reaches it. The teacher here is the store itself (what
the dashboard's buttons call), so the test measures the projector and nothing else. Each chart
(issue 47) is an image named by a sentence stating its numbers, checked against the votes the test
cast, with the same numbers in a table the keyboard opens; axe finds nothing with it open."""
from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from changekit.classroom import connect
from changekit.classroom.lessons import find_lesson_question
from changekit.classroom.projector import projector_address

from .helpers import RENDER_TIMEOUT_MS, class_store_server, layout_problems, screenshot
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SCREEN = {"width": 1280, "height": 720}
LIVE_MS = 30_000
REVEAL_MS = 2_000  # the requirement: the reveal on the projector within 2 s
NAMES = ("Zephyrine", "Quillon", "Marisol", "Thaddeus")
FIRST = ("$1", "$3", "$1", "$5")
AGAIN = ("$1", "$1", "$1", "$3")
PROMPT = {"qid": "zombie.q1", "kind": "choices", "choices": ["$1", "$3", "$5", "$7", "$10"], "unit": "",
          "text": "**Question 1.** Against a *fresh* Zombie (3 random bills), which bill earns the most points "
                  "on average: the 1, 3, 5, 7 or 10? Decide on a reason too."}

#: every piece of text drawn in the projector's page, with its size as drawn (px): an element's
#: own text at its computed size; an SVG text at its computed size times the SVG's scale
TEXT_SIZES_JS = """() => {
  const seen = [];
  const root = document.querySelector('.ck-projector-page');
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('style') || !shown(e)) continue;
    if (e instanceof SVGElement) {
      if (e.tagName !== 'text') continue;
      const svg = e.ownerSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      seen.push({text: e.textContent.trim(), px: parseFloat(getComputedStyle(e).fontSize) * scale, svg: true});
      continue;
    }
    const own = [...e.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim());
    if (own.length) seen.push({text: own.join(' '), px: parseFloat(getComputedStyle(e).fontSize)});
  }
  return seen;
}"""


#: each bar of the projector's chart: its colour and its tooltip ("<series>, <label>: <value>")
BARS_JS = "rs => rs.map(r => [r.getAttribute('fill'), r.querySelector('title').textContent])"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served, url = class_store_server(tmp_path_factory.mktemp("projector"), "voila-class-projector.log")
    with connect(url) as store:
        yield served.url, store
    served.stop()


def small_text(page) -> list[dict]:
    return [seen for seen in page.evaluate(TEXT_SIZES_JS) if seen["px"] < 24]


#: the chart's data table as the page holds it: each body row's cells
TABLE_ROWS_JS = "rows => rows.map(r => [...r.cells].map(c => c.textContent))"


def chart_sentence(page) -> str:
    """The projector chart's name, found by its role as a screen reader finds it: an image whose
    name opens with "Chart:"."""
    image = page.get_by_role("img", name=re.compile(r"^Chart: "))
    assert image.count() == 1, "not one chart image named by its sentence"
    sentence = image.get_attribute("aria-label")
    assert page.get_by_role("img", name=sentence, exact=True).count() == 1  # the name is that sentence
    return sentence


def stated(sentence: str, series: str) -> dict[str, float]:
    """The values the sentence states for one series ("<series>, bars: <label>: <value>; ...")."""
    listed = re.search(rf"{re.escape(series)}, bars: (.*?)\.(?: |$)", sentence)
    assert listed, f"{series!r} not stated in {sentence!r}"
    return {label: float(value) for label, value in (part.rsplit(": ", 1) for part in listed.group(1).split("; "))}


def open_the_table_by_keyboard(page) -> list[list[str]]:
    """Tab-reachable "The chart's data as a table", opened with Enter: its rows."""
    opener = page.locator(".ck-projector-chart-data summary")
    assert opener.inner_text() == "The chart's data as a table"
    opener.focus()
    page.keyboard.press("Enter")
    assert page.locator(".ck-projector-chart-data").evaluate("(d) => d.open"), "Enter did not open the table"
    return page.locator(".ck-projector-chart-data tbody tr").evaluate_all(TABLE_ROWS_JS)


def test_the_projector_opened_from_its_address_shows_the_class_and_the_reveal_within_2_s(browser, server):
    url, store = server
    session = store.open_session("Period 3")
    code, key = session.code, session.teacher_key
    address = projector_address(code, store.projector_key(code, key))
    assert key not in address and address.startswith("projector.ipynb?")  # relative outside a served page
    tokens = [store.join(code, name).token for name in NAMES[:2]]

    projector = browser.new_context(viewport=SCREEN).new_page()
    errors: list[str] = []
    projector.on("pageerror", lambda exc: errors.append(str(exc)))
    projector.goto(f"{url}/voila/render/{address}", timeout=RENDER_TIMEOUT_MS)
    # at once the join screen: no form, the code in very large type, a QR of the join address
    projector.locator(".ck-projector .ck-join-code").wait_for(timeout=RENDER_TIMEOUT_MS)
    assert projector.locator(".ck-projector .ck-join-code").inner_text().strip() == code
    assert projector.locator("input[type=password]").is_hidden()
    qr = projector.locator(".ck-projector-qr svg")
    assert qr.count() == 1 and f"join.ipynb?code={code}" in qr.get_attribute("aria-label")
    box = qr.bounding_box()
    assert box["width"] >= 250 and box["y"] + box["height"] <= SCREEN["height"]  # all of it on the screen
    assert float(projector.eval_on_selector(".ck-join-code", "e => parseFloat(getComputedStyle(e).fontSize)")) >= 120
    tokens += [store.join(code, name).token for name in NAMES[2:]]
    projector.locator(".ck-projector-joined", has_text="4 joined").wait_for(timeout=LIVE_MS)
    assert small_text(projector) == []
    screenshot(projector, "projector-1280-join")

    # a vote: the question, what to do, the count, apart from each other
    store.open_question(code, key, "zombie.q1", PROMPT)
    store.mark_correct(code, key, "zombie.q1", {"choices": ["$1"]})
    for token, vote in zip(tokens[:3], FIRST, strict=False):
        store.submit(code, token, "zombie.q1", vote)
    projector.locator(".ck-projector-count", has_text="3 of 4 answered").wait_for(timeout=LIVE_MS)
    doing = projector.locator(".ck-projector-doing").bounding_box()
    count = projector.locator(".ck-projector-count").bounding_box()
    assert doing["y"] + doing["height"] <= count["y"], "the status line overlaps the count"
    assert small_text(projector) == []
    screenshot(projector, "projector-1280-vote")
    store.submit(code, tokens[3], "zombie.q1", FIRST[3])
    store.start_discussion(code, key, "zombie.q1")
    for token, vote in zip(tokens, AGAIN, strict=True):
        store.submit_revote(code, token, "zombie.q1", vote)
    projector.locator(".ck-projector-count", has_text="4 of 4 revoted").wait_for(timeout=LIVE_MS)

    # the teacher's Reveal (as the dashboard makes it): on the projector within 2 s
    answers, revotes = store.answers(code, key, "zombie.q1"), store.revotes(code, key, "zombie.q1")
    reading = find_lesson_question("zombie.q1").reading  # the lesson's own: longer than fits beside the chart
    store.reveal_question(code, key, "zombie.q1", {"reading": reading, "predictions": list(answers.values()),
                                                   "revotes": list(revotes.values())})
    revealed = time.monotonic()
    projector.locator(".ck-projector-answer", has_text="$1").wait_for(timeout=REVEAL_MS)
    projector.locator(".ck-projector-chart .ck-right-mark").wait_for(timeout=REVEAL_MS)
    print(f"the reveal reached the projector in {time.monotonic() - revealed:.2f} s")
    marked = projector.locator(".ck-projector-chart text.ck-axis-label.ck-right")
    assert marked.count() == 1 and marked.text_content() == "$1"
    assert projector.locator(".ck-projector-chart .ck-right-mark").text_content() == "✓ right"
    bars = projector.eval_on_selector_all(".ck-projector-chart rect.ck-bar", BARS_JS)
    assert [title for _, title in bars] == [
        "first vote, $1: 2", "revote, $1: 3", "first vote, $3: 1", "revote, $3: 1", "first vote, $5: 1",
        "revote, $5: 0", "first vote, $7: 0", "revote, $7: 0", "first vote, $10: 0", "revote, $10: 0"]
    fills = [fill for fill, _ in bars]
    assert fills[:2] == ["#6fbf73", "#1b7a2e"] and set(fills[2:]) == {"#8a96a3", "#1d4e89"}  # green: the right one
    report = projector.locator(".ck-projector-report").inner_text()
    assert "first vote 50% right → revote 75% right · g = 0.50" in report
    sizes = projector.evaluate(TEXT_SIZES_JS)
    labels = [s for s in sizes if s.get("svg") and s["text"] in ("$1", "$3", "$5", "$7", "$10")]  # the axis
    assert len(labels) == 5 and min(s["px"] for s in labels) >= 24
    assert small_text(projector) == []
    reading_box = projector.locator(".ck-projector-reading").bounding_box()
    assert projector.locator(".ck-projector-reading").inner_text().startswith("The small bills win")
    assert reading_box["y"] + reading_box["height"] <= SCREEN["height"]
    answer = projector.locator(".ck-projector-answer").bounding_box()
    chart = projector.locator(".ck-projector-chart").bounding_box()
    assert answer["y"] + answer["height"] <= SCREEN["height"] and chart["y"] + chart["height"] <= SCREEN["height"]
    seen = projector.locator("body").inner_text() + (projector.locator("body").text_content() or "")
    assert not [name for name in NAMES if name in seen], "a student's name on the projector"
    screenshot(projector, "projector-1280-revealed")
    # for people who cannot see it: the sentence states each option's votes, first and revote,
    # and the right option; the table holds the same numbers (counted here from the votes cast)
    sentence = chart_sentence(projector)
    expected = {series: {choice: Counter(votes)[choice] for choice in PROMPT["choices"]}
                for series, votes in (("first vote", FIRST), ("revote", AGAIN))}
    assert {series: stated(sentence, series) for series in expected} == expected
    assert sentence.endswith("Marked: the right answer, $1.")
    rows = open_the_table_by_keyboard(projector)
    assert rows == [[series, choice, str(count)] for series, counts in expected.items()
                    for choice, count in counts.items()]
    assert small_text(projector) == []  # the table too, at 24 px or more
    seen = projector.locator("body").inner_text() + (projector.locator("body").text_content() or "")
    assert not [name for name in NAMES if name in seen], "a student's name on the projector"
    screenshot(projector, "projector-1280-revealed-table")
    assert_axe_finds_nothing(projector, "projector-revealed-table-open")
    # the key has left the address bar (the room sees it) for the projector's cookie: a reload
    # shows the board again
    assert f"code={code}" in projector.url and "view=" not in projector.url
    projector.reload(timeout=RENDER_TIMEOUT_MS)
    projector.locator(".ck-projector-answer", has_text="$1").wait_for(timeout=RENDER_TIMEOUT_MS)
    assert errors == []


def test_the_projector_shows_a_settled_auction_and_published_standings(browser, server):
    from changekit.classroom.auction import AuctionPanel

    url, store = server
    session = store.open_session("Period 4")
    code, key = session.code, session.teacher_key
    tokens = {name: store.join(code, name).token for name in NAMES}
    projector = browser.new_context(viewport=SCREEN).new_page()
    projector.goto(f"{url}/voila/render/{projector_address(code, store.projector_key(code, key))}",
                   timeout=RENDER_TIMEOUT_MS)
    projector.locator(".ck-projector-joined", has_text="4 joined").wait_for(timeout=RENDER_TIMEOUT_MS)
    panel = AuctionPanel(store, code, key, poll=False)
    question = panel.start()
    bids = ([10], [7], [7, 1], [1])
    for name, bid in zip(NAMES, bids, strict=True):
        store.submit(code, tokens[name], question, bid)
    projector.locator(".ck-projector-count", has_text="4 of 4 have bid").wait_for(timeout=LIVE_MS)
    result = panel.close()
    best = " or ".join(f"${t}" for t in result.report.best)
    projector.locator(".ck-projector-answer", has_text=f"bid {best}").wait_for(timeout=REVEAL_MS)
    assert projector.locator(".ck-projector-chart rect.ck-bar").count() >= 2
    assert small_text(projector) == []
    seen = projector.locator("body").inner_text()
    assert not [name for name in NAMES if name in seen] and "equilibrium for 4" in seen
    screenshot(projector, "projector-1280-auction")
    # the class's share of each bid total, in percent, as the sentence and the table state it
    totals = Counter(sum(bid) for bid in bids)
    shares = stated(chart_sentence(projector), "the class (4 bids)")
    assert {total: share for total, share in shares.items() if share} == {
        f"${total}": 100 * count / len(bids) for total, count in totals.items()}
    rows = open_the_table_by_keyboard(projector)
    assert {label: float(value) for series, label, value in rows if series == "the class (4 bids)"} == shares
    assert small_text(projector) == []
    assert not [name for name in NAMES if name in projector.locator("body").inner_text()]
    assert_axe_finds_nothing(projector, "projector-auction-table-open")

    rows = [{"rank": 1, "entry": "Marisol", "kind": "student", "games": 40, "win_rate": 0.5},
            {"rank": 2, "entry": "greedy", "kind": "kit bot", "games": 40, "win_rate": 0.25},
            {"rank": 2, "entry": "Quillon", "kind": "student", "games": 40, "win_rate": 0.25}]
    store.publish_standings(code, key, "zombie", {"seed": 1, "rows": rows}, named=False)
    table = projector.locator(".ck-projector-standings")
    table.wait_for(timeout=LIVE_MS)
    assert [r.split("\t") for r in table.inner_text().splitlines()[1:]] == [
        ["1", "entry 1", "50%", "40"], ["2", "greedy", "25%", "40"], ["2", "entry 3", "25%", "40"]]
    assert small_text(projector) == [] and "Marisol" not in projector.locator("body").inner_text()
    screenshot(projector, "projector-1280-standings")


def test_the_projector_also_fits_a_phone(browser, server):
    """A teacher may glance at it on a phone: nothing scrolls sideways, at the join code, the
    count and the reveal (large type shrinks with the screen; never under 24 px)."""
    url, store = server
    session = store.open_session("Period 5")
    code, key = session.code, session.teacher_key
    tokens = [store.join(code, name).token for name in NAMES[:2]]
    phone = browser.new_context(viewport={"width": 360, "height": 780}, has_touch=True, is_mobile=True).new_page()
    phone.goto(f"{url}/voila/render/{projector_address(code, store.projector_key(code, key))}",
               timeout=RENDER_TIMEOUT_MS)
    phone.locator(".ck-projector-joined", has_text="2 joined").wait_for(timeout=RENDER_TIMEOUT_MS)
    assert layout_problems(phone, ".ck-projector-page") == []
    store.open_question(code, key, "zombie.q1", PROMPT)
    store.submit(code, tokens[0], "zombie.q1", "$1")
    phone.locator(".ck-projector-count", has_text="1 of 2 answered").wait_for(timeout=LIVE_MS)
    assert layout_problems(phone, ".ck-projector-page") == []
    store.mark_correct(code, key, "zombie.q1", {"choices": ["$1"]})
    store.reveal_question(code, key, "zombie.q1", {"predictions": ["$1"]})
    phone.locator(".ck-projector-answer", has_text="$1").wait_for(timeout=REVEAL_MS)
    assert layout_problems(phone, ".ck-projector-page") == []
    sizes = [s["px"] for s in phone.evaluate(TEXT_SIZES_JS) if not s.get("svg")]  # the chart scales down
    assert min(sizes) >= 24
    screenshot(phone, "projector-phone-revealed")
