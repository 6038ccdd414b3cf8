"""What the kit's tests expect of this game where they cannot work it out from the game itself,
written from the rule sheet and the view alone (never from the app's code), so a test can hold the
app to it (see :class:`changekit.core.spec.GameFacts`)."""
from __future__ import annotations

from typing import Any

from changekit.core.spec import GameFacts


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [
        f"You: ${sum(v['hands'][me])} in {len(v['hands'][me])} bills",
        f"Pot: ${sum(v['pot'])}.",
    ]


FACTS = GameFacts(
    summary_says=summary_says,
    first_control=r"^Play \$\d+",
    lesson_charts=5,  # the purse explorer, the tiny game's tree, game lengths, the heuristics' matchups, three players
)
