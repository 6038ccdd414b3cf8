"""What a served page imports when it loads (issue 28): a game page, the join page and the gallery,
run as the kit's server runs them, import no plotly, sympy, numpy, Voila server stack or class store:
those come when a student presses something that needs them. Every pre-rendered page of a class
pool pays for what its notebook imports, thirty or sixty times over."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from changekit.serving import NOTEBOOKS
from changekit.ui.charts import PLOTLY_JS_ENV

HEAVY = ("plotly", "sympy", "numpy", "scipy", "pandas", "voila", "jupyter_server", "jsonschema", "psycopg",
         "changekit.classroom.store")
#: the teacher's pages load the store and charts at once: one each per class, not per student
TEACHER_PAGES = {"class", "lab"}
RUN_CELLS = """
import json, sys
g = {"__name__": "__main__"}
for cell in json.load(open(sys.argv[1]))["cells"]:
    if cell["cell_type"] == "code":
        exec(compile("".join(cell["source"]), sys.argv[1], "exec"), g)
print(json.dumps(sorted(m for m in sys.argv[2:] if m in sys.modules)))
"""


@pytest.mark.parametrize("notebook", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in TEACHER_PAGES))
def test_a_student_page_loads_without_heavy_imports(notebook, monkeypatch, tmp_path):
    monkeypatch.setenv(PLOTLY_JS_ENV, "voila/labextensions/changekit-assets/plotly.min.js")  # as served
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", str(tmp_path / "class.db"))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    out = subprocess.run([sys.executable, "-c", RUN_CELLS, str(NOTEBOOKS / f"{notebook}.ipynb"), *HEAVY],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_the_teachers_dashboard_loads_the_store_but_no_chart(monkeypatch, tmp_path):
    """The class page keeps its histogram's place empty until the first reveal: no plotly while it
    loads (with its chart drawn at load it rendered 1.5-1.6x the trivial page in make bench)."""
    monkeypatch.setenv(PLOTLY_JS_ENV, "voila/labextensions/changekit-assets/plotly.min.js")  # as served
    monkeypatch.setenv("CHANGEKIT_CLASS_STORE", str(tmp_path / "class.db"))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    out = subprocess.run([sys.executable, "-c", RUN_CELLS, str(NOTEBOOKS / "class.ipynb"), *HEAVY],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == ["changekit.classroom.store"]
