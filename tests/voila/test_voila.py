"""Voila serves every notebook: HTTP 200 and no error output in the rendered page."""
from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from changekit.testing import ERROR_MARKERS, WIDGET_MIME

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

pytestmark = pytest.mark.slow


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=300) as response:
        return response.status, response.read().decode("utf-8", "replace")


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_notebook_renders_without_errors(voila_url, path):
    status, page = fetch(f"{voila_url}/voila/render/{path.name}")
    assert status == 200
    found = [m for m in ERROR_MARKERS if m in page]
    assert found == [], f"{path.name}: {found}"
    assert WIDGET_MIME in page  # the app's widgets made it into the page

