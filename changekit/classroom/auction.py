"""The class auction's pages: one Boneyard first round with the whole class as bidders (2 to 60).

The round's rules (a bid's check, settling with the engine, the equilibrium beside it) are
Boneyard's (``changekit.games.boneyard.class_auction``); here are the store's question and prompt,
what the students' pages are shown when bidding closes, and the widgets: the teacher's
:class:`AuctionPanel` and a student's :class:`AuctionBidder`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import ChangekitError
from ..core.errors import ClassroomError
from ..core.words import dollars, money
from ..games.boneyard import (
    FIRST_ROUND_BIDS, MAX_CLASS_PLAYERS, START_BILLS, AuctionResult, check_bid, resolve_auction, settled_bids,
)
from ..core.markup import escape
from ..registry import game_spec
from .kinds import AUCTION_KIND
from .store import Store
from .poller import NewsPoller, off_loop

#: the store's question ids of a session's auctions: auction.1, auction.2, ...
QUESTION_PREFIX = "auction."
#: the prompt an auction question opens with: a student page that sees it shows an AuctionBidder.
#: ``max_answers``: the store takes bids from at most that many students (the 61st is refused
#: when it comes in, with the reason), so settling never meets more bidders than the engine seats
AUCTION_PROMPT = {"kind": AUCTION_KIND, "text": "Class auction: one Boneyard round with the whole class.",
                  "max_answers": MAX_CLASS_PLAYERS}


def auction_question(number: int) -> str:
    """The question id of a session's ``number``-th auction."""
    return f"{QUESTION_PREFIX}{number}"


def auction_figure(result: AuctionResult) -> Any:
    """Bars: the share of the class that bid each total beside the equilibrium's probability of
    it for this many bidders."""
    import plotly.graph_objects as go  # plotly only for the chart

    from ..ui.theme import style

    n = result.bidders
    totals = list(FIRST_ROUND_BIDS)
    share = [sum(1 for x in result.totals if x == t) / n if n else 0 for t in totals]
    fig = go.Figure()
    fig.add_bar(x=totals, y=share, name=f"the class ({n} bids)")
    if result.equilibrium is not None:
        fig.add_bar(x=totals, y=[result.equilibrium.strategy[t] for t in totals],
                    name=f"equilibrium for {n} bidders")
    style(fig, title="The class's bids and the equilibrium", x="bid total ($)", y="share of bids")
    return fig


def auction_reveal(result: AuctionResult) -> dict[str, Any]:
    """What the students' pages are shown when bidding closes (the store's revealed answer, small
    whatever the class size): who took each bucket with which total, and the totals that
    cancelled. A student's own outcome follows from it and their bid (:func:`own_outcome`)."""
    won = sorted(((o.bucket, o) for o in result.outcomes if o.bucket is not None), key=lambda pair: -pair[0])
    winners = [[o.name, bucket, o.total] for bucket, o in won]
    cancelled = sorted({o.total for o in result.outcomes if o.outcome == "cancelled"}, reverse=True)
    return {"kind": AUCTION_KIND, "bidders": result.bidders, "winners": winners, "cancelled": cancelled}


def own_outcome(reveal: Mapping[str, Any], name: str, bid: Any) -> str:
    """A student's outcome in words, from :func:`auction_reveal`'s summary and their bid."""
    for winner, bucket, _ in reveal.get("winners", []):
        if winner == name:
            return f"You took the ${bucket} bucket."
    if bid is None:
        return "You did not bid."
    total = sum(check_bid(bid))
    if total in reveal.get("cancelled", []):
        return f"Your ${total} was matched by another bid: both cancelled, and the bills are lost."
    return f"No bucket was left for your ${total}: your bid is returned."


def reveal_html(reveal: Mapping[str, Any], name: str, bid: Any) -> str:
    rows = "".join(f"<li>{money(bucket)} bucket: <b>{escape(winner)}</b> (bid {money(total)})</li>"
                   for winner, bucket, total in reveal.get("winners", []))
    cancelled = dollars(reveal.get("cancelled", []), empty="")
    return (f'<div class="ck-auction-result"><p><b>Bidding is closed</b> '
            f'({reveal.get("bidders", 0)} bids). {escape(own_outcome(reveal, name, bid))}</p>'
            f"<ul>{rows or '<li>No bucket was taken.</li>'}</ul>"
            + (f"<p>Cancelled totals: {cancelled}.</p>" if cancelled else "") + "</div>")


def outcomes_html(result: AuctionResult) -> str:
    rows = "".join(f"<tr><td>{escape(o.name)}</td><td>{money(o.total)}</td><td>{dollars(o.bid, sep=' + ')}</td>"
                   f"<td>{escape(o.outcome)}</td><td>{o.net:+d}</td></tr>" for o in result.outcomes)
    return ('<table class="ck-auction" aria-label="auction results"><tr><th>Student</th><th>Bid</th><th>Bills</th>'
            f"<th>Result</th><th>Money</th></tr>{rows}</table>")


def _class_explorer() -> Any:
    """Boneyard's class explorer (the best response to a class's bids), reached through its spec
    as the classroom reaches every game: the teacher's auction panel feeds it the class live. It
    starts empty: the notebook's sample bids, on a class dashboard, read as the class's own."""
    explorer = next(ref for ref in game_spec("boneyard").explorers if ref.name == "ClassExplorer")
    made = explorer.load()(bids="", lazy=True)
    made.w_text.value = ""
    return made


class AuctionPanel:
    """The teacher's class auction: start one (students bid from their pages), watch the count,
    close bidding; then who won which bucket, the class's bids beside the equilibrium for that
    many bidders, and the best response to the class (the Boneyard class explorer, fed live)."""

    def __init__(self, store: Store, code: str, teacher_key: str, *, poll: bool = True) -> None:
        import ipywidgets as w  # widgets only for the pages: resolve_auction runs without them (the store, tests)

        from ..ui.app import button
        from ..ui.charts import LiveChart

        self.store, self.code, self.teacher_key = store, code, teacher_key
        self.question_id: str | None = None
        self.result: AuctionResult | None = None
        self.w_start = button("Start a class auction", self._start_clicked, style="primary")
        self.w_close = button("Close bidding and settle", self._close_clicked, style="warning")
        self.w_close.disabled = True
        # what the greyed-out Close waits for, said in words (a tooltip is not read on a phone)
        self.w_count = w.HTML("<i>No auction is open: Start a class auction, and Close bidding and settle "
                              "comes alive once it is.</i>")
        self.w_results = w.HTML()
        self.w_message = w.HTML()  # every refusal of the store, or of the settling, said here
        self.chart = LiveChart(auction_figure(AuctionResult((), (), None, None)))
        # an empty chart says nothing: it shows with the first result (a box: a FigureWidget's layout is plotly's)
        # a column, so that the chart takes its width (in a row it had none: 0 px on a phone)
        self.chart_box = w.VBox([self.chart.widget], layout=w.Layout(display="none"))
        self.explorer = _class_explorer()
        self.explorer.w_players.max = MAX_CLASS_PLAYERS  # the whole class is the table
        # the best response shows with the class's first settled bids, never before
        self.explorer_box = w.VBox([w.HTML("<b>Best response to the class's bids</b>"), self.explorer.widget,
                                    self.explorer.figure], layout=w.Layout(display="none"))
        self.widget = w.VBox([w.HBox([self.w_start, self.w_close]), self.w_message, self.w_count, self.w_results,
                              self.chart_box, self.explorer_box])
        self._counts: tuple[str | None, int, int] = (None, 0, 0)
        self.poller = NewsPoller(self._read_count, self._draw_count, period=1.0, done=lambda: self.question_id is None,
                                 on_problem=lambda problem: self._say(problem or ""))
        self._poll = poll

    def _say(self, problem: str) -> None:
        from .class_tournament import sentence  # the classroom's one way of wording a refusal

        self.w_message.value = (f'<div class="ck-error" role="alert" style="color:#b3261e">{escape(sentence(problem))}'
                                "</div>" if problem else "")

    def _start_clicked(self) -> None:
        self._say("")
        off_loop(self._open_next, self._started, failed=self._say)

    def _close_clicked(self) -> None:
        self._say("")
        self.w_close.disabled = True  # one settling at a time
        off_loop(self._settle, self._settled, failed=self._not_settled)

    def _not_settled(self, reason: str) -> None:
        self.w_close.disabled = self.question_id is None
        self._say(f"Bidding could not be settled: {reason}")

    def _open_next(self) -> str:
        """Open the next auction question (``auction.<n>``) in the store (blocking)."""
        taken = [q.question_id for q in self.store.questions(self.code, self.teacher_key)
                 if q.question_id.startswith(QUESTION_PREFIX)]
        question_id = auction_question(len(taken) + 1)
        self.store.open_question(self.code, self.teacher_key, question_id, AUCTION_PROMPT)
        return question_id

    def start(self) -> str:
        """Open the next auction question (``auction.<n>``): students bid to it."""
        self._started(self._open_next())
        assert self.question_id is not None, "just opened"
        return self.question_id

    def _started(self, question_id: str) -> None:
        self.question_id = question_id
        self.result = None
        self.w_close.disabled = False
        self.w_results.value = ""
        self.count()
        if self._poll:
            self.poller.start()

    def count(self) -> None:
        """Show how many have bid (the poller does it every second)."""
        if self._read_count():
            self._draw_count()

    def _read_count(self) -> bool:
        """Read (bids in, students joined) from the store; True if they changed. Blocking: the
        poller runs it in a worker thread and draws on the kernel's loop."""
        question = self.question_id
        if question is None:
            return False
        answered = {q.question_id: q.answered for q in self.store.questions(self.code, self.teacher_key)}
        counts = (question, answered.get(question, 0), len(self.store.students(self.code, self.teacher_key)))
        changed = counts != self._counts
        self._counts = counts
        return changed

    def _draw_count(self) -> None:
        question, bids, students = self._counts
        self.w_count.value = f"<b>Auction {question}</b>: {bids} of {students} students have bid."

    def close(self) -> AuctionResult | None:
        """Close bidding, settle it and show the result (blocking; a refusal raises)."""
        if self.question_id is None:
            return None
        self._settled(self._settle())
        return self.result

    def _settle(self) -> AuctionResult:
        """The store's half of :meth:`close` (blocking: a worker thread runs it for the button)."""
        question = self.question_id
        if question is None:
            raise ClassroomError("no-auction", "no class auction is open: start one first")
        self.store.close_question(self.code, self.teacher_key, question)
        answers = self.store.answers(self.code, self.teacher_key, question)
        result = resolve_auction(settled_bids(answers))
        self.store.reveal_question(self.code, self.teacher_key, question, auction_reveal(result))
        return result

    def _settled(self, result: AuctionResult) -> None:
        self.result = result
        self.w_close.disabled = True
        self.count()
        self.w_count.value += " Bidding is closed: Start a class auction opens the next one."
        self.question_id = None
        self.w_results.value = outcomes_html(result)
        self.chart.show(auction_figure(result))
        self.chart_box.layout.display = None
        if result.bidders >= 2:
            self.explorer.w_bids.value = " ".join(str(t) for t in result.totals)
            self.explorer.w_players.value = result.bidders
            self.explorer.update()
            self.explorer_box.layout.display = None

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget)


class AuctionBidder:
    """A student's bid in the class auction ``question_id``: pick bills, submit (again to change
    it, until the teacher closes bidding)."""

    def __init__(self, store: Store, code: str, token: str, question_id: str) -> None:
        import ipywidgets as w  # widgets only for the pages: resolve_auction runs without them (the store, tests)

        from ..ui.app import button
        from ..ui.live_region import LiveRegion

        if not question_id.startswith(QUESTION_PREFIX):
            raise ClassroomError("bad-question", f"{question_id!r} is not a class auction")
        self.store, self.code, self.token, self.question_id = store, code, token, question_id
        self._told = False  # the student's bid said once (after a reload, from the store)
        self.w_bills = [w.ToggleButton(value=False, description=money(b), tooltip=f"bid your {money(b)} bill",
                                       layout=w.Layout(width="70px")) for b in START_BILLS]
        self.w_submit = button("Submit my bid", self._submit_clicked, style="success")
        self.w_status = LiveRegion(value="<div>You hold $10, $7, $5, $3 and $1. Pick the bills you bid.</div>")
        self.widget = w.VBox([w.HTML("<b>Class auction</b>: one Boneyard round with the whole class."),
                              w.HBox(self.w_bills), self.w_submit, self.w_status])
        self.widget.add_class("ck-auction-bidder")

    def bid(self) -> tuple[int, ...]:
        return tuple(b for b, t in zip(START_BILLS, self.w_bills, strict=True) if t.value)

    def follow(self, poll: Any, name: str) -> None:
        """Put the bidder in the state the store says (``poll``: the auction question as this
        student sees it): their bid said after a reload; once bidding closes, no more bids; once
        settled, the result. The bills stay unpicked: a new pick is a whole new bid."""
        mine = poll.mine
        if mine is not None and not self._told:
            try:
                self._said_bid(check_bid(mine))
            except ChangekitError:
                pass
        if poll.closed:
            for control in (*self.w_bills, self.w_submit):
                control.disabled = True
            if isinstance(poll.answer, dict) and poll.answer.get("kind") == AUCTION_KIND:
                self.w_status.value = reveal_html(poll.answer, name, mine)
            else:
                self.w_status.value = "<div><b>Bidding is closed.</b></div>"

    def _said_bid(self, bid: tuple[int, ...]) -> None:
        self._told = True
        bills = f' ({dollars(bid, sep=" + ")})' if len(bid) > 1 else ""  # "$1 ($1)" said one bill twice
        self.w_status.value = (f"<div>Your bid: <b>{money(sum(bid))}</b>{bills}. "
                               "To change it, pick the bills of your new bid and submit again (it replaces "
                               "this one) until the teacher closes bidding.</div>")

    def _refused(self, reason: str) -> None:
        self.w_submit.disabled = False
        self.w_status.value = f'<div style="color:#b3261e">{escape(reason)}</div>'

    def _checked(self) -> tuple[int, ...] | None:
        try:
            return check_bid(list(self.bid()))
        except ChangekitError as err:
            self._refused(str(err))
            return None

    def _sent(self, bid: tuple[int, ...]) -> None:
        self.w_submit.disabled = False
        for toggle in self.w_bills:  # the next pick starts from nothing: it replaces this bid
            toggle.value = False
        self._said_bid(bid)

    def _submit_clicked(self) -> None:
        bid = self._checked()
        if bid is None:
            return
        self.w_submit.disabled = True  # one bid at a time
        off_loop(lambda: self.store.submit(self.code, self.token, self.question_id, list(bid)),
                 lambda _: self._sent(bid), failed=self._refused)

    def submit(self) -> None:
        """Send the picked bills as the bid (blocking), replacing any earlier bid."""
        bid = self._checked()
        if bid is None:
            return
        try:
            self.store.submit(self.code, self.token, self.question_id, list(bid))
        except ChangekitError as err:
            self._refused(str(err))
            return
        self._sent(bid)

    def _ipython_display_(self) -> None:
        from IPython.display import display  # IPython only when a notebook displays it

        display(self.widget)


__all__ = ["AUCTION_KIND", "AUCTION_PROMPT", "AuctionBidder", "AuctionPanel", "auction_figure", "auction_question",
           "auction_reveal", "own_outcome"]
