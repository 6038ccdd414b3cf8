"""The projector's view of a class session (``notebooks/projector.ipynb``): the class's screen, never a name.

The dashboard opens it in one click at :func:`projector_address`, which carries the session's
code and its read-only **projector key** (:meth:`~changekit.classroom.store.Store.projector_key`),
never the teacher key. It reads the store only through the projector's reads (``projector_*``),
which return counts, votes in no one's order and results, no names (a tournament's standings have
them only when the teacher published them with names): no name reaches this page's kernel.

What it shows, sized for the back of a room on a 1280×720 screen (no text under 24 px):

* while students arrive, the join code in very large type and a QR code of the join address;
* while they vote, the question, what to do now and "12 of 28 answered";
* after the reveal, the answer in large type and the class's votes as bars, the right answer
  marked by colour and by a written "✓ right"; with the question's share right, first vote →
  revote, and Hake's g (the lesson report's headline);
* a settled class auction's bids beside the equilibrium and the best response to them;
* a class tournament's published standings.

Whichever came last is shown: an open question first, else the latest reveal, auction or standings.
Each chart can be read without seeing it (issue 47): an image named by a sentence that states
every bar's value and the right answer, then "The chart's data as a table" (a ``<details>``).
The chart is an SVG drawn here, in the same message as the words: the projector loads no plotly,
so a reveal reaches the screen within one poll (0.5 s) and one widget update. A plotly chart's
first draw came after the reveal had the kernel import plotly and the browser fetch and start
plotly.js (4.7 MB): measured here (headless Chromium, 1280×720), the old page's first chart 3.6 s
after the reveal (plotly.js asked for at 1.0 s), its next 0.8 s; this page 0.2-0.8 s (the
15.4 s reported in issue 41 was not reproduced here).
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from IPython.display import display

from ..core.errors import ClassroomError
from ..core.markup import escape, html
from ..registry import is_game, load_game
from ..ui.app import CSS, button, page_value
from ..ui.charts import ChartText, Series, chart_table_html, describe_chart
from ..ui.qr import qr_svg
from ..ui.question import reading_to_html
# the projector's cookie (code:projector key): a reload shows the board again, though the key has
# left the address bar
from .keeper import PROJECTOR_COOKIE, PageKeeper
from .kinds import AUCTION_KIND, PROMPT_KINDS
from .live import alert_html, connect, page_address, server_token_query
from .poller import Poller, off_loop
from .report import LESSON, LearningRow, ReportRow, is_right, learning_headline, report_headline

if TYPE_CHECKING:  # the store opens with the first read (a visit alone loads and writes nothing)
    from .store import ProjectorPoll, Store

#: the address parameter that carries the projector key (:func:`projector_address`)
VIEW_PARAMETER = "view"
#: the smallest type on the projector (px): readable from the back of a classroom
SMALLEST_PX = 24
#: colours: a vote, the revote, the right answer's (first vote, revote), the equilibrium
FIRST_COLOUR, REVOTE_COLOUR = "#8a96a3", "#1d4e89"
RIGHT_FIRST_COLOUR, RIGHT_COLOUR = "#6fbf73", "#1b7a2e"
EQUILIBRIUM_COLOUR = "#c2571a"
#: a histogram of numbers has this many bars (more would not fit their labels at 24 px)
NUMBER_BINS = 10
#: the most of a reading shown beside a revealed poll's chart (characters; what fits a 720 px screen)
READING_CHARS = 260
#: the width of a chart's bars (px): beside it, the answer's column fits a 1280 px screen
PLOT_WIDTH = 720


def projector_address(code: str, view_key: str) -> str:
    """The projector's address for session ``code`` (the dashboard's "Open the projector" link):
    its code and projector key (``view_key``, :meth:`Store.projector_key`), with the server's
    token, never the teacher key."""
    return page_address("projector.ipynb", code=code, view=view_key, **server_token_query())


def join_address(code: str) -> str:
    """The join page's address for ``code``, with the server's token (a phone that scans it gets in)."""
    return page_address("join.ipynb", code=code, **server_token_query())


@dataclass(frozen=True)
class AuctionView:
    """A settled class auction as the projector shows it: bid totals only."""

    question_id: str
    bidders: int
    share: dict[int, float]  # bid total -> share of the class's bids
    equilibrium: dict[int, float]  # bid total -> its probability in the symmetric equilibrium
    best: tuple[int, ...]  # the best responses to the class's bids
    best_payoff: float | None
    class_average: float | None


@dataclass(frozen=True)
class BoardState:
    """One read of everything the projector shows (compared with the last: a redraw only on change)."""

    joined: int
    polls: tuple[ProjectorPoll, ...]
    standings: tuple[dict[str, Any], ...]
    report: tuple[ReportRow, ...]
    auction: AuctionView | None
    second: int | None  # the clock's second while a question's timer runs (its "time left")
    learning: tuple[LearningRow, ...] = ()  # learned or copied (issue 46): counts, never a name


def auction_view(question_id: str, bids: list[Any]) -> AuctionView:
    """The class auction's bids (no names) settled as the dashboard settles them (Boneyard's rules)."""
    # Boneyard's engine only once an auction is revealed: a poll's projector never loads it
    from ..games.boneyard import resolve_auction, settled_bids

    result = resolve_auction(settled_bids({f"bid {i}": bid for i, bid in enumerate(bids)}))
    n = result.bidders
    share = {t: sum(1 for x in result.totals if x == t) / n for t in sorted(set(result.totals))} if n else {}
    equilibrium = ({t: float(p) for t, p in result.equilibrium.strategy.items() if p >= 0.005}
                   if result.equilibrium is not None else {})
    report = result.report
    best = tuple(report.best) if report is not None else ()
    return AuctionView(question_id, n, share, equilibrium, best,
                       float(report.payoffs[best[0]]) if report is not None and best else None,
                       float(report.class_average) if report is not None else None)


# -- drawing: plain functions of the state, to HTML (tests read them without a browser) ----------

def _text(size: int, body: str, cls: str = "", weight: str = "normal") -> str:
    """``body`` in ``size`` px; large type (over 40 px) shrinks with a narrow screen (a phone held
    by the teacher: a 96 px "answered" ran 527 px wide), never under SMALLEST_PX."""
    px = max(size, SMALLEST_PX)
    font = f"clamp({SMALLEST_PX}px, {px / 8:g}vw, {px}px)" if px > 40 else f"{px}px"
    return (f'<div class="{cls}" style="font-size:{font};line-height:1.25;font-weight:{weight};margin:6px 0">'
            f"{body}</div>")



def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` draws at ``size`` px in a sans-serif font (a little over, to be safe)."""
    return len(text) * size * 0.6


def _spoken(label: str) -> str:
    """A bar's label as a screen reader should say it: a range's dash as "to" (readers skip an en dash)."""
    return label.replace("–", " to ")


def bars_text(labels: list[str], series: list[tuple[str, list[float], str]], *, right: set[int] | None = None,
              title: str, percent: bool = False, x_name: str = "answer", y_name: str = "votes",
              right_answer: str = "") -> ChartText:
    """What :func:`bars_svg` draws, for people who cannot see it (the kit's one chart text,
    :func:`~changekit.ui.charts.describe_chart`): each series' value at each label (percentages
    as percent) and the right answer it marks: ``right_answer`` in words and the bars it falls
    in, or, without it, the labels of the right groups."""
    spoken = [_spoken(label) for label in labels]
    scale = 100 if percent else 1
    said = [Series(name, "bars", [(spoken[g], (values[g] if g < len(values) else 0) * scale)
                                  for g in range(len(labels))]) for name, values, _ in series]
    marks = []
    groups = [spoken[g] for g in sorted(right or ()) if g < len(labels)]
    if groups and right_answer:
        marks.append(f"the right answer, {right_answer}, in the bar{'s' if len(groups) > 1 else ''} "
                     + " and ".join(groups))
    elif groups:
        marks.append("the right answer, " + " or ".join(groups))
    return describe_chart(title, x_name, y_name, said, marks)


def bars_svg(labels: list[str], series: list[tuple[str, list[float], str]], *, right: set[int] | None = None,
             title: str, percent: bool = False, edges: list[str] | None = None, x_name: str = "answer",
             y_name: str = "votes", right_answer: str = "") -> str:
    """Grouped bars as an SVG of its own size (every text ≥ SMALLEST_PX px at scale 1): one group
    per label, one bar per series, the value written above each bar where it fits (every bar has
    it as its tooltip). ``edges`` (one more than the labels: a histogram's bin edges) are written
    at the groups' boundaries instead of a label under each group; labels too wide for their group
    are written slanted. The groups in ``right`` are the right answer: their bars green, and
    "✓ right" written under them (not colour alone).

    For people who cannot see it (:func:`bars_text`): the SVG is an image named by the sentence
    that says every bar's value and the right answer (a screen reader reads an image's name in
    reading order and in its list of graphics; a description by aria-describedby it may skip),
    and after it the same numbers as a table, in a ``<details>`` opened on request."""
    text = bars_text(labels, series, right=right, title=title, percent=percent, x_name=x_name, y_name=y_name,
                     right_answer=right_answer)
    right = right or set()
    font = 26
    groups = max(1, len(labels))
    group_w = max(40, min(160, PLOT_WIDTH // groups))
    bar_w = max(10, (group_w - 12) // max(1, len(series)))
    slanted = edges is None and max((_text_width(label, font) for label in labels), default=0) > group_w - 6
    under = (max(_text_width(label, font) for label in labels) * 0.72 + 30) if slanted else 44
    left, top, plot_h = 20 + (font if edges else 0), 118, 250
    bottom = under + (44 if right else 0) + 10
    width = round(left * 2 + groups * group_w)
    height = round(top + plot_h + bottom)
    most = max((v for _, vs, _ in series for v in vs), default=0) or 1
    parts = [f'<svg class="ck-projector-chart" role="img" aria-label="{escape(text.sentence)}" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" style="max-width:100%;height:auto" '
             f'font-family="sans-serif" xmlns="http://www.w3.org/2000/svg">',
             f'<text x="{left}" y="32" font-size="{font + 2}" font-weight="bold">{escape(title)}</text>']
    x = left  # the legend: a swatch and each series' name
    legend = [(name, colour) for name, _, colour in series] + ([("✓ right answer", RIGHT_COLOUR)] if right else [])
    for name, colour in legend:
        parts.append(f'<rect x="{x}" y="52" width="22" height="22" fill="{colour}"/>'
                     f'<text x="{x + 30}" y="72" font-size="{SMALLEST_PX}">{escape(name)}</text>')
        x += 60 + round(_text_width(name, SMALLEST_PX))
    base = top + plot_h
    parts.append(f'<line x1="{left}" y1="{base}" x2="{width - left}" y2="{base}" stroke="#333" stroke-width="2"/>')
    for g, label in enumerate(labels):
        gx = left + g * group_w + (group_w - bar_w * len(series)) // 2
        marked = g in right
        for s, (name, vs, colour) in enumerate(series):
            value = vs[g] if g < len(vs) else 0
            h = round(plot_h * value / most)
            fill = (RIGHT_FIRST_COLOUR if s < len(series) - 1 else RIGHT_COLOUR) if marked else colour
            bx = gx + s * bar_w
            shown = f"{value * 100:.0f}" if percent else f"{value:g}"
            parts.append(f'<rect class="ck-bar{" ck-right" if marked else ""}" x="{bx}" y="{base - h}" '
                         f'width="{bar_w - 4}" height="{h}" fill="{fill}"><title>{escape(name)}, '
                         f'{escape(label)}: {shown}{"%" if percent else ""}</title></rect>')
            if value and _text_width(shown, SMALLEST_PX) <= bar_w + 6:
                parts.append(f'<text class="ck-bar-value" x="{bx + (bar_w - 4) / 2}" y="{base - h - 6}" '
                             f'font-size="{SMALLEST_PX}" text-anchor="middle">{shown}</text>')
        cx = left + g * group_w + group_w / 2
        weight = "bold" if marked else "normal"
        if edges is None and slanted:
            parts.append(f'<text class="ck-axis-label{" ck-right" if marked else ""}" x="{cx}" y="{base + 24}" '
                         f'font-size="{font}" text-anchor="end" font-weight="{weight}" '
                         f'transform="rotate(-45 {cx} {base + 24})">{escape(label)}</text>')
        elif edges is None:
            parts.append(f'<text class="ck-axis-label{" ck-right" if marked else ""}" x="{cx}" y="{base + 32}" '
                         f'font-size="{font}" text-anchor="middle" font-weight="{weight}">{escape(label)}</text>')
        if marked:
            parts.append(f'<text class="ck-right-mark" x="{cx}" y="{base + under + 30}" font-size="{font}" '
                         f'text-anchor="middle" font-weight="bold" fill="{RIGHT_COLOUR}">✓</text>'
                         if edges is not None else
                         f'<text class="ck-right-mark" x="{cx}" y="{base + under + 30}" font-size="{font}" '
                         f'text-anchor="middle" font-weight="bold" fill="{RIGHT_COLOUR}">✓ right</text>')
    for e, edge in enumerate(edges or []):
        ex = left + e * group_w
        parts.append(f'<line x1="{ex}" y1="{base}" x2="{ex}" y2="{base + 8}" stroke="#333" stroke-width="2"/>'
                     f'<text class="ck-axis-tick" x="{ex}" y="{base + 34}" font-size="{font}" '
                     f'text-anchor="middle">{escape(edge)}</text>')
    parts.append("</svg>")
    return "".join(parts) + chart_table_html(text, title, cls="ck-projector-chart-data")


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def poll_chart(poll: ProjectorPoll) -> str:
    """The class's votes on a revealed poll as bars (first vote and revote side by side), the
    right answer marked; "" when there are no votes to draw."""
    answer, prompt = poll.answer, poll.prompt
    if not isinstance(answer, dict) or not isinstance(answer.get("predictions"), list) or not isinstance(prompt, dict):
        return ""
    rounds = [("votes", answer["predictions"])]
    if isinstance(answer.get("revotes"), list):
        rounds = [("first vote", answer["predictions"]), ("revote", answer["revotes"])]
    colours = [FIRST_COLOUR, REVOTE_COLOUR][-len(rounds):]
    kind = prompt.get("kind")
    if kind == "choices":
        choices = [str(c) for c in prompt.get("choices") or []]
        series = [(name, [float(sum(1 for v in votes if str(v) == c)) for c in choices], colour)
                  for (name, votes), colour in zip(rounds, colours, strict=True)]
        return bars_svg(choices, series, right={i for i, c in enumerate(choices) if is_right(poll.correct, c)},
                        title="The class's votes", x_name="answer")
    how = prompt.get(kind) if kind in PROMPT_KINDS else None
    low, high = (_number(how[0]), _number(how[1])) if isinstance(how, list) and len(how) >= 2 else (None, None)
    if low is None or high is None or high <= low:
        return ""
    size = (high - low) / NUMBER_BINS
    edges = [low + i * size for i in range(NUMBER_BINS + 1)]

    def bin_of(value: Any) -> int | None:
        number = _number(value)
        if number is None or not low <= number <= high:
            return None
        return min(int((number - low) / size), NUMBER_BINS - 1)

    series = []
    for (name, votes), colour in zip(rounds, colours, strict=True):
        counts = [0.0] * NUMBER_BINS
        for vote in votes:
            b = bin_of(vote)
            if b is not None:
                counts[b] += 1
        series.append((name, counts, colour))
    labels = [f"{edges[i]:g}–{edges[i + 1]:g}" for i in range(NUMBER_BINS)]  # each bar's tooltip
    bounds = poll.correct.get("range") if isinstance(poll.correct, dict) else None
    right: set[int] = set()
    unit = str(prompt.get("unit") or "")
    right_answer = ""
    if isinstance(bounds, list) and len(bounds) == 2:
        lo, hi = _number(bounds[0]), _number(bounds[1])
        if lo is not None and hi is not None:
            # the bars a right number falls into (each bar holds its left edge; the last, both)
            right = {i for i in range(NUMBER_BINS) if edges[i] <= hi and (lo < edges[i + 1] or i == NUMBER_BINS - 1)}
            right_answer = _range_text(lo, hi, unit)
    return bars_svg(labels, series, right=right, title=f"The class's votes{' (' + unit + ')' if unit else ''}",
                    edges=[f"{edge:g}" for edge in edges], x_name=f"answer ({unit})" if unit else "answer",
                    right_answer=right_answer)


def answer_text(poll: ProjectorPoll) -> str:
    """The revealed answer in words (plain text): the kit's value where the teacher's mark is the
    kit's right answer, else a summary, else the right answer they marked; "" when none is marked."""
    answer = poll.answer if isinstance(poll.answer, dict) else {}
    if answer.get("value"):  # the kit's own right answer, the teacher's mark: its value in a few words
        return str(answer["value"])
    if answer.get("summary"):
        return str(answer["summary"])
    correct = poll.correct if isinstance(poll.correct, dict) else {}
    unit = str(poll.prompt.get("unit") or "") if isinstance(poll.prompt, dict) else ""
    if isinstance(correct.get("choices"), list):
        return " or ".join(str(c) for c in correct["choices"])
    if isinstance(correct.get("range"), list):
        low, high = correct["range"]
        return _range_text(low, high, unit)
    return ""


def _range_text(low: float, high: float, unit: str) -> str:
    """A right range in words: "45 to 50%", "3 points", "7"."""
    sep = "" if unit in ("%", "") else " "
    return f"{low:g}{sep}{unit}" if low == high else f"{low:g} to {high:g}{sep}{unit}"


def auction_chart(view: AuctionView) -> str:
    totals = sorted(set(view.share) | set(view.equilibrium))
    series = [(f"the class ({view.bidders} bids)", [view.share.get(t, 0.0) for t in totals], REVOTE_COLOUR)]
    if view.equilibrium:
        series.append((f"equilibrium for {view.bidders}", [view.equilibrium.get(t, 0.0) for t in totals],
                       EQUILIBRIUM_COLOUR))
    return bars_svg([f"${t}" for t in totals], series, title="Bid totals (% of bids): the class and the equilibrium",
                    percent=True, x_name="bid total", y_name="percent of bids")


def standings_html(standings: dict[str, Any], *, most: int = 8) -> str:
    rows = standings.get("rows") or []
    body = "".join(html("<tr><td>{}</td><td>{}</td><td>{:.0%}</td><td>{}</td></tr>", row.get("rank", ""),
                        row.get("entry", ""), float(row.get("win_rate") or 0), row.get("games", ""))
                   for row in rows[:most])
    more = len(rows) - most
    return (f'<table class="ck-projector-standings" style="font-size:28px;border-collapse:collapse" '
            f'aria-label="tournament standings"><thead><tr><th>rank</th><th>entry</th><th>win rate</th>'
            f"<th>games</th></tr></thead><tbody>{body}</tbody></table>"
            + (_text(SMALLEST_PX, f"and {more} more") if more > 0 else ""))


#: the projector's own styles: big type, a line height that follows it (a widget's HTML keeps a
#: 28 px line height whatever its font: a 40 px count overlapped the line above it), cells apart
PROJECTOR_CSS = """<style>
.ck-projector-page .widget-html-content { line-height: 1.25; font-size: 28px; }
.ck-projector-page .widget-label, .ck-projector-page input, .ck-projector-page button { font-size: 24px; }
.ck-projector-page .widget-text, .ck-projector-page .widget-password { height: auto; }
.ck-projector-page input { height: 44px; }
.ck-projector-page button.jupyter-button { height: auto; min-height: 44px; padding: 4px 16px; }
.ck-projector-standings td, .ck-projector-standings th { padding: 4px 18px; text-align: left; }
.ck-projector-standings tbody tr:nth-child(odd) { background: #eef2f6; }
.ck-projector-qr svg { max-width: 100%; height: auto; }
.ck-projector-row { display: flex; flex-flow: row wrap; gap: 24px; align-items: flex-start; }
.ck-projector h1 { font-size: 34px; margin: 0 0 8px 0; line-height: 1.2; }
.ck-projector p { margin: 6px 0; }
.ck-projector .ck-chart-data { font-size: 24px; line-height: 1.25; margin: 4px 0; }
.ck-projector .ck-chart-data summary { cursor: pointer; min-height: 44px; color: #1d4e89; }
.ck-projector .ck-chart-data table { border-collapse: collapse; font-size: 24px; }
.ck-projector .ck-chart-data caption { text-align: left; padding-bottom: 4px; }
.ck-projector .ck-chart-data th, .ck-projector .ck-chart-data td { padding: 2px 14px; text-align: left; }
.ck-projector .ck-chart-data td { border-top: 1px solid #ccc; }
</style>"""


class Projector:
    """The projector's page: ``widget`` to display. Opened at :func:`projector_address` it shows
    the board at once; without a code and key in its address it asks for them."""

    def __init__(self, store: Store | None = None, *, live: bool = True) -> None:
        self._store = store
        self.live = live
        self.code = ""
        self.key = ""  # the projector key: the only secret this page holds
        self.state: BoardState | None = None
        self._auctions: dict[tuple[str, float | None], AuctionView] = {}
        self.code_box = w.Text(description="Code:", value=page_value("code") or "",
                               style={"description_width": "initial"}, layout=w.Layout(width="300px"))
        self.key_box = w.Password(description="Projector key (or the teacher key):",
                                  style={"description_width": "initial"}, layout=w.Layout(width="640px"))
        self.show_button = button("Show on the projector", self._show_clicked, style="success")
        intro = _text(SMALLEST_PX, "Open the projector from the dashboard's <b>Open the projector</b> link; "
                                   "or type the session's code and its projector key here.")
        self.form = w.VBox([
            w.HTML('<h1 style="font-size:34px">The projector</h1>' + intro),
            w.HBox([self.code_box, self.key_box, self.show_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.message = w.HTML()
        self.board = w.HTML()
        self.board.add_class("ck-projector")
        self.chart = ChartReader()
        self.poller: Poller[BoardState] = Poller(self.fetch, self.apply, on_problem=self._say_problem)
        # the heartbeat (follow the class while the page is open), "connection lost", and the key kept
        # in a cookie of the projector's own, out of the address bar
        self.keeper = PageKeeper(cookie_name=PROJECTOR_COOKIE, strip=[VIEW_PARAMETER])
        self.keeper.observe(lambda _: self._resume_kept(), names="stored")
        self.widget = w.VBox([self.keeper, w.HTML(CSS + PROJECTOR_CSS), self.form, self.message, self.board])
        self.widget.add_class("ck-projector-page")
        self.widget.add_class("ck-class-page")  # the phone layout of the class pages (ui.app.CSS)
        code, view = page_value("code"), page_value(VIEW_PARAMETER)
        if code and view:  # opened from the dashboard's link: the board at once, no form
            self.form.layout.display = "none"
            try:
                self.open(code, view)
            except ClassroomError as err:
                self.form.layout.display = None
                self._say_problem(str(err))

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = connect()
        return self._store

    def _say_problem(self, problem: str | None) -> None:
        self.message.value = "" if problem is None else _text(SMALLEST_PX, alert_html(problem))

    def _show_clicked(self) -> None:
        code, key = self.code_box.value, self.key_box.value
        # the store's checks off the loop; the following starts on the loop (its task lives there)
        off_loop(lambda: self._projector_key(code, key), lambda view: self._enter(code, view),
                 failed=self._say_problem)

    def _projector_key(self, code: str, key: str) -> str:
        """The projector key for a typed key: the teacher key is exchanged for it (and forgotten),
        a projector key is checked as it is."""
        try:
            return self.store.projector_key(code, key)
        except ClassroomError as err:
            if err.reason != "wrong-teacher-key":
                raise
        try:
            self.store.projector_joined(code, key)
        except ClassroomError as err:
            if err.reason != "wrong-projector-key":
                raise
            raise ClassroomError("wrong-projector-key", f"that is not the teacher key of session {code.upper()}, "
                                                        "nor its projector key") from None
        return key

    def _resume_kept(self) -> None:
        """The session this browser's projector showed last (its cookie, sent once the page is up),
        shown again after a reload, unless the address names another code."""
        kept = self.keeper.stored_seat()
        typed = self.code_box.value.strip().upper()
        if kept is None or self.code or (typed and typed != kept[0].upper()):
            return

        def failed(reason: str) -> None:  # a session deleted, or another store: forget it, the form is there
            self.keeper.forget_seat()
            self._say_problem(reason)
        off_loop(lambda: self._projector_key(*kept), lambda view: self._enter(kept[0], view), failed=failed)

    def open(self, code: str, key: str) -> None:
        """Follow session ``code`` with its projector key (a teacher key is exchanged for it)."""
        self._enter(code, self._projector_key(code, key))

    def _enter(self, code: str, view: str) -> None:
        self.code, self.key = code.strip().upper(), view
        self.keeper.keep_seat(self.code, view)
        self.key_box.value = ""
        self.form.layout.display = "none"
        self.message.value = ""
        self.poller.tick()
        if self.live:
            self.poller.start()

    # -- the store's reads (a worker thread) and the drawing (the loop) -----------------------------

    def fetch(self) -> BoardState:
        store, code, key = self.store, self.code, self.key
        snapshot = store.projector_snapshot(code, key)  # one read a tick (one call on a hub)
        polls = tuple(snapshot.polls)
        auction = None
        settled = [p for p in polls if _kind(p) == AUCTION_KIND and p.revealed]
        if settled:  # the last settled auction's bids, settled once (a reveal's votes do not change)
            last = settled[-1]
            auction = self._auctions.get((last.question_id, last.revealed_at))
            if auction is None:
                auction = auction_view(last.question_id, store.projector_votes(code, key, last.question_id))
                self._auctions[last.question_id, last.revealed_at] = auction
        timed = any(p.deadline is not None and not p.closed and not p.paused for p in polls)
        return BoardState(snapshot.joined, polls, tuple(snapshot.standings), tuple(snapshot.report), auction,
                          int(time.time()) if timed else None, tuple(snapshot.learning))

    def apply(self, state: BoardState) -> None:
        self.state = state
        scene, poll = self.scene(state)
        self.chart.poll = poll if scene == "revealed" else None
        self.board.value = self.draw(state)

    @staticmethod
    def scene(state: BoardState) -> tuple[str, ProjectorPoll | None]:
        """What the board shows: ("join", None), ("voting" | "revealed" | "closed", a poll),
        ("auction", an auction poll) or ("standings", None). An open question first (the class is
        voting), else whichever came last: a reveal, a closing, a published standings."""
        polls = [p for p in state.polls if _kind(p) in (*PROMPT_KINDS, AUCTION_KIND)]
        open_ones = [p for p in polls if not p.closed]
        if open_ones:
            poll = open_ones[-1]
            return ("auction" if _kind(poll) == AUCTION_KIND else "voting"), poll
        latest: tuple[float, str, ProjectorPoll | None] = (-1.0, "join", None)
        for poll in polls:
            at = poll.revealed_at if poll.revealed_at is not None else poll.opened_at
            what = "auction" if _kind(poll) == AUCTION_KIND else ("revealed" if poll.revealed else "closed")
            if at >= latest[0]:
                latest = (at, what, poll)
        for standings in state.standings:
            if float(standings.get("published_at") or 0) >= latest[0]:
                latest = (float(standings.get("published_at") or 0), "standings", None)
        return latest[1], latest[2]

    def draw(self, state: BoardState) -> str:
        scene, poll = self.scene(state)
        code = escape(self.code)
        if scene == "join":
            return f'<h1 class="ck-projector-head">Class {code}</h1>' + self.join_html(state)
        head = (f'<h1 class="ck-projector-head">Class <span class="ck-projector-code">{code}</span> · '
                f"{state.joined} joined</h1>")
        if scene == "standings":
            standings = max(state.standings, key=lambda s: float(s.get("published_at") or 0))
            names = "" if standings.get("named") else " (anonymised)"
            game = str(standings.get("game", ""))
            title = load_game(game).title if is_game(game) else game  # its name on the pages, not its key
            return (head + _text(32, html("Class tournament: {}{}", title, names), weight="bold")
                    + standings_html(standings) + self.lesson_line(state))
        assert poll is not None, "every scene but join and standings has its poll"
        if scene == "auction":
            return head + self.auction_html(state, poll)
        body = _text(28, reading_to_html(str(poll.prompt.get("text", ""))), "ck-projector-question")
        if scene == "revealed":
            return head + body + self.revealed_html(state, poll)
        if poll.paused:
            doing = "<b>Paused.</b> Wait for your teacher."
        elif poll.closed:
            doing = "Voting is closed."
        elif poll.discussing:
            doing = "<b>Talk to your neighbour</b>, then vote again."
        else:
            doing = "Vote on your own: no talking yet."
        count = poll.revoted if poll.discussing else poll.answered
        what = "revoted" if poll.discussing else "answered"
        timer = ""
        if poll.deadline is not None and not poll.closed and not poll.paused:
            timer = _text(32, f"time left: about {max(0, round(poll.deadline - time.time()))} s", "ck-projector-timer")
        return (head + body + _text(32, doing, "ck-projector-doing")
                + _text(96, f"{count} of {state.joined} {what}", "ck-projector-count", "bold") + timer
                + _text(SMALLEST_PX, f"Join: <b>{code}</b>", "ck-projector-join-line"))

    def join_html(self, state: BoardState) -> str:
        address = join_address(self.code)
        return ('<div class="ck-projector-row ck-projector-join">'
                '<div style="flex:1 1 500px">'
                + _text(36, "Join the class: scan the QR code, or open the join page and type the code")
                + '<div class="ck-join-code" style="font-size:clamp(24px, 16vw, 150px);line-height:1.1;'
                  f'font-weight:bold;letter-spacing:0.08em;font-family:monospace">{escape(self.code)}</div>'
                + _text(40, f"{state.joined} joined", "ck-projector-joined", "bold")
                + self.lesson_line(state)
                + f'</div><div class="ck-qr ck-projector-qr">{qr_svg(address, fit=460)}</div></div>')

    def revealed_html(self, state: BoardState, poll: ProjectorPoll) -> str:
        exact = answer_text(poll)
        right = _text(36, "The answer", "ck-projector-answer-label")
        if exact:
            right += _text(72, escape(exact), "ck-projector-answer", "bold")
        said = poll.answer.get("summary") if isinstance(poll.answer, dict) and poll.answer.get("value") else None
        if said:  # the kit's sentence under its value: the exact answer and what counted as right
            right += _text(30, escape(str(said)), "ck-projector-exact")
        rows = [r for r in state.report if r.question_id == poll.question_id]
        headline = _text(30, _unbroken(report_headline(rows)), "ck-projector-report") if rows else ""
        headline += "".join(_text(30, learning_headline(r), "ck-projector-learning") for r in state.learning
                            if r.question_id == poll.question_id)
        reading = poll.answer.get("reading") if isinstance(poll.answer, dict) else None
        # the reading's first sentences: what fits the screen beside the chart (all of it is on the phones)
        words = _text(SMALLEST_PX if exact else 30, reading_to_html(first_sentences(str(reading))),
                      "ck-projector-reading") if reading else ""
        return (f'<div class="ck-projector-row"><div class="ck-projector-chart-box">{poll_chart(poll)}</div>'
                f'<div style="flex:1 1 360px;min-width:0">{right}{headline}{words}</div></div>')

    def auction_html(self, state: BoardState, poll: ProjectorPoll) -> str:
        title = _text(32, "Class auction: one Boneyard round with the whole class", weight="bold")
        view = state.auction
        if not poll.revealed or view is None or view.question_id != poll.question_id:
            return title + _text(64, f"{poll.answered} of {state.joined} have bid", "ck-projector-count", "bold")
        if view.bidders < 2:
            return title + _text(36, f"Bidding is closed: {view.bidders} bid, too few to compare.")
        best = " or ".join(f"${t}" for t in view.best)
        said = _text(36, "Best response to the class's bids", "ck-projector-answer-label")
        said += _text(64, f"bid {best}", "ck-projector-answer", "bold")
        if view.best_payoff is not None and view.class_average is not None:
            said += _text(30, f"expects {view.best_payoff:+.2f} against the class; the class's own bids "
                              f"average {view.class_average:+.2f}")
        return (title + f'<div class="ck-projector-row"><div class="ck-projector-chart-box">{auction_chart(view)}'
                f'</div><div style="flex:1 1 360px;min-width:0">{said}</div></div>')

    @staticmethod
    def lesson_line(state: BoardState) -> str:
        if not state.report:
            return ""
        line = _text(28, "Lesson so far: " + _unbroken(report_headline(list(state.report))), "ck-projector-report")
        return line + "".join(_text(28, "Own questions so far: " + learning_headline(r), "ck-projector-learning")
                              for r in state.learning if r.question_id == LESSON)

    def _ipython_display_(self) -> None:
        display(self.widget)


def first_sentences(text: str, limit: int = READING_CHARS) -> str:
    """The first sentences of ``text`` that fit ``limit`` characters (at least the first, cut with
    "…" if it is longer).

    >>> first_sentences("One. Two is longer. Three.", 20)
    'One. Two is longer.'
    >>> first_sentences("A very long first sentence.", 10)
    'A very lo…'
    """
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s)", flat) if m.end() <= limit]
    return flat[:ends[-1]] if ends else flat[:limit - 1] + "…"


def _unbroken(headline: str) -> str:
    """The report's headline with each of its figures kept on one line ("g =" and "0.50" were split)."""
    return " ".join(f'<span style="white-space:nowrap">{escape(part)}</span>'
                    for part in re.split(r" (?=→ |· )", headline))


def _kind(poll: ProjectorPoll) -> Any:
    return poll.prompt.get("kind") if isinstance(poll.prompt, dict) else None


class ChartReader:
    """The projector's chart as a plotly figure, for tests and readers (the page draws the same
    votes as an SVG: :func:`poll_chart`); None until a reveal is shown."""

    def __init__(self) -> None:
        self.poll: ProjectorPoll | None = None

    @property
    def figure(self) -> Any:
        from .lessons import class_chart_figure  # plotly only for a reader who asks for the figure

        poll = self.poll
        return None if poll is None else class_chart_figure(poll.question_id, poll.prompt, poll.answer)
