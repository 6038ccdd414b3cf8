"""Play Odd One Out: three buttons, the round's secret picks, the last round shown."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.core.markup import html
from changekit.ui.app import GameApp, button

from .bots import BOTS
from .rules import PICKS, OddOneOut
from .spec import SPEC


class OddOneOutApp(GameApp):
    game = OddOneOut
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 3

    def build(self) -> None:
        self._round = w.HTML()
        self._picks = [button(f"Pick {n}", lambda n=n: self.act(n)) for n in PICKS]

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        waiting = [names[p] for p, done in enumerate(view["picked"]) if not done]
        last = ", ".join(f"{names[p]} {pick}" for p, pick in enumerate(view["last"])) if view["last"] else "none yet"
        self._round.value = html("Round {} of {} · still to pick: {} · last round: {}", view["round"],
                                 view["rounds"], ", ".join(waiting) or "nobody", last)
        self.w_table.children = [self._round]
        for pick in self._picks:
            pick.disabled = viewer not in view["to_act"]
        self.w_controls.children = self._picks

    def reset_input(self) -> None:
        pass

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        mine = f" You picked {view['mine']}." if view["mine"] is not None else ""
        return f"{self.status(viewer)} Round {view['round']} of {view['rounds']}.{mine} Scores: {view['scores']}."
