"""The lessons' questions, for the teacher's dashboard: each game's spec names its lesson's
questions (``changekit/games/<game>/questions.py``, see :mod:`changekit.core.questions`), the same
definitions its notebook draws. Nothing here reads or runs a notebook: a lesson is named by its
notebook file only because that is the page the class opens.
"""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any, Sequence

from ..core.errors import ClassroomError
from ..core.questions import LessonQuestion, prompt_json
from ..registry import NOTEBOOKS, all_specs
from .kinds import PROMPT_KINDS

__all__ = ["LessonQuestion", "class_chart_figure", "find_lesson_question", "histogram_figure", "lesson_questions",
           "lessons", "question_prompt"]


def question_prompt(qid: str, text: str, *, choices: Sequence[Any] | None = None,
                    number: Sequence[float] | None = None, slider: Sequence[float] | None = None,
                    unit: str = "") -> dict[str, Any]:
    """What a student page needs to draw a question (JSON for the store's ``open_question``)."""
    kinds = {k: v for k, v in (("choices", choices), ("number", number), ("slider", slider)) if v is not None}
    if len(kinds) != 1:
        raise ClassroomError("bad-prompt", f"question {qid!r} needs exactly one way to answer, got {sorted(kinds)}")
    ((kind, how),) = kinds.items()
    return prompt_json(qid, text, kind, how, unit)


def lesson_questions(notebook: str | Path) -> list[LessonQuestion]:
    """The questions of the lesson whose page is ``notebook`` (its file name, or a path to it), in
    page order."""
    name = Path(notebook).name
    for spec in all_specs():
        if spec.notebook == name:
            return spec.lesson_questions()
    raise ClassroomError("unknown-lesson", f"no lesson notebook {str(notebook)!r} in {NOTEBOOKS}")


def lessons() -> dict[str, str]:
    """``{notebook file: title}`` for every game whose lesson has questions."""
    return {spec.notebook: spec.game.title for spec in all_specs() if spec.questions is not None and spec.notebook}


def find_lesson_question(qid: str) -> LessonQuestion | None:
    """The lesson question with this id, from whichever game's lesson asks it (None if none does)."""
    for notebook in lessons():
        for question in lesson_questions(notebook):
            if question.qid == qid:
                return question
    return None


def histogram_figure(question: LessonQuestion, answers: dict[Any, Any], revotes: dict[Any, Any] | None = None) -> Any:
    """The class's predictions: a bar per choice (every choice, in order, zeros too), or a
    histogram of the numbers over the question's range. With ``revotes`` (a question that went
    through "talk to your neighbour"), the first vote and the revote side by side."""
    import plotly.graph_objects as go  # plotly only for the chart

    rounds = [("predictions" if revotes is None else "first vote", list(answers.values()), "#1d4e89")]
    if revotes is not None:
        rounds = [("first vote", list(answers.values()), "#9aa5b1"), ("revote", list(revotes.values()), "#1d4e89")]
    values = rounds[0][1]
    # the count on a line of its own: in one line the title ran past a phone's chart, cut off
    if revotes is None:
        title = f"Class predictions: {question.qid}<br>({len(values)} answer{'s' if len(values) != 1 else ''})"
    else:
        title = f"First vote and revote: {question.qid}<br>({len(values)} and {len(rounds[1][1])} votes)"
    traces = []
    if question.kind == "choices":
        choices = question.how["choices"]
        for name, votes, colour in rounds:
            counts = Counter(str(v) for v in votes)
            traces.append(go.Bar(x=[str(c) for c in choices], y=[counts.get(str(c), 0) for c in choices],
                                 marker_color=colour, name=name))
        xaxis: dict[str, Any] = {"type": "category", "title": "prediction"}
        most = max((max(Counter(map(str, votes)).values(), default=1) for _, votes, _ in rounds), default=1)
    else:
        low, high = question.how[question.kind][:2]
        size = (high - low) / 20 if high > low else 1
        for name, votes, colour in rounds:
            numbers = [float(v) for v in votes if isinstance(v, (int, float)) and not isinstance(v, bool)]
            traces.append(go.Histogram(x=numbers, xbins={"start": low, "end": high + size, "size": size},
                                       marker_color=colour, name=name))
        unit = question.how.get("unit", "")
        xaxis = {"range": [low, high + size], "title": f"prediction{' (' + unit + ')' if unit else ''}"}
        most = max(len(votes) for _, votes, _ in rounds)
    figure = go.Figure(traces)
    # whole students: a tick per student, or per few students in a big class
    yaxis = {"title": "students", "rangemode": "tozero", "tickformat": ",d", "dtick": max(1, math.ceil(most / 8))}
    figure.update_layout(title=title, xaxis=xaxis, yaxis=yaxis, barmode="group",
                         height=360, width=520, margin={"l": 50, "r": 20, "t": 70, "b": 50}, bargap=0.1)
    return figure


def class_chart_figure(question_id: str, prompt: Any, answer: Any) -> Any | None:
    """The class's predictions as a revealed poll carries them (the answer the teacher's Reveal
    stores: ``predictions`` and, after a discussion, ``revotes``), drawn for the poll's prompt;
    None when there are no votes to draw. The one chart the projector and every student's page
    show after a reveal."""
    if not isinstance(prompt, dict) or prompt.get("kind") not in PROMPT_KINDS:
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("predictions"), list):
        return None
    kind = prompt["kind"]
    shape = LessonQuestion(question_id, "", {kind: prompt.get(kind), "unit": prompt.get("unit", "")})
    revotes = answer.get("revotes")
    return histogram_figure(shape, dict(enumerate(answer["predictions"])),
                            dict(enumerate(revotes)) if isinstance(revotes, list) else None)
