"""Play Zhao Pengyou: your hand in trump order as card pictures (Select under a card picks it, then play),
the trick on the table, trumps, the friend call and its reveal, points and levels."""
from __future__ import annotations

import time
from typing import Any

import ipywidgets as w

from changekit.core import Card, IllegalAction
from changekit.core.table import LocalTable
from changekit.core.words import count, verb
from changekit.ui.app import GameApp, button
from changekit.ui.explorer import Explorer, number_box
from changekit.core.markup import escape
from changekit.core.pictures import card_svg, token_svg

from .analysis import deal_readout, friend_seat, trump_count_figure
from .bots import planned_follow, BOTS, HeuristicBot, known_team
from .moves import Throw
from .rules import (
    ORDINALS, PASS, SUIT_WORDS, ZhaoPengyou, ZhaoPengyouOptions, ZhaoPengyouState, actions_for_seen_play, bury,
    call_friend, describe, hand_size,
)
from .spec import SPEC
from .tricks import ALL_CODES, CARD_POINTS, TRUMP, context, show


def _picture(code: str, label: str, *, width: int = 52) -> str:
    if code in ("SJ", "BJ"):
        return token_svg("JOKER", width=width, sub="big" if code == "BJ" else "small", label=label,
                         ink="#b3261e" if code == "BJ" else "#1b1b1b")
    return card_svg(Card.parse(code), width=width, label=label)


def _row(codes, who: str, width: int = 40) -> str:
    pics = "".join(_picture(c, f"{who}: {show([c])}", width=width) for c in codes)
    return f'<span style="display:inline-flex;gap:2px;flex-wrap:wrap">{pics}</span>'


class ZhaoPengyouApp(GameApp):
    game = ZhaoPengyou
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 4

    state: ZhaoPengyouState
    picked: list[int]  # positions in the viewer's sorted hand
    _checkpoints: list[tuple[int, ZhaoPengyouState]]  # (actions played, a copy of the state then): one per deal

    # ---- actions -----------------------------------------------------------------------
    def reset_input(self) -> None:
        self.picked = []

    def _own_checkpoints(self) -> list[tuple[int, ZhaoPengyouState]]:
        """The checkpoints of this very game: those whose history the game's history begins with
        (a new game, or another line of play after an undo, has other histories)."""
        history = self.state.history
        return [(done, saved) for done, saved in self._checkpoints if saved.history == history[:done]]

    def refresh(self) -> None:
        state = self.state
        if not self.table.can_undo:  # a shared table: no undo, and its page holds only its view
            super().refresh()
            return
        self._checkpoints = self._own_checkpoints()
        if not self._checkpoints or state.deal_no > self._checkpoints[-1][1].deal_no:
            self._checkpoints.append((len(state.history), state.clone()))  # one per deal: undo stays fast
        super().refresh()

    def rewind(self, actions: int) -> None:
        """Replay from the start of the current deal, not of the match (a whole match is over a
        thousand actions)."""
        self._checkpoints = [c for c in self._own_checkpoints() if c[0] <= actions]
        if not self._checkpoints:
            super().rewind(actions)
            return
        if not isinstance(self.table, LocalTable):  # (a shared table is never undone)
            super().rewind(actions)
            return
        self.table.rewind(actions, checkpoint=self._checkpoints[-1])

    def toggle(self, i: int) -> None:
        start = time.perf_counter()
        if i in self.picked:
            self.picked.remove(i)
        else:
            self.picked.append(i)
        self.error = ""
        self.refresh()
        self.timings.append((time.perf_counter() - start) * 1000)

    def picked_cards(self) -> list[str]:
        hand = self.state.view(self.viewer)["hand"] or []
        return [hand[i] for i in sorted(self.picked) if i < len(hand)]

    def play_selected(self) -> None:
        """Check the picked cards as one play; play them (one move of the engine's actions, through
        ``act``, so a networked table records each), or say which rule they break."""
        start = time.perf_counter()
        cards = self.picked_cards()
        try:
            if not cards:
                raise IllegalAction("empty", "press Select under the cards you want to play first")
            # from the view, at a local table as at a networked one (whose page holds nothing else)
            actions = actions_for_seen_play(self.state.view_without_log(self.viewer), self.state.options, cards)
        except IllegalAction as exc:
            self.error = str(exc)
            self.refresh()
            self.timings.append((time.perf_counter() - start) * 1000)
            return
        self.act(*actions)

    def call_friend(self) -> None:
        self.act(call_friend(self._w_ordinal.value, self._w_card.value))

    # ---- drawing -------------------------------------------------------------------------
    def build(self) -> None:
        self.picked = []
        self._checkpoints = []
        self._slots: list[tuple[w.VBox, w.HTML, w.Button]] = []
        self._looks: dict[Any, Any] = {}
        self._info = w.HTML()
        self._trick = w.HTML()
        self._hand_title = w.HTML()
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._prompt = w.HTML()
        self._buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._play = button("Play selected cards", self.play_selected, style="primary")
        self._clear = button("Clear selection", self.clear_selection)
        self._w_ordinal = w.Dropdown(options=[("1st", 1), ("2nd", 2), ("3rd", 3)], value=1, description="Copy",
                                     layout=w.Layout(width="150px"))
        self._w_card = w.Dropdown(options=[], description="Card", layout=w.Layout(width="180px"))
        self._call = button("Call this friend", self.call_friend, style="primary")
        self._pass = button(describe(PASS), lambda: self.act(PASS))  # words need no state
        self._declare_buttons: dict[Any, w.Button] = {}
        opts = ZhaoPengyouOptions(players=self.w_players.value, **self.options)
        self._slot(hand_size(opts.players, opts.decks, opts.kitty) + opts.kitty_size)  # the host's hand, made up front
        # how long a new game runs: a whole match (deals until a team passes A) is over a thousand
        # moves, longer than a lesson; one deal plays in minutes. A setting of the page, set before
        # New game like the players, so a keyboard or a touch reaches it (not only an argument)
        # (0 stands for the whole match: a menu whose value is None shows no choice at all)
        chosen = self.options.get("deals") or 0
        deals = sorted({1, 2, 3, 5, chosen} - {0})
        lengths = [("the whole match", 0), *((count(n, "deal"), n) for n in deals)]
        self.w_deals = w.Dropdown(options=lengths, value=chosen, description="Play",
                                  layout=w.Layout(width="240px"))
        self.w_deals.observe(self._deals_chosen, names="value")
        self.w_deals_note = w.HTML("<i>in the next new game</i>")
        self.w_extra.children = [w.HBox([self.w_deals, self.w_deals_note], layout=w.Layout(align_items="center"))]
        if self.table is not None and not self.table.can_restart:  # a shared table plays the game it has
            self.w_extra.layout.display = "none"

    def _deals_chosen(self, change: dict[str, Any]) -> None:
        """The deals a new game plays (0: the whole match), from the next New game on."""
        self.options = {k: v for k, v in self.options.items() if k != "deals"}
        if change["new"]:
            self.options["deals"] = change["new"]

    def clear_selection(self) -> None:
        self.picked.clear()
        self.refresh()

    def _slot(self, i: int) -> tuple[w.VBox, w.HTML, w.Button]:
        while len(self._slots) <= i:
            j = len(self._slots)
            picture = w.HTML()
            btn = button("", lambda j=j: self._click(j))
            box = w.VBox([picture, btn], layout=w.Layout(align_items="center", margin="1px"))
            self._slots.append((box, picture, btn))
        return self._slots[i]

    def _click(self, i: int) -> None:
        view = self.state.view(self.viewer)
        hand = view["hand"] or []
        if i >= len(hand) or self.viewer not in view["to_act"]:
            return
        if view["phase"] == "bury":
            self.act(bury(hand[i]))
        elif view["phase"] == "play":
            self.toggle(i)

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        your_turn = viewer in view["to_act"]
        phase = view["phase"]
        self._set(self._info, self._info_html(view, names))
        self._set(self._trick, self._trick_html(view, names))
        table = [self._info, self._trick]
        if list(self.w_table.children) != table:
            self.w_table.children = table
        # the hand, in trump order, as reusable picture buttons
        hand = view["hand"] or []
        self.picked = [i for i in self.picked if i < len(hand)]
        slots = []
        for i, code in enumerate(hand):
            box, picture, btn = self._slot(i)
            selected = i in self.picked
            if phase == "bury" and your_turn:
                label = self.state.describe_action(bury(code))
            elif phase == "play" and your_turn:
                label = f"✓ {show([code])}" if selected else f"Select {show([code])}"
            else:
                label = show([code])
            look = (code, label, selected, your_turn and phase in ("bury", "play"))
            if self._looks.get(i) != look:
                self._looks[i] = look
                picture.value = _picture(code, f"your card: {show([code])}" + (" (selected)" if selected else ""))
                btn.description = label
                btn.tooltip = label
                btn.disabled = not look[3]
                btn.button_style = "info" if selected else ""
            slots.append(box)
        if list(self._hand.children) != slots:
            self._hand.children = slots
        title = f"<b>{escape(self.possessive(viewer))} hand</b> ({count(len(hand), 'card')}, trumps on the right)"
        self._set(self._hand_title, title)
        prompt, buttons = self._controls(view, viewer, your_turn)
        self._set(self._prompt, prompt)
        if list(self._buttons.children) != buttons:
            self._buttons.children = buttons
        controls = [self._prompt, self._buttons, self._hand_title, self._hand]
        if list(self.w_controls.children) != controls:
            self.w_controls.children = controls

    @staticmethod
    def _set(widget: w.HTML, value: str) -> None:
        if widget.value != value:
            widget.value = value

    def _info_html(self, view: dict[str, Any], names: list[str]) -> str:
        parts = [f"Deal {view['round']}"]
        if view["trump_suit"]:
            parts.append(f"host <b>{escape(names[view['host']])}</b>")
            parts.append(f"trumps: <b>{SUIT_WORDS[view['trump_suit']]}</b>, rank <b>{view['trump_rank']}</b>, jokers")
        elif view["declaration"]:
            d = view["declaration"]
            who = names[d["player"]]
            parts.append(f"{escape(who)} {verb(who, 'has', 'have')} declared {SUIT_WORDS[d['suit']]} with "
                         f"{count(d['count'], 'card')}")
        else:
            parts.append(f"dealing: {view['deck_size']} cards left in the deck; nobody has declared")
        calls = []
        for c in view["calls"]:
            who = c["found_by"]
            status = ("not played yet" if who is None else
                      "played by the host: no friend" if who == view["host"]
                      else f"<b>{escape(names[who])}</b> is the friend")
            calls.append(f"the {ORDINALS[c['ordinal']]} {show([c['card']])} — {status}")
        if calls:
            parts.append("friend call: " + "; ".join(calls))
        return "<div>" + " · ".join(parts) + "</div>"

    def _trick_html(self, view: dict[str, Any], names: list[str]) -> str:
        if view["phase"] != "play" and not view["last_trick"]:
            return ""
        cells = []
        for p, cards in view["trick"]:
            cells.append(f"<div><b>{escape(names[p])}</b><br>{_row(cards, names[p] + ' played')}</div>")
        if not cells:
            cells.append("<div><i>The table is empty: the leader plays first.</i></div>")
        last = ""
        if view["last_trick"]:
            bits = ", ".join(f"{escape(names[p])} {escape(show(c))}" for p, c in view["last_trick"])
            last = f"<div style='color:#555'>Last trick: {bits}.</div>"
        return (f'<div><b>On the table</b><div style="display:flex;gap:14px;flex-wrap:wrap">{"".join(cells)}</div>'
                f"{last}</div>")

    def _controls(self, view: dict[str, Any], viewer: int, your_turn: bool) -> tuple[str, list]:
        phase = view["phase"]
        if phase == "over":
            return "<b>The match is over.</b>", []
        if not your_turn:
            return "<i>Waiting for the others.</i>", []
        legal: list[Any] = self.state.legal_actions(viewer)  # named moves
        if phase in ("deal", "last_call"):
            buttons = [self._pass]
            for action in legal:
                if action == PASS:
                    continue
                if action not in self._declare_buttons:
                    label = self.state.describe_action(action)
                    self._declare_buttons[action] = button(label, lambda a=action: self.act(a), style="warning")
                buttons.append(self._declare_buttons[action])
            what = "the deal is over: last call" if phase == "last_call" else "a card of your level arrived"
            return f"<b>Declare trumps?</b> ({escape(what)}; your level is {view['levels'][viewer]})", buttons
        if phase == "bury":
            return (f"<b>You are the host.</b> Press Bury under a card to bury it: {view['to_bury']} more "
                    "(points you bury go to the attackers, doubled, if they win the last trick)."), []
        if phase == "call":
            options = sorted({a.card for a in legal}, key=ALL_CODES.index)  # each a Call
            opts = [(show([c]), c) for c in options]
            if list(self._w_card.options) != opts:
                self._w_card.options = opts
            if self._w_card.value not in options:
                self._w_card.value = options[0]
            return "<b>Call a friend:</b> whoever plays that copy of the card joins you.", [
                self._w_ordinal, self._w_card, self._call]
        picked = self.picked_cards()
        if view["trick"]:
            need = f"follow the lead of {len(view['trick'][0][1])} card(s)"
        elif self.state.options.allow_throws:
            need = ("lead any single, pair, triple or tractor, or throw several of one suit at once "
                    "(if another player can beat a part, you lead only the lowest such part)")
        else:
            need = "lead any single, pair, triple or tractor"
        done = f" (already down: {show(view['selection'])})" if view["selection"] else ""
        return (f"<b>Your play:</b> {need}{done}. Selected: {escape(show(picked)) or 'nothing'}.",
                [self._play, self._clear])

    # ---- scoreboard, hints, summary ---------------------------------------------------------
    def scoreboard_html(self) -> str:
        view = self.state.view(self.viewer)
        names = self.names()
        acting = set(view["to_act"])
        host = view["host"]
        rows = []
        for p in range(len(view["levels"])):
            role = ("host" if p == host else "friend" if p in view["friends"] else "")
            rows.append(f'<tr class="{"ck-turn" if p in acting else ""}"><td>{escape(names[p])}</td>'
                        f"<td>{view['levels'][p]}</td><td>{role}</td><td>{view['points_won'][p]}</td>"
                        f"<td>{view['hand_sizes'][p]}</td></tr>")
        last = ""
        if view["results"]:
            r = view["results"][-1]
            last = (f"<div>Last deal: attackers {r['attackers_points']} points → "
                    f"{'host team' if r['side'] == 'host' else 'attackers'} +{r['steps']}.</div>")
        return ('<div class="ck-score"><table aria-label="scores"><tr><th>Player</th><th>Level</th><th>Role</th>'
                f"<th>Points won</th><th>Cards</th></tr>{''.join(rows)}</table>{last}</div>")

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        phase = view["phase"]
        if phase == "call":
            if viewer not in view["to_act"]:
                return ""  # only the host calls a friend (a networked page shows hints to every seat)
            hand = view["hand"]
            best = HeuristicBot()._call(view, self.state.legal_actions(viewer))
            held = hand.count(best.card)
            dist = friend_seat(ordinal=best.ordinal, players=len(view["levels"]), host_copies=held,
                               buried=list(view["kitty"] or []).count(best.card))
            odds = ", ".join(f"{k}: {float(v):.2f}" for k, v in dist.items() if v)
            return (f"The heuristic bot would call the {ORDINALS[best.ordinal]} {show([best.card])} "
                    f"(you hold {held}). Who ends up the friend (exact, random play order): {odds}.")
        if viewer not in view["to_act"] or phase != "play":
            return ""
        ctx = context(view["trump_suit"], view["trump_rank"])
        legal: list[Any] = self.state.legal_actions(viewer)  # named moves
        advice = HeuristicBot().choose(view, legal, rng=self.rng)
        team = known_team(view)
        mates = ", ".join(self.names()[p] for p in sorted(team) if p != viewer) or "nobody yet"
        trumps = sum(1 for c in view["hand"] if ctx.eff[c] == TRUMP)
        firsts = sorted({a.cards[0] for a in legal if a.cards})  # Plays and Throws; not the throw's "done"
        lead = view["trick"][0][1] if view["trick"] else []
        if len(lead) > 1:  # a follow of several cards, put down one at a time: name all of them
            chosen = list(view["selection"])
            planned = self._bot_follow(viewer, len(lead) - len(chosen))
            so_far = f" ({show(chosen)} already chosen)" if chosen else ""
            bot_would = f"follow the {len(lead)}-card lead with {show(chosen + planned)}{so_far}"
        else:
            bot_would = (f"play {show(advice.cards)}" if not isinstance(advice, Throw)
                         else f"throw, starting with {show(advice.cards)}" if advice.cards else "finish its throw")
        text = (f"Known teammates: {mates}. You hold {trumps} trumps. "
                f"Cards you may put down next: {show(firsts) if len(firsts) < 20 else str(len(firsts)) + ' kinds'}. "
                f"The heuristic bot would {bot_would}.")
        return text  # text: the frame escapes it

    def _bot_follow(self, viewer: int, cards: int) -> list[Card]:
        if not isinstance(self.state, ZhaoPengyouState):  # a networked page holds its view only: no copy
            return []                                     # of the game to play the follow out on
        return planned_follow(self.state, viewer, cards)

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = show(view["hand"] or []) or "no cards"
        trick = "; ".join(f"{self.names()[p]} {show(c)}" for p, c in view["trick"]) or "nothing"
        points = sum(CARD_POINTS[c] for _, cards in view["trick"] for c in cards)
        return f"{self.status(viewer)} Your hand: {hand}. On the table: {trick} ({points} points)."

    def score_label(self) -> str:
        return "Level"


__all__ = ["ZhaoPengyouApp"]


def deal_explorer(players: int = 4, decks: int = 3):
    """Change the number of players and decks: the exact (hypergeometric) distribution of the
    trumps in your hand, its mean, and the chance you can declare."""
    def compute(players: int, decks: int):
        return trump_count_figure(players=players, decks=decks), deal_readout(players=players, decks=decks)

    return Explorer({"players": number_box("Players", players, 4, 7),
                     "decks": number_box("Decks", decks, 2, 3)}, compute)
