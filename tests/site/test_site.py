"""The zero-server site (`make site`) in a real browser: every page runs Python in Pyodide.

Serves ``site/`` with ``python -m http.server`` on 127.0.0.1 and opens the gallery and every app,
one page after another in one headless Chromium context (the browser caches the Pyodide runtime
and the wheels across pages, as a visitor's would). Per page: every cell ran (the build appends an
invisible ``ck-site-done`` marker as the last cell), the app's first control works, every
predict-then-check question computes and shows its answer (a prediction locked in, then Check),
and then EVERY chart of the page has drawn traces (their number is the game's ``lesson_charts``,
in its folder's facts.py); no Python traceback or failed answer is shown, and the browser asked
no host but 127.0.0.1 for anything.

``make test`` builds the site first (``make site``: only when its sources changed); the test
fails when ``site/`` is missing or was built from other sources than the checkout's.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from changekit.registry import game_keys, game_spec, load_game

from ..contrast import too_faint

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # No name resolves except loopback: a stray fetch fails fast (and is still recorded below).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
#: A fresh Pyodide per page: 15-45 s here under load, far more on a starved machine.
PAGE_TIMEOUT_MS = int(os.environ.get("SITE_PAGE_TIMEOUT_S", "600")) * 1000
#: Charts draw after their cell or answer ran (the first one loads plotly.js): a missing one fails after this.
CHARTS_TIMEOUT_MS = 120_000
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}



def facts(name: str):
    """What the game's folder says a test may expect of its page (its spec's GameFacts: a control
    on the page once it is drawn that changes the page when pressed; the charts on its page once
    every question's answer is shown, the explorer's at load and the answers')."""
    declared = game_spec(name).facts
    assert declared is not None, f"{name}: its spec declares no facts (its folder's facts.py)"
    return declared.load()


#: The answers run in the page's Python (the slowest, Zombie's 200-game tournament: about 20 s here).
ANSWERS_TIMEOUT_MS = 600_000
#: A chart has drawn when its plot holds a trace (scatter/bar groups, or a heatmap's image).
TRACES = "g.trace, g.hm, g.barlayer g.point"
#: A question box shows its whole answer: the reading (or the error), and every chart of it drawn.
ANSWERED_WHOLE = ("box => (box.querySelector('.ck-reading') !== null || box.querySelector('.ck-error') !== null)"
                  f" && [...box.querySelectorAll('.jp-RenderedPlotly')].every(c => c.querySelector('{TRACES}'))")
#: Said on the site's gallery (tools/build_site.py adds it): the site is single-player.
SINGLE_PLAYER = re.compile(r"browser version of the kit.*for one\s+player.*Class sessions", re.S)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REPORT: dict[str, dict] = {}


def _build_site_module():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site_url():
    stamp = SITE / "changekit-site.json"
    if not stamp.exists():
        pytest.fail("site/ is not built: run `make site` (`make test` builds it)")
    if json.loads(stamp.read_text())["sources"] != _build_site_module().source_digest():
        pytest.fail("site/ was built from other sources than this checkout's: run `make site`")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(SITE)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError("python -m http.server did not start") from None
            time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    proc.kill()
    proc.wait(timeout=10)


class Browser:
    """One Chromium context for every page, with every request to another host recorded."""

    def __init__(self, playwright):
        if not Path(CHROMIUM).exists():
            pytest.fail(f"Chromium not found at {CHROMIUM}: `make chromium` installs it (apt) when run as root")
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.context = self.browser.new_context(viewport={"width": 1200, "height": 1400})
        self.external: list[str] = []
        self.context.on("request", self._request)

    def _request(self, request) -> None:
        parsed = urlparse(request.url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.hostname not in LOOPBACK:
            self.external.append(request.url)


@pytest.fixture(scope="module")
def site_browser(playwright):
    browser = Browser(playwright)
    yield browser
    browser.context.close()
    browser.browser.close()


def _page_path(name: str) -> str:
    return "index.html" if name == "index" else load_game(name).notebook_file().replace(".ipynb", ".html")


@pytest.fixture(scope="module")
def pages(site_browser, site_url, request):
    """Opens each test's page; and, while a page is being checked, already the next test's, so its
    Python starts meanwhile (at most two pages at a time: a third of the time saved on this 2-core
    box). The order is the order of the selected tests.

    Not under pytest-xdist (``make test``): a worker does not know which test it gets next, so the
    page it opened ahead was mostly one the other worker ran, booting Pyodide twice for nothing
    (the site tests took longer on two workers than on one). There the two workers already check
    two pages at a time."""
    ahead = "PYTEST_XDIST_WORKER" not in os.environ
    order = [item.callspec.params.get("name", "index") if hasattr(item, "callspec") else "index"
             for item in request.session.items if getattr(item, "module", None) is request.module]  # doctests have none
    started: dict[str, Visit] = {}

    def open_page(name: str) -> Visit:
        visit = started.pop(name, None) or Visit(site_browser, f"{site_url}/voici/render/{_page_path(name)}")
        at = order.index(name) if name in order else len(order)
        if ahead and at + 1 < len(order) and order[at + 1] not in started:
            upcoming = order[at + 1]
            started[upcoming] = Visit(site_browser, f"{site_url}/voici/render/{_page_path(upcoming)}")
        return visit

    yield open_page
    for visit in started.values():
        visit.page.close()


class Visit:
    """One page, open until ``close``."""

    def __init__(self, browser: Browser, url: str):
        self.browser = browser
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page = browser.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.start = time.perf_counter()
        self.page.goto(url, timeout=PAGE_TIMEOUT_MS)

    @property
    def external(self) -> list[str]:
        """Requests to other hosts from any page so far (two pages may be open at once)."""
        return list(self.browser.external)

    def elapsed(self) -> float:
        return round(time.perf_counter() - self.start, 1)

    def requested(self, part: str) -> list[str]:
        """This page's requests whose address holds ``part``."""
        return [url for url in self.requests if part in url]

    def wait_until_every_cell_ran(self) -> None:
        self._wait(lambda: self.page.locator(".ck-site-done").wait_for(state="attached", timeout=PAGE_TIMEOUT_MS),
                   "the last cell did not run")

    def check_every_question(self) -> int:
        """Lock in a prediction (the first choice, or the box's lowest value) and press Check on
        every question, one question at a time: the next question is touched only once this one's
        reading and charts are on the page. (Pressed while an earlier answer was still arriving, a
        click landed where the page had just moved from: the answer above pushed the question
        down between Playwright's check of the target and the click, the choice was never made,
        and Lock in waited 600 s for it.) Returns how many questions there are."""
        boxes = self.page.locator(".ck-question-box")
        for i in range(boxes.count()):
            box = boxes.nth(i)
            choice = box.locator(".widget-toggle-buttons button")
            if choice.count():
                choice.first.click()
            number = box.locator("input[placeholder*=' to ']")
            if not choice.count() and number.count() and not number.first.input_value():
                # a number guess starts empty (Lock in waits for one): type the lowest it takes
                number.first.fill(number.first.get_attribute("placeholder").split(" to ")[0])
                number.first.press("Enter")
            self._wait(lambda box=box: box.get_by_role("button", name="Lock in my prediction").click(
                timeout=ANSWERS_TIMEOUT_MS), f"question {i + 1}'s Lock in was not enabled")
            self._wait(lambda box=box: box.get_by_role("button", name="Check").click(timeout=ANSWERS_TIMEOUT_MS),
                       f"question {i + 1}'s Check was not enabled")
            self._wait(lambda box=box: self.page.wait_for_function(
                ANSWERED_WHOLE, arg=box.element_handle(), timeout=ANSWERS_TIMEOUT_MS, polling=250),
                f"question {i + 1}'s answer was not shown whole")
        return boxes.count()

    def wait_until_charts_drew(self, charts: int) -> None:
        self._wait(lambda: self.page.wait_for_function(
            "([charts, traces]) => [...document.querySelectorAll('.js-plotly-plot')]"
            ".filter(e => e.querySelector(traces)).length >= charts",
            arg=[charts, TRACES], timeout=CHARTS_TIMEOUT_MS, polling=250), f"fewer than {charts} charts drew")

    def _wait(self, wait, what: str) -> None:
        try:
            wait()
        except Exception as exc:  # noqa: BLE001 - say what the page shows instead
            raise AssertionError(
                f"{what} after {self.elapsed()} s: every cell ran: {self.page.locator('.ck-site-done').count() == 1}, "
                f"traces per chart: {self.charts()}, failed answers: {self.failed_answers()}, "
                f"tracebacks: {self.tracebacks()}, page errors: {self.errors}") from exc

    def failed_answers(self) -> list[str]:
        return self.page.locator(".ck-error").all_inner_texts()

    def tracebacks(self) -> list[str]:
        text = self.page.locator("body").inner_text()
        return [line for line in text.splitlines() if re.search(r"Traceback|Error\b.*:|No module named", line)]

    def charts(self) -> list[int]:
        """For each plotly chart on the page, how many traces it drew."""
        return self.page.eval_on_selector_all(".js-plotly-plot",
                                              f"els => els.map(e => e.querySelectorAll('{TRACES}').length)")

    def close(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"site-{name}.png"))
        self.page.close()


def _save_report() -> None:
    """Per page: seconds to every cell run and charts drawn, traces per chart, requests, errors."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "site-report.json").write_text(json.dumps(REPORT, indent=1))


def test_gallery_links_to_every_built_app_and_says_it_is_single_player(pages):
    """The gallery is a plain page: a list of links needs no Python, so it shows at once (it
    booted Pyodide for 20-40 s when it was a notebook)."""
    visit = pages("index")
    try:
        nav = visit.page.get_by_role("navigation", name="games")
        nav.wait_for(timeout=10_000)
        for name in game_keys():
            game = load_game(name)
            link = nav.get_by_role("link", name=game.title, exact=True)
            assert link.count() == 1, game.title
            href = link.get_attribute("href")
            assert href == game.notebook_file().replace(".ipynb", ".html")
            assert (SITE / "voici" / "render" / href).exists(), href
        REPORT["index"] = {"all_cells_s": visit.elapsed(), "external_requests": visit.external,
                           "page_errors": visit.errors}
        _save_report()
        text = visit.page.locator("body").inner_text()
        assert SINGLE_PLAYER.search(text)
        assert "Pick a game" in text  # index.ipynb's own words, above the cards
        # no class-session pages: they need the kit's server
        assert visit.page.locator("a[href*='class.'], a[href*='join.']").count() == 0
        assert not (SITE / "voici" / "render" / "class.html").exists()
        assert not (SITE / "voici" / "render" / "join.html").exists()
        assert visit.requested("pyodide") == [] and visit.errors == []
        assert visit.external == [], visit.external
        # each game's "all games" link leads back here
        assert '<a href="index.html">' in (SITE / "voici" / "render" / "zombie.html").read_text()
    finally:
        visit.close("gallery")


@pytest.mark.parametrize("name", game_keys())
def test_app_runs_in_the_browser_and_draws_every_chart(pages, name):
    visit = pages(name)
    try:
        visit.wait_until_every_cell_ran()
        all_cells = visit.elapsed()
        assert visit.tracebacks() == []
        control = visit.page.get_by_role("button", name=re.compile(facts(name).first_control)).first
        before = visit.page.locator("body").inner_text()
        control.click()
        visit.page.wait_for_function("before => document.body.innerText !== before", arg=before, timeout=120_000)
        questions = visit.check_every_question()
        answers = visit.elapsed()
        assert visit.failed_answers() == []
        visit.wait_until_charts_drew(facts(name).lesson_charts)
        charts = visit.charts()
        faint = too_faint(visit.page)  # every chart's text against what it is drawn on (WCAG 1.4.3)
        REPORT[name] = {"faint_chart_text": [vars(t) for t in faint], "all_cells_s": all_cells,
                        "questions": questions, "all_answers_s": answers,
                        "charts_traces": charts, "external_requests": visit.external, "page_errors": visit.errors,
                        "tracebacks": visit.tracebacks()}
        _save_report()
        assert questions >= 3
        assert faint == [], faint
        assert len(charts) == facts(name).lesson_charts and all(n > 0 for n in charts), charts
        assert visit.tracebacks() == []
        # a FigureWidget whose front end did not load in time stays blank (docs/static-site.md)
        assert [e for e in visit.errors if "anywidget" in e] == []
        if name == "diminishing":
            _full_game_answers(visit)
        assert visit.external == [], visit.external
    finally:
        visit.close(name)


def _full_game_answers(visit: Visit) -> None:
    """The full game's verdict, game count and take-less scan (numpy-free since issue 14) show in
    the browser what they compute here."""
    from changekit.games.diminishing.analysis import solve_start, take_less_positions
    from changekit.games.diminishing.solver import START_COUNTS
    from changekit.games.diminishing.table import count_games

    text = " ".join(visit.page.locator("body").inner_text().split())
    start = solve_start()
    assert f"the player to move wins {start.mover_wins:,} of them" in text
    assert f"About {count_games(START_COUNTS):.2e} different games" in text
    scan = take_less_positions(examples=5)
    assert f"{scan.only_move_takes_less} of {scan.positions:,} reachable positions have a single winning move" in text
