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
    votes; ``gain`` is Hake's g (None where undefined, ``gain_note`` says why). Where the teacher
    asked "what did the result show?" (``recall_asked``), ``recalls`` students answered it and
    ``recalled_wrong`` of them recalled it wrongly (:attr:`recall_wrong`, with its interval)."""

    question_id: str
    first_votes: int
    first_right: int
    revotes: int
    revote_right: int
    recall_asked: bool = False
    recalls: int = 0
    recalled_wrong: int = 0

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

    @property
    def recall_wrong(self) -> Share | None:
        """Recalled wrongly: how many of those who answered "what did the result show?", with the
        95 % Wilson interval (None: not asked)."""
        return share_of(self.recalled_wrong, self.recalls) if self.recall_asked else None

    def as_dict(self) -> dict[str, Any]:
        wrong = self.recall_wrong
        return {"first_votes": self.first_votes, "first_right": self.first_right, "first_share": self.first_share,
                "revotes": self.revotes, "revote_right": self.revote_right, "revote_share": self.revote_share,
                "gain": self.gain, "gain_note": self.gain_note, "recall_asked": self.recall_asked,
                "recalls": self.recalls, "recalled_wrong": self.recalled_wrong,
                "recalled_wrong_share": None if wrong is None else wrong.share,
                "recalled_wrong_low": None if wrong is None or not wrong.n else wrong.low,
                "recalled_wrong_high": None if wrong is None or not wrong.n else wrong.high}


def report_row(question_id: str, correct: Any, first: Sequence[Any], revotes: Sequence[Any],
               recalls: Sequence[Any] | None = None) -> ReportRow:
    """The report's row of a question: its first votes and revotes, and (None: not asked) what
    the students said the result showed, each counted by the marked answer ``correct``."""
    return ReportRow(question_id, len(first), sum(is_right(correct, v) for v in first),
                     len(revotes), sum(is_right(correct, v) for v in revotes), recalls is not None,
                     len(recalls or ()), sum(not is_right(correct, v) for v in recalls or ()))


def recall_words(row: ReportRow) -> str:
    """The report's cell for "what did the result show?" (plain text).

    >>> recall_words(ReportRow("q1", 5, 2, 0, 0, True, 10, 2))
    'recalled wrongly: 2 of 10 (20 %, 95 % interval 6 % to 51 %)'
    >>> recall_words(ReportRow("q1", 5, 2, 0, 0))
    'not asked'
    """
    wrong = row.recall_wrong
    if wrong is None:
        return "not asked"
    if not wrong.n:
        return "asked; no answer yet"
    def percent(share: float) -> str:
        return f"{share * 100:.0f} %"
    return (f"recalled wrongly: {wrong.count} of {wrong.n} ({percent(wrong.count / wrong.n)}, 95 % interval "
            f"{percent(wrong.low)} to {percent(wrong.high)})")


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
        html("<tr><td>{}</td><td>{} of {} ({})</td><td>{} of {} ({})</td><td>{}</td><td>{}</td></tr>",
             r.question_id, r.first_right, r.first_votes, _percent(r.first_share), r.revote_right, r.revotes,
             _percent(r.revote_share), f"{r.gain:.2f}" if r.gain is not None else r.gain_note, recall_words(r))
        for r in rows)
    return (f'<table class="ck-report" aria-label="lesson report"><thead><tr><th>{escape("Question")}</th>'
            "<th>First vote right</th><th>Revote right</th><th>Normalised gain g</th><th>What the result showed</th>"
            f"</tr></thead><tbody>{body}</tbody></table>"
            "<p><small>g = (revote share − first-vote share) / (1 − first-vote share) (Hake's normalised gain); "
            "undefined when every first vote was right. What the result showed: where you asked it after the "
            "reveal, the students who recalled the result wrongly, with a 95 % interval.</small></p>")


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


# -- learned or copied: the first vote, the revote and each student's own variant (issue 46) ------

#: resamples of the bootstrap interval of Hake's g
BOOTSTRAP_RESAMPLES = 2000
#: the interval's level (95 %), as the tails the bootstrap leaves out
BOOTSTRAP_TAILS = (0.025, 0.975)
#: the question id of the whole lesson's row of a learning report
LESSON = ""


@dataclass(frozen=True, slots=True)
class Matched:
    """One student on one question who voted first and answered their own variant: right on the
    first vote, right after the revote (their first vote where they did not revote), right on
    their own variant."""

    first: bool
    after: bool
    own: bool

    @property
    def kind(self) -> str:
        """knew (right first, right on their own), learned (wrong first, right on their own),
        copied (right after the revote, wrong on their own), still wrong (the rest): every
        matched student is exactly one."""
        if self.own:
            return "knew" if self.first else "learned"
        return "copied" if self.after else "still wrong"


@dataclass(frozen=True, slots=True)
class Share:
    """How many of ``n`` with a 95 % Wilson interval (``low``, ``high``; 0 to 1 when n = 0)."""

    count: int
    n: int
    low: float
    high: float

    @property
    def share(self) -> float | None:
        return self.count / self.n if self.n else None


def share_of(count: int, n: int) -> Share:
    """``count`` of ``n`` with its 95 % Wilson interval (:func:`changekit.stats.intervals.wilson`).

    >>> s = share_of(50, 100); (s.share, round(s.low, 4), round(s.high, 4))
    (0.5, 0.4038, 0.5962)
    """
    from ..stats.intervals import wilson  # stats' checks load only where a report is made

    estimate = wilson(count, n)
    return Share(count, n, estimate.low, estimate.high)


@dataclass(frozen=True, slots=True)
class LearningRow:
    """One question of the learning report (or the whole lesson: ``question_id`` is LESSON, every
    student's answer to every question a unit). ``n`` matched students; right on the first vote,
    after the revote and on their own variant, each a :class:`Share` with its interval; how many
    knew, learned, copied or are still wrong (:attr:`Matched.kind`), each a Share of n too;
    Hake's g from the first vote to the own variant with a seeded bootstrap 95 % interval (None
    where undefined: every first vote right, or nobody matched); ``sure_wrong``: answers (first,
    revote, own variant, of every student) said "sure" and wrong, ``sure_wrong_answers`` the wrong
    first votes and revotes said "sure" most often, as shown, with how many."""

    question_id: str
    n: int
    first: Share
    after: Share
    own: Share
    knew: Share
    learned: Share
    copied: Share
    still_wrong: Share
    gain: float | None
    gain_low: float | None
    gain_high: float | None
    sure_wrong: int
    sure_wrong_answers: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        # read back from JSON (the class service's answer): its shares come as dicts, pairs as lists
        for name in ("first", "after", "own", "knew", "learned", "copied", "still_wrong"):
            value = getattr(self, name)
            if isinstance(value, dict):
                object.__setattr__(self, name, Share(**value))
        object.__setattr__(self, "sure_wrong_answers", tuple(tuple(pair) for pair in self.sure_wrong_answers))

    @property
    def gain_note(self) -> str:
        if self.n == 0:
            return "undefined: no student voted first and answered their own variant"
        if self.gain is None:
            return "undefined: every first vote was right (nothing left to gain)"
        return ""

    def as_dict(self) -> dict[str, Any]:
        shares = {name: {"count": s.count, "n": s.n, "share": s.share, "low": s.low, "high": s.high}
                  for name, s in (("first", self.first), ("after_revote", self.after), ("own_variant", self.own),
                                  ("knew", self.knew), ("learned", self.learned), ("copied", self.copied),
                                  ("still_wrong", self.still_wrong))}
        return {"matched": self.n, **shares, "gain": self.gain, "gain_low": self.gain_low, "gain_high": self.gain_high,
                "gain_note": self.gain_note, "sure_wrong": self.sure_wrong,
                "sure_wrong_answers": [list(pair) for pair in self.sure_wrong_answers]}


def bootstrap_gain(matched: Sequence[Matched], *, seed: int,
                   resamples: int | None = None) -> tuple[float | None, float | None]:
    """A 95 % percentile bootstrap interval of Hake's g (first vote to own variant): the students
    resampled with replacement ``resamples`` (default BOOTSTRAP_RESAMPLES) times by
    ``random.Random(seed)``; resamples where g is undefined (every first vote right) left out.
    (None, None) with no student or no defined g."""
    import random  # only where a report is made

    n = len(matched)
    if n == 0:
        return None, None
    rng = random.Random(seed)
    # a student as a number: first vote right (1) + own variant right (2), summed over a resample
    codes = [int(m.first) + 2 * int(m.own) for m in matched]
    gains = []
    for _ in range(BOOTSTRAP_RESAMPLES if resamples is None else resamples):
        sample = rng.choices(codes, k=n)
        pre = sum(code & 1 for code in sample)
        post = sum(code >> 1 for code in sample)
        if pre < n:
            gains.append((post - pre) / (n - pre))
    if not gains:
        return None, None
    gains.sort()
    low, high = (gains[min(len(gains) - 1, int(tail * len(gains)))] for tail in BOOTSTRAP_TAILS)
    return low, high


def learning_row(question_id: str, matched: Sequence[Matched], sure_wrong: int = 0,
                 sure_wrong_answers: Sequence[tuple[str, int]] = (), *, seed: int | None = None,
                 resamples: int | None = None) -> LearningRow:
    """The learning report's row for ``matched`` (see :class:`LearningRow`); the bootstrap is
    seeded by ``seed``, else by the question id (the same data gives the same interval).

    >>> row = learning_row("q1", [Matched(False, True, True), Matched(False, True, False),
    ...                           Matched(True, True, True), Matched(False, False, False)])
    >>> row.n, row.learned.count, row.copied.count, row.knew.count, row.still_wrong.count
    (4, 1, 1, 1, 1)
    >>> row.gain  # (2/4 - 1/4) / (1 - 1/4)
    0.3333333333333333
    """
    import zlib  # only where a report is made

    n = len(matched)
    kinds = [m.kind for m in matched]
    pre, post = sum(m.first for m in matched), sum(m.own for m in matched)
    gain = (post - pre) / (n - pre) if n and pre < n else None
    low, high = bootstrap_gain(matched, seed=zlib.crc32(question_id.encode()) if seed is None else seed,
                               resamples=resamples)
    knew, learned, copied, still_wrong = (share_of(kinds.count(k), n) for k in ("knew", "learned", "copied",
                                                                              "still wrong"))
    return LearningRow(question_id, n, share_of(pre, n), share_of(sum(m.after for m in matched), n),
                       share_of(post, n), knew, learned, copied, still_wrong, gain, low, high, sure_wrong,
                       tuple(sure_wrong_answers))


def is_sure_and_wrong(correct: Any, value: Any, confidence: Any) -> bool:
    """An answer said "sure" and wrong: a misconception to take up next lesson."""
    return confidence == CONFIDENCE[-1] and not is_right(correct, value)


def _share_html(share: Share) -> str:
    if not share.n:
        return "—"
    return f"{share.count} ({share.count / share.n:.0%}, {share.low:.0%}–{share.high:.0%})"


#: the learning report's four kinds of student, in the order the chart stacks them, with colours
#: that differ in lightness as well as hue (told apart in grey too)
LEARNING_KINDS = (("knew", "knew", "#1d4e89"), ("learned", "learned", "#4f9d69"),
                  ("copied", "copied", "#e0a030"), ("still_wrong", "still wrong", "#c0c0c0"))


def learning_figure(rows: Sequence[LearningRow]) -> Any:
    """How many students knew, learned, copied or are still wrong, per question (stacked bars of
    counts: a plotly figure); the lesson's own row and questions nobody answered are left out, and
    None when that leaves nothing to draw (a chart with no bars is not shown)."""
    shown = [r for r in rows if r.question_id != LESSON and r.n]
    if not shown:
        return None
    import plotly.graph_objects as go  # plotly only for the chart

    ids = [r.question_id for r in shown]
    figure = go.Figure([go.Bar(x=ids, y=[getattr(r, field).count for r in shown], name=name, marker_color=colour)
                        for field, name, colour in LEARNING_KINDS])
    figure.update_layout(title="Learned or copied: each student's own question", barmode="stack",
                         xaxis={"type": "category", "title": "question"}, yaxis={"title": "students"},
                         height=340, width=560, margin={"l": 50, "r": 20, "t": 50, "b": 50})
    return figure


def learning_headline(row: LearningRow) -> str:
    """A row in one line of counts (plain text): the projector's, which never shows a name.

    >>> print(learning_headline(learning_row("q1", [Matched(False, True, True), Matched(True, True, True)])))
    2 students: 1 right first, 2 after the revote, 2 on their own question · knew 1, learned 1, copied 0, still wrong 0
    """
    if not row.n:
        return "no student has answered their own question yet"
    return (f"{row.n} student{'s' if row.n != 1 else ''}: {row.first.count} right first, {row.after.count} after "
            f"the revote, {row.own.count} on their own question · knew {row.knew.count}, learned "
            f"{row.learned.count}, copied {row.copied.count}, still wrong {row.still_wrong.count}")


def learning_html(rows: Sequence[LearningRow]) -> str:
    """The learning report as an HTML table: counts with their share and 95 % interval."""
    from ..core.markup import html  # markup only where the report is drawn (it escapes every value)

    if not rows:
        return ("<p class=\"ck-learning-empty\"><i>No student has answered their own question yet: after a reveal, "
                "send each their own variant from the question's row.</i></p>")
    body = "".join(
        html("<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
             "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
             r.question_id or "The lesson", r.n, _share_html(r.first), _share_html(r.after), _share_html(r.own),
             _share_html(r.knew), _share_html(r.learned), _share_html(r.copied), _share_html(r.still_wrong),
             f"{r.gain:.2f} ({r.gain_low:.2f} to {r.gain_high:.2f})" if r.gain is not None and r.gain_low is not None
             else f"{r.gain:.2f}" if r.gain is not None else r.gain_note,
             f"{r.sure_wrong}" + ("".join(f"; {value}: {count}" for value, count in r.sure_wrong_answers)))
        for r in rows)
    return ('<table class="ck-learning" aria-label="learned or copied"><thead><tr><th>Question</th><th>Students</th>'
            "<th>Right first</th><th>Right after the revote</th><th>Right on their own</th><th>Knew</th>"
            "<th>Learned</th><th>Copied</th><th>Still wrong</th><th>Gain g, first to own</th>"
            f"<th>Sure and wrong</th></tr></thead><tbody>{body}</tbody></table>"
            "<p><small>Students: voted first and answered their own variant. Each count with its share and 95 % "
            "interval. Knew: right first and on their own. Learned: wrong first, right on their own. Copied: right "
            "after the revote, wrong on their own. g = (own share − first share) / (1 − first share), with a "
            "bootstrap interval. Sure and wrong: answers said \"sure\" that were wrong.</small></p>")


# -- the one-click experiment: predict before the reveal, or only watch it (issue 46) --------------

#: the experiment's two groups: predict before the reveal, or only watch it
GROUPS = ("predict", "watch")


@dataclass(frozen=True, slots=True)
class ExperimentResult:
    """A question's experiment: of each group, how many answered their own variant and how many
    right (``predict``, ``watch``: :class:`Share`); the difference of the shares right (predict
    minus watch) with its 95 % interval (Newcombe's, from the two Wilson intervals; None without
    answers in both groups), the split's ``seed``, and ``sentence``: whether this class can tell
    the groups apart, in plain words. ``cohens_h`` is the effect size of the difference (Cohen's h
    for two proportions, :func:`cohens_h`; None without answers in both groups)."""

    question_id: str
    seed: int | None
    predict: Share
    watch: Share
    difference: float | None
    low: float | None
    high: float | None
    sentence: str
    cohens_h: float | None = None

    def __post_init__(self) -> None:
        for name in ("predict", "watch"):  # read back from JSON: the shares come as dicts
            value = getattr(self, name)
            if isinstance(value, dict):
                object.__setattr__(self, name, Share(**value))


#: Cohen's (1988) reading of an effect size h: small from 0.2, medium from 0.5, large from 0.8
COHEN_SIZES = ((0.8, "large"), (0.5, "medium"), (0.2, "small"))


def cohens_h(p1: float, p2: float) -> float:
    """Cohen's h, the effect size of a difference of two proportions: 2·asin(√p1) − 2·asin(√p2)
    (the difference on a scale that stretches near 0 and 1, so that equal steps of h are equally
    easy to detect anywhere: 0.05 to 0.15 is h ≈ 0.34, 0.45 to 0.55 only 0.20; Cohen 1988).

    >>> round(cohens_h(0.8, 0.4), 3), cohens_h(0.5, 0.5)
    (0.845, 0.0)
    """
    return 2 * math.asin(math.sqrt(p1)) - 2 * math.asin(math.sqrt(p2))


def effect_size_words(h: float) -> str:
    """Cohen's reading of ``h`` in words (its size, whichever way it points).

    >>> effect_size_words(0.93), effect_size_words(-0.3), effect_size_words(0.1), effect_size_words(-0.795)
    ('large', 'small', 'negligible', 'large')
    """
    said = round(abs(h), 2)  # named by the number the sentence prints: h = -0.795 is "-0.80, large"
    return next((words for bound, words in COHEN_SIZES if said >= bound), "negligible")


def experiment_result(question_id: str, seed: int | None, predict: Share, watch: Share) -> ExperimentResult:
    """The difference of the two groups' shares right on their own variant, with Newcombe's
    hybrid score interval (its ends from each group's Wilson interval), and what it says.

    >>> r = experiment_result("q1", 7, share_of(16, 20), share_of(8, 20))
    >>> round(r.difference, 2), r.low > 0
    (0.4, True)
    >>> r.sentence.startswith("Predicting first did better")
    True
    """
    if not predict.n or not watch.n:
        return ExperimentResult(question_id, seed, predict, watch, None, None, None,
                                "Not yet: both groups must answer their own question to compare them.")
    p1, p2 = predict.count / predict.n, watch.count / watch.n
    difference = p1 - p2
    low = difference - ((p1 - predict.low) ** 2 + (watch.high - p2) ** 2) ** 0.5
    high = difference + ((predict.high - p1) ** 2 + (p2 - watch.low) ** 2) ** 0.5
    h = cohens_h(p1, p2)
    said = (f"predicting first: {predict.count} of {predict.n} right on their own question; watching only: "
            f"{watch.count} of {watch.n}; the difference is {difference:+.0%} (95 % interval {low:+.0%} to "
            f"{high:+.0%}); effect size Cohen's h = {h:+.2f}, {effect_size_words(h)} (Cohen: 0.2 small, "
            "0.5 medium, 0.8 large).")
    if low > 0:
        sentence = f"Predicting first did better in this class: {said}"
    elif high < 0:
        sentence = f"Watching only did better in this class: {said}"
    else:
        sentence = (f"This class cannot tell the two apart: {said} The interval includes no difference at all; "
                    "pooling several classes' results narrows it.")
    return ExperimentResult(question_id, seed, predict, watch, difference, low, high, sentence, h)
