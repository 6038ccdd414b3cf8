"""What the kit's tests expect of this game where they cannot work it out from the game itself,
written from the rule sheet and the view alone (never from the app's code), so a test can hold the
app to it: what its screen-reader summary must say (tests/unit/test_app_summaries.py)."""
from __future__ import annotations

from typing import Any


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [f"Target {v['target']}.", f"Penalty points: {v['scores']}."]
