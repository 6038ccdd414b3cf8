"""Issue 16: a larger run of the input fuzzer (tests/unit/fuzz_harness.py) than the unit test's.

Every public function and every game's apply/view/undo/from_json gets junk and near-miss
inputs in a forked worker capped in memory and time per case. The rows count the inputs
tried, the clean refusals (a ChangekitError, nothing changed), the accepted ones (an answer;
for games, a state that saves and reloads) and anything else, which must be 0.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from collections import Counter  # noqa: E402

from summary import note  # noqa: E402
from timing import benchmark, sized  # noqa: E402
from tests.unit.fuzz_harness import GAME_NAMES, all_jobs, run_jobs  # noqa: E402

FUNCTION_EXAMPLES = 60  # per public function
GAME_EXAMPLES = 300  # per game (each example: apply, view, legal_actions, undo, from_json)
COLUMN = "fuzz: tried / refused / other"


def group_of(job: tuple[str, str, str, int]) -> str:
    """The summary row a job counts in: its game (engine and modules), else the shared core and stats."""
    kind, where, _, _ = job
    if kind == "game":
        return where
    parts = where.split(".")
    return parts[2] if parts[:2] == ["changekit", "games"] and parts[2] in GAME_NAMES else "core + stats"


@benchmark
def run(smoke: bool = False):
    groups: dict[str, list] = {}
    for job in all_jobs(sized(FUNCTION_EXAMPLES, 1), sized(GAME_EXAMPLES, 1)):
        groups.setdefault(group_of(job), []).append(job)
    totals: Counter = Counter()
    problems: list[str] = []
    for group, jobs in groups.items():  # one capped worker per row of the summary
        # a smoke run: each worker fuzzes one function and (a game's row) the game, one example
        # each; every function at a dozen examples is tests/unit/test_fuzz.py's (a few take
        # seconds at their defaults: the exact count of Diminishing Returns games, 6 s)
        jobs = sized(jobs, [next(job for job in jobs if job[0] == kind) for kind in ("function", "game")
                            if any(job[0] == kind for job in jobs)])
        counts, lines = run_jobs(jobs, timeout=600)
        totals.update(counts)
        problems += lines
        note(group, COLUMN, f"{counts['tried']:,} / {counts['refused']:,} / {counts['other']:,}")
    for line in problems[:20]:
        print(f"# fuzz problem: {line}", file=sys.stderr)
    return [
        ("fuzz (issue 16)", "inputs tried", f"{totals['tried']:,}", ""),
        ("fuzz (issue 16)", "clean refusals (ChangekitError)", f"{totals['refused']:,}", ""),
        ("fuzz (issue 16)", "accepted (answer; games save and reload)", f"{totals['accepted']:,}", ""),
        ("fuzz (issue 16)", "anything else", f"{totals['other']:,}", "0"),
    ]
