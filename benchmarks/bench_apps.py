"""Every app, the same way: whole games played through ``app.act`` (what a button calls: the
move, the bots' replies, the redraw, hints on), then undo and a new game, each game in a fresh
interpreter like a visitor's fresh kernel (cold caches). (Playout speeds: bench_playouts.py.)
"""
from __future__ import annotations

import importlib
import json
import random
import statistics
import subprocess
import sys

from summary import note
from timing import benchmark, sized

from changekit.registry import game_keys

SEEDS = (1, 2, 3)
MAX_ACTIONS = 300  # a whole Zhao Pengyou match is longer; 300 of your moves sample it well
SMOKE_ACTIONS = 3  # a smoke run: a few moves, then the undo and the new game


def app_class(game: str):
    from changekit.ui.app import GameApp

    module = importlib.import_module(f"changekit.games.{game}.app")
    found = [c for c in vars(module).values()
             if isinstance(c, type) and issubclass(c, GameApp) and c.__module__ == module.__name__]
    assert len(found) == 1, (game, found)
    return found[0]


def drive(game: str, seed: int, max_actions: int = MAX_ACTIONS) -> list[float]:
    """Milliseconds per action of one game played at random by seat 1, against the default bots."""
    app = app_class(game)(seed=seed)
    app.w_hints.value = True
    app.timings.clear()  # building the app is the page's first render, not a click
    rng = random.Random(seed)
    while not app.state.is_terminal() and len(app.timings) < max_actions:
        me = app.viewer
        if me not in app.state.current_players():
            break
        app.act(rng.choice(app.state.legal_actions(me)))
    app.undo()
    app.new_game()
    return app.timings


def drive_fresh(game: str, seed: int, max_actions: int = MAX_ACTIONS) -> list[float]:
    out = subprocess.run([sys.executable, __file__, game, str(seed), str(max_actions)], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


@benchmark
def run(smoke: bool = False) -> list[tuple[str, str, str, str]]:
    rows = []
    seeds = sized(SEEDS, SEEDS[:1])
    for game in game_keys():
        times = [t for seed in seeds for t in drive_fresh(game, seed, sized(MAX_ACTIONS, SMOKE_ACTIONS))]
        slowest = max(times)
        note(game, "slowest app action", f"{slowest:.0f} ms")
        rows.append(("apps", f"{game}: server time per action, median / slowest ({len(times)} actions, "
                     f"{len(seeds)} fresh-kernel games)", f"{statistics.median(times):.1f} / {slowest:.1f} ms",
                     "≤ 50 ms"))
    return rows


if __name__ == "__main__":  # one game in this fresh interpreter: print its action times
    print(json.dumps(drive(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
