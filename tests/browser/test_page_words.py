"""What the pages show in a real browser (issue 29): dollar amounts in a notebook's text read as
money, not as MathJax formulas (Voila 0.5 typesets "$1, $3" as the formula "1, "), and Zombie's
Question 4 answers within a lesson's patience (it played 200 games on the page: 126 s once)."""
from __future__ import annotations

import time

import pytest

from .helpers import check_question, open_page

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: Text of a notebook's markdown as the reader should see it, per page.
MONEY_TEXT = {
    "diminishing_returns.ipynb": ["up to 8 bills of $1, $3, $5, $7, $10)"],
    "zombie.ipynb": ["How likely is the Zombie to hold a $10? Take the hand 1, 3, 5, 5, 7, 7 (no $10 in it)",
                     "set to a $5 and 3 bills"],
}

#: The formulas MathJax drew in the page's markdown (their TeX source), to tell money from maths.
FORMULAS_JS = """() => [...document.querySelectorAll('.jp-RenderedMarkdown mjx-container')]
  .map(m => (m.closest('.jp-RenderedMarkdown').innerText || '').slice(0, 80))"""


@pytest.mark.parametrize("notebook", sorted(MONEY_TEXT), ids=lambda nb: nb.removesuffix(".ipynb"))
def test_dollar_amounts_in_the_text_are_not_typeset(page, voila_url, notebook):
    open_page(page, voila_url, notebook)
    text = page.locator(".jp-RenderedMarkdown").all_inner_texts()
    for money in MONEY_TEXT[notebook]:
        assert any(money in block for block in text), (money, [b[:300] for b in text if money[:12] in b])


def test_zombie_question_4_answers_in_seconds(page, voila_url):
    open_page(page, voila_url, "zombie.ipynb")
    start = time.perf_counter()
    traces = check_question(page, "zombie.q4")
    took = time.perf_counter() - start
    assert traces == [2], traces  # the win rates and the fair share
    assert took < 10, f"Question 4 took {took:.1f} s to answer on the page"
    print(f"zombie.q4 answered in {took:.1f} s")
