"""Zombie: change-making, random playouts against the OpenSpiel yardstick, exact analysis,
conformance over 10,000 games, and the app's slowest action."""
from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

from timing import conformance_over, median_seconds, random_playout_speed

from changekit.games.zombie import Zombie, make_change
from changekit.games.zombie.analysis import pay_outcomes, points_distribution

YARDSTICK = Path(__file__).resolve().parents[2] / "shared" / "yardstick" / "openspiel_steps.py"


def yardstick_steps(seconds: float = 3.0) -> float | None:
    if not YARDSTICK.exists():
        return None
    spec = importlib.util.spec_from_file_location("openspiel_steps", YARDSTICK)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    try:
        return module.steps_per_second(seconds=seconds)
    except Exception:  # noqa: BLE001 - open-spiel missing: the yardstick is optional
        return None


def cold_exact(bill: int, dealt: int) -> float:
    def run():
        pay_outcomes.cache_clear()
        points_distribution(bill, dealt=dealt)
    return median_seconds(run, repeat=5)


APP_GAME = """
import sys
from changekit.games.zombie.app import ZombieApp
app = ZombieApp(players=4, bot="careful", seed=int(sys.argv[1]))
app.w_hints.value = True
app.timings.clear()
while not app.state.is_terminal():
    app.w_controls.children[1].children[0].children[1].click()
app.undo()
app.new_game()
print(max(app.timings))
"""


def app_slowest_action_ms(seeds: range = range(1, 9)) -> float:
    """The slowest click of whole 4-player games against careful bots, hints on, then undo and
    a new game; each game in a fresh interpreter, like a visitor's fresh kernel (cold caches)."""
    return max(float(subprocess.run([sys.executable, "-c", APP_GAME, str(seed)], check=True, capture_output=True,
                                    text=True).stdout) for seed in seeds)


def run():
    hands = [[random.Random(i).choice((1, 3, 5, 7, 10)) for _ in range(random.Random(-i).randint(3, 9))] for i in range(2000)]
    cases = [(h, b) for h in hands for b in (1, 3, 5, 7, 10) if sum(h) >= b]
    from changekit.games.zombie.rules import _change

    def all_cases():
        _change.cache_clear()  # measure the DP, not the cache
        for h, b in cases:
            make_change(h, b)
    per_call = median_seconds(all_cases, repeat=5) / len(cases)
    games, steps = random_playout_speed(Zombie(players=4), seconds=5)
    yard = yardstick_steps()
    ratio = f"{steps / yard:.2f}x ({yard:,.0f} steps/s)" if yard else "yardstick unavailable"
    k3, k10 = cold_exact(5, 3), cold_exact(5, 10)
    bad, total, conf_time = conformance_over([Zombie(players=n) for n in (2, 3, 4, 6)], 10_000)
    return [
        ("zombie", "make_change median (DP, uncached)", f"{per_call * 1e6:.1f} µs/call", "fast"),
        ("zombie", "random 4-player games", f"{games:,.0f} games/s", ""),
        ("zombie", "random 4-player steps", f"{steps:,.0f} steps/s", "≥ OpenSpiel Kuhn"),
        ("zombie", "vs OpenSpiel python_kuhn_poker", ratio, "≥ 1.00x"),
        ("zombie", "exact distribution k=3 (cold)", f"{k3 * 1000:.1f} ms", "≤ 50 ms"),
        ("zombie", "exact distribution k=10 (cold)", f"{k10 * 1000:.1f} ms", "≤ 50 ms"),
        ("zombie", f"conformance violations / {total:,} games", f"{bad} ({conf_time:.0f} s; 2-6 players)", "0"),
        ("zombie", "app slowest action (server side, 8 fresh-kernel games)", f"{app_slowest_action_ms():.1f} ms", "≤ 50 ms"),
    ]
