"""The README's and the guides' Python examples run as written (issue 41: the README's
``Game(players=4).new_state(seed=1)`` failed, ``Game`` being the abstract base).

The convention: a block fenced ```` ```python ```` is an example to run; blocks that are not Python to
run are fenced ``sh`` or ``text`` (or left bare). A file's blocks run in order, in one namespace
(a later block may use an earlier one's names), each in a fresh namespace per file."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: a fenced block: its info string and its text (the closing fence as long as the opening one)
FENCE = re.compile(r"^(?P<fence>`{3,})(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The ```python blocks of a Markdown text, each with the line it starts on."""
    return [(text.count("\n", 0, m.start()) + 1, m["body"]) for m in FENCE.finditer(text)
            if m["info"].strip() == "python"]


def test_the_convention_finds_blocks_by_their_fence():
    text = "a\n```python\nx = 1\n```\n```sh\nmake\n```\n````python\ny = '```'\n````\n```text\nno\n```\n"
    assert python_blocks(text) == [(2, "x = 1\n"), (8, "y = '```'\n")]


def test_the_readme_has_examples_to_run():
    assert len(python_blocks((ROOT / "README.md").read_text())) >= 1


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_python_block_runs_as_written(document):
    namespace: dict = {"__name__": f"doc_example_{document.stem}"}
    for line, code in python_blocks(document.read_text()):
        try:
            exec(compile(code, f"{document.name}:{line}", "exec"), namespace)  # noqa: S102 - our own docs
        except Exception as err:  # noqa: BLE001 - the failure names the block
            pytest.fail(f"{document.relative_to(ROOT)}, the ```python block at line {line}: "
                        f"{type(err).__name__}: {err}")
