"""Play CHA-CHING!: the dice and the target, your eight cards with a Discard button under each, CHA-CHING
choices, going out."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.core.errors import InvalidArgument
from changekit.core.words import count
from changekit.ui.app import GameApp, button
from changekit.ui.explorer import Explorer, number_box
from changekit.core.markup import escape
from changekit.core.pictures import token_svg

from .analysis import COMPOSITIONS, explain_hand, fresh_hit_chance, hit_probability_figure
from .bots import BOTS, GreedyBot, changes_needed
from .rules import (
    CARD_WORDS, CARDS, DECK, DICE, HAND_SIZE, LABELS, OUT, PASS, PILE, ChaChing, ChaChingState, can_reach, discard,
    reroll, trade,
)
from .spec import SPEC

#: Card colours (fill, ink) by kind.
CARD_COLOURS: dict[str, tuple[str, str]] = {
    "1": ("#d9ead3", "#274e13"), "5": ("#fff2cc", "#7f6000"), "10": ("#cfe2f3", "#073763"),
    "25": ("#f4cccc", "#660000"), "50": ("#d9d2e9", "#20124d"), "cent": ("#eeeeee", "#444444"),
    "wild": ("#fce5cd", "#783f04"), "chaching": ("#ffd966", "#7f0000"),
}
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
    return token_svg(text, width=width, fill=fill, ink=ink, sub=_SUBS.get(card, ""), label=f"{CARD_WORDS[card]} card")


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
    state: ChaChingState
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 3

    def build(self) -> None:
        # Widgets are made once and only updated afterwards: creating ipywidgets is what costs
        # time on each click, and every action must stay well under 50 ms. Labels come from the
        # rules' describe_action when drawn.
        self._hand: list[str] = []
        self._dice, self._info, self._pile = w.HTML(), w.HTML(), w.HTML()
        self._heading, self._verdict = w.HTML(), w.HTML()
        self._pictures = [w.HTML() for _ in range(HAND_SIZE + 1)]
        self._discards = [button("Discard", lambda i=i: self._discard_slot(i)) for i in range(HAND_SIZE + 1)]
        self._slots = [w.VBox([pic, btn], layout=w.Layout(align_items="center", margin="2px"))
                       for pic, btn in zip(self._pictures, self._discards, strict=True)]
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._take_deck = button("Draw from the deck", lambda: self.act(DECK), style="primary")
        self._take_pile = button("Take the top discard", lambda: self.act(PILE))
        self._draw_row = w.HBox([self._take_deck, self._take_pile])
        self._rerolls = [button(f"CHA-CHING: re-roll {dice}", lambda dice=dice: self.act(reroll(dice)), style="warning")
                         for dice in DICE]
        self._trades = [button(f"CHA-CHING: trade hands with seat {p + 1}", lambda p=p: self.act(trade(p)),
                               style="warning")
                        for p in range(ChaChing.max_players)]
        self._chaching_note = w.HTML("Discarding your CHA-CHING card can also re-roll the target or swap hands "
                                     "(the plain <i>Discard CHA-CHING</i> button uses no power):")
        self._chaching_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._go_out = button("Go out", lambda: self.act(OUT), style="success",
                              tooltip="Your hand makes the target: end the round (the others score their hands)")
        self._pass = button("End my turn", lambda: self.act(PASS))
        self._end_row = w.HBox([self._go_out, self._pass])

    @property
    def verdict(self) -> str:
        """Right after a human's go-out (their last move), whether it was right and why, in words
        read from the log; "" otherwise."""
        state, moves = self.state, self.own_moves()
        if not moves or state.history[moves[-1]][1] != OUT:
            return ""
        player = state.history[moves[-1]][0]
        claim = next(e for e in reversed(state.log) if e.kind in ("out", "false_out") and e.data["player"] == player)
        if claim.kind == "out":
            return "Out! " + explain_hand(claim.data["hands"][player], claim.data["target"])
        return "False go-out: you score the target. " + explain_hand(claim.data["hand"], claim.data["target"])

    def _discard_slot(self, i: int) -> None:
        if i < len(self._hand):
            self.act(discard(self._hand[i]))

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        say = self.state.describe_action
        your_turn = viewer in view["to_act"]
        phase = view["phase"]
        top = view["top"]
        dice = die_picture(view["black"], "black") + die_picture(view["white"], "white")
        self._dice.value = (f'<div style="display:flex;gap:8px;align-items:center">{dice}'
                            '<span style="font-size:1.6em"> target '
                            f'<b aria-label="target">{view["target"]}</b></span></div>')
        others = " · ".join(f"{escape(names[p])}: {n} cards" for p, n in enumerate(view["hand_sizes"]) if p != viewer)
        self._info.value = (f"<div>Round {view['round']} · dealer {escape(names[view['dealer']])} · deck "
                            f"{view['deck_size']} cards · discard pile {len(view['discards'])} · {others}</div>")
        self._pile.value = f"<div><b>Top of the discard pile:</b><br>{card_picture(top)}</div>" if top else ""
        self.w_table.children = [self._dice, self._info, self._pile]

        hand = self._hand = list(view["hand"] or [])
        self._heading.value = f"<b>{escape(self.possessive(viewer))} hand</b> ({count(len(hand), 'card')})"
        can_discard = your_turn and phase == "discard"
        for picture, btn, card in zip(self._pictures, self._discards, hand):  # noqa: B905 - spare slots stay unused
            picture.value = card_picture(card)
            btn.description = say(discard(card))
            btn.tooltip = f"Discard a {CARD_WORDS[card]} card"
            btn.disabled = not can_discard
        self._hand_box.children = self._slots[:len(hand)]
        rows: list[w.Widget] = [self._heading, self._hand_box]
        if your_turn and phase == "draw":
            self._take_deck.description, self._take_pile.description = say(DECK), say(PILE)
            rows.append(self._draw_row)
        elif can_discard and "chaching" in hand:
            for dice, btn in zip(DICE, self._rerolls, strict=True):
                btn.description = say(reroll(dice))
            trades = []
            for p in range(len(view["hand_sizes"])):
                if p != viewer:
                    self._trades[p].description = say(trade(p), names)
                    trades.append(self._trades[p])
            self._chaching_row.children = [*self._rerolls, *trades]
            rows += [self._chaching_note, self._chaching_row]
        elif your_turn and phase == "end":
            # the rules take a false claim (a misplay that scores the caller the target); the page
            # offers "Go out" only when it is true, so no button ever says a hand makes what it cannot
            self._go_out.description, self._pass.description = say(OUT), say(PASS)
            self._end_row.children = ([self._go_out] if can_reach(hand, view["target"]) else []) + [self._pass]
            rows.append(self._end_row)
        verdict = self.verdict
        if verdict:
            self._verdict.value = f"<div role='note'><b>{escape(verdict)}</b></div>"
            rows.append(self._verdict)
        self.w_controls.children = rows

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        hand = view["hand"] or []
        target = view["target"]
        if viewer not in view["to_act"] or not hand:
            return ""
        if view["phase"] == "discard":
            best = min((changes_needed([*hand[:i], *hand[i + 1:]], target), c) for i, c in enumerate(hand))
            now = (f"After the best discard ({CARD_WORDS[best[1]]}) your hand needs {best[0]} change(s) "
                   f"to make {target}.")
        else:
            now = f"Your hand needs {changes_needed(hand, target)} change(s) to make {target}."
        if view["phase"] == "end":
            now += " " + explain_hand(hand, target)
        suggestion = GreedyBot().choose(view, self.state.legal_actions(viewer), rng=self.rng)
        return f"{now} The greedy bot would play: {self.state.describe_action(suggestion, self.names())}."

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = ", ".join(CARD_WORDS[c] for c in view["hand"] or []) or "no cards"
        top = CARD_WORDS[view["top"]] if view["top"] else "nothing"
        return (f"{self.status(viewer)} Target {view['target']}. Your hand: {hand}. Top discard: {top}. "
                f"Penalty points: {view['scores']}.")

    def status(self, viewer: int) -> str:
        text = super().status(viewer)
        state = self.state
        if not state.is_terminal() and viewer in state.current_players():
            view = state.view_without_log(viewer)  # the seat's view: all a networked page holds
            if view["phase"] == "end":
                out = can_reach(view["hand"], view["target"])
                text += " Go out, or end your turn." if out else " End your turn."
            else:
                text += {"draw": " Draw a card.", "discard": " Discard a card."}[view["phase"]]
        return text

    def score_label(self) -> str:
        return f"Penalty points (lowest wins; game to {self.state.options.game_to})"


def composition_explorer(start: dict[str, int] | None = None) -> Explorer:
    """Number boxes for the deck's counts, and a bar chart of the exact hit chances that follows them
    (each change recounts all 90 targets exactly: tens of milliseconds), beside the default deck."""
    counts = dict(start or COMPOSITIONS["15 of each (default)"])
    boxes = {card: number_box(CARD_WORDS[card], counts.get(card, 0), 0, 40, width="300px") for card in CARDS}

    def compute(**deck: int) -> tuple[Any, str]:
        size = sum(deck.values())
        if size < 8:
            raise InvalidArgument(f"The deck has {size} cards: it needs at least 8 to deal a hand.")
        figure = hit_probability_figure({"your deck": deck, "15 of each (default)": None})
        return figure, (f"Your deck: {size} cards. Chance a fresh hand hits a fresh target: "
                        f"<b>{float(fresh_hit_chance(deck)):.2%}</b> (default deck: {float(fresh_hit_chance()):.2%}).")

    return Explorer(boxes, compute, columns=2)
