"""What the kit's tests expect of this game where they cannot work it out from the game itself,
written from the rule sheet and the view alone (never from the app's code), so a test can hold the
app to it (see :class:`changekit.core.spec.GameFacts`)."""
from __future__ import annotations

from typing import Any

from changekit.core.spec import GameFacts


def trick_points(trick: Any) -> int:
    """Points on the table: 5s are worth 5, 10s and kings 10 (the rule sheet's count, written again here)."""
    return sum({"5": 5, "10": 10, "K": 10}.get(card[:-1], 0) for _, cards in trick for card in cards)


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [f"({trick_points(v['trick'])} points).", "Your hand: "]


FACTS = GameFacts(
    summary_says=summary_says,
    first_control=r"^Pass \(do not declare\)$",
    lesson_charts=7,  # with Question 6's levels chart (the kitty won by either side) and Question 7's tractor chances
)
