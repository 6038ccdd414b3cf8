"""Play the lessons' stored runs again and write each game's ``stored.json``
(:mod:`changekit.stats.stored`): after a change to a game's rules or bots that
``tests/unit/test_stored_runs.py`` reports.

    .venv/bin/python tools/store_runs.py                 # every run
    .venv/bin/python tools/store_runs.py moneybags.q4    # the runs named
"""
from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this clone's kit

from changekit.core.errors import ChangekitError  # noqa: E402
from changekit.registry import all_specs  # noqa: E402
from changekit.stats.stored import RUNS, STORED_FILE, StoredRun, encode  # noqa: E402


def declare_all() -> dict[str, StoredRun]:
    """Every game's stored runs: a lesson's questions import its analysis, which declares them."""
    for spec in all_specs():
        spec.lesson_questions()
    return dict(RUNS)


def store_all(keys: list[str] | None = None) -> list[Path]:
    """Play every run (or those named) again and write the games' ``stored.json`` files."""
    runs = declare_all()
    unknown = sorted(set(keys or ()) - set(runs))
    if unknown:
        raise ChangekitError(f"no stored run is named {', '.join(unknown)} (there are {', '.join(sorted(runs))})")
    written = []
    for package in sorted({run.package for run in runs.values()}):
        path = Path(importlib.import_module(package).__file__ or "").parent / STORED_FILE
        data = json.loads(path.read_text()) if path.exists() else {}
        data = {key: value for key, value in data.items() if key in runs}  # runs no longer declared go
        for run in runs.values():
            if run.package == package and (not keys or run.key in keys):
                print(f"playing {run.key} ...", flush=True)
                data[run.key] = encode(run.play())
        path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in store_all(sys.argv[1:] or None):
        print(f"wrote {written_path}")
