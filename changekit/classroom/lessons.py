"""The lessons' questions, read from the game notebooks, for the teacher's dashboard.

The notebooks create their :class:`~changekit.ui.Question` objects inline (``Question("zombie.q1",
"...", choices=[...], answer=lambda: ...)``). Rather than move them, the dashboard runs only those
cells' import statements and ``Question(...)`` calls, with ``Question`` standing for a recorder:
it gets each question's id, text, way of answering, reading and ``answer`` function, and nothing
else of the notebook runs (no app, no figure at load).
"""
from __future__ import annotations

import ast
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..core.errors import ClassroomError
from ..registry import all_games
from .live import question_prompt

#: the notebooks ship inside the package (in a clone, a link to the repository's notebooks/)
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@dataclass(frozen=True)
class LessonQuestion:
    """One question of a lesson: ``prompt()`` for the store, ``answer()`` for the Reveal."""

    qid: str
    text: str
    how: dict[str, Any]
    reading: str = ""
    answer: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> str:
        return next(k for k in ("choices", "number", "slider") if k in self.how)

    def prompt(self) -> dict[str, Any]:
        return question_prompt(self.qid, self.text, unit=self.how.get("unit", ""),
                               **{k: v for k, v in self.how.items() if k != "unit"})


def _is_question_call(node: ast.AST) -> bool:
    call = node.value if isinstance(node, (ast.Expr, ast.Assign)) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Question"


def lesson_questions(notebook: str | Path) -> list[LessonQuestion]:
    """The questions of one notebook (a name in ``notebooks/`` or a path), in page order."""
    path = Path(notebook)
    if not path.is_absolute() and not path.exists():
        path = NOTEBOOKS / path
    if not path.exists():
        raise ClassroomError("unknown-lesson", f"no lesson notebook {str(notebook)!r} in {NOTEBOOKS}")
    return list(_read_questions(path.resolve(), path.stat().st_mtime_ns))


@functools.lru_cache(maxsize=16)
def _read_questions(path: Path, mtime_ns: int) -> tuple[LessonQuestion, ...]:
    """(Once per version of the file: switching lessons back and forth costs nothing.)"""
    cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    found: list[LessonQuestion] = []

    def record(qid: str, text: str, *, answer: Callable[..., Any] | None = None, reading: str = "",
               **how: Any) -> None:
        how = {k: (list(v) if isinstance(v, (tuple, list)) else v) for k, v in how.items() if v is not None}
        found.append(LessonQuestion(qid, text, how, reading, answer))

    namespace: dict[str, Any] = {"__name__": f"lesson:{path.stem}"}
    for cell in cells:
        source = "".join(cell["source"])
        if "Question(" not in source:
            continue
        tree = ast.parse(source)
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)) or _is_question_call(node):
                namespace["Question"] = record  # after the import that brought the real one
                exec(compile(ast.Module([node], []), str(path), "exec"), namespace)  # noqa: S102 - the kit's own notebooks
                namespace["Question"] = record
    return tuple(found)


def lessons() -> dict[str, str]:
    """``{notebook file: title}`` for every game notebook that has questions."""
    out = {}
    for game in all_games():
        name = game.notebook_file()
        if "Question(" in (NOTEBOOKS / name).read_text():
            out[name] = game.title
    return out
