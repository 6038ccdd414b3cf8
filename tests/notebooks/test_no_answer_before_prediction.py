"""No answer on the page before its prediction is locked (issue 43).

Each game notebook runs here as a page (its code cells in order, what each displays kept), with
every explorer computing at once, every button outside the app and the questions pressed and the
game's Show hints ticked as soon as its box lets a student: all a student could see without locking
anything in. Then the questions are locked in one by one, in page order and, on a second run, in
reverse order (so an explorer or a hint box that waits for too few questions is caught), and after
each step the page must not hold the answer of a question not yet locked:

* the words that give it away (``ANSWERS`` of test_lesson_claims, the readings' key phrases);
* the reading's exact values: its decimals and fractions (``6.46``, ``84/13``), wherever they show up
  on the page (a readout, a chart's data, a closed form), not only as written there;
* a few values written another way on the page (``EXTRA``), as explorers print them.
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest

from changekit.registry import all_specs
from changekit.ui import Question
from tests.unit.test_lesson_claims import ANSWERS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GAMES = sorted(spec.notebook.removesuffix(".ipynb") for spec in all_specs())
#: Decimals with two places or more, and fractions: the exact values a reading states.
EXACT = re.compile(r"(?<![\d.])\d+\.\d{2,}|(?<![\w/.])\d+/\d{2,}(?![\d/])")
#: Answers as explorers and closed forms print them (issue 43's list), beside the readings' words.
EXTRA = {
    "cha_ching.q2": ["3.50%"],  # the composition explorer's "Chance a fresh hand hits a fresh target"
    "zhao_pengyou.q1": ["hand size times the share", ">13<", "= 13"],
    "diminishing.q2": ["second player wins"],
    "big_cheese.q2": ["re-roll anything below the mean", "below the mean"],
    "cambio.q1": ["6.46"],
    "zombie.q2": ["probability <b>0.494"],  # the first-play explorer's readout for a $5 against 3 bills
}
#: What the games' hints say (each app's ``hints_html``) where they give a question away: the
#: average of an unseen card, whether the moves win against perfect play, the equilibrium mix.
#: (Zhao Pengyou's friend odds show only to a host calling a friend, never at a page's opening.)
HINT_WORDS = {
    "cambio.q1": ["not seen is worth"],
    "cambio.q2": ["Your believed total:"],  # known + unseen × average: Question 2's method and number
    "diminishing.q2": ["every one of your", "You are winning:"],
    "boneyard.q1": ["bid like the first-round equilibrium"],
}

#: The case the questions ask about, set in any explorer with such an input (a student's one click):
#: the Zombie's $5 against 3 bills, Zhao Pengyou's 4 players and 3 decks.
ASKED = {"bill": 5, "dealt": 3, "players": 4, "decks": 3}


class Page:
    """A notebook run as a page: its Markdown, what its code cells display, and its questions."""

    def __init__(self, path: Path, monkeypatch) -> None:
        import changekit.ui.app as ui_app
        import changekit.ui.question as ui_question

        def captured(out, figure):  # a callback's figure into its Output, as text (no kernel here)
            out.outputs = ({"output_type": "display_data", "data": {"text/plain": shown_text(figure)}},)

        monkeypatch.setattr(ui_app, "show_figure", captured)
        monkeypatch.setattr(ui_question, "show_figure", captured)
        self.markdown: list[str] = []
        self.shown: list = []
        self.questions: list[Question] = []
        Question.on_create.append(self.questions.append)
        try:
            namespace: dict = {"__name__": "__main__"}
            for cell in nbformat.read(path, as_version=4).cells:
                if cell.cell_type == "markdown":
                    self.markdown.append(cell.source)
                    continue
                tree = ast.parse(cell.source)
                last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, path.name, "exec"), namespace)
                if last is not None:
                    self.shown.append(eval(compile(ast.Expression(last.value), path.name, "eval"), namespace))
        finally:
            Question.on_create.remove(self.questions.append)
        self.press_everything()

    def press_everything(self) -> None:
        """Press every button a student meets outside the app and the questions (an explorer's
        Explore, a closed form's Derive), once, and set each explorer to the case its questions ask."""
        for item in self.shown:
            if type(item).__name__.endswith("App"):
                if not item.w_hints.disabled:  # a student ticks it as soon as it lets them
                    item.w_hints.value = True
                continue
            if isinstance(item, Question):
                continue
            inner = getattr(item, "shown", None)
            for explorer in (item, inner, *(inner if isinstance(inner, (list, tuple)) else ())):
                for name, box in (getattr(explorer, "inputs", None) or {}).items():
                    if name in ASKED and box.value != ASKED[name]:
                        box.value = ASKED[name]
            for button in widgets_of(item):
                if isinstance(button, w.Button) and not button.disabled and not getattr(button, "_pressed", False):
                    button._pressed = True
                    button.click()

    def text(self) -> str:
        return " ".join([*self.markdown, *(shown_text(item) for item in self.shown)])


def widgets_of(item):
    root = item.widget if isinstance(getattr(item, "widget", None), w.Widget) else item
    if not isinstance(root, w.Widget):
        return
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))


def shown_text(item) -> str:
    """What a student can read in ``item``: texts, readouts, captured outputs and charts' data."""
    if isinstance(item, str):
        return item
    if hasattr(item, "to_plotly_json"):  # a plotly figure
        return json.dumps(item.to_plotly_json(), default=str)
    if isinstance(item, w.Widget) or isinstance(getattr(item, "widget", None), w.Widget):
        parts = []
        for widget in widgets_of(item):
            if isinstance(widget, (w.HTML, w.HTMLMath, w.Label, w.Textarea, w.Text)):
                parts.append(str(widget.value))
            elif isinstance(widget, w.Output):
                parts += [str(o.get("data", {}).get("text/plain", "")) for o in widget.outputs]
            elif hasattr(widget, "to_plotly_json"):  # a FigureWidget
                parts.append(json.dumps(widget.to_plotly_json(), default=str))
            elif isinstance(getattr(widget, "figure", None), dict):  # the kit's Chart widget
                parts.append(json.dumps(widget.figure, default=str))
        return " ".join(parts)
    data = getattr(item, "data", None)  # IPython's HTML
    return data if isinstance(data, str) else ""


def markers(question: Question) -> list[re.Pattern]:
    """What would give ``question``'s answer away, minus what its own prompt states: its words as
    written, its exact values (three significant digits or more) wherever a number starts."""
    words = [re.compile(re.escape(m)) for m in [*ANSWERS[question.qid], *EXTRA.get(question.qid, []),
                                                 *HINT_WORDS.get(question.qid, [])]]
    values = [v for v in EXACT.findall(question.reading)
              if v not in question.text and len(v.replace(".", "").replace("/", "").lstrip("0")) >= 3]
    return words + [re.compile(r"(?<![\d.])" + re.escape(v)) for v in values]


def leaks(page: Page, unlocked: list[Question]) -> list[str]:
    text = " ".join(page.text().split())
    found = []
    for question in unlocked:
        for marker in markers(question):
            if (m := marker.search(text)) is not None:
                found.append(f"{question.qid}: {marker.pattern!r} …{text[max(0, m.start() - 80):m.end() + 40]}…")
    return found


def lock(question: Question) -> None:
    question.predict(question.input.options[0][1] if question.kind == "choices" else question.input.min)


@pytest.mark.parametrize("order", ["page order", "reverse order"])
@pytest.mark.parametrize("name", GAMES)
def test_no_answer_is_on_the_page_before_its_prediction_is_locked(name, order, monkeypatch):
    page = Page(NOTEBOOKS / f"{name}.ipynb", monkeypatch)
    unlocked = list(page.questions) if order == "page order" else list(reversed(page.questions))
    assert len(unlocked) >= 3
    found = leaks(page, unlocked)
    while unlocked and not found:
        lock(unlocked.pop(0))
        page.press_everything()
        found = leaks(page, unlocked)
    assert found == []


def test_the_check_finds_an_answer_left_on_the_page(monkeypatch):
    """The check can fail: Cambio as it read before issue 43 ("6.46 before it has seen a card")."""
    page = Page(NOTEBOOKS / "cambio.ipynb", monkeypatch)
    page.markdown.append("the average of the cards it has not yet located: 6.46 before it has seen a card")
    assert any(f.startswith("cambio.q1: '6\\\\.46'") for f in leaks(page, page.questions)), leaks(page, page.questions)


def test_the_check_finds_cambio_hints_opened_before_question_2(monkeypatch, tmp_path):
    """The check can fail: Cambio's play cell as it read before review 43c, its hints waiting for
    Question 1 only; once Question 1 is locked in, the hint's believed total answers Question 2."""
    nb = nbformat.read(NOTEBOOKS / "cambio.ipynb", as_version=4)
    play = next(c for c in nb.cells if c.cell_type == "code" and "hints_after_predictions(" in c.source)
    play.source = play.source.replace('("cambio.q1", "cambio.q2")', '("cambio.q1")')
    nbformat.write(nb, tmp_path / "cambio.ipynb")
    page = Page(tmp_path / "cambio.ipynb", monkeypatch)
    unlocked = list(page.questions)
    lock(unlocked.pop(0))
    page.press_everything()
    found = leaks(page, unlocked)
    assert any(f.startswith("cambio.q2: ") and "Your believed total:" in f for f in found), found


def test_an_explorer_waits_for_every_question_it_answers(monkeypatch):
    """The composition explorer opens only once Questions 1 to 6 are locked in; then it draws."""
    page = Page(NOTEBOOKS / "cha_ching.ipynb", monkeypatch)
    gate = next(item for item in page.shown if type(item).__name__ == "AfterPredictions")
    assert gate.shown is None and "lock in your predictions" in gate.note.value
    for question in page.questions[:5]:
        lock(question)
    assert gate.shown is None and gate.waiting == ["cha_ching.q6"] and "Question 6:" in gate.note.value
    lock(page.questions[5])
    assert gate.shown is not None and "3.50%" in shown_text(gate)
