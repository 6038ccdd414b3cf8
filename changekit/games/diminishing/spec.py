"""Diminishing Returns: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import DiminishingReturns

SPEC = GameSpec(
    game=DiminishingReturns,
    bots=BOTS,
    default_bot="perfect",
    app=Ref(f"{__package__}.app", "DiminishingApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "purse_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
    lab_comparison=Ref(f"{__package__}.exact", "comparison"),
)
