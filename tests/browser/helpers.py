"""What every browser test needs: open a Voila page, wait on it without hanging, and fail with a
diagnosis (the page's errors, its console, a screenshot) instead of a bare timeout.

Every wait goes through :func:`wait_until`, which polls its condition together with the page's
error signals: ipywidgets' error box ("Error displaying widget"), an error or stderr output, a
JavaScript page error or an unexpected console error. The first signal stops the wait at once.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from .locking import lock_in

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
RENDER_TIMEOUT_MS = 240_000  # a cold kernel on a loaded 2-core CI box
STEP_TIMEOUT_MS = 30_000  # one click's round trip to the kernel and back
POLL_MS = 100


@dataclass(frozen=True)
class Expected:
    """A console error the kit expects, and why."""
    text: re.Pattern[str]
    url: re.Pattern[str]  # where the browser says it came from
    why: str


#: The console errors a kit page may show. Everything else (any page error, any other console
#: error) fails the test. Measured on every page under `voila notebooks/`, offline: Voila's
#: "Unsatisfied version 4.2.5 ... (required ^4.6.2)" lines (its built-in JupyterLab is 4.2, the
#: installed extensions ask for 4.6) are console *warnings*, not errors, so they are not listed.
EXPECTED_CONSOLE_ERRORS = (
    Expected(re.compile(r"^Failed to load resource: net::ERR_[A-Z_]+$"),
             re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@"),
             "Voila's page links Font Awesome's CSS from a CDN; offline (CI, a school network) the request "
             "fails. No kit control relies on an icon: every button has a text label (STACK_NOTES)."),
)

#: One step of the page-level check, run in the page: the first problem it sees, or "".
PROBLEMS_JS = """() => {
  const box = document.querySelector('.jupyter-widgets-error-widget');
  if (box) return 'ipywidgets error box: ' + box.textContent.trim().slice(0, 300);
  for (const e of document.querySelectorAll('.jp-OutputArea-output, .jp-OutputArea-output .jupyter-widgets')) {
    if (!e.firstElementChild && e.textContent.startsWith('Error displaying widget'))
      return e.textContent.trim().slice(0, 300);
  }
  const err = document.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  if (err) return 'an error or stderr output: ' + err.textContent.trim().slice(0, 600);
  return '';
}"""

#: The page's own "everything rendered" condition (what is still pending, "" once everything is): Voila
#: ran the notebook and revealed its outputs, no widget view is pending, and every plotly chart is drawn
#: with all its visible traces.
#: A pending view shows as an output with nothing in it but the widget renderer's "Loading
#: widget..." text, or a bare, empty ``div.lm-Widget`` (a box's placeholder for a child view still
#: being created, or a view whose render has not run). A chart is a ``.js-plotly-plot`` div, whichever
#: way it was displayed (FigureWidget, plotly's mime renderer, or a chart widget): drawn when its
#: ``main-svg`` exists and it has a ``g.trace`` (bars, scatter, histogram) or ``g.hm`` (heatmap)
#: group for every trace plotly marks visible.
PENDING_JS = """() => {
  if (document.querySelector('#loading')) return 'Voila is still running the notebook';
  const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
  if (outputs.length === 0) return 'no output shown yet';
  const empty = outputs.findIndex(e => !e.firstElementChild
                                      && ['', 'Loading widget...'].includes(e.textContent.trim()));
  if (empty >= 0) {
    return `output ${empty + 1} of ${outputs.length} is empty: "${outputs[empty].textContent.slice(0, 80)}"`;
  }
  const bare = [...document.querySelectorAll('.jp-OutputArea-output .lm-Widget')]
    .filter(e => e.className.trim() === 'lm-Widget' && !e.firstElementChild).length;
  if (bare) return `${bare} widget view(s) not rendered yet`;
  const charts = [...document.querySelectorAll('.js-plotly-plot')];
  const undrawn = charts.map((chart, i) => {
    if (!chart.querySelector('.main-svg') || !chart._fullData) return `chart ${i + 1}: not drawn`;
    const visible = chart._fullData.filter(t => t.visible === true).length;
    const drawn = chart.querySelectorAll('g.trace, g.hm').length;
    return visible > 0 && drawn >= visible ? '' : `chart ${i + 1}: ${drawn} of ${visible} traces drawn`;
  }).filter(Boolean);
  return undrawn.join('; ');
}"""

#: For each chart on the page, how many trace groups it drew.
TRACES_JS = "els => els.map(e => e.querySelectorAll('g.trace, g.hm').length)"


@dataclass
class Watch:
    """Everything one page said: its console, its page errors, and those the kit does not expect."""
    name: str
    console: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)

    def on_console(self, message) -> None:
        url = (message.location or {}).get("url", "")
        line = f"[{message.type}] {message.text} ({url})" if url else f"[{message.type}] {message.text}"
        self.console.append(line)
        if message.type == "error" and not any(e.text.search(message.text) and e.url.search(url)
                                                for e in EXPECTED_CONSOLE_ERRORS):
            self.unexpected.append("console error: " + line)

    def on_page_error(self, error) -> None:
        self.console.append(f"[pageerror] {error}")
        self.unexpected.append(f"page error: {error}")


_WATCHES: dict[int, Watch] = {}


def watch(page, name: str) -> Watch:
    """Start recording ``page``'s console and errors (before it navigates, to miss nothing)."""
    found = _WATCHES.get(id(page))
    if found is None:
        found = _WATCHES[id(page)] = Watch(name)
        page.on("console", found.on_console)
        page.on("pageerror", found.on_page_error)
    return found


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def diagnose(page, problem: str) -> AssertionError:
    """An AssertionError naming ``problem``, with the page's errors, console tail and a screenshot."""
    seen = _WATCHES.get(id(page)) or Watch("page")
    try:
        shot = str(screenshot(page, f"failed-{seen.name}"))
    except Exception as exc:  # noqa: BLE001 - a dead page still deserves its console in the report
        shot = f"(no screenshot: {exc})"
    console = "\n  ".join(seen.console[-40:]) or "(nothing)"
    unexpected = "\n  ".join(seen.unexpected) or "(none)"
    return AssertionError(f"{seen.name}: {problem}\nunexpected errors:\n  {unexpected}\n"
                          f"console (last 40 lines):\n  {console}\nscreenshot: {shot}\nurl: {page.url}")


def check_page(page) -> None:
    """Fail now if the page shows an error box or error output, or logged an unexpected error."""
    seen = _WATCHES.get(id(page))
    if seen and seen.unexpected:
        raise diagnose(page, "the page reported errors the kit does not expect")
    problem = page.evaluate(PROBLEMS_JS)
    if problem:
        raise diagnose(page, problem)


def wait_until(page, condition, *, what: str, timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Poll ``condition`` until it holds; stop at the first error signal of the page.

    ``condition`` is a JavaScript function source (``"() => ..."``), a Playwright locator (true
    once its first match is visible) or a Python callable returning a truth value. ``what`` says in
    words what was awaited, for the failure message.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        check_page(page)
        if _holds(page, condition):
            return
        if time.monotonic() > deadline:
            raise diagnose(page, f"timed out after {timeout_ms / 1000:.0f} s waiting for {what}")
        page.wait_for_timeout(POLL_MS)


def _holds(page, condition) -> bool:
    if isinstance(condition, str):
        return bool(page.evaluate(condition))
    if hasattr(condition, "is_visible") and hasattr(condition, "first"):  # a Locator
        return condition.count() > 0 and condition.first.is_visible()
    return bool(condition())


def visible(locator, *, what: str = "", timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Wait until ``locator`` shows (its page's errors stop the wait)."""
    wait_until(locator.page, locator, what=what or str(locator), timeout_ms=timeout_ms)


def wait_rendered(page, *, timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Wait for the page's "everything rendered" condition (:data:`PENDING_JS` says nothing is pending)."""
    pending = [""]

    def rendered() -> bool:
        pending[0] = page.evaluate(PENDING_JS)
        return not pending[0]

    try:
        wait_until(page, rendered, what="every output, widget view and chart to be drawn", timeout_ms=timeout_ms)
    except AssertionError as failure:
        raise AssertionError(f"{failure}\nstill pending: {pending[0]}") from None


def open_page(page, voila_url: str, notebook: str, *, rendered: bool = True) -> Watch:
    """Open ``notebook`` in Voila and (unless ``rendered`` is False) wait until it is fully rendered."""
    seen = watch(page, re.sub(r"\W+", "-", notebook.removesuffix(".ipynb").split("?")[0]))
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=RENDER_TIMEOUT_MS)
    if rendered:
        wait_rendered(page, timeout_ms=RENDER_TIMEOUT_MS)
    return seen


def open_app(page, voila_url: str, notebook: str, ready_text, *, rendered: bool = True) -> Watch:
    """Open an app's notebook, wait until it is fully rendered (unless ``rendered`` is False: a
    test racing a clock in the page) and a button ``ready_text`` shows."""
    seen = open_page(page, voila_url, notebook, rendered=rendered)
    visible(page.get_by_role("button", name=ready_text), what=f"a button {ready_text!r}",
            timeout_ms=RENDER_TIMEOUT_MS)
    return seen


def log_count(page) -> int:
    """How many events the game log holds (its ``<ol start>``: the list shows only the last 60)."""
    return int(page.locator(".ck-log ol").first.get_attribute("start"))


def wait_log_grows(page, before: int, *, by: int = 1, what: str = "") -> None:
    """Wait until the game log counted at least ``by`` more events than ``before``."""
    wait_until(page, lambda: log_count(page) >= before + by,
               what=what or f"the game log to grow past {before} events by {by}")


def bid_from_pages(pages: dict, bids: dict[str, str], *, first: dict[str, str] | None = None,
                   timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Each student bids in the class auction on their own page (``bids``: name → the bid's
    button, "$10"), and sees the bid taken; a name in ``first`` bids that first and then changes it."""
    for name, page in pages.items():
        bidder = page.locator(".ck-auction-bidder")
        visible(bidder, what=f"the auction on {name}'s page", timeout_ms=timeout_ms)
        for bid in [*([first[name]] if first and name in first else []), bids[name]]:
            bidder.get_by_role("button", name=bid, exact=True).click()
            bidder.get_by_role("button", name="Submit my bid").click()
            visible(bidder.get_by_text(f"Your bid: {bid}"), what=f"{name}'s bid of {bid} in")


def charts_with_traces(page) -> list[int]:
    """Once everything is rendered: for each plotly chart on the page, how many traces it drew."""
    wait_rendered(page)
    return page.eval_on_selector_all(".js-plotly-plot", TRACES_JS)


def finish(page, name: str) -> Path:
    """End of a test: everything rendered, a screenshot for the record, and no unexpected error."""
    wait_rendered(page)
    path = screenshot(page, name)
    check_page(page)
    return path


def check_question(page, qid: str, *, chart: bool = True, timeout_ms: int = 120_000) -> list[int]:
    """Lock in a prediction on Question ``qid`` (its first choice, or its input's default), press
    Check, wait until its answer and reading (and, with ``chart``, its chart) are in the page and
    everything on the page is drawn; traces per chart of the question's answer."""
    question = page.locator(".ck-question-box").filter(has=page.locator(f'[id="{qid}"]'))
    visible(question, what=f"question {qid}")
    assert question.locator(".js-plotly-plot").count() == 0, f"{qid}: a chart before Check"
    check = question.get_by_role("button", name="Check")
    if not check.is_enabled():  # not locked in yet (a prediction locked in to open the hints stays)
        lock_in(page, qid)  # its first choice, or the lowest number it takes
        wait_until(page, check.is_enabled, what=f"{qid}'s Check button to be enabled")
    check.click()
    visible(question.locator(".ck-reading"), what=f"{qid}'s answer and reading", timeout_ms=timeout_ms)
    if chart:
        wait_until(page, lambda: question.locator(".js-plotly-plot").count() > 0, what=f"{qid}'s chart",
                   timeout_ms=timeout_ms)
    wait_rendered(page)
    return question.locator(".js-plotly-plot").evaluate_all(TRACES_JS)


def open_hints(page) -> str:
    """Tick the app's **Show hints**. A lesson's box waits for the predictions its hints give away
    (``GameApp.hints_after_predictions``): first the questions its note names are locked in. Returns
    the note the box showed while it waited ("" for a box open from the start)."""
    app = page.locator(".ck-app")
    hints = app.get_by_role("checkbox", name="Show hints")
    note = ""
    if hints.is_disabled():
        note = app.locator(".ck-hints-note").inner_text()
        numbers = re.findall(r"\d+", note.split(" for ", 1)[-1])
        assert numbers, f"the Show hints box waits without saying for what: {note!r}"
        for number in numbers:
            lock_in(page, page.locator(f'.ck-question[id$=".q{number}"]').get_attribute("id"))
        wait_until(page, hints.is_enabled, what="the Show hints box to open once the predictions are locked in")
    hints.check()
    return note


class LiveRegionWatch:
    """One live region of the page (``.ck-live``: changekit.ui.live_region), held by the page's
    JavaScript: :meth:`now` says whether that very element is still in the page, and what it says.
    A screen reader reads changes inside a region already on the page; a region replaced by a new
    one is mostly not read (the reason the status lines are LiveRegion widgets)."""

    def __init__(self, page, locator, name: str):
        self.page, self.key = page, f"__ck_live_{name}"
        self.first = locator.evaluate(
            "(el, key) => { window[key] = el; return { role: el.getAttribute('role'), "
            "live: el.getAttribute('aria-live'), text: el.innerText.trim() }; }", self.key)

    def now(self) -> dict | None:
        """The watched element's role, aria-live and text, or None once it left the page."""
        return self.page.evaluate(
            "key => { const el = window[key]; return el && el.isConnected ? { role: el.getAttribute('role'), "
            "live: el.getAttribute('aria-live'), text: el.innerText.trim() } : null; }", self.key)


#: a student's table page, the seat from ?code=&token= in the address (no join page needed)
STUDENT_TABLE_PAGE = """\
import os
from urllib.parse import parse_qs
from changekit.classroom import connect
from changekit.classroom.tables import StudentTables
query = parse_qs(os.environ.get("QUERY_STRING", ""))
page = StudentTables(connect(), query["code"][0], query["token"][0])
page
"""


def student_table_server(folder: Path):
    """A Voila server of ``student.ipynb`` (:data:`STUDENT_TABLE_PAGE`) whose kernels all share a
    SQLite class store in ``folder``: (the server, the store's URL). Stop it with ``server.stop()``."""
    import nbformat

    from changekit.classroom.store import STORE_VARIABLE
    from changekit.testing import VoilaServer

    url = f"sqlite:///{folder / 'class.db'}"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(STUDENT_TABLE_PAGE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / "student.ipynb")
    return VoilaServer(folder, folder / "voila.log", cwd=folder, env={STORE_VARIABLE: url}), url


def class_store_server(folder: Path, log_name: str):
    """`changekit serve notebooks/` whose kernels all share one fresh SQLite class store in
    ``folder``, logging to ``ARTIFACTS / log_name``: (the server, the store's URL). Stop it with
    ``server.stop()``."""
    from changekit.classroom.store import STORE_VARIABLE
    from changekit.serving import NOTEBOOKS, ROOT
    from changekit.testing import VoilaServer

    url = f"sqlite:///{folder / 'class.db'}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return VoilaServer(NOTEBOOKS, ARTIFACTS / log_name, cwd=ROOT, env={STORE_VARIABLE: url}), url


#: The app boxes :func:`layout_problems` checks unless told otherwise.
APP_BOXES = ".ck-app, .ck-explorer"

#: What is wrong with the page's layout at this width, as a list of sentences (empty: all good), for
#: the boxes matching the selector it is given (and everything in them). Voila scrolls an inner
#: container, so the document, every scrolling box and the first box's ancestors are checked.
LAYOUT_JS = """
(selector) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const inside = selector.split(",").map(s => `${s.trim()}, ${s.trim()} *`).join(", ");
  const root = document.querySelector(selector);
  const boxes = [document.documentElement, document.body, ...document.querySelectorAll(inside)];
  for (let up = root && root.parentElement; up; up = up.parentElement) boxes.push(up);
  for (const box of boxes) {
    const style = getComputedStyle(box);
    const scrolls = box === document.documentElement || box === document.body
      || /(auto|scroll)/.test(style.overflowX);
    if (scrolls && box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 0)
      problems.push(`scrolls sideways: ${box.tagName}.${box.className} (${box.scrollWidth} > ${box.clientWidth})`);
  }
  const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  const all = (what) => [...document.querySelectorAll(selector.split(",").map(s => `${s.trim()} ${what}`).join(", "))]
    .filter(shown);
  for (const row of document.querySelectorAll(".ck-explorer .widget-gridbox > *")) {
    if (!shown(row)) continue;
    for (const input of row.querySelectorAll("input, select, textarea")) {
      const r = input.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5 || r.width < 40)
        problems.push(`explorer input outside the screen: ${row.innerText.trim()} (${r.left}..${r.right} of ${width})`);
    }
  }
  for (const button of all("button")) {
    const r = button.getBoundingClientRect();
    if (r.height < 44 - 0.5) problems.push(`button under 44 px tall: "${button.innerText}" (${r.height})`);
    if (r.right > width + 0.5) problems.push(`button past the screen's edge: "${button.innerText}"`);
    if (button.scrollWidth > button.clientWidth + 1)
      problems.push(`button label cut off: "${button.innerText}" (${button.scrollWidth} > ${button.clientWidth})`);
  }
  // a choice (a toggle button) is tapped too: as wide as it is tall at least
  for (const choice of all(".widget-toggle-button")) {
    const r = choice.getBoundingClientRect();
    if (r.width < 44 - 0.5) problems.push(`choice under 44 px wide: "${choice.innerText}" (${r.width})`);
  }
  for (const input of all("input:not([type=hidden]), select, textarea")) {
    const r = input.getBoundingClientRect();
    const named = input.labels && input.labels[0];
    const name = (named && named.innerText) || input.getAttribute("aria-label") || input.placeholder || input.type;
    if (r.height < 44 - 0.5) problems.push(`input under 44 px tall: "${name}" (${r.height})`);
    if (r.left < -0.5 || r.right > width + 0.5) problems.push(`input past the screen's edge: "${name}"`);
  }
  // a chart drawn wider than its box is cut off at the box's edge (plotly's drawing, not the box, is checked)
  for (const chart of all(".js-plotly-plot")) {
    const r = chart.getBoundingClientRect();
    const drawn = chart._fullLayout ? chart._fullLayout.width : 0;
    if (drawn > r.width + 1) problems.push(`chart drawn wider than its box: "${chart.getAttribute("aria-label")
      || (chart.parentElement && chart.parentElement.getAttribute("aria-label")) || "chart"}" (${drawn} > ${r.width})`);
    if (r.right > width + 0.5) problems.push("chart past the screen's edge");
    for (const title of chart.querySelectorAll(".gtitle, .xtitle, .ytitle")) {  // plotly never wraps them
      const t = title.getBoundingClientRect();
      if (t.width && (t.left < r.left - 0.5 || t.right > r.right + 0.5))
        problems.push(`chart title cut off: "${title.textContent}" (${t.left.toFixed(0)}..${t.right.toFixed(0)} `
                      + `in ${r.left.toFixed(0)}..${r.right.toFixed(0)})`);
    }
  }
  // a widget's description (ipywidgets cuts a long one with an ellipsis at its fixed width)
  for (const label of all(".widget-label, label")) {
    if (!label.innerText.trim()) continue;
    const r = label.getBoundingClientRect();
    if (label.scrollWidth > label.clientWidth + 1)
      problems.push(`label cut off: "${label.innerText}" (${label.scrollWidth} > ${label.clientWidth})`);
    if (r.right > width + 0.5) problems.push(`label past the screen's edge: "${label.innerText}"`);
  }
  return problems;
}
"""


def layout_problems(page, boxes: str = APP_BOXES) -> list[str]:
    """What :data:`LAYOUT_JS` finds wrong with ``page`` at its width, in the boxes matching ``boxes``."""
    return page.evaluate(LAYOUT_JS, boxes)


def wait_for_cookie(page, name: str, *, timeout_ms: int = STEP_TIMEOUT_MS) -> dict:
    """The browser's cookie ``name`` (as the browser keeps it: HttpOnly ones too), once it is set."""
    found: list[dict] = []

    def kept() -> bool:
        found[:] = [c for c in page.context.cookies() if c["name"] == name]
        return bool(found)

    wait_until(page, kept, what=f"the cookie {name}", timeout_ms=timeout_ms)
    return found[0]


def decode_qr(png: bytes) -> str:
    """The text of the one QR code in a screenshot, read as a phone's camera app would (zxing-cpp)."""
    import io

    import numpy as np
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(np.asarray(Image.open(io.BytesIO(png)).convert("L")))
    texts = [b.text for b in found if b.format == zxingcpp.BarcodeFormat.QRCode]
    assert len(texts) == 1, f"one QR code expected in the picture, found {texts}"
    return texts[0]
