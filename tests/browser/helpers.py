"""What every app's browser test needs: open a Voila page, wait for it, check charts, screenshot."""
from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
RENDER_TIMEOUT_MS = 240_000  # a cold kernel on a loaded 2-core CI box


def open_app(page, voila_url: str, notebook: str, ready_text: str):
    """Open ``notebook`` in Voila and wait until a control labelled ``ready_text`` shows."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=RENDER_TIMEOUT_MS)
    page.get_by_role("button", name=ready_text).first.wait_for(timeout=RENDER_TIMEOUT_MS)
    return errors


def charts_with_traces(page) -> list[int]:
    """For each plotly chart on the page, how many traces it drew."""
    page.wait_for_timeout(500)
    return page.eval_on_selector_all(
        ".js-plotly-plot",
        "els => els.map(e => e.querySelectorAll('g.trace, g.hm, g.barlayer g.point').length)",
    )


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
