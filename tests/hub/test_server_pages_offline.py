"""A hub's pages load nothing from other hosts (issue 44: under Voila as a Jupyter Server
extension, pages asked public CDNs for MathJax and Font Awesome; offline, sympy's formulas showed
as raw LaTeX). A Jupyter Server with the hub's arguments, in Chromium with every request to
another host refused: the game page with formulas typesets them with Voila's own MathJax."""
from __future__ import annotations

import pytest

from changekit.testing import CHROMIUM, CHROMIUM_ARGS

from .single_user import student_server

pytestmark = pytest.mark.slow
PAGE = "moneybags.ipynb"  # its rules show formulas (sympy's LaTeX)


def test_a_page_with_formulas_asks_no_other_host_and_typesets_them(tmp_path):
    from playwright.sync_api import sync_playwright

    with student_server(tmp_path) as (base, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1400})
            elsewhere: list[str] = []

            def only_this_server(route):
                if route.request.url.startswith(base):
                    route.continue_()
                else:
                    elsewhere.append(route.request.url)
                    route.abort()

            page.route("**/*", only_this_server)
            page.goto(base + f"voila/render/{PAGE}", timeout=120_000)
            page.wait_for_selector("mjx-container", timeout=120_000)
            assert elsewhere == []
            assert page.locator("mjx-container").count() >= 1
            assert "\\frac" not in page.inner_text("body")
        finally:
            browser.close()
