"""The Binder badge's recipe (binder/): repo2docker picks the Python named in runtime.txt
(``python-X.Y``; without it, its default, 3.10 in repo2docker 2024), and the kit needs ≥ 3.11
(issue 44: "requires a different Python: 3.10.13 not in '>=3.11'")."""
from __future__ import annotations

import re
import tomllib

from packaging.specifiers import SpecifierSet

from changekit.serving import ROOT


def test_binder_builds_with_a_python_the_kit_accepts():
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    found = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)  # repo2docker's only form for Python
    assert found, f"binder/runtime.txt says {runtime!r}, not python-X.Y"
    required = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    assert f"{found.group(1)}.{found.group(2)}.0" in SpecifierSet(required)


def test_binder_installs_the_kit_itself():
    # with a binder/ folder repo2docker installs nothing from the root: the requirements must name it
    lines = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").split()
    assert "." in lines
