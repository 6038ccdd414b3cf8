"""Play Boneyard: press Add under bills to build a secret bid, see the buckets, press Reveal, and watch the
round resolve (matched bids cancelled, claims made, the Boneyard rebuilt step by step).

Also :class:`ClassExplorer`, the "best response to the class" tool for the notebook.
"""
from __future__ import annotations

import time
from typing import Any, Sequence

import ipywidgets as w
from IPython.display import display

from changekit.core.words import dollars, money
from changekit.ui.app import GameApp, PictureRow, Slot, button
from changekit.ui.charts import ChartBox, plotly_js_url
from changekit.core.markup import escape
from changekit.core.pictures import bill_svg, bills_html

from .analysis import best_response_to_class, class_figure, expected_payoffs, parse_bids
from .bots import BOTS
from .model import EQUILIBRIUM_TABLE
from .moves import Bid
from .rules import BUCKETS, TARGET, Boneyard, bid, claim, describe
from .spec import SPEC

STYLE = """
<style>
.by-buckets { display: flex; flex-wrap: wrap; gap: 8px; }
.by-bucket { border: 2px solid #8d6e3f; border-radius: 0 0 14px 14px; padding: 4px 6px; min-width: 110px;
             background: #fbf6ec; text-align: center; }
.by-bucket h3 { margin: 2px 0 4px 0; font-size: 1.05em; }
.by-round table { border-collapse: collapse; }
.by-round td, .by-round th { padding: 2px 8px; border-bottom: 1px solid #ddd; }
.by-round tr.by-cancel { background: #fde2e1; } .by-round tr.by-win { background: #e3f4e1; }
.by-round tr.by-back { background: #eef0f4; }
.by-picked svg { outline: 3px solid #ee6c4d; outline-offset: 1px; border-radius: 4px; }
</style>
"""


def last_round(log: Sequence[Sequence[Any]]) -> dict[str, Any] | None:
    """The events of the last resolved round, from a view's log: bids, outcomes, rebuild steps.

    Returns ``None`` before the first reveal."""
    start = max((i for i, (kind, _) in enumerate(log) if kind == "reveal"), default=None)
    if start is None:
        return None
    out: dict[str, Any] = {"bids": log[start][1]["bids"], "totals": log[start][1]["totals"], "claims": {},
                           "cancelled": {}, "returned": [], "steps": [], "done": False, "before": None}
    for kind, data in log[:start][::-1]:
        if kind == "round":
            out["before"] = data["buckets"]
            out["round"] = data["round"]
            break
    for kind, data in log[start + 1:]:
        if kind == "claim":
            out["claims"][data["player"]] = data
        elif kind == "cancel":
            for p in data["players"]:
                out["cancelled"][p] = data["total"]
        elif kind == "return":
            out["returned"].append(data["player"])
        elif kind == "refill":
            out["steps"].append(("Winning bids drop into the buckets they took", data["buckets"], None))
        elif kind == "pile":
            current = list(out["steps"][-1][1])
            current[data["bucket"]] = data["value"]
            out["steps"].append((f"The cancelled {money(data['total'])} bids go into the poorest bucket", current,
                                 data["bucket"]))
        elif kind == "round_end":
            out["done"] = True
            out["net"] = data["net"]
            out["money"] = data["money"]
            break
    return out


class BoneyardApp(GameApp):
    game = Boneyard
    bots = BOTS
    default_bot = SPEC.default_bot
    default_players = 4

    def build(self) -> None:
        self.selected: list[int] = []  # indices into the viewer's hand (highest first)
        self.w_head = w.HTML()
        self.w_buckets = w.HTML()
        self.w_round = w.HTML()
        self.w_message = w.HTML()
        self.w_hand_title = w.HTML()
        self._hand_row = PictureRow(self.toggle)
        self.w_bid_text = w.HTML()
        self.w_go = button("Reveal", self.submit, style="success",
                           tooltip="Show your bid (the round resolves when every bid is in)")
        self.w_clear = button("Clear my bid", self.clear)
        self.w_bid_buttons = w.HBox([self.w_go, self.w_clear])
        self._claim_buttons = [button(describe(claim(i)), lambda i=i: self.act(claim(i))) for i in range(BUCKETS)]
        self.w_claims = w.HBox(layout=w.Layout(flex_flow="row wrap"))

    # ---- actions -------------------------------------------------------------------------
    def reset_input(self) -> None:
        self.selected = []

    def toggle(self, index: int) -> None:
        start = time.perf_counter()
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        self.refresh()
        self.timings.append((time.perf_counter() - start) * 1000)

    def clear(self) -> None:
        self.selected = []
        self.refresh()

    def picked(self) -> list[int]:
        """The bills picked so far, highest first."""
        hand = self.state.view(self.viewer)["hands"][self.viewer]
        return sorted((hand[i] for i in self.selected if i < len(hand)), reverse=True)

    def submit(self) -> None:
        bills = self.picked()
        if bills:  # (the button is disabled until a bill is picked)
            self.act(bid(*bills))

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, view: dict[str, Any], viewer: int) -> None:
        names = self.names()
        your_turn = viewer in view["to_act"]
        self.w_head.value = (STYLE + f"<div>Round {view['round']} · {len(view['active'])} players bidding · "
                             f"first to {money(TARGET)} wins · claim rule: {escape(view['claim'])}</div>")
        boxes = []
        for i, bucket in enumerate(view["buckets"]):
            note = " (taken)" if i in view["claims"].values() else ""
            worth = money(sum(bucket))
            boxes.append(f'<div class="by-bucket" role="group" aria-label="bucket {i + 1}: {worth}">'
                         f"<h3>Bucket {i + 1}: {worth}{note}</h3>{bills_html(bucket, width=44)}</div>")
        self.w_buckets.value = '<b>The Boneyard</b><div class="by-buckets">' + "".join(boxes) + "</div>"
        self.w_round.value = self.round_html(view, names)
        self.w_table.children = [self.w_head, self.w_buckets, self.w_round]
        if view["phase"] == "over":
            self.w_message.value = "<i>The game is over. Press “New game” to play again.</i>"
            self.w_controls.children = [self.w_message]
        elif view["phase"] == "claim" and your_turn:
            free = [i for i in range(len(view["buckets"])) if i not in view["claims"].values()]
            self.w_message.value = (f"<b>{escape(names[viewer])}: your unmatched {money(sum(view['bids'][viewer]))} "
                                    "bid may claim a bucket.</b>")
            for i in free:
                self._claim_buttons[i].description = self.state.describe_action(claim(i))
            self.w_claims.children = [self._claim_buttons[i] for i in free]
            self.w_controls.children = [self.w_message, self.w_claims]
        else:
            self.w_controls.children = self.bid_controls(view, viewer, your_turn)

    def bid_controls(self, view: dict[str, Any], viewer: int, your_turn: bool) -> list[w.Widget]:
        hand = view["hands"][viewer]
        if not hand:
            self.w_message.value = f"<i>{escape(self.possessive(viewer))} hand is empty: you sit this round out.</i>"
            return [self.w_message]
        if not your_turn:
            mine = view["your_bid"]
            text = (f"Your bid of {money(sum(mine))} is in; waiting for the others." if mine
                    else "Waiting for the others.")
            self.w_message.value = f"<i>{escape(text)}</i>"
            return [self.w_message]
        self.selected = [i for i in self.selected if i < len(hand)]
        slots = []
        for i, value in enumerate(hand):
            picked = i in self.selected
            bill = money(value)
            svg = bill_svg(value, width=80, label=f"{bill} bill" + (", in your bid" if picked else ""))
            tooltip = f"Remove your {bill} bill from your bid" if picked else f"Add your {bill} bill to your bid"
            slots.append(Slot(f'<span class="{"by-picked" if picked else ""}">{svg}</span>',
                              f"Take back {bill}" if picked else f"Add {bill}", tooltip))
        hand_row = self._hand_row.show(slots)
        bills = self.picked()
        others_waiting = [p for p in view["to_act"] if p != viewer]
        go_label = "Reveal" if not others_waiting else "Place my bid"
        self.w_go.description = f"{go_label} (bid {money(sum(bills))})" if bills else go_label
        self.w_go.disabled = self.w_clear.disabled = not bills
        self.w_bid_text.value = (f"Your bid: <b>{escape(self.state.describe_action(bid(*bills)))}</b>" if bills
                                 else "Your bid: nothing yet — press Add under a bill to add it (at least one).")
        self.w_hand_title.value = (f"<b>{escape(self.possessive(viewer))} hand ({money(sum(hand))})</b> — "
                                   "press Add under bills to build a secret bid")
        return [self.w_hand_title, hand_row, self.w_bid_text, self.w_bid_buttons]

    def round_html(self, view: dict[str, Any], names: list[str]) -> str:
        info = last_round(view["log"])
        if info is None:
            return "<div class='by-round'><i>No bids revealed yet.</i></div>"
        rows = []
        for p, bills in enumerate(info["bids"]):
            if bills is None:
                rows.append(f"<tr><td>{escape(names[p])}</td><td>—</td><td>sat out</td></tr>")
                continue
            total = sum(bills)
            if p in info["claims"]:
                c = info["claims"][p]
                css, outcome = "by-win", (f"unmatched: took bucket {c['bucket'] + 1} ({money(c['value'])}), "
                                          f"{money(c['value'] - total, signed=True)}")
            elif p in info["cancelled"]:
                css, outcome = "by-cancel", f"matched: cancelled, {money(-total)}"
            elif p in info["returned"]:
                css, outcome = "by-back", "unmatched, but no bucket left: bid returned"
            else:
                css, outcome = "", "waiting to claim a bucket"
            rows.append(f'<tr class="{css}"><td>{escape(names[p])}</td><td>{money(total)} '
                        f"{bills_html(bills, width=30)}</td><td>{escape(outcome)}</td></tr>")
        steps = ""
        if info["before"] is not None and info["steps"]:
            items = [f"<li>Before: {', '.join(money(v) for v in info['before'])}</li>"]
            for text, values, changed in info["steps"]:
                shown = ", ".join(f"<b>{money(v)}</b>" if i == changed else money(v) for i, v in enumerate(values))
                items.append(f"<li>{escape(text)}: {shown}</li>")
            steps = "<b>Rebuilding the Boneyard, step by step</b><ol>" + "".join(items) + "</ol>"
        title = f"Round {info.get('round', '?')}: the bids"
        return (f"<div class='by-round'><b>{escape(title)}</b><table aria-label='last round'>"
                "<tr><th>Player</th><th>Bid</th><th>Outcome</th></tr>" + "".join(rows) + "</table>" + steps + "</div>")

    def hints_html(self, view: dict[str, Any], viewer: int) -> str:
        if view["phase"] != "bid" or viewer not in view["to_act"]:
            return ""
        n = len(view["active"])
        makeable = sorted({sum(bid.bills) for bid in self.state.legal_actions(viewer) if isinstance(bid, Bid)})
        if n < 2:
            return ("You are the only bidder: any bid wins the richest bucket, so bid as little as you can "
                    f"({money(makeable[0])}).")
        mix = EQUILIBRIUM_TABLE[min(n, 8)]
        pay = expected_payoffs(mix, n - 1, buckets=[sum(b) for b in view["buckets"]], bids=makeable)
        best = max(pay, key=pay.get)
        shown = ", ".join(f"{money(t)}: {v:+.2f}" for t, v in pay.items() if t <= max(mix) + 3)
        mix_text = ", ".join(f"{money(t)} {p:.0%}" for t, p in mix.items())
        return (f"If the other {n - 1} bid like the first-round equilibrium ({mix_text}), your bids would "
                f"earn on average, with these buckets: {shown}. Best now: {money(best)}.")

    def summary(self, view: dict[str, Any], viewer: int) -> str:
        hand = dollars(view["hands"][viewer], empty="no bills")
        buckets = dollars([sum(b) for b in view["buckets"]])
        return f"{self.status(viewer)} Your hand: {hand}. Buckets: {buckets}. Money: {view['scores']}."

    def score_label(self) -> str:
        return f"Money ({money(TARGET)} wins)"


class ClassExplorer:
    """Type the bids a class made; see their distribution, each bid's exact expected payoff
    against it, and the best response. ``widget`` holds the controls and the verdict; show
    ``figure`` (the chart's box: the chart appears there on the first analysis and is redrawn in
    place) in its own cell."""

    def __init__(self, bids: str = "1 1 1 3 3 4 5 5 5 6 7 7 10 10 13", n_players: int = 4, *,
                 lazy: bool | None = None) -> None:
        self.w_bids = w.Textarea(value=bids, description="Class bids", layout=w.Layout(width="520px", height="60px"))
        # a number box, not a slider: an ipywidgets slider's handle has no accessible name
        self.w_players = w.BoundedIntText(value=n_players, min=2, max=8, description="Players",
                                          layout=w.Layout(width="160px"))
        self.w_go = button("Analyse the class's bids", self.update, style="info")
        self.w_text = w.HTML()
        self.widget = w.VBox([w.HBox([self.w_bids, w.VBox([self.w_players, self.w_go])]), self.w_text])
        self.widget.add_class("ck-explorer")  # the explorers' phone layout: one box under the other
        if lazy is None:  # a page the kit serves computes nothing until asked (as every explorer)
            lazy = plotly_js_url() is not None
        # the chart's place: a column, so that it takes the box's width (in a row a chart has none:
        # on the teacher's phone it was drawn into 0 px), empty until the first analysis
        self.chart = ChartBox()
        self.figure = self.chart.widget
        if lazy:
            self.w_text.value = "<i>Press <b>Analyse the class's bids</b> to see the best response.</i>"
            return
        report = best_response_to_class(parse_bids(bids), n_players)
        self.chart.show(class_figure(report))
        self._show(report)

    def update(self) -> None:
        try:
            report = best_response_to_class(parse_bids(self.w_bids.value), self.w_players.value)
        except ValueError as exc:
            self.w_text.value = f'<span style="color:#b3261e">{escape(str(exc))}</span>'
            return
        self.chart.show(class_figure(report))
        self._show(report)

    def _show(self, report: Any) -> None:
        best = dollars(report.best)
        value = report.payoffs[report.best[0]]
        self.w_text.value = (
            f"{sum(1 for _ in report.distribution)} different totals. Against {report.n_players - 1} opponents "
            f"drawn from this class, the best bid is <b>{best}</b>, earning <b>{value}</b> ≈ {float(value):+.3f} "
            f"on average; the class's own bids average {float(report.class_average):+.3f}.")

    def _ipython_display_(self) -> None:
        display(self.widget)
