"""Boneyard: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import Boneyard

SPEC = GameSpec(
    game=Boneyard,
    bots=BOTS,
    default_bot="equilibrium",
    app=Ref(f"{__package__}.app", "BoneyardApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "ClassExplorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
    lab_comparison=Ref(f"{__package__}.exact", "comparison"),
)
