"""Play Cambio: face-down grids with a button under each card, the cards you know shown face up to you only, power
prompts, a snap window with Pass/Snap buttons, a Cambio button, and the final reveal."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from changekit.core import Card
from changekit.core.moves import Word
from changekit.core.checks import is_flag
from changekit.ui.app import GameApp, button
from changekit.ui.explorer import Explorer, number_box
from changekit.core.markup import escape
from changekit.core.pictures import card_svg, token_svg

from .analysis import parse_cards, threshold_grid_figure, threshold_readout, unseen_ev
from .bots import BOTS, MemoryBot
from .rules import (
    _VALUES, CAMBIO, POWER_NAMES, POWERS, Cambio, CambioState, blind, describe, give, look, peek, rank_of, snap, spy,
    swap,
)
from .spec import SPEC

PROMPTS = {
    "start": "Draw a card from the deck, or call Cambio.",
    "drawn": "Discard the drawn card, or press Swap in here under one of your cards.",
    "peek": "Power (7/8): press Look under one of your cards, or skip.",
    "spy": "Power (9/10): press Look under another player's card, or skip.",
    "blind": ("Power (J/Q): press Choose this one under one of your cards, then Swap unseen under another "
              "player's card; or skip."),
    "king": ("Power (K): press Choose this one under one of your cards, then Look at both under another "
             "player's card; or skip."),
    "decide": "King: you have seen both cards. Exchange them or keep them?",
    "snap": "Snap window: press Snap! under a face-down card you believe matches the top discard, or pass.",
    "give": "Right snap! Press Give this under one of your cards to give it to that player.",
}


def _picture(code: str | None, label: str, *, width: int = 62) -> str:
    if code is None:
        # a picture of an empty place: a name needs a role (axe: aria-prohibited-attr on a bare div)
        return (f'<div role="img" style="width:{width}px;height:{round(width * 1.4)}px" '
                f'aria-label="{escape(label)}"></div>')
    if code == "?":
        return card_svg(None, face_down=True, width=width, label=label)
    if code in ("SJ", "BJ"):
        return token_svg("JOKER", width=width, sub="0", label=label)
    return card_svg(Card.parse(code), width=width, label=label)


@dataclass(frozen=True)
class ChooseOwn:
    """Your own card picked for a J/Q/K power (the button under it): no move yet, it picks the
    ``place`` that the button under another player's card then swaps or looks at."""

    place: int


def _show(code: str | None) -> str:
    if code is None:
        return "none"
    if code in ("SJ", "BJ"):
        return "joker"
    return str(Card.parse(code))


class CambioApp(GameApp):
    game = Cambio
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 3
    own_settings = ("auto_pass",)
    state: CambioState

    def __init__(self, *, auto_pass: bool = True, **kwargs: Any) -> None:
        """``auto_pass``: pass a snap window for the human who knows no matching card (a box to
        untick); the pass is made like a bot's move, so a networked table records it."""
        is_flag(auto_pass, "auto_pass")  # before any widget holds it (a checkbox's raw error told nothing)
        super().__init__(**kwargs)
        self.w_auto.value = auto_pass  # the first position is nobody's snap window: nothing to redo

    def build(self) -> None:
        # Widgets are made once and then only updated: creating ipywidgets costs milliseconds each,
        # and an action must stay under 50 ms server side.
        self.chosen: int | None = None  # own place picked for a J/Q/K power
        self._auto_for: object = None  # the state _auto_set belongs to (a new game starts afresh)
        self._auto_set: set[int] = set()
        self.w_auto = w.Checkbox(value=True, indent=False, layout=w.Layout(width="auto"),
                                 description="Auto-pass a snap window when I know no matching card")
        self.w_auto.observe(lambda _: self.act_auto(), names="value")
        self.w_extra.children = [w.HBox([self.w_auto])]
        self._cells: dict[tuple[int, int], tuple[w.VBox, w.HTML, w.Button]] = {}
        self._seats: dict[int, tuple[w.VBox, w.HTML]] = {}
        self._rows: dict[tuple[int, int], w.HBox] = {}
        self._buttons: dict[str, w.Button] = {}
        self._cell_actions: dict[tuple[int, int], Any] = {}
        self._looks: dict[Any, Any] = {}
        self._top = w.HTML()
        self._grids = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="14px"))
        self._prompt = w.HTML()
        self._row = w.HBox(layout=w.Layout(flex_flow="row wrap"))

    def reset_input(self) -> None:
        self.chosen = None

    def act_auto(self) -> None:
        self.run_bots()
        self.refresh()

    def _nothing_to_snap(self, state: CambioState, player: int) -> bool:
        """True when ``player`` knows no card of the top discard's rank (so a snap would be a guess)."""
        if not self.w_auto.value:
            return False
        view = state.view_without_log(player)  # what the player sees: all a networked page holds
        if view["phase"] != "snap" or view["top"] is None:
            return False
        rank = rank_of(view["top"])
        return not any(c not in (None, "?") and rank_of(c) == rank for grid in view["grids"] for c in grid)

    def auto_move(self, state: Any, seat: int) -> Any:
        """A human with nothing known to snap passes the snap window automatically (if ticked)."""
        if not self._nothing_to_snap(state, seat):
            return None
        if state is self.state:
            self._auto.add(len(state.history))  # the pass about to be made (undo skips it)
        return "pass"

    @property
    def _auto(self) -> set[int]:
        """History indices of automatic passes (undo skips over them)."""
        if self._auto_for is not self.state:
            self._auto_for, self._auto_set = self.state, set()
        return self._auto_set

    def own_moves(self) -> list[int]:
        """Undo takes back your last real move: automatic passes go with the bots' replies."""
        auto = self._auto
        return [i for i in super().own_moves() if i not in auto]

    def rewind(self, actions: int) -> None:
        super().rewind(actions)
        self._auto_set = {i for i in self._auto if i < actions}

    def choose_own(self, place: int) -> None:
        self.chosen = place
        self.refresh()

    # ---- what the viewer may do -------------------------------------------------------
    def _mode(self, view: dict[str, Any], viewer: int) -> str:
        if viewer not in view["to_act"]:
            return ""
        phase = view["phase"]
        if phase == "power":
            return view["power"]
        if phase == "king":
            return "decide"
        return phase

    def _card_action(self, mode: str, viewer: int, owner: int, place: int, legal: list) -> tuple[Any, str] | None:
        """The (action, button label) a click on ``owner``'s ``place`` means now, if any."""
        mine = owner == viewer
        candidates: list[tuple[Any, str]] = []
        if mode == "drawn" and mine:
            candidates = [(swap(place), "Swap in here")]
        elif mode == "peek" and mine:
            candidates = [(peek(place), "Look")]
        elif mode == "spy" and not mine:
            candidates = [(spy(owner, place), "Look")]
        elif mode in ("blind", "king") and mine:
            return ChooseOwn(place), ("Chosen" if self.chosen == place else "Choose this one")
        elif mode in ("blind", "king") and not mine and self.chosen is not None:
            power = blind if mode == "blind" else look
            label = "Swap unseen" if mode == "blind" else "Look at both"
            candidates = [(power(self.chosen, owner, place), label)]
        elif mode == "snap":
            candidates = [(snap(owner, place), "Snap!")]
        elif mode == "give" and mine:
            candidates = [(give(place), "Give this")]
        for action, label in candidates:
            if action in legal:
                return action, label
        return None

    # ---- drawing ----------------------------------------------------------------------
    def _cell(self, q: int, j: int) -> tuple[w.VBox, w.HTML, w.Button]:
        key = (q, j)
        if key not in self._cells:
            picture = w.HTML()
            btn = button("", lambda: self._click(q, j))
            box = w.VBox([picture, btn], layout=w.Layout(align_items="center", margin="2px"))
            self._cells[key] = (box, picture, btn)
        return self._cells[key]

    def _click(self, q: int, j: int) -> None:
        action = self._cell_actions.get((q, j))
        if action is None:
            return
        if isinstance(action, ChooseOwn):
            self.choose_own(action.place)
        else:
            self.act(action)

    def _seat(self, q: int) -> tuple[w.VBox, w.HTML]:
        if q not in self._seats:
            title = w.HTML()
            box = w.VBox([title], layout=w.Layout(border="1px solid #ccd", padding="4px 8px", margin="2px"))
            self._seats[q] = (box, title)
        return self._seats[q]

    def _control(self, action: Word) -> w.Button:
        if action not in self._buttons:
            self._buttons[action] = button(describe(action, you=None, names=()), lambda: self.act(action),
                                           style="danger" if action == CAMBIO else "")
        return self._buttons[action]

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        mode = self._mode(view, viewer)
        legal = self.state.legal_actions(viewer) if mode else []
        if mode not in ("blind", "king"):
            self.chosen = None
        top = view["top"]
        pile = _picture(top, f"top of the discard pile: {_show(top)}") if top else "<i>empty</i>"
        deck = token_svg(str(view["deck_size"]), width=62, fill="#3d5a80", ink="#ffffff", sub="in deck",
                         label=f"deck: {view['deck_size']} cards")
        held = ""
        if view["drawn"] is not None:
            held = (f"<div><b>Drawn card</b><br>{_picture(view['drawn'], 'your drawn card: ' + _show(view['drawn']))}"
                    f"<br>{_show(view['drawn'])} = {_VALUES[view['drawn']]}</div>")
        elif view["holding"]:
            held = f"<div><i>{escape(names[view['turn']])} holds a drawn card.</i></div>"
        info = []
        if view["caller"] is not None:
            info.append(f"<b>{escape(names[view['caller']])} called Cambio</b>: {view['final_left']} turn(s) left.")
        if view["phase"] == "over":
            info.append("<b>Final reveal.</b>")
        top_html = (f'<div style="display:flex;gap:18px;align-items:flex-end">'
                           f"<div><b>Deck</b><br>{deck}</div><div><b>Discard</b><br>{pile}</div>{held}"
                           f"<div>{' '.join(info)}</div></div>")
        if self._top.value != top_html:
            self._top.value = top_html
        self._cell_actions = {}
        seats = [self._seat_box(view, viewer, q, mode, legal) for q in range(view["players"])]
        if list(self._grids.children) != seats:
            self._grids.children = seats
        if list(self.w_table.children) != [self._top, self._grids]:
            self.w_table.children = [self._top, self._grids]
        prompt, buttons = self._controls(view, viewer, mode, legal)
        if self._prompt.value != prompt:
            self._prompt.value = prompt
        if list(self._row.children) != buttons:
            self._row.children = buttons
        if list(self.w_controls.children) != [self._prompt, self._row]:
            self.w_controls.children = [self._prompt, self._row]

    def _seat_box(self, view: dict[str, Any], viewer: int, q: int, mode: str, legal: list) -> w.VBox:
        names = self.names()
        box, title_html = self._seat(q)
        title = names[q]
        if view["scores"] is not None:
            title += f": total {view['scores'][q]}"
        elif q in view["to_act"]:
            title += " — to act"
        elif q == view["turn"]:
            title += " — their turn"
        if self._looks.get(q) != title:
            self._looks[q] = title
            title_html.value = f"<b>{escape(title)}</b>"
        cells = []
        for j, code in enumerate(view["grids"][q]):
            cell, picture, btn = self._cell(q, j)
            shown = "face down" if code == "?" else ("empty" if code is None else _show(code))
            whose = "your" if q == viewer and not self.hot_seat else f"{names[q]}'s"
            label = f"{whose} place {j + 1}: {shown}"
            choice = None if code is None else self._card_action(mode, viewer, q, j, legal)
            if choice is not None:
                self._cell_actions[(q, j)] = choice[0]  # (the action, its button's label)
            look = (code, label, choice)
            if self._looks.get((q, j)) != look:  # touch the widgets only when something changed
                self._looks[(q, j)] = look
                picture.value = _picture(code, label)
                if choice is None:
                    btn.layout.visibility = "hidden"
                    btn.disabled = True
                    btn.description = "—"
                else:
                    btn.layout.visibility = "visible"
                    btn.disabled = False
                    action, text = choice
                    btn.description = text
                    btn.tooltip = (f"{text}: {label}" if isinstance(action, ChooseOwn)
                                   else self.state.describe_action(action, names))
            cells.append(cell)
        rows = [self._pair(q, i, cells[i:i + 2]) for i in range(0, len(cells), 2)]
        children = [title_html, *rows]
        if list(box.children) != children:
            box.children = children
        return box

    def _pair(self, q: int, i: int, cells: list) -> w.HBox:
        row = self._rows.get((q, i))
        if row is None:  # made once: a widget is slow to make (setdefault's default was built every redraw)
            row = self._rows[q, i] = w.HBox()
        if list(row.children) != cells:
            row.children = cells
        return row

    def _controls(self, view: dict[str, Any], viewer: int, mode: str, legal: list) -> tuple[str, list]:
        if not mode:
            return ("<i>Waiting for the others.</i>" if view["phase"] != "over" else ""), []
        prompt = PROMPTS.get(mode, "")
        if mode in ("blind", "king") and self.chosen is not None:
            prompt = (f"You picked your place {self.chosen + 1}; now press the button under another player's card "
                      "(or skip).")
        if mode == "snap" and view["top"]:
            prompt += f" Top discard: {_show(view['top'])}."
        if mode == "drawn" and view["drawn"] and POWERS.get(rank_of(view["drawn"])) and view["drawn_from"] == "deck":
            prompt += f" Discarding it gives a power: {POWER_NAMES[POWERS[rank_of(view['drawn'])]]}."
        # the moves without a place (draw, discard, skip, pass...) are buttons; the others, a card's button
        return f"<b>{escape(prompt)}</b>", [self._control(a) for a in legal if isinstance(a, Word)]

    # ---- scoreboard, hints, summary ----------------------------------------------------------
    def scoreboard_html(self) -> str:
        """Card counts during play (totals are secret), totals at the reveal."""
        view = self.state.view(self.viewer)
        names = self.names()
        acting = set(view["to_act"])
        scores = view["scores"]
        rows = "".join(
            f'<tr class="{"ck-turn" if p in acting else ""}"><td>{escape(names[p])}</td>'
            f"<td>{view['hand_sizes'][p]}</td><td>{'?' if scores is None else scores[p]}</td></tr>"
            for p in range(view["players"])
        )
        return ('<div class="ck-score"><table aria-label="scores"><tr><th>Player</th><th>Cards</th>'
                f"<th>Total (lowest wins)</th></tr>{rows}</table></div>")

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        ev = unseen_ev(view)
        mine = [c for c in view["grids"][viewer] if c is not None]
        known = sum(_VALUES[c] for c in mine if c != "?")
        unknown = sum(1 for c in mine if c == "?")
        believed = known + unknown * ev
        text = (f"A card you have not seen is worth {ev} ≈ {float(ev):.2f} on average (exact, given every card "
                f"you know). Your believed total: {known} known + {unknown} × {float(ev):.2f} ≈ {float(believed):.1f}.")
        if viewer in view["to_act"]:
            advice = MemoryBot()._choose(view, self.state.legal_actions(viewer))
            text += f" The memory bot would: {self.state.describe_action(advice, self.names())}."
        return text  # text: the frame escapes it

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        mine = ", ".join("face down" if c == "?" else _show(c) for c in view["grids"][viewer] if c is not None)
        return (f"{self.status(viewer)} Your cards: {mine or 'none'}. Top discard: {_show(view['top'])}. "
                f"Deck: {view['deck_size']} cards.")

    def score_label(self) -> str:
        return "Total"


__all__ = ["CambioApp"]


def threshold_explorer(threshold: int = 5, known: str = "AS 2H", unknown: int = 2):
    """Choose a calling threshold t, the cards you know and how many are unseen: the grid total's
    exact distribution and the chance it is already at most t."""
    def compute(threshold: int, known: str, unknown: int):
        cards = parse_cards(known)
        return (threshold_grid_figure(threshold, known=cards, unknown=unknown),
                threshold_readout(threshold, known=cards, unknown=unknown))

    return Explorer({"threshold": number_box("Threshold t", threshold, -2, 50),
                     "known": w.Text(value=known, description="Cards you know", style={"description_width": "initial"},
                                     continuous_update=False, layout=w.Layout(width="260px")),
                     "unknown": number_box("Unseen cards", unknown, 0, 4)}, compute)
