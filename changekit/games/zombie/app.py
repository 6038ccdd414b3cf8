"""Play Zombie: your bills as pictures to click, the Zombie's hand, the log, hints."""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from changekit.ui.app import GameApp, picture_button
from changekit.ui.pictures import bill_svg, bills_html

from .analysis import hand_hints
from .bots import BOTS
from .rules import Zombie


class ZombieApp(GameApp):
    game = Zombie
    bots = BOTS
    default_bot = "careful"

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        your_turn = viewer in view["to_act"]
        zombie = (f"<b>The Zombie holds</b> (${sum(view['zombie'])}):<br>"
                  f"{bills_html(view['zombie'], empty='nothing')}")
        table = (f"<div>Round {view['round']} of {view['rounds']} · dealer {escape(names[view['dealer']])} · "
                 f"register {view['register_size']} bills · discards {len(view['discards'])} bills</div>")
        self.w_table.children = [w.HTML(table), w.HTML(zombie)]
        hints = hand_hints(view) if self.w_hints.value and your_turn and view["hand"] else {}
        bills = []
        for i, value in enumerate(view["hand"]):
            caption = f"Pay ${value}"
            if value in hints:
                caption += f" (≈{float(hints[value]):.2f} pts)"
            bills.append(picture_button(bill_svg(value, width=84), caption, lambda v=value: self.act(v),
                                        disabled=not your_turn, tooltip=f"Pay the Zombie your ${value} bill"))
        heading = w.HTML(f"<b>{escape(self.possessive(viewer))} hand</b>" + ("" if your_turn else " (wait for your turn)"))
        self.w_controls.children = [heading, w.HBox(bills, layout=w.Layout(flex_flow="row wrap"))] if bills else [
            w.HTML("<i>No bills left in your hand.</i>")]

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        if viewer not in view["to_act"] or not view["hand"]:
            return ""
        hints = hand_hints(view)
        best = max(hints, key=hints.get)
        parts = ", ".join(f"${b}: {h} ≈ {float(h):.2f}" for b, h in hints.items())
        return (f"Exact expected points (given every bill you have seen): {escape(parts)}. "
                f"Most now: ${best}. The careful bot also asks what your payment leaves the next player.")

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = ", ".join(f"${b}" for b in view["hand"] or []) or "no bills"
        zombie = ", ".join(f"${b}" for b in view["zombie"]) or "nothing"
        return f"{self.status(viewer)} Your hand: {hand}. The Zombie holds {zombie}. Scores: {view['points']}."

    def score_label(self) -> str:
        return "Points"
