"""The projector's SVG charts (issue 47), read as a screen reader gets them: the image's name (a
sentence stating every bar's value and the right answer) and the data table under it. Each chart
is built from votes or bids the test writes down; the numbers it states are checked against
counts and shares the test computes itself."""
from __future__ import annotations

import math
import re
from collections import Counter
from html.parser import HTMLParser

from changekit.classroom.projector import auction_chart, auction_view, poll_chart
from changekit.classroom.store import ProjectorPoll


class ChartReader(HTMLParser):
    """What a screen reader is given: the chart image's role and name, and the table's cells."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.role = self.name = self.caption = self.opener = None
        self.hidden: list[str] = []
        self.header: list[str] = []
        self.rows: list[list[str]] = []
        self._in: str | None = None
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "svg":
            self.role, self.name = attributes.get("role"), attributes.get("aria-label")
            if attributes.get("aria-hidden") == "true":
                self.hidden.append(tag)
        elif tag == "tr":
            self.rows.append([])
        if tag in ("th", "td", "caption", "summary"):
            self._in = tag

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "th":
            self.header.append(data)
        elif self._in == "td":
            self.rows[-1].append(data)
        elif self._in == "caption":
            self.caption = data
        elif self._in == "summary":
            self.opener = data


def stated(sentence: str, series: str) -> dict[str, float]:
    """The values the sentence states for one series ("<series>, bars: <label>: <value>; ...")."""
    listed = re.search(rf"{re.escape(series)}, bars: (.*?)\.(?: |$)", sentence)
    assert listed, f"{series!r} not stated in {sentence!r}"
    return {label: float(value) for label, value in (part.rsplit(": ", 1) for part in listed.group(1).split("; "))}


def tabled(reader: ChartReader) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for series, label, value in [row for row in reader.rows if row]:
        table.setdefault(series, {})[label] = float(value)
    return table


def revealed(prompt, correct, predictions, revotes=None) -> ProjectorPoll:
    answer = {"predictions": predictions} | ({"revotes": revotes} if revotes is not None else {})
    return ProjectorPoll("zombie.q1", prompt, closed=True, revealed=True, answered=len(predictions),
                         answer=answer, correct=correct)


def test_a_choice_polls_chart_states_each_options_votes_and_the_marked_right_option():
    choices = ["$1", "$3", "$5", "<b>7</b> & more"]  # a typed label is said and tabled as it is
    first = ["$1", "$3", "$1", "$5", "<b>7</b> & more", "$3", "$3"]
    again = ["$1", "$1", "$1", "$3", "$1", "$3", "$5"]
    reader = ChartReader(poll_chart(revealed({"kind": "choices", "choices": choices}, {"choices": ["$1"]},
                                             first, again)))
    assert reader.role == "img" and not reader.hidden
    sentence = reader.name
    assert sentence.startswith("Chart: The class's votes. votes against answer.")
    for series, votes in (("first vote", first), ("revote", again)):
        counts = Counter(votes)
        assert stated(sentence, series) == {c: counts[c] for c in choices}
        assert tabled(reader)[series] == {c: counts[c] for c in choices}
    assert sentence.endswith("Marked: the right answer, $1.")
    assert reader.header == ["series", "answer", "votes"] and reader.caption == "The class's votes"
    assert reader.opener == "The chart's data as a table"
    assert len([row for row in reader.rows if row]) == 2 * len(choices)


def test_a_number_polls_chart_states_each_bins_votes_and_the_right_range_and_its_bins():
    votes = [47, 3, 99.5, 100, 50, 12, 45, 0, 61, 150]  # 150 is off the slider: in no bar
    prompt = {"kind": "slider", "slider": [0, 100, 1], "unit": "%"}
    reader = ChartReader(poll_chart(revealed(prompt, {"range": [45, 50]}, votes)))
    # ten bars of 10: each holds its left edge, the last both its edges
    bins = Counter(min(int(v // 10), 9) for v in votes if 0 <= v <= 100)
    expected = {f"{10 * b} to {10 * b + 10}": bins[b] for b in range(10)}
    assert stated(reader.name, "votes") == expected == tabled(reader)["votes"]
    assert sum(expected.values()) == 9
    # 45 to 50 lies in the bar 40-50 and, for 50 itself, in 50-60
    assert reader.name.endswith("Marked: the right answer, 45 to 50%, in the bars 40 to 50 and 50 to 60.")
    assert reader.header == ["series", "answer (%)", "votes"]


def test_the_auction_chart_states_the_classs_bid_totals_and_the_equilibrium_in_percent():
    bids = [[10], [7], [7, 1], [1], [3], [1]]
    view = auction_view("boneyard.auction", bids)
    reader = ChartReader(auction_chart(view))
    totals = Counter(sum(bid) for bid in bids)
    share = {f"${t}": 100 * totals[t] / len(bids) for t in totals}
    equilibrium = {f"${t}": 100 * p for t, p in view.equilibrium.items()}
    labels = sorted(set(totals) | set(view.equilibrium))
    said, table = stated(reader.name, f"the class ({len(bids)} bids)"), tabled(reader)
    assert set(said) == {f"${t}" for t in labels}
    for label, value in said.items():
        assert math.isclose(value, share.get(label, 0.0), rel_tol=1e-5, abs_tol=1e-9), (label, value)
        assert math.isclose(table[f"the class ({len(bids)} bids)"][label], share.get(label, 0.0), rel_tol=1e-5)
    assert equilibrium, "no equilibrium to state"
    for label, value in stated(reader.name, f"equilibrium for {len(bids)}").items():
        assert math.isclose(value, equilibrium.get(label, 0.0), rel_tol=1e-5, abs_tol=1e-9), (label, value)
    assert reader.header == ["series", "bid total", "percent of bids"]
    assert reader.name.startswith("Chart: Bid totals (% of bids): the class and the equilibrium.")
