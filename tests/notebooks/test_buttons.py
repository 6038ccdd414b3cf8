"""Every on-demand button of every notebook (``figure_on_click(...)``: tournaments, simulations,
counts) is pressed, and what it draws is checked.

The buttons are found in the notebooks' code, so a new one is covered without touching this file.
Each notebook's code cells run here in plain Python (no kernel, no browser): ``figure_on_click``
is wrapped to note the buttons it makes, ``show_figure`` to keep what a click would draw, and the
test presses the button with ``Button.click()``, which fires its callback (STACK_NOTES, "Notebook
tests"). The browser side of drawing is the browser tests' job.
"""
from __future__ import annotations

import ast
import math
import os
import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

import changekit.ui.app as ui_app

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def button_labels(path: Path) -> list[str]:
    """The label of every ``figure_on_click("label", ...)`` call in the notebook's code cells."""
    labels = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "figure_on_click"):
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path.name}: a figure_on_click label is not a literal"
                labels.append(first.value)
    return labels


BUTTONS = [(path.name, label) for path in sorted(NOTEBOOKS.glob("*.ipynb")) for label in button_labels(path)]


def test_the_notebooks_have_their_on_demand_buttons():
    # the count when this test was written (issue 19): fewer means a button was lost unnoticed
    assert len(BUTTONS) >= 20, BUTTONS
    assert len(set(BUTTONS)) == len(BUTTONS), "two buttons of one notebook share a label"


@cache
def run_notebook(name: str) -> dict[str, object]:
    """Run the notebook's code cells here; {label: the box figure_on_click returned}."""
    made: dict[str, object] = {}
    real = ui_app.figure_on_click

    def noting(label, make_figure, **options):
        made[label] = box = real(label, make_figure, **options)
        return box

    namespace = {"__name__": "__main__"}
    here = os.getcwd()
    ui_app.figure_on_click = noting
    try:
        os.chdir(NOTEBOOKS)  # as Voila runs it
        for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{name} cell", "exec"), namespace)  # noqa: S102 - our own notebooks
    finally:
        ui_app.figure_on_click = real
        os.chdir(here)
    return made


def press(name: str, label: str, monkeypatch):
    """Press the button; (what it drew, the status line under it)."""
    box = run_notebook(name)[label]
    button, status, _out = box.children
    drawn = []
    monkeypatch.setattr(ui_app, "show_figure", lambda out, figure: drawn.append(figure))
    assert not button.disabled
    button.click()
    assert len(drawn) == 1, f"{label!r} drew {len(drawn)} results"
    assert not button.disabled and re.fullmatch(r"<i>Done in \d+\.\d s\.</i>", status.value), status.value
    return drawn[0]


def numbers(trace) -> list[float]:
    values = [v for axis in ("x", "y", "z") for v in (getattr(trace, axis, None) or ())]
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
    return str(getattr(result, "value", None) or getattr(result, "data", None) or "")


def bars(figure) -> dict[str, float]:
    [bar] = [t for t in figure.data if t.type == "bar"]
    return dict(zip(bar.x, bar.y))


#: What particular buttons must show, beyond a well-formed chart: the numbers the reading cites.
def _count_of_games(result):
    from tests.unit.test_diminishing_solver import STANDARD_GAMES

    assert f"About <b>{float(STANDARD_GAMES):.2e}</b> different games" in text_of(result)


def _full_scan(result):
    from changekit.games.diminishing import analysis

    text = text_of(result)
    assert "of 375,160 reachable positions" in text  # the note on the button promises all of them
    scan = analysis.take_less_positions(examples=5)
    assert f"Standard game: {scan.only_move_takes_less} of" in text and text.count("<li>") == 5


def _tournament(seats: int):
    def check(figure):
        rates = bars(figure)
        assert len(rates) == seats, rates
        assert sum(rates.values()) == pytest.approx(1, abs=0.02)  # someone wins each game (ties share)
    return check


def _round_table(result):
    text = text_of(result)
    assert re.search(r"turns per round: \d+\.\d+ \[\d+\.\d+, \d+\.\d+\] \(n=\d+\)", text), text
    assert re.search(r"penalty per losing hand: \d+\.\d+ \[", text), text


def _generating_functions(result):
    text = text_of(result)
    # two $ cards: each is worth 1, 5, 10, 25 or 50 (x^2 ... x^100); 15 sums, 25 ordered pairs in all
    assert "x^{100}" in text and "2 x^{75}" in text and "x^{2}" in text
    assert "chance" in text


def _level_changes(figure):
    changes = bars(figure)
    assert sum(changes.values()) == 60 and list(changes)[0] == "host +3"  # the 60 deals, each counted once


def _points_histogram(figure):
    [hist] = [t for t in figure.data if t.type == "histogram"]
    assert len(hist.x) == 60 and all(0 <= p <= 300 and p % 5 == 0 for p in hist.x)  # 300 points in three decks


def _matchups(figure):
    rates = bars(figure)
    assert set(rates) == {"max take-back", "keep small bills", "random"} and max(rates.values()) < 0.2


SPECIFIC = {
    ("diminishing_returns.ipynb", "How many different games? Predict, then count"): _count_of_games,
    ("diminishing_returns.ipynb", "Scan the full game"): _full_scan,
    ("diminishing_returns.ipynb", "Run 100 games per bot"): _matchups,
    ("big_cheese.ipynb", "Run a tournament of 300 games (3 players, d6)"): _tournament(3),
    ("boneyard.ipynb", "Run a tournament of 200 games"): _tournament(4),
    ("moneybags.ipynb", "Run a tournament of 200 games"): _tournament(4),
    ("zombie.ipynb", "Run a tournament of 200 games"): _tournament(4),
    ("cha_ching.ipynb", "Play 10 games of four greedy bots"): _round_table,
    ("cha_ching.ipynb", "Expand the generating functions"): _generating_functions,
    ("zhao_pengyou.ipynb", "Show the level changes of the same 60 deals"): _level_changes,
    ("zhao_pengyou.ipynb", "Simulate 60 deals with heuristic bots"): _points_histogram,
}


@pytest.mark.slow
@pytest.mark.parametrize(("notebook", "label"), BUTTONS, ids=[f"{n.removesuffix('.ipynb')}: {lab}" for n, lab in BUTTONS])
def test_pressing_the_button_draws_its_result(notebook, label, monkeypatch):
    result = press(notebook, label, monkeypatch)
    if hasattr(result, "data") and hasattr(result, "layout"):
        check_figure(result)
    else:
        assert re.search(r"\d", text_of(result)), f"{label!r} shows no number: {text_of(result)[:200]}"
    if (notebook, label) in SPECIFIC:
        SPECIFIC[notebook, label](result)
