"""Every engine's random-playout speed beside OpenSpiel's pure-Python Kuhn poker, measured in the
same run (issue 15's targets): uniformly random play with the driver loop of ``timing.py``
(legal actions for the current player, a random choice, apply), default options.

The yardstick is timed in turns with each engine (short slices, one of each in a pair), so a box
that gets busier or quieter during the run moves both sides of each ratio alike. It is a loose one: between days
on this box it has read from 55,000 to 130,000 steps/s while our engines moved far less. So each
engine is also timed beside itself as it was before named moves and tables (issue 24, commit
``BEFORE_NAMED_MOVES``, taken from git history): two child processes, one per copy of the kit,
take turns in short slices, and the ratio of their fastest slices is the figure (a busy box slows
both sides alike; the median of the slices' ratios is shown beside it).
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from summary import note
from timing import Row, benchmark, random_playout_speed, sized
from yardstick import yardstick_steps

from changekit.registry import game_keys, load_game

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
#: the engines just before issue 24 gave them named moves (actions were plain values then)
BEFORE_NAMED_MOVES = "743f5b8"
#: a slice's seconds and the slices per engine; ratios of 0.95 and up are within this box's noise
SLICE, SLICES, NOISE = 0.2, 20, 0.95

#: Kuhn multiples each engine must reach; Cambio and Zhao Pengyou are whole card games with
#: many more rules per step, so the issue asks half as much of them.
TARGETS = {game: 1.0 for game in game_keys()} | {"cambio": 0.5, "zhao_pengyou": 0.5}
#: the yardstick and each engine timed in turns: slices of this many seconds, this many pairs
KUHN_SLICE, KUHN_SLICES = 0.3, 8


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    if yardstick_steps(sized(0.05, 0.01)) is None:  # also warms the yardstick's imports
        return [("playouts", "OpenSpiel python_kuhn_poker yardstick", "unavailable: install the bench extra", "")]
    rows = []
    kuhn_rates: list[float] = []
    for game in game_keys():
        steps, kuhn, middle = _beside_kuhn(game)
        kuhn_rates.append(kuhn)
        ratio = steps / kuhn
        target = TARGETS[game]
        verdict = "met" if ratio >= target else "NOT MET"
        rows.append(("playouts", f"{game}: random steps/s vs Kuhn (timed in turns)",
                     f"{steps:,.0f} steps/s = {ratio:.2f}x (Kuhn {kuhn:,.0f}; median of the pairs {middle:.2f}x; "
                     f"{verdict})", f"≥ {target:.2f}x"))
        note(game, "random steps/s", f"{steps:,.0f} ({ratio:.1f}x Kuhn)")
    rows.insert(0, ("playouts", "OpenSpiel python_kuhn_poker (yardstick), lowest / highest beside an engine",
                    f"{min(kuhn_rates):,.0f} / {max(kuhn_rates):,.0f} steps/s", ""))
    return rows + against_before_named_moves()


def _beside_kuhn(game: str) -> tuple[float, float, float]:
    """The engine's and the yardstick's best steps/s over slices taken in turns (a box that gets
    busier during the run slows both sides of each pair alike: issue 45 saw the yardstick fall
    from 130,842 to 65,655 steps/s within one run when it was timed before and after all the
    engines), and the median of the pairs' ratios."""
    seconds = sized(KUHN_SLICE, 0.01)
    random_playout_speed(load_game(game)(), seconds=seconds)  # the engine's caches warmed, untimed
    pairs = [(random_playout_speed(load_game(game)(), seconds=seconds)[1], yardstick_steps(seconds))
             for _ in range(sized(KUHN_SLICES, 1))]
    return (max(steps for steps, _ in pairs), max(kuhn or 0.0 for _, kuhn in pairs),
            statistics.median(steps / kuhn for steps, kuhn in pairs if kuhn))


def against_before_named_moves() -> list[Row]:
    """Each engine's steps/s over its own before issue 24, paired slice by slice in one run."""
    with tempfile.TemporaryDirectory(prefix="changekit-before-") as folder:
        before = Path(folder)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", BEFORE_NAMED_MOVES, "changekit"],
                                 capture_output=True)
        if archive.returncode != 0:  # a copy of the kit without its history
            return [("playouts", f"engines vs themselves before named moves ({BEFORE_NAMED_MOVES})",
                     f"unavailable: {archive.stderr.decode(errors='replace').strip() or 'no git history'}", "")]
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        workers = [subprocess.Popen([sys.executable, str(HERE / "playout_worker.py"), str(tree)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                   for tree in (before, REPO)]
        try:
            rows = []
            for game in game_keys():
                then, now, middle = _paired(workers, game)
                ratio = now / then
                rows.append(("playouts", f"{game}: random steps/s vs before named moves",
                             f"{ratio:.2f}x ({now:,.0f} vs {then:,.0f} steps/s; median of the pairs "
                             f"{middle:.2f}x; {'met' if ratio >= NOISE else 'NOT MET'})", f"≥ {NOISE:.2f}x (noise)"))
            return rows
        finally:
            for worker in workers:
                worker.stdin.close()  # type: ignore[union-attr]
                worker.wait(timeout=60)


def _paired(workers: list[subprocess.Popen[str]], game: str) -> tuple[float, float, float]:
    """The best steps/s before and now over the slices (the fastest slice is the least disturbed,
    as timeit advises), and the median of the slices' ratios now/before."""
    def rate(worker: subprocess.Popen[str], seconds: float) -> float:
        worker.stdin.write(f"{game} {seconds}\n")  # type: ignore[union-attr]
        worker.stdin.flush()  # type: ignore[union-attr]
        return float(worker.stdout.readline())  # type: ignore[union-attr]

    seconds = sized(SLICE, 0.0)  # a smoke run: one game a slice
    for worker in workers:
        rate(worker, seconds)  # imports and the engines' caches warmed, untimed
    pairs = [(rate(workers[0], seconds), rate(workers[1], seconds)) for _ in range(sized(SLICES, 1))]
    return (max(then for then, _ in pairs), max(now for _, now in pairs),
            statistics.median(now / then for then, now in pairs))
