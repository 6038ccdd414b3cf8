"""Helpers for the figure and table tests: read what a plotly figure or an HTML table shows,
and an independent Wilson interval (the textbook formula, sharing no code with the kit)."""
from __future__ import annotations

import math
import re
from html import unescape
from html.parser import HTMLParser

Z95 = 1.959963984540054


def wilson_bounds(successes: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high) of the 95 % Wilson score interval, clipped to [0, 1]."""
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return p, low, high


def title_of(fig) -> str:
    """The title as plotly shows it (an entity such as ``&#36;`` read as its character)."""
    return unescape(fig.layout.title.text)


def axes_of(fig) -> tuple[str, str]:
    return unescape(fig.layout.xaxis.title.text), unescape(fig.layout.yaxis.title.text)


def trace_names(fig) -> list[str]:
    return [t.name for t in fig.data]


def xy(trace) -> tuple[list, list]:
    return list(trace.x), list(trace.y)


def close_lists(got, want, tol=1e-12) -> bool:
    return len(got) == len(want) and all(math.isclose(g, w, rel_tol=tol, abs_tol=tol)
                                         for g, w in zip(got, want, strict=True))


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def table_rows(html: str) -> list[list[str]]:
    """Every row of every table in ``html``, as lists of cell texts (header rows included)."""
    parser = _Cells()
    parser.feed(html)
    return [r for r in parser.rows if r]


def bold_texts(html: str) -> list[str]:
    """The bold parts of a readout, as text (markup inside them, such as an exact fraction's
    ``<details>``, left out)."""
    return [re.sub(r"<[^>]+>", "", part) for part in re.findall(r"<b>(.*?)</b>", html)]
