"""Benchmarks that cannot rot (issue 24): every ``benchmarks/bench_*.py`` module runs once at its
smallest size (``run(smoke=True)``: every step and phase of the full ``make bench``, tiny counts,
no timing asserted), so a renamed function or a changed signature fails here, not in the next
``make bench``. A new module is covered by being in the folder.

Measured on the 2-core box while others used it (1-min load 5-7), all sixteen modules in one
process under pytest: 88 s (about 180 s at the same load before the smoke runs shrank; 60 s is the
aim on a quiet box). Most of it is the two modules that start servers: bench_voila_load 41-63 s
(Chromium and three Voila servers: the trivial page, then the gallery and one game page alone and
once under a crowd of one visit, then a pre-rendered class of one, whose server starts at the
beginning beside the other phases) and bench_lockout 16-24 s (two `changekit serve` servers with
a share of one page per visitor, cap 3: 4 page renders each); then bench_classroom 5-8 s (a
throwaway PostgreSQL), bench_fuzz 4-10 s (one function and the game per worker: every function is
tests/unit/test_fuzz.py's), the others under 4 s each. bench_hub (issue 26) came after: 38 s under
two workers at load 4-6 (a hub, one student's spawn and page, and the reference server), so all
seventeen take about 94 s on two workers.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
MODULES = sorted(path.stem for path in BENCHMARKS.glob("bench_*.py"))
#: open-spiel (the yardstick) is the bench extra, not the test extra: its absence is no failure
OPTIONAL = ("unavailable: install the bench extra",)


def _bench_tool(name: str):
    """A module of benchmarks/ (run.py puts the folder on sys.path for the modules' own imports)."""
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


RUN = _bench_tool("run")
import timing  # noqa: E402 - from benchmarks/, on sys.path once run.py is loaded


def row_problems(rows: object) -> list[str]:
    """What is wrong with a module's rows: not a list of (area, metric, value, target) strings with
    area, metric and value filled in; a value that says a check failed ("NO", "FAILED", "3 failed
    moves"), a phase that did not run ("skipped", "not measured"), or a count whose target is 0
    that is not 0 (conformance violations, fuzz findings)."""
    if not isinstance(rows, list) or not rows:
        return [f"no rows: {rows!r}"]
    problems = []
    for row in rows:
        if not (isinstance(row, tuple) and len(row) == 4 and all(isinstance(cell, str) for cell in row)):
            problems.append(f"not 4 strings: {row!r}")
            continue
        area, metric, value, target = row
        if not (area.strip() and metric.strip() and value.strip()):
            problems.append(f"an empty cell: {row!r}")
        elif value in OPTIONAL:
            continue
        elif (value == "NO" or re.search(r"\bFAILED\b", value) or re.search(r"(?<![\w.,])(?!0 )\d[\d,]* failed", value)
              or re.match(r"(skipped|not measured)\b", value)):
            problems.append(f"says it failed or did not run: {row!r}")
        elif target == "0" and value != "0":
            problems.append(f"target 0, found {value}: {row!r}")
    return problems


@pytest.mark.parametrize("rows, found", [
    ([], "no rows"),
    ([("a", "m", "1", "")], None),
    ([("a", "m", "1")], "not 4 strings"),
    ([("a", "m", 1.5, "")], "not 4 strings"),
    ([("a", "", "1", "")], "an empty cell"),
    ([("lab", "games identical", "NO", "yes")], "says it failed"),
    ([("voila", "render", "FAILED (TimeoutError)", "")], "says it failed"),
    ([("lab", "moves/s", "1,108 (2 games, 3 failed moves)", "")], "says it failed"),
    ([("lab", "moves/s", "1,108 (2 games, 0 failed moves)", "")], None),
    ([("lab", "moves/s", "1,108 (2 games, 10 failed moves)", "")], "says it failed"),
    ([("voila", "load test", "skipped: no Chromium at /x", "")], "did not run"),
    ([("conformance", "violations", "6", "0")], "target 0, found 6"),
    ([("playouts", "yardstick", OPTIONAL[0], "")], None),
])
def test_row_problems_finds_what_is_wrong(rows, found):
    problems = row_problems(rows)
    if found is None:
        assert problems == []
    else:
        assert len(problems) == 1 and found in problems[0], problems


def test_sized_takes_the_smoke_size_only_inside_a_smoke_run():
    @timing.benchmark
    def run(smoke: bool = False):
        return [("t", "m", str(timing.sized(100, 2)), "")]

    assert run() == [("t", "m", "100", "")]
    assert run(smoke=True) == [("t", "m", "2", "")]
    assert timing.sized(100, 2) == 100  # restored after the run

    @timing.benchmark
    def broken(smoke: bool = False):
        raise RuntimeError("renamed function")

    with pytest.raises(RuntimeError):
        broken(smoke=True)
    assert timing.sized(100, 2) == 100  # restored after a failure too


def test_a_smoke_rate_is_one_call():
    calls = []

    @timing.benchmark
    def run(smoke: bool = False):
        timing.games_per_second(calls.append, seconds=60.0)
        timing.median_seconds(lambda: calls.append("m"), repeat=7, number=100)
        return []

    run(smoke=True)
    assert calls == [0, "m"]


@pytest.mark.slow
@pytest.mark.parametrize("name", MODULES)
def test_smoke_run(name):
    rows = RUN.load_module(BENCHMARKS / f"{name}.py").run(smoke=True)
    assert row_problems(rows) == []
