"""Make Your Own Change Night ("Zombie"): its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import Zombie

SPEC = GameSpec(
    game=Zombie,
    bots=BOTS,
    default_bot="careful",
    app=Ref(f"{__package__}.app", "ZombieApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "first_play_explorer"),),
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
    lab_comparison=Ref(f"{__package__}.exact", "comparison"),
)
