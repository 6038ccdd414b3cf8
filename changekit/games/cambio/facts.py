"""What the kit's tests expect of this game where they cannot work it out from the game itself,
written from the rule sheet and the view alone (never from the app's code), so a test can hold the
app to it (see :class:`changekit.core.spec.GameFacts`)."""
from __future__ import annotations

from typing import Any

from changekit.core.spec import GameFacts


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [f"Deck: {v['deck_size']} cards.", "Your cards: "]


FACTS = GameFacts(
    summary_says=summary_says,
    first_control=r"^Draw from deck$",
    lesson_charts=7,  # Question 7 adds the powers weighed one by one
)
