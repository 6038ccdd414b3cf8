"""Property-based fuzzing of every public function and every game's apply/view/undo/from_json
(issue 16): each case gives a ChangekitError that changed nothing, or an answer (for a game: a
state whose save reloads). Cases run in a forked worker capped in memory and time per case
(tests/unit/fuzz_harness.py); hypothesis is derandomized, so every run tries the same inputs.
A larger run with counts: benchmarks/bench_fuzz.py.
"""
from __future__ import annotations

import importlib
import inspect

import pytest

from tests.unit import fuzz_harness
from tests.unit.fuzz_harness import GAME_NAMES, modules, public_functions, run_jobs

FUNCTION_EXAMPLES = 12
GAME_EXAMPLES = 40
#: Every module with public functions: the games' rules, analyses, solver and tricks (the bots
#: modules export only classes), the stats and the core helpers.
MODULES = [m for m in modules() if public_functions(m)]


def test_every_module_with_public_functions_is_fuzzed():
    assert {f"changekit.games.{game}.{part}" for game in GAME_NAMES for part in ("rules", "analysis")} <= set(MODULES)
    assert {"changekit.games.diminishing.table", "changekit.games.zhao_pengyou.tricks"} <= set(MODULES)
    assert len(MODULES) == 24


@pytest.mark.parametrize("module", MODULES, ids=[m.removeprefix("changekit.") for m in MODULES])
def test_every_public_function_refuses_cleanly_or_answers(module):
    jobs = [("function", module, name, FUNCTION_EXAMPLES) for name in public_functions(module)]
    totals, problems = run_jobs(jobs, timeout=120)
    assert problems == []
    assert totals["tried"] == totals["refused"] + totals["accepted"]
    # a function without parameters has one input to try
    assert totals["tried"] >= sum(FUNCTION_EXAMPLES if _takes_arguments(module, name) else 1 for _, _, name, _ in jobs)


def _takes_arguments(module: str, name: str) -> bool:
    parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters.values()
    return any(p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_refuses_bad_actions_seats_and_saves_cleanly(game):
    totals, problems = run_jobs([("game", game, "", GAME_EXAMPLES)], timeout=120)
    assert problems == []
    assert totals["tried"] >= 5 * GAME_EXAMPLES  # apply, view, legal_actions, undo, from_json
    assert totals["refused"] > 0 and totals["accepted"] > 0


def test_the_fuzzer_catches_a_function_that_breaks_the_contract(monkeypatch):
    """The harness itself can fail: a plain TypeError, a changed input and a timeout are all counted."""
    monkeypatch.setattr(fuzz_harness, "CASE_SECONDS", 0.2)  # the forked worker inherits it
    totals, problems = run_jobs([("function", "tests.unit.fuzz_broken", name, 3)
                                 for name in public_functions("tests.unit.fuzz_broken")], timeout=60)
    assert totals["other"] >= 3
    assert any("TypeError" in p for p in problems)
    assert any("changed its input" in p for p in problems)
    assert any("CaseTimeout" in p for p in problems)
