"""The Big Cheese: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import BigCheese

SPEC = GameSpec(
    game=BigCheese,
    bots=BOTS,
    default_bot="value",
    app=Ref(f"{__package__}.app", "BigCheeseApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "card_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
)
