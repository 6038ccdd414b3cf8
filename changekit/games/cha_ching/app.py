"""Play CHA-CHING!: the dice and the target, your eight cards to click, CHA-CHING choices, going out."""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from changekit.core.errors import InvalidArgument
from changekit.ui.app import GameApp, button
from changekit.ui.explorer import Explorer, number_box
from changekit.ui.pictures import token_svg

from .analysis import explain_hand
from .bots import BOTS, GreedyBot, changes_needed
from .rules import LABELS, ChaChing, can_reach

#: Card colours (fill, ink) by kind.
CARD_COLOURS: dict[str, tuple[str, str]] = {
    "1": ("#d9ead3", "#274e13"), "5": ("#fff2cc", "#7f6000"), "10": ("#cfe2f3", "#073763"),
    "25": ("#f4cccc", "#660000"), "50": ("#d9d2e9", "#20124d"), "cent": ("#eeeeee", "#444444"),
    "wild": ("#fce5cd", "#783f04"), "chaching": ("#ffd966", "#7f0000"),
}
_NAMES = {"1": "1", "5": "5", "10": "10", "25": "25", "50": "50", "cent": "cent (0)", "wild": "$ (wild)",
          "chaching": "CHA-CHING"}
_SUBS = {"cent": "worth 0", "wild": "wild", "chaching": "worth 0"}


def card_picture(card: str, *, width: int = 58) -> str:
    """One CHA-CHING! card as an SVG string."""
    fill, ink = CARD_COLOURS[card]
    if card == "chaching":  # two lines: the word is too wide for one
        height = round(width * 1.4)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 50 70" '
                f'role="img" aria-label="CHA-CHING card"><title>CHA-CHING card</title>'
                f'<rect x="1" y="1" width="48" height="68" rx="4" fill="{fill}" stroke="{ink}" stroke-width="1.2"/>'
                f'<text x="25" y="32" text-anchor="middle" font-family="Georgia, serif" font-size="11" '
                f'font-weight="bold" fill="{ink}">CHA-</text>'
                f'<text x="25" y="45" text-anchor="middle" font-family="Georgia, serif" font-size="11" '
                f'font-weight="bold" fill="{ink}">CHING!</text>'
                f'<text x="25" y="60" text-anchor="middle" font-family="Georgia, serif" font-size="8" '
                f'fill="{ink}">worth 0</text></svg>')
    text = LABELS[card]
    return token_svg(text, width=width, fill=fill, ink=ink, sub=_SUBS.get(card, ""), label=f"{_NAMES[card]} card")


def die_picture(face: int, colour: str) -> str:
    """A ten-sided die face as an SVG square (black or white)."""
    fill, ink = ("#222222", "#ffffff") if colour == "black" else ("#ffffff", "#222222")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="46" height="46" viewBox="0 0 46 46" role="img" '
            f'aria-label="{colour} die shows {face}"><title>{colour} die: {face}</title>'
            f'<rect x="2" y="2" width="42" height="42" rx="8" fill="{fill}" stroke="#222" stroke-width="2"/>'
            f'<text x="23" y="31" text-anchor="middle" font-family="Georgia, serif" font-size="22" '
            f'font-weight="bold" fill="{ink}">{face}</text></svg>')


class ChaChingApp(GameApp):
    game = ChaChing
    bots = BOTS
    default_bot = "greedy"
    default_players = 3

    def __init__(self, **kwargs: Any) -> None:
        # Widgets are made once and only updated afterwards: creating ipywidgets is what costs
        # time on each click, and every action must stay well under 50 ms.
        self.verdict = ""
        self._hand: list[str] = []
        self._dice, self._info, self._pile = w.HTML(), w.HTML(), w.HTML()
        self._heading, self._verdict = w.HTML(), w.HTML()
        self._pictures = [w.HTML() for _ in range(9)]
        self._discards = [button("Discard", lambda i=i: self._discard_slot(i)) for i in range(9)]
        self._slots = [w.VBox([pic, btn], layout=w.Layout(align_items="center", margin="2px"))
                       for pic, btn in zip(self._pictures, self._discards)]
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._draw_row = w.HBox([button("Draw from the deck", lambda: self.act("deck"), style="primary"),
                                 button("Take the top discard", lambda: self.act("pile"))])
        self._rerolls = [button(f"CHA-CHING: re-roll {d}" if d != "both" else "CHA-CHING: re-roll both dice",
                                lambda d=d: self.act(("chaching", "reroll", d)), style="warning")
                         for d in ("black", "white", "both")]
        self._trades = [button(f"CHA-CHING: trade hands with seat {p + 1}",
                               lambda p=p: self.act(("chaching", "trade", p)), style="warning")
                        for p in range(ChaChing.max_players)]
        self._chaching_note = w.HTML("Discarding your CHA-CHING card can also re-roll the target or swap hands "
                                     "(the plain <i>Discard CHA-CHING</i> button uses no power):")
        self._chaching_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._go_out = button("Go out", self.go_out, style="success",
                              tooltip="Claim your hand reaches the target; a wrong claim scores you the target")
        self._end_row = w.HBox([self._go_out, button("End my turn", lambda: self.act("pass"))])
        super().__init__(**kwargs)

    def new_game(self) -> None:
        self.verdict = ""
        super().new_game()

    def go_out(self) -> None:
        """Check the claim, say why in words, then play it (a false claim costs the target)."""
        view = self.state.view(self.viewer)
        ok = can_reach(view["hand"], view["target"])
        self.verdict = ("Out! " if ok else "False go-out: you score the target. ") + explain_hand(view["hand"], view["target"])
        self.act("out")

    def _discard_slot(self, i: int) -> None:
        if i < len(self._hand):
            self.act(("discard", self._hand[i]))

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        your_turn = viewer in view["to_act"]
        phase = view["phase"]
        top = view["discards"][-1] if view["discards"] else None
        self._dice.value = (f'<div style="display:flex;gap:8px;align-items:center">{die_picture(view["black"], "black")}'
                            f'{die_picture(view["white"], "white")}<span style="font-size:1.6em"> target '
                            f'<b aria-label="target">{view["target"]}</b></span></div>')
        others = " · ".join(f"{escape(names[p])}: {n} cards" for p, n in enumerate(view["hand_sizes"]) if p != viewer)
        self._info.value = (f"<div>Round {view['round']} · dealer {escape(names[view['dealer']])} · deck "
                            f"{view['deck_size']} cards · discard pile {len(view['discards'])} · {others}</div>")
        self._pile.value = f"<div><b>Top of the discard pile:</b><br>{card_picture(top)}</div>" if top else ""
        self.w_table.children = [self._dice, self._info, self._pile]

        hand = self._hand = list(view["hand"] or [])
        whose = "Your hand" if names[viewer] == "You" else f"{names[viewer]}'s hand"
        self._heading.value = f"<b>{escape(whose)}</b> ({len(hand)} cards)"
        can_discard = your_turn and phase == "discard"
        for i, card in enumerate(hand):
            self._pictures[i].value = card_picture(card)
            self._discards[i].description = f"Discard {_NAMES[card]}"
            self._discards[i].tooltip = f"Discard a {_NAMES[card]} card"
            self._discards[i].disabled = not can_discard
        self._hand_box.children = self._slots[:len(hand)]
        rows: list[w.Widget] = [self._heading, self._hand_box]
        if your_turn and phase == "draw":
            self._draw_row.children[1].description = f"Take the top discard ({_NAMES[top]})" if top else "Take the top discard"
            rows.append(self._draw_row)
        elif can_discard and "chaching" in hand:
            trades = []
            for p in range(len(view["hand_sizes"])):
                if p != viewer:
                    self._trades[p].description = f"CHA-CHING: trade hands with {names[p]}"
                    trades.append(self._trades[p])
            self._chaching_row.children = [*self._rerolls, *trades]
            rows += [self._chaching_note, self._chaching_row]
        elif your_turn and phase == "end":
            self._go_out.description = f"Go out (my 8 cards make {view['target']})"
            rows.append(self._end_row)
        if self.verdict:
            self._verdict.value = f"<div role='note'><b>{escape(self.verdict)}</b></div>"
            rows.append(self._verdict)
        self.w_controls.children = rows

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        hand = view["hand"] or []
        target = view["target"]
        if viewer not in view["to_act"] or not hand:
            return ""
        if view["phase"] == "discard":
            best = min((changes_needed([*hand[:i], *hand[i + 1:]], target), c) for i, c in enumerate(hand))
            now = f"After the best discard ({_NAMES[best[1]]}) your hand needs {best[0]} change(s) to make {target}."
        else:
            now = f"Your hand needs {changes_needed(hand, target)} change(s) to make {target}."
        if view["phase"] == "end":
            now += " " + explain_hand(hand, target)
        state_legal = self.state.legal_actions(viewer)
        suggestion = GreedyBot().choose(view, state_legal, rng=self.rng)
        return escape(f"{now} The greedy bot would play {suggestion!r}.")

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = ", ".join(_NAMES[c] for c in view["hand"] or []) or "no cards"
        top = _NAMES[view["discards"][-1]] if view["discards"] else "nothing"
        return (f"{self.status(viewer)} Target {view['target']}. Your hand: {hand}. Top discard: {top}. "
                f"Penalty points: {view['points']}.")

    def status(self, viewer: int) -> str:
        text = super().status(viewer)
        state = self.state
        if not state.is_terminal() and viewer in state.current_players():
            text += {"draw": " Draw a card.", "discard": " Discard a card.",
                     "end": " Go out, or end your turn."}[state.phase]
        return text

    def act(self, action: Any, player: int | None = None) -> None:
        if action != "out":
            self.verdict = ""
        super().act(action, player)

    def score_label(self) -> str:
        return f"Penalty points (lowest wins; game to {self.state.options.game_to})"


def composition_explorer(start: dict[str, int] | None = None) -> Explorer:
    """Number boxes for the deck's counts, and a bar chart of the exact hit chances that follows them
    (each change recounts all 90 targets exactly: tens of milliseconds), beside the default deck."""
    from .analysis import COMPOSITIONS, fresh_hit_chance, hit_probability_figure

    counts = dict(start or COMPOSITIONS["15 of each (default)"])
    boxes = {card: number_box(_NAMES[card], counts.get(card, 0), 0, 40, width="300px")
             for card in ("1", "5", "10", "25", "50", "cent", "wild", "chaching")}

    def compute(**deck: int) -> tuple[Any, str]:
        size = sum(deck.values())
        if size < 8:
            raise InvalidArgument(f"The deck has {size} cards: it needs at least 8 to deal a hand.")
        figure = hit_probability_figure({"your deck": deck, "15 of each (default)": None})
        return figure, (f"Your deck: {size} cards. Chance a fresh hand hits a fresh target: "
                        f"<b>{float(fresh_hit_chance(deck)):.2%}</b> (default deck: {float(fresh_hit_chance()):.2%}).")

    return Explorer(boxes, compute, columns=2)
