"""Play Zombie: your bills as pictures with a Pay button under each, the Zombie's hand, the log, hints."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.core import DENOMINATIONS
from changekit.core.words import dollars, money
from changekit.ui.app import GameApp, PictureRow, Slot
from changekit.ui.explorer import Explorer, dropdown, number_box
from changekit.core.markup import escape
from changekit.core.pictures import bill_svg, bills_html

from .analysis import first_play_figure, first_play_readout, hand_hints
from .bots import BOTS
from .moves import Pay
from .rules import Zombie
from .spec import SPEC


class ZombieApp(GameApp):
    game = Zombie
    bots = BOTS
    default_bot = SPEC.default_bot

    def build(self) -> None:
        self._table_html, self._zombie_html, self._heading = w.HTML(), w.HTML(), w.HTML()
        self._empty = w.HTML("<i>No bills left in your hand.</i>")
        self._hand: list[int] = []  # the bills on the buttons, in order
        self._hand_row = PictureRow(lambda i: self.act(Pay(self._hand[i])))

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        your_turn = viewer in view["to_act"]
        self._zombie_html.value = (f"<b>The Zombie holds</b> ({money(sum(view['zombie']))}):<br>"
                                   f"{bills_html(view['zombie'], empty='nothing')}")
        self._table_html.value = (f"<div>Round {view['round']} of {view['rounds']} · dealer "
                                  f"{escape(names[view['dealer']])} · register {view['deck_size']} bills · "
                                  f"discards {len(view['discards'])} bills</div>")
        self.w_table.children = [self._table_html, self._zombie_html]
        hints = hand_hints(view) if self.w_hints.value and your_turn and view["hand"] else {}
        self._hand = list(view["hand"])
        slots = []
        for value in self._hand:
            hint = f" (≈{float(hints[value]):.2f} pts)" if value in hints else ""
            caption = self.state.describe_action(value) + hint
            slots.append(Slot(bill_svg(value, width=84), caption, f"Pay the Zombie your {money(value)} bill",
                              disabled=not your_turn))
        self._heading.value = (f"<b>{escape(self.possessive(viewer))} hand</b>"
                               + ("" if your_turn else " (wait for your turn)"))
        self.w_controls.children = [self._heading, self._hand_row.show(slots)] if slots else [self._empty]

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        if viewer not in view["to_act"] or not view["hand"]:
            return ""
        hints = hand_hints(view)
        most = max(hints.values())
        parts = ", ".join(f"{money(b)}: {h} ≈ {float(h):.2f}" for b, h in hints.items())
        best = [b for b, h in hints.items() if h == most]
        if most == 0:
            verdict = "No bill can score now: every one is worth 0."
        elif len(best) == len(hints):
            verdict = "Every bill is worth the same now."
        else:
            verdict = f"Most now: {' or '.join(money(b) for b in best)}."
        return (f"Exact expected points (given every bill you have seen): {parts}. "
                f"{verdict} The careful bot also asks what your payment leaves the next player.")

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = dollars(view["hand"] or [], empty="no bills")
        zombie = dollars(view["zombie"])
        return f"{self.status(viewer)} Your hand: {hand}. The Zombie holds {zombie}. Scores: {view['scores']}."

    def score_label(self) -> str:
        return "Points"


def first_play_explorer(bill: int = 5, dealt: int = 3):
    """Choose the bill you pay and how many bills the Zombie was dealt; the chart shows the exact
    points distribution of that first play and the readout its mean and the chance of a point
    (see :func:`~changekit.games.zombie.analysis.first_play_distribution`: milliseconds a redraw)."""
    def compute(bill: int, dealt: int):
        return first_play_figure(bill, dealt), first_play_readout(bill, dealt)

    return Explorer({"bill": dropdown("Bill you pay", [(money(d), d) for d in DENOMINATIONS], bill),
                     "dealt": number_box("Bills the Zombie was dealt", dealt, 0, 12)}, compute)
