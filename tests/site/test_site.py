"""The zero-server site (`make site`) in a real browser: every page runs Python in Pyodide.

Serves ``site/`` with ``python -m http.server`` on 127.0.0.1 and opens the gallery and every app,
one page after another in one headless Chromium context (the browser caches the Pyodide runtime
and the wheels across pages, as a visitor's would). Per page: every cell ran (the build appends an
invisible ``ck-site-done`` marker as the last cell), EVERY chart the page shows at load drew
traces (their number is fixed per page in ``CHARTS``), no Python traceback is shown, the app's
first control works, and the browser asked no host but 127.0.0.1 for anything.

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

from changekit.registry import GAME_MODULES, load_game

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
#: Charts draw after the last cell ran (the first one loads plotly.js): a missing one fails after this.
CHARTS_TIMEOUT_MS = 120_000
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}

#: Each game's first control, as the Voila browser tests (tests/browser) find it.
FIRST_CONTROL = {
    "zombie": re.compile(r"^Pay \$\d+"),
    "boneyard": re.compile(r"^Add \$\d+"),
    "diminishing": re.compile(r"^Play \$\d+"),
    "big_cheese": re.compile(r"^Pass$"),
    "cha_ching": re.compile(r"^Draw from the deck$"),
    "moneybags": re.compile(r"^Challenge$"),
    "cambio": re.compile(r"^Draw from deck$"),
    "zhao_pengyou": re.compile(r"^Pass \(do not declare\)$"),
}

#: The charts each page draws at load (the ones behind a button come only when it is pressed).
#: A notebook that gains or loses a chart changes its number here.
CHARTS = {
    "zombie": 3,        # the app's chart, and the notebook's two
    "boneyard": 3,      # the equilibrium heatmap, the solver's convergence, the class explorer
    "diminishing": 1,   # the tiny game's tree
    "big_cheese": 4,
    "cha_ching": 4,     # the turns chart waits for its simulation button
    "moneybags": 1,
    "cambio": 1,
    "zhao_pengyou": 2,
}
#: A chart has drawn when its plot holds a trace (scatter/bar groups, or a heatmap's image).
TRACES = "g.trace, g.hm, g.barlayer g.point"
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
                raise RuntimeError("python -m http.server did not start")
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


class Visit:
    """One page, open until ``close``."""

    def __init__(self, browser: Browser, url: str):
        self.browser = browser
        self.first_request = len(browser.external)
        self.errors: list[str] = []
        self.page = browser.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.start = time.perf_counter()
        self.page.goto(url, timeout=PAGE_TIMEOUT_MS)

    @property
    def external(self) -> list[str]:
        return self.browser.external[self.first_request:]

    def elapsed(self) -> float:
        return round(time.perf_counter() - self.start, 1)

    def wait_until_rendered(self, charts: int) -> None:
        """Until every cell ran, then until at least ``charts`` charts drew traces."""
        try:
            self.page.locator(".ck-site-done").wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
            self.page.wait_for_function(
                "([charts, traces]) => [...document.querySelectorAll('.js-plotly-plot')]"
                ".filter(e => e.querySelector(traces)).length >= charts",
                arg=[charts, TRACES], timeout=CHARTS_TIMEOUT_MS, polling=250)
        except Exception as exc:  # noqa: BLE001 - say what the page shows instead
            raise AssertionError(
                f"not rendered after {self.elapsed()} s: every cell ran: "
                f"{self.page.locator('.ck-site-done').count() == 1}, traces per chart: {self.charts()} "
                f"(expected {charts} charts), tracebacks: {self.tracebacks()}, page errors: {self.errors}") from exc

    def tracebacks(self) -> list[str]:
        text = self.page.locator("body").inner_text()
        return [line for line in text.splitlines() if re.search(r"Traceback|Error\b.*:|No module named", line)]

    def charts(self) -> list[int]:
        """For each plotly chart on the page, how many traces it drew."""
        return self.page.eval_on_selector_all(".js-plotly-plot", f"els => els.map(e => e.querySelectorAll('{TRACES}').length)")

    def close(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"site-{name}.png"))
        self.page.close()


def _save_report() -> None:
    """Per page: seconds to every cell run and charts drawn, traces per chart, requests, errors."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "site-report.json").write_text(json.dumps(REPORT, indent=1))


def test_gallery_links_to_every_built_app_and_says_it_is_single_player(site_browser, site_url):
    visit = Visit(site_browser, f"{site_url}/voici/render/index.html")
    try:
        visit.wait_until_rendered(charts=0)
        for name in GAME_MODULES:
            game = load_game(name)
            link = visit.page.get_by_role("link", name=game.title, exact=True)
            assert link.count() == 1, game.title
            href = link.get_attribute("href")
            assert href == game.notebook_file().replace(".ipynb", ".html")
            assert (SITE / "voici" / "render" / href).exists(), href
        REPORT["index"] = {"all_cells_s": visit.elapsed(), "external_requests": visit.external,
                           "page_errors": visit.errors}
        _save_report()
        assert SINGLE_PLAYER.search(visit.page.locator("body").inner_text())
        assert visit.tracebacks() == []
        assert visit.external == [], visit.external
    finally:
        visit.close("gallery")


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_app_runs_in_the_browser_and_draws_every_chart(site_browser, site_url, name):
    page_file = load_game(name).notebook_file().replace(".ipynb", ".html")
    visit = Visit(site_browser, f"{site_url}/voici/render/{page_file}")
    try:
        visit.wait_until_rendered(charts=CHARTS[name])
        rendered = visit.elapsed()
        charts = visit.charts()
        REPORT[name] = {"all_cells_and_charts_s": rendered, "charts_traces": charts,
                        "external_requests": visit.external, "page_errors": visit.errors,
                        "tracebacks": visit.tracebacks()}
        _save_report()
        assert len(charts) == CHARTS[name] and all(n > 0 for n in charts), charts
        assert visit.tracebacks() == []
        # a FigureWidget whose front end did not load in time stays blank (docs/static-site.md)
        assert [e for e in visit.errors if "anywidget" in e] == []
        control = visit.page.get_by_role("button", name=FIRST_CONTROL[name]).first
        before = visit.page.locator("body").inner_text()
        control.click()
        visit.page.wait_for_function("before => document.body.innerText !== before", arg=before, timeout=120_000)
        if name == "diminishing":
            _full_game_buttons(visit)
        assert visit.tracebacks() == []
        assert visit.external == [], visit.external
    finally:
        visit.close(name)


def _full_game_buttons(visit: Visit) -> None:
    """The full game's count of games and take-less scan (numpy-free since issue 14) run in the
    browser and show what they compute here."""
    from changekit.games.diminishing.analysis import take_less_positions
    from changekit.games.diminishing.solver import START_COUNTS, count_games

    visit.page.get_by_role("button", name="How many different games? Predict, then count").click()
    visit.page.get_by_text(f"About {count_games(START_COUNTS):.2e} different games").wait_for(timeout=120_000)
    scan = take_less_positions(examples=5)
    visit.page.get_by_role("button", name="Scan the full game").click()
    visit.page.get_by_text(f"Standard game: {scan.only_move_takes_less} of {scan.positions:,} reachable positions"
                           ).wait_for(timeout=120_000)
