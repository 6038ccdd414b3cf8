"""The lesson questions a notebook draws, read from its JSON as data (the tests' view of a page;
the kit itself learns a lesson's questions from the game's ``questions.py``)."""
from __future__ import annotations

import ast
from pathlib import Path

import nbformat


def drawn_ids(source: str, where: str = "a cell") -> list[str]:
    """The ids of the questions a code cell draws, in order: each ``Question.of(QUESTIONS["qid"])``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "Question":
            raise AssertionError(f"{where} defines a Question inline: a lesson's questions live in its questions.py")
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "of" and getattr(func.value, "id", "") == "Question":
            (arg,) = node.args
            assert (isinstance(arg, ast.Subscript) and getattr(arg.value, "id", "") == "QUESTIONS"
                    and isinstance(arg.slice, ast.Constant)), f"{where}: Question.of takes QUESTIONS['qid']"
            found.append(arg.slice.value)
    return found


def shown_questions(path: Path) -> list[str]:
    """The ids of the questions the notebook at ``path`` draws, in page order."""
    return [qid for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"
            for qid in drawn_ids(cell.source, path.name)]
