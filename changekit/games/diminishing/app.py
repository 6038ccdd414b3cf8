"""Play Diminishing Returns: pick a bill, then one of the legal take-backs; hints mark the
moves that win against perfect play; the bots explain their moves."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.core.words import money
from changekit.ui.app import GameApp, PictureRow, Slot, button
from changekit.ui.explorer import Explorer
from changekit.core.markup import escape
from changekit.core.pictures import bill_svg, bills_html

from .analysis import hints, parse_purse, purse_figure, purse_readout
from .bots import BOTS
from .moves import Play
from .rules import DiminishingReturns, take_back_words, takes_within
from .spec import SPEC


class DiminishingApp(GameApp):
    game = DiminishingReturns
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 2
    face_up = True  # every purse and the pot lie open on the table

    def build(self) -> None:
        self.chosen: int | None = None  # the bill picked, waiting for the take-back choice
        # widgets are made once and re-labelled: creating widgets is the slow part of a redraw
        self._table_html = w.HTML()
        self._bills_shown: list[int] = []  # the bill of each picture button shown, in order
        self._bill_row = PictureRow(lambda i: self.choose_bill(self._bills_shown[i]))
        self._take_buttons: list[w.Button] = []
        self._take_actions: dict[int, Play] = {}  # button number → the move it makes
        self._step1 = w.HTML("<b>Step 1: choose the bill to put into the pot.</b>")
        self._step2 = w.HTML()
        self._take_row = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self._wait = w.HTML("<i>Wait for your turn.</i>")
        self._cancel = button("Choose another bill", self.cancel)
        self._cancel_row = w.HBox([self._cancel])

    def reset_input(self) -> None:
        self.chosen = None

    def _take_button(self, i: int) -> w.Button:
        while len(self._take_buttons) <= i:
            k = len(self._take_buttons)
            self._take_buttons.append(button("Take back", lambda k=k: self.act(self._take_actions[k])))
        return self._take_buttons[i]

    # ---- two-step moves ----------------------------------------------------------------
    def choose_bill(self, bill: int) -> None:
        self.chosen = bill
        self.error = ""
        self.refresh()

    def cancel(self) -> None:
        self.reset_input()
        self.refresh()

    # ---- drawing -----------------------------------------------------------------------
    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        rows = []
        for p, purse in enumerate(view["hands"]):
            who = escape(names[p])
            if view["out"][p]:
                rows.append(f"<div><b>{who}</b>: <i>out</i></div>")
                continue
            turn = " ← to play" if view["turn"] == p else ""
            rows.append(f"<div style='margin:4px 0'><b>{who}</b> ({money(sum(purse))}, {len(purse)} bills){turn}<br>"
                        f"{bills_html(purse, width=52, empty='nothing')}</div>")
        pot = view["pot"]
        rows.append(f"<div style='margin:6px 0'><b>The pot</b> ({money(sum(pot))}):<br>"
                    f"{bills_html(pot, width=44, empty='empty')}</div>")
        self._table_html.value = "".join(rows)
        self.w_table.children = [self._table_html]

        your_turn = viewer in view["to_act"]
        if not your_turn:
            self.w_controls.children = [self._wait] if not self.state.is_terminal() else []
            return
        marks = hints(view) if self.w_hints.value else None
        purse, pot = view["hands"][viewer], view["pot"]
        if self.chosen is None or self.chosen not in purse:
            self.chosen = None
            self._bills_shown = sorted(set(purse))
            slots = []
            for bill in self._bills_shown:
                caption = f"Play {money(bill)}"
                if marks is not None:
                    wins = any(good for move, good in marks.items() if move.bill == bill)
                    caption += " (can win)" if wins else " (loses)"
                slots.append(Slot(bill_svg(bill, width=76), caption, f"Put your {money(bill)} bill into the pot"))
            self.w_controls.children = [self._step1, self._bill_row.show(slots)]
            return
        bill = self.chosen
        shown = []
        for i, take in enumerate(takes_within(pot, bill - 1)):
            action = Play(bill, *take)  # takes_within lists each take-back highest first
            caption = take_back_words(take).capitalize()
            if marks is not None:
                caption += " — wins" if marks.get(action) else " — loses"
            btn = self._take_button(i)
            self._take_actions[i] = action
            btn.description = caption
            btn.tooltip = self.state.describe_action(action).capitalize()
            btn.button_style = "success" if marks is not None and marks.get(action) else ""
            shown.append(btn)
        self._take_row.children = shown
        self._step2.value = (f"<b>Step 2: you play {money(bill)}. Take back at most {money(bill - 1)} "
                             "from the pot:</b>")
        self.w_controls.children = [self._step2, self._take_row, self._cancel_row]

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        if viewer not in view["to_act"]:
            return ""
        marks = hints(view)
        if marks is None:
            return ("No hints here: they are exact, from the two-player solution, so they need two players "
                    "(and, with two left of a bigger game, more bills than the solved tables cover).")
        good = [a for a, ok in marks.items() if ok]
        if not good:
            return (f"Against perfect play every one of your {len(marks)} moves loses. "
                    "Keep as much money (and as many bills) as you can and hope for a mistake.")
        return (f"You are winning: {len(good)} of your {len(marks)} moves win against perfect play "
                "(marked “can win” / “wins”). Every other move hands the win to your opponent.")

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        names = self.names()
        purses = "; ".join(
            f"{names[p]}: " + ("out" if view["out"][p] else f"{money(sum(purse))} in {len(purse)} bills")
            for p, purse in enumerate(view["hands"]))
        return f"{self.status(viewer)} {purses}. Pot: {money(sum(view['pot']))}."

    def score_label(self) -> str:
        return "Money"


def purse_explorer(purse: str = "7 5 3 1"):
    """Type a small purse (up to 8 bills): the game from two such purses is solved exactly on each
    change; the chart shows every opening and its winning answers, the readout who wins."""
    def compute(purse: str):
        bills = parse_purse(purse)
        return purse_figure(bills), purse_readout(bills)

    return Explorer({"purse": w.Text(value=purse, description="Each player's purse",
                                     style={"description_width": "initial"}, continuous_update=False,
                                     layout=w.Layout(width="300px"))}, compute)
