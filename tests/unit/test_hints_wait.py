"""The Show hints box waits for the predictions its hints give away (issue 43), as explorers do.

Each test names questions by ids of its own: a question drawn by another test stays in the
kernel's ``Question.drawn`` (its widgets keep it alive), and must not open or close this box.
"""
from __future__ import annotations

import itertools

import pytest

from changekit.core.errors import InvalidArgument
from changekit.games.cambio.app import CambioApp
from changekit.ui import Question

_fresh = itertools.count(1)


def fresh_ids(*numbers: int) -> list[str]:
    """Question ids no other test has drawn, numbered as a lesson numbers them."""
    lesson = f"hintsgate{next(_fresh)}"
    return [f"{lesson}.q{n}" for n in numbers]


def draw(qid: str) -> Question:
    return Question(qid, "Red or blue?", choices=["red", "blue"], answer=lambda: "red")


@pytest.fixture(autouse=True)
def no_hooks_left():
    """The apps' watchers of newly drawn questions go with the test (Question.on_create is the kernel's)."""
    before = list(Question.on_create)
    yield
    Question.on_create[:] = before


def is_open(app: CambioApp) -> bool:
    return not app.w_hints.disabled and app.w_hints_note.layout.display == "none" and app.w_hints_note.value == ""


def tick(app: CambioApp) -> str:
    """Tick Show hints as a script would (past a disabled box) and return what the hint line shows."""
    app.w_hints.value = True
    return app.w_hint_box.value


def test_the_box_waits_for_a_question_drawn_after_the_app():
    """A lesson's order: the game first, its questions further down the page."""
    (qid,) = fresh_ids(2)
    app = CambioApp(players=3, bot="memory", seed=1).hints_after_predictions(qid)
    said = "<i>Show hints opens once you have locked in your prediction for Question 2.</i>"
    assert app.w_hints.disabled and app.w_hints_note.value == said and app.w_hints_note.layout.display == ""
    question = draw(qid)
    assert app.w_hints.disabled and app.w_hints_note.value == said
    assert tick(app) == "" and app.w_hints.value is False  # refused on the kernel's side too
    question.predict("blue")
    assert is_open(app)
    assert "A card you have not seen is worth" in tick(app)


def test_the_box_waits_for_every_question_it_names_drawn_before_the_app():
    first, second = fresh_ids(1, 3)
    questions = [draw(first), draw(second)]
    app = CambioApp(players=3, bot="memory", seed=1).hints_after_predictions(first, second)
    assert app.w_hints.disabled and app.hints_waiting == [first, second]
    assert app.w_hints_note.value == ("<i>Show hints opens once you have locked in your predictions "
                                      "for Questions 1 and 3.</i>")
    questions[1].predict("red")
    assert app.w_hints.disabled and app.hints_waiting == [first]
    assert app.w_hints_note.value == "<i>Show hints opens once you have locked in your prediction for Question 1.</i>"
    assert tick(app) == ""
    questions[0].predict("red")
    assert is_open(app) and app.hints_waiting == []
    assert "A card you have not seen is worth" in tick(app)


def test_hints_shown_before_the_gate_is_set_are_hidden_again():
    (qid,) = fresh_ids(1)
    app = CambioApp(players=3, bot="memory", seed=1)
    assert "not seen is worth" in tick(app)
    app.hints_after_predictions(qid)
    assert app.w_hints.value is False and app.w_hint_box.value == "" and app.w_hints.disabled


def test_an_app_that_names_no_question_keeps_its_box_open():
    """Outside a lesson (a plain notebook, a class table) the box works as it always did, even
    with a question of the same game on the page."""
    draw(fresh_ids(1)[0])
    app = CambioApp(players=3, bot="memory", seed=1)
    assert is_open(app) and app.hints_wait_for == () and app.hints_waiting == []
    assert "A card you have not seen is worth" in tick(app)
    app.w_hints.value = False
    assert app.w_hint_box.value == ""


@pytest.mark.parametrize("qids", [(), ("Cambio Q1",), ("cambio",), (1,)])
def test_the_questions_are_named_by_their_ids(qids):
    app = CambioApp(players=3, bot="memory", seed=1)
    with pytest.raises(InvalidArgument):
        app.hints_after_predictions(*qids)
    assert is_open(app)
