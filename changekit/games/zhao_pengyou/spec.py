"""Zhao Pengyou: its spec (engine, bots, app, explorers, notebook)."""
from __future__ import annotations

from changekit.core.spec import GameSpec, Ref

from .bots import BOTS
from .rules import ZhaoPengyou

SPEC = GameSpec(
    game=ZhaoPengyou,
    bots=BOTS,
    default_bot="heuristic",
    app=Ref(f"{__package__}.app", "ZhaoPengyouApp"),
    facts=Ref(f"{__package__}.facts", "FACTS"),
    explorers=(Ref(f"{__package__}.app", "deal_explorer"),),
    short_options={"deals": 1},  # one deal, not the whole match (about ten deals)
    rule_variants=({"allow_throws": True},),  # throws change what may be led
    questions=Ref(f"{__package__}.questions", "QUESTIONS"),
)
