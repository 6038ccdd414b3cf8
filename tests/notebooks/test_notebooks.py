"""Every notebook executes headless, top to bottom, without an error or a stderr line."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_is_a_gallery_and_a_notebook_per_game():
    from changekit import all_games

    names = {p.name for p in PATHS}
    assert "index.ipynb" in names
    for game in all_games():
        assert game.notebook_file() in names, f"{game.name} has no notebook"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_every_cell_has_its_id_as_nbformat_4_5_requires(path):
    import json

    cells = json.loads(path.read_text())["cells"]  # read raw: nbformat.read would add missing ids itself
    assert [i for i, cell in enumerate(cells) if not cell.get("id")] == []
    ids = [cell["id"] for cell in cells]
    assert len(set(ids)) == len(ids), f"a cell id twice in {path.name}"


def test_every_page_has_its_own_title_that_says_what_it_is():
    """WCAG 2.4.2 (page titled): Voila's <title> is the notebook's metadata title, else its file
    name ("join"); the title says the page and the kit, and no two pages share one."""
    import json

    titles = {path.stem: json.loads(path.read_text())["metadata"].get("title", "") for path in PATHS}
    assert all("changekit" in title and len(title) > len("changekit") + 5 for title in titles.values()), titles
    assert len(set(titles.values())) == len(titles)
    assert titles["join"] == "Join your class · changekit" and titles["zombie"].startswith("Make Your Own Change")


@pytest.mark.slow
@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_notebook_runs_clean(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    problems = [
        output.get("ename") or output.get("text", "")[:300]
        for cell in nb.cells if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.output_type == "error" or (output.output_type == "stream" and output.name == "stderr")
    ]
    assert problems == []
    shown = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert shown, "the notebook displayed nothing"
