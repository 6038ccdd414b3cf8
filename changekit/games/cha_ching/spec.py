"""CHA-CHING!: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import ChaChing

SPEC = GameSpec(
    game=ChaChing,
    bots=BOTS,
    default_bot="greedy",
    app=Ref(f"{__package__}.app", "ChaChingApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "composition_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
)
