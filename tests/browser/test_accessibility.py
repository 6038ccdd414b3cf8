"""Accessibility of every page in Voila: axe-core (WCAG 2.0/2.1/2.2 A and AA and best practice)
finds nothing, of any impact, on opening, after a move with hints shown and at 400 % zoom; every
page has its landmarks; a game's skip link takes the keyboard past the rules to the game; every
button a game's app lets a person press on opening, the control its folder names first among them,
can be reached with the Tab key. What axe cannot judge is measured here too (contrast inside charts
and of disabled controls, fields' edges, every control's focus ring, target sizes, text cut off with
wider spacing or at 200 % zoom, reflow at 320 px, a chart's hover label), and
:func:`assert_axe_finds_nothing` runs it wherever axe runs past a page's opening, in other files too.

axe-core comes bundled with ``axe-playwright-python`` (its ``axe.min.js`` is injected into the
page from the installed package: nothing is fetched at test time). Each page is opened once per
module and shared by its axe test and its keyboard test.
"""
from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from changekit import all_games
from changekit.classroom.live import STUDENT_FOCUS_FALLBACK
from changekit.registry import NOTEBOOKS, all_specs, game_spec
from changekit.ui.botlab import LAB_FOCUS_FALLBACK

from ..contrast import too_faint
from .helpers import (ARTIFACTS, check_page, check_question, open_hints, open_page, visible, wait_rendered,
                      wait_until)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The games with a page among the kit's notebooks (a game registered from outside may have none).
GAMES = {spec.key: spec.notebook for spec in all_specs() if spec.notebook}
#: The class pages, each with a control it shows once drawn (students answer on phones).
CLASS_PAGES = {"join.ipynb": "Join the class", "class.ipynb": "Open a new session",
               "projector.ipynb": "Show on the projector", "lab.ipynb": "Test my bot"}
PAGES = ["index.ipynb", *GAMES.values(), *CLASS_PAGES]



def first_control(game: str) -> re.Pattern[str]:
    """The control of the game's opening screen its own folder names (its spec's GameFacts, the
    same one the static site's test presses): a move, or the first step of one."""
    declared = game_spec(game).facts
    assert declared is not None, f"{game}: its spec declares no facts (its folder's facts.py)"
    control = declared.load().first_control
    assert control, f"{game}: its facts name no first control"
    return re.compile(control)


#: Every rule axe runs by default (WCAG 2.0/2.1/2.2 A and AA, best practice); no impact is spared.
#: Where axe looks: the whole document. Nothing is excluded today: Voila's own chrome (the cell
#: wrappers, the hidden spinner) raised only the moderate "region" rule. Should a Voila upgrade
#: bring a serious violation outside our widgets, exclude it here with a precise selector and a
#: comment saying why, e.g. {"include": [["body"]], "exclude": [["#loading"]]} — never drop a rule.
AXE_CONTEXT: dict = {"include": [["body"]], "exclude": []}
AXE_OPTIONS = {"resultTypes": ["violations"]}
TAB_PRESSES = 120


def page_id(notebook: str) -> str:
    return notebook.removesuffix(".ipynb")


@pytest.fixture(scope="module", params=PAGES, ids=page_id)
def rendered(request, browser, browser_context_args, voila_url):
    """A page with ``notebook`` fully rendered in Voila (every output, widget view and chart drawn,
    so axe never scans a half-drawn page): (notebook, page). Its errors fail both tests."""
    notebook = request.param
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    open_page(page, voila_url, notebook)
    if notebook == "index.ipynb":
        visible(page.get_by_role("navigation", name="games"), what="the gallery's navigation")
    elif notebook in CLASS_PAGES:
        visible(page.get_by_role("button", name=CLASS_PAGES[notebook]).first, what=f"{notebook}'s first control")
    else:
        visible(page.get_by_role("button", name="New game"), what="the app")
        visible(page.locator(".ck-app .ck-score"), what="the scoreboard")
    yield notebook, page
    context.close()


def describe(violation: dict) -> str:
    nodes = "; ".join(" ".join(node["target"]) + " → " + node["html"][:160] for node in violation["nodes"][:5])
    return f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])} nodes): {violation['help']}: {nodes}"


def assert_axe_finds_nothing(page, name: str, *, beyond_axe: bool = True) -> None:
    """Run axe on the page; every violation goes to ``axe-<name>.txt``, and any one fails. Then,
    unless ``beyond_axe`` is off (a page whose own tests run them), the checks axe cannot make
    (:func:`assert_what_axe_cannot_judge_holds`), in the same state."""
    page.evaluate(AXE_SCRIPT)
    results = page.evaluate("([context, options]) => axe.run(context, options)", [AXE_CONTEXT, AXE_OPTIONS])
    violations = results["violations"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"axe-{name}.txt").write_text("\n".join(describe(v) for v in violations) + "\n", encoding="utf-8")
    found = [describe(v) for v in violations]
    assert found == [], f"{name}:\n" + "\n".join(found)
    if beyond_axe:
        assert_what_axe_cannot_judge_holds(page, name)
    check_page(page)


def test_axe_finds_nothing_on_opening(rendered):
    notebook, page = rendered
    assert_axe_finds_nothing(page, page_id(notebook), beyond_axe=False)  # each check a test of its own below


#: Every text field of the page: its label, its autocomplete attribute.
TEXT_FIELDS_JS = """() => [...document.querySelectorAll('input[type=text], input:not([type]), textarea')]
  .map((input) => { const box = input.closest('.widget-text, .widget-textarea');
                    const label = box && box.querySelector('label');
                    return {label: label ? label.innerText.trim() : '',
                            autocomplete: input.getAttribute('autocomplete')}; })"""


def test_the_words_in_every_chart_stand_out_from_what_they_are_drawn_on(rendered):
    """WCAG 1.4.3 inside the charts a page draws as it opens (axe cannot judge SVG text on bars)."""
    notebook, page = rendered
    assert too_faint(page) == [], notebook


def test_a_field_asking_for_the_students_name_says_so(rendered):
    """WCAG 1.3.5: the only field of the kit that asks for something of the person (the join page's
    name) says its purpose to the browser; no other field claims one."""
    notebook, page = rendered
    expected = [{"label": "Your name:", "autocomplete": "name"}] if notebook == "join.ipynb" else []
    page.wait_for_function("() => !document.querySelector('.ck-name-field input:not([autocomplete])')",
                           timeout=10_000)
    fields = page.evaluate(TEXT_FIELDS_JS)
    assert [field for field in fields if field["autocomplete"]] == expected, fields
    assert [field for field in fields if "name" in field["label"].lower()] == expected, fields


def test_every_page_has_one_main_landmark_and_its_headings_in_order(rendered):
    notebook, page = rendered
    assert page.get_by_role("main").count() == 1, f"{notebook}: not exactly one main landmark"
    # WCAG 2.4.2: the page's title is the notebook's own (test_notebooks checks what it says)
    assert page.title() == json.loads((NOTEBOOKS / notebook).read_text())["metadata"]["title"]
    levels = page.evaluate("""() => [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')]
        .filter((h) => h.getClientRects().length).map((h) => Number(h.tagName[1]))""")
    assert levels and levels[0] == 1, f"{notebook}: the first heading is not an h1: {levels}"
    jumps = [(a, b) for a, b in zip(levels, levels[1:], strict=False) if b > a + 1]
    assert jumps == [], f"{notebook}: headings skip a level: {jumps} in {levels}"


def test_a_games_skip_link_shows_on_focus_and_takes_the_keyboard_past_the_rules(rendered):
    """The first Tab stop of a game's page is a link past the rules; it is out of sight until
    focused, and after Enter the next Tab lands in the game's app."""
    notebook, page = rendered
    if notebook not in GAMES.values():
        assert page.locator("a.ck-skip").count() == 0, f"{notebook}: a skip link with no game to skip to"
        return
    skip = page.locator("a.ck-skip")
    assert skip.count() == 1, f"{notebook}: no skip link"
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.locator("body").focus()
    assert skip.bounding_box() is None or skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 1, \
        f"{notebook}: the skip link shows before it has the focus"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('ck-skip')"), \
        f"{notebook}: the first Tab stop is not the skip link"
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] >= 24, \
        f"{notebook}: the focused skip link is not in sight: {box}"
    assert skip.inner_text().strip() == "Skip the rules: go to the game"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('.ck-app')"), \
        f"{notebook}: after the skip link, Tab did not reach the game"
    check_page(page)


PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("notebook", CLASS_PAGES, ids=page_id)
def test_axe_finds_nothing_on_a_class_page_on_a_phone(notebook, browser,
                                                                                 browser_context_args, voila_url):
    context = browser.new_context(**{**browser_context_args, "viewport": PHONE, "has_touch": True,
                                     "is_mobile": True})
    try:
        page = context.new_page()
        open_page(page, voila_url, notebook)
        visible(page.get_by_role("button", name=CLASS_PAGES[notebook]).first, what=f"{notebook}'s first control")
        assert_axe_finds_nothing(page, f"phone-{page_id(notebook)}")
    finally:
        context.close()


def focus_walk(page, presses: int = TAB_PRESSES) -> list[dict]:
    """Press Tab from the top of the page; what got the focus each time (a focusin listener notes
    each, so the walk is one key press per step, not a press and a question)."""
    page.evaluate("""() => {
      document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);
      window.ckFocusSeen = [];
      if (!window.ckFocusNoted) {
        window.ckFocusNoted = true;
        document.addEventListener('focusin', (event) => {
          const e = event.target;
          window.ckFocusSeen.push({tag: e.tagName.toLowerCase(), text: (e.innerText || e.value || '').trim(),
                                   label: e.getAttribute('aria-label') || '', cls: String(e.className || ''),
                                   in_app: !!e.closest('.ck-app')});
        });
      }
    }""")
    page.locator("body").focus()
    page.evaluate("() => { window.ckFocusSeen = []; }")  # the body's own focus is not a Tab stop
    for _ in range(presses):
        page.keyboard.press("Tab")
    return page.evaluate("() => window.ckFocusSeen")


#: The words of every button of the app a person can press now (enabled, shown), in the page's order.
SHOWN_BUTTONS_JS = """() => [...document.querySelectorAll('.ck-app button')]
  .filter((b) => !b.disabled && b.getClientRects().length).map((b) => (b.innerText || '').trim())"""


#: WCAG 1.4.12's text spacing, the most a person's own style sheet may ask for.
TEXT_SPACING_CSS = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
                        word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }"""
#: Text the page cuts off: an element with words of its own that hides what overflows it (or ends it
#: with an ellipsis) while its words are wider or taller than its box. Text kept for screen readers
#: alone (.ck-sr, a 1 px box by design) is not shown to anyone.
CLIPPED_TEXT_JS = """() => [...document.querySelectorAll('body *')].filter((el) => {
    if (!el.getClientRects().length || el.closest('.ck-sr')) return false;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) return false;
    const s = getComputedStyle(el);
    const hidesX = ['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis';
    const hidesY = ['hidden', 'clip'].includes(s.overflowY);
    return (hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1);
  }).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/ +/).slice(-2).join('.')}: `
                 + `"${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}x${el.scrollHeight} in `
                 + `${el.clientWidth}x${el.clientHeight}`)"""
#: WCAG 1.4.10's narrowest layout: 320 CSS px (a 1280 px window at 400 %); 200 % zoom of a window
#: whose half is narrower than this is not a laptop's (a phone's page is checked at its own size).
NARROWEST_PX = 320


def test_no_text_is_cut_off_with_wider_spacing_or_at_200_percent_zoom(rendered):
    """WCAG 1.4.12 (text spacing) and 1.4.4 (resize text): on every page as it opens, with the
    spacing a reader's style sheet may ask for, and laid out as its window zoomed to 200 %, no words
    are cut off by their box (a button's fixed height, a squeezed button, a label's set width)."""
    notebook, page = rendered
    assert_no_text_cut_off(page, f"{notebook} as it opens")


def assert_no_text_cut_off(page, name: str) -> None:
    """No words cut off by their box as the page is, with WCAG's text spacing, and at 200 % zoom
    (the page laid out in half as many CSS pixels each way; on a laptop, not on a phone)."""
    assert page.evaluate(CLIPPED_TEXT_JS) == [], f"{name}: text cut off"
    page.add_style_tag(content=TEXT_SPACING_CSS)
    try:
        page.wait_for_timeout(300)  # the boxes reflow
        assert page.evaluate(CLIPPED_TEXT_JS) == [], f"{name}: text cut off with WCAG's text spacing"
    finally:
        page.evaluate("() => document.head.lastElementChild.remove()")  # the spacing sheet, added last
    viewport = page.viewport_size
    if viewport["width"] // 2 < NARROWEST_PX:
        return
    page.set_viewport_size({"width": viewport["width"] // 2, "height": viewport["height"] // 2})
    try:
        page.wait_for_timeout(300)
        assert page.evaluate(CLIPPED_TEXT_JS) == [], f"{name}: text cut off at 200 % zoom"
    finally:
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)


#: WCAG 1.4.10's window: 1280 x 1024 CSS px zoomed to 400 %.
REFLOW = {"width": NARROWEST_PX, "height": 256}
#: What needs a sideways scroll at this width: the page or any box scrolling sideways (a data
#: table's own box may: WCAG's exception for content laid out in two dimensions), and any words,
#: control or chart reaching past the window's edges.
SIDEWAYS_JS = """() => {
  const width = document.documentElement.clientWidth, found = [];
  const name = (el) => `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).trim()
    .split(/ +/).slice(-2).join('.')} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`;
  const scrolls = (el) => /(auto|scroll)/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1;
  // laid out in two dimensions, its layout its meaning: a data table's box, a displayed formula
  const twoD = (el) => el.matches('mjx-container') || !!el.querySelector(':scope > table');
  const inTwoD = (el) => { for (let up = el.parentElement; up; up = up.parentElement) {
    if (twoD(up) && scrolls(up)) return true; } return false; };
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) found.push(`the page: ${page} px`);
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length || el.closest('.ck-sr, .ck-skip')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    if (scrolls(el) && !twoD(el)) found.push(`scrolls sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    if (scrolls(el) && twoD(el) && el.tabIndex < 0 && !el.querySelector('a[href], button, input, [tabindex="0"]')) {
      found.push(`scrolls sideways out of the keyboard's reach: ${name(el)}`);
    }
    const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if ((!words && !el.matches('button, input, select, textarea, .js-plotly-plot')) || inTwoD(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > width + 0.5 || r.left < -0.5) {
      found.push(`past the edge: ${name(el)} ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
    }
  }
  return found;
}"""


def test_nothing_needs_a_sideways_scroll_at_400_percent_zoom(rendered):
    """WCAG 1.4.10 (reflow) on every page as it opens: laid out as a 1280 px window zoomed to 400 %
    (320 CSS px wide), no words, control or chart reaches past the window's edges, nothing but a data
    table or a formula scrolls sideways (and those the keyboard can scroll), and axe finds nothing."""
    notebook, page = rendered
    viewport = page.viewport_size
    page.set_viewport_size(REFLOW)
    try:
        page.wait_for_timeout(500)  # the boxes reflow, the charts follow their boxes
        found = page.evaluate(SIDEWAYS_JS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"reflow-{page_id(notebook)}.txt").write_text("\n".join(found) + "\n", encoding="utf-8")
        assert found == [], notebook
        assert_axe_finds_nothing(page, f"{page_id(notebook)}-at-400-percent", beyond_axe=False)
    finally:
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)


#: WCAG's contrast ratio of two CSS colours (rgb/rgba), and the colour behind an element (its
#: nearest ancestor with a background that is not transparent; the page is white).
CONTRAST_JS = r"""
const rgb = (c) => { const m = String(c).match(/rgba?\(([^)]+)\)/); return m ? m[1].split(',').map(Number) : null; };
const opaque = (c) => c && (c.length < 4 || c[3] > 0);
const lum = (v) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
                     return 0.2126 * f(v[0]) + 0.7152 * f(v[1]) + 0.0722 * f(v[2]); };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const behind = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor); if (opaque(c)) return c; } return [255, 255, 255]; };
const label = (el) => `${el.tagName.toLowerCase()} "${(el.innerText || el.value || el.getAttribute('aria-label')
                       || '').trim().slice(0, 30)}"`;
"""
#: Fields whose edge is under 3:1 against what is behind them; picked choices whose fill is.
WEAK_EDGES_JS = "() => {" + CONTRAST_JS + """
  const weak = [];
  const fields = 'input[type=text], input[type=number], input:not([type]), textarea, select';
  for (const el of document.querySelectorAll(fields)) {
    if (!el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    const edge = parseFloat(s.borderTopWidth) >= 1 ? ratio(rgb(s.borderTopColor), behind(el)) : 0;
    if (edge < 3) weak.push(`${label(el)}: edge ${edge.toFixed(2)}:1`);
  }
  for (const el of document.querySelectorAll('.widget-toggle-button.mod-active:not(:disabled)')) {
    if (!el.getClientRects().length) continue;
    const fill = ratio(rgb(getComputedStyle(el).backgroundColor), behind(el));
    if (fill < 3) weak.push(`${label(el)} (picked): fill ${fill.toFixed(2)}:1`);
  }
  return weak;
}"""
#: Where the kit's own scripts put the focus besides the controls: the box a focus keeper parks it on
#: when a redraw took its control away (made focusable for that, tabindex -1, as the keeper does) and
#: the game the skip link goes to.
SCRIPT_FOCUS_TARGETS = ", ".join([LAB_FOCUS_FALLBACK, STUDENT_FOCUS_FALLBACK, ".ck-app"])
#: Every control of the page a person can focus (shown, enabled; tabindex -1 is the page's own
#: business, bar the kit's script targets), each focused in turn after a Tab key press (so the browser
#: shows rings as for a keyboard, :focus-visible): the ones whose ring is missing or under 3:1 against
#: what is behind them (at least 2 px; a browser's own ring, "auto", is two colours, dark and light, and
#: passes on any background); the focus goes back where it was.
WEAK_RINGS_JS = "(scripted) => {" + CONTRAST_JS + """
  const was = document.activeElement;
  const weak = [];
  let checked = 0;
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
                   + '[tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(controls + ', ' + scripted)) {
    const s = getComputedStyle(el);
    if (!el.getClientRects().length || el.disabled || el.closest('.ck-sr') || s.visibility === 'hidden') continue;
    if (!el.matches(controls) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus();
    if (document.activeElement !== el) continue;  // inside a closed <details>: out of reach until opened
    checked += 1;
    if (!el.matches(':focus-visible')) { weak.push(`${label(el)}: no focus ring shown`); continue; }
    const now = getComputedStyle(el);
    if (now.outlineStyle === 'auto') continue;
    const ring = now.outlineStyle !== 'none' && parseFloat(now.outlineWidth) >= 2
                 ? ratio(rgb(now.outlineColor), behind(el)) : 0;
    if (ring < 3) {
      weak.push(`${label(el)}: ring ${now.outlineStyle} ${now.outlineWidth} ${now.outlineColor}, ${ring.toFixed(2)}:1`);
    }
  }
  if (was && was.focus) was.focus(); else document.activeElement && document.activeElement.blur();
  return {checked, weak};
}"""


def weak_focus_rings(page) -> list[str]:
    """Every focusable control's ring, checked as the keyboard shows it (see WEAK_RINGS_JS)."""
    page.keyboard.press("Tab")  # from here on the browser shows rings as for a keyboard
    page.keyboard.press("Shift+Tab")  # (and the focus is back where it was)
    found = page.evaluate(WEAK_RINGS_JS, SCRIPT_FOCUS_TARGETS)
    assert found["checked"] > 0, "no control took the focus"
    return found["weak"]


def test_fields_picked_choices_and_focus_rings_stand_out_from_the_page(rendered):
    """WCAG 1.4.11 (non-text contrast) on every page: a text field's or menu's edge, a picked
    choice's fill and the focus ring of every control (and of every box the kit's scripts move the
    focus to) are at least 3:1 against what is behind them (JupyterLab's edge was 1.9:1, its button
    ring 2.1:1, and its fields had none)."""
    notebook, page = rendered
    assert page.evaluate(WEAK_EDGES_JS) == [], notebook
    assert weak_focus_rings(page) == [], notebook


#: Targets under WCAG 2.5.8's 24 x 24 CSS px that no exception covers: a link inside a sentence
#: (inline) passes, and so does a small target whose 24 px circle, centred on it, touches no other
#: target and no other small target's circle (spacing). A checkbox is its label, which toggles it.
SMALL_TARGETS_JS = """() => {
  // the skip link waits above the page, out of any pointer's reach, until the keyboard focuses it
  // (it then drops in at the top); a page scrolled so that another target passes that spot had
  // them "touching"
  const shown = (el) => el.getClientRects().length && !el.closest('.ck-sr')
                        && getComputedStyle(el).visibility !== 'hidden' && !el.matches('.ck-skip:not(:focus)');
  const targets = [...document.querySelectorAll(
      'button, a[href], select, textarea, input:not([type=checkbox]):not([type=hidden]), .widget-checkbox label')]
    .filter(shown).map((el) => ({el, r: el.getBoundingClientRect()})).filter((t) => t.r.width && t.r.height);
  const inline = (el) => el.tagName === 'A' && el.parentElement
    && el.parentElement.textContent.trim().length > el.textContent.trim().length + 10;
  const small = targets.filter((t) => (t.r.width < 24 || t.r.height < 24) && !inline(t.el));
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const reach = (c, r) => Math.hypot(Math.max(r.left - c[0], 0, c[0] - r.right),
                                     Math.max(r.top - c[1], 0, c[1] - r.bottom));
  return small.filter((t) => {
    const c = centre(t.r);
    return targets.some((o) => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) && reach(c, o.r) < 12)
      || small.some((o) => o !== t && Math.hypot(c[0] - centre(o.r)[0], c[1] - centre(o.r)[1]) < 24);
  }).map((t) => `${t.el.tagName.toLowerCase()} "${(t.el.innerText || t.el.value || '').trim().slice(0, 30)}" `
                + `${Math.round(t.r.width)}x${Math.round(t.r.height)}`);
}"""


def test_every_target_is_big_enough_or_far_enough_from_the_next_on_a_laptop(rendered):
    """WCAG 2.5.8 at 1200 px wide, on every page as it opens (phones: 44 px, tested elsewhere)."""
    notebook, page = rendered
    assert page.evaluate(SMALL_TARGETS_JS) == [], notebook


#: Disabled controls whose words are under 4.5:1 against their own fill (or what is behind them):
#: axe leaves disabled controls out of its contrast rule.
DIM_DISABLED_JS = "() => {" + CONTRAST_JS + """
  return [...document.querySelectorAll('button:disabled, input:disabled, select:disabled, textarea:disabled')]
    .filter((el) => el.getClientRects().length && (el.innerText || el.value || '').trim())
    .map((el) => { const s = getComputedStyle(el), own = rgb(s.backgroundColor);
                   return [el, ratio(rgb(s.color), opaque(own) ? own : behind(el))]; })
    .filter(([, r]) => r < 4.5).map(([el, r]) => `${label(el)}: ${r.toFixed(2)}:1`);
}"""


def test_disabled_controls_keep_their_words_readable(rendered):
    """WCAG 1.4.3 for what axe skips: a disabled control's words at 4.5:1 or more (the state is said
    in words beside it, never by fading alone)."""
    notebook, page = rendered
    assert page.evaluate(DIM_DISABLED_JS) == [], notebook


def test_main_controls_are_reachable_by_keyboard(rendered):
    notebook, page = rendered
    seen = focus_walk(page)
    if notebook in CLASS_PAGES:
        buttons = [s["text"] for s in seen if s["tag"] == "button"]
        assert CLASS_PAGES[notebook] in buttons, f"{notebook}: never focused by Tab: {buttons}"
        check_page(page)
        return
    if notebook == "index.ipynb":
        links = {s["label"] for s in seen if s["tag"] == "a"}
        missing = [g.title for g in all_games() if f"Play {g.title}" not in links]
        assert missing == [], f"gallery links never focused: {missing}"
        check_page(page)
        return
    game = next(name for name, file in GAMES.items() if file == notebook)
    buttons = [s["text"] for s in seen if s["tag"] == "button" and s["in_app"]]
    # every button the app shows and lets a person press now (its moves, its clock, New game), read
    # from the page: none may be out of the keyboard's reach, whatever the game draws
    shown = page.evaluate(SHOWN_BUTTONS_JS)
    assert "New game" in shown, f"{notebook}: the app shows no New game button: {shown}"
    want = first_control(game)
    assert any(want.search(b) for b in shown), f"{notebook}: no {want.pattern!r} on the opening screen: {shown}"
    missing = [b for b in shown if b not in buttons]
    assert missing == [], f"{notebook}: never focused by Tab: {missing}; focused buttons: {buttons}"
    assert any("ck-log" in str(s["cls"]) for s in seen), f"{notebook}: the game log is not focusable"
    check_page(page)


def test_axe_finds_nothing_after_a_move_with_hints_shown(rendered):
    """A game's page in play: hints shown, the first move made (the log grew), everything redrawn."""
    notebook, page = rendered
    if notebook not in GAMES.values():
        return
    game = next(name for name, file in GAMES.items() if file == notebook)
    app = page.locator(".ck-app")
    hints = app.get_by_role("checkbox", name="Show hints")
    if hints.count() and not hints.is_checked():
        open_hints(page)  # (a lesson's box opens once the predictions its hints give away are locked in)
    before = app.inner_text()
    app.get_by_role("button", name=first_control(game)).first.click()
    # some first moves are a step of a move (a bid raised, a card picked): the log may not grow,
    # but the table is redrawn
    wait_until(page, lambda: app.inner_text() != before, what=f"{notebook}: the table to show the first move")
    wait_rendered(page)
    assert_axe_finds_nothing(page, f"{page_id(notebook)}-after-a-move")


def assert_what_axe_cannot_judge_holds(page, name: str) -> None:
    """The checks axe leaves out, on the page in its present state: fields' edges and picked
    choices (1.4.11), every control's focus ring (1.4.11, 2.4.7), target sizes (2.5.8), disabled
    controls' words (1.4.3), words inside charts (1.4.3), and no words cut off with wider spacing or
    at 200 % zoom (1.4.12, 1.4.4). The focus ends where it was."""
    assert page.evaluate(WEAK_EDGES_JS) == [], name
    assert weak_focus_rings(page) == [], name
    assert page.evaluate(SMALL_TARGETS_JS) == [], name
    assert page.evaluate(DIM_DISABLED_JS) == [], name
    assert too_faint(page) == [], name
    assert_no_text_cut_off(page, name)


#: In the page: for each chart (a ``.ck-chart`` figure), its text alternative as a screen reader
#: gets it (the sentence the figure is described by, the data table's cells) and the figure's own
#: data as plotly drew it (bars and lines: each trace's name, x and y).
CHART_TEXTS_JS = """(root) => [...root.querySelectorAll('.ck-chart')].map((figure) => {
  const said = document.getElementById(figure.getAttribute('aria-describedby'));
  const table = figure.parentElement.querySelector('.ck-chart-data table');
  return {
    sentence: said ? said.textContent : null,
    header: table ? [...table.querySelectorAll('thead th')].map((th) => th.textContent) : null,
    rows: table ? [...table.querySelectorAll('tbody tr')]
      .map((tr) => [...tr.cells].map((td) => td.textContent)) : null,
    traces: (figure._fullData || []).filter((t) => t.visible !== false).map((t) => ({
      type: t.type, name: t.name, x: Array.from(t.x || []), y: Array.from(t.y || []) })),
  };
})"""


def as_number(text: str) -> float | str:
    try:
        return float(text)
    except ValueError:
        return text


def close(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-5 * max(1.0, abs(b))
    return str(a) == str(b)


def test_a_questions_chart_has_a_text_alternative_stating_the_figures_numbers(rendered):
    """Zombie's first Question, checked: its chart is described by a sentence and carries its data
    as a table, and every number in both is the figure's own (read from plotly's drawn data, not
    from the kit's Python); the page, with the table opened by keyboard, has no axe finding."""
    notebook, page = rendered
    if notebook != GAMES["zombie"]:
        return
    check_question(page, "zombie.q1")
    question = page.locator(".ck-question-box").filter(has=page.locator('[id="zombie.q1"]'))
    charts = question.evaluate(CHART_TEXTS_JS)
    assert charts, "zombie.q1: no chart after Check"
    for chart in charts:
        assert chart["sentence"] and chart["sentence"].startswith("Chart"), chart["sentence"]
        drawn = [(t["name"], x, y) for t in chart["traces"] if t["type"] in ("bar", "scatter")
                 for x, y in zip(t["x"], t["y"], strict=True)]
        assert drawn, f"no bars or lines drawn: {chart['traces']}"
        tabled = [(name, as_number(x), as_number(y)) for name, x, y in chart["rows"]]
        assert len(tabled) == len(drawn), f"{len(tabled)} rows for {len(drawn)} points"
        for (name, x, y), (d_name, d_x, d_y) in zip(tabled, drawn, strict=True):
            assert name == d_name and close(x, d_x) and close(y, d_y), \
                f"row {(name, x, y)} ≠ drawn {(d_name, d_x, d_y)}"
        if len(drawn) <= 12:  # the sentence lists each point: "x: y"
            for row in chart["rows"]:
                assert f"{row[1]}: {row[2]}" in chart["sentence"], f"{row} not in {chart['sentence']!r}"
    opener = question.locator(".ck-chart-data summary").first
    opener.focus()
    page.keyboard.press("Enter")
    assert question.locator(".ck-chart-data").first.evaluate("(d) => d.open"), "Enter did not open the table"
    assert_axe_finds_nothing(page, "zombie-after-check")
    assert_a_charts_hover_label_stays_under_the_pointer_and_escape_puts_it_away(page, question)


#: How plotly drew a chart's controls: its mode bar's buttons, and whether a drag may zoom or pan.
CHART_CONTROLS_JS = """(chart) => ({buttons: chart.querySelectorAll('.modebar-btn').length,
  dragmode: chart._fullLayout.dragmode,
  fixed: ['xaxis', 'yaxis'].map((axis) => chart._fullLayout[axis].fixedrange)})"""
HOVER_LABEL = ".hoverlayer .hovertext"


def assert_a_charts_hover_label_stays_under_the_pointer_and_escape_puts_it_away(page, where) -> None:
    """WCAG 2.1.1, 1.4.11 and 1.4.13 on a drawn chart: no mode bar (buttons a keyboard cannot reach,
    shown on hover in pale grey) and no drag to zoom or pan; the label a bar's hover shows stays
    while the pointer moves onto it, and Escape puts it away without moving the pointer."""
    chart = where.locator(".ck-chart.js-plotly-plot").first
    assert chart.evaluate(CHART_CONTROLS_JS) == {"buttons": 0, "dragmode": False, "fixed": [True, True]}
    bar = chart.locator("g.point path").first
    bar.scroll_into_view_if_needed()
    box = bar.bounding_box()
    assert box is not None and box["height"] > 4, box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    label = chart.locator(HOVER_LABEL)
    wait_until(page, lambda: label.count() == 1, what="the bar's hover label")
    said = label.text_content()
    shown = label.bounding_box()
    assert shown is not None
    # from inside the bar, by its side that the label's arrow touches, straight onto the label
    edge_x = box["x"] + box["width"] - 3 if shown["x"] >= box["x"] + box["width"] / 2 else box["x"] + 3
    centre_y = min(max(shown["y"] + shown["height"] / 2, box["y"] + 3), box["y"] + box["height"] - 3)
    page.mouse.move(edge_x, centre_y, steps=4)
    page.mouse.move(shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2, steps=8)
    page.wait_for_timeout(200)
    assert label.count() == 1 and label.text_content() == said, "the hover label went when the pointer moved onto it"
    page.keyboard.press("Escape")
    wait_until(page, lambda: label.count() == 0, what="Escape to put the hover label away")
