"""Cambio: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import Cambio

SPEC = GameSpec(
    game=Cambio,
    bots=BOTS,
    default_bot="memory",
    app=Ref(f"{__package__}.app", "CambioApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "threshold_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
)
