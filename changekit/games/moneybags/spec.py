"""Moneybags: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import Moneybags

SPEC = GameSpec(
    game=Moneybags,
    bots=BOTS,
    default_bot="bayesian",
    app=Ref(f"{__package__}.app", "MoneybagsApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "jiggle_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
)
