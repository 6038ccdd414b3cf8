"""A child process that times random playouts of one copy of the kit, for bench_playouts' paired
comparison: ``python playout_worker.py TREE`` imports ``changekit`` from the folder TREE, then
reads lines ``GAME SECONDS`` and answers each with the steps/s of uniformly random play (the same
loop as ``timing.random_playout_speed``; the seeds go on from one line's games to the next).
"""
from __future__ import annotations

import random
import sys
import time


def main(tree: str) -> None:
    sys.path.insert(0, tree)  # this copy of changekit, ahead of the installed one
    from changekit.registry import load_game

    games: dict[str, object] = {}
    rng = random.Random(0)
    played = 0
    for line in sys.stdin:
        name, seconds = line.split()
        game = games.get(name) or games.setdefault(name, load_game(name)())
        steps = 0
        start = time.perf_counter()
        while True:
            state = game.new_state(seed=played)  # type: ignore[attr-defined]
            while not state.is_terminal():
                player = state.current_players()[0]
                state.apply(rng.choice(state.legal_actions(player)), player)
                steps += 1
            played += 1
            if time.perf_counter() - start >= float(seconds):
                break
        print(steps / (time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
