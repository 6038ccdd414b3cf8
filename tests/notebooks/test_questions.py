"""Every notebook asks at least three predict-then-check Questions, each with its own id, and
every Question's answer computes and shows without an error once a prediction is locked in."""
from __future__ import annotations

from pathlib import Path

import ipywidgets as w
import nbformat
import pytest

from changekit.ui import Question

from .page_questions import shown_questions

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ASK_NONE = ("index", "class", "join", "lab", "projector")  # the gallery, the class pages, the lab
GAMES = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in ASK_NONE)


def questions_of(path: Path) -> list[Question]:
    """Run the notebook's code cells here (not in a kernel) and collect the Questions it makes."""
    made: list[Question] = []
    Question.on_create.append(made.append)
    try:
        namespace: dict = {"__name__": "__main__"}
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{path.name}", "exec"), namespace)
    finally:
        Question.on_create.remove(made.append)
    return made


def shown_text(question: Question) -> str:
    return " ".join(x.value for x in question.answer_box.children if isinstance(x, w.HTML))


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_question_checks_cleanly(path):
    made = questions_of(path)
    ids = [q.qid for q in made]
    assert len(made) >= 3 and len(set(ids)) == len(ids)
    assert all(qid.startswith(path.stem.split("_returns")[0] + ".") for qid in ids), ids
    for q in made:
        assert q.answer_box.children == () and q.check_button.disabled
        q.predict(q.input.options[0][1] if q.kind == "choices" else q.input.min)
        q.check()
        assert q.checked, f"{q.qid}: {shown_text(q)}"
        assert "Could not compute" not in shown_text(q)
        assert q.answer_box.children, q.qid


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_notebook_draws_its_games_questions_in_their_order(path):
    """The page draws exactly its game's questions (``questions.py``), in that order; a page that
    is no game's lesson draws none. (The notebook's JSON is read as data here: a test's view.)"""
    from changekit.classroom.lessons import lesson_questions, lessons

    shown = shown_questions(path)
    if path.stem in ASK_NONE:
        assert shown == [] and path.name not in lessons()
        return
    assert shown == [q.qid for q in lesson_questions(path.name)] and len(shown) >= 3
