"""Play Moneybags: bags you can only jiggle, steal controls, a challenge prompt with a countdown,
coin stacks compared when a challenge empties two bags, and the round and game scores."""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from changekit.ui.app import GameApp, button, page_number
from changekit.ui.countdown import Countdown
from changekit.ui.explorer import Explorer, number_box
from changekit.core.checks import whole
from changekit.core.markup import escape
from changekit.core.words import possessive

from .analysis import robbed_figure, robbed_readout
from .bots import BOTS, BayesianChallenger, robbed_heights
from .moves import Accept, Challenge, Close, Diamond, Fill, Jiggle, Stand, Steal
from .rules import COINS, Moneybags, MoneybagsState, coins_text
from .spec import SPEC

#: The longest challenge countdown (seconds) a page address or an argument may set.
MAX_COUNTDOWN = 600

STYLE = """
<style>
@keyframes mb-grow { from { transform: scaleY(0); } to { transform: scaleY(1); } }
.mb-stack { transform-box: fill-box; transform-origin: bottom; animation: mb-grow 1.4s ease-out; }
/* the stacks appear at once for people who asked their system for less motion */
@media (prefers-reduced-motion: reduce) { .mb-stack { animation: none; } }
.mb-bags { display: flex; flex-wrap: wrap; gap: 10px; }
</style>
"""


def bag_svg(name: str, *, status: str = "open", reading: int | None = None, mine: bool = False, width: int = 96) -> str:
    """A drawstring sack. Nothing about its contents: only the owner's name, whether it is
    open, closed or out, and the viewer's own latest jiggle reading of it.

    >>> "feels ≈ 12" in bag_svg("Bo", reading=12) and "<svg" in bag_svg("Bo")
    True
    """
    colour = {"open": "#c89f5d", "closed": "#8d6e3f", "out": "#d6d6d6"}.get(status, "#c89f5d")
    ink = "#4a3519" if status != "out" else "#888"
    feel = f"feels ≈ {reading}" if reading is not None else "not jiggled yet"
    title = escape(f"{possessive(name, capital=True)} bag, {status}, {feel}")
    rope = "#b3261e" if status == "closed" else ink
    dash = ' stroke-dasharray="4 3"' if status == "out" else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{round(width * 1.25)}" viewBox="0 0 80 100"'
        f' role="img" aria-label="{title}"><title>{title}</title>'
        f'<path d="M28 22 Q20 10 30 8 L50 8 Q60 10 52 22 Q75 38 72 70 Q70 94 40 94 Q10 94 8 70 Q5 38 28 22 Z"'
        f' fill="{colour}" stroke="{ink}" stroke-width="2"{dash}/>'
        f'<path d="M26 22 Q40 28 54 22" fill="none" stroke="{rope}" stroke-width="{3 if status == "closed" else 2}"/>'
        f'<text x="40" y="58" text-anchor="middle" font-family="Georgia, serif"'
        f' font-size="{20 if reading is not None else 12}"'
        f' font-weight="bold" fill="{ink}">{"?" if reading is None else "≈" + str(reading)}</text>'
        f'<text x="40" y="78" text-anchor="middle" font-family="system-ui, sans-serif" font-size="9" fill="{ink}">'
        f'{escape("YOURS" if mine else status.upper())}</text></svg>'
    )


def stacks_svg(stacks: list[tuple[str, int, bool]], diamond_height: int, *, unit: float = 3.0) -> str:
    """Coin stacks side by side (the diamond on top), growing in when shown.

    >>> "Ann: 7 coins + diamond = 17; Bo: 1 coin = 1" in stacks_svg([("Ann", 7, True), ("Bo", 1, False)], 10)
    True
    """
    tallest = max([c + (diamond_height if d else 0) for _, c, d in stacks] + [1])
    top = 24
    height = round(top + tallest * unit + 30)
    col = 110
    parts, labels = [], []
    for i, (name, coins, diamond) in enumerate(stacks):
        x = 20 + i * col
        base = height - 24
        total = coins + (diamond_height if diamond else 0)
        label = f"{name}: {coins_text(coins)}" + (" + diamond" if diamond else "") + f" = {total}"
        labels.append(label)
        shapes = [f'<rect x="{x}" y="{base - (k + 1) * unit:.1f}" width="60" height="{unit:.1f}" rx="1.2" '
                  f'fill="#e9c46a" stroke="#a57f1a" stroke-width="0.5"/>' for k in range(coins)]
        if diamond:
            y = base - coins * unit - diamond_height * unit
            shapes.append(f'<polygon points="{x + 30},{y:.1f} {x + 58},{y + diamond_height * unit * 0.35:.1f} '
                          f'{x + 30},{base - coins * unit:.1f} {x + 2},{y + diamond_height * unit * 0.35:.1f}" '
                          'fill="#98c1d9" stroke="#3d5a80" stroke-width="1"/>')
        parts.append(f'<g class="mb-stack"><title>{escape(label)}</title>{"".join(shapes)}</g>'
                     f'<text x="{x + 30}" y="{base - total * unit - 6:.1f}" text-anchor="middle" font-size="13" '
                     f'font-weight="bold">{total}</text>'
                     f'<text x="{x + 30}" y="{height - 8}" text-anchor="middle" font-size="11">{escape(name)}</text>')
    width = 40 + col * len(stacks)
    alt = escape("; ".join(labels))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" aria-label="{alt}">'
            f'<title>{alt}</title>{"".join(parts)}</svg>')


class MoneybagsApp(GameApp):
    game = Moneybags
    bots = BOTS
    default_bot = SPEC.default_bot

    state: MoneybagsState

    own_settings = ("countdown",)

    def __init__(self, *, countdown: int | None = None, **kwargs: Any) -> None:
        # the app's own setting, taken here because the frame hands every other keyword to the game:
        # seconds to decide on a challenge; 0 turns the clock off; by default the page's ?countdown= or 5
        self.countdown = (page_number("countdown", 5, low=0, high=MAX_COUNTDOWN) if countdown is None
                          else whole(countdown, "countdown", low=0, high=MAX_COUNTDOWN))
        super().__init__(**kwargs)

    def build(self) -> None:
        countdown = self.countdown
        # number boxes, not sliders: an ipywidgets slider's handle has no accessible name (axe: aria-input-field-name)
        self.w_coins = w.BoundedIntText(value=3, min=0, max=20, description="Coins", layout=w.Layout(width="160px"))
        self.w_target = w.Dropdown(options=[], description="From", layout=w.Layout(width="220px"))
        self.w_diamond = w.Checkbox(value=False, description="Feel for the diamond too", indent=False)
        self.w_pour = w.BoundedIntText(value=10, min=1, max=60, description="Coins", layout=w.Layout(width="160px"))
        self.w_gem_bag = w.Dropdown(options=[], description="Diamond to", layout=w.Layout(width="240px"))
        # the count runs only while the student sees the clock (changekit.ui.countdown), and starts only
        # after the student has acted on this page: a robbery on page open waits for its Start button
        # (nobody may be looking yet: a notebook after Run All). The same text button lifts the time
        # limit once it runs (WCAG 2.2.1: adjustable time limits)
        self.w_clock = Countdown(seconds=max(1, countdown))
        self.w_clock.on_expire(self._time_up)
        self.b_clock = button("Start the countdown", self._clock_button)
        self._acted = False  # the student has made a move on this page (a count may start by itself)
        self._clock_for: tuple[int, int] | None = None  # (robbery, seat) the running clock belongs to
        self._clock_stopped: tuple[int, int] | None = None  # (robbery, seat) whose clock the player stopped
        self._clock_waits: tuple[int, int] | None = None  # (robbery, seat) whose clock waits for Start
        # the widgets are made once and updated in place: making ipywidgets is the slow part
        self.w_head = w.HTML()
        self.w_bags = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.w_reveal = w.HTML()
        self._seats: list[tuple[w.HTML, w.HTML, w.Button, w.VBox]] = []
        self.w_prompt = w.HTML()
        self.b_steal = button("Steal", self._steal, style="warning",
                              tooltip="Reach into the chosen bag (only you learn what you got)")
        # the labels of the buttons that make one action are that action's words (set as drawn)
        self.b_stand = button("", lambda: self._play(Stand()))
        self.b_close = button("", lambda: self._play(Close()), tooltip="No more turns for you; nobody can rob you")
        self.b_challenge = button("", lambda: self._play(Challenge()), style="danger")
        self.b_accept = button("", lambda: self._play(Accept()))
        self.b_feel_mine = button("", lambda: self._play(Jiggle(self.viewer)))
        self.b_feel_thief = button("", self._feel_thief)
        self.b_pour = button("Pour", lambda: self._play(Fill(self.w_pour.value)), style="primary")
        self.b_gem = button("Drop the diamond", lambda: self._play(Diamond(self.w_gem_bag.value)), style="primary")
        self.row_turn = [w.HBox([self.w_target, self.w_coins, self.w_diamond, self.b_steal],
                                layout=w.Layout(flex_flow="row wrap")), w.HBox([self.b_stand, self.b_close])]
        self.row_robbed = [w.HBox([self.w_clock, self.b_clock]) if countdown else w.HBox(),
                           w.HBox([self.b_challenge, self.b_accept, self.b_feel_mine, self.b_feel_thief])]
        self.row_pour = [w.HBox([self.w_pour, self.b_pour])]
        self.row_gem = [w.HBox([self.w_gem_bag, self.b_gem])]
        # warm the robbed player's prior (about 0.2 s once per table size) before the first hint
        robbed_heights(self.options.get("coins", COINS), self.w_players.value, self.options.get("diamond_height", 10))

    def _play(self, action: Any) -> None:
        """The student's move: from now on a robbery's count may start by itself."""
        self._acted = True
        self.act(action)

    def _feel_thief(self) -> None:
        pending = self.state.pending
        if pending:
            self._play(Jiggle(pending["thief"]))

    # ---- the challenge countdown -------------------------------------------------------
    def _robbery(self) -> int:
        """Which robbery is pending: the log index of the last steal."""
        return max((i for i, e in enumerate(self.state.log) if e.kind == "steal"), default=-1)

    def _time_up(self) -> None:
        if not self.countdown or self._clock_for is None:
            return
        robbery, seat = self._clock_for
        state = self.state
        if state.phase == "challenge" and seat in state.current_players() and self._robbery() == robbery:
            self._clock_for = None
            self.act(Accept(), player=seat)
            self.notes.insert(0, "Time ran out: you let the thief go.")
            self.refresh()  # act() drew the page before this note existed

    def _arm_clock(self, seat: int) -> None:
        """A robbery of ``seat`` is on the page: its count starts if the student has acted here
        already (their move led to it), else it waits for the Start button."""
        key = (self._robbery(), seat)
        if key in (self._clock_for, self._clock_stopped):
            return  # jiggling does not restart the count
        if self._acted:  # (a jiggle is acting too: a waiting count starts with it)
            self._start_clock(key)
            return
        if key == self._clock_waits:
            return
        self._clock_waits, self._clock_for = key, None
        self.w_clock.hold("starts when you press Start")
        self._clock_label("Start the countdown", f"Give yourself {self.countdown} seconds to decide")

    def _clock_button(self) -> None:
        if self._clock_for is not None:
            self._stop_clock()
        elif self._clock_waits is not None:
            self._acted = True  # pressing Start is acting
            self._start_clock(self._clock_waits)

    def _start_clock(self, key: tuple[int, int]) -> None:
        self._clock_for, self._clock_waits = key, None
        self.w_clock.start()
        self._clock_label("Stop the countdown", "Take all the time you need to decide")

    def _stop_clock(self) -> None:
        self._clock_stopped, self._clock_for = self._clock_for, None
        self.w_clock.stop()
        self._clock_label("Countdown stopped: take your time", disabled=True)

    def _clock_label(self, label: str, tooltip: str = "", *, disabled: bool = False) -> None:
        self.b_clock.description, self.b_clock.tooltip = label, tooltip or label
        self.b_clock.disabled = disabled

    # ---- drawing -----------------------------------------------------------------------
    def _seat_widgets(self, n: int) -> None:
        if len(self._seats) == n:
            return
        self._seats = []
        for p in range(n):
            picture, caption = w.HTML(), w.HTML()
            jiggle = button("Jiggle", lambda b=p: self._play(Jiggle(b)))
            box = w.VBox([picture, caption, jiggle], layout=w.Layout(align_items="center", margin="2px 6px"))
            self._seats.append((picture, caption, jiggle, box))

    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        n = len(view["order"])
        acting = viewer in view["to_act"]
        # a turn lists Stand, Close, then its jiggles (at most one a seat) before the steals
        jiggles = {a.bag for a in self.state.legal_actions(viewer)[:12] if isinstance(a, Jiggle)} if acting else set()
        turns = ", ".join(names[p] for p in view["turns_left"]) or "—"
        self.w_head.value = (
            f"{STYLE}<div>Round {view['round']} of {view['rounds']} · Boss: <b>{escape(names[view['dealer']])}</b> · "
            f"turns to come: {escape(turns)} · {coins_text(view['coins'])} and a diamond "
            f"{coins_text(view['diamond_height'])} tall · "
            f"jiggles are a model (±{float(view['jiggle_noise']) * 100:.0f} %)</div>")
        self._seat_widgets(n)
        for p in view["order"]:
            picture, caption, jiggle, _ = self._seats[p]
            status = "out" if view["out"][p] else "closed" if view["closed"][p] else "open"
            reading = view["readings"][p][-1] if view["readings"][p] else None
            who = "Your bag" if p == viewer else f"{names[p]}'s bag"
            picture.value = bag_svg(names[p], status=status, reading=reading, mine=p == viewer)
            caption.value = (f"<div style='text-align:center'><b>{escape(who)}</b>"
                             f"{' · Boss' if p == view['dealer'] else ''}<br><small>{status}"
                             f"{'' if reading is None else ', feels ≈ ' + str(reading)}</small></div>")
            self._label(jiggle, Jiggle(p), viewer, tooltip=False)
            jiggle.tooltip = f"Feel how tall {who.lower()} is (a noisy reading)"
            jiggle.disabled = p not in jiggles
        boxes = [self._seats[p][3] for p in view["order"]]
        if list(self.w_bags.children) != boxes:
            self.w_bags.children = boxes
        self.w_reveal.value = self._reveal_html(view)
        self.w_table.children = [self.w_head, self.w_bags, self.w_reveal]
        self.w_controls.children = self._controls(view, viewer, jiggles, names, n)

    def _reveal_html(self, view: dict[str, Any]) -> str:
        names, dh = self.names(), view["diamond_height"]
        if view["reveals"]:
            r = view["reveals"][-1]
            svg = stacks_svg([(names[r["victim"]], r["victim_coins"], r["victim_diamond"]),
                              (names[r["thief"]], r["thief_coins"], r["thief_diamond"])], dh)
            return (f"<b>Challenge!</b> {escape(names[r['victim']])} (challenger) against "
                    f"{escape(names[r['thief']])} (thief). Out: {escape(names[r['loser']])}.<br>{svg}")
        if view["results"] and view["phase"] != "challenge" and not view["steals"]:
            r = view["results"][-1]
            stacks = [(names[p], r["coins"][p], r["diamond"] == p) for p in r["ranking"]]
            svg = stacks_svg(stacks, r["diamond_height"], unit=2.0) if stacks else ""
            return f"<b>End of round {r['round']}</b>, tallest first: {svg}"
        return ""

    def _controls(self, view: dict[str, Any], viewer: int, jiggles: set, names: list[str], n: int) -> list[w.Widget]:
        phase = view["phase"]
        if phase == "over" or viewer not in view["to_act"]:
            self.w_prompt.value = "<i>Wait for your turn.</i>" if phase != "over" else ""
            return [self.w_prompt]
        if phase == "fill":
            if view["bags_poured"] < n:
                bag = view["order"][view["bags_poured"]]
                most = max(a.coins for a in self.state.legal_actions(viewer) if isinstance(a, Fill))
                self.w_pour.max, self.w_pour.value = most, min(max(1, self.w_pour.value), most)
                poured = ", ".join(f"{names[p]} {c}" for p, c in enumerate(view["poured"] or []) if c)
                self.w_prompt.value = (f"You are the Boss: pour coins into <b>{escape(names[bag])}</b>'s bag "
                                       f"(at least 1 each; poured so far: {escape(poured or 'nothing')}).")
                return [self.w_prompt, *self.row_pour]
            self.w_gem_bag.options = [(names[p], p) for p in range(n)]
            if self.w_gem_bag.value is None:
                self.w_gem_bag.value = view["order"][0]
            self.w_prompt.value = "Drop the diamond into one bag."
            return [self.w_prompt, *self.row_gem]
        if phase == "challenge":
            thief = view["pending"]["thief"]
            self._arm_clock(viewer)
            when = f" before the count of {self.countdown}" if self.countdown else ""
            self.w_prompt.value = (f"<b>{escape(names[thief])} reached into your bag!</b> Challenge{when}? Both bags "
                                   "are emptied: if your stack is as tall as the thief's or taller, <i>you</i> are "
                                   "out; if the thief's is taller, the thief is out.")
            self._label(self.b_challenge, Challenge(), viewer)
            self._label(self.b_accept, Accept(), viewer)
            self._label(self.b_feel_mine, Jiggle(viewer), viewer)
            self.b_feel_mine.disabled = viewer not in jiggles
            self._label(self.b_feel_thief, Jiggle(thief), viewer)
            self.b_feel_thief.disabled = thief not in jiggles
            return [self.w_prompt, *self.row_robbed]
        targets = [p for p in range(n) if p != viewer and not view["out"][p] and not view["closed"][p]]
        keep = self.w_target.value
        options = [(names[p], p) for p in targets]
        if list(self.w_target.options) != options:
            self.w_target.options = options
        self.w_target.value = keep if keep in targets else (targets[0] if targets else None)
        self.b_steal.disabled = not targets
        self._label(self.b_stand, Stand(), viewer)
        self._label(self.b_close, Close(), viewer, tooltip=False)
        self.w_prompt.value = "Your turn: steal from an open bag (0 coins is a bluff), stand by, or close your bag."
        return [self.w_prompt, *self.row_turn]

    def _label(self, btn: w.Button, action: Any, viewer: int, *, tooltip: bool = True) -> None:
        """A button that makes one action says that action's words (and, unless it explains more, so
        does its tooltip)."""
        btn.description = self.state.describe_action(action, self.names(), by=viewer)
        if tooltip:
            btn.tooltip = btn.description

    def _steal(self) -> None:
        if self.w_target.value is None:
            self.error = "there is no open bag to rob"
            self.refresh()
            return
        self._play(Steal(self.w_target.value, self.w_coins.value, 1 if self.w_diamond.value else 0))

    # ---- hints, summary ----------------------------------------------------------------
    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        names = self.names()
        if viewer not in view["to_act"]:
            return ""
        if view["phase"] == "challenge":
            v = BayesianChallenger.value(view)
            return (f"Bayes (model: a random pour, a thief grabbing 0-8 coins, your fresh jiggles): P(the thief's "
                    f"stack is taller) ≈ {v.p_win:.2f}. Expected height if you challenge ≈ {v.ev_challenge:.1f}, "
                    f"if you let it go ≈ {v.ev_accept:.1f}: {'challenge' if v.should_challenge else 'let it go'}. "
                    "Jiggle both bags first to sharpen it.")
        if view["phase"] == "turn":
            mine = view["readings"][viewer][-1] if view["readings"][viewer] else None
            felt = {p: r[-1] for p, r in enumerate(view["readings"]) if r and p != viewer and not view["out"][p]
                    and not view["closed"][p]}
            if mine is None or not felt:
                return "Jiggle your bag and the others to compare before you steal."
            p = max(felt, key=lambda seat: felt[seat])
            room = (felt[p] - mine) / 2
            advice = (f"take fewer than about {room:.0f} coins so that you stay shorter than {names[p]} if challenged"
                      if room > 0 else f"{names[p]} already feels shorter than you: a challenge would knock you out")
            return f"Rule of thumb from your readings (you ≈ {mine}, {names[p]} ≈ {felt[p]}): {advice}."
        return ""

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        names = self.names()
        # "Your bag feels about 15": a reading is of a bag (the human is "You": "You feels" read wrong)
        feel = "; ".join(f"{possessive(names[p], capital=True)} bag feels about {r[-1]}"
                         for p, r in enumerate(view["readings"]) if r)
        robbery = ""
        if view["phase"] == "challenge" and view["pending"]:
            thief, victim = view["pending"]["thief"], view["pending"]["victim"]
            robbery = (f" {names[thief]} reached into {'your' if victim == viewer else names[victim] + chr(8217) + 's'}"
                       " bag: challenge or let it go.")
        return (f"{self.status(viewer)}{robbery} Round {view['round']}. {feel + '.' if feel else 'No jiggles yet.'} "
                f"Points: {view['scores']}.")

    def score_label(self) -> str:
        return "Points"


def jiggle_explorer(*, held: int = 12, taken: int = 4, reading: int = 24, noise: float = 0.15):
    """Robbed, then jiggle the thief's bag: change the coins, the reading and the jiggle noise and
    watch both beliefs and the chance a challenge wins (exact until the jiggle)."""
    def compute(held: int, taken: int, reading: int, noise: float):
        return (robbed_figure(held=held, taken=taken, reading=reading, noise=noise),
                robbed_readout(held=held, taken=taken, reading=reading, noise=noise))

    return Explorer({"held": number_box("Coins in your bag", held, 1, 64),
                     "taken": number_box("Coins taken", taken, 0, 64),
                     "reading": number_box("Thief's bag jiggles", reading, 0, 80),
                     "noise": number_box("Jiggle noise", noise, 0.05, 1.0, step=0.05)}, compute, columns=2)
