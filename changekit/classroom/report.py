"""What a class poll's votes say: which answers are right, the share right in the first vote and
in the revote, and the normalised gain between them (Hake 1998).

Widget-free and plotly-free (the store's CSV export uses it); the charts import plotly when drawn.

The right answer is what the teacher marked for a question (:func:`check_correct`): a list of
right choices, ``{"choices": [...]}``, or a closed range of right numbers, ``{"range": [low, high]}``.

>>> is_right({"choices": ["$1"]}, "$1"), is_right({"range": [30, 40]}, 41)
(True, False)
>>> round(normalised_gain(0.5, 0.75), 6)
0.5
>>> normalised_gain(1.0, 1.0) is None  # nothing left to gain: g is undefined
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from ..core.errors import ClassroomError

#: how sure a student is of a vote (issue 46), least sure first: asked with every first vote,
#: revote and variant answer. "Sure" and wrong is a misconception to take up next lesson.
CONFIDENCE = ("guess", "fairly sure", "sure")

#: the dashboard suggests "talk to your neighbour" when this share of first votes is right
#: (peer instruction works best between these: Crouch & Mazur 2001; Smith et al. 2009)
DISCUSS_LOW, DISCUSS_HIGH = 0.30, 0.70


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def check_correct(correct: Any) -> dict[str, list[Any]]:
    """``correct`` if it is a right answer the store keeps: ``{"choices": [v, ...]}`` (at least one)
    or ``{"range": [low, high]}`` with ``low <= high``; else ClassroomError("bad-correct")."""
    if isinstance(correct, dict) and set(correct) == {"choices"}:
        choices = correct["choices"]
        if isinstance(choices, list) and choices:
            return {"choices": list(choices)}
    if isinstance(correct, dict) and set(correct) == {"range"}:
        bounds = correct["range"]
        if isinstance(bounds, list) and len(bounds) == 2:
            low, high = (_number(b) for b in bounds)
            if low is not None and high is not None and low <= high:
                return {"range": [bounds[0], bounds[1]]}
    raise ClassroomError("bad-correct", "a right answer is {'choices': [one or more right choices]} or "
                                        f"{{'range': [low, high]}} with low <= high, not {correct!r}")


def check_confidence(confidence: Any) -> str | None:
    """``confidence`` if it is on the scale (:data:`CONFIDENCE`), or None (not asked: a class
    auction's bid, a page that asks no confidence); else ClassroomError("bad-confidence").

    >>> check_confidence("sure"), check_confidence(None)
    ('sure', None)
    """
    if confidence is None or (isinstance(confidence, str) and confidence in CONFIDENCE):
        return confidence
    raise ClassroomError("bad-confidence", f"how sure you are is one of {', '.join(map(repr, CONFIDENCE))} "
                                           f"(or not said), not {confidence!r}")


def is_right(correct: Any, value: Any) -> bool:
    """Whether the vote ``value`` is right by the marked answer (choices compare as they show, as
    text; a number is right inside the range, ends included)."""
    if not isinstance(correct, dict):
        return False
    if "choices" in correct:
        return str(value) in {str(c) for c in correct["choices"]}
    number = _number(value)
    low, high = correct["range"]
    return number is not None and float(low) <= number <= float(high)


def normalised_gain(pre: float, post: float) -> float | None:
    """Hake's g = (post - pre) / (1 - pre): the share of what could be gained that was gained.
    None when pre = 1 (every first vote right: nothing left to gain, g is undefined)."""
    if pre >= 1:
        return None
    return (post - pre) / (1 - pre)


def share_right(correct: Any, votes: Sequence[Any]) -> float | None:
    """The share of ``votes`` that are right (None: no votes)."""
    return sum(is_right(correct, v) for v in votes) / len(votes) if votes else None


def discussion_advice(share: float | None) -> str:
    """What the dashboard says about the first vote (plain text)."""
    if share is None:
        return "Mark the right answer to see how many first votes are right."
    percent = f"{share:.0%} of first votes are right"
    if share < DISCUSS_LOW:
        return f"{percent}: too few to learn from each other. Explain, or give a hint, before a revote."
    if share > DISCUSS_HIGH:
        return f"{percent}: most of the class has it. Reveal, and discuss briefly why."
    return (f"{percent}: between 30 % and 70 %, where discussion works best. "
            "Press Talk to your neighbour, then take the revote.")


@dataclass(frozen=True, slots=True)
class ReportRow:
    """One question of a lesson report. ``first_share`` and ``revote_share`` are None without
    votes; ``gain`` is Hake's g (None where undefined, ``gain_note`` says why)."""

    question_id: str
    first_votes: int
    first_right: int
    revotes: int
    revote_right: int

    @property
    def first_share(self) -> float | None:
        return self.first_right / self.first_votes if self.first_votes else None

    @property
    def revote_share(self) -> float | None:
        return self.revote_right / self.revotes if self.revotes else None

    @property
    def gain(self) -> float | None:
        pre, post = self.first_share, self.revote_share
        return None if pre is None or post is None else normalised_gain(pre, post)

    @property
    def gain_note(self) -> str:
        """Why ``gain`` is undefined ("" when it is not)."""
        if self.first_share is None:
            return "undefined: no first votes"
        if self.revote_share is None:
            return "undefined: no revote"
        if self.first_share >= 1:
            return "undefined: every first vote was right (nothing left to gain)"
        return ""

    def as_dict(self) -> dict[str, Any]:
        return {"first_votes": self.first_votes, "first_right": self.first_right, "first_share": self.first_share,
                "revotes": self.revotes, "revote_right": self.revote_right, "revote_share": self.revote_share,
                "gain": self.gain, "gain_note": self.gain_note}


def report_row(question_id: str, correct: Any, first: Sequence[Any], revotes: Sequence[Any]) -> ReportRow:
    return ReportRow(question_id, len(first), sum(is_right(correct, v) for v in first),
                     len(revotes), sum(is_right(correct, v) for v in revotes))


def report_headline(rows: Sequence[ReportRow]) -> str:
    """The report in one line (plain text), over ``rows`` together: the first vote's share right,
    the revote's, and Hake's g between them (the projector's headline).

    >>> report_headline([ReportRow("q1", 4, 2, 4, 3)])
    'first vote 50% right → revote 75% right · g = 0.50'
    >>> report_headline([ReportRow("q1", 4, 4, 0, 0)])
    'first vote 100% right'
    """
    total = ReportRow("", sum(r.first_votes for r in rows), sum(r.first_right for r in rows),
                      sum(r.revotes for r in rows), sum(r.revote_right for r in rows))
    if total.first_share is None:
        return "no votes yet"
    line = f"first vote {_percent(total.first_share)} right"
    if total.revote_share is None:
        return line
    line += f" → revote {_percent(total.revote_share)} right · "
    return line + (f"g = {total.gain:.2f}" if total.gain is not None else f"g {total.gain_note}")


def _percent(share: float | None) -> str:
    return "—" if share is None else f"{share:.0%}"


def report_html(rows: Sequence[ReportRow]) -> str:
    """The report as an HTML table (question ids are the store's checked ids; escaped anyway)."""
    from ..core.markup import escape, html  # markup only where the report is drawn

    if not rows:
        return ("<p class=\"ck-report-empty\"><i>No question has a marked right answer yet: mark one on its row "
                "to see it in the report.</i></p>")
    body = "".join(
        html("<tr><td>{}</td><td>{} of {} ({})</td><td>{} of {} ({})</td><td>{}</td></tr>",
             r.question_id, r.first_right, r.first_votes, _percent(r.first_share), r.revote_right, r.revotes,
             _percent(r.revote_share), f"{r.gain:.2f}" if r.gain is not None else r.gain_note)
        for r in rows)
    return (f'<table class="ck-report" aria-label="lesson report"><thead><tr><th>{escape("Question")}</th>'
            "<th>First vote right</th><th>Revote right</th><th>Normalised gain g</th></tr></thead>"
            f"<tbody>{body}</tbody></table>"
            "<p><small>g = (revote share − first-vote share) / (1 − first-vote share) (Hake's normalised gain); "
            "undefined when every first vote was right.</small></p>")


def report_figure(rows: Sequence[ReportRow]) -> Any:
    """First-vote and revote share right per question, side by side (a plotly figure)."""
    import plotly.graph_objects as go  # plotly only for the chart

    ids = [r.question_id for r in rows]
    figure = go.Figure([
        go.Bar(x=ids, y=[(r.first_share or 0) * 100 for r in rows], name="first vote", marker_color="#9aa5b1"),
        go.Bar(x=ids, y=[(r.revote_share or 0) * 100 for r in rows], name="revote", marker_color="#1d4e89"),
    ])
    figure.update_layout(title="Share right: first vote and revote", barmode="group",
                         xaxis={"type": "category", "title": "question"},
                         yaxis={"title": "% right", "range": [0, 100]}, height=340, width=560,
                         margin={"l": 50, "r": 20, "t": 50, "b": 50})
    return figure
