"""Every on-demand button of every notebook is pressed, and what it draws is checked: the
``figure_on_click(...)`` buttons and each ``Question``'s Check (tournaments, simulations, counts).

The buttons are found in the notebooks' code, so a new one is covered without touching this file.
Each notebook's code cells run here in plain Python (no kernel, no browser): ``figure_on_click``
is wrapped to note the buttons it makes, ``Question.on_create`` notes the questions,
``show_figure`` is wrapped to keep what a click would draw, and the test presses the button with
``Button.click()``, which fires its callback (STACK_NOTES, "Notebook tests"). The browser side of
drawing is the browser tests' job.
"""
from __future__ import annotations

import ast
import math
import os
import re
from functools import cache
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest
from plotly.basedatatypes import BaseFigure

import changekit.ui.app as ui_app
import changekit.ui.question as ui_question
from changekit.ui import Question
from .page_questions import drawn_ids

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def buttons_of(path: Path) -> list[str]:
    """The first argument of every ``figure_on_click("label", ...)`` call and the id of every question
    drawn (``Question.of(QUESTIONS["qid"])``) in the notebook's code cells, in page order."""
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "figure_on_click":
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path.name}: a button's label is not a literal"
                found.append(first.value)
        found += drawn_ids(cell.source, path.name)
    return found


BUTTONS = [(path.name, label) for path in sorted(NOTEBOOKS.glob("*.ipynb")) for label in buttons_of(path)]


def test_the_notebooks_have_their_on_demand_buttons():
    # 43 when this test was written (42 questions, one figure button): fewer means one was lost unnoticed
    assert len(BUTTONS) >= 43, BUTTONS
    assert len(set(BUTTONS)) == len(BUTTONS), "two buttons of one notebook share a label"


@cache
def run_notebook(name: str) -> dict[str, object]:
    """Run the notebook's code cells here; {label: figure_on_click's box, qid: the Question}."""
    made: dict[str, object] = {}
    real = ui_app.figure_on_click

    def noting(label, make_figure, **options):
        made[label] = box = real(label, make_figure, **options)
        return box

    def noting_question(question):
        made[question.qid] = question

    namespace = {"__name__": "__main__"}
    here = os.getcwd()
    ui_app.figure_on_click = noting
    Question.on_create.append(noting_question)
    try:
        os.chdir(NOTEBOOKS)  # as Voila runs it
        for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{name} cell", "exec"), namespace)  # noqa: S102 - our own notebooks
    finally:
        ui_app.figure_on_click = real
        Question.on_create.remove(noting_question)
        os.chdir(here)
    return made


def press(name: str, label: str, monkeypatch) -> list:
    """Press the button (a question's Check, after locking in its first choice); what it drew. A
    button the page holds back until some predictions are locked (``AfterPredictions``) appears
    once the page's questions are locked in, as a student's would."""
    page = run_notebook(name)  # shared by the tests of a worker: a question may be locked already
    if label not in page:
        for question in [made for made in page.values() if isinstance(made, Question)]:
            lock_first_choice(question)
    made = page[label]
    drawn = []

    def keep(out, figure):
        drawn.append(figure)

    monkeypatch.setattr(ui_app, "show_figure", keep)
    monkeypatch.setattr(ui_question, "show_figure", keep)
    if isinstance(made, Question):
        lock_first_choice(made)
        assert not made.check_button.disabled
        made.check_button.click()
        shown = " ".join(x.value for x in made.answer_box.children if isinstance(x, w.HTML))
        assert made.checked and "Could not compute" not in shown, shown
        if made.reading:
            assert made.answer_box.children[-1] is made.reading_html
        return drawn + [x for x in made.answer_box.children
                        if isinstance(x, w.HTML) and x is not made.reading_html]
    button, status, _out = made.children
    assert not button.disabled
    button.click()
    assert len(drawn) == 1, f"{label!r} drew {len(drawn)} results"
    assert not button.disabled and re.fullmatch(r"<i>Done in \d+\.\d s\.</i>", status.value), status.value
    return drawn


def lock_first_choice(question: Question) -> None:
    if question.prediction is None:
        question.predict(question.input.options[0][1] if question.kind == "choices" else question.input.min)


def numbers(trace) -> list[float]:
    """Every number a trace plots on x, y or z (a heatmap's z is a list of rows)."""
    def flat(values):
        for v in values:
            if isinstance(v, (list, tuple)):
                yield from flat(v)
            else:
                yield v
    values = [v for axis in ("x", "y", "z") for v in flat(getattr(trace, axis, None) or ())]
    return [float(v) for v in values if isinstance(v, (int, float))]


def check_figure(figure) -> None:
    """A chart that says what it shows: a title, traces with data, finite numbers, rates in [0, 1]."""
    assert figure.layout.title.text, "the chart has no title"
    assert figure.data, "the chart has no trace"
    for trace in figure.data:
        assert numbers(trace), f"trace {trace.name!r} plots no number"
        assert all(math.isfinite(v) for v in numbers(trace)), trace
    if "win rate" in (figure.layout.yaxis.title.text or "") or "tournament" in figure.layout.title.text.lower():
        for trace in figure.data:
            assert all(0 <= v <= 1 for v in trace.y), trace


def text_of(result) -> str:
    """What a result says: its value or data, or its children's (a box of formulas)."""
    children = getattr(result, "children", None)
    if children:
        return " ".join(text_of(child) for child in children)
    return str(getattr(result, "value", None) or getattr(result, "data", None) or "")


def bars(figure) -> dict[str, float]:
    [bar] = [t for t in figure.data if t.type == "bar"]
    return dict(zip(bar.x, bar.y, strict=True))


def figures(results) -> list:
    return [r for r in results if isinstance(r, BaseFigure)]


def shown(results) -> str:
    return " ".join(text_of(r) for r in results if not isinstance(r, BaseFigure))


def reading(notebook: str, qid: str) -> str:
    return run_notebook(notebook)[qid].reading


def says(*fragments: str, cited: tuple[str, ...] = ()):
    """The answer shows ``fragments``; the question's reading cites ``cited`` (the same numbers, rounded)."""
    def check(notebook, qid, results):
        text = shown(results)
        for fragment in fragments:
            assert fragment in text, (fragment, text[:500])
        for number in cited:
            assert number in reading(notebook, qid), (number, reading(notebook, qid))
    return check


def _count_of_games(notebook, qid, results):
    from tests.unit.test_diminishing_solver import STANDARD_GAMES

    assert f"About <b>{float(STANDARD_GAMES):.2e}</b> different games" in shown(results)


def _tournament(seats: int):
    def check(notebook, qid, results):
        [figure] = figures(results)
        rates = bars(figure)
        assert len(rates) == seats, rates
        assert sum(rates.values()) == pytest.approx(1, abs=0.02)  # someone wins each game (ties share)
    return check


def _round_table(notebook, qid, results):
    text = shown(results)
    assert re.search(r"turns per round: \d+\.\d+ \[\d+\.\d+, \d+\.\d+\] \(n=\d+\)", text), text
    assert re.search(r"penalty per losing hand: \d+\.\d+ \[", text), text


def _generating_functions(notebook, label, results):
    text = shown(results)
    # two $ cards: each is worth 1, 5, 10, 25 or 50 (x^2 ... x^100); 15 sums, 25 ordered pairs in all
    assert "x^{100}" in text and "2 x^{75}" in text and "x^{2}" in text
    assert "chance" in text


def _sixty_deals(notebook, qid, results):
    points, levels = figures(results)
    [hist] = [t for t in points.data if t.type == "histogram"]
    assert len(hist.x) == 60 and all(0 <= p <= 300 and p % 5 == 0 for p in hist.x)  # 300 points in three decks
    # the same 60 deals under each scoring table (as played, and rescored by the stepped table)
    tables = [t for t in levels.data if t.type == "bar"]
    assert [t.name.split(" (")[0] for t in tables] == ["sheet table", "stepped table"]
    for table in tables:
        changes = dict(zip(table.x, table.y, strict=True))
        assert sum(changes.values()) == 60 and list(changes)[0] == "host +3"  # each deal counted once


def _matchups(notebook, qid, results):
    [figure] = figures(results)
    rates = bars(figure)
    named = {label.split("<br>")[0]: rate for label, rate in rates.items()}
    assert set(named) == {"max take-back", "keep small bills", "random"} and max(named.values()) < 0.2
    assert all(label.endswith(f"<br>won {rate:.0%}") for label, rate in rates.items())  # as its bar stands


#: What particular buttons must show, beyond well-formed results: the numbers their reading cites.
SPECIFIC = {
    ("zombie.ipynb", "zombie.q1"): says("<td>1.6086</td>", "<td>1.6054</td>", cited=("1.609", "1.605")),
    ("zombie.ipynb", "zombie.q2"): says("<b>≈ 49.4 %</b>", cited=("about 49 %",)),  # the question asks in %
    ("zombie.ipynb", "zombie.q4"): _tournament(4),
    ("zombie.ipynb", "zombie.q7"): _tournament(3),
    ("zombie.ipynb", "zombie.q5"): says("<b>3.093</b>", "<b>2.924</b>", "1.496 ($1)", "1.986 ($1)",
                                        cited=("3.093", "2.924", "1.496", "1.986")),
    ("zombie.ipynb", "zombie.q6"): says("<td>$7</td><td>3</td>", "<b>-0.55</b>", "<td>6.53</td>",
                                        cited=("The $7", "-0.55", "6.53", "3.55")),
    ("cambio.ipynb", "cambio.q1"): says("84/13 ≈ 6.462", cited=("84/13 ≈ 6.46",)),
    ("cambio.ipynb", "cambio.q2"): says("336/13 ≈ 25.85", "408/25 ≈ 16.32", cited=("336/13 ≈ 25.85", "408/25 = 16.32")),
    ("diminishing_returns.ipynb", "diminishing.q2"): says("<b>375,160</b>", "<b>191,057</b>", "the second player wins"),
    ("diminishing_returns.ipynb", "diminishing.q3"): _count_of_games,
    ("diminishing_returns.ipynb", "diminishing.q4"): says("149 of 375,160 reachable positions"),
    ("diminishing_returns.ipynb", "diminishing.q6"): _matchups,
    ("moneybags.ipynb", "moneybags.q1"): says("4661/5724 ≈ 0.814", cited=("4661/5724", "81 %")),
    ("moneybags.ipynb", "moneybags.q5"): _tournament(4),
    ("moneybags.ipynb", "moneybags.q6"): _tournament(4),
    ("zhao_pengyou.ipynb", "zhao_pengyou.q1"): says("Expected trumps: <b>13</b>", "P(18 or more) = 0.041",
                                                   cited=("Exactly 13", "4.1 %")),
    ("zhao_pengyou.ipynb", "zhao_pengyou.q2"): says("<b>0.968</b>", "<b>0.470</b>", "<b>0.052</b>",
                                                   cited=("97 %", "47 %", "5 %")),
    ("zhao_pengyou.ipynb", "zhao_pengyou.q4"): _sixty_deals,
    ("cha_ching.ipynb", "cha_ching.q2"): says("about 1 in 29", cited=("1 deal in 29",)),
    ("cha_ching.ipynb", "cha_ching.q5"): _round_table,
    ("cha_ching.ipynb", "cha_ching.q8"): _tournament(4),
    ("cha_ching.ipynb", "cha_ching.q7"): says("<b>4/9 ≈ 0.444</b>", "1/5 ≈ 0.200", "7/45 ≈ 0.156",
                                              cited=("4/9", "(1/5)", "(7/45)")),
    ("cha_ching.ipynb", "Expand the generating functions"): _generating_functions,
    ("big_cheese.ipynb", "big_cheese.q2"): says("re-roll anything below <b>11</b> — expected payout <b>13</b>",
                                               cited=("(10.5)", "pays 13")),
    ("big_cheese.ipynb", "big_cheese.q6"): _tournament(3),
    ("big_cheese.ipynb", "big_cheese.q8"): _tournament(3),
    ("big_cheese.ipynb", "big_cheese.q7"): says("<b>12.00</b>", "<td>3</td><td>13.41</td><td><b>keep it</b>",
                                               cited=("Three.", "13.41", "the 12 of")),
    ("boneyard.ipynb", "boneyard.q5"): _tournament(4),
    ("boneyard.ipynb", "boneyard.q6"): says("<b>8.5 rounds</b>", "interval 7.9–9.0", "<b>26 rounds</b>", "+$3.02",
                                            cited=("About 8.5 rounds", "7.9–9.0", "26 rounds", "$3.02")),
    ("boneyard.ipynb", "boneyard.q7"): _tournament(4),
}


@pytest.mark.slow
@pytest.mark.parametrize(("notebook", "label"), BUTTONS,
                         ids=[f"{n.removesuffix('.ipynb')}: {lab}" for n, lab in BUTTONS])
def test_pressing_the_button_draws_its_result(notebook, label, monkeypatch):
    results = press(notebook, label, monkeypatch)
    assert results, f"{label!r} showed nothing"
    for result in results:
        if isinstance(result, BaseFigure):
            check_figure(result)
        else:
            assert re.search(r"\d", text_of(result)), f"{label!r} shows no number: {text_of(result)[:200]}"
    if (notebook, label) in SPECIFIC:
        SPECIFIC[notebook, label](notebook, label, results)
