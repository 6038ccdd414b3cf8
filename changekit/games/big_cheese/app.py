"""Play The Big Cheese: the card on offer, the projects with their worker stacks, your free
workers, bid / pass / Veto buttons, the dice just rolled and the Big Cheese re-roll prompt."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.ui.app import GameApp, button
from changekit.ui.explorer import Explorer, dropdown
from changekit.core.markup import escape
from changekit.core.words import possessive
from changekit.core.pictures import token_svg

from .analysis import bid_hint, card_figure, card_readout
from .bots import BOTS, ValueBot, worker_placements
from .moves import Bid, Keep, Pass, Reroll, Veto
from .rules import CHEESE, DICE, NUMBER_CARDS, VETO, WORKERS, BigCheese, BigCheeseState, card_name
from .spec import SPEC

CARD_COLOURS = {VETO: ("#f4cccc", "#660000"), CHEESE: ("#fff2cc", "#7f6000")}


def card_picture(card: Any, *, dice: str = "d6", workers: int | None = None, width: int = 64) -> str:
    """A project card: its number (or Veto / Big Cheese), what it pays, and its worker stack."""
    fill, ink = CARD_COLOURS.get(card, ("#d9ead3", "#274e13"))
    if type(card) is int:
        text, pays = str(card), (f"d6 × {card}" if dice == "d6" else ("1 or 2" if card == 2 else f"d{card}"))
    else:
        text, pays = ("VETO", "special") if card == VETO else ("CHEESE", "re-roll")
    sub = pays if workers is None else f"{workers} worker{'s' if workers != 1 else ''}"
    label = f"{card_name(card)} card" + (f", {workers} workers on it" if workers is not None else f", pays {pays}")
    return token_svg(text, width=width, fill=fill, ink=ink, sub=sub, label=label)


def die_picture(value: int, *, card: int, width: int = 46, faded: bool = False) -> str:
    """A die showing ``value`` with the card it paid for."""
    title = escape(f"die for the {card}: {value}" + (" (ignored)" if faded else ""))
    opacity = ' opacity="0.4"' if faded else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{width}" viewBox="0 0 40 40" role="img"'
            f' aria-label="{title}"{opacity}><title>{title}</title>'
            '<rect x="2" y="2" width="36" height="36" rx="7" fill="#ffffff" stroke="#293241" stroke-width="2"/>'
            f'<text x="20" y="25" text-anchor="middle" font-family="Georgia, serif" font-size="15" font-weight="bold"'
            f' fill="#293241">{value}</text></svg>')


def _last_placement(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Log events since the last project was taken (its dice, re-rolls and scores)."""
    log = view["log"]
    starts = [i for i, (kind, _) in enumerate(log) if kind == "take"]
    return [(k, d) for k, d in log[starts[-1]:]] if starts else []


class BigCheeseApp(GameApp):
    game = BigCheese
    state: BigCheeseState
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 4

    def build(self) -> None:
        """Create the table and control widgets once; each redraw only updates them (creating
        widgets costs milliseconds each, and every action must stay under 50 ms). Labels are the
        rules' describe_action words, set when drawn."""
        self.w_header, self.w_offer, self.w_projects, self.w_dice = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.w_prompt = w.HTML()
        self.b_pass = button("Pass", lambda: self.act(Pass()), tooltip="Drop out of the bidding on this card")
        self.b_bids = [button(f"Bid {k}", lambda k=k: self.act(Bid(k)),
                              tooltip=f"Put {k} workers on it: {worker_placements(k)} worker-placements")
                       for k in range(1, WORKERS + 1)]
        self.b_veto = button("Play Veto", lambda: self.act(Veto()), style="danger",
                             tooltip="Discard this card and your Veto; the same leader starts again")
        self.b_keep = button("Keep the rolls", lambda: self.act(Keep()), tooltip="Keep every die as rolled")
        self.b_rerolls = [button(f"Big Cheese: re-roll die {i + 1}", lambda i=i: self.act(Reroll(i)),
                                 style="warning", tooltip="The new roll stands, even if it is worse")
                          for i in range(WORKERS)]
        self.w_buttons = w.HBox([self.b_pass, *self.b_bids, self.b_veto, self.b_keep, *self.b_rerolls],
                                layout=w.Layout(flex_flow="row wrap"))

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        dice = view["dice"]
        scheme = ("one d6 × the card" if dice == "d6" else "the die of the card's size") + (
            ", first to exactly 30" if view["exactly_30"] else f", first to {view['goal']}")
        self.w_header.value = (f"<div>Payouts: {escape(scheme)} · deck {view['deck_size']} cards · "
                               f"discards {len(view['discards'])} · leader {escape(names[view['leader']])}</div>")
        if view["offer"] is not None:
            high = "no bid yet" if view["high"] is None else f"{escape(names[view['high']])} bids {view['bid']}"
            passed = [names[p] for p, gone in enumerate(view["passed"]) if gone]
            self.w_offer.value = (
                '<div role="group" style="display:flex;gap:12px;align-items:center" aria-label="card on offer">'
                f"{card_picture(view['offer'], dice=dice, width=80)}<div><b>Up for bidding:</b> "
                f"{escape(card_name(view['offer']))}<br>Current bid: {high}<br>"
                f"Passed: {escape(', '.join(passed) or 'nobody')}</div></div>")
        else:
            self.w_offer.value = ""
        rows = []
        for p in range(len(view["free"])):
            cards = "".join(card_picture(c, dice=dice, workers=k, width=56)
                            for owner, c, k in view["projects"] if owner == p) or "<i>no projects</i>"
            hand = ", ".join(card_name(c) for c in view["hands"][p]) or "—"
            rows.append(f"<tr><td><b>{escape(names[p])}</b></td><td>{view['free'][p]} free</td>"
                        f'<td><span style="display:inline-flex;gap:3px;flex-wrap:wrap">{cards}</span></td>'
                        f"<td>hand: {escape(hand)}</td></tr>")
        self.w_projects.value = ('<table aria-label="projects on the table"><tr><th>player</th><th>workers</th>'
                                 f"<th>projects (workers on each)</th><th>specials</th></tr>{''.join(rows)}</table>")
        self.w_dice.value = self.dice_html(view)
        self.w_table.children = [self.w_header, self.w_offer, self.w_projects, self.w_dice]
        self.update_controls(view, viewer)
        self.w_controls.children = [self.w_prompt, self.w_buttons]

    def dice_html(self, view: dict[str, Any]) -> str:
        names = self.names()
        if view["phase"] == "reroll":
            dice = "".join(die_picture(value, card=card)
                           + f"<small>{escape(possessive(names[owner], capital=True))} {card}</small>"
                           for owner, card, value, _ in view["rolls"])
            return (f'<div role="group" aria-label="dice just rolled"><b>Dice just rolled (points not added yet):</b> '
                    f'{dice}</div>')
        shown = []
        for kind, d in _last_placement(view):
            if kind in ("score", "overshoot"):
                shown.append(die_picture(d["value"], card=d["card"], faded=kind == "overshoot")
                             + f"<small>{escape(possessive(names[d['player']], capital=True))} {d['card']}: "
                             + (f"+{d['value']}" if kind == "score" else "ignored") + "</small>")
        if not shown:
            return ""
        return f'<div role="group" aria-label="last payouts"><b>Last payouts:</b> {" ".join(shown)}</div>'

    def update_controls(self, view: dict[str, Any], viewer: int) -> None:
        """Show the buttons legal now, hide the others."""
        state = self.state
        legal: list[Any] = state.legal_actions(viewer) if viewer in view["to_act"] else []
        shown: set[int] = set()

        def show(btn: w.Button, action: Any) -> None:
            btn.description = state.describe_action(action)
            shown.add(id(btn))

        if not legal:
            self.w_prompt.value = (f"<i>You have {view['free'][viewer]} free workers. Wait for your turn.</i>"
                                   if not self.state.is_terminal() else "")
        elif view["phase"] == "reroll":
            self.w_prompt.value = "<b>You hold a Big Cheese:</b> re-roll one of your dice just rolled, or keep them."
            for action in legal:
                show(self.b_rerolls[action.die] if isinstance(action, Reroll) else self.b_keep, action)
        else:
            self.w_prompt.value = f"<b>Your bid</b> ({view['free'][viewer]} free workers; beat {view['bid']}):"
            bids = [a for a in legal if isinstance(a, Bid)]
            for action in legal:
                if isinstance(action, Bid):
                    self.b_bids[action.workers - 1].button_style = "primary" if action == bids[0] else ""
                    show(self.b_bids[action.workers - 1], action)
                else:
                    show(self.b_veto if isinstance(action, Veto) else self.b_pass, action)
        for btn in self.w_buttons.children:
            visible = id(btn) in shown
            btn.layout.display = None if visible else "none"
            btn.disabled = not visible

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        if viewer not in view["to_act"]:
            return ""
        text = bid_hint(view)
        if view["phase"] == "bid":
            limit = ValueBot().limit(view, viewer)
            text += f" The value bot would bid up to {limit} on it."
        return text  # text: the frame escapes it

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        offer = card_name(view["offer"]) if view["offer"] is not None else "nothing"
        return (f"{self.status(viewer)} On offer: {offer}, current bid {view['bid']}. "
                f"You have {view['free'][viewer]} free workers. Scores: {view['scores']} (target {view['goal']}).")

    def score_label(self) -> str:
        return f"Points (target {self.state.options.goal})"


__all__ = ["BigCheeseApp", "card_picture", "die_picture"]


def card_explorer(card: int = 20, dice: str = "d6") -> Explorer:
    """Choose a number card and a dice scheme: its exact payout distribution, with and without a
    Big Cheese re-roll, and its mean, variance and best re-roll rule."""

    def compute(card: int, dice: str) -> tuple[Any, str]:
        return card_figure(card, dice), card_readout(card, dice)

    return Explorer({"card": dropdown("Card value", list(NUMBER_CARDS), card),
                     "dice": dropdown("Dice scheme", list(DICE), dice)}, compute)
