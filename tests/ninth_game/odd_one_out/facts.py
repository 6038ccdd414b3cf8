"""What the kit's tests expect of Odd One Out that they cannot work out from the game itself."""
from __future__ import annotations

from typing import Any

from changekit.core.spec import GameFacts


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [f"Round {v['round']} of {v['rounds']}.", f"Scores: {v['scores']}."]


FACTS = GameFacts(summary_says=summary_says, first_control=r"^Pick \d$")
