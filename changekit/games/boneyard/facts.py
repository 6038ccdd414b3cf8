"""What the kit's tests expect of this game where they cannot work it out from the game itself,
written from the rule sheet and the view alone (never from the app's code), so a test can hold the
app to it (see :class:`changekit.core.spec.GameFacts`)."""
from __future__ import annotations

from typing import Any

from changekit.core.spec import GameFacts


def dollars(bills: Any) -> str:
    return ", ".join(f"${b}" for b in bills)


def summary_says(v: Any, me: int) -> list[str]:
    """Phrases the app's summary for player ``me`` must hold, from their view ``v``."""
    return [
        f"Your hand: {dollars(v['hands'][me]) or 'no bills'}.",
        f"Money: {v['scores']}.",
        "Buckets: " + ", ".join(f"${sum(b)}" for b in v["buckets"]) + ".",
    ]


FACTS = GameFacts(
    summary_says=summary_says,
    first_control=r"^Add \$\d+",
    # the equilibrium heatmap, the solver's convergence, the class's best response, the class
    # explorer, the tournament, Question 7's race bot, Question 8's rebuilt Boneyard
    lesson_charts=7,
)
